//! `--fields`: the columns a table or CSV shows and the keys JSON and NDJSON keep. A name the
//! resource does not have is an error listing the ones it has; `--fields` without a value
//! lists them.

use serde_json::{Map, Value};

use super::Kind;
use crate::error::Error;

/// What `--fields` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Fields {
    /// Not given: every column of the usual view.
    All,
    /// Given without a value: list the fields and print nothing else.
    List,
    /// These fields (top-level names or dotted paths), in this order.
    Only(Vec<String>),
}

impl Fields {
    pub(crate) fn of(opt: Option<&Vec<String>>) -> Fields {
        match opt {
            None => Fields::All,
            Some(v) if v.iter().all(|f| f.trim().is_empty()) => Fields::List,
            Some(v) => Fields::Only(v.iter().map(|f| f.trim().to_string()).collect()),
        }
    }
}

/// The fields of `kind` as documented, then any others the items carry.
pub(crate) fn known(kind: Kind, items: &[Value]) -> Vec<String> {
    let mut names: Vec<String> = kind.csv_columns().iter().map(|s| s.to_string()).collect();
    for item in items {
        if let Value::Object(m) = item {
            for k in m.keys() {
                if !names.contains(k) {
                    names.push(k.clone());
                }
            }
        }
    }
    names
}

/// Every name in `fields` must be a known field, or a dotted path that starts with one.
pub(crate) fn check(kind: Kind, fields: &[String], items: &[Value]) -> Result<(), Error> {
    let names = known(kind, items);
    if names.is_empty() {
        return Ok(()); // nothing to check against (an empty list of a generic answer)
    }
    for f in fields {
        let head = f.split('.').next().unwrap_or(f);
        if !names.iter().any(|n| n == head) {
            return Err(Error::usage(crate::msg!(
                "fields-no-such-field",
                field = f.to_string(),
                fields = names.join(", ")
            )));
        }
    }
    Ok(())
}

/// `item` reduced to `fields`, in that order (a dotted path keeps its name as the key).
pub(crate) fn select(item: &Value, fields: &[String]) -> Value {
    let mut m = Map::new();
    for f in fields {
        m.insert(
            f.clone(),
            super::lookup(item, f).cloned().unwrap_or(Value::Null),
        );
    }
    Value::Object(m)
}

/// The listing of `--fields` without a value: one name per line.
pub(crate) fn listing(kind: Kind, items: &[Value]) -> String {
    let mut s: String = known(kind, items)
        .into_iter()
        .map(|n| format!("{n}\n"))
        .collect();
    if s.is_empty() {
        s.push_str(&format!("({})\n", crate::t!("fields-none")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_names_are_refused_with_the_known_ones() {
        crate::i18n::install(); // the errors' words are read
        let items = [json!({"code": "F1", "title": "T", "extra": 1})];
        assert!(check(Kind::Form, &["code".into(), "extra".into()], &items).is_ok());
        assert!(check(Kind::Memo, &["user.name".into()], &[]).is_ok());
        let e = check(Kind::Form, &["titel".into()], &items).unwrap_err();
        assert!(e.message.contains("no field 'titel'"), "{}", e.message);
        assert!(e.message.contains("code, title, status"), "{}", e.message);
        assert_eq!(
            select(&json!({"a": 1, "b": {"c": 2}}), &["b.c".into(), "a".into()]),
            json!({"b.c": 2, "a": 1})
        );
        assert_eq!(Fields::of(Some(&vec![String::new()])), Fields::List);
    }
}
