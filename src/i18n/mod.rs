//! Text for people in their language: English or Korean (the service's customers are Korean
//! companies). Messages live in Fluent files, one per language (`src/i18n/en.ftl`,
//! `src/i18n/ko.ftl`), compiled into the binary; code asks for them by id with [`t!`]:
//!
//! ```ignore
//! t!("memo-not-found", id = 42, candidate = "C123")
//! ```
//!
//! Only text meant for people goes through here: JSON, NDJSON and CSV output, exit codes, MCP
//! tool names and schemas never change with the language. A message missing in Korean falls
//! back to English (a test makes sure none is missing); an id missing everywhere shows as the
//! id itself, which a test also rules out.

pub mod words;

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use recruit_client::msg::{Arg, Audience, Msg};

/// The languages recruit speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Ko,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ko];

    /// `en`, `ko`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
        }
    }

    /// `en`, `ko`, and locale names such as `ko_KR.UTF-8`, `ko-KR`, `en_US`: the language part
    /// decides. `C`, `POSIX` and other languages are None.
    pub fn parse(text: &str) -> Option<Lang> {
        let lang = text
            .trim()
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match lang.as_str() {
            "en" => Some(Lang::En),
            "ko" | "kor" => Some(Lang::Ko),
            _ => None,
        }
    }

    /// `en` or `ko` exactly (any case): the values of `--lang`, RECRUIT_LANG and the `lang`
    /// setting, where a locale name is a typo rather than a choice.
    pub fn from_code(text: &str) -> Option<Lang> {
        match text.trim().to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "ko" => Some(Lang::Ko),
            _ => None,
        }
    }

    /// The language the locale variables name, read as text (`ko_KR.UTF-8` means Korean
    /// whether or not that locale is installed): `LC_ALL`, then `LC_MESSAGES`, then `LANG`, as
    /// POSIX orders them; the first that is set decides, English when it names neither.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|k| var(k).filter(|v| !v.is_empty()))
            .and_then(|v| Lang::parse(&v))
            .unwrap_or(Lang::En)
    }

    fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::Ko => 1,
        }
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("en.ftl"),
            Lang::Ko => include_str!("ko.ftl"),
        }
    }
}

static CURRENT: AtomicU8 = AtomicU8::new(0);

thread_local! {
    /// A language for this thread only (see [`in_lang`]).
    static ON_THIS_THREAD: std::cell::Cell<Option<Lang>> = const { std::cell::Cell::new(None) };
}

/// Speak `lang` from now on (the front end sets it once it has read the settings).
pub fn set_lang(lang: Lang) {
    install();
    CURRENT.store(lang.index() as u8, Ordering::Relaxed);
}

/// Give the client its words: what it says is data ([`Msg`]) until put in words here.
pub fn install() {
    recruit_client::msg::set_renderer(render);
}

/// A client message in words: for people in the language in use, for programs in English.
pub fn render(m: &Msg, to: Audience) -> String {
    render_in(
        m,
        if to == Audience::People {
            lang()
        } else {
            Lang::En
        },
    )
}

fn render_in(m: &Msg, lang: Lang) -> String {
    // An I/O failure's cause: the system's own words in English (with its error number),
    // a sentence of ours for the kinds people meet in another language.
    if m.id == "io-cause" {
        let arg = |n| m.get(n).map(|a| a.to_string()).unwrap_or_default();
        let id = format!("io-{}", arg("kind"));
        return match lang {
            Lang::En => arg("system"),
            _ => match text_in(lang, &id, None) {
                said if said == id => arg("system"),
                said => said,
            },
        };
    }
    if m.args.is_empty() {
        return text_in(lang, m.id, None);
    }
    let mut args = FluentArgs::new();
    for (name, value) in &m.args {
        let value = match value {
            Arg::Text(s) => FluentValue::from(s.clone()),
            Arg::Number(n) => FluentValue::from(*n),
            Arg::Seconds(s) => FluentValue::from(crate::output::text::human_duration(*s)),
            Arg::Msg(inner) => FluentValue::from(render_in(inner, lang)),
        };
        args.set(*name, value);
    }
    text_in(lang, m.id, Some(&args))
}

/// Run `f` speaking `lang` on this thread only. Tests run side by side on threads of one
/// process, where [`set_lang`] would change the language of all of them.
pub fn in_lang<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    install();
    let before = ON_THIS_THREAD.with(|c| c.replace(Some(lang)));
    // Put back even if `f` panics (a failing test must not leave its language behind).
    struct Restore(Option<Lang>);
    impl Drop for Restore {
        fn drop(&mut self) {
            ON_THIS_THREAD.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(before);
    f()
}

/// The panic hook's words. Not a Fluent message: a panic inside the hook (a poisoned bundle, a
/// panic in the formatter itself) would abort without a word, so these are fixed strings.
pub fn internal_error(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "error: internal error (a bug in recruit, please report it)",
        Lang::Ko => "오류: 내부 오류(recruit의 버그입니다. 알려 주세요)",
    }
}

/// The language in use.
pub fn lang() -> Lang {
    if let Some(l) = ON_THIS_THREAD.with(|c| c.get()) {
        return l;
    }
    match CURRENT.load(Ordering::Relaxed) {
        1 => Lang::Ko,
        _ => Lang::En,
    }
}

/// `lang`'s messages, parsed on first use: a run parses only the languages it speaks (English
/// as well only when a message is missing in its own, or for programs), not every file.
fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: [OnceLock<FluentBundle<FluentResource>>; 2] =
        [OnceLock::new(), OnceLock::new()];
    BUNDLES[lang.index()].get_or_init(|| bundle_of(lang, lang.source()))
}

fn bundle_of(lang: Lang, source: &str) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around values: a terminal shows them as garbage, and names
    // and codes here are short runs of one direction.
    b.set_use_isolating(false);
    // A syntax error in a message file is caught by the tests; what parses is used.
    let res = match FluentResource::try_new(source.to_string()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    let _ = b.add_resource(res);
    b
}

/// Message `id` in `lang`, with `args`; English when `lang` lacks it, the id itself when no
/// language has it.
pub fn text_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    for l in [lang, Lang::En] {
        let b = bundle(l);
        if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            return b.format_pattern(pattern, args, &mut errors).into_owned();
        }
    }
    id.to_string()
}

/// The help of commands and options in `lang`, when `src/i18n/help-ko.ftl` has it: the
/// English help is clap's (written next to each option, one source), so only other languages
/// have a file, and a missing translation leaves the English in place.
pub fn help_text(lang: Lang, id: &str) -> Option<String> {
    static HELP_KO: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    let b = match lang {
        Lang::En => return None,
        Lang::Ko => HELP_KO.get_or_init(|| bundle_of(Lang::Ko, include_str!("help-ko.ftl"))),
    };
    let pattern = b.get_message(id).and_then(|m| m.value())?;
    let mut errors = Vec::new();
    Some(b.format_pattern(pattern, None, &mut errors).into_owned())
}

/// The ids of the help translations of `lang` (for the test that each names a real command
/// or option).
pub fn help_ids(lang: Lang) -> Vec<String> {
    let source = match lang {
        Lang::En => return Vec::new(),
        Lang::Ko => include_str!("help-ko.ftl"),
    };
    // A message starts a line with its id and ` =`, its text after it or on the lines below
    // (the file has no terms or attributes).
    source
        .lines()
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id))
        .filter(|id| {
            id.starts_with(|c: char| c.is_ascii_alphabetic())
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .map(str::to_string)
        .collect()
}

/// Messages in words, one after another with `sep` between.
pub fn said_all(msgs: &[Msg], sep: &str) -> String {
    msgs.iter().map(Msg::said).collect::<Vec<_>>().join(sep)
}

/// Message `id` in the language in use.
pub fn text(id: &str, args: Option<&FluentArgs>) -> String {
    text_in(lang(), id, args)
}

/// A message for people in the language in use: `t!("id")` or `t!("id", name = value, ...)`.
#[macro_export]
macro_rules! t {
    ($id:literal) => {
        $crate::i18n::text($id, None)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($name), ::fluent_bundle::FluentValue::from($value));)+
        $crate::i18n::text($id, Some(&args))
    }};
}

/// Message `id` in a given language: `t_in!(Lang::En, "id", name = value)`. For text that has
/// an English form for machines (a JSON log's `message`) beside the one for people.
/// A message twice: in English, for what is kept or read by programs (a JSON log line, the sync's
/// runs table), and in the language in use, for people.
#[macro_export]
macro_rules! t_both {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        (
            $crate::t_in!($crate::i18n::Lang::En, $id $(, $name = $value)*),
            $crate::t!($id $(, $name = $value)*),
        )
    };
}

#[macro_export]
macro_rules! t_in {
    ($lang:expr, $id:literal) => {
        $crate::i18n::text_in($lang, $id, None)
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($name), ::fluent_bundle::FluentValue::from($value));)+
        $crate::i18n::text_in($lang, $id, Some(&args))
    }};
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_panic_hooks_words_are_korean_under_korean() {
        let ko = super::internal_error(super::Lang::Ko);
        let english: Vec<&str> = ko
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty() && *w != "recruit")
            .collect();
        assert!(english.is_empty(), "English left in {ko:?}: {english:?}");
        assert!(super::internal_error(super::Lang::En).starts_with("error: internal error"));
    }

    use super::*;
    use fluent_syntax::ast;

    /// Each message of `lang`'s file: its id and the variables it uses.
    fn messages(lang: Lang) -> Vec<(String, Vec<String>)> {
        let res = fluent_syntax::parser::parse(lang.source())
            .unwrap_or_else(|(_, errors)| panic!("{}.ftl does not parse: {errors:?}", lang.code()));
        res.body
            .iter()
            .filter_map(|e| match e {
                ast::Entry::Message(m) => Some(m),
                _ => None,
            })
            .map(|m| {
                let mut vars = Vec::new();
                if let Some(p) = &m.value {
                    variables(p, &mut vars);
                }
                vars.sort();
                vars.dedup();
                (m.id.name.to_string(), vars)
            })
            .collect()
    }

    fn variables(p: &ast::Pattern<&str>, out: &mut Vec<String>) {
        for el in &p.elements {
            if let ast::PatternElement::Placeable { expression } = el {
                expression_vars(expression, out);
            }
        }
    }

    fn expression_vars(e: &ast::Expression<&str>, out: &mut Vec<String>) {
        match e {
            ast::Expression::Inline(i) => inline_vars(i, out),
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, out);
                for v in variants {
                    variables(&v.value, out);
                }
            }
        }
    }

    fn inline_vars(i: &ast::InlineExpression<&str>, out: &mut Vec<String>) {
        match i {
            ast::InlineExpression::VariableReference { id } => out.push(id.name.to_string()),
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, out),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_vars(a, out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_english_message_has_a_korean_one_with_the_same_variables() {
        let en = messages(Lang::En);
        let ko = messages(Lang::Ko);
        assert!(!en.is_empty());
        for (id, vars) in &en {
            let k = ko
                .iter()
                .find(|(k, _)| k == id)
                .unwrap_or_else(|| panic!("ko.ftl has no message {id}"));
            assert_eq!(&k.1, vars, "{id}: the Korean message uses other variables");
        }
        for (id, _) in &ko {
            assert!(
                en.iter().any(|(e, _)| e == id),
                "ko.ftl has {id}, en.ftl does not"
            );
        }
    }

    /// Every `t!("id"` in the sources names a message of en.ftl.
    /// The Rust files of the front end (src/) and of every crate (crates/*/src), with their text.
    fn sources() -> Vec<(std::path::PathBuf, String)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut stack = vec![root.join("src")];
        for krate in std::fs::read_dir(root.join("crates")).unwrap() {
            stack.push(krate.unwrap().path().join("src"));
        }
        let mut out = Vec::new();
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    out.push((path, text));
                }
            }
        }
        out
    }

    /// Where macro `name` (e.g. `t!(`) is called in `text`, not as the end of a longer name
    /// (`assert!(`), the byte offsets after its `(`.
    fn calls<'a>(text: &'a str, name: &'a str) -> impl Iterator<Item = usize> + 'a {
        text.match_indices(name).filter_map(move |(at, _)| {
            let before = text[..at].chars().next_back();
            (!before.is_some_and(|c| c.is_alphanumeric() || c == '_')).then_some(at + name.len())
        })
    }

    #[test]
    fn every_message_the_code_asks_for_exists() {
        let en: Vec<String> = messages(Lang::En).into_iter().map(|(id, _)| id).collect();
        let mut missing = Vec::new();
        let mut seen = 0;
        for (path, text) in sources() {
            // The modules that define the macros: their docs and tests are not requests.
            if path.ends_with("i18n/mod.rs") || path.ends_with("core/src/msg.rs") {
                continue;
            }
            // `t!("id"`, `t_both!("id"`, `tell!(io, "id"` and the crates' `msg!("id"`: the id
            // is the first string.
            for name in ["t!(", "t_both!(", "tell!(", "msg!("] {
                for after in calls(&text, name) {
                    let rest = &text[after..];
                    let Some(open) = rest.find('"') else { continue };
                    if rest[..open].contains(['(', ';', '"']) {
                        continue;
                    }
                    let rest = &rest[open + 1..];
                    let id = &rest[..rest.find('"').unwrap()];
                    seen += 1;
                    // An I/O cause is worded by `render_in` itself, not by a message of its own.
                    if id != "io-cause" && !en.iter().any(|e| e == id) {
                        missing.push(format!("{}: {id}", path.display()));
                    }
                }
            }
        }
        assert!(seen > 500, "the scan finds the requests ({seen})");
        assert!(
            missing.is_empty(),
            "messages missing from en.ftl: {missing:?}"
        );
    }

    /// Each message is in each file once, and each is asked for by the code: its id is written
    /// out somewhere in src/ or crates/*/src (this module's tests aside). The one family built
    /// at run time is an I/O failure's kind (`io-<kind>`, [`render_in`]).
    #[test]
    fn every_message_is_used() {
        for lang in [Lang::En, Lang::Ko] {
            let mut ids: Vec<String> = messages(lang).into_iter().map(|(id, _)| id).collect();
            ids.sort();
            let dups: Vec<_> = ids
                .windows(2)
                .filter(|w| w[0] == w[1])
                .map(|w| &w[0])
                .collect();
            assert!(dups.is_empty(), "{}.ftl has twice: {dups:?}", lang.code());
        }
        let code: Vec<String> = sources()
            .into_iter()
            .map(|(path, text)| {
                if path.ends_with("i18n/mod.rs") {
                    text[..text.find("#[cfg(test)]").unwrap()].to_string()
                } else {
                    text
                }
            })
            .collect();
        let unused: Vec<String> = messages(Lang::En)
            .into_iter()
            .map(|(id, _)| id)
            .filter(|id| !id.starts_with("io-"))
            .filter(|id| {
                let quoted = format!("\"{id}\"");
                !code.iter().any(|t| t.contains(&quoted))
            })
            .collect();
        assert!(unused.is_empty(), "messages no code asks for: {unused:?}");
    }

    /// The crates below the front end speak no language: they say what they mean as data
    /// (`msg!`), never a sentence of the front end's (`t!`), and they depend on none of the
    /// front end's libraries (the command line, Fluent, tables, prompts, servers).
    #[test]
    fn the_crates_below_the_front_end_speak_no_language() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for (path, text) in sources() {
            let below = [
                "crates/core/src",
                "crates/client/src",
                "crates/store/src",
                "crates/audit/src",
            ]
            .iter()
            .any(|c| path.starts_with(root.join(c)));
            if below {
                for name in ["t!(", "t_both!(", "t_in!(", "tell!("] {
                    assert!(
                        calls(&text, name).next().is_none(),
                        "{} calls {name}",
                        path.display()
                    );
                }
            }
        }
        const FRONT_END: [&str; 8] = [
            "clap",
            "fluent-bundle",
            "comfy-table",
            "indicatif",
            "dialoguer",
            "console",
            "rmcp",
            "axum",
        ];
        for krate in ["core", "client", "store", "audit"] {
            let manifest =
                std::fs::read_to_string(root.join("crates").join(krate).join("Cargo.toml"))
                    .unwrap();
            for line in manifest.lines().map(str::trim) {
                for dep in FRONT_END {
                    let named = line
                        .strip_prefix(dep)
                        .is_some_and(|rest| rest.starts_with([' ', '=', '.']))
                        || line.contains(&format!("dependencies.{dep}]"))
                        || line.contains(&format!("package = \"{dep}\""));
                    assert!(!named, "crates/{krate}/Cargo.toml depends on {dep}: {line}");
                }
            }
        }
    }

    /// The Korean help parses, and English help is clap's own (none here).
    #[test]
    fn the_help_translations_parse() {
        fluent_syntax::parser::parse(include_str!("help-ko.ftl"))
            .unwrap_or_else(|(_, errors)| panic!("help-ko.ftl does not parse: {errors:?}"));
        assert_eq!(
            help_text(Lang::Ko, "help-forms-list").as_deref(),
            Some("지원서(채용 공고) 목록")
        );
        assert_eq!(help_text(Lang::En, "help-forms-list"), None);
        assert!(help_ids(Lang::Ko).iter().any(|i| i == "global--bom"));
    }

    /// The client's messages (data) put in words here: nested causes and spans of time in
    /// the reader's language, English for programs, an I/O cause in the system's words.
    /// The client's messages that tests once read in English keep their wording: a message
    /// inside another, numbers and a cut PEM file's marker.
    #[test]
    fn client_messages_keep_their_english() {
        use recruit_client::msg;
        install();
        let en = |m: &Msg| render_in(m, Lang::En);
        assert_eq!(
            en(&msg!("tls-unknown-issuer", target = "localhost:8443")),
            "the certificate of localhost:8443 is signed by an unknown authority; if your network uses its own CA, pass it with --ca-cert FILE (or RECRUIT_CA_CERT)"
        );
        assert_eq!(
            en(&msg!(
                "ca-not-pem",
                path = "cut.pem",
                why = msg!("pem-ends-early", marker = "CERTIFICATE")
            )),
            "the CA file 'cut.pem' is not valid PEM: it ends before the line -----END CERTIFICATE----- (the file is cut short or incomplete); pass the authority's certificate in PEM form (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)"
        );
        assert_eq!(
            en(&msg!("delivery-refused-times", times = 3)),
            "the app refused it 3 times"
        );
        assert_eq!(
            en(&msg!("store-taken", store = "a.db", same = msg!("store-same-file", file = "/x/a.db")))
                .split(';')
                .next(),
            Some("another `recruit webhooks listen` is using the event store a.db (the file /x/a.db)")
        );
        assert_eq!(
            en(&msg!(
                "retry-after-too-long",
                asked = "20 s",
                status = 429,
                sent = "20",
                max = "5 s",
                when = msg!("retry-too-far")
            )),
            "the service asked to wait 20 s before retrying (HTTP 429, Retry-After: 20), longer than --max-wait 5 s; that is too far in the future to wait for, or raise --max-wait"
        );
        assert_eq!(
            in_lang(Lang::Ko, || msg!("delivery-refused-times", times = 3)
                .said()),
            "앱이 3번 거절했습니다"
        );
    }

    #[test]
    fn client_messages_are_worded_here() {
        use recruit_client::signature::{verify, Rejection};
        install();
        let body = b"x";
        let h = recruit_client::signature::sign(b"k", 1_000, body);
        let tolerance = Some(std::time::Duration::from_secs(300));
        let at = |now| verify(Some(&h), body, &[b"k".as_slice()], tolerance, now).unwrap_err();
        let late = at(1_420);
        assert!(late.to_string().contains("2 min beyond"), "{late}");
        let early = at(699);
        assert!(early.to_string().contains("5 min 1 s ahead"), "{early}");
        let bad = verify(
            Some("t=1"),
            body,
            &[b"k".as_slice()],
            Some(std::time::Duration::from_secs(300)),
            1,
        )
        .unwrap_err();
        assert!(matches!(bad, Rejection::Malformed(_)));
        assert!(
            bad.to_string().starts_with("malformed signature header: "),
            "{bad}"
        );
        let ko = in_lang(Lang::Ko, || bad.said());
        assert_ne!(ko, bad.to_string(), "people read it in their language");
        assert_eq!(
            in_lang(Lang::Ko, || bad.to_string()),
            bad.to_string(),
            "programs read English"
        );
        let io = std::io::Error::from(std::io::ErrorKind::NotFound);
        let e = recruit_client::Error::file(
            recruit_client::error::FileOp::Read,
            std::path::Path::new("/x"),
            io,
        );
        assert_eq!(e.said.as_ref().map(|m| m.id), Some("file-cannot-read"));
        assert!(e.message.starts_with("cannot read /x: "), "{}", e.message);
    }

    #[test]
    fn locales_read_as_text() {
        assert_eq!(Lang::parse("ko_KR.UTF-8"), Some(Lang::Ko));
        assert_eq!(Lang::parse("ko-KR"), Some(Lang::Ko));
        assert_eq!(Lang::parse("KO"), Some(Lang::Ko));
        assert_eq!(Lang::parse("en_US.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::parse("C.UTF-8"), None);
        assert_eq!(Lang::parse("de_DE"), None);
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_locale(env(&[("LANG", "ko_KR.UTF-8")])), Lang::Ko);
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", "C"), ("LANG", "ko_KR.UTF-8")])),
            Lang::En,
            "LC_ALL wins, and C means English"
        );
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", ""), ("LANG", "ko_KR.UTF-8")])),
            Lang::Ko,
            "an empty variable is not set"
        );
        assert_eq!(Lang::from_locale(env(&[])), Lang::En);
    }

    #[test]
    fn messages_in_both_languages_with_arguments_and_no_isolation_marks() {
        let mut args = FluentArgs::new();
        args.set("count", 3);
        let en = text_in(Lang::En, "memo-delete-replies", Some(&args));
        let ko = text_in(Lang::Ko, "memo-delete-replies", Some(&args));
        assert_eq!(en, "It has 3 replies, which are deleted with it.");
        assert_eq!(ko, "답글 3개도 함께 지워집니다.");
        args.set("count", 1);
        assert_eq!(
            text_in(Lang::En, "memo-delete-replies", Some(&args)),
            "It has 1 reply, which is deleted with it."
        );
        assert!(!ko.contains('\u{2068}') && !ko.contains('\u{2069}'));
        assert_eq!(
            text_in(Lang::Ko, "no-such-message", None),
            "no-such-message"
        );
    }
}
