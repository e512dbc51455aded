//! What each tool does, one function per tool: each definition in [`super::tools::TOOLS`]
//! names its function, and the server runs a call through that definition.

use futures::future::BoxFuture;
use serde_json::{json, Value};

use super::{Args, Outcome, Server};
use crate::api::webhooks::{Naming, WebhookFields};
use crate::api::{MemoInput, PageWalker, Stage, Title, WebhookInput, MAX_PER};
use crate::apply::Variant;
use crate::error::Error;

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
    // The service's page size, also for every page.
    let q = a.list_query(a.opt_str("title")?.map(Title), None, false)?;
    s.list(s.client()?.form_pages(&q), a).await
}

pub(crate) async fn forms_get(s: &Server, a: &Args) -> Done {
    Ok(Outcome::Body(
        s.client()?.get_form(&a.str("code")?).await?.value,
    ))
}

pub(crate) async fn memos_list(s: &Server, a: &Args) -> Done {
    let memos = s.client()?.list_memos(&a.str("candidate")?).await?;
    Ok(Outcome::Body(memos.value))
}

pub(crate) async fn memos_get(s: &Server, a: &Args) -> Done {
    let memo = s.client()?.get_memo(&a.str("candidate")?, a.id()?).await?;
    Ok(Outcome::Body(memo.value))
}

pub(crate) async fn submissions_list(s: &Server, a: &Args) -> Done {
    let url = crate::api::records::submissions_url(
        s.client()?,
        &a.str("candidate")?,
        a.opt_int_in("per", 1, MAX_PER.into())?.map(|p| p as u32),
        a.opt_str("page_token")?.as_deref(),
        a.opt_bool("all")?.unwrap_or(false),
    )?;
    s.list(s.client()?.submission_pages(url), a).await
}

pub(crate) async fn candidates_list(s: &Server, a: &Args) -> Done {
    let stage = a.opt_named("stage", Stage::parse, &Stage::names())?;
    let per = a.opt_int_in("per", 1, MAX_PER.into())?.map(|p| p as u32);
    let q = a.list_query(stage, per, true)?;
    s.list(s.client()?.candidate_pages(&q), a).await
}

pub(crate) async fn candidates_get(s: &Server, a: &Args) -> Done {
    let candidate = s.client()?.get_candidate(&a.str("code")?).await?;
    Ok(Outcome::Body(candidate.value))
}

pub(crate) async fn jobs_list(s: &Server, a: &Args) -> Done {
    let q = a.list_query(a.opt_str("title")?.map(Title), None, true)?;
    s.list(s.client()?.job_pages(&q), a).await
}

pub(crate) async fn evaluations_get(s: &Server, a: &Args) -> Done {
    let evaluation = s.client()?.get_evaluation(&a.str("code")?).await?;
    Ok(Outcome::Body(evaluation.value))
}

pub(crate) async fn interviews_get(s: &Server, a: &Args) -> Done {
    let interview = s.client()?.get_interview(&a.str("code")?).await?;
    Ok(Outcome::Body(interview.value))
}

pub(crate) async fn webhooks_list(s: &Server, a: &Args) -> Done {
    s.list(s.client()?.webhook_pages(), a).await
}

pub(crate) async fn webhooks_get(s: &Server, a: &Args) -> Done {
    let hook = s.client()?.get_webhook(&a.str("code")?).await?;
    Ok(Outcome::Body(hook.value))
}

/// The mirror's age as a line for the model.
fn mirror_note(age: &recruit_store::mirror::report::MirrorAge) -> String {
    crate::t!(
        "mcp-mirror-age",
        last = crate::commands::report::local(age.last_sync),
        ago = crate::commands::report::age_said(age.age_seconds)
    )
}

pub(crate) async fn candidates_search(s: &Server, a: &Args) -> Done {
    let query = a.str("query")?;
    let stage = a.opt_named("stage", Stage::parse, &Stage::names())?;
    let limit = a
        .opt_int_in("limit", 1, 1000)?
        .map_or(crate::commands::candidates::SEARCH_LIMIT, |n| n as usize);
    let store = s.open_mirror().await?;
    let found = store
        .call(move |m| m.search(&query, stage.map(|s| s.as_str()), limit))
        .await?;
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
        Some(t) => Some(
            crate::commands::report::parse_since(&t)
                .map_err(|_| Error::usage(crate::msg!("report-since-bad", value = t.as_str())))?,
        ),
    };
    let args = crate::commands::report::PipelineArgs {
        mirror: Default::default(),
        job: a.opt_str("job")?,
        by: a
            .opt_bool("by_job")?
            .unwrap_or(false)
            .then_some(crate::commands::report::By::Job),
        since,
        html: None,
    };
    let filter = args.filter();
    let store = s.open_mirror().await?;
    let database = store.shown.clone();
    let report = store.call(move |m| m.pipeline(&filter)).await?;
    let body = crate::commands::report::to_json(&database, &report, &args);
    Ok(Outcome::WithNotes(body, vec![mirror_note(&report.age)]))
}

pub(crate) async fn memos_create(s: &Server, a: &Args) -> Done {
    let input = MemoInput {
        content: Some(a.str("content")?),
        parent_id: a.opt_int("reply_to")?,
        ..a.memo_fields()?
    };
    let candidate = a.str("candidate")?;
    if a.dry_run()? {
        // A reply's role is read from its parent, as the real call does.
        let planned = s.client()?.plan_memo_in_thread(&candidate, &input).await?;
        return Ok(dry(&planned, None));
    }
    let memo = s
        .client()?
        .create_memo_in_thread(&candidate, &input)
        .await?;
    Ok(Outcome::Body(memo.value))
}

pub(crate) async fn memos_edit(s: &Server, a: &Args) -> Done {
    let input = MemoInput {
        content: a.opt_str("content")?,
        ..a.memo_fields()?
    };
    if input.is_empty() {
        return Err(Error::usage(crate::msg!("mcp-memo-nothing-to-change")));
    }
    let (candidate, id) = (a.str("candidate")?, a.id()?);
    if a.dry_run()? {
        let planned = s.client()?.edit_memo_request(&candidate, id, &input)?;
        return Ok(dry(&planned, None));
    }
    let memo = s.client()?.edit_memo(&candidate, id, &input).await?;
    Ok(Outcome::Body(memo.value))
}

/// Leave a memo pinned (`want`) or not, reading it first; a memo already so is left alone
/// and the result says so.
async fn set_pinned(s: &Server, a: &Args, want: bool) -> Done {
    let (candidate, id) = (a.str("candidate")?, a.id()?);
    let word = if want { "pinned" } else { "unpinned" };
    let already = crate::t!(
        "memo-already",
        id = id,
        candidate = candidate.as_str(),
        state = word
    );
    if a.dry_run()? {
        let (memo, toggle) = s.client()?.plan_pin(&candidate, id, want).await?;
        let pinned = memo.data.resource.pinned.unwrap_or(false);
        let state = json!({"toggle_needed": toggle.is_some(), "pinned": pinned});
        return Ok(match toggle {
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
    let (memo, changed) = s.client()?.set_pinned(&candidate, id, want).await?;
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
    let (cand, id) = (a.str("candidate")?, a.id()?);
    if a.dry_run()? {
        return Ok(dry(&s.client()?.delete_memo_request(&cand, id)?, None));
    }
    let resp = s.client()?.delete_memo(&cand, id).await?;
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
    let (_, prepared) = match crate::apply::submit::prepare_application(
        s.client()?,
        &code,
        &answers,
        variant,
    )
    .await
    {
        Ok(p) => p,
        Err(crate::apply::submit::ApplyRefused::Api(e)) => return Err(e),
        Err(crate::apply::submit::ApplyRefused::Invalid(report)) => {
            let (lines, summary) =
                crate::apply::submit::problem_lines(&report, &crate::t!("what-the-answers"));
            let mut text = lines.join("\n");
            text.push('\n');
            text.push_str(&summary);
            return Err(Error::usage(crate::error::Verbatim::composed(text)));
        }
    };
    let mut notes: Vec<String> = prepared.remarks.lines().collect();
    if dry_run {
        notes.push(crate::t!(
            "mcp-dry-run-variant",
            variant = prepared.variant.to_string()
        ));
        let planned = s.client()?.apply_request(&code, &prepared.body)?;
        return Ok(Outcome::WithNotes(planned.to_json(), notes));
    }
    let applied = s.client()?.apply(&code, &prepared.body).await?;
    Ok(Outcome::WithNotes(applied.value, notes))
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
    let (input, mut warnings) = webhook_input(a, true)?;
    if a.dry_run()? {
        let planned = s.client()?.create_webhook_request(&input)?;
        warnings.push(crate::t!("mcp-dry-run-key-masked"));
        return Ok(Outcome::WithNotes(planned.to_json(), warnings));
    }
    let created = s.client()?.create_webhook(&input).await?;
    Ok(Outcome::WithNotes(created.value, warnings))
}

pub(crate) async fn webhooks_edit(s: &Server, a: &Args) -> Done {
    let (input, mut warnings) = webhook_input(a, false)?;
    let code = a.str("code")?;
    if a.dry_run()? {
        let planned = s.client()?.edit_webhook_request(&code, &input)?;
        warnings.push(crate::t!("mcp-dry-run-key-masked"));
        return Ok(Outcome::WithNotes(planned.to_json(), warnings));
    }
    let edited = s.client()?.edit_webhook(&code, &input).await?;
    Ok(Outcome::WithNotes(edited.value, warnings))
}

pub(crate) async fn webhooks_delete(s: &Server, a: &Args) -> Done {
    let code = a.str("code")?;
    if a.dry_run()? {
        return Ok(dry(&s.client()?.delete_webhook_request(&code)?, None));
    }
    let resp = s.client()?.delete_webhook(&code).await?;
    let what = json!({"deleted": {"webhook": code}});
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
