//! `recruit memos ...`: memos on a candidate.

use clap::{Args, Subcommand};

use crate::api::memos::Role;
use crate::api::MemoInput;
use crate::commands::{print_collection, print_dry_run, text_or_stdin, DryRun};
use crate::context::{Ctx, Io};
use crate::error::Error;
use crate::ops::{memos, Sent};
use crate::output::Kind;

/// Examples under `recruit memos --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit memos list C1001
  recruit memos create C1001 --content 'Strong portfolio' --role job_manager
  recruit memos create C1001 --reply-to 101 --content 'Agreed'   # keeps the thread's role
  recruit memos delete C1001 101 --dry-run        # the request, not sent
  recruit memos pin C1001 101
  recruit memos delete C1001 101 --yes";

#[derive(Debug, Subcommand)]
pub enum MemosCmd {
    /// List a candidate's memos as threads (replies under their parent)
    #[command(after_help = "Examples:
  recruit memos list C1001
  recruit memos list C1001 -o json --jq '.collection[] | select(.pinned) | .content'")]
    List(CandidateArg),
    /// Show one memo
    #[command(after_help = "Examples:\n  recruit memos get C1001 101")]
    Get(MemoRef),
    /// Write a memo (or a reply with --reply-to)
    #[command(after_help = "Examples:
  recruit memos create C1001 --content 'Strong portfolio; schedule a call'
  recruit memos create C1001 --reply-to 101 --content 'Agreed' --mention U200
  git log -1 --format=%B | recruit memos create C1001 --content - --role job_manager")]
    Create(CreateArgs),
    /// Change a memo's content, role, mentions or attachment
    #[command(after_help = "Examples:
  recruit memos edit C1001 101 --content 'Updated after the call'
  recruit memos edit C1001 101 --role member")]
    Edit(EditArgs),
    /// Delete a memo (asks first on a terminal)
    #[command(
        after_help = "Examples:\n  recruit memos delete C1001 104          # asks first, on a terminal\n  recruit memos delete C1001 104 --yes"
    )]
    Delete(DeleteArgs),
    /// Pin a memo (leaves it pinned, whatever its state before)
    #[command(
        after_help = "The service only toggles a memo's pin, so recruit reads the memo first and toggles only when\nneeded. Two `memos pin` on the same memo at the same moment can both see it unpinned and both\ntoggle, leaving it unpinned: pin from one place at a time, and check with `memos get`.\n\nExamples:\n  recruit memos pin C1001 101"
    )]
    Pin(PinArgs),
    /// Unpin a memo (leaves it unpinned, whatever its state before)
    #[command(
        after_help = "Examples:\n  recruit memos unpin C1001 101\n  recruit memos unpin C1001 101 --dry-run   # say whether a toggle is needed"
    )]
    Unpin(PinArgs),
}

#[derive(Debug, Args)]
pub struct PinArgs {
    #[command(flatten)]
    pub memo: MemoRef,
    /// Read the memo and say whether a toggle would be sent (and which); send nothing
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, Args)]
pub struct CandidateArg {
    /// Candidate code
    pub candidate: String,
}

/// A memo id as typed: a whole number, said in words when it is not.
fn memo_id(s: &str) -> Result<i64, String> {
    match s.trim().parse::<i64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(crate::t!(
            "reason-memo-id",
            value = crate::output::text::one_line(s, 40)
        )),
    }
}

#[derive(Debug, Args)]
pub struct MemoRef {
    /// Candidate code
    pub candidate: String,
    /// Memo id (an integer)
    #[arg(value_parser = memo_id)]
    pub id: i64,
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    /// Candidate code
    pub candidate: String,
    /// The memo text, or - to read it from standard input
    #[arg(long, value_name = "TEXT|-")]
    pub content: String,
    /// Make it a reply to memo ID
    #[arg(long, value_name = "ID", value_parser = memo_id)]
    pub reply_to: Option<i64>,
    #[command(flatten)]
    pub fields: MemoFields,
    #[command(flatten)]
    pub dry: DryRun,
}

/// What a memo carries besides its text, for create and edit alike.
#[derive(Debug, Args)]
pub struct MemoFields {
    /// Who may read it [default on create: a reply takes its parent's role (read first); a new
    /// memo the service's default]
    #[arg(long, value_parser = crate::commands::named::<Role>())]
    pub role: Option<Role>,
    /// Mention a user by code (repeatable; on edit, replaces the mentions)
    #[arg(long = "mention", value_name = "CODE")]
    pub mentions: Vec<String>,
    /// Attachment address
    #[arg(long, value_name = "URL")]
    pub file_url: Option<String>,
}

impl MemoFields {
    /// The body of a create or edit: `content` and these fields; `clear_mentions` sends an
    /// empty list of mentions.
    fn input(self, content: Option<String>, clear_mentions: bool) -> MemoInput {
        let mentions = match (clear_mentions, self.mentions.is_empty()) {
            (true, _) => Some(Vec::new()),
            (false, true) => None,
            (false, false) => Some(self.mentions),
        };
        MemoInput {
            content,
            parent_id: None,
            file_url: self.file_url,
            accessible_role: self.role,
            mentions,
        }
    }
}

#[derive(Debug, Args)]
pub struct EditArgs {
    /// Candidate code
    pub candidate: String,
    /// Memo id
    #[arg(value_parser = memo_id)]
    pub id: i64,
    /// New text, or - to read it from standard input
    #[arg(long, value_name = "TEXT|-")]
    pub content: Option<String>,
    #[command(flatten)]
    pub fields: MemoFields,
    /// Remove every mention
    #[arg(long, conflicts_with = "mentions")]
    pub clear_mentions: bool,
    #[command(flatten)]
    pub dry: DryRun,
}

#[derive(Debug, Args)]
pub struct DeleteArgs {
    /// Candidate code
    pub candidate: String,
    /// Memo id
    #[arg(value_parser = memo_id)]
    pub id: i64,
    /// Don't ask for confirmation
    #[arg(long, short = 'y')]
    pub yes: bool,
    #[command(flatten)]
    pub dry: DryRun,
}

fn content_arg(io: &Io, value: &str) -> Result<String, Error> {
    let text = text_or_stdin(io, value, &crate::t!("what-memo-content"))?;
    if text.trim().is_empty() {
        return Err(Error::usage(crate::msg!("memo-content-empty")));
    }
    Ok(text)
}

impl MemoRef {
    fn op(&self) -> memos::MemoRef {
        memos::MemoRef {
            candidate: self.candidate.clone(),
            memo: self.id,
        }
    }
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: MemosCmd) -> Result<(), crate::Error> {
    // Validate local input before any request.
    let mut out = ctx.output()?;
    match cmd {
        MemosCmd::List(a) => {
            let client = ctx.client().await?;
            let list = memos::list(&client, &a.candidate).await?;
            print_collection(ctx, &mut out, Kind::Memo, list.raw, list.value)
        }
        MemosCmd::Get(a) => {
            let client = ctx.client().await?;
            let memo = memos::get(&client, &a.op()).await?;
            out.single(Kind::Memo, &memo.raw, &memo.value)?;
            Ok(())
        }
        MemosCmd::Create(a) => {
            let content = content_arg(&ctx.io, &a.content)?;
            let o = memos::CreateOptions {
                input: MemoInput {
                    parent_id: a.reply_to,
                    ..a.fields.input(Some(content), false)
                },
                candidate: a.candidate,
                dry_run: a.dry.dry_run,
            };
            let client = ctx.client().await?;
            let sent = memos::create(&client, &o).await?;
            print_written(ctx, &mut out, sent)
        }
        MemosCmd::Edit(a) => {
            let content = a.content.as_deref().map(|c| content_arg(&ctx.io, c));
            let input = a.fields.input(content.transpose()?, a.clear_mentions);
            if input.is_empty() {
                return Err(Error::usage(crate::msg!("memo-nothing-to-change")));
            }
            let o = memos::EditOptions {
                memo: memos::MemoRef {
                    candidate: a.candidate,
                    memo: a.id,
                },
                input,
                dry_run: a.dry.dry_run,
            };
            let client = ctx.client().await?;
            let sent = memos::edit(&client, &o).await?;
            print_written(ctx, &mut out, sent)
        }
        MemosCmd::Delete(a) => delete(ctx, &mut out, a).await,
        MemosCmd::Pin(a) => set_pin(ctx, &mut out, a, true).await,
        MemosCmd::Unpin(a) => set_pin(ctx, &mut out, a, false).await,
    }
}

/// A written memo as `get` shows it, or a dry run's request.
fn print_written(
    ctx: &Ctx,
    out: &mut crate::output::Output,
    sent: Sent<crate::api::Fetched<crate::api::types::Resource<crate::api::types::Memo>>>,
) -> Result<(), crate::Error> {
    match sent {
        Sent::Planned(planned) => print_dry_run(ctx, out, &planned, serde_json::Value::Null),
        Sent::Done(memo) => out.single(Kind::Memo, &memo.raw, &memo.value),
    }
}

/// `memos delete`: asks first on a terminal (saying how many replies go with it), unless
/// `--yes` or a dry run (nothing is deleted, so nothing to confirm).
async fn delete(
    ctx: &mut Ctx,
    out: &mut crate::output::Output,
    a: DeleteArgs,
) -> Result<(), crate::Error> {
    let o = memos::DeleteOptions {
        memo: memos::MemoRef {
            candidate: a.candidate.clone(),
            memo: a.id,
        },
        dry_run: a.dry.dry_run,
    };
    let client = ctx.client().await?;
    if !o.dry_run {
        if !a.yes && ctx.io.term.stdin_tty && ctx.io.term.stderr_tty {
            // Replies go with their memo: say so before asking.
            let replies = memos::replies(&client, &o.memo).await.unwrap_or(0);
            let with = match replies {
                0 => String::new(),
                1 => " It has 1 reply, which is deleted with it.".to_string(),
                n => format!(" {}", crate::t!("memo-delete-replies", count = n)),
            };
            ctx.confirm_destructive(
                &format!(
                    "{}{with}",
                    crate::t!(
                        "memo-delete-question",
                        id = a.id,
                        candidate = a.candidate.as_str()
                    )
                ),
                false,
            )?;
        } else {
            ctx.confirm_destructive("", a.yes)?;
        }
    }
    let resp = match memos::delete(&client, &o).await? {
        Sent::Planned(planned) => {
            return print_dry_run(ctx, out, &planned, serde_json::Value::Null)
        }
        Sent::Done(resp) => resp,
    };
    let empty = resp.body.iter().all(|b| b.is_ascii_whitespace());
    if out.is_table() {
        out.write_str(&format!(
            "{}\n",
            crate::t!("memo-deleted", id = a.id, candidate = a.candidate.as_str())
        ))?;
    } else if empty {
        crate::tell!(
            ctx.io,
            "memo-deleted-no-body",
            id = a.id,
            candidate = a.candidate.as_str()
        );
    } else {
        out.single(Kind::Memo, &resp.body, &resp.value()?)?;
    }
    Ok(())
}

/// `pin`/`unpin`: the memo is left in the asked state (the operation reads first, toggles
/// only when needed). Same shape of output whether anything changed or not.
async fn set_pin(
    ctx: &mut Ctx,
    out: &mut crate::output::Output,
    args: PinArgs,
    want: bool,
) -> Result<(), crate::Error> {
    let client = ctx.client().await?;
    let word = if want { "pinned" } else { "unpinned" };
    let a = args.memo;
    let o = memos::PinOptions {
        memo: a.op(),
        pinned: want,
        dry_run: args.dry_run,
    };
    let pinned = memos::set_pinned(&client, &o).await?;
    let (memo, changed) = match pinned {
        memos::Pinned::Done { memo, changed } => (memo, changed),
        memos::Pinned::Planned(plan) => return pin_dry_run(ctx, out, &a, want, plan),
    };
    if out.is_table() {
        let (id, candidate) = (a.id, a.candidate.as_str());
        let line = if changed {
            crate::t!("memo-now", id = id, candidate = candidate, state = word)
        } else {
            crate::t!("memo-already", id = id, candidate = candidate, state = word)
        };
        let line = format!("{line}\n");
        out.write_str(&line)?;
    } else {
        if !changed {
            crate::tell!(
                ctx.io,
                "memo-already",
                id = a.id,
                candidate = a.candidate.as_str(),
                state = word
            );
        }
        out.single(Kind::Memo, &memo.raw, &memo.value)?;
    }
    Ok(())
}

/// `pin --dry-run`/`unpin --dry-run`: the memo is read (allowed), the toggle is not sent. For
/// programs `{"method", "url", "body", "toggle_needed", "pinned"}`, with a null request when
/// the memo is already as asked.
fn pin_dry_run(
    ctx: &Ctx,
    out: &mut crate::output::Output,
    a: &MemoRef,
    want: bool,
    plan: memos::PinPlan,
) -> Result<(), crate::Error> {
    let word = if want { "pinned" } else { "unpinned" };
    let state = plan.state();
    match plan.toggle {
        Some(planned) => {
            let (id, candidate) = (a.id.to_string(), a.candidate.as_str());
            let said = if want {
                crate::t!("memo-dry-run-not-pinned", id = id, candidate = candidate)
            } else {
                crate::t!("memo-dry-run-not-unpinned", id = id, candidate = candidate)
            };
            crate::say!(ctx.io, "{}", crate::t!("note-line", note = said));
            print_dry_run(ctx, out, &planned, state)
        }
        None => {
            if out.is_table() {
                let line = crate::t!(
                    "memo-dry-run-already-line",
                    id = a.id.to_string(),
                    candidate = a.candidate.as_str(),
                    state = word
                );
                out.write_str(&format!("{line}\n"))?;
            } else {
                let mut v = serde_json::json!({"method": null, "url": null, "body": null});
                if let (Some(v), serde_json::Value::Object(state)) = (v.as_object_mut(), state) {
                    v.extend(state);
                }
                out.value(Kind::Other, &v)?;
                let said = crate::t!(
                    "memo-dry-run-already",
                    id = a.id.to_string(),
                    candidate = a.candidate.as_str(),
                    state = word
                );
                crate::say!(ctx.io, "{}", crate::t!("note-line", note = said));
            }
            crate::tell!(ctx.io, "dry-run-nothing-sent");
            Ok(())
        }
    }
}
