//! A yes or a no on the terminal, in the language in use: the marks (`[y/N]`,
//! `[예/아니요(기본)]`), the answer in words (`no`, `아니요`) and the keys that give one in
//! either language. The wizard draws its yes/no prompts with these; a destructive command's
//! confirmation asks with [`confirm`]. dialoguer's `Confirm` writes English and takes only `y`
//! and `n`.

use console::Key;

use crate::t;

/// The keys with the answer Enter takes marked: `[y/N]`, `[예/아니요(기본)]`.
pub fn mark(value: bool) -> String {
    let keys = if value {
        t!("wizard-yes-no-default-yes")
    } else {
        t!("wizard-yes-no-default-no")
    };
    format!("[{keys}]")
}

/// An answer in words, as tables show it (`yes`, `예`).
pub fn word(value: bool) -> String {
    if value {
        t!("cell-yes")
    } else {
        t!("cell-no")
    }
}

/// The answer a key gives, in either language: `y`/`n`, and the Korean words' first syllables
/// and initials (`예`, `네`, `ㅇ`; `아`niyo, `ㄴ`), so a Korean keyboard need not be switched
/// to type one.
pub fn key(c: char) -> Option<bool> {
    match c {
        'y' | 'Y' | '예' | '네' | 'ㅇ' => Some(true),
        'n' | 'N' | '아' | 'ㄴ' => Some(false),
        _ => None,
    }
}

/// A yes/no prompt drawn plainly while it asks, `value` the answer Enter takes:
/// `prompt [y/N] ` (the marks alone for no prompt).
pub fn asking(prompt: &str, value: bool) -> String {
    if prompt.is_empty() {
        format!("{} ", mark(value))
    } else {
        format!("{prompt} {} ", mark(value))
    }
}

/// The line a plain yes/no prompt leaves once answered: `prompt no`.
pub fn answered(prompt: &str, value: bool) -> String {
    if prompt.is_empty() {
        word(value)
    } else {
        format!("{prompt} {}", word(value))
    }
}

/// Ask `prompt` on stderr as `prompt [y/N] `: one key of [`key`] answers at once, Enter takes
/// `default`, Esc or `q` is no answer (none); the answer is then written after the prompt in
/// words (`prompt no`), as dialoguer's `Confirm` did, in the language in use. Ctrl-C is an
/// `Interrupted` error.
pub fn confirm(prompt: &str, default: bool) -> std::io::Result<Option<bool>> {
    let term = console::Term::stderr();
    term.write_str(&asking(prompt, default))?;
    term.flush()?;
    let answer = loop {
        match term.read_key()? {
            Key::Enter => break Some(default),
            Key::Escape | Key::Char('q') => break None,
            Key::Char(c) => match key(c) {
                Some(b) => break Some(b),
                None => continue,
            },
            _ => continue,
        }
    };
    term.clear_line()?;
    match answer {
        Some(b) => term.write_line(&answered(prompt, b))?,
        None => term.write_line(prompt)?,
    }
    Ok(answer)
}
