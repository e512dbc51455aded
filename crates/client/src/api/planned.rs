//! A request as it would be sent, built once: a real run sends it, a dry run (`--dry-run`,
//! MCP `dry_run`) shows it (`{"method", "url", "body"}`) and sends nothing.

use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use url::Url;

use super::{ApiResponse, Client, Fetched, RequestSpec};
use crate::error::Error;

/// One request: method, the whole URL (base included) and the JSON body exactly as sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    pub method: Method,
    pub url: Url,
    pub body: Option<Value>,
}

impl Planned {
    pub fn new(method: Method, url: Url, body: Option<Value>) -> Planned {
        Planned { method, url, body }
    }

    /// What a dry run prints: `{"method", "url", "body"}` (`body` null when none is sent).
    pub fn to_json(&self) -> Value {
        json!({
            "method": self.method.as_str(),
            "url": self.url.as_str(),
            "body": self.body,
        })
    }

    /// For people: `POST https://.../v1/...` and the body, indented, on the lines after.
    pub fn summary(&self) -> String {
        let mut s = format!("{} {}", self.method, self.url);
        if let Some(body) = &self.body {
            let pretty = serde_json::to_string_pretty(body).unwrap_or_default();
            for line in pretty.lines() {
                s.push_str("\n  ");
                s.push_str(line);
            }
        }
        s
    }

    pub fn spec(&self) -> RequestSpec {
        let spec = RequestSpec::new(self.method.clone(), self.url.clone());
        match &self.body {
            Some(b) => spec.json(b),
            None => spec,
        }
    }
}

impl Client {
    /// The request `method` to `path` (each segment checked as a code) with `body`.
    pub fn plan(
        &self,
        method: Method,
        path: &[&str],
        body: Option<Value>,
    ) -> Result<Planned, Error> {
        Ok(Planned::new(method, self.checked_endpoint(path)?, body))
    }

    /// Send a planned request; a non-2xx answer is an [`Error`], a 404 named by `named`.
    pub async fn send_planned(
        &self,
        p: &Planned,
        named: impl FnOnce() -> crate::msg::Msg,
    ) -> Result<ApiResponse, Error> {
        self.send(p.spec()).await.map_err(|e| e.not_found_as(named))
    }

    /// Send a planned request and parse its answer.
    pub async fn send_planned_json<T: DeserializeOwned>(
        &self,
        p: &Planned,
        named: impl FnOnce() -> crate::msg::Msg,
    ) -> Result<Fetched<T>, Error> {
        self.send_planned(p, named).await?.fetched()
    }
}
