//! `recruit api METHOD PATH`: a raw request to any path, the body printed as it came.

use clap::Args;
use serde_json::Value;

use crate::api::http::error_from_response;
use crate::api::pagination::{PageStyle, PageWalker};
use crate::commands::read_file_or_stdin;
use crate::context::Ctx;
use crate::error::Error;
use crate::output::Format;

#[derive(Debug, Args)]
#[command(
    after_help = "Fields (-f/-F) go into the query string for GET and DELETE, and into a JSON body otherwise.

Examples:
  recruit api GET /v1/application_forms -f title=designer
  recruit api GET /v1/candidates/C1001/form_submissions --all -o ndjson
  recruit api POST /v1/candidates/C1001/memos -f content='Call back Monday' -F parent_id=101
  recruit api PATCH /v1/webhooks/WH10000001 -F active=false
  recruit api POST /v1/upload/presign --input body.json -i"
)]
pub struct ApiArgs {
    /// GET, POST, PATCH, PUT, DELETE, ...
    pub method: String,
    /// Path under the base URL (/v1/... or relative), or a full URL of the same origin
    pub path: String,
    #[command(flatten)]
    pub body: crate::commands::fields::FieldArgs,
    /// A request header 'Name: value' (repeatable)
    #[arg(short = 'H', long = "header", value_name = "NAME: VALUE")]
    pub headers: Vec<String>,
    /// The raw request body from FILE, or - for standard input
    #[arg(long, value_name = "FILE|-", conflicts_with_all = ["body_fields", "raw_fields"])]
    pub input: Option<String>,
    /// Print the status line and headers before the body
    #[arg(short = 'i', long)]
    pub include: bool,
}

pub(crate) async fn run(ctx: &mut Ctx, a: ApiArgs) -> Result<(), crate::Error> {
    // Checked before the body is read or a client is made: a typo costs nothing.
    crate::ops::api::method(&a.method)?;
    crate::ops::api::headers(&a.headers)?;
    let fields = a.body.to_map(&ctx.io)?;
    let body = match &a.input {
        Some(path) => Some(bytes::Bytes::from(read_file_or_stdin(
            &ctx.io,
            path,
            &crate::t!("what-request-body"),
        )?)),
        None => None,
    };
    let mut out = ctx.output()?;
    // Any path's answer: judged by what it holds, not by a kind.
    out.scanning();
    let client = ctx.client().await?;
    let spec = crate::ops::api::build(
        &client,
        crate::ops::api::RawRequest {
            method: a.method.clone(),
            path: a.path.clone(),
            fields,
            headers: a.headers.clone(),
            body,
        },
    )?;

    if ctx.globals.all {
        if spec.method != reqwest::Method::GET {
            return Err(Error::usage(crate::msg!("api-all-get-only")));
        }
        let mut walker =
            PageWalker::new(client.clone(), spec.url, PageStyle::Cursor).limit(ctx.globals.limit);
        let mut printer = crate::output::ListPrinter::new(crate::output::Kind::Other, true);
        while let Some(page) = walker.next_page().await? {
            printer.items(&mut out, page.items())?;
        }
        printer.finish(&mut out)?;
        return Ok(());
    }

    let resp = client.send_raw(spec).await?;
    let is_json = serde_json::from_slice::<Value>(&resp.body).ok();
    // Logged before anything of the answer is printed, whichever way it is printed.
    if let Some(v) = &is_json {
        out.log_raw(v)?;
    }
    if a.include {
        let mut head = format!(
            "HTTP/1.1 {} {}\n",
            resp.status.as_u16(),
            resp.status.canonical_reason().unwrap_or("")
        );
        for (n, v) in resp.headers.iter() {
            head.push_str(&format!("{}: {}\n", n, v.to_str().unwrap_or("<binary>")));
        }
        head.push('\n');
        out.write_str(&head)?;
    }
    match (&ctx.globals.jq, is_json) {
        (Some(_), Some(v)) if resp.status.is_success() => {
            out.single_verbatim(crate::output::Kind::Other, &resp.body, &v)?
        }
        (_, Some(v)) if out.format() == Format::Json && out.opts.pretty => {
            out.write_str(&format!(
                "{}\n",
                serde_json::to_string_pretty(&v).expect("serializes")
            ))?
        }
        // A terminal gets text it can show safely: a body is the service's, and its escape
        // sequences must not reach the screen.
        _ if ctx.io.term.stdout_tty => {
            let text = String::from_utf8_lossy(&resp.body);
            if !text.is_empty() {
                let safe = crate::output::text::safe_text(&text, true);
                let nl = if safe.ends_with('\n') { "" } else { "\n" };
                out.write_str(&format!("{safe}{nl}"))?;
            }
        }
        // A pipe or a file gets the body as it came, byte for byte (binary included).
        _ => out.write_bytes(&resp.body)?,
    }
    if resp.status.is_success() {
        Ok(())
    } else {
        Err(error_from_response(&resp))
    }
}
