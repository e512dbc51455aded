//! One wizard session, from the form's title to a reviewed request: the questions (all, or
//! those a resumed session left unanswered), then a review with submit / change an answer /
//! cancel, `--save` kept up to date. Driven by any [`Prompt`], so tests run it with
//! [`super::scripted::Scripted`].

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{Prompt, Stop, Uploader};
use crate::api::{ApplicationForm, Question};
use crate::apply::{
    answers_file, as_sent, likely_variant, mark_unfinished, Answer, Prepared, Unfinished, Variant,
};
use crate::error::Error;
use crate::t;

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
    /// `--resume FILE`: the answers of a saved session, to go on from.
    pub resumed: Option<Resumed>,
}

/// The answers a saved session (a `--save` file) had, read by [`crate::apply::resume`].
#[derive(Debug, Clone)]
pub struct Resumed {
    pub from: PathBuf,
    pub answers: Vec<Answer>,
    pub privacy: Option<bool>,
    /// The question it stopped inside, gone on with first.
    pub unfinished: Option<Unfinished>,
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
    let (mut answers, known_privacy, mut unfinished) = match &s.resumed {
        Some(r) => {
            let going_on = |i: usize| r.unfinished.as_ref().is_some_and(|u| u.index == i);
            let left = super::askable(questions)
                .into_iter()
                .filter(|i| !r.answers.iter().any(|a| a.index == *i) || going_on(*i))
                .count();
            p.say(&t!(
                "wizard-resumed",
                path = r.from.display().to_string(),
                kept = r.answers.len(),
                left = left
            ));
            p.say("");
            (r.answers.clone(), r.privacy, r.unfinished.clone())
        }
        None => (Vec::new(), None, None),
    };
    let collected = super::collect(
        s.form,
        p,
        upload,
        &mut answers,
        known_privacy,
        &mut unfinished,
    );
    let mut privacy = match collected {
        Ok(b) => b,
        Err(stop) => {
            let sent = as_sent(
                questions,
                &uploaded_only(&answers),
                likely_variant(questions, s.requested),
            );
            let mut file = answers_file(questions, &sent, known_privacy);
            if let Some(u) = &unfinished {
                mark_unfinished(questions, &mut file, u);
            }
            let saved = s.save.and_then(|path| save_answers(p, path, &file));
            return Err(stopped(stop, s.code, saved));
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
            &crate::t!("what-the-answers"),
        )?;
        let sent = as_sent(questions, &prepared.answers, prepared.variant);
        let kept = as_sent(
            questions,
            &uploaded_only(&prepared.answers),
            prepared.variant,
        );
        let file = answers_file(questions, &kept, Some(privacy));
        if let Some(path) = s.save {
            save_answers(p, path, &file);
        }
        // The notes are about request variants, the API's business, not the applicant's.
        if first {
            for w in &prepared.remarks.warnings {
                p.say(&crate::t!("warning-line", warning = w.as_str()));
            }
            first = false;
        }
        if s.yes {
            return Ok(prepared);
        }
        p.say("");
        p.say(&super::review(questions, &sent, prepared.privacy, s.width));
        let choices = [
            submit_choice(s.code, s.form, usize::from(s.width).saturating_sub(4)),
            t!("wizard-change"),
            t!("wizard-cancel"),
        ];
        let edit = match p.select(&t!("wizard-what-next"), &choices, 0) {
            Ok(0) => return Ok(prepared),
            Ok(1) => edit_answer(p, questions, &mut answers, &mut privacy, upload),
            Ok(_) => return Err(Error::other(crate::msg!("wizard-cancelled"))),
            Err(stop) => Err(stop),
        };
        if let Err(stop) = edit {
            let saved = s.save.and_then(|path| save_answers(p, path, &file));
            return Err(stopped(stop, s.code, saved));
        }
    }
}

/// The answers but those naming a file a dry run did not upload ([`super::not_uploaded`]):
/// kept in `--save FILE`, its local path would be sent as the uploaded file's later; left
/// out, a resumed session asks for the file again.
fn uploaded_only(answers: &[Answer]) -> Vec<Answer> {
    answers
        .iter()
        .filter(|a| super::not_uploaded_in(&a.answer).is_empty())
        .cloned()
        .collect()
}

/// The review's first choice: `Submit this application to FORM-1001 (Designer)?`.
pub(crate) fn submit_prompt(code: &str, form: &ApplicationForm) -> String {
    match form.title.as_deref().filter(|t| !t.is_empty()) {
        Some(title) => t!("wizard-submit-titled", code = code, title = title),
        None => t!("wizard-submit", code = code),
    }
}

/// [`submit_prompt`] as a choice of at most `width` columns: the form's title is shortened
/// (then left out) to make room, never the rest, which in Korean ends with the verb
/// (`… 공고에 이 지원서를 제출할까요?`): a choice cut at its end would not say what it does.
pub(crate) fn submit_choice(code: &str, form: &ApplicationForm, width: usize) -> String {
    use console::measure_text_width as cols;
    let whole = submit_prompt(code, form);
    let title = form.title.as_deref().unwrap_or("");
    if cols(&whole) <= width || title.is_empty() {
        return whole;
    }
    let bare = t!("wizard-submit-titled", code = code, title = "");
    let room = width.saturating_sub(cols(&bare));
    // Room for a few characters of the title and its ellipsis, or none of it.
    if room < 6 {
        return t!("wizard-submit", code = code);
    }
    let short = console::truncate_str(title, room, "…");
    t!("wizard-submit-titled", code = code, title = short.as_ref())
}

/// After the review: pick an answer (or the privacy consent) and give it again, starting from
/// the answer it has.
fn edit_answer(
    p: &mut dyn Prompt,
    questions: &[Question],
    answers: &mut Vec<Answer>,
    privacy: &mut bool,
    upload: &mut super::Uploader<'_>,
) -> Result<(), Stop> {
    let (asks, items) = super::edit_items(questions, answers, *privacy);
    let k = p.select(&t!("wizard-which-answer"), &items, 0)?;
    match asks.get(k) {
        Some(&i) => {
            let now = answers
                .iter()
                .find(|a| a.index == i)
                .map(|a| a.answer.clone());
            let value = super::answer_question(p, questions, i, now.as_ref(), upload)?;
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
            p.say(&t!("wizard-saved", path = path.display().to_string()));
            Some(path.to_path_buf())
        }
        Err(e) => {
            p.say(&t!(
                "wizard-save-failed",
                path = path.display().to_string(),
                error = crate::error::cause_of(&e).said()
            ));
            None
        }
    }
}

/// The error for a wizard stopped by Ctrl-C (exit 130) or a terminal that failed; "cancelled"
/// starts a line of its own, whatever the prompt left on the last one. It says where the
/// answers are and how to go on from them, or, with no `--save`, how to keep them next time.
pub(crate) fn stopped(stop: Stop, code: &str, saved: Option<PathBuf>) -> Error {
    let kept = match saved {
        Some(path) => t!(
            "wizard-kept",
            path = path.display().to_string(),
            code = code
        ),
        None => t!("wizard-not-kept", code = code),
    };
    match stop {
        // The prompt stopped ended its line (see TermPrompt): the message starts one.
        Stop::Cancelled => Error::new(
            crate::error::ExitKind::Interrupted,
            crate::error::Verbatim::composed(format!("{} {kept}", t!("wizard-cancelled"))),
        ),
        Stop::Failed(e) => Error::other(crate::error::Verbatim::composed(format!(
            "{e}; {} {kept}",
            t!("wizard-nothing-sent")
        ))),
    }
}

/// The form's title, deadline and state before the questions.
pub(crate) fn show_form(p: &mut dyn Prompt, code: &str, form: &ApplicationForm) {
    let title = form.title.as_deref().unwrap_or(code);
    p.say(&t!("wizard-applying", title = title, code = code));
    let deadline = crate::output::text::local_time(form.end_at.as_deref());
    if !deadline.is_empty() {
        p.say(&t!("wizard-deadline", deadline = deadline));
    }
    if form.expired == Some(true) {
        p.say(&t!("wizard-expired"));
    }
    if form.open_status == Some(false) {
        p.say(&t!("wizard-not-open"));
    }
    p.say(&t!("wizard-ctrl-c"));
    p.say("");
}
