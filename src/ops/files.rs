//! `files upload PATH`: a file registered with the service and its bytes sent to the upload
//! address it answers; the path to put in answers handed back. The CLI's `recruit files`
//! prints it.

use std::path::PathBuf;

use crate::api::uploads::{check_readable, UploadOptions, Uploaded};
use crate::api::{Client, Planned};
use crate::error::Error;

/// `files upload`.
#[derive(Debug, Clone)]
pub struct UploadRequest {
    pub path: PathBuf,
    /// Registered under this name (none: the file's own).
    pub name: Option<String>,
}

/// Local input first: a missing or unreadable file never reaches the service (exit 2).
pub fn readable(path: &std::path::Path) -> Result<(), Error> {
    check_readable(path).map(drop)
}

/// The first request a dry run would send, and the file's size (the PUT goes where its
/// answer says).
pub fn plan(client: &Client, r: &UploadRequest) -> Result<(Planned, u64), Error> {
    client.plan_upload(&r.path, r.name.as_deref())
}

/// Upload the file: the stored file's path and address.
pub async fn upload(
    client: &Client,
    r: &UploadRequest,
    opts: UploadOptions,
) -> Result<Uploaded, Error> {
    client.upload_file(&r.path, r.name.as_deref(), opts).await
}
