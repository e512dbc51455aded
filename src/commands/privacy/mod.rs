//! `recruit privacy erase | retention | register`: candidates' personal data removed from
//! every store recruit keeps on this machine or names, and the register of what was destroyed
//! (see `erase` for what each store keeps and loses).

pub(crate) mod erase;

use std::time::Duration;

use clap::{Args, Subcommand};
use serde_json::{json, Value};

use self::erase::{EraseWith, Place, Stores};
use crate::api::Stage;
use crate::context::Ctx;
use crate::error::Error;
use crate::ops::privacy::register;
use crate::output::{Kind, ListPrinter};
use crate::sync::{Access, MirrorActor, Target};

/// Examples under `recruit privacy --help`.
pub const EXAMPLES: &str = "\
Examples:
  recruit privacy erase C1001 --reason 'applicant asked, ticket 4411'   # asks on a terminal
  recruit privacy erase C1001 C1002 --db postgres://bi@db.internal/recruiting --yes
  recruit privacy retention --stage fail --older-than 180d --dry-run
  recruit privacy retention --stage fail --older-than 180d --yes
  recruit privacy register -o csv > destroyed.csv

Stores: the mirror (recruit.db in the data directory, or --db), the relay's store (events.db in
the data directory, or --store) and the journals of unfinished exports. Export files themselves
are yours: they are listed, never changed. Backups and copies made outside recruit stay as they
are.";

const ERASE_EXAMPLES: &str = "\
Examples:
  recruit privacy erase C1001 --reason 'applicant asked, ticket 4411'   # asks on a terminal
  recruit privacy erase C1001 C1002 --yes -o json
  recruit privacy erase C1001 --db ~/recruiting.db --store /srv/relay/events.db --yes
  recruit privacy erase C1001 --store postgres://relay@db.internal/relay --yes";

const RETENTION_EXAMPLES: &str = "\
Examples:
  recruit privacy retention --stage fail --older-than 180d --dry-run
  recruit privacy retention --stage fail --older-than 180d --yes --reason 'retention policy'
  recruit privacy retention --stage fail --older-than 0 --yes     # every one at the stage";

const REGISTER_EXAMPLES: &str = "\
Examples:
  recruit privacy register
  recruit privacy register -o json
  recruit privacy register -o csv > destroyed.csv";

#[derive(Debug, Subcommand)]
pub enum PrivacyCmd {
    /// Remove candidates' personal data from the mirror, the relay's store and unfinished exports
    ///
    /// The mirror keeps each candidate's code, stage and dates; its personal values are
    /// nulled and its memos and submissions deleted. Each relay event naming the candidate
    /// keeps its id, action, times and status; the personal values of its payload become
    /// null. No readable copy stays in an SQLite file (free pages, journal and WAL
    /// included) nor in PostgreSQL (the touched tables are rewritten and analyzed: no dead
    /// row, no old value in their files or in pg_stats). An unfinished export's journal gets the
    /// candidate marked as done, so `--resume` never fetches it again; the export's own
    /// files (FILE, FILE.partial) are listed as they may hold the data, and not touched. A
    /// store that does not exist is skipped and said, and so is a code found nowhere. Each
    /// candidate erased is one row of the destruction register; the access log gets one
    /// record with via "erase". Asks on a terminal; elsewhere it needs --yes (without it:
    /// exit 2, nothing changed).
    #[command(after_help = ERASE_EXAMPLES)]
    Erase(EraseArgs),

    /// The same for every candidate of the mirror at a stage whose stage changed long ago
    ///
    /// Takes the candidates of the mirror at --stage whose stage changed longer ago than
    /// --older-than (0: every one at the stage) and erases them from every store as `privacy
    /// erase` does. `sync purge` is its narrower form (the mirror alone).
    #[command(after_help = RETENTION_EXAMPLES)]
    Retention(RetentionArgs),

    /// The destruction register: every candidate erased, when, by whom, from which stores, why
    #[command(after_help = REGISTER_EXAMPLES)]
    Register,
}

/// The stores an erasure or a retention run goes through, and why.
#[derive(Debug, Args)]
pub struct StoreArgs {
    #[command(flatten)]
    pub mirror: crate::commands::report::MirrorArg,

    /// The relay's event store (`webhooks listen --store`): a file or a postgres:// address
    /// [default: events.db in the data directory]
    #[arg(long, value_name = "FILE|URL")]
    pub store: Option<String>,

    /// Why: kept in the destruction register and the access log
    #[arg(long, value_name = "TEXT", env = "RECRUIT_REASON")]
    pub reason: Option<String>,

    /// Erase without asking
    #[arg(long)]
    pub yes: bool,
}

#[derive(Debug, Args)]
pub struct EraseArgs {
    /// The candidates' codes (e.g. C1001)
    #[arg(value_name = "CODE", required = true)]
    pub codes: Vec<String>,

    #[command(flatten)]
    pub stores: StoreArgs,
}

#[derive(Debug, Args)]
pub struct RetentionArgs {
    /// Candidates at this stage (e.g. fail: rejected or withdrawn)
    #[arg(long, value_parser = crate::commands::named::<Stage>(), value_name = "S")]
    pub stage: Stage,

    /// ... whose stage changed longer ago than this (e.g. 180d; 0: every one at the stage)
    #[arg(long, value_name = "DURATION", value_parser = crate::time::parse_age)]
    pub older_than: Duration,

    /// Only list the candidates it would erase
    #[arg(long)]
    pub dry_run: bool,

    #[command(flatten)]
    pub stores: StoreArgs,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: PrivacyCmd) -> Result<(), Error> {
    match cmd {
        PrivacyCmd::Erase(a) => erase_codes(ctx, a).await,
        PrivacyCmd::Retention(a) => retention(ctx, a).await,
        PrivacyCmd::Register => show_register(ctx),
    }
}

/// Where the stores are, found without opening any (nothing is changed, not even a byte of
/// an SQLite file that opening and closing could checkpoint). A PostgreSQL relay store is
/// reached as a file is; whether it is there is known once connected.
fn locate(a: &StoreArgs) -> (Place<Target>, Place<Target>) {
    let target = Target::parse(a.mirror.db.as_deref());
    let mirror = match &target {
        Target::Sqlite(p) if !p.exists() => Place::Absent(target.shown()),
        _ => Place::Here(target),
    };
    let relay = crate::webhook::store::target(a.store.as_deref());
    let relay = match &relay {
        Target::Sqlite(p) if !p.exists() => Place::Absent(relay.shown()),
        _ => Place::Here(relay),
    };
    (mirror, relay)
}

/// The stores opened: the mirror with the one-sync lock (never beside a sync that could
/// write the data back).
async fn open(ctx: &Ctx, found: (Place<Target>, Place<Target>)) -> Result<Stores, Error> {
    let mirror = match found.0 {
        Place::Here(t) => Place::Here(
            MirrorActor::open_with_clock(t, ctx.net()?, Access::Purge, crate::clock::system())
                .await?,
        ),
        Place::Absent(s) => Place::Absent(s),
        Place::NotAsked => Place::NotAsked,
    };
    Ok(Stores {
        mirror,
        relay: found.1,
        exports: true,
    })
}

/// What an erasure uses from this run: its settings as read (their errors the erasure's
/// where it needs them), who runs it, the clock.
pub(crate) fn erase_with(ctx: &Ctx) -> EraseWith {
    let s = ctx.settings();
    EraseWith {
        net: ctx.net(),
        log: s
            .audit()
            .map(|on| on.then(|| recruit_audit::Log::new(s.audit_log(), crate::clock::system()))),
        audit: ctx.audit(),
        actor: crate::audit::actor(&ctx.profile),
        clock: crate::clock::system(),
    }
}

/// The stores in words, for the question asked before erasing.
fn stores_said(mirror: Option<String>, relay: &Place<Target>, journals: usize) -> String {
    let mut parts = Vec::new();
    if let Some(m) = mirror {
        parts.push(crate::t!("privacy-part-mirror", location = m));
    }
    if let Place::Here(t) = relay {
        parts.push(crate::t!("privacy-part-relay", location = t.shown()));
    }
    if journals > 0 {
        parts.push(crate::t!("privacy-part-journals", count = journals));
    }
    if parts.is_empty() {
        return crate::t!("privacy-part-none");
    }
    parts.join(", ")
}

fn mirror_shown(s: &Stores) -> Option<String> {
    match &s.mirror {
        Place::Here(m) => Some(m.shown.clone()),
        _ => None,
    }
}

fn unfinished_exports() -> Result<usize, Error> {
    Ok(erase::exports_known()?
        .iter()
        .filter(|e| e.journal.is_some())
        .count())
}

async fn erase_codes(ctx: &mut Ctx, a: EraseArgs) -> Result<(), Error> {
    let mut codes: Vec<String> = Vec::new();
    for c in a.codes.iter().map(|c| c.trim()) {
        if c.is_empty() {
            return Err(Error::usage(crate::msg!("privacy-empty-code")));
        }
        if !codes.iter().any(|k| k == c) {
            codes.push(c.to_string());
        }
    }
    let format = ctx.format()?;
    let found = locate(&a.stores);
    let mirror = match &found.0 {
        Place::Here(t) => Some(t.shown()),
        _ => None,
    };
    ctx.confirm_destructive(
        &crate::t!(
            "privacy-erase-confirm",
            count = codes.len(),
            codes = first(&codes, 5),
            stores = stores_said(mirror, &found.1, unfinished_exports()?)
        ),
        a.stores.yes,
    )?;
    let stores = open(ctx, found).await?;
    let why = match &a.stores.reason {
        Some(r) => format!("privacy erase: {r}"),
        None => "privacy erase".to_string(),
    };
    let done = erase::carry_out(
        &erase_with(ctx),
        &codes,
        &why,
        &stores,
        a.stores.reason.clone(),
    )
    .await?;
    print_done(ctx, format, &done, &codes, Value::Null)
}

fn print_done(
    ctx: &mut Ctx,
    format: crate::output::Format,
    done: &erase::Done,
    codes: &[String],
    rule: Value,
) -> Result<(), Error> {
    if format == crate::output::Format::Table {
        let mut out = ctx.output()?;
        let mut text = String::new();
        for line in erase::summary(done) {
            text.push_str(&line);
            text.push('\n');
        }
        out.write_str(&text)?;
    } else {
        let mut v = erase::to_json(done, codes);
        if !rule.is_null() {
            v["rule"] = rule;
        }
        ctx.output()?.value(Kind::Other, &v)?;
    }
    match done.failure() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

async fn retention(ctx: &mut Ctx, a: RetentionArgs) -> Result<(), Error> {
    let cut = crate::ops::sync::purge_rule(a.stage, a.older_than, crate::clock::system().utc())?;
    let (rule, before) = (cut.rule, cut.before_local);
    let format = ctx.format()?;
    let stores = open(ctx, locate(&a.stores)).await?;
    let preview = match &stores.mirror {
        Place::Here(m) => erase::preview(m, &rule, a.dry_run).await?,
        _ => Vec::new(),
    };
    if a.dry_run || preview.is_empty() {
        if format == crate::output::Format::Table {
            let line = crate::t!(
                "privacy-retention-preview",
                dry_run = if a.dry_run { "yes" } else { "no" },
                count = preview.len(),
                stage = a.stage.to_string(),
                before = before
            );
            return ctx.output()?.write_str(&format!("{line}\n"));
        }
        let v = erase::nothing_erased("erased", "would_erase", a.dry_run, preview, &rule);
        return ctx.output()?.value(Kind::Other, &v);
    }
    ctx.confirm_destructive(
        &crate::t!(
            "privacy-retention-confirm",
            count = preview.len(),
            stage = a.stage.to_string(),
            before = before,
            stores = stores_said(mirror_shown(&stores), &stores.relay, unfinished_exports()?)
        ),
        a.stores.yes,
    )?;
    let with = erase_with(ctx);
    let done = erase::carry_out(
        &with,
        &preview,
        &rule.text,
        &stores,
        a.stores.reason.clone(),
    )
    .await?;
    print_done(ctx, format, &done, &preview, json!(rule.text))
}

fn show_register(ctx: &mut Ctx) -> Result<(), Error> {
    let rows = register::rows()?;
    let mut out = ctx.output()?;
    let flat = matches!(
        out.format(),
        crate::output::Format::Table | crate::output::Format::Csv
    );
    let rows: Vec<Value> = if flat {
        // A cell per list, for people and spreadsheets: `name, email`, not JSON text.
        rows.into_iter()
            .map(|mut r| {
                for k in ["fields", "stores"] {
                    if let Some(list) = r[k].as_array() {
                        let joined: Vec<&str> = list.iter().filter_map(Value::as_str).collect();
                        r[k] = json!(joined.join(", "));
                    }
                }
                r
            })
            .collect()
    } else {
        rows
    };
    if rows.is_empty() && out.is_table() {
        crate::tell!(ctx.io, "privacy-register-empty");
        return Ok(());
    }
    let mut printer = ListPrinter::new(Kind::Other, true);
    printer.items(&mut out, &rows)?;
    printer.finish(&mut out)
}

/// The first `n` codes, then how many more.
fn first(codes: &[String], n: usize) -> String {
    let mut s = codes
        .iter()
        .take(n)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    if codes.len() > n {
        s.push_str(&format!(", +{}", codes.len() - n));
    }
    s
}
