//! What each tool does, one function per tool: each definition in [`super::tools::TOOLS`]
//! names its function, and the server runs a call through that definition.

use futures::future::BoxFuture;
use serde_json::{json, Value};

use super::{Args, Outcome, Server};
use crate::api::webhooks::{Naming, WebhookFields};
use crate::api::{Fetched, MemoInput, PageWalker, Stage, WebhookInput, MAX_PER};
use crate::apply::Variant;
use crate::error::Error;
use crate::ops::{
    candidates, evaluations, forms, interviews, jobs, memos, report, submissions, webhooks, Pages,
    Sent,
};

/// A tool's run: its arguments read, the service called, the result.
pub(crate) type Run = for<'a> fn(&'a Server, &'a Args) -> BoxFuture<'a, Done>;

pub(crate) type Done = Result<Outcome, Error>;

/// Each tool's [`Run`]: its function in this module, boxed (what the definitions name).
pub(crate) mod run {
    use super::{Args, BoxFuture, Done, Server};

    macro_rules! boxed {
        ($($tool:ident),* $(,)?) => {$(
            pub(crate) fn $tool<'a>(s: &'a Server, a: &'a Args) -> BoxFuture<'a, Done> {
                Box::pin(super::$tool(s, a))
            }
        )*};
    }

    boxed!(
        forms_list,
        forms_get,
        memos_list,
        memos_get,
        submissions_list,
        candidates_list,
        candidates_get,
        jobs_list,
        evaluations_get,
        interviews_get,
        webhooks_list,
        webhooks_get,
        candidates_search,
        pipeline_report,
        memos_create,
        memos_edit,
        memos_pin,
        memos_unpin,
        memos_delete,
        forms_apply,
        webhooks_create,
        webhooks_edit,
        webhooks_delete,
    );
}

pub(crate) async fn forms_list(s: &Server, a: &Args) -> Done {
    let o = forms::ListOptions {
        title: a.opt_str("title")?,
        page_token: a.opt_str("page_token")?,
        per: None,
    };
    s.list(forms::list(s.client()?, &o), a).await
}

pub(crate) async fn forms_get(s: &Server, a: &Args) -> Done {
    Ok(Outcome::Body(
        forms::get(s.client()?, &a.str("code")?).await?.value,
    ))
}

pub(crate) async fn memos_list(s: &Server, a: &Args) -> Done {
    let memos = memos::list(s.client()?, &a.str("candidate")?).await?;
    Ok(Outcome::Body(memos.value))
}

/// The memo the arguments name (`candidate`, `id`).
fn memo_ref(a: &Args) -> Result<memos::MemoRef, Error> {
    Ok(memos::MemoRef {
        candidate: a.str("candidate")?,
        memo: a.id()?,
    })
}

pub(crate) async fn memos_get(s: &Server, a: &Args) -> Done {
    let memo = memos::get(s.client()?, &memo_ref(a)?).await?;
    Ok(Outcome::Body(memo.value))
}

pub(crate) async fn submissions_list(s: &Server, a: &Args) -> Done {
    let client = s.client()?;
    let o = submissions::ListOptions {
        candidate: a.str("candidate")?,
        pages: Pages {
            per: a.opt_int_in("per", 1, MAX_PER.into())?.map(|p| p as u32),
            page_token: a.opt_str("page_token")?,
            all: a.opt_bool("all")?.unwrap_or(false),
            // The walk's limit is the server's ([`Server::list`]); it sizes no page here.
            limit: None,
        },
    };
    s.list(submissions::list(client, &o)?, a).await
}

pub(crate) async fn candidates_list(s: &Server, a: &Args) -> Done {
    let stage = a.opt_named("stage", Stage::parse, &Stage::names())?;
    let per = a.opt_int_in("per", 1, MAX_PER.into())?.map(|p| p as u32);
    let o = candidates::ListOptions {
        stage,
        pages: a.pages(per)?,
    };
    s.list(candidates::list(s.client()?, &o), a).await
}

pub(crate) async fn candidates_get(s: &Server, a: &Args) -> Done {
    let candidate = candidates::get(s.client()?, &a.str("code")?).await?;
    Ok(Outcome::Body(candidate.value))
}

pub(crate) async fn jobs_list(s: &Server, a: &Args) -> Done {
    let title = a.opt_str("title")?;
    let o = jobs::ListOptions {
        title,
        pages: a.pages(None)?,
    };
    s.list(jobs::list(s.client()?, &o), a).await
}

pub(crate) async fn evaluations_get(s: &Server, a: &Args) -> Done {
    let evaluation = evaluations::get(s.client()?, &a.str("code")?).await?;
    Ok(Outcome::Body(evaluation.value))
}

pub(crate) async fn interviews_get(s: &Server, a: &Args) -> Done {
    let interview = interviews::get(s.client()?, &a.str("code")?).await?;
    Ok(Outcome::Body(interview.value))
}

pub(crate) async fn webhooks_list(s: &Server, a: &Args) -> Done {
    s.list(webhooks::list(s.client()?), a).await
}

pub(crate) async fn webhooks_get(s: &Server, a: &Args) -> Done {
    let hook = webhooks::get(s.client()?, &a.str("code")?).await?;
    Ok(Outcome::Body(hook.value))
}

/// The mirror's age as a line for the model.
fn mirror_note(age: &recruit_store::mirror::report::MirrorAge) -> String {
    crate::t!(
        "mcp-mirror-age",
        last = report::local(age.last_sync),
        ago = report::age(age.age_seconds).said()
    )
}

pub(crate) async fn candidates_search(s: &Server, a: &Args) -> Done {
    let query = a.str("query")?;
    let stage = a.opt_named("stage", Stage::parse, &Stage::names())?;
    let limit = a
        .opt_int_in("limit", 1, 1000)?
        .map_or(candidates::SEARCH_LIMIT, |n| n as usize);
    let o = candidates::SearchOptions {
        query,
        stage,
        limit,
    };
    let store = s.open_mirror().await?;
    let found = candidates::search(&store, &o).await?;
    let body = json!({
        "collection": found.items,
        "total": found.total,
        "mirror": found.age.to_json(),
    });
    Ok(Outcome::WithNotes(body, vec![mirror_note(&found.age)]))
}

pub(crate) async fn pipeline_report(s: &Server, a: &Args) -> Done {
    let since = match a.opt_str("since")? {
        None => None,
        Some(t) => Some(report::parse_since(&t).map_err(Error::usage)?),
    };
    let o = report::PipelineOptions {
        job: a.opt_str("job")?,
        by: a
            .opt_bool("by_job")?
            .unwrap_or(false)
            .then_some(report::By::Job),
        since,
    };
    let store = s.open_mirror().await?;
    let database = store.shown.clone();
    let pipeline = report::pipeline(&store, &o).await?;
    let body = report::to_json(&database, &pipeline, &o);
    Ok(Outcome::WithNotes(body, vec![mirror_note(&pipeline.age)]))
}

pub(crate) async fn memos_create(s: &Server, a: &Args) -> Done {
    let input = MemoInput {
        content: Some(a.str("content")?),
        parent_id: a.opt_int("reply_to")?,
        ..a.memo_fields()?
    };
    let o = memos::CreateOptions {
        candidate: a.str("candidate")?,
        input,
        dry_run: a.dry_run()?,
    };
    Ok(written(memos::create(s.client()?, &o).await?))
}

/// A written record's body, or a dry run's request.
fn written<T>(sent: Sent<Fetched<T>>) -> Outcome {
    match sent {
        Sent::Planned(planned) => dry(&planned, None),
        Sent::Done(record) => Outcome::Body(record.value),
    }
}

pub(crate) async fn memos_edit(s: &Server, a: &Args) -> Done {
    let input = MemoInput {
        content: a.opt_str("content")?,
        ..a.memo_fields()?
    };
    if input.is_empty() {
        return Err(Error::usage(crate::msg!("mcp-memo-nothing-to-change")));
    }
    let o = memos::EditOptions {
        memo: memo_ref(a)?,
        input,
        dry_run: a.dry_run()?,
    };
    Ok(written(memos::edit(s.client()?, &o).await?))
}

/// Leave a memo pinned (`want`) or not, reading it first; a memo already so is left alone
/// and the result says so.
async fn set_pinned(s: &Server, a: &Args, want: bool) -> Done {
    let memo = memo_ref(a)?;
    let (candidate, id) = (memo.candidate.clone(), memo.memo);
    let word = if want { "pinned" } else { "unpinned" };
    let already = crate::t!(
        "memo-already",
        id = id,
        candidate = candidate.as_str(),
        state = word
    );
    let o = memos::PinOptions {
        memo,
        pinned: want,
        dry_run: a.dry_run()?,
    };
    let (memo, changed) = match memos::set_pinned(s.client()?, &o).await? {
        memos::Pinned::Done { memo, changed } => (memo, changed),
        memos::Pinned::Planned(plan) => {
            let state = plan.state();
            return Ok(match plan.toggle {
                Some(planned) => dry(&planned, Some(state)),
                None => {
                    let mut body = json!({"method": null, "url": null, "body": null});
                    merge(&mut body, state);
                    let note = crate::t!(
                        "mcp-dry-run-already",
                        id = id,
                        candidate = candidate.as_str(),
                        state = word
                    );
                    Outcome::WithNotes(body, vec![note])
                }
            });
        }
    };
    Ok(match changed {
        true => Outcome::Body(memo.value),
        false => Outcome::WithNotes(memo.value, vec![already]),
    })
}

/// A dry run's result: the request as it would be sent (`{"method", "url", "body"}`, with any
/// `extra` keys) and a note that nothing was sent.
fn dry(planned: &crate::api::Planned, extra: Option<Value>) -> Outcome {
    let mut body = planned.to_json();
    if let Some(extra) = extra {
        merge(&mut body, extra);
    }
    Outcome::WithNotes(body, vec![crate::t!("dry-run-nothing-sent")])
}

fn merge(into: &mut Value, from: Value) {
    if let (Some(into), Value::Object(from)) = (into.as_object_mut(), from) {
        into.extend(from);
    }
}

pub(crate) async fn memos_pin(s: &Server, a: &Args) -> Done {
    set_pinned(s, a, true).await
}

pub(crate) async fn memos_unpin(s: &Server, a: &Args) -> Done {
    set_pinned(s, a, false).await
}

pub(crate) async fn memos_delete(s: &Server, a: &Args) -> Done {
    let o = memos::DeleteOptions {
        memo: memo_ref(a)?,
        dry_run: a.dry_run()?,
    };
    let resp = match memos::delete(s.client()?, &o).await? {
        Sent::Planned(planned) => return Ok(dry(&planned, None)),
        Sent::Done(resp) => resp,
    };
    let (cand, id) = (o.memo.candidate, o.memo.memo);
    let what = json!({"deleted": {"candidate": cand, "memo": id}});
    Ok(Outcome::Body(deleted(&resp, what)))
}

pub(crate) async fn forms_apply(s: &Server, a: &Args) -> Done {
    let code = a.str("code")?;
    let answers = a.get("answers").cloned().unwrap_or(Value::Null);
    let variant = match a.opt_str("variant")?.as_deref() {
        None => Variant::A,
        Some(v) => Variant::parse_setting(v)
            .ok_or_else(|| Error::usage(crate::msg!("mcp-variant-not-a-or-b", value = v)))?,
    };
    let dry_run = a.opt_bool("dry_run")?.unwrap_or(false);
    let o = forms::PrepareOptions {
        code,
        answers,
        variant,
    };
    let (_, prepared) = match forms::prepare(s.client()?, &o).await {
        Ok(p) => p,
        Err(forms::ApplyRefused::Api(e)) => return Err(e),
        Err(forms::ApplyRefused::Invalid(report)) => {
            let (lines, summary) =
                crate::apply::submit::problem_lines(&report, &crate::t!("what-the-answers"));
            let mut text = lines.join("\n");
            text.push('\n');
            text.push_str(&summary);
            return Err(Error::usage(crate::error::Verbatim::composed(text)));
        }
    };
    let mut notes: Vec<String> = prepared.remarks.lines().collect();
    match forms::submit(s.client()?, &o.code, &prepared, dry_run).await? {
        Sent::Planned(planned) => {
            notes.push(crate::t!(
                "mcp-dry-run-variant",
                variant = prepared.variant.to_string()
            ));
            Ok(Outcome::WithNotes(planned.to_json(), notes))
        }
        Sent::Done(applied) => Ok(Outcome::WithNotes(applied.value, notes)),
    }
}

/// A registration's body from the arguments, by the reading both front ends share; its
/// warnings (an event the service does not document) go into the result, as the command's go
/// to stderr.
fn webhook_input(a: &Args, creating: bool) -> Result<(WebhookInput, Vec<String>), Error> {
    let fields = WebhookFields {
        callback_url: a.opt_str("callback_url")?,
        signing_key: a.opt_str("signing_key")?,
        events: a.opt_strings("events")?,
        active: a.opt_bool("active")?,
        extra: Default::default(),
    };
    let checked = fields
        .check(creating, Naming::Arguments)
        .map_err(|problems| {
            Error::usage(crate::error::Verbatim::composed(crate::i18n::said_all(
                &problems, "; ",
            )))
        })?;
    let warnings = checked
        .warnings
        .iter()
        .map(|w| crate::t!("warning-line", warning = w.said()))
        .collect();
    Ok((checked.body, warnings))
}

pub(crate) async fn webhooks_create(s: &Server, a: &Args) -> Done {
    let (body, warnings) = webhook_input(a, true)?;
    let o = webhooks::CreateOptions {
        body,
        dry_run: a.dry_run()?,
    };
    let sent = webhooks::create(s.client()?, &o).await?;
    Ok(webhook_written(sent, warnings))
}

pub(crate) async fn webhooks_edit(s: &Server, a: &Args) -> Done {
    let (body, warnings) = webhook_input(a, false)?;
    let o = webhooks::EditOptions {
        code: a.str("code")?,
        body,
        dry_run: a.dry_run()?,
    };
    let sent = webhooks::edit(s.client()?, &o).await?;
    Ok(webhook_written(sent, warnings))
}

/// A written registration with the warnings of its reading, or a dry run's request (its
/// signing key masked, which a note says).
fn webhook_written<T>(sent: Sent<Fetched<T>>, mut warnings: Vec<String>) -> Outcome {
    match sent {
        Sent::Planned(planned) => {
            warnings.push(crate::t!("mcp-dry-run-key-masked"));
            Outcome::WithNotes(planned.to_json(), warnings)
        }
        Sent::Done(written) => Outcome::WithNotes(written.value, warnings),
    }
}

pub(crate) async fn webhooks_delete(s: &Server, a: &Args) -> Done {
    let o = webhooks::DeleteOptions {
        code: a.str("code")?,
        dry_run: a.dry_run()?,
    };
    let resp = match webhooks::delete(s.client()?, &o).await? {
        Sent::Planned(planned) => return Ok(dry(&planned, None)),
        Sent::Done(resp) => resp,
    };
    let what = json!({"deleted": {"webhook": o.code}});
    Ok(Outcome::Body(deleted(&resp, what)))
}

/// A delete's answer: the body when the service sent one, else what was deleted.
fn deleted(resp: &crate::api::ApiResponse, what: Value) -> Value {
    resp.value().ok().filter(|v| !v.is_null()).unwrap_or(what)
}

impl Server {
    /// One page as sent, or with `all` / `limit` every item as `{"collection": [...]}`.
    async fn list(&self, mut walker: PageWalker, a: &Args) -> Done {
        let all = a.opt_bool("all")?.unwrap_or(false);
        let limit = a
            .opt_int_in("limit", 1, MAX_LIMIT)?
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        if all || limit.is_some() {
            let mut items = crate::api::records::collect_pages(walker.limit(limit)).await?;
            // Compact unless asked: a model's context is not the place for every form's HTML.
            let full = a.opt_bool("full")?.unwrap_or(false);
            let compacted = !full
                && items.iter_mut().fold(false, |any, item| {
                    super::resources::compact_item(item) | any
                });
            let body = json!({ "collection": items });
            return Ok(match compacted {
                true => Outcome::WithNotes(body, vec![super::resources::COMPACT_NOTE.into()]),
                false => Outcome::Body(body),
            });
        }
        let page = walker.next_page().await?;
        Ok(Outcome::Body(page.map_or(Value::Null, |p| p.value)))
    }
}

/// Most items a call collects with `limit`.
const MAX_LIMIT: i64 = 1_000_000;
