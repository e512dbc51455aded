//! File upload (service-notes.md): presign, then PUT the bytes to the presigned address.

use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use super::{Client, Fetched, Resource};
use crate::error::Error;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Presign {
    pub presigned_url: Option<String>,
    pub file_url: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Client {
    /// `POST /v1/upload/presign`.
    pub async fn presign(&self, filename: &str) -> Result<Fetched<Resource<Presign>>, Error> {
        self.send_json(
            Method::POST,
            self.checked_endpoint(&["upload", "presign"])?,
            Some(&json!({ "filename": filename })),
        )
        .await
    }
}

/// The path part of a `file_url`, percent-decoded (what answers carry as a path).
pub fn file_url_path(file_url: &str) -> String {
    let path = match url::Url::parse(file_url) {
        Ok(u) => u.path().to_string(),
        Err(_) => file_url.split(['?', '#']).next().unwrap_or("").to_string(),
    };
    percent_encoding::percent_decode_str(&path)
        .decode_utf8_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_part_is_decoded() {
        assert_eq!(
            file_url_path(
                "https://files.example/upload/candidate/file/1/temp/1622473200/my%20cv.pdf?sig=x"
            ),
            "/upload/candidate/file/1/temp/1622473200/my cv.pdf"
        );
        assert_eq!(file_url_path("/upload/a%2Bb.pdf"), "/upload/a+b.pdf");
    }
}
