//! What the client has to say, as data: a message id and its arguments ([`Msg`]), never a
//! sentence. The front end owns the words (Fluent files in English and Korean) and installs
//! one [`Renderer`] at start-up; this crate calls no translation and knows no language.
//!
//! Errors keep the `Msg` they were built from (`Error::said`), so a program or a test can read
//! the id and its arguments; their `message` is that `Msg` put in words when the error was
//! built, in the language the front end speaks on that thread.

use std::fmt;
use std::sync::OnceLock;

/// One argument of a message: text, or a number (which the front end may use to pick a
/// plural form).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    Number(f64),
    /// A span of time, which the front end says the way people do (`6 min 40 s`).
    Seconds(u64),
    /// A message inside another (a cause inside its sentence), said to the same audience.
    Msg(Box<Msg>),
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Text(s) => f.write_str(s),
            Arg::Number(n) => write!(f, "{n}"),
            Arg::Seconds(s) => write!(f, "{s} s"),
            Arg::Msg(m) => f.write_str(&m.plain()),
        }
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_arg!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64);

impl From<std::time::Duration> for Arg {
    /// Whole seconds, rounded up (a wait of 0.2 s is said as 1 s, never 0).
    fn from(d: std::time::Duration) -> Self {
        Arg::Seconds(d.as_secs() + u64::from(d.subsec_nanos() > 0))
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Self {
        Arg::Text(s.clone())
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.to_string())
    }
}
impl From<std::borrow::Cow<'_, str>> for Arg {
    fn from(s: std::borrow::Cow<'_, str>) -> Self {
        Arg::Text(s.into_owned())
    }
}
impl From<Msg> for Arg {
    fn from(m: Msg) -> Self {
        Arg::Msg(Box::new(m))
    }
}

/// A message for people, as data: the id of a sentence in the front end's message files and
/// the values it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Msg {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// Which words a message is wanted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// The person running the command, in their language.
    People,
    /// Programs and logs kept as they are (a JSON log's `message`, a runs table): English.
    Programs,
}

/// Puts a [`Msg`] in words; installed once by the front end.
pub type Renderer = fn(&Msg, Audience) -> String;

static RENDERER: OnceLock<Renderer> = OnceLock::new();

/// Install the front end's words (the first call wins; later ones are ignored).
pub fn set_renderer(r: Renderer) {
    let _ = RENDERER.set(r);
}

impl Msg {
    pub fn new(id: &'static str) -> Self {
        Msg {
            id,
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        self.args.push((name, value.into()));
        self
    }

    /// The value of argument `name`.
    pub fn get(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// In words for the person running the command.
    pub fn said(&self) -> String {
        self.render(Audience::People)
    }

    /// In words for programs and logs (English).
    pub fn for_programs(&self) -> String {
        self.render(Audience::Programs)
    }

    fn render(&self, to: Audience) -> String {
        match RENDERER.get() {
            Some(r) => r(self, to),
            None => self.plain(),
        }
    }

    /// Without a front end (a library user, this crate's own tests): the id and its values,
    /// `memo-not-found (id: 42, candidate: C1)`.
    pub fn plain(&self) -> String {
        // An I/O cause reads as the system put it.
        if let (true, Some(system)) = (self.id == "io-cause", self.get("system")) {
            return system.to_string();
        }
        if self.args.is_empty() {
            return self.id.to_string();
        }
        let args: Vec<String> = self.args.iter().map(|(n, v)| format!("{n}: {v}")).collect();
        format!("{} ({})", self.id, args.join(", "))
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said())
    }
}

impl From<Msg> for String {
    fn from(m: Msg) -> String {
        m.said()
    }
}

/// A message: `msg!(ID)` or `msg!(ID, name = value, ...)`, ID a string literal, so the
/// front end's test finds every one in its message files.
#[macro_export]
macro_rules! msg {
    ($id:literal) => {
        $crate::msg::Msg::new($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::msg::Msg::new($id)$(.arg(stringify!($name), $value))+
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_keeps_its_id_and_values_and_reads_plainly_without_a_front_end() {
        let m = msg!("memo-not-found", id = 42, candidate = "C1");
        assert_eq!(m.id, "memo-not-found");
        assert_eq!(m.get("id"), Some(&Arg::Number(42.0)));
        assert_eq!(m.get("candidate"), Some(&Arg::Text("C1".into())));
        assert_eq!(m.plain(), "memo-not-found (id: 42, candidate: C1)");
        assert_eq!(msg!("sig-empty").plain(), "sig-empty");
    }
}
