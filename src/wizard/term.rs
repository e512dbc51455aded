//! [`super::Prompt`] on the terminal: dialoguer on stderr.
//!
//! dialoguer redraws a prompt by clearing as many lines as it wrote, not as many as the
//! terminal wrapped them into, so a prompt (or an item, or an error) wider than the terminal
//! leaves stale lines behind. Here a question too wide for its prompt line is printed on its
//! own line(s) first (never redrawn) and a short prompt asks for the answer; menu items are
//! cut to the width; refusals are broken into lines that fit, which dialoguer counts.
//! Yes/no prompts are drawn and read here: dialoguer's themes write English (`[y/N]`,
//! `(y/n) › no`, `yes`) and its `Confirm` takes only `y` and `n`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use console::{measure_text_width, Key};
use unicode_segmentation::UnicodeSegmentation;

use super::{Check, Prompt, Step, Stop};
use crate::output::text::wrap_words as wrap;
use crate::t;

/// dialoguer on the terminal (stderr).
pub struct TermPrompt {
    theme: Box<dyn dialoguer::theme::Theme>,
    /// How yes/no prompts are drawn, like `theme` but in the language in use.
    yes_no: YesNoLook,
    term: console::Term,
    interrupt: Option<Arc<AtomicBool>>,
    /// `--dry-run`: see [`Prompt::dry_run`].
    dry_run: bool,
    /// Keys are read raw for as long as the prompts last (dropped last: the mode put back).
    keys: KeyMode,
}

impl TermPrompt {
    /// `ColorfulTheme` when colour is allowed (its refusals are marked `✘`), else dialoguer's
    /// plain theme with refusals marked in the language in use.
    pub fn new(color: bool) -> TermPrompt {
        let (theme, yes_no): (Box<dyn dialoguer::theme::Theme>, _) = if color {
            let colour = dialoguer::theme::ColorfulTheme::default;
            (Box::new(colour()), YesNoLook::Colour(Box::new(colour())))
        } else {
            (Box::new(PlainTheme), YesNoLook::Plain)
        };
        TermPrompt {
            theme,
            yes_no,
            term: console::Term::stderr(),
            interrupt: None,
            dry_run: false,
            keys: KeyMode::hold(),
        }
    }

    /// The terminal's key mode, for work between prompts that gives the terminal back
    /// ([`KeyMode::cooked`]).
    pub fn keys(&self) -> KeyMode {
        self.keys.clone()
    }

    /// Treat `flag` (set by a Ctrl-C handler) as a cancellation before every prompt, so a
    /// Ctrl-C that arrives between prompts is not lost.
    pub fn with_interrupt(mut self, flag: Arc<AtomicBool>) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// A dry run's prompts: local files are not uploaded.
    pub fn with_dry_run(mut self, dry_run: bool) -> Self {
        self.dry_run = dry_run;
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

    /// The prompt to draw for `question`: the question itself when every way the theme draws
    /// it (`drawn`: with each default, after the answer) fits on one line with `room` columns
    /// to spare (a pre-filled answer, space to type); else the question goes on its own
    /// line(s), broken between words, and `short` is drawn instead. A prompt the terminal
    /// wrapped would be drawn again under itself at each key: dialoguer clears one line.
    fn fit(
        &self,
        question: &str,
        room: usize,
        short: String,
        drawn: &dyn Fn(&str) -> Vec<String>,
    ) -> String {
        let q = shown(question);
        let widest = drawn(&q)
            .iter()
            .map(|s| measure_text_width(s))
            .max()
            .unwrap_or(0);
        if widest + room < self.width() {
            return q;
        }
        let _ = self
            .term
            .write_line(&wrap(q.trim_start(), self.width().saturating_sub(1)));
        short
    }

    /// A prompt stopped by Ctrl-C leaves the cursor after it: end its line, so what follows
    /// (`answers saved to FILE`, the error) starts a line of its own.
    fn interrupted(&self, e: dialoguer::Error) -> Stop {
        let stop = stop(e);
        if stop == Stop::Cancelled {
            let _ = self.term.write_line("");
        }
        stop
    }
}

/// How the theme draws a line-input prompt (before the answer).
fn drawn_input(theme: &dyn dialoguer::theme::Theme, q: &str) -> Vec<String> {
    let mut s = String::new();
    let _ = theme.format_input_prompt(&mut s, q, None);
    vec![s]
}

/// How the theme draws a menu's prompt.
fn drawn_select(theme: &dyn dialoguer::theme::Theme, q: &str) -> Vec<String> {
    let mut s = String::new();
    let _ = theme.format_select_prompt(&mut s, q);
    vec![s]
}

/// How a yes/no prompt is drawn: as the theme in use draws it (the colour theme's marks and
/// styles), with the words of the language in use from the messages.
enum YesNoLook {
    /// dialoguer's plain theme: `Question? [y/N] `, then `Question? no`.
    Plain,
    /// dialoguer's colour theme: `? Question? (y/n) › no`, then `✔ Question? · no`.
    Colour(Box<dialoguer::theme::ColorfulTheme>),
}

impl YesNoLook {
    /// The prompt while asking, `value` the answer Enter takes.
    fn asking(&self, q: &str, value: bool) -> String {
        match self {
            YesNoLook::Plain => crate::yes_no::asking(q, value),
            YesNoLook::Colour(c) => {
                let hint = format!("({})", t!("wizard-yes-no"));
                format!(
                    "{}{} {} {}",
                    c_head(&c.prompt_prefix, c, q),
                    c.hint_style.apply_to(hint),
                    c.prompt_suffix,
                    c.defaults_style.apply_to(crate::yes_no::word(value))
                )
            }
        }
    }

    /// The line left once answered.
    fn answered(&self, q: &str, value: bool) -> String {
        match self {
            YesNoLook::Plain => crate::yes_no::answered(q, value),
            YesNoLook::Colour(c) => format!(
                "{}{} {}",
                c_head(&c.success_prefix, c, q),
                c.success_suffix,
                c.values_style.apply_to(crate::yes_no::word(value))
            ),
        }
    }

    /// Every way the prompt is drawn: with either answer shown (typing `y` shows `yes`), and
    /// once answered.
    fn drawn(&self, q: &str) -> Vec<String> {
        [true, false]
            .into_iter()
            .flat_map(|b| [self.asking(q, b), self.answered(q, b)])
            .collect()
    }
}

/// The colour theme's start of a prompt line: `mark question ` (nothing without a question).
fn c_head(
    mark: &console::StyledObject<String>,
    c: &dialoguer::theme::ColorfulTheme,
    q: &str,
) -> String {
    if q.is_empty() {
        String::new()
    } else {
        format!("{mark} {} ", c.prompt_style.apply_to(q))
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

impl TermPrompt {
    /// One line of text after `prompt`, starting as `initial` (the cursor at its end), until
    /// Enter gives a line `validate` accepts; a refusal is shown above the prompt, which starts
    /// again from `initial`. dialoguer's `Input` moves its cursor by characters, not columns,
    /// so editing Korean (two columns a character) left half characters on the screen; here
    /// the line is drawn again whole at each key, measured in columns, and kept to one line
    /// (scrolled sideways when longer), so nothing is left behind.
    fn read_line(
        &mut self,
        prompt: &str,
        initial: &str,
        validate: Check<'_>,
    ) -> std::io::Result<String> {
        let mut head = String::new();
        let _ = self.theme.format_input_prompt(&mut head, prompt, None);
        // Lines of the refusal shown above the prompt, cleared once an answer is taken.
        let mut refused = 0;
        loop {
            let mut line = LineEdit::new(initial);
            self.draw(&head, &line)?;
            loop {
                match self.term.read_key()? {
                    Key::Enter => break,
                    Key::Char('\u{15}') => line.clear_before(), // Ctrl-U
                    Key::Char('\u{0b}') => line.clear_after(),  // Ctrl-K
                    Key::Char(c) if !c.is_control() => line.insert(c),
                    Key::Backspace => line.backspace(),
                    Key::Del => line.delete(),
                    Key::ArrowLeft => line.left(),
                    Key::ArrowRight => line.right(),
                    Key::Home => line.home(),
                    Key::End => line.end(),
                    _ => continue,
                }
                self.draw(&head, &line)?;
            }
            let text = line.text;
            self.term.clear_line()?;
            if refused > 0 {
                self.term.clear_last_lines(refused)?;
            }
            match validate(&text) {
                Ok(()) => {
                    let mut done = String::new();
                    let _ =
                        self.theme
                            .format_input_prompt_selection(&mut done, prompt, &shown(&text));
                    self.term.write_line(&done)?;
                    return Ok(text);
                }
                Err(why) => {
                    // The mark and a space come before the message.
                    let why = wrap(&why, self.width().saturating_sub(10));
                    let mut shown_why = String::new();
                    let _ = self.theme.format_error(&mut shown_why, &why);
                    self.term.write_line(&shown_why)?;
                    refused = shown_why.lines().count();
                }
            }
        }
    }

    /// Yes or no after `prompt`, starting on `default`: a key of [`crate::yes_no::key`] changes the
    /// answer shown, Enter takes it (as dialoguer's `Confirm` waiting for Enter did).
    fn read_yes_no(&self, prompt: &str, default: bool) -> std::io::Result<bool> {
        let mut value = default;
        self.term.write_str(&self.yes_no.asking(prompt, value))?;
        self.term.hide_cursor()?;
        self.term.flush()?;
        loop {
            match self.term.read_key()? {
                Key::Enter => break,
                Key::Char(c) => match crate::yes_no::key(c) {
                    Some(b) => value = b,
                    None => continue,
                },
                _ => continue,
            }
            self.term.clear_line()?;
            self.term.write_str(&self.yes_no.asking(prompt, value))?;
            self.term.flush()?;
        }
        self.term.clear_line()?;
        self.term.write_line(&self.yes_no.answered(prompt, value))?;
        self.term.show_cursor()?;
        Ok(value)
    }

    /// The prompt line: `head`, then as much of `line` around its cursor as fits on the
    /// terminal's line, an ellipsis where it is cut; the cursor put back where it was.
    fn draw(&self, head: &str, line: &LineEdit) -> std::io::Result<()> {
        let room = self
            .width()
            .saturating_sub(measure_text_width(head) + 1)
            .max(4);
        let (before, after) = line.text.split_at(line.at);
        let (before, after) = (before.to_string(), after.to_string());
        let (left, right) = if measure_text_width(&before) + measure_text_width(&after) <= room {
            (before, after)
        } else {
            // Two thirds of the room before the cursor at most, the rest after it.
            let left_room = (room * 2 / 3).min(measure_text_width(&before));
            let left = tail_within(&before, left_room);
            let right_room = room.saturating_sub(measure_text_width(&left));
            let right = console::truncate_str(&after, right_room, "…").into_owned();
            (left, right)
        };
        self.term.clear_line()?;
        self.term.write_str(&format!("{head}{left}{right}"))?;
        self.term.move_cursor_left(measure_text_width(&right))?;
        self.term.flush()
    }
}

/// The answer being typed and the cursor in it. The cursor moves, and Backspace and Delete
/// take, a whole extended grapheme cluster (what a reader sees as one character): `e` and a
/// combining accent, a Korean syllable typed as jamo, an emoji with a skin tone or a ZWJ
/// sequence. By `char`, one step left half of one behind.
struct LineEdit {
    text: String,
    /// A byte offset into `text`, always at a cluster boundary.
    at: usize,
}

impl LineEdit {
    /// `initial`, the cursor at its end.
    fn new(initial: &str) -> LineEdit {
        LineEdit {
            text: initial.to_string(),
            at: initial.len(),
        }
    }

    /// Where the cluster before the cursor starts.
    fn prev(&self) -> usize {
        self.text[..self.at]
            .grapheme_indices(true)
            .next_back()
            .map_or(0, |(i, _)| i)
    }

    /// Where the cluster after the cursor ends.
    fn next(&self) -> usize {
        self.text[self.at..]
            .graphemes(true)
            .next()
            .map_or(self.at, |g| self.at + g.len())
    }

    fn insert(&mut self, c: char) {
        self.text.insert(self.at, c);
        self.at += c.len_utf8();
        // What was typed may join the cluster after it (a Korean initial before a vowel):
        // the cursor goes after the cluster it is now inside.
        let mut start = 0;
        for g in self.text.graphemes(true) {
            if start < self.at && self.at < start + g.len() {
                self.at = start + g.len();
                break;
            }
            start += g.len();
        }
    }

    fn backspace(&mut self) {
        let from = self.prev();
        self.text.replace_range(from..self.at, "");
        self.at = from;
    }

    fn delete(&mut self) {
        let to = self.next();
        self.text.replace_range(self.at..to, "");
    }

    fn left(&mut self) {
        self.at = self.prev();
    }

    fn right(&mut self) {
        self.at = self.next();
    }

    fn home(&mut self) {
        self.at = 0;
    }

    fn end(&mut self) {
        self.at = self.text.len();
    }

    fn clear_before(&mut self) {
        self.text.replace_range(..self.at, "");
        self.at = 0;
    }

    fn clear_after(&mut self) {
        self.text.truncate(self.at);
    }
}

/// The end of `s` that fits in `room` columns, `…` first when cut.
fn tail_within(s: &str, room: usize) -> String {
    if measure_text_width(s) <= room {
        return s.to_string();
    }
    let mut kept: Vec<char> = Vec::new();
    let mut used = 1; // the ellipsis
    for c in s.chars().rev() {
        let w = measure_text_width(c.encode_utf8(&mut [0; 4]));
        if used + w > room {
            break;
        }
        used += w;
        kept.push(c);
    }
    std::iter::once('…').chain(kept.into_iter().rev()).collect()
}

/// Map a dialoguer failure: Ctrl-C is a cancellation.
fn stop(e: dialoguer::Error) -> Stop {
    let dialoguer::Error::IO(e) = e;
    if e.kind() == std::io::ErrorKind::Interrupted {
        Stop::Cancelled
    } else {
        Stop::Failed(t!(
            "wizard-terminal-failed",
            error = recruit_client::error::cause_of(&e).said()
        ))
    }
}

/// Titles, options and descriptions come from the service (written by anyone who edits a
/// form): they reach the terminal with control characters escaped, here in one place.
fn shown(s: &str) -> String {
    crate::output::text::safe_line(s).into_owned()
}

/// The terminal's input held raw while the wizard's prompts last: console reads keys in that
/// mode but sets it around each key only, so a key that arrived between two reads or two
/// prompts (a paste, a fast typist, a script driving the terminal) met the normal mode, which
/// applies Backspace to what it holds (not to a pre-filled answer) and turns Ctrl-C into a
/// signal while a prompt is not reading. Held, every key waits for the prompt that reads it.
#[derive(Clone)]
pub struct KeyMode(Arc<std::sync::Mutex<Option<RawInput>>>);

impl KeyMode {
    fn hold() -> KeyMode {
        KeyMode(Arc::new(std::sync::Mutex::new(RawInput::hold())))
    }

    /// `work` with the terminal's own mode back, so that Ctrl-C stops it (an upload between
    /// two prompts); held again after, unless it was not held.
    pub fn cooked<T>(&self, work: impl FnOnce() -> T) -> T {
        let held = self.0.lock().unwrap_or_else(|e| e.into_inner()).take();
        let was_held = held.is_some();
        drop(held);
        let out = work();
        if was_held {
            *self.0.lock().unwrap_or_else(|e| e.into_inner()) = RawInput::hold();
        }
        out
    }
}

/// Raw input (output as it was) on the terminal console reads keys from, until dropped.
#[cfg(unix)]
struct RawInput {
    tty: std::os::fd::OwnedFd,
    before: rustix::termios::Termios,
}

#[cfg(unix)]
impl RawInput {
    /// None where there is no terminal to read from (the prompt then fails as before).
    fn hold() -> Option<RawInput> {
        use rustix::termios::{tcgetattr, tcsetattr, OptionalActions};
        use std::io::IsTerminal;
        use std::os::fd::AsFd;
        // The terminal console reads keys from: standard input, else the controlling one.
        let tty: std::os::fd::OwnedFd = if std::io::stdin().is_terminal() {
            std::io::stdin().as_fd().try_clone_to_owned().ok()?
        } else {
            std::fs::File::options()
                .read(true)
                .write(true)
                .open("/dev/tty")
                .ok()?
                .into()
        };
        let before = tcgetattr(&tty).ok()?;
        let mut raw = before.clone();
        raw.make_raw();
        raw.output_modes = before.output_modes;
        tcsetattr(&tty, OptionalActions::Drain, &raw).ok()?;
        Some(RawInput { tty, before })
    }
}

#[cfg(unix)]
impl Drop for RawInput {
    fn drop(&mut self) {
        let _ = rustix::termios::tcsetattr(
            &self.tty,
            rustix::termios::OptionalActions::Drain,
            &self.before,
        );
    }
}

#[cfg(not(unix))]
struct RawInput;

#[cfg(not(unix))]
impl RawInput {
    fn hold() -> Option<RawInput> {
        None
    }
}

impl Prompt for TermPrompt {
    fn dry_run(&self) -> bool {
        self.dry_run
    }

    fn say(&mut self, text: &str) {
        let text = crate::output::text::safe_text(text, true);
        let _ = self
            .term
            .write_line(&wrap(&text, self.width().saturating_sub(1)));
    }

    fn input(&mut self, prompt: &str, initial: &str, validate: Check<'_>) -> Step<String> {
        self.check()?;
        let initial = shown(initial);
        let room = 8 + measure_text_width(&initial) + 12;
        let drawn = |q: &str| drawn_input(&*self.theme, q);
        let prompt = self.fit(prompt, room, t!("wizard-short-answer"), &drawn);
        self.read_line(&prompt, &initial, validate)
            .map_err(|e| self.interrupted(dialoguer::Error::IO(e)))
    }

    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Step<usize> {
        self.check()?;
        let drawn = |q: &str| drawn_select(&*self.theme, q);
        let prompt = self.fit(prompt, 2, t!("wizard-short-choose"), &drawn);
        // "> " before each item.
        let items = cut_items(items, self.width().saturating_sub(4));
        dialoguer::Select::with_theme(&*self.theme)
            .with_prompt(prompt)
            .items(&items)
            .default(default.min(items.len().saturating_sub(1)))
            .interact_on_opt(&self.term)
            .map_err(|e| self.interrupted(e))?
            .ok_or(Stop::Cancelled)
    }

    fn multi_select(&mut self, prompt: &str, items: &[String], on: &[bool]) -> Step<Vec<usize>> {
        self.check()?;
        let drawn = |q: &str| drawn_select(&*self.theme, q);
        let prompt = self.fit(prompt, 2, t!("wizard-short-choose"), &drawn);
        // "> [x] " before each item.
        let items = cut_items(items, self.width().saturating_sub(6));
        let mut ticks = on.to_vec();
        ticks.resize(items.len(), false);
        dialoguer::MultiSelect::with_theme(&*self.theme)
            .with_prompt(prompt)
            .items(&items)
            .defaults(&ticks)
            .interact_on_opt(&self.term)
            .map_err(|e| self.interrupted(e))?
            .ok_or(Stop::Cancelled)
    }

    fn confirm(&mut self, prompt: &str, default: bool) -> Step<bool> {
        self.check()?;
        let prompt = self.fit(prompt, 1, String::new(), &|q| self.yes_no.drawn(q));
        self.read_yes_no(&prompt, default)
            .map_err(|e| self.interrupted(dialoguer::Error::IO(e)))
    }
}

impl Drop for TermPrompt {
    fn drop(&mut self) {
        // A prompt interrupted by Ctrl-C may leave the cursor hidden.
        let _ = self.term.show_cursor();
    }
}

/// Items shown one line each: escaped and cut to `cut` columns (a wrapped item would leave
/// stale lines when the list redraws).
fn cut_items(items: &[String], cut: usize) -> Vec<String> {
    items
        .iter()
        .map(|s| {
            let s = shown(s);
            // (console cuts a text exactly `cut` wide too.)
            if measure_text_width(&s) <= cut {
                s
            } else {
                console::truncate_str(&s, cut, "…").into_owned()
            }
        })
        .collect()
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

    /// Each step of the line editor is one extended grapheme cluster.
    #[test]
    fn the_line_editor_steps_by_whole_characters() {
        let e_acute = "e\u{301}";
        let han = "\u{1112}\u{1161}\u{11ab}"; // 한 as jamo
        let thumbs = "\u{1f44d}\u{1f3fd}"; // with a skin tone
        let coder = "\u{1f469}\u{200d}\u{1f4bb}"; // woman + ZWJ + laptop
        let typed = |l: &mut LineEdit, s: &str| s.chars().for_each(|c| l.insert(c));
        let mut l = LineEdit::new("a");
        for s in [e_acute, han, thumbs, coder] {
            typed(&mut l, s);
        }
        assert_eq!(l.text, format!("a{e_acute}{han}{thumbs}{coder}"));
        l.backspace();
        assert_eq!(l.text, format!("a{e_acute}{han}{thumbs}"));
        l.left();
        assert_eq!(&l.text[l.at..], thumbs);
        l.left();
        l.left();
        assert_eq!(&l.text[..l.at], "a");
        l.delete();
        assert_eq!(l.text, format!("a{han}{thumbs}"));
        l.right();
        assert_eq!(&l.text[..l.at], format!("a{han}"));
        l.right();
        l.right(); // at the end: stays
        assert_eq!(l.at, l.text.len());
        l.home();
        l.left(); // at the start: stays
        assert_eq!(l.at, 0);
        l.backspace();
        assert_eq!(l.text, format!("a{han}{thumbs}"));
        // A combining accent typed after `a` joins it: one step back takes both.
        l.right();
        l.insert('\u{301}');
        assert_eq!(&l.text[..l.at], "a\u{301}");
        l.backspace();
        assert_eq!(l.text, format!("{han}{thumbs}"));
        // A Korean initial typed before a vowel joins the syllable after it; the cursor is
        // never left inside one.
        let mut k = LineEdit::new("\u{1161}");
        k.home();
        k.insert('\u{1112}');
        assert_eq!(k.at, k.text.len());
        k.end();
        k.clear_before();
        assert_eq!((k.text.as_str(), k.at), ("", 0));
    }

    #[test]
    fn the_end_of_a_long_line_is_kept_by_columns() {
        assert_eq!(tail_within("abcdef", 10), "abcdef");
        assert_eq!(tail_within("abcdef", 4), "…def");
        // Korean is two columns a character: 1 + 2 + 2 fits in 5, not one more.
        assert_eq!(tail_within("가나다라", 5), "…다라");
        assert_eq!(measure_text_width(&tail_within("가나다라", 6)), 5);
    }
}
