//! [`super::Prompt`] on the terminal: dialoguer on stderr.
//!
//! dialoguer redraws a prompt by clearing as many lines as it wrote, not as many as the
//! terminal wrapped them into, so a prompt (or an item, or an error) wider than the terminal
//! leaves stale lines behind. Here a question too wide for its prompt line is printed on its
//! own line(s) first (never redrawn) and a short prompt asks for the answer; menu items are
//! cut to the width; refusals are broken into lines that fit, which dialoguer counts.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use console::measure_text_width;

use super::{Check, Prompt, Step, Stop};
use crate::t;

/// dialoguer on the terminal (stderr).
pub struct TermPrompt {
    theme: Box<dyn dialoguer::theme::Theme>,
    term: console::Term,
    interrupt: Option<Arc<AtomicBool>>,
}

impl TermPrompt {
    /// `ColorfulTheme` when colour is allowed (its refusals are marked `✘`), else dialoguer's
    /// plain theme with refusals marked in the language in use.
    pub fn new(color: bool) -> TermPrompt {
        let theme: Box<dyn dialoguer::theme::Theme> = if color {
            Box::new(dialoguer::theme::ColorfulTheme::default())
        } else {
            Box::new(PlainTheme)
        };
        TermPrompt {
            theme,
            term: console::Term::stderr(),
            interrupt: None,
        }
    }

    /// Treat `flag` (set by a Ctrl-C handler) as a cancellation before every prompt, so a
    /// Ctrl-C that arrives between prompts is not lost.
    pub fn with_interrupt(mut self, flag: Arc<AtomicBool>) -> Self {
        self.interrupt = Some(flag);
        self
    }

    fn check(&self) -> Step<()> {
        match &self.interrupt {
            Some(f) if f.load(Ordering::SeqCst) => Err(Stop::Cancelled),
            _ => Ok(()),
        }
    }

    /// The terminal's width in columns.
    fn width(&self) -> usize {
        usize::from(self.term.size().1).max(20)
    }

    /// The prompt to draw for `question`: the question itself when it fits on one line with
    /// `room` columns to spare (the theme's marks, a pre-filled answer, space to type); else
    /// the question goes on its own line(s) and `short` is drawn instead.
    fn fit(&mut self, question: &str, room: usize, short: String) -> String {
        let q = shown(question);
        if measure_text_width(&q) + room < self.width() {
            return q;
        }
        let _ = self.term.write_line(q.trim_start());
        short
    }
}

/// dialoguer's `SimpleTheme` (every method its default), but a refusal is marked in the
/// language in use rather than with an English `error:`.
struct PlainTheme;

impl dialoguer::theme::Theme for PlainTheme {
    fn format_error(&self, f: &mut dyn std::fmt::Write, err: &str) -> std::fmt::Result {
        write!(f, "{} {err}", t!("wizard-refused"))
    }
}

/// Map a dialoguer failure: Ctrl-C is a cancellation.
fn stop(e: dialoguer::Error) -> Stop {
    let dialoguer::Error::IO(e) = e;
    if e.kind() == std::io::ErrorKind::Interrupted {
        Stop::Cancelled
    } else {
        Stop::Failed(t!("wizard-terminal-failed", error = e.to_string()))
    }
}

/// Titles, options and descriptions come from the service (written by anyone who edits a
/// form): they reach the terminal with control characters escaped, here in one place.
fn shown(s: &str) -> String {
    crate::output::text::safe_line(s).into_owned()
}

/// `text` broken at spaces into lines of at most `width` columns (a longer word is cut).
pub(crate) fn wrap(text: &str, width: usize) -> String {
    let width = width.max(10);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if measure_text_width(&candidate) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest = word.to_string();
        while measure_text_width(&rest) > width {
            let head = console::truncate_str(&rest, width, "").into_owned();
            if head.is_empty() {
                break;
            }
            rest = rest[head.len()..].to_string();
            lines.push(head);
        }
        line = rest;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

impl Prompt for TermPrompt {
    fn say(&mut self, text: &str) {
        let _ = self
            .term
            .write_line(&crate::output::text::safe_text(text, true));
    }

    fn input(&mut self, prompt: &str, initial: &str, validate: Check<'_>) -> Step<String> {
        self.check()?;
        let initial = shown(initial);
        let room = 8 + measure_text_width(&initial) + 12;
        let prompt = self.fit(prompt, room, t!("wizard-short-answer"));
        // The theme's error mark and a space come before the message.
        let error_width = self.width().saturating_sub(10);
        // Empty answers reach the check, which refuses them with a sentence (dialoguer's own
        // refusal of an empty line says nothing).
        let mut input = dialoguer::Input::<String>::with_theme(&*self.theme)
            .with_prompt(prompt)
            .allow_empty(true)
            .validate_with(|s: &String| validate(s).map_err(|e| wrap(&e, error_width)));
        if !initial.is_empty() {
            input = input.with_initial_text(initial);
        }
        input.interact_text_on(&self.term).map_err(stop)
    }

    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Step<usize> {
        self.check()?;
        let prompt = self.fit(prompt, 6, t!("wizard-short-choose"));
        let cut = self.width().saturating_sub(4);
        let items: Vec<String> = items
            .iter()
            .map(|s| console::truncate_str(&shown(s), cut, "…").into_owned())
            .collect();
        dialoguer::Select::with_theme(&*self.theme)
            .with_prompt(prompt)
            .items(&items)
            .default(default.min(items.len().saturating_sub(1)))
            .interact_on_opt(&self.term)
            .map_err(stop)?
            .ok_or(Stop::Cancelled)
    }

    fn multi_select(
        &mut self,
        prompt: &str,
        items: &[String],
        ticked: &[bool],
    ) -> Step<Vec<usize>> {
        self.check()?;
        let prompt = self.fit(prompt, 6, t!("wizard-short-choose"));
        let cut = self.width().saturating_sub(6);
        let items: Vec<String> = items
            .iter()
            .map(|s| console::truncate_str(&shown(s), cut, "…").into_owned())
            .collect();
        let mut ticks = ticked.to_vec();
        ticks.resize(items.len(), false);
        dialoguer::MultiSelect::with_theme(&*self.theme)
            .with_prompt(prompt)
            .items(&items)
            .defaults(&ticks)
            .interact_on_opt(&self.term)
            .map_err(stop)?
            .ok_or(Stop::Cancelled)
    }

    fn confirm(&mut self, prompt: &str, default: bool) -> Step<bool> {
        self.check()?;
        let prompt = self.fit(prompt, 12, String::new());
        dialoguer::Confirm::with_theme(&*self.theme)
            .with_prompt(prompt)
            .default(default)
            .wait_for_newline(true)
            .interact_on_opt(&self.term)
            .map_err(stop)?
            .ok_or(Stop::Cancelled)
    }
}

impl Drop for TermPrompt {
    fn drop(&mut self) {
        // A prompt interrupted by Ctrl-C may leave the cursor hidden.
        let _ = self.term.show_cursor();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_broken_into_lines_that_fit() {
        let w = wrap(
            "This question needs an answer; type one, or press Ctrl-C to stop.",
            20,
        );
        assert!(w.lines().count() >= 3, "{w}");
        assert!(w.lines().all(|l| measure_text_width(l) <= 20), "{w}");
        assert_eq!(
            w.replace('\n', " "),
            "This question needs an answer; type one, or press Ctrl-C to stop."
        );
        // Korean is two columns a character.
        let k = wrap("필수 항목입니다. 답을 입력해 주세요.", 12);
        assert!(k.lines().all(|l| measure_text_width(l) <= 12), "{k}");
        let long = wrap(&"x".repeat(25), 10);
        assert_eq!(long, "xxxxxxxxxx\nxxxxxxxxxx\nxxxxx");
    }
}
