//! One module per noun of the command line. Each command is a clap struct plus a `run` that
//! receives its dependencies through `Ctx`.

/// A noun whose one verb is `get CODE` (`evaluations`, `interviews`): its command enum, the
/// examples under the noun's help (the first of the verb's) and a `run` that prints the record
/// of `Kind::$kind` the client's `$get` reads. Written once so that such nouns stay alike.
macro_rules! get_only_noun {
    (
        $(#[$about:meta])*
        $cmd:ident prints $kind:ident from $get:path;
        $(#[$code_help:meta])*
        code;
        $first:literal $(, $more:literal)* $(,)?
    ) => {
        /// Examples under the noun's `--help`.
        pub(crate) const EXAMPLES: &str = concat!("Examples:\n  ", $first);

        #[derive(Debug, clap::Subcommand)]
        pub enum $cmd {
            $(#[$about])*
            #[command(after_help = concat!("Examples:\n  ", $first $(, "\n  ", $more)*))]
            Get {
                $(#[$code_help])*
                code: String,
            },
        }

        pub(crate) async fn run(
            ctx: &mut crate::context::Ctx,
            cmd: $cmd,
        ) -> Result<(), crate::Error> {
            let $cmd::Get { code } = cmd;
            crate::commands::print_record(ctx, crate::output::Kind::$kind, async |c| {
                $get(c, &code).await
            })
            .await
        }
    };
}

pub(crate) mod api;
pub(crate) mod audit;
pub(crate) mod auth;
pub(crate) mod candidates;
pub(crate) mod config;
pub(crate) mod evaluations;
pub(crate) mod export;
pub(crate) mod fields;
pub(crate) mod files;
pub(crate) mod forms;
pub(crate) mod interviews;
pub(crate) mod jobs;
pub(crate) mod mcp;
pub(crate) mod memos;
pub(crate) mod privacy;
pub(crate) mod report;
pub(crate) mod sandbox;
pub(crate) mod submissions;
pub(crate) mod sync;
// The reader of the user's text files is below the commands (the exports use it too).
pub(crate) use crate::user_text;
pub(crate) mod webhooks;

use clap::Args;

use crate::api::pagination::PageWalker;
use crate::api::{Client, Fetched};
use crate::context::{Ctx, Io};
use crate::error::Error;
use crate::output::{Kind, ListPrinter, Output};

/// The command line's parser of a named enum of another crate (clap's `ValueEnum` can only be
/// implemented here for types of this one): its names, aliases and help as possible values.
pub(crate) fn named<T: recruit_client::named::Named>(
) -> impl clap::builder::TypedValueParser<Value = T> {
    let values = T::all().iter().map(|v| {
        clap::builder::PossibleValue::new(v.name())
            .help(v.help_line())
            .aliases(v.other_names().iter().copied())
    });
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(values).map(|s| {
        *T::all()
            .iter()
            .find(|v| v.name() == s || v.other_names().contains(&s.as_str()))
            .unwrap_or_else(|| crate::error::bug(crate::t!("bug-clap-value")))
    })
}

/// Print a paginated list: one page by default, every page with `--all`, up to N items with
/// `--limit N` (the walker applies it). ndjson and csv are written as each page arrives.
pub(crate) async fn print_pages(
    ctx: &Ctx,
    out: &mut Output,
    walker: PageWalker,
    kind: Kind,
) -> Result<(), Error> {
    let merged = ctx.globals.all || ctx.globals.limit.is_some();
    let mut walker = walker.limit(ctx.globals.limit);
    let mut printer = ListPrinter::new(kind, merged);
    let spinner = progress_spinner(ctx, merged);
    // A logged list walked page by page stops on Ctrl-C rather than dying, so its access-log
    // record (of what was printed) is appended as the printer is dropped.
    let mut stops = (merged && out.audit().is_some()).then(crate::signal::Stops::new);
    loop {
        let next = match &mut stops {
            Some(stops) => tokio::select! {
                page = walker.next_page() => page?,
                _ = stops.next() => {
                    return Err(Error::new(
                        crate::ExitKind::Interrupted,
                        crate::msg!("list-interrupted"),
                    ))
                }
            },
            None => walker.next_page().await?,
        };
        let Some(page) = next else { break };
        // One page was asked for: say so when the service has more, so a table of 20 is
        // never taken for the whole list.
        let note = (!merged)
            .then(|| more_pages_note(&page.value, page.items().len()))
            .flatten();
        printer.page(out, page)?;
        if let Some(s) = &spinner {
            s.set_message(crate::t!(
                "list-fetching",
                items = printer.count,
                pages = walker.pages()
            ));
        }
        if !merged {
            if let Some(note) = note {
                crate::say!(ctx.io, "{note}");
            }
            break;
        }
    }
    if let Some(s) = spinner {
        s.finish_and_clear();
    }
    printer.finish(out)?;
    Ok(())
}

/// `showing 20 of 26; --all for every page, --limit N for fewer` when a page has a next one.
fn more_pages_note(page: &serde_json::Value, shown: usize) -> Option<String> {
    let p = page.get("pagination")?;
    let has_next = ["next_page_token", "next_page", "next_url"]
        .iter()
        .any(|k| {
            p.get(*k)
                .and_then(|v| v.as_str())
                .is_some_and(|v| !v.is_empty())
        });
    let total = ["total", "total_count"]
        .iter()
        .find_map(|k| p.get(*k).and_then(|v| v.as_u64()));
    match total {
        Some(t) if t as usize > shown => {
            Some(crate::t!("list-showing-of", shown = shown, total = t))
        }
        None if has_next => Some(crate::t!("list-showing-first", shown = shown)),
        _ => None,
    }
}

/// A spinner on stderr while walking many pages on a terminal.
fn progress_spinner(ctx: &Ctx, merged: bool) -> Option<indicatif::ProgressBar> {
    // NO_COLOR and --color never: no escape sequences at all, and a spinner is made of them
    // (`\r\e[2K` before each frame).
    let target = ctx.io.err_stream().progress_target();
    if !merged || target.is_hidden() {
        return None;
    }
    let pb = indicatif::ProgressBar::with_draw_target(None, target);
    let template = format!(
        "{{spinner}} {}: {{msg}} ({{elapsed}})",
        crate::t!("list-fetching-pages")
    );
    pb.set_style(
        indicatif::ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    pb.enable_steady_tick(std::time::Duration::from_millis(120));
    Some(pb)
}

/// `--per` and `--page-token` of the lists walked with `--all` in pages of 100.
#[derive(Debug, Args)]
pub struct Paging {
    /// Page size, 1-100 [default: the service's 20; 100 with --all]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub per: Option<u32>,
    /// Start at this page: a token, or a page's address from a previous answer
    /// (next_page_token, next_url, prev_url)
    #[arg(long, value_name = "T")]
    pub page_token: Option<String>,
}

impl Paging {
    /// The pages a list reads, as an operation takes them: these flags and `--all`, `--limit`.
    pub(crate) fn pages(&self, ctx: &Ctx) -> crate::ops::Pages {
        crate::ops::Pages {
            page_token: self.page_token.clone(),
            per: self.per,
            all: ctx.globals.all,
            limit: ctx.globals.limit,
        }
    }
}

/// Print a paged list, walked as `pages` says with the client: the `list` of every noun.
pub(crate) async fn print_list(
    ctx: &mut Ctx,
    kind: Kind,
    pages: impl FnOnce(&Client) -> Result<PageWalker, Error>,
) -> Result<(), Error> {
    let mut out = ctx.output()?;
    let client = ctx.client().await?;
    print_pages(ctx, &mut out, pages(&client)?, kind).await
}

/// Print one record as `get` fetches it with the client: the `get` of every noun.
pub(crate) async fn print_record<T>(
    ctx: &mut Ctx,
    kind: Kind,
    get: impl AsyncFnOnce(&Client) -> Result<Fetched<T>, Error>,
) -> Result<(), Error> {
    let mut out = ctx.output()?;
    let client = ctx.client().await?;
    let record = get(&client).await?;
    out.single(kind, &record.raw, &record.value)
}

/// Print a list that comes in one answer (`--limit` still applies).
pub(crate) fn print_collection(
    ctx: &Ctx,
    out: &mut Output,
    kind: Kind,
    raw: bytes::Bytes,
    value: serde_json::Value,
) -> Result<(), Error> {
    let page = crate::api::pagination::Page::whole(raw, value, ctx.globals.limit)
        .ok_or_else(|| Error::other(crate::msg!("answer-no-collection")))?;
    let merged = ctx.globals.all || ctx.globals.limit.is_some();
    let mut printer = ListPrinter::new(kind, merged);
    printer.page(out, page)?;
    printer.finish(out)?;
    Ok(())
}

/// Whether the optional part `feature` (`mcp`, `postgres`) is in this build: `compiled` is
/// `cfg!(feature = ...)`, so each refusal is plain code that the default build compiles and
/// tests. Debug builds (what `cargo test` runs; never a release) also honour
/// `RECRUIT_TEST_WITHOUT=mcp,postgres`: the binary then refuses as a build without them does,
/// with no second build to run.
pub(crate) fn built(feature: &str, compiled: bool) -> bool {
    #[cfg(debug_assertions)]
    if std::env::var("RECRUIT_TEST_WITHOUT")
        .is_ok_and(|v| v.split(',').any(|f| f.trim() == feature))
    {
        return false;
    }
    let _ = feature;
    compiled
}

// The capped readers of local input are below the commands (the exports read with them).
pub(crate) use crate::user_text::{read_capped, read_file_or_stdin};

/// A text argument where `-` means standard input.
pub(crate) fn text_or_stdin(io: &Io, value: &str, what: &str) -> Result<String, Error> {
    if value != "-" {
        return Ok(value.to_string());
    }
    let what = crate::t!("input-from-stdin", what = what);
    let bytes = read_capped(io.stdin(), &what)?;
    let s = String::from_utf8(bytes)
        .map_err(|_| Error::usage(crate::msg!("input-not-utf8", what = what)))?;
    Ok(s.trim_end_matches(['\n', '\r']).to_string())
}

/// A JSON file given by the user (`-` for standard input), UTF-8 with or without a
/// byte-order mark ([`user_text`]): `what` names it in errors.
pub(crate) fn read_user_json(io: &Io, path: &str, what: &str) -> Result<serde_json::Value, Error> {
    parse_user_json(user_text::read(io, path, what)?.as_bytes(), what)
}

/// Parse JSON given by the user, naming the line and column of a mistake.
pub fn parse_user_json(bytes: &[u8], what: &str) -> Result<serde_json::Value, Error> {
    serde_json::from_slice(bytes).map_err(|e| {
        Error::usage(crate::msg!(
            "input-not-json",
            what = what,
            error = json_reason(e.to_string().split(" at line").next().unwrap_or("")),
            line = e.line(),
            column = e.column()
        ))
        .with_source(e)
    })
}

/// serde_json's reason for a syntax error in the language in use (its words are a fixed
/// set); one it may add later stays as it is.
fn json_reason(reason: &str) -> String {
    use crate::t;
    if crate::i18n::lang() == crate::i18n::Lang::En {
        return reason.to_string();
    }
    match reason {
        r if r.starts_with("EOF while parsing") => t!("json-eof"),
        "expected value" | "expected ident" => t!("json-expected-value"),
        "expected `:`" => t!("json-expected-colon"),
        "expected `,` or `]`" | "expected `,` or `}`" => t!("json-expected-comma"),
        "key must be a string" => t!("json-key-not-string"),
        "trailing comma" => t!("json-trailing-comma"),
        "trailing characters" => t!("json-trailing-characters"),
        "invalid number" | "number out of range" => t!("json-bad-number"),
        r if r.starts_with("invalid escape")
            || r.starts_with("invalid unicode")
            || r.starts_with("lone leading surrogate")
            || r.starts_with("unexpected end of hex escape") =>
        {
            t!("json-bad-escape")
        }
        r if r.starts_with("control character") => t!("json-control-character"),
        other => other.to_string(),
    }
}

/// `--dry-run`, for every command that changes something.
#[derive(Debug, Args, Clone, Copy)]
pub struct DryRun {
    /// Print the request that would be sent ({"method", "url", "body"} with -o json) and send
    /// nothing; needs no --yes
    #[arg(long)]
    pub dry_run: bool,
}

/// A dry run's result on stdout: the request as it would be sent (`{"method", "url", "body"}`
/// and any `extra` keys) for programs, `Would send METHOD URL` and the body for people; a note
/// on stderr that nothing was sent.
pub(crate) fn print_dry_run(
    ctx: &Ctx,
    out: &mut Output,
    planned: &crate::api::Planned,
    extra: serde_json::Value,
) -> Result<(), Error> {
    if out.is_table() {
        let line = crate::t!("dry-run-would-send", request = planned.summary());
        out.write_str(&format!("{line}\n"))?;
    } else {
        let mut v = planned.to_json();
        if let (Some(v), serde_json::Value::Object(extra)) = (v.as_object_mut(), extra) {
            v.extend(extra);
        }
        out.value(Kind::Other, &v)?;
    }
    crate::tell!(ctx.io, "dry-run-nothing-sent");
    Ok(())
}
