//! File upload (the service's documentation, "File upload"): presign, the presigned PUT, and reading a
//! stored file back through its `file_url`.
//!
//! The presigned address deliberately has another origin than the API (`localhost` vs
//! `127.0.0.1`, same port) so the sandbox can tell whether a client sends its API key to
//! the upload address; it records that as `had_authorization`.

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::{enc, json_object, ok, ApiError, ApiResult, Body, Shared, Site, P};
use crate::state::{now_ts, push_capped, sidecar, Upload};

/// Largest accepted upload.
pub const MAX_UPLOAD_BYTES: usize = 50 * 1024 * 1024;

pub async fn presign(State(app): State<Shared>, headers: HeaderMap, Body(body): Body) -> ApiResult {
    let body = json_object(&body)?;
    let filename = match body.get("filename") {
        Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
        Some(Value::String(_)) | None | Some(Value::Null) => {
            return Err(ApiError::validation(
                "filename is required (a non-empty string)",
            ))
        }
        Some(_) => return Err(ApiError::validation("filename must be a string")),
    };
    // Only the last path component names the file.
    let filename = filename
        .rsplit(['/', '\\'])
        .next()
        .filter(|s| !s.is_empty())
        .unwrap_or("file")
        .to_string();
    let port = app.addr.port();
    let came_via_localhost = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| h.starts_with("localhost"));
    let upload_host = if came_via_localhost {
        "127.0.0.1"
    } else {
        "localhost"
    };
    let token = hex::encode(rand::random::<[u8; 16]>());
    let presigned_url = format!("http://{upload_host}:{port}/_sandbox/upload/{token}");
    let upload = app
        .store
        .write_async(move |db| {
            // One directory per second, as the service does; bump on a clash.
            let mut unix = chrono::Utc::now().timestamp();
            let path_for = |u: i64| format!("/upload/candidate/file/1/temp/{u}/{filename}");
            while db.uploads.iter().any(|x| x.file_path == path_for(unix)) {
                unix += 1;
            }
            let upload = Upload {
                token: token.clone(),
                filename: filename.clone(),
                presigned_url,
                file_url: format!(
                    "http://127.0.0.1:{port}/upload/candidate/file/1/temp/{unix}/{}",
                    enc(&filename)
                ),
                file_path: path_for(unix),
                created_at: now_ts(),
                uploaded: false,
                size: None,
                sha256: None,
                had_authorization: None,
                content_type: None,
                uploaded_at: None,
            };
            push_capped(&mut db.uploads, upload.clone());
            Ok(upload)
        })
        .await?;
    ok(json!({
        "resource": {
            "presigned_url": upload.presigned_url,
            "file_url": upload.file_url,
        }
    }))
}

/// PUT to the presigned address: no API key needed (the token is the credential).
pub async fn upload(
    State(app): State<Shared>,
    headers: HeaderMap,
    P(token): P<String>,
    Body(bytes): Body,
) -> ApiResult {
    let had_authorization = headers.contains_key(header::AUTHORIZATION);
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let sha = hex::encode(Sha256::digest(&bytes));
    let dir = sidecar(app.store.path(), "uploads");
    let size = bytes.len() as u64;
    let etag = sha.clone();
    app.store
        .write_async(move |db| {
            let up = db
                .uploads
                .iter_mut()
                .find(|u| u.token == token)
                .ok_or_else(ApiError::not_found)?;
            std::fs::create_dir_all(&dir)
                .and_then(|_| {
                    use std::io::Write;
                    recruit_client::files::private_file()
                        .write(true)
                        .create(true)
                        .truncate(true)
                        .open(dir.join(&token))?
                        .write_all(&bytes)
                })
                .map_err(|e| ApiError::internal(format!("cannot store the upload: {e}")))?;
            up.uploaded = true;
            up.size = Some(size);
            up.sha256 = Some(sha);
            up.had_authorization = Some(had_authorization);
            up.content_type = content_type;
            up.uploaded_at = Some(now_ts());
            Ok(())
        })
        .await?;
    Ok((
        StatusCode::OK,
        [(header::ETAG, format!("\"{}\"", &etag[..32]))],
    )
        .into_response())
}

/// GET of a `file_url`: the stored bytes.
pub async fn download(site: Site) -> ApiResult {
    let Site { app, path, .. } = site;
    let path = percent_encoding::percent_decode_str(&path)
        .decode_utf8_lossy()
        .into_owned();
    let dir = sidecar(app.store.path(), "uploads");
    let (bytes, content_type) = app
        .store
        .read_async(move |db| {
            let up = db
                .uploads
                .iter()
                .find(|u| u.uploaded && u.file_path == path)
                .ok_or_else(ApiError::not_found)?;
            let bytes = std::fs::read(dir.join(&up.token)).map_err(|_| ApiError::not_found())?;
            Ok((bytes, up.content_type.clone()))
        })
        .await?;
    let ct = content_type.unwrap_or_else(|| "application/octet-stream".into());
    Ok((StatusCode::OK, [(header::CONTENT_TYPE, ct)], bytes).into_response())
}
