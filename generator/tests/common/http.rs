//! Raw HTTP: one answer with its status, headers and body, redirects not followed.

use super::CLIENT;
use std::sync::LazyLock;
use std::time::Duration;

/// One HTTP answer, redirects not followed.
#[derive(Debug, Clone)]
pub struct RawResponse {
    pub status: u16,
    pub location: Option<String>,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl RawResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// GET `url` with a Host header and extra headers; redirects are answers, not followed.
pub fn http_raw(url: &str, host: &str, headers: &[(&str, &str)]) -> RawResponse {
    static RAW: LazyLock<reqwest::Client> = LazyLock::new(|| {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(30))
            .build()
            .expect("an HTTP client")
    });
    let (runtime, _) = &*CLIENT;
    runtime.block_on(async {
        let mut request = RAW.get(url).header(reqwest::header::HOST, host);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {url} (Host {host}): {e}"));
        let status = response.status().as_u16();
        let headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
            .collect();
        let location = headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("location"))
            .map(|(_, v)| v.clone());
        let body = response
            .bytes()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: body: {e}"))
            .to_vec();
        RawResponse {
            status,
            location,
            headers,
            body,
        }
    })
}
