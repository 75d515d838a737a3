//! `generator`: will pre-build every localized page of every country site from the content
//! API (the generator issue). Until then it only checks that the content API answers, so
//! `scripts/build` can already prove the pipeline's first step.

fn main() {
    eprintln!("generator: page generation is not built yet; scripts/build serves the content API and out/ as it is");
    std::process::exit(2);
}
