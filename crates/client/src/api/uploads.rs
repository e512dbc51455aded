//! File upload (the hosted service's documentation): presign, then PUT the bytes to the presigned address.

use std::path::Path;
use std::time::Duration;

use reqwest::Method;
use serde_json::json;

use super::events::{ClientEvent, Upload};
use super::types::Presign;
use super::{Client, Planned, RecordResult};
use crate::error::{Error, ExitKind};

impl Client {
    /// The request of `POST /v1/upload/presign`: the first of an upload, the one a dry run
    /// shows (the PUT goes to the address its answer names).
    pub fn presign_request(&self, filename: &str) -> Planned {
        let url = self.endpoint(&["upload", "presign"]);
        Planned::new(Method::POST, url, Some(json!({ "filename": filename })))
    }

    /// `POST /v1/upload/presign`.
    pub async fn presign(&self, filename: &str) -> RecordResult<Presign> {
        let planned = self.presign_request(filename);
        self.send_planned_json(&planned, super::http::at_fixed_address_named)
            .await
            .map_err(|e| self.at_fixed_address(e, &planned.url))
    }

    /// What uploading `path` (under `name`) would send first, and the file's size: the file
    /// is checked, nothing is sent.
    pub fn plan_upload(&self, path: &Path, name: Option<&str>) -> Result<(Planned, u64), Error> {
        let size = check_readable(path)?;
        Ok((self.presign_request(&upload_name(path, name)?), size))
    }
}

/// The name a file is registered under: `name` when given, else the file's own name.
fn upload_name(path: &Path, name: Option<&str>) -> Result<String, Error> {
    match name {
        Some(n) if !n.trim().is_empty() => Ok(n.trim().to_string()),
        _ => path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| {
                Error::usage(crate::msg!(
                    "upload-no-file-name",
                    path = path.display().to_string()
                ))
            }),
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

/// A stored file: the path to use in answers (decoded) and the full address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uploaded {
    pub path: String,
    pub file_url: String,
}

/// How [`upload_file`] behaves.
#[derive(Debug, Clone, Copy)]
pub struct UploadOptions {
    /// Report the upload's progress ([`ClientEvent::Upload`]) for files of at least
    /// [`PROGRESS_MIN_BYTES`]: the front end draws the bar.
    pub progress: bool,
    /// Connect timeout and stall timeout of the PUT.
    pub timeout: Duration,
}

/// Files smaller than this upload without progress reports (they take no time to show).
pub const PROGRESS_MIN_BYTES: u64 = 1 << 20;

/// A readable regular file, or a usage error (exit 2) that says why not.
pub fn check_readable(path: &Path) -> Result<u64, Error> {
    let meta = std::fs::metadata(path).map_err(|e| {
        Error::caused(
            ExitKind::Usage,
            crate::msg!("files-cannot-read", path = path.display().to_string()),
            e,
        )
    })?;
    if !meta.is_file() {
        return Err(Error::usage(crate::msg!(
            "files-not-a-file",
            path = path.display().to_string()
        )));
    }
    std::fs::File::open(path).map_err(|e| {
        Error::caused(
            ExitKind::Usage,
            crate::msg!("files-cannot-read", path = path.display().to_string()),
            e,
        )
    })?;
    Ok(meta.len())
}

impl Client {
    /// Presign, then PUT the file's bytes to the presigned address with a plain HTTP client
    /// (no Authorization header: it is another origin). Used by `files upload` and the apply
    /// wizard.
    pub async fn upload_file(
        &self,
        path: &Path,
        name: Option<&str>,
        opts: UploadOptions,
    ) -> Result<Uploaded, Error> {
        upload_file(self, path, name, opts).await
    }
}

async fn upload_file(
    client: &Client,
    path: &Path,
    name: Option<&str>,
    opts: UploadOptions,
) -> Result<Uploaded, Error> {
    let size = check_readable(path)?;
    let filename = upload_name(path, name)?;
    let (target, file_url) = presigned_target(client, &filename).await?;
    // Where we upload, without the query (it carries the upload signature).
    let shown = format!(
        "{}://{}{}",
        target.scheme(),
        target.host_str().unwrap_or(""),
        target.path()
    );
    client.log(format!(
        "> PUT {shown} ({size} bytes, no Authorization header)"
    ));

    // The API client's trust and proxy settings: a company CA trusted for the service is
    // trusted for its upload address too.
    let http = client
        .http_builder()
        .connect_timeout(opts.timeout)
        .read_timeout(opts.timeout)
        .user_agent(concat!("recruit/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("upload-client-build"), e))?;

    // Streamed from the file in chunks whatever its size: a large upload must not be read
    // into memory first.
    let file = tokio::fs::File::open(path).await.map_err(|e| {
        Error::caused(
            ExitKind::Usage,
            crate::msg!("files-cannot-read", path = path.display().to_string()),
            e,
        )
    })?;
    let meter = (opts.progress && size >= PROGRESS_MIN_BYTES).then(|| client.clone());
    if let Some(c) = &meter {
        c.report(ClientEvent::Upload(Upload::Started {
            name: filename.clone(),
            size,
        }));
    }
    let body = reqwest::Body::wrap_stream(progress_stream(file, meter.clone()));
    let result = http
        .put(target.clone())
        .header(reqwest::header::CONTENT_LENGTH, size)
        .body(body)
        .send()
        .await;
    if let Some(c) = &meter {
        c.report(ClientEvent::Upload(Upload::Finished));
    }
    let resp = result.map_err(|e| put_error(e, &target, &shown))?;
    let status = resp.status();
    client.log(format!("< {} from {shown}", status.as_u16()));
    if !status.is_success() {
        return Err(refused(resp, &shown).await);
    }
    Ok(Uploaded {
        path: file_url_path(&file_url),
        file_url,
    })
}

/// Where to PUT the file (the presigned address, http(s) only) and its future `file_url`.
async fn presigned_target(client: &Client, filename: &str) -> Result<(url::Url, String), Error> {
    let presign = client.presign(filename).await?;
    let res = presign.data.resource;
    let (Some(presigned), Some(file_url)) = (res.presigned_url, res.file_url) else {
        return Err(Error::other(crate::msg!(
            "upload-presign-incomplete",
            answer = crate::text::one_line(&String::from_utf8_lossy(&presign.raw), 300)
        )));
    };
    // The service's mistake, not the user's: exit 1.
    let target = super::webhooks::http_url(&crate::msg!("word-presigned-url").said(), &presigned)
        .map_err(|e| Error {
        kind: ExitKind::Other,
        ..e
    })?;
    Ok((target, file_url))
}

/// A PUT that got no answer: the TLS problem, a timeout, or the root cause.
fn put_error(e: reqwest::Error, target: &url::Url, shown: &str) -> Error {
    if let Some(tls) = super::tls::describe_tls_error(&e, target) {
        return Error::network(crate::msg!("upload-failed", target = shown, why = tls));
    }
    let why: crate::msg::Arg = if e.is_timeout() {
        crate::msg!("upload-timed-out").into()
    } else if e.is_connect() {
        crate::msg!("upload-cannot-connect").into()
    } else {
        crate::error::cause_with(&e, super::http::root_cause(&e)).into()
    };
    let mut err = Error::network(crate::msg!("upload-failed", target = shown, why = why));
    err.detail = Some(super::http::root_cause(&e).into());
    err.with_source(e)
}

/// The upload address's refusal, mapped like the service's (4xx: 5, 403: 4, 5xx: 7).
async fn refused(resp: reqwest::Response, shown: &str) -> Error {
    let status = resp.status();
    let body = resp.text().await.unwrap_or_default();
    let detail = crate::text::one_line(&body, 200);
    // The status and the body's start as they came: technical text, in no language.
    let answer = format!(
        "HTTP {} {}{}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        if detail.is_empty() {
            String::new()
        } else {
            format!(": {detail}")
        }
    );
    let mut e = Error::network(crate::msg!("upload-failed", target = shown, why = answer));
    e.kind = crate::error::ExitKind::from_status(status.as_u16());
    e.status = Some(status.as_u16());
    e
}

/// The file as a stream of chunks, each reported to `meter`'s observer as it is read.
fn progress_stream(
    file: tokio::fs::File,
    meter: Option<Client>,
) -> impl futures::Stream<Item = std::io::Result<bytes::Bytes>> {
    futures::stream::unfold(Some((file, meter)), |state| async move {
        use tokio::io::AsyncReadExt;
        let (mut file, meter) = state?;
        let mut buf = vec![0u8; 64 * 1024];
        match file.read(&mut buf).await {
            Ok(0) => None,
            Ok(n) => {
                buf.truncate(n);
                if let Some(c) = &meter {
                    c.report(ClientEvent::Upload(Upload::Sent { bytes: n as u64 }));
                }
                Some((Ok(bytes::Bytes::from(buf)), Some((file, meter))))
            }
            // One error ends the stream.
            Err(e) => Some((Err(e), None)),
        }
    })
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
