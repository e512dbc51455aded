//! One wizard session, from the form's title to a reviewed request: the questions, then a
//! review with submit / change an answer / cancel, `--save` kept up to date. Driven by any
//! [`Prompt`], so tests run it with [`super::scripted::Scripted`].

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{Prompt, Stop, Uploader};
use crate::api::{ApplicationForm, Question};
use crate::apply::{answers_file, as_sent, likely_variant, Answer, Prepared, Variant};
use crate::error::Error;

/// What a session is about and how it ends.
pub struct Session<'a> {
    pub form: &'a ApplicationForm,
    pub code: &'a str,
    pub requested: Variant,
    /// `--save FILE`: the answers so far, rewritten after each review and on Ctrl-C.
    pub save: Option<&'a Path>,
    /// No review: the first valid request is the answer (`--yes`, `--dry-run`).
    pub yes: bool,
    /// The review table's width.
    pub width: u16,
}

/// Ask, review, and return the request the user chose to submit. `err` receives the problems
/// should the answers not make a request (exit 2).
pub fn run(
    s: &Session<'_>,
    p: &mut dyn Prompt,
    upload: &mut Uploader<'_>,
    err: &mut dyn std::io::Write,
) -> Result<Prepared, Error> {
    let questions: &[Question] = s.form.questions.as_deref().unwrap_or(&[]);
    show_form(p, s.code, s.form);
    let mut answers = Vec::new();
    let mut privacy = match super::collect(s.form, p, upload, &mut answers) {
        Ok(b) => b,
        Err(stop) => {
            let sent = as_sent(questions, &answers, likely_variant(questions, s.requested));
            let saved = s
                .save
                .and_then(|path| save_answers(p, path, &answers_file(questions, &sent, None)));
            return Err(stopped(p, stop, saved));
        }
    };
    let mut first = true;
    loop {
        let file = answers_file(questions, &answers, Some(privacy));
        let prepared = crate::apply::submit::prepare_or_report(
            Some(&mut *err),
            questions,
            &file,
            s.requested,
            "the answers",
        )?;
        let sent = as_sent(questions, &prepared.answers, prepared.variant);
        let file = answers_file(questions, &sent, Some(privacy));
        if let Some(path) = s.save {
            save_answers(p, path, &file);
        }
        if first {
            for note in &prepared.notes {
                p.say(&format!("note: {note}"));
            }
            for w in &prepared.warnings {
                p.say(&format!("warning: {w}"));
            }
            first = false;
        }
        if s.yes {
            return Ok(prepared);
        }
        p.say("");
        p.say(&super::review(questions, &sent, prepared.privacy, s.width));
        let choices = [
            submit_prompt(s.code, s.form, prepared.variant),
            "Change an answer".to_string(),
            "Cancel; nothing is sent".to_string(),
        ];
        let edit = match p.select("What next?", &choices, 0) {
            Ok(0) => return Ok(prepared),
            Ok(1) => edit_answer(p, questions, &mut answers, &mut privacy, upload),
            Ok(_) => return Err(Error::other("cancelled; nothing was sent")),
            Err(stop) => Err(stop),
        };
        if let Err(stop) = edit {
            let saved = s.save.and_then(|path| save_answers(p, path, &file));
            return Err(stopped(p, stop, saved));
        }
    }
}

/// The review's first choice.
pub(crate) fn submit_prompt(code: &str, form: &ApplicationForm, variant: Variant) -> String {
    let title = form.title.as_deref().unwrap_or("");
    let title = if title.is_empty() {
        String::new()
    } else {
        format!(" ({title})")
    };
    format!("Submit this application to {code}{title}, request variant {variant}?")
}

/// After the review: pick an answer (or the privacy consent) and give it again.
fn edit_answer(
    p: &mut dyn Prompt,
    questions: &[Question],
    answers: &mut Vec<Answer>,
    privacy: &mut bool,
    upload: &mut super::Uploader<'_>,
) -> Result<(), Stop> {
    let (asks, items) = super::edit_items(questions, answers, *privacy);
    let k = p.select("Which answer?", &items, 0)?;
    match asks.get(k) {
        Some(&i) => {
            let value = super::answer_question(p, questions, i, upload)?;
            super::set_answer(questions, answers, i, value);
        }
        None => *privacy = super::ask_privacy(p, *privacy)?,
    }
    Ok(())
}

/// Write `--save FILE`; the path when it was written.
fn save_answers(p: &mut dyn Prompt, path: &Path, file: &Value) -> Option<PathBuf> {
    let text = serde_json::to_string_pretty(file).unwrap_or_default() + "\n";
    match std::fs::write(path, text) {
        Ok(()) => {
            p.say(&format!("answers saved to {}", path.display()));
            Some(path.to_path_buf())
        }
        Err(e) => {
            p.say(&format!(
                "warning: cannot write the answers to {}: {e}",
                path.display()
            ));
            None
        }
    }
}

/// The error for a wizard stopped by Ctrl-C (exit 130) or a terminal that failed; "cancelled"
/// starts a line of its own, whatever the prompt left on the last one.
pub(crate) fn stopped(p: &mut dyn Prompt, stop: Stop, saved: Option<PathBuf>) -> Error {
    let kept = saved
        .map(|p| format!(" (the answers so far are in {})", p.display()))
        .unwrap_or_default();
    match stop {
        Stop::Cancelled => {
            p.say("");
            Error::new(
                crate::error::ExitKind::Interrupted,
                format!("cancelled; nothing was sent{kept}"),
            )
        }
        Stop::Failed(e) => Error::other(format!("{e}; nothing was sent{kept}")),
    }
}

/// The form's title, deadline and state before the questions.
pub(crate) fn show_form(p: &mut dyn Prompt, code: &str, form: &ApplicationForm) {
    let title = form.title.as_deref().unwrap_or(code);
    p.say(&format!("Applying to {title} ({code})"));
    let deadline = crate::output::text::local_time(form.end_at.as_deref());
    if !deadline.is_empty() {
        p.say(&format!("Deadline: {deadline}"));
    }
    if form.expired == Some(true) {
        p.say("warning: this posting has expired; the service may refuse the application");
    }
    if form.open_status == Some(false) {
        p.say("warning: this posting is not open; the service may refuse the application");
    }
    p.say("Ctrl-C stops at any point without sending anything.");
    p.say("");
}
