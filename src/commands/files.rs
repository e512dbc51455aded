//! `recruit files upload PATH`: presign, PUT the bytes, print the path to use in answers.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde_json::json;

use crate::api::uploads::UploadOptions;
use crate::context::Ctx;
use crate::ops::files::UploadRequest;
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
  recruit files upload cv.pdf --dry-run -o json   # the presign request; nothing sent

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
    #[command(flatten)]
    pub dry: crate::commands::DryRun,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: FilesCmd) -> Result<(), crate::Error> {
    match cmd {
        FilesCmd::Upload(a) => {
            let request = UploadRequest {
                path: a.path,
                name: a.name,
            };
            // Local input first: a missing file never reaches the service.
            crate::ops::files::readable(&request.path)?;
            let mut out = ctx.output()?;
            let client = ctx.client().await?;
            if a.dry.dry_run {
                // The first request (the PUT goes where its answer says).
                let (planned, size) = crate::ops::files::plan(&client, &request)?;
                let then = format!(
                    "then PUT the file's {size} bytes to the upload address the service answers (without the API key)"
                );
                if out.is_table() {
                    let note = crate::t!("files-dry-run-then", size = size);
                    crate::say!(ctx.io, "{note}");
                }
                let extra = json!({ "then": then });
                return crate::commands::print_dry_run(ctx, &mut out, &planned, extra);
            }
            let opts = UploadOptions {
                progress: ctx.io.term.stderr_tty,
                timeout: ctx.timeout()?,
            };
            let up = crate::ops::files::upload(&client, &request, opts).await?;
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
