//! What `recruit mcp` offers besides tools: application forms as resources (an assistant can
//! attach a posting as context), prompts for the usual jobs, and compact list items.

use rmcp::model::{
    GetPromptResult, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, Prompt,
    PromptArgument, PromptMessage, ReadResourceResult, Resource, ResourceContents,
    ResourceTemplate, Role,
};
use rmcp::ErrorData as McpError;
use serde_json::{Map, Value};

use super::Server;
use crate::error::{Error, ExitKind};
use crate::output::{Format, Kind, OutputOptions};

/// The address of a form as a resource.
pub(crate) const FORM_TEMPLATE: &str = "recruit://forms/{code}";
const FORM_PREFIX: &str = "recruit://forms/";

/// A form's fields that hold HTML (the posting's sections).
pub(crate) const HTML_FIELDS: &[&str] = &[
    "content",
    "intro_content",
    "main_task_content",
    "requirement_content",
    "preferred_point_content",
    "benefit_content",
];

/// Longest text a compact item keeps of an HTML field, in characters.
pub(crate) const COMPACT_CHARS: usize = 280;

/// What a list's note says when items were made compact.
pub(crate) const COMPACT_NOTE: &str = "note: items are compact: the forms' HTML sections are plain text cut to 280 characters; forms_get (or the resource recruit://forms/{code}) has the whole form, or pass full: true";

/// An item made compact for a model: each HTML field as plain text on one line, cut to
/// [`COMPACT_CHARS`] with `…`. Whether anything changed.
pub(crate) fn compact_item(item: &mut Value) -> bool {
    let Value::Object(m) = item else {
        return false;
    };
    let mut changed = false;
    for key in HTML_FIELDS {
        if let Some(Value::String(html)) = m.get_mut(*key) {
            let text = crate::output::text::html_to_text(html, 1000);
            let words: Vec<&str> = text.split_whitespace().collect();
            let mut plain = words.join(" ");
            if plain.chars().count() > COMPACT_CHARS {
                plain = plain.chars().take(COMPACT_CHARS - 1).collect::<String>() + "…";
            }
            if *html != plain {
                *html = plain;
                changed = true;
            }
        }
    }
    changed
}

fn mcp_error(e: &Error) -> McpError {
    let message = crate::redact::scrub(&e.message);
    match e.kind {
        ExitKind::NotFound => McpError::resource_not_found(message, None),
        ExitKind::Usage => McpError::invalid_params(message, None),
        _ => McpError::internal_error(message, None),
    }
}

impl Server {
    /// Every application form, as a resource.
    pub(crate) async fn form_resources(&self) -> Result<ListResourcesResult, McpError> {
        // Unconfigured (no address, no key): no forms to list, and nothing wrong with the
        // request, which -32602 would claim. Clients list resources as they connect; the tools
        // and reading a form say what to set.
        let Ok(client) = self.client() else {
            return Ok(ListResourcesResult::with_all_items(Vec::new()));
        };
        let q = crate::api::FormListQuery::default();
        let forms = crate::api::records::collect_pages(client.form_pages(&q))
            .await
            .map_err(|e| mcp_error(&e))?;
        let resources = forms
            .iter()
            .filter_map(|f| {
                let code = f.get("code")?.as_str()?;
                let title = f.get("title").and_then(Value::as_str).unwrap_or(code);
                let deadline = f.get("end_at").and_then(Value::as_str).unwrap_or("none");
                Some(
                    Resource::new(format!("{FORM_PREFIX}{code}"), code)
                        .with_title(title)
                        .with_description(format!(
                            "Application form {code}: {title} (deadline {deadline}), with its questions"
                        ))
                        .with_mime_type("text/plain"),
                )
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    pub(crate) fn form_templates(&self) -> ListResourceTemplatesResult {
        ListResourceTemplatesResult::with_all_items(vec![ResourceTemplate::new(
            FORM_TEMPLATE,
            "application_form",
        )
        .with_title("Application form")
        .with_description(
            "An application form (job posting) by code, e.g. recruit://forms/FORM-1001: its fields, sections and questions in order, as text and as the service's JSON",
        )
        .with_mime_type("text/plain")])
    }

    /// A form as a resource: the text `recruit forms get` shows, and the JSON as sent.
    pub(crate) async fn read_form(&self, uri: &str) -> Result<ReadResourceResult, McpError> {
        let code = uri
            .strip_prefix(FORM_PREFIX)
            .filter(|c| !c.is_empty() && !c.contains('/'))
            .ok_or_else(|| {
                McpError::resource_not_found(crate::t!("mcp-no-resource", uri = uri), None)
            })?;
        let client = self.client().map_err(|e| mcp_error(&e))?;
        let form = client.get_form(code).await.map_err(|e| mcp_error(&e))?;
        let resource = form.value.get("resource").cloned().unwrap_or(Value::Null);
        let opts = OutputOptions {
            width: Some(100),
            ..OutputOptions::new(Format::Table)
        };
        let text = crate::output::table::single(Kind::Form, &resource, &opts);
        Ok(ReadResourceResult::new(vec![
            ResourceContents::text(text, uri).with_mime_type("text/plain"),
            ResourceContents::text(form.value.to_string(), uri).with_mime_type("application/json"),
        ]))
    }
}

/// The prompts: (name, title, description, arguments as (name, description, required)).
type PromptDef = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str, bool)],
);

const PROMPTS: &[PromptDef] = &[
    (
        "screen_candidate",
        "Screen a candidate against a posting",
        "Screen a candidate's form submissions against a posting's requirements, with the read tools; nothing is written.",
        &[
            ("candidate", "Candidate code, e.g. C1001", true),
            ("form", "The posting's form code, e.g. FORM-1001 (default: the candidate's job's form)", false),
        ],
    ),
    (
        "draft_memo_reply",
        "Draft a reply to a memo",
        "Draft a reply to a memo in its thread's context; it is created only after the user approves it.",
        &[
            ("candidate", "Candidate code, e.g. C1001", true),
            ("memo", "Id of the memo to reply to, e.g. 101", true),
            ("point", "What the reply should say, in a few words", false),
        ],
    ),
];

pub(crate) fn prompts() -> ListPromptsResult {
    ListPromptsResult::with_all_items(
        PROMPTS
            .iter()
            .map(|(name, title, description, args)| {
                let arguments = args
                    .iter()
                    .map(|(n, d, required)| {
                        let mut a = PromptArgument::new(*n).with_description(*d);
                        a.required = Some(*required);
                        a
                    })
                    .collect();
                let mut p = Prompt::new(*name, Some(*description), Some(arguments));
                p.title = Some((*title).to_string());
                p
            })
            .collect(),
    )
}

/// Prompt `name` filled with `args`; a missing required argument or an unknown prompt is an
/// invalid-params error naming what is valid.
pub(crate) fn prompt(name: &str, args: &Map<String, Value>) -> Result<GetPromptResult, McpError> {
    let Some((_, _, description, params)) = PROMPTS.iter().find(|p| p.0 == name) else {
        let names: Vec<&str> = PROMPTS.iter().map(|p| p.0).collect();
        return Err(McpError::invalid_params(
            crate::t!("mcp-no-prompt", name = name, names = names.join(", ")),
            None,
        ));
    };
    let arg = |k: &str| -> Option<String> {
        match args.get(k)? {
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    };
    for (k, _, required) in params.iter() {
        if *required && arg(k).is_none() {
            return Err(McpError::invalid_params(
                crate::t!("mcp-prompt-needs", name = name, arg = *k),
                None,
            ));
        }
    }
    let candidate = arg("candidate").unwrap_or_default();
    let text = match name {
        "screen_candidate" => {
            let posting = match arg("form") {
                Some(f) => format!("the posting {f} (read it with forms_get {{\"code\": \"{f}\"}} or the resource recruit://forms/{f})"),
                None => "the posting the candidate applied to (candidates_get gives their job; jobs_list gives the job's application_form code; read it with forms_get)".to_string(),
            };
            format!(
                "Screen candidate {candidate} against {posting}.\n\n\
                 1. Call candidates_get {{\"code\": \"{candidate}\"}} for their stage, job and latest evaluation.\n\
                 2. Call submissions_list {{\"candidate\": \"{candidate}\", \"all\": true}} for every answer they gave.\n\
                 3. Read the posting's requirements and preferred points.\n\
                 4. For each requirement, say whether the answers show it (quote the answer), do not show it, or leave it open. Then give an overall recommendation (advance, hold, decline) with the two or three reasons that matter most, and the questions worth asking in an interview.\n\n\
                 Only read: create no memo and change nothing unless I ask. Judge only what the answers say about the job; leave out age, gender, photos and other personal traits."
            )
        }
        _ => {
            let memo = arg("memo").unwrap_or_default();
            let point = arg("point")
                .map(|p| format!(" The reply should say: {p}."))
                .unwrap_or_default();
            format!(
                "Draft a reply to memo {memo} on candidate {candidate}.{point}\n\n\
                 1. Call memos_get {{\"candidate\": \"{candidate}\", \"id\": {memo}}} and memos_list {{\"candidate\": \"{candidate}\"}} for the thread and who wrote what.\n\
                 2. Write a short reply in the thread's language and tone; mention colleagues by their user codes only when they need to act.\n\
                 3. Show me the draft. Only when I approve it, call memos_create {{\"candidate\": \"{candidate}\", \"reply_to\": {memo}, \"content\": ...}} (it keeps the thread's role); with dry_run: true first if I ask to see the request."
            )
        }
    };
    Ok(
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
            .with_description(*description),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compact_item_has_its_html_as_short_plain_text() {
        let long = format!(
            "<h2>Role</h2><ul>{}</ul>",
            "<li>Own features end to end</li>".repeat(40)
        );
        let mut item = serde_json::json!({"code": "F1", "content": long, "title": "<b>kept</b>"});
        assert!(compact_item(&mut item));
        let text = item["content"].as_str().unwrap();
        assert!(!text.contains('<'), "{text}");
        assert_eq!(text.chars().count(), COMPACT_CHARS);
        assert!(text.starts_with("Role • Own features end to end"), "{text}");
        assert!(text.ends_with('…'));
        assert_eq!(item["title"], "<b>kept</b>", "only the HTML sections");
        let mut plain = serde_json::json!({"code": "F2", "content": "short"});
        assert!(!compact_item(&mut plain));
    }
}
