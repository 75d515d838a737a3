mod common;
use common::*;

#[test]
fn explore() {
    let b = &*BUILD;
    eprintln!("{} s, {:?}", b.seconds, b.report.output);
    eprintln!("{}", serde_json::to_string_pretty(&b.report.pages).unwrap());
}
