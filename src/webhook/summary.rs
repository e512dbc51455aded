//! `report pipeline --to FORMAT+URL`: the report's summary as one chat message in the tool's
//! incoming-webhook format (the same formats as the relay's chat forwards, cli.md "Forwards
//! that people read"): a title and lines of numbers, no candidate named. The words come
//! worded from the front end; text that came from the service (a job's title) is escaped here
//! for the tool's markup, as the chat forwards do.

use std::time::Duration;

use serde_json::{json, Value};

use super::chat::{Chat, Destination, Format, Message, Options, JANDI_ACCEPT};
use super::delivery::Outcome;
use crate::error::Error;

/// What a summary says: a title and its lines, in the language in use.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    pub title: String,
    /// (heading, text) pairs: a group's name and its numbers.
    pub lines: Vec<(String, String)>,
}

/// How long a chat tool gets to answer.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A job's title (service text) made plain for the tool's markup, by the relay's own rule.
fn plain(s: &str, format: Format) -> String {
    super::chat::escape_for(format, s)
}

impl Summary {
    /// The message in `format` (a template destination gets Slack's shape: a summary has
    /// no event for a template to read).
    pub fn render(&self, format: Format) -> Message {
        let esc = |s: &str| plain(s, format);
        let body = match format {
            Format::Teams => {
                let facts: Vec<Value> = self
                    .lines
                    .iter()
                    .map(|(h, t)| json!({"title": esc(h), "value": esc(t)}))
                    .collect();
                json!({
                    "type": "message",
                    "attachments": [{
                        "contentType": "application/vnd.microsoft.card.adaptive",
                        "contentUrl": null,
                        "content": {
                            "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
                            "type": "AdaptiveCard",
                            "version": "1.4",
                            "body": [
                                {"type": "TextBlock", "text": esc(&self.title), "weight": "Bolder",
                                 "size": "Medium", "wrap": true},
                                {"type": "FactSet", "facts": facts},
                            ],
                        },
                    }],
                })
            }
            Format::GoogleChat => {
                let mut lines = vec![format!("*{}*", esc(&self.title))];
                lines.extend(
                    self.lines
                        .iter()
                        .map(|(h, t)| format!("{}: {}", esc(h), esc(t))),
                );
                json!({"text": lines.join("\n")})
            }
            Format::Jandi => {
                let info: Vec<Value> = self
                    .lines
                    .iter()
                    .map(|(h, t)| json!({"title": esc(h), "description": esc(t)}))
                    .collect();
                json!({"body": esc(&self.title), "connectColor": "#1E88E5", "connectInfo": info})
            }
            Format::Slack | Format::Template => {
                let text: Vec<String> = self
                    .lines
                    .iter()
                    .map(|(h, t)| format!("*{}*\n{}", esc(h), esc(t)))
                    .collect();
                json!({
                    "text": esc(&self.title),
                    "blocks": [
                        {"type": "header",
                         "text": {"type": "plain_text", "text": self.title, "emoji": true}},
                        {"type": "section", "text": {"type": "mrkdwn", "text": text.join("\n\n")}},
                    ],
                })
            }
        };
        let headers: &'static [(&'static str, &'static str)] = match format {
            Format::Jandi => &[("accept", JANDI_ACCEPT)],
            _ => &[],
        };
        Message {
            body: body.to_string().into_bytes(),
            headers,
        }
    }
}

/// A `--to` destination: a chat tool's `FORMAT+URL` (exit 2 for an app's plain URL, which
/// would get a message it cannot read).
pub fn destination(text: &str) -> Result<(Format, Destination), Error> {
    let d = Destination::parse("--to", text)?;
    match d.format {
        Some(f) if f != Format::Template => Ok((f, d)),
        // The path and query of any address are secrets: scheme and host only.
        _ => Err(Error::usage(crate::msg!(
            "report-to-not-chat",
            value = format!(
                "{}://{}/…",
                d.url.scheme(),
                d.url.host_str().unwrap_or_default()
            )
        ))),
    }
}

/// Post `summary` to `to` through the chat module (the relay's one way of posting to a chat
/// tool: unsigned, through the environment's proxy unless it is local).
pub async fn post(
    net: &crate::api::NetSettings,
    format: Format,
    to: &Destination,
    summary: &Summary,
) -> Result<Outcome, Error> {
    let chat = Chat::new(Options::default(), net, TIMEOUT, "report pipeline")?;
    Ok(chat.send(to.url.as_str(), &summary.render(format)).await)
}

#[cfg(test)]
mod markup_tests {
    use super::*;

    /// A job's title from the service never becomes a link or markup in any tool.
    #[test]
    fn a_title_with_markup_stays_text_in_every_format() {
        let s = Summary {
            title: "Pipeline".into(),
            lines: vec![("[click me](http://evil.example) <b>&".into(), "3".into())],
        };
        for (format, made_plain) in [
            (
                Format::Slack,
                "[click me](http://evil.example) &lt;b&gt;&amp;",
            ),
            (
                Format::GoogleChat,
                "[click me](http://evil.example) &lt;b&gt;&amp;",
            ),
            (
                Format::Teams,
                "\\[click me\\]\\(http://evil.example\\) &lt;b&gt;&amp;",
            ),
            (
                Format::Jandi,
                "\\[click me\\]\\(http://evil.example\\) &lt;b&gt;&amp;",
            ),
        ] {
            let body: Value = serde_json::from_slice(&s.render(format).body).unwrap();
            let text = body.to_string();
            let wanted = serde_json::to_string(made_plain).unwrap();
            assert!(
                text.contains(&wanted[1..wanted.len() - 1]),
                "{format:?}: {text}"
            );
            assert!(!text.contains("<b>"), "{format:?}: {text}");
        }
    }
}
