//! The module layers hold: no module imports one of a higher layer, so no import loop crosses
//! layers. The tables below are the layering; a new top-level module must be placed in one.
//!
//! Read from the sources (not the compiler's view): every `crate::x`, `use crate::{x, ...}` and
//! (at the top of a crate) `super::x` outside comments and `#[cfg(test)]` modules counts, and
//! an offence is reported with its file and line. Unit tests may build fixtures from above.

use std::path::{Path, PathBuf};

/// The front end (src/), lowest first. Modules of one layer may use each other.
const FRONT_END: &[&[&str]] = &[
    // Text helpers and the terminal: `output::text` is a leaf of plain text helpers under
    // `output`, counted on its own.
    &[
        "error",
        "i18n",
        "io",
        "signal",
        "reports",
        "output::text",
        "clock",
        "yes_no",
    ],
    // `output::sheet`: how a CSV is written for a spreadsheet (`--bom`, `--encoding`), a
    // leaf the global options name.
    &["settings", "config", "output::sheet"],
    &["context"],
    &[
        "output", "export", "apply", "wizard", "sync", "webhook", "audit",
    ],
    &["commands", "mcp"],
    &["cli"],
];

/// The client crate's top-level modules, lowest first.
const CLIENT: &[&[&str]] = &[
    &["msg", "redact", "text", "named", "clock"],
    &["error", "signature", "personal"],
    &["files", "api"],
    &["delivery", "batch"],
];

/// Inside the client's `api`, lowest first: the pacer below the HTTP client that uses it, the
/// resources above the transport.
const CLIENT_API: &[&[&str]] = &[
    &["events", "tls", "types", "limiter", "planned"],
    &["pacer"],
    &["http"],
    &["pagination"],
    &["records"],
    &[
        "candidates",
        "evaluations",
        "forms",
        "interviews",
        "jobs",
        "memos",
        "submissions",
        "webhooks",
    ],
    &["uploads"],
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rs_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
}

/// The lines of `src` that count: comments and `#[cfg(test)]` modules blanked, numbered from 1.
fn code_lines(src: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut skip_depth: Option<i64> = None;
    let mut pending_test = false;
    for (i, line) in src.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("").to_string();
        let trimmed = code.trim();
        if let Some(depth) = skip_depth.as_mut() {
            *depth += code.matches('{').count() as i64 - code.matches('}').count() as i64;
            if *depth <= 0 {
                skip_depth = None;
            }
            continue;
        }
        if trimmed == "#[cfg(test)]" {
            pending_test = true;
            continue;
        }
        if pending_test && trimmed.starts_with("mod ") && trimmed.ends_with('{') {
            skip_depth = Some(1);
            pending_test = false;
            continue;
        }
        pending_test = false;
        out.push((i + 1, code));
    }
    out
}

/// The module names a line uses through `prefix` (`crate::`, `super::`): `crate::x::...`,
/// `crate::{x, y::z}`.
fn named_after(line: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find(prefix) {
        // `$crate::` (a macro's) is not this module naming another.
        let before = &rest[..at];
        rest = &rest[at + prefix.len()..];
        if before.ends_with('$') || before.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(list) = rest.strip_prefix('{') {
            let list = &list[..list.find('}').unwrap_or(list.len())];
            names.extend(list.split(',').map(|p| p.trim().to_string()));
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            names.push(rest[..end].to_string());
        }
    }
    names
}

fn layer_of(table: &[&[&str]], unit: &str) -> Option<usize> {
    table.iter().position(|layer| layer.contains(&unit))
}

/// The unit a path (`output::text::x`, `settings`) falls in: its longest prefix in the table.
fn unit_in(table: &[&[&str]], path: &str) -> Option<String> {
    let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    (1..=parts.len().min(2))
        .rev()
        .map(|n| parts[..n].join("::"))
        .find(|u| layer_of(table, u).is_some())
}

/// Every import of a higher layer by the files under `dir`, as `file:line: a (layer i) uses
/// b (layer j)`. `unit_of_file` names a file's unit (by its path under `dir`); `prefixes`
/// are how a module names its siblings (`crate::`, `super::`).
fn offences(
    dir: &Path,
    table: &[&[&str]],
    unit_of_file: impl Fn(&str) -> Option<String>,
    prefixes: &[&str],
) -> Vec<String> {
    let mut files = Vec::new();
    rs_files(dir, &mut files);
    let mut found = Vec::new();
    for file in files {
        let rel = file
            .strip_prefix(dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let Some(unit) = unit_of_file(&rel) else {
            continue;
        };
        let Some(own) = layer_of(table, &unit) else {
            found.push(format!(
                "{}: module `{unit}` is in no layer of the table",
                file.display()
            ));
            continue;
        };
        let src = std::fs::read_to_string(&file).unwrap();
        for (n, line) in code_lines(&src) {
            for prefix in prefixes {
                for path in named_after(&line, prefix) {
                    let Some(used) = unit_in(table, &path) else {
                        continue;
                    };
                    let layer = layer_of(table, &used).unwrap();
                    if layer > own {
                        found.push(format!(
                            "{}:{n}: `{unit}` (layer {own}) uses `{used}` (layer {layer}): {}",
                            file.display(),
                            line.trim()
                        ));
                    }
                }
            }
        }
    }
    found
}

/// A file's unit: its top-level module, or `output::text` for that leaf.
fn top_unit(table: &'static [&'static [&'static str]]) -> impl Fn(&str) -> Option<String> {
    move |rel: &str| {
        if rel == "lib.rs" || rel == "main.rs" {
            return None;
        }
        let path = rel.trim_end_matches(".rs").trim_end_matches("/mod");
        let parts: Vec<&str> = path.split('/').collect();
        unit_in(table, &parts.join("::")).or_else(|| Some(parts[0].to_string()))
    }
}

#[test]
fn the_front_ends_modules_import_no_higher_layer() {
    let found = offences(
        &root().join("src"),
        FRONT_END,
        top_unit(FRONT_END),
        &["crate::"],
    );
    assert!(
        found.is_empty(),
        "imports across layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_clients_modules_import_no_higher_layer() {
    let src = root().join("crates/client/src");
    let found = offences(&src, CLIENT, top_unit(CLIENT), &["crate::"]);
    assert!(
        found.is_empty(),
        "imports across layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_clients_api_modules_import_no_higher_layer() {
    let api = root().join("crates/client/src/api");
    let unit = |rel: &str| {
        (!rel.contains('/') && rel != "mod.rs").then(|| rel.trim_end_matches(".rs").to_string())
    };
    let found = offences(&api, CLIENT_API, unit, &["super::", "crate::api::"]);
    assert!(
        found.is_empty(),
        "imports across layers:\n{}",
        found.join("\n")
    );
}

/// The checker itself: a line naming a higher module is caught, with its file and line, and
/// the forms that are not imports (comments, tests, `$crate::`) are not.
#[test]
fn the_checker_catches_an_import_from_below_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("settings.rs"),
        "// crate::context in a comment\nuse crate::{config, context::GlobalArgs};\n\
         fn f() { $crate::cli::x(); }\n#[cfg(test)]\nmod tests {\n    use crate::cli;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("io.rs"),
        "use crate::output::text::one_line;\n",
    )
    .unwrap();
    let found = offences(dir.path(), FRONT_END, top_unit(FRONT_END), &["crate::"]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("settings.rs:2: `settings` (layer 1) uses `context` (layer 2)"),
        "{found:?}"
    );
}
