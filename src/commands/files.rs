//! `recruit files upload PATH`: presign, PUT the bytes, print the path to use in answers.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, Subcommand};
use serde_json::json;

use crate::api::Client;
use crate::context::Ctx;
use crate::error::Error;
use crate::output::Format;
use crate::output::Kind;

#[derive(Debug, Subcommand)]
pub enum FilesCmd {
    /// Upload a file (resume, profile image, attachment) and print the path to use in answers
    #[command(
        long_about = "\
Upload a file for use in an application, and print the path to put in an answers file.

The file is registered with the service (POST /v1/upload/presign), then its bytes are sent
with an HTTP PUT to the upload address the service returned. That address belongs to another
origin, so the API key is never sent there. The printed path is the URL-decoded path part of
the stored file's address: use it as `resume_path`, `profile_img_path` or a `file_upload` link.

Output: the path alone on a line, so `$(recruit files upload cv.pdf)` works; with -o json,
{\"path\": ..., \"file_url\": ...}. A progress bar is shown on a terminal for large files.",
        after_help = "\
Examples:
  recruit files upload cv.pdf
  RESUME=$(recruit files upload ~/Documents/cv.pdf)
  recruit files upload portrait.jpg -o json
  recruit --sandbox files upload cv.pdf

Exit codes: 2 the file cannot be read, 7 the upload address failed (its status is shown)."
    )]
    Upload(UploadArgs),
}

#[derive(Debug, Args)]
pub struct UploadArgs {
    /// The file to upload
    pub path: PathBuf,
    /// Register the file under this name [default: the file's own name]
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
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
    /// Show a progress bar on stderr (for files of at least [`PROGRESS_MIN_BYTES`]).
    pub progress: bool,
    /// Connect timeout and stall timeout of the PUT.
    pub timeout: Duration,
}

/// Files smaller than this upload without a progress bar.
pub const PROGRESS_MIN_BYTES: u64 = 1 << 20;

pub async fn run(ctx: &mut Ctx, cmd: FilesCmd) -> Result<(), crate::Error> {
    match cmd {
        FilesCmd::Upload(a) => {
            // Local input first: a missing file never reaches the service.
            check_readable(&a.path)?;
            let mut out = ctx.output()?;
            let client = ctx.client().await?;
            let opts = UploadOptions {
                progress: ctx.io.term.stderr_tty,
                timeout: ctx.timeout()?,
            };
            let up = upload_file(&client, &a.path, a.name.as_deref(), opts).await?;
            // The path alone unless a machine format was asked for explicitly: the default
            // for a pipe is json elsewhere, but `$(recruit files upload cv.pdf)` must work.
            let machine = matches!(
                ctx.globals.output,
                Some(Format::Json | Format::Ndjson | Format::Csv)
            ) || ctx.globals.jq.is_some();
            if machine {
                let v = json!({ "path": up.path, "file_url": up.file_url });
                out.value(Kind::Other, &v)?;
            } else {
                out.write_str(&format!("{}\n", up.path))?;
            }
            Ok(())
        }
    }
}

/// A readable regular file, or a usage error (exit 2) that says why not.
pub fn check_readable(path: &Path) -> Result<u64, Error> {
    let meta = std::fs::metadata(path)
        .map_err(|e| Error::usage(format!("cannot read '{}': {e}", path.display())))?;
    if !meta.is_file() {
        return Err(Error::usage(format!(
            "'{}' is not a regular file",
            path.display()
        )));
    }
    std::fs::File::open(path)
        .map_err(|e| Error::usage(format!("cannot read '{}': {e}", path.display())))?;
    Ok(meta.len())
}

/// Presign, then PUT the file's bytes to the presigned address with a plain HTTP client (no
/// Authorization header: it is another origin). Used by `files upload` and the apply wizard.
pub async fn upload_file(
    client: &Client,
    path: &Path,
    name: Option<&str>,
    opts: UploadOptions,
) -> Result<Uploaded, Error> {
    let size = check_readable(path)?;
    let filename = match name {
        Some(n) if !n.trim().is_empty() => n.trim().to_string(),
        _ => path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| Error::usage(format!("'{}' has no file name", path.display())))?,
    };
    let presign = client.presign(&filename).await?;
    let res = presign.data.resource;
    let (Some(presigned), Some(file_url)) = (res.presigned_url, res.file_url) else {
        return Err(Error::other(format!(
            "the service's presign answer lacks presigned_url or file_url: {}",
            crate::output::text::one_line(&String::from_utf8_lossy(&presign.raw), 300)
        )));
    };
    let target = url::Url::parse(&presigned).map_err(|e| {
        Error::other(format!(
            "the service's presigned_url is not a valid address ({e})"
        ))
    })?;
    if !matches!(target.scheme(), "http" | "https") {
        return Err(Error::other(format!(
            "the service's presigned_url uses the scheme '{}'; only http(s) can be uploaded to",
            target.scheme()
        )));
    }
    // Where we upload, without the query (it carries the upload signature).
    let shown = format!(
        "{}://{}{}",
        target.scheme(),
        target.host_str().unwrap_or(""),
        target.path()
    );
    if client.verbose() {
        crate::elog!("> PUT {shown} ({size} bytes, no Authorization header)");
    }

    // The API client's trust and proxy settings: a company CA trusted for the service is
    // trusted for its upload address too.
    let http = client
        .http_builder()
        .connect_timeout(opts.timeout)
        .read_timeout(opts.timeout)
        .user_agent(concat!("recruit/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| Error::other(format!("cannot build the upload client: {e}")))?;

    let bar = (opts.progress && size >= PROGRESS_MIN_BYTES).then(|| progress_bar(size, &filename));
    // Streamed from the file in chunks whatever its size (a hidden bar when none is shown):
    // a large upload must not be read into memory first.
    let file = tokio::fs::File::open(path)
        .await
        .map_err(|e| Error::usage(format!("cannot read '{}': {e}", path.display())))?;
    let meter = bar.clone().unwrap_or_else(indicatif::ProgressBar::hidden);
    let body = reqwest::Body::wrap_stream(progress_stream(file, meter));
    let result = http
        .put(target.clone())
        .header(reqwest::header::CONTENT_LENGTH, size)
        .body(body)
        .send()
        .await;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let resp = result.map_err(|e| {
        if let Some(tls) = crate::api::tls::describe_tls_error(&e, &target) {
            return Error::network(format!("upload to {shown} failed: {tls}"));
        }
        let why = if e.is_timeout() {
            "timed out".to_string()
        } else if e.is_connect() {
            "cannot connect".to_string()
        } else {
            let mut s = e.to_string();
            let mut src = std::error::Error::source(&e);
            while let Some(c) = src {
                s = c.to_string();
                src = c.source();
            }
            s
        };
        Error::network(format!("upload to {shown} failed: {why}"))
    })?;
    let status = resp.status();
    if client.verbose() {
        crate::elog!("< {} from {shown}", status.as_u16());
    }
    if !status.is_success() {
        let body = resp.text().await.unwrap_or_default();
        let detail = crate::output::text::one_line(&body, 200);
        let mut e = Error::network(format!(
            "upload to {shown} failed: HTTP {} {}{}",
            status.as_u16(),
            status.canonical_reason().unwrap_or(""),
            if detail.is_empty() {
                String::new()
            } else {
                format!(": {detail}")
            }
        ));
        // The upload target's answer maps like the service's (4xx: 5, 403: 4, 5xx: 7).
        e.kind = crate::error::ExitKind::from_status(status.as_u16());
        e.status = Some(status.as_u16());
        return Err(e);
    }
    Ok(Uploaded {
        path: crate::api::uploads::file_url_path(&file_url),
        file_url,
    })
}

fn progress_bar(size: u64, name: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(size),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec} {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_message(format!("uploading {name}"));
    bar
}

/// The file as a stream of chunks, advancing `bar` as each is read.
fn progress_stream(
    file: tokio::fs::File,
    bar: indicatif::ProgressBar,
) -> impl futures::Stream<Item = std::io::Result<bytes::Bytes>> {
    futures::stream::unfold(Some((file, bar)), |state| async move {
        use tokio::io::AsyncReadExt;
        let (mut file, bar) = state?;
        let mut buf = vec![0u8; 64 * 1024];
        match file.read(&mut buf).await {
            Ok(0) => None,
            Ok(n) => {
                buf.truncate(n);
                bar.inc(n as u64);
                Some((Ok(bytes::Bytes::from(buf)), Some((file, bar))))
            }
            // One error ends the stream.
            Err(e) => Some((Err(e), None)),
        }
    })
}
