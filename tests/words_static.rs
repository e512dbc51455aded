//! Every text for people is a message (src/i18n/en.ftl and ko.ftl): this reads every `.rs`
//! file under src/ (test modules left out) and fails, naming file:line, when a string literal
//! with English prose reaches a person by a way the compiler does not stop: the format string
//! of a printing macro (`println!`, `eprintln!`, `print!`, `eprint!`, `say!`, `elog!`,
//! `write!`, `writeln!`), a `panic!` or `.expect()` text, or a literal passed to an `Error`
//! constructor. Prose is two Latin words in a row outside of format placeholders; option
//! names, URLs, paths, `key=value` log fields and upper-case SQL are not words here.

#[path = "common/rs_files.rs"]
mod rs_files;
use rs_files::rs_files;
use std::path::Path;

/// What is not for people, by file and the literal's start. Each says why.
const ALLOWED: &[(&str, &str)] = &[
    // Prometheus's exposition format: `# HELP` lines are read by a scraper, in English by
    // its convention (the metric names beside them are machine words anyway).
    ("src/webhook/metrics.rs", "# HELP "),
];

/// The macros whose first string is a format string shown to a person; `write!`/`writeln!`
/// take it after the writer.
const PRINTERS: &[&str] = &[
    "println", "eprintln", "print", "eprint", "say", "elog", "write", "writeln", "panic",
];

#[test]
fn no_english_prose_reaches_a_person_outside_the_catalogue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rs_files(&root.join("src"), &mut files);
    assert!(files.len() > 50, "src/ was read: {} files", files.len());
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        for (line, lit) in prose_for_people(&text) {
            let allowed = ALLOWED
                .iter()
                .any(|(f, start)| *f == name && lit.starts_with(start));
            if !allowed {
                found.push(format!("{name}:{line}: {lit:?}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "English prose that reaches a person, not a message (put it in src/i18n/en.ftl and \
         ko.ftl and ask for it with crate::t!):\n{}",
        found.join("\n")
    );
}

/// The checker on a small source: what it must catch, and what it must leave.
#[test]
fn the_checker_catches_a_planted_english_line() {
    let src = r##"
        // eprintln!("a comment is not output");
        fn f(out: &mut impl std::io::Write, p: &str) {
            eprintln!("could not open the file {}", p);
            eprintln!("{}: {}", crate::t!("word-error"), p);
            writeln!(out, "{p}: wrote {n} records")?;
            writeln!(out, "--base-url {p} key=value https://example.com/a b")?;
            let c = '"';
            let x = m.lock().expect("the lock is poisoned");
            println!(
                r#"raw prose spans
                lines"#
            );
            return Err(Error::usage("plain words here"));
        }
        #[cfg(test)]
        mod tests {
            fn t() { panic!("tests may say what they like"); }
        }
    "##;
    let found: Vec<usize> = prose_for_people(src).into_iter().map(|(l, _)| l).collect();
    assert_eq!(found, vec![4, 6, 9, 11, 14], "{:?}", prose_for_people(src));
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Punct(char),
    /// A string literal's text (escapes as written) and its line.
    Str(String, usize),
}

/// The literals with prose a person would read, with their lines.
fn prose_for_people(src: &str) -> Vec<(usize, String)> {
    let toks = without_tests(lex(src));
    let mut found = Vec::new();
    let ident = |i: usize, name: &str| matches!(toks.get(i), Some(Tok::Ident(n)) if n == name);
    let punct = |i: usize, c: char| toks.get(i) == Some(&Tok::Punct(c));
    for i in 0..toks.len() {
        // `name!(` and `name! (`: a printer's format string.
        if let Tok::Ident(name) = &toks[i] {
            if PRINTERS.contains(&name.as_str()) && punct(i + 1, '!') && punct(i + 2, '(') {
                let mut at = i + 3;
                if name == "write" || name == "writeln" {
                    match top_level_comma(&toks, at) {
                        Some(c) => at = c + 1,
                        None => continue,
                    }
                }
                found.extend(literal(&toks, at));
            }
        }
        // `.expect("...")`
        if punct(i, '.') && ident(i + 1, "expect") && punct(i + 2, '(') {
            found.extend(literal(&toks, i + 3));
        }
        // `Error::anything(..., "...", ...)`: every literal among its arguments.
        if ident(i, "Error") && punct(i + 1, ':') && punct(i + 2, ':') && punct(i + 4, '(') {
            let mut at = i + 5;
            loop {
                found.extend(literal(&toks, at));
                match top_level_comma(&toks, at) {
                    Some(c) => at = c + 1,
                    None => break,
                }
            }
        }
    }
    found
}

/// The literal at `at` when it holds prose.
fn literal(toks: &[Tok], at: usize) -> Option<(usize, String)> {
    match toks.get(at) {
        Some(Tok::Str(text, line)) if is_prose(text) => Some((*line, text.clone())),
        _ => None,
    }
}

/// The next comma at the argument list's own depth from `at`, before its closing `)`.
fn top_level_comma(toks: &[Tok], at: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, t) in toks.iter().enumerate().skip(at) {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') if depth == 0 => return None,
            Tok::Punct(')' | ']' | '}') => depth -= 1,
            Tok::Punct(',') if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// Two Latin words in a row, placeholders and escapes taken out: `could not`, `the file`.
/// A word next to `-`, `_`, `.`, `/`, `:`, `=`, `@`, `<`, `>` or `$` is a machine word (an
/// option, a path, a URL, a log field); all-capital words are SQL or names.
fn is_prose(text: &str) -> bool {
    let mut plain = String::new();
    let mut depth = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                plain.push(' ');
            }
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            '\\' => {
                chars.next();
                plain.push(' ');
            }
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let re = regex::Regex::new(
        r"(^|[^\w./:@=<>$'-])[A-Za-z][a-z']*[a-z] +[a-z][a-z']*[a-z]?($|[^\w./:@=(<>$-])",
    )
    .unwrap();
    re.is_match(&plain)
}

/// The tokens outside `#[cfg(test)]` items (a test module's texts are the tests').
fn without_tests(toks: Vec<Tok>) -> Vec<Tok> {
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let cfg_test = [
            Tok::Punct('#'),
            Tok::Punct('['),
            Tok::Ident("cfg".into()),
            Tok::Punct('('),
            Tok::Ident("test".into()),
            Tok::Punct(')'),
            Tok::Punct(']'),
        ];
        if toks[i..].starts_with(&cfg_test) {
            // Skip the item: to its block's end, or its `;`.
            let mut j = i + cfg_test.len();
            while j < toks.len() && !matches!(toks[j], Tok::Punct('{' | ';')) {
                j += 1;
            }
            if toks.get(j) == Some(&Tok::Punct('{')) {
                let mut depth = 0;
                while j < toks.len() {
                    match toks[j] {
                        Tok::Punct('{') => depth += 1,
                        Tok::Punct('}') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
            }
            i = j + 1;
            continue;
        }
        out.push(toks[i].clone());
        i += 1;
    }
    out
}

/// Rust source as identifiers, punctuation and string literals; comments, char literals,
/// lifetimes and numbers left out.
fn lex(src: &str) -> Vec<Tok> {
    let s: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    while i < s.len() {
        let c = s[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(s[i] == '\n');
                    i += 1;
                }
            }
        } else if c == '"' || ((c == 'r' || c == 'b') && matches!(at(i + 1), '"' | '#' | 'r')) {
            // "..", r"..", r#".."#, b"..", br"..": the start's line is the literal's.
            let start_line = line;
            let mut j = i;
            if s[j] == 'b' {
                j += 1;
            }
            let raw = s[j] == 'r';
            if raw {
                j += 1;
            }
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            if at(j) != '"' {
                // An identifier such as `r#type` or `br`: read as one.
                let start = i;
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' || at(i) == '#' {
                    i += 1;
                }
                toks.push(Tok::Ident(s[start..i].iter().collect()));
                continue;
            }
            j += 1;
            let mut text = String::new();
            while let Some(&ch) = s.get(j) {
                if !raw && ch == '\\' {
                    text.push(ch);
                    text.push(at(j + 1));
                    line += usize::from(at(j + 1) == '\n');
                    j += 2;
                    continue;
                }
                if ch == '"' && (0..hashes).all(|h| at(j + 1 + h) == '#') {
                    j += 1 + hashes;
                    break;
                }
                line += usize::from(ch == '\n');
                text.push(ch);
                j += 1;
            }
            if s[i] != 'b' {
                toks.push(Tok::Str(text, start_line));
            }
            i = j;
        } else if c == '\'' {
            // A char literal ('x', '\n', '"') or a lifetime ('a).
            if at(i + 1) == '\\' {
                i += 2;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            toks.push(Tok::Ident(s[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            while at(i).is_alphanumeric()
                || at(i) == '_'
                || (at(i) == '.' && at(i + 1).is_ascii_digit())
            {
                i += 1;
            }
        } else {
            toks.push(Tok::Punct(c));
            i += 1;
        }
    }
    toks
}
