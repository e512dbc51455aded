//! A [`Prompt`] that answers from a script, for testing the wizard's logic without a terminal.
//! Like a terminal it runs each typed line through the prompt's checks; a refused line is
//! recorded (as the inline error a user would see) and the next reply is taken instead.

use std::collections::VecDeque;

use super::{Check, Prompt, Step, Stop};

/// One scripted reply.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// A typed line (for `input`).
    Line(String),
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
    /// Each prompt (`? ...`), message (`  ...`), refused line (`! line: why`) and choice list.
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

    fn next(&mut self, prompt: &str) -> Step<Reply> {
        self.transcript.push(format!("? {prompt}"));
        match self.replies.pop_front() {
            Some(Reply::Cancel) => Err(Stop::Cancelled),
            Some(r) => Ok(r),
            None => Err(Stop::Failed(format!(
                "the script has no reply for {prompt:?}"
            ))),
        }
    }

    fn mismatch(prompt: &str, want: &str, got: &Reply) -> Stop {
        Stop::Failed(format!("{prompt:?} wants {want}, the script gives {got:?}"))
    }
}

impl Prompt for Scripted {
    fn say(&mut self, text: &str) {
        self.transcript.push(format!("  {text}"));
    }

    fn input(&mut self, prompt: &str, allow_empty: bool, validate: Check<'_>) -> Step<String> {
        loop {
            let line = match self.next(prompt)? {
                Reply::Line(l) => l,
                other => return Err(Self::mismatch(prompt, "a line", &other)),
            };
            let verdict = if line.is_empty() && !allow_empty {
                Err("required".to_string())
            } else {
                validate(&line)
            };
            match verdict {
                Ok(()) => return Ok(line),
                Err(why) => self.transcript.push(format!("! {line}: {why}")),
            }
        }
    }

    fn select(&mut self, prompt: &str, items: &[String], _default: usize) -> Step<usize> {
        self.transcript.push(format!("  [{}]", items.join(" | ")));
        match self.next(prompt)? {
            Reply::Pick(k) if k < items.len() => Ok(k),
            other => Err(Self::mismatch(prompt, "an item's index", &other)),
        }
    }

    fn multi_select(&mut self, prompt: &str, items: &[String]) -> Step<Vec<usize>> {
        self.transcript.push(format!("  [{}]", items.join(" | ")));
        match self.next(prompt)? {
            Reply::Tick(ks) if ks.iter().all(|&k| k < items.len()) => Ok(ks),
            other => Err(Self::mismatch(prompt, "items' indices", &other)),
        }
    }

    fn confirm(&mut self, prompt: &str, _default: bool) -> Step<bool> {
        match self.next(prompt)? {
            Reply::Yes(b) => Ok(b),
            other => Err(Self::mismatch(prompt, "yes or no", &other)),
        }
    }
}
