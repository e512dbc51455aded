//! A [`Prompt`] that answers from a script, for testing the wizard's logic without a terminal.
//! Like a terminal it runs each typed line through the prompt's checks; a refused line is
//! recorded (as the inline error a user would see) and the next reply is taken instead.

use std::collections::VecDeque;

use super::{Check, Prompt, Step, Stop};

/// One scripted reply.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// The whole line as typed over what was pre-filled (for `input`).
    Line(String),
    /// Enter on what the prompt starts with: the pre-filled text of an `input` (empty when
    /// none), the default of a `select` or `confirm`, the ticks of a `multi_select`.
    Enter,
    /// The item at this index (for `select`).
    Pick(usize),
    /// These items (for `multi_select`).
    Tick(Vec<usize>),
    /// Yes or no (for `confirm`).
    Yes(bool),
    /// Ctrl-C.
    Cancel,
}

/// Replies in order, and everything the wizard showed.
#[derive(Debug, Default)]
pub struct Scripted {
    replies: VecDeque<Reply>,
    /// Each prompt (`? ...`, with its pre-filled text or default as `[...]`), message
    /// (`  ...`), refused line (`! line: why`) and choice list (`  [a | >b]`, `>` on the
    /// default or the ticked).
    pub transcript: Vec<String>,
}

impl Scripted {
    pub fn new(replies: impl IntoIterator<Item = Reply>) -> Scripted {
        Scripted {
            replies: replies.into_iter().collect(),
            transcript: Vec::new(),
        }
    }

    /// Replies the wizard did not ask for.
    pub fn unused(&self) -> usize {
        self.replies.len()
    }

    /// The transcript as one text, a line each.
    pub fn text(&self) -> String {
        self.transcript.join("\n")
    }

    fn next(&mut self, shown: String) -> Step<Reply> {
        self.transcript.push(shown.clone());
        match self.replies.pop_front() {
            Some(Reply::Cancel) => Err(Stop::Cancelled),
            Some(r) => Ok(r),
            None => Err(Stop::Failed(format!(
                "the script has no reply for {shown:?}"
            ))),
        }
    }

    fn mismatch(prompt: &str, want: &str, got: &Reply) -> Stop {
        Stop::Failed(format!("{prompt:?} wants {want}, the script gives {got:?}"))
    }

    fn list(&mut self, items: &[String], marked: impl Fn(usize) -> bool) {
        let shown: Vec<String> = items
            .iter()
            .enumerate()
            .map(|(k, s)| {
                if marked(k) {
                    format!(">{s}")
                } else {
                    s.clone()
                }
            })
            .collect();
        self.transcript.push(format!("  [{}]", shown.join(" | ")));
    }
}

impl Prompt for Scripted {
    fn say(&mut self, text: &str) {
        self.transcript.push(format!("  {text}"));
    }

    fn input(&mut self, prompt: &str, initial: &str, validate: Check<'_>) -> Step<String> {
        let shown = if initial.is_empty() {
            format!("? {prompt}")
        } else {
            format!("? {prompt} [{initial}]")
        };
        loop {
            let line = match self.next(shown.clone())? {
                Reply::Line(l) => l,
                Reply::Enter => initial.to_string(),
                other => return Err(Self::mismatch(prompt, "a line", &other)),
            };
            match validate(&line) {
                Ok(()) => return Ok(line),
                Err(why) => self.transcript.push(format!("! {line}: {why}")),
            }
        }
    }

    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Step<usize> {
        self.list(items, |k| k == default);
        match self.next(format!("? {prompt}"))? {
            Reply::Pick(k) if k < items.len() => Ok(k),
            Reply::Enter => Ok(default),
            other => Err(Self::mismatch(prompt, "an item's index", &other)),
        }
    }

    fn multi_select(&mut self, prompt: &str, items: &[String], on: &[bool]) -> Step<Vec<usize>> {
        let on = |k: usize| on.get(k).copied().unwrap_or(false);
        self.list(items, on);
        match self.next(format!("? {prompt}"))? {
            Reply::Tick(ks) if ks.iter().all(|&k| k < items.len()) => Ok(ks),
            Reply::Enter => Ok((0..items.len()).filter(|&k| on(k)).collect()),
            other => Err(Self::mismatch(prompt, "items' indices", &other)),
        }
    }

    fn confirm(&mut self, prompt: &str, default: bool) -> Step<bool> {
        let mark = crate::yes_no::mark(default);
        match self.next(format!("? {prompt} {mark}"))? {
            Reply::Yes(b) => Ok(b),
            Reply::Enter => Ok(default),
            other => Err(Self::mismatch(prompt, "yes or no", &other)),
        }
    }
}
