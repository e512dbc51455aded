//! `recruit forms apply CODE`: submit an application from an answers file or a wizard.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use clap::Args;

use crate::api::{ApplicationForm, Client};
use crate::apply::Prepared;
use crate::context::{Ctx, Io};
use crate::error::Error;
use crate::ops::{forms, Sent};
use crate::output::Kind;
use crate::wizard::{Prompt, Stop, TermPrompt};

pub(crate) use crate::apply::Variant;

macro_rules! long_about {
    () => {
        "\
Submit an application to a form (POST /v1/application_forms/{code}/apply).

The form is read first, and the answers are checked against its questions before anything is
sent: every question known, each answer's shape right for its kind, every required question
answered. All problems are listed at once (exit 2), and nothing is sent.

With --answers FILE (or - for standard input), the answers come from a JSON file shaped like
either of the two request bodies the service documents. Variant A:

  {\"privacy\": true,
   \"questions\": [
     {\"order\": 1, \"answer\": {\"name\": \"Jane Doe\"}},
     {\"question_id\": 12, \"kind\": \"email\", \"answer\": {\"email\": \"jane@example.com\"}},
     {\"kind\": \"phone\", \"answer\": {\"phone\": \"010-1234-5678\"}},
     {\"order\": 4, \"answer\": {\"resume_path\": \"/upload/candidate/file/1/temp/cv.pdf\"}}]}

or variant B (`privacy` and `questions` optional):

  {\"name\": \"Jane Doe\", \"email\": \"jane@example.com\", \"phone\": \"010-1234-5678\",
   \"resume_path\": \"/upload/candidate/file/1/temp/cv.pdf\", \"privacy\": true,
   \"questions\": [{\"id\": 15, \"kind\": \"desired_salary\", \"answer\": {\"desired_salary\": 6000}}]}

Each item names its question by `question_id` (or `id`), by `order` (its position in the
form, as `recruit forms get CODE` shows), or by `kind` alone when the form has one question of
that kind; otherwise `kind` is optional. The top-level name, email, phone and resume_path answer
the form's question of that kind in either variant (variant A sends them as answers by
question_id, with privacy false when the file has none). A resume, profile image or file upload
may be given as the full file_url that `recruit files upload` returns; only its path is sent.

--variant b (or `recruit config set variant b`) sends name, email, phone and resume_path at the
top level and the other answers by `id`. When the form's questions carry no ids, the basic four
go through variant B automatically (items naming them by question_id are matched by their kind,
with a warning), and answers to other questions are refused by name.

Without --answers, on a terminal, a wizard asks the questions one by one (uploading files on
the spot), shows a review, and offers to submit, change an answer or cancel. Changing an
answer starts from it (Enter keeps it); experience, education and the other lists of entries
are kept, edited one entry at a time, deleted from or added to. --save FILE keeps the answers
as a file for --answers (also on Ctrl-C: what was answered so far, exit 130; stopped inside a
question, what was given of it too: a list's finished entries, links, files, a yes before its
details, and the file's `unfinished` key names that question and the fields typed of the entry
begun; --answers ignores that key), and --resume FILE goes on from such a file: its answers are
kept, the question it stopped inside is gone on with (a list's entries shown, the entry begun
pre-filled), only the questions it leaves unanswered are asked (and the privacy consent if it
has none), then the review; the file is kept up to date unless --save names another. --resume needs a terminal; without one, give a complete
file with --answers. The wizard speaks Korean with --lang ko (or RECRUIT_LANG=ko, `config
set lang ko`, a Korean locale such as LANG=ko_KR.UTF-8); what it sends and saves is the same in any language. On a terminal a
summary is confirmed before sending unless --yes."
    };
}

macro_rules! examples {
    () => {
        "\
Examples:
  recruit forms get FORM-1001                    # the questions and their order
  recruit forms apply FORM-1001                  # interactive wizard
  recruit forms apply FORM-1001 --save answers.json         # wizard, keeping the answers
  recruit forms apply FORM-1001 --resume answers.json       # go on from the kept answers
  recruit forms apply FORM-1001 --answers answers.json --dry-run   # print the request only
  recruit forms apply FORM-1001 --answers answers.json --yes
  jq '.privacy = true' draft.json | recruit forms apply FORM-1001 --answers -
  recruit forms apply FORM-1001 --answers answers.json --variant b
  recruit --sandbox forms apply FORM-ALLKINDS    # try a question of every kind

Exit codes: 2 bad answers (all problems listed, nothing sent), 3 no such form,
5 the service rejected the application (its message is shown)."
    };
}

#[derive(Debug, Args)]
#[command(long_about = long_about!(), after_help = examples!())]
pub struct ApplyArgs {
    /// Form code
    pub code: String,
    /// Answers file (JSON, a variant A or B request body), or - for standard input
    #[arg(long, value_name = "FILE|-")]
    pub answers: Option<String>,
    /// Request variant [default: a, or the profile's `variant`]
    #[arg(long, value_enum)]
    pub variant: Option<Variant>,
    /// Print the exact request ({"method", "url", "body"} with -o json) and send nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Don't ask for confirmation
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Wizard: also write the answers to FILE (valid input for --answers), even on Ctrl-C (the
    /// question stopped inside goes under `unfinished`)
    #[arg(long, value_name = "FILE")]
    pub save: Option<std::path::PathBuf>,
    /// Wizard: go on from the answers kept with --save FILE (inside the question it stopped in;
    /// asks only what is unanswered)
    #[arg(long, value_name = "FILE", conflicts_with = "answers")]
    pub resume: Option<std::path::PathBuf>,
}

/// The variant: the flag, else the profile's `variant`, else A.
fn variant(ctx: &Ctx, args: &ApplyArgs) -> Result<Variant, Error> {
    if let Some(v) = args.variant {
        return Ok(v);
    }
    Ok(ctx.settings().variant()?.value)
}

pub(crate) async fn run(ctx: &mut Ctx, args: ApplyArgs) -> Result<(), crate::Error> {
    let requested = variant(ctx, &args)?;
    let interactive = ctx.io.term.stdin_tty && ctx.io.term.stderr_tty;
    if args.resume.is_some() && !interactive {
        return Err(Error::usage(crate::msg!(
            "apply-resume-needs-terminal",
            code = args.code.as_str()
        )));
    }

    let Inputs { file, saved, save } = read_inputs(ctx, &args, interactive)?;

    let mut out = ctx.output()?;
    let client = ctx.client().await?;
    let fetched = forms::get(&client, &args.code).await?;
    let form = fetched.data.resource;
    let questions = form.questions.clone().unwrap_or_default();
    if file.is_some() {
        // (The wizard shows the form's state itself.)
        warn_form_state(&ctx.io, &args.code, &form);
    }
    let resumed = match (&saved, &args.resume) {
        (Some(value), Some(path)) => match crate::apply::resume(&questions, value) {
            Ok((answers, privacy, unfinished)) => Some(crate::wizard::session::Resumed {
                from: path.clone(),
                answers,
                privacy,
                unfinished,
            }),
            Err(report) => {
                let what = crate::t!("what-saved-answers-at", path = path.display().to_string());
                return Err(crate::apply::submit::report_problems(
                    &mut ctx.io.stderr(),
                    &report,
                    &what,
                ));
            }
        },
        _ => None,
    };

    // In the wizard, Ctrl-C must not kill the process mid-prompt (so it can say that nothing
    // was sent); from then on it is watched through this flag.
    let interrupted = Arc::new(AtomicBool::new(false));
    let _ctrl_c = match file {
        None => catch_ctrl_c(interrupted.clone()),
        Some(_) => None,
    };
    let (prepared, reviewed) = match file {
        Some(value) => {
            // A program reading JSON errors gets the problems in the error's message.
            let mut stderr = ctx.io.stderr();
            let err = (!ctx.io.json_messages()).then_some(&mut stderr as &mut dyn std::io::Write);
            let what = crate::t!("what-answers-file");
            let prepared =
                crate::apply::submit::prepare_or_report(err, &questions, &value, requested, &what)?;
            (prepared, false)
        }
        None => {
            let how = WizardRun {
                requested,
                save,
                resumed,
            };
            (
                run_wizard(ctx, &client, &form, how, &args, interrupted.clone()).await?,
                true,
            )
        }
    };
    if !reviewed {
        // Notes and warnings may quote the form (question titles): escaped like any line.
        for line in prepared.remarks.lines() {
            crate::say!(ctx.io, "{}", crate::output::text::safe_line(&line));
        }
    }

    if interactive && !args.yes && !reviewed && !args.dry_run {
        confirm_file_answers(ctx, &args.code, &form, &prepared)?;
    }

    let sent = tokio::select! {
        r = forms::submit(&client, &args.code, &prepared, args.dry_run) => r?,
        _ = wait_for(interrupted.clone()), if _ctrl_c.is_some() => {
            return Err(Error::other(crate::msg!("apply-interrupted-sending")))
        }
    };
    let applied = match sent {
        Sent::Planned(planned) => {
            // The request printed holds the applicant's answers (their name, email, phone...).
            log_application(&mut out, &prepared, None, reviewed)?;
            return dry_run(ctx, &mut out, &planned, &prepared);
        }
        Sent::Done(applied) => applied,
    };
    if reviewed {
        log_application(&mut out, &prepared, Some(&applied.value), true)?;
    }
    out.single(Kind::Application, &applied.raw, &applied.value)?;
    Ok(())
}

/// An application's one access-log record, before it (or its request) is printed: the
/// personal fields answered and the new candidate's code from the service's `answer`; via
/// `wizard` for the wizard's, `cli` for an answers file's dry run.
fn log_application(
    out: &mut crate::output::Output,
    prepared: &Prepared,
    answer: Option<&serde_json::Value>,
    wizard: bool,
) -> Result<(), Error> {
    if out.audit().is_none() {
        return Ok(());
    }
    let answers: Vec<&serde_json::Value> = prepared.answers.iter().map(|a| &a.answer).collect();
    if wizard {
        out.via(recruit_audit::Via::Wizard);
    }
    out.log(&crate::audit::application(&answers, answer))
}

/// What a run reads before any request (a broken file never costs a round trip): the answers
/// file, a resumed session's saved answers, and the file the session goes on keeping.
struct Inputs {
    file: Option<serde_json::Value>,
    saved: Option<serde_json::Value>,
    save: Option<std::path::PathBuf>,
}

fn read_inputs(ctx: &Ctx, args: &ApplyArgs, interactive: bool) -> Result<Inputs, crate::Error> {
    let file = match &args.answers {
        Some(path) => {
            let what = crate::t!("what-answers-file");
            Some(crate::commands::read_user_json(&ctx.io, path, &what)?)
        }
        None => None,
    };
    if file.is_none() && !interactive {
        return Err(Error::usage(crate::msg!(
            "apply-no-answers",
            code = args.code.as_str()
        )));
    }
    if file.is_some() && args.save.is_some() {
        crate::tell!(ctx.io, "apply-save-ignored");
    }
    // A resumed session is read before any request too.
    let saved = match &args.resume {
        Some(path) => {
            let shown = path.display().to_string();
            if shown == "-" {
                // Standard input is the terminal the wizard reads its answers from.
                return Err(Error::usage(crate::msg!("apply-resume-not-stdin")));
            }
            let what = crate::t!("what-saved-answers");
            Some(crate::commands::read_user_json(&ctx.io, &shown, &what)?)
        }
        None => None,
    };
    // The file a resumed session goes on keeping, unless --save names another.
    let save = args.save.clone().or_else(|| args.resume.clone());
    if file.is_none() {
        if let Some(save) = &save {
            check_save_target(save)?;
        }
    }

    Ok(Inputs { file, saved, save })
}

/// `--dry-run`: the request as it would be sent, and the wizard's files it would upload.
fn dry_run(
    ctx: &mut Ctx,
    out: &mut crate::output::Output,
    planned: &crate::api::Planned,
    prepared: &crate::apply::Prepared,
) -> Result<(), crate::Error> {
    // The wizard's files, not uploaded: the body carries their local paths.
    let files: Vec<serde_json::Value> = prepared
        .answers
        .iter()
        .flat_map(|a| crate::wizard::not_uploaded_in(&a.answer))
        .map(|path| {
            let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
            serde_json::json!({"path": path, "bytes": bytes})
        })
        .collect();
    let extra = match files.is_empty() {
        true => serde_json::Value::Null,
        false => serde_json::json!({ "not_uploaded": files }),
    };
    crate::commands::print_dry_run(ctx, out, planned, extra)
}

/// Warn (stderr) when the form is expired or not open; the service decides.
fn warn_form_state(io: &Io, code: &str, form: &ApplicationForm) {
    let deadline = crate::output::text::local_time(form.end_at.as_deref());
    if form.expired == Some(true) {
        let when = if deadline.is_empty() {
            String::new()
        } else {
            crate::t!("apply-deadline", deadline = deadline)
        };
        crate::tell!(io, "apply-expired", code = code, when = when);
    }
    if form.open_status == Some(false) {
        crate::tell!(io, "apply-not-open", code = code);
    }
}

/// The directory of a --save file must exist (checked before the wizard's questions).
fn check_save_target(path: &std::path::Path) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    if !dir.is_dir() {
        return Err(Error::usage(crate::msg!(
            "apply-save-no-directory",
            path = path.display().to_string(),
            dir = dir.display().to_string()
        )));
    }
    if path.is_dir() {
        return Err(Error::usage(crate::msg!(
            "apply-save-is-directory",
            path = path.display().to_string()
        )));
    }
    Ok(())
}

/// With an answers file on a terminal: show the review and ask before sending.
fn confirm_file_answers(
    ctx: &Ctx,
    code: &str,
    form: &ApplicationForm,
    prepared: &Prepared,
) -> Result<(), Error> {
    let questions = form.questions.as_deref().unwrap_or(&[]);
    let width = console::Term::stderr().size().1;
    let sent = crate::apply::as_sent(questions, &prepared.answers, prepared.variant);
    let review = crate::wizard::review(questions, &sent, prepared.privacy, width);
    let _ = write!(ctx.io.stderr(), "{review}");
    let mut p = TermPrompt::new(ctx.io.term.color);
    let prompt = crate::wizard::session::submit_prompt(code, form);
    match p.confirm(&prompt, true) {
        Ok(true) => Ok(()),
        Ok(false) | Err(Stop::Cancelled) => Err(Error::other(crate::msg!("wizard-cancelled"))),
        Err(Stop::Failed(e)) => Err(Error::other(crate::error::Verbatim::composed(e))),
    }
}

/// How the wizard runs: the variant asked for, the file it keeps, the session it goes on from.
struct WizardRun {
    requested: Variant,
    save: Option<std::path::PathBuf>,
    resumed: Option<crate::wizard::session::Resumed>,
}

/// Run the wizard on the terminal up to a confirmed request (or a cancellation error).
async fn run_wizard(
    ctx: &Ctx,
    client: &Client,
    form: &ApplicationForm,
    how: WizardRun,
    args: &ApplyArgs,
    interrupted: Arc<AtomicBool>,
) -> Result<Prepared, crate::Error> {
    let WizardRun {
        requested,
        save,
        resumed,
    } = how;
    let color = ctx.io.term.color;
    let opts = crate::api::uploads::UploadOptions {
        progress: ctx.io.term.stderr_tty,
        timeout: ctx.timeout()?,
    };
    let upload_client = client.clone();
    let handle = tokio::runtime::Handle::current();
    let form = form.clone();
    let code = args.code.clone();
    let yes = args.yes || args.dry_run;
    let dry_run = args.dry_run;
    let flag = interrupted.clone();
    let mut err = ctx.io.stderr();

    let outcome = tokio::task::spawn_blocking(move || -> Result<Prepared, Error> {
        let mut p = TermPrompt::new(color)
            .with_interrupt(flag.clone())
            .with_dry_run(dry_run);
        let keys = p.keys();
        // Uploads run on the runtime, the terminal given back: Ctrl-C during one stops it like
        // a prompt.
        use crate::wizard::UploadError;
        let mut upload = |path: &std::path::Path| -> Result<String, UploadError> {
            // A dry run's prompts never upload (see Prompt::dry_run); nor does this.
            if dry_run {
                return Err(UploadError::Failed(crate::t!("wizard-nothing-sent")));
            }
            let fut = upload_client.upload_file(path, None, opts);
            keys.cooked(|| {
                handle.block_on(async {
                    tokio::select! {
                        r = fut => r.map(|u| u.file_url).map_err(|e| UploadError::Failed(e.message)),
                        _ = wait_for(flag.clone()) => Err(UploadError::Cancelled),
                    }
                })
            })
        };
        let session = crate::wizard::session::Session {
            form: &form,
            code: &code,
            requested,
            save: save.as_deref(),
            yes,
            width: console::Term::stderr().size().1,
            resumed,
        };
        crate::wizard::session::run(&session, &mut p, &mut upload, &mut err)
    })
    .await
    .map_err(|e| Error::caused(crate::ExitKind::Other, crate::msg!("wizard-failed"), e))??;
    if interrupted.load(Ordering::SeqCst) {
        return Err(Error::other(crate::msg!("wizard-cancelled")));
    }
    Ok(outcome)
}

/// Resolves once `flag` is set.
async fn wait_for(flag: Arc<AtomicBool>) {
    while !flag.load(Ordering::SeqCst) {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// While alive, Ctrl-C sets `flag` instead of killing the process, so a prompt interrupted by
/// it returns and the wizard can say that nothing was sent.
struct CtrlCGuard(tokio::task::JoinHandle<()>);

impl Drop for CtrlCGuard {
    fn drop(&mut self) {
        self.0.abort();
    }
}

fn catch_ctrl_c(flag: Arc<AtomicBool>) -> Option<CtrlCGuard> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut sig = signal(SignalKind::interrupt()).ok()?;
        Some(CtrlCGuard(tokio::spawn(async move {
            while sig.recv().await.is_some() {
                flag.store(true, Ordering::SeqCst);
            }
        })))
    }
    #[cfg(not(unix))]
    {
        Some(CtrlCGuard(tokio::spawn(async move {
            while tokio::signal::ctrl_c().await.is_ok() {
                flag.store(true, Ordering::SeqCst);
            }
        })))
    }
}
