//! `api METHOD PATH`: a raw request to any path of the service, built from typed parts. The
//! CLI prints the answer as it came; this builds the request and sends it.

use reqwest::Method;
use serde_json::{Map, Value};

use crate::api::{Client, RequestSpec};
use crate::error::Error;

/// A raw request as the user gave it.
#[derive(Debug, Clone, Default)]
pub struct RawRequest {
    /// `GET`, `post`, ... (any case).
    pub method: String,
    /// A path under the base URL, or a full URL of the same origin.
    pub path: String,
    /// Fields: the query string for GET, HEAD and DELETE, a JSON body otherwise.
    pub fields: Map<String, Value>,
    /// `Name: value` headers as typed.
    pub headers: Vec<String>,
    /// A raw body, used when there are no body fields.
    pub body: Option<bytes::Bytes>,
}

/// The method, checked: a usage error (exit 2) naming what was typed.
pub fn method(typed: &str) -> Result<Method, Error> {
    Method::from_bytes(typed.to_ascii_uppercase().as_bytes())
        .map_err(|_| Error::usage(crate::msg!("api-bad-method", method = typed.to_string())))
}

/// `Name: value` headers, checked: each has a colon, and none is `Authorization` (the key is
/// the client's to send, never a header a user types).
pub fn headers(typed: &[String]) -> Result<Vec<(String, String)>, Error> {
    let mut out = Vec::new();
    for h in typed {
        let (n, v) = h
            .split_once(':')
            .ok_or_else(|| Error::usage(crate::msg!("api-bad-header", header = h.to_string())))?;
        if n.trim().eq_ignore_ascii_case("authorization") {
            return Err(Error::usage(crate::msg!("api-no-authorization")));
        }
        out.push((n.trim().to_string(), v.trim().to_string()));
    }
    Ok(out)
}

/// The request `raw` names on `client`'s service, fields placed by the method.
pub fn build(client: &Client, raw: RawRequest) -> Result<RequestSpec, Error> {
    let method = method(&raw.method)?;
    let headers = headers(&raw.headers)?;
    let mut url = client.resolve_path(&raw.path)?;
    let in_query = method == Method::GET || method == Method::DELETE || method == Method::HEAD;
    let body = if in_query {
        {
            let mut q = url.query_pairs_mut();
            for (k, v) in &raw.fields {
                let s = match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                q.append_pair(k, &s);
            }
        }
        if url.query() == Some("") {
            url.set_query(None);
        }
        raw.body
    } else if !raw.fields.is_empty() {
        Some(bytes::Bytes::from(
            serde_json::to_vec(&Value::Object(raw.fields)).expect("serializes"),
        ))
    } else {
        raw.body
    };
    Ok(RequestSpec {
        method,
        url,
        body,
        headers,
    })
}
