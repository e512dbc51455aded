//! The mirror's tables, each declared once: its columns (name, type, constraint, the schema
//! version it appeared in, and how its value is read from the record), its table constraints
//! and its indexes. The DDL of every schema version (tables created, columns added), the
//! column lists of the inserts, the row values and the purge's list of personal columns all
//! come from here.

use serde_json::Value;

use super::db::{Dialect, Val};

/// A column's type, rendered per dialect by [`super::db::ddl`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Text,
    /// `jsonb` in PostgreSQL, text in SQLite.
    Json,
    /// `timestamptz` in PostgreSQL, RFC 3339 text in SQLite.
    Ts,
    Int,
    Real,
    Bool,
    /// The table's own increasing id (its primary key).
    Serial,
}

impl Ty {
    fn template(self) -> &'static str {
        match self {
            Ty::Text => "TEXT",
            Ty::Json => "{json}",
            Ty::Ts => "{ts}",
            Ty::Int => "{int}",
            Ty::Real => "{real}",
            Ty::Bool => "{bool}",
            Ty::Serial => "{serial}",
        }
    }

    /// The statement placeholder of a value of this type (see [`super::db::render`]).
    fn mark(self) -> &'static str {
        match self {
            Ty::Json => "?j",
            Ty::Ts => "?t",
            _ => "?",
        }
    }
}

/// How a column's value is had when a row is written from a record.
#[derive(Debug, Clone, Copy)]
pub enum Read {
    /// Not written with the row: set by the mirror's own statements (bookkeeping).
    Kept,
    /// Given by the mirror as it writes the row (the run, the time, a key it made).
    Given,
    /// The value at this path of the record: a string as it is, other JSON as its text.
    Text(&'static [&'static str]),
    /// A time at this path, when it is RFC 3339.
    Time(&'static [&'static str]),
    Int(&'static [&'static str]),
    Real(&'static [&'static str]),
    Bool(&'static [&'static str]),
    /// The record's own text, as sent.
    Data,
    /// Worked out from the record.
    With(fn(&Value) -> Val),
}

#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub name: &'static str,
    pub ty: Ty,
    /// `PRIMARY KEY`, `NOT NULL`, a reference...
    pub extra: &'static str,
    /// The schema version it appeared in.
    pub since: i64,
    pub read: Read,
}

#[derive(Debug, Clone, Copy)]
pub struct Index {
    pub name: &'static str,
    pub on: &'static str,
    pub since: i64,
}

#[derive(Debug)]
pub struct Table {
    pub name: &'static str,
    pub columns: &'static [Column],
    /// Constraints over several columns, after the columns.
    pub constraints: &'static [&'static str],
    pub indexes: &'static [Index],
}

/// An index `name` on column `on`, created since schema version `since`.
const fn index(name: &'static str, on: &'static str, since: i64) -> Index {
    Index { name, on, since }
}

const fn col(name: &'static str, ty: Ty, read: Read) -> Column {
    Column {
        name,
        ty,
        extra: "",
        since: 1,
        read,
    }
}

impl Column {
    const fn extra(mut self, extra: &'static str) -> Column {
        self.extra = extra;
        self
    }

    const fn since(mut self, version: i64) -> Column {
        self.since = version;
        self
    }

    /// The record's field this column holds as it is (`name` for `Read::Text(&["name"])`).
    pub fn field(&self) -> Option<&'static str> {
        match self.read {
            Read::Text([f]) => Some(f),
            _ => None,
        }
    }
}

impl Table {
    /// The columns a row written from a record sets, each as `name mark` (`"data ?j"`), in
    /// the order of [`Table::values`].
    pub fn written(&self) -> Vec<String> {
        self.columns
            .iter()
            .filter(|c| !matches!(c.read, Read::Kept))
            .map(|c| format!("{} {}", c.name, c.ty.mark()))
            .collect()
    }

    /// The values of [`Table::written`] for `record` (sent as `raw`); `given` supplies the
    /// columns the mirror gives, by name.
    pub fn values(&self, record: &Value, raw: &str, given: impl Fn(&str) -> Val) -> Vec<Val> {
        self.columns
            .iter()
            .filter_map(|c| {
                Some(match c.read {
                    Read::Kept => return None,
                    Read::Given => given(c.name),
                    Read::Text(p) => text(at(record, p)),
                    Read::Time(p) => time(at(record, p)),
                    Read::Int(p) => int(at(record, p)),
                    Read::Real(p) => real(at(record, p)),
                    Read::Bool(p) => boolean(at(record, p)),
                    Read::Data => Val::text(raw),
                    Read::With(f) => f(record),
                })
            })
            .collect()
    }

    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }

    /// The statement that makes the table as it was first made (its first version's columns).
    pub fn create(&self, dialect: Dialect) -> String {
        self.step(self.born(), dialect)
    }

    fn born(&self) -> i64 {
        self.columns.iter().map(|c| c.since).min().unwrap_or(1)
    }

    /// The statements that bring this table from schema version `v - 1` to `v`: created in
    /// the version of its first column, columns added and indexes made in theirs.
    fn step(&self, v: i64, dialect: Dialect) -> String {
        let born = self.born();
        let mut out = String::new();
        if v == born {
            let mut lines: Vec<String> = self
                .columns
                .iter()
                .filter(|c| c.since == born)
                .map(|c| column_sql(c, dialect))
                .collect();
            lines.extend(self.constraints.iter().map(|c| c.to_string()));
            out.push_str(&format!(
                "CREATE TABLE {} (\n    {}\n);\n",
                self.name,
                lines.join(",\n    ")
            ));
        } else {
            for c in self.columns.iter().filter(|c| c.since == v) {
                out.push_str(&format!(
                    "ALTER TABLE {} ADD COLUMN {};\n",
                    self.name,
                    column_sql(c, dialect)
                ));
            }
        }
        for i in self.indexes.iter().filter(|i| i.since == v) {
            out.push_str(&format!(
                "CREATE INDEX {} ON {} ({});\n",
                i.name, self.name, i.on
            ));
        }
        out
    }
}

fn column_sql(c: &Column, dialect: Dialect) -> String {
    let ty = super::db::ddl(c.ty.template(), dialect);
    if c.extra.is_empty() {
        format!("{} {ty}", c.name)
    } else {
        format!("{} {ty} {}", c.name, c.extra)
    }
}

/// The statements of schema version `v` (1: the first mirror), every table in order.
pub fn step(v: i64, dialect: Dialect) -> String {
    ALL.iter().map(|t| t.step(v, dialect)).collect()
}

/// The newest schema version any table declares.
pub fn newest() -> i64 {
    ALL.iter()
        .flat_map(|t| {
            t.columns
                .iter()
                .map(|c| c.since)
                .chain(t.indexes.iter().map(|i| i.since))
        })
        .max()
        .unwrap_or(1)
}

/// The candidate columns that hold a personal field (the one list) as it is: what a purge
/// nulls besides `data`. `(column, field)`.
pub fn personal_columns() -> Vec<(&'static str, &'static str)> {
    // The one list, read here too, so the tables need nothing of the records above them.
    let personal: Vec<&str> =
        recruit_core::personal::of(recruit_core::personal::Record::Candidate).collect();
    CANDIDATES
        .columns
        .iter()
        .filter_map(|c| Some((c.name, c.field().filter(|f| personal.contains(f))?)))
        .collect()
}

// ---------------------------------------------------------------- reading a record

fn at<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    let mut cur = v;
    for k in path {
        cur = cur.get(*k)?;
    }
    Some(cur)
}

/// A text column: a string as it is, another JSON value as its JSON text, null or missing
/// as NULL.
pub fn text(v: Option<&Value>) -> Val {
    match v {
        None | Some(Value::Null) => Val::Null,
        Some(Value::String(s)) => Val::Text(s.clone()),
        Some(other) => Val::Text(other.to_string()),
    }
}

pub fn int(v: Option<&Value>) -> Val {
    match v {
        Some(Value::Number(n)) => n
            .as_i64()
            .map(Val::Int)
            .unwrap_or_else(|| n.as_f64().map_or(Val::Null, |f| Val::Int(f as i64))),
        Some(Value::String(s)) => s.trim().parse().map_or(Val::Null, Val::Int),
        _ => Val::Null,
    }
}

fn real(v: Option<&Value>) -> Val {
    match v {
        Some(Value::Number(n)) => n.as_f64().map_or(Val::Null, Val::Real),
        Some(Value::String(s)) => s.trim().parse().map_or(Val::Null, Val::Real),
        _ => Val::Null,
    }
}

fn boolean(v: Option<&Value>) -> Val {
    match v {
        Some(Value::Bool(b)) => Val::Bool(*b),
        _ => Val::Null,
    }
}

/// A timestamp column: the time as sent when it is RFC 3339 (what both databases read),
/// else NULL (the text stays in `data`).
pub fn time(v: Option<&Value>) -> Val {
    match v.and_then(Value::as_str) {
        Some(s) if chrono::DateTime::parse_from_rfc3339(s).is_ok() => Val::Text(s.to_string()),
        _ => Val::Null,
    }
}

/// An answer's question title: its own `title`, else its question's.
fn answer_title(v: &Value) -> Val {
    match v.get("title") {
        Some(Value::String(t)) => Val::text(t),
        _ => text(at(v, &["question", "title"])),
    }
}

/// An answer as one text, for queries: `value`, the `values` or `links` joined with ", ",
/// `checked` as true/false, a contact as `name <email> phone`.
fn answer_text(v: &Value) -> Val {
    let Some(Value::Object(m)) = v.get("answer_json_info") else {
        return Val::Null;
    };
    let join = |a: &Vec<Value>| {
        a.iter()
            .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_string))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(v) = m.get("value") {
        return text(Some(v));
    }
    if let Some(Value::Array(a)) = m.get("values") {
        return Val::Text(join(a));
    }
    if let Some(Value::Array(a)) = m.get("links") {
        return Val::Text(join(a));
    }
    if let Some(Value::Bool(b)) = m.get("checked") {
        return Val::text(b.to_string());
    }
    let parts: Vec<String> = [("name", "{}"), ("email", "<{}>"), ("phone", "{}")]
        .iter()
        .filter_map(|(k, f)| {
            m.get(*k)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
                .map(|s| f.replace("{}", s))
        })
        .collect();
    if parts.is_empty() {
        Val::Null
    } else {
        Val::Text(parts.join(" "))
    }
}

// ---------------------------------------------------------------- the tables

use Read::{Data, Given, Kept, Time, With};
use Ty::{Bool, Int, Json, Real, Serial, Text, Ts};

const fn t(path: &'static [&'static str]) -> Read {
    Read::Text(path)
}

pub static META: Table = Table {
    name: "recruit_meta",
    columns: &[
        col("key", Text, Kept).extra("PRIMARY KEY"),
        col("value", Text, Kept),
    ],
    constraints: &[],
    indexes: &[],
};

/// A form of the form list; `detail` is its detail's `resource`, read when `updated_at`
/// changes.
pub static FORMS: Table = Table {
    name: "forms",
    columns: &[
        col("code", Text, t(&["code"])).extra("PRIMARY KEY"),
        col("title", Text, t(&["title"])),
        col("status", Text, t(&["status"])),
        col("end_at", Ts, Time(&["end_at"])),
        col("created_at", Ts, Time(&["created_at"])),
        col("updated_at", Ts, Time(&["updated_at"])),
        col("detail", Json, Kept),
        col("detail_updated_at", Text, Kept),
        col("seen_run", Int, Given),
        col("synced_at", Ts, Given),
        col("deleted_at", Ts, Kept),
        col("data", Json, Data).extra("NOT NULL"),
    ],
    constraints: &[],
    indexes: &[],
};

/// A job of the job list, keyed by its code, else its address, else its form (`key`, given).
pub static JOBS: Table = Table {
    name: "jobs",
    columns: &[
        col("key", Text, Given).extra("PRIMARY KEY"),
        col("code", Text, t(&["code"])),
        col("title", Text, t(&["title"])),
        col("url", Text, t(&["url"])),
        col("form_code", Text, t(&["application_form", "code"])),
        col("position_title", Text, t(&["position", "title"])),
        col("created_at", Ts, Time(&["created_at"])),
        col("updated_at", Ts, Time(&["updated_at"])),
        col("seen_run", Int, Given),
        col("synced_at", Ts, Given),
        col("deleted_at", Ts, Kept),
        col("data", Json, Data).extra("NOT NULL"),
    ],
    constraints: &[],
    indexes: &[
        index("jobs_code", "code", 1),
        index("jobs_form_code", "form_code", 1),
    ],
};

/// A candidate of the list. The bookkeeping columns are the mirror's (see the module
/// [`super`]).
pub static CANDIDATES: Table = Table {
    name: "candidates",
    columns: &[
        col("code", Text, t(&["code"])).extra("PRIMARY KEY"),
        col("name", Text, t(&["name"])),
        col("email", Text, t(&["email"])),
        col("phone", Text, t(&["phone"])),
        col("birth", Text, t(&["birth"])),
        col("resume_path", Text, t(&["resume_path"])),
        col("profile_img_path", Text, t(&["profile_img_path"])),
        col("stage_kind", Text, t(&["job_stage", "stage_kind"])),
        col("stage_title", Text, t(&["job_stage", "title"])),
        col("stage_created_at", Ts, Time(&["job_stage", "created_at"])),
        col("stage_updated_at", Ts, Time(&["job_stage", "updated_at"])),
        col("job_code", Text, t(&["job", "code"])),
        col("job_title", Text, t(&["job", "title"])),
        col("applied_at", Ts, Time(&["applied_at"])),
        col("created_at", Ts, Time(&["created_at"])),
        col("feedback_kind", Text, t(&["feedback_kind"])),
        col("feedback_status", Text, t(&["feedback_status"])),
        col("feedback_result", Text, t(&["feedback_result"])),
        col("feedback_score", Real, Read::Real(&["feedback_score"])),
        col("synced_at", Ts, Given),
        col("fetched_at", Ts, Kept),
        col("deleted_at", Ts, Kept),
        col("purged_at", Ts, Kept),
        col("seen_run", Int, Given),
        col("fingerprint", Text, Given),
        col("fetched_fingerprint", Text, Kept),
        col("fetched_unix", Real, Kept),
        col("stage_unix", Real, Given),
        col("refetch", Text, Kept),
        col("data", Json, Data).extra("NOT NULL"),
    ],
    constraints: &[],
    indexes: &[
        index("candidates_stage", "stage_kind", 1),
        index("candidates_job", "job_code", 1),
    ],
};

/// Each stage a candidate was seen at, read from its list item's `job_stage`.
pub static STAGE_HISTORY: Table = Table {
    name: "stage_history",
    columns: &[
        col("candidate_code", Text, t(&["code"])).extra("NOT NULL REFERENCES candidates (code)"),
        col("stage_key", Text, Given).extra("NOT NULL"),
        col("stage_kind", Text, t(&["job_stage", "stage_kind"])),
        col("stage_title", Text, t(&["job_stage", "title"])),
        col("entered_at", Ts, Time(&["job_stage", "created_at"])),
        col("first_seen_at", Ts, Given),
    ],
    constraints: &["PRIMARY KEY (candidate_code, stage_key)"],
    indexes: &[index("stage_history_stage", "stage_kind", 2)],
};

/// A memo as the memo list sent it (a reply again as a row of its own).
pub static MEMOS: Table = Table {
    name: "memos",
    columns: &[
        col("candidate_code", Text, Given).extra("NOT NULL REFERENCES candidates (code)"),
        col("seq", Int, Given).extra("NOT NULL"),
        col("id", Int, Read::Int(&["id"])),
        col("parent_id", Int, Given),
        col("content", Text, t(&["content"])),
        col("accessible_role", Text, t(&["accessible_role"])),
        col("pinned", Bool, Read::Bool(&["pinned"])),
        col("user_code", Text, t(&["user", "code"])),
        col("user_name", Text, t(&["user", "name"])),
        col("created_at", Ts, Time(&["created_at"])),
        col("updated_at", Ts, Time(&["updated_at"])),
        col("data", Json, Data).extra("NOT NULL"),
    ],
    constraints: &["PRIMARY KEY (candidate_code, seq)"],
    indexes: &[index("memos_id", "id", 1)],
};

/// A form submission of a candidate, as sent.
pub static SUBMISSIONS: Table = Table {
    name: "submissions",
    columns: &[
        col("candidate_code", Text, Given).extra("NOT NULL REFERENCES candidates (code)"),
        col("seq", Int, Given).extra("NOT NULL"),
        col("code", Text, t(&["code"])),
        col("kind", Text, t(&["kind"])),
        col("form_title", Text, t(&["form_title"])),
        col("form_template_id", Int, Read::Int(&["form_template", "id"])),
        col("form_template_name", Text, t(&["form_template", "name"])),
        col("submitted_at", Ts, Time(&["submitted_at"])),
        col("created_at", Ts, Time(&["created_at"])),
        col("data", Json, Data).extra("NOT NULL"),
    ],
    constraints: &["PRIMARY KEY (candidate_code, seq)"],
    indexes: &[index("submissions_code", "code", 1)],
};

/// An answer of a submission (the whole item is in the submission's `data`).
pub static SUBMISSION_ANSWERS: Table = Table {
    name: "submission_answers",
    columns: &[
        col("candidate_code", Text, Given).extra("NOT NULL"),
        col("submission_seq", Int, Given).extra("NOT NULL"),
        col("seq", Int, Given).extra("NOT NULL"),
        col("submission_code", Text, Given),
        col("answer_id", Int, Read::Int(&["id"])),
        col("question_id", Int, Read::Int(&["question", "id"])),
        col("question_title", Text, With(answer_title)),
        col("kind", Text, t(&["kind"])),
        col("value", Text, With(answer_text)),
        // As sent: its own text in the submission's.
        col("answer", Json, Given),
    ],
    constraints: &[
        "PRIMARY KEY (candidate_code, submission_seq, seq)",
        "FOREIGN KEY (candidate_code, submission_seq) REFERENCES submissions (candidate_code, seq)",
    ],
    indexes: &[index("submission_answers_question", "question_title", 2)],
};

/// Each run, written by the mirror's own statements.
pub static SYNC_RUNS: Table = Table {
    name: "sync_runs",
    columns: &[
        col("id", Serial, Kept),
        col("started_at", Ts, Kept).extra("NOT NULL"),
        col("finished_at", Ts, Kept),
        col("status", Text, Kept).extra("NOT NULL"),
        col("full_run", Bool, Kept).extra("NOT NULL"),
        col("stages", Text, Kept),
        col("candidates_listed", Int, Kept),
        col("candidates_new", Int, Kept),
        col("candidates_changed", Int, Kept),
        col("candidates_unchanged", Int, Kept),
        col("candidates_deleted", Int, Kept),
        col("candidates_fetched", Int, Kept),
        col("candidates_failed", Int, Kept),
        col("list_total", Int, Kept),
        col("requests", Int, Kept),
        col("seconds", Real, Kept),
        col("started_unix", Real, Kept).extra("NOT NULL"),
        col("finished_unix", Real, Kept),
        col("message", Text, Kept),
        // Values stored with U+FFFD in place of U+0000.
        col("nul_replaced", Int, Kept).since(3),
    ],
    constraints: &[],
    indexes: &[],
};

/// Each candidate purged, written by the purge.
pub static PURGES: Table = Table {
    name: "purges",
    columns: &[
        col("candidate_code", Text, Kept).extra("NOT NULL REFERENCES candidates (code)"),
        col("purged_at", Ts, Kept).extra("NOT NULL"),
        col("rule", Text, Kept).extra("NOT NULL"),
        col("stage_kind", Text, Kept),
        col("stage_updated_at", Ts, Kept),
        col("memos", Int, Kept),
        col("submissions", Int, Kept),
    ],
    constraints: &[],
    indexes: &[index("purges_code", "candidate_code", 1)],
};

/// Every table, in the order they are created (a table after those it references).
pub static ALL: &[&Table] = &[
    &META,
    &FORMS,
    &JOBS,
    &CANDIDATES,
    &STAGE_HISTORY,
    &MEMOS,
    &SUBMISSIONS,
    &SUBMISSION_ANSWERS,
    &SYNC_RUNS,
    &PURGES,
];

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    /// The frozen statements of schema version `v` (see schema-history.sql).
    fn frozen(v: i64) -> String {
        frozen_in(v, Dialect::Sqlite)
    }

    fn frozen_in(v: i64, dialect: Dialect) -> String {
        let all = include_str!("schema-history.sql");
        let head = format!("-- version {v}\n");
        let from = all.find(&head).unwrap() + head.len();
        let to = all[from..]
            .find("-- version ")
            .map_or(all.len(), |i| from + i);
        super::super::db::ddl(&all[from..to], dialect)
    }

    /// Every table's columns (name, type, not null, default, key), indexes (with their
    /// columns) and foreign keys, as SQLite reports them.
    fn shape(c: &Connection) -> Vec<String> {
        let rows = |sql: &str| -> Vec<String> {
            let mut st = c.prepare(sql).unwrap();
            let n = st.column_count();
            st.query_map([], |r| {
                Ok((0..n)
                    .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                    .collect::<Vec<_>>()
                    .join(" "))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect()
        };
        let mut out = Vec::new();
        for t in ALL {
            let name = t.name;
            out.push(format!("table {name}"));
            out.extend(rows(&format!("PRAGMA table_info({name})")));
            out.extend(rows(&format!("PRAGMA foreign_key_list({name})")));
            let mut idx = rows(&format!(
                "SELECT name || ' ' || (SELECT group_concat(name) FROM pragma_index_info(il.name))
                 FROM pragma_index_list('{name}') il ORDER BY name"
            ));
            idx.sort();
            out.extend(idx);
        }
        out
    }

    fn built(steps: impl Iterator<Item = String>) -> Vec<String> {
        let c = Connection::open_in_memory().unwrap();
        for s in steps {
            c.execute_batch(&s).unwrap_or_else(|e| panic!("{e}: {s}"));
        }
        shape(&c)
    }

    #[test]
    fn the_declarations_make_the_schema_history_as_it_was() {
        assert_eq!(newest(), super::super::schema::VERSION);
        let versions = 1..=super::super::schema::VERSION;
        let before = built(versions.clone().map(frozen));
        assert!(before.len() > 100, "{before:?}");
        // A new mirror, every step from the declarations.
        let now = built(versions.clone().map(|v| step(v, Dialect::Sqlite)));
        assert_eq!(now, before);
        // A mirror of each older version migrated by the declarations' later steps.
        for old in versions.clone() {
            let mixed = built(versions.clone().map(|v| {
                if v <= old {
                    frozen(v)
                } else {
                    step(v, Dialect::Sqlite)
                }
            }));
            assert_eq!(mixed, before, "from version {old}");
        }
        // PostgreSQL's types per version, as before.
        for v in versions {
            let frozen_pg = frozen_in(v, Dialect::Postgres);
            // Each statement in words (the same in any order: independent statements).
            let words = |s: &str| {
                let mut statements: Vec<Vec<String>> = s
                    .split(';')
                    .map(|st| {
                        st.split(|c: char| c.is_whitespace() || c == ',')
                            .filter(|w| !w.is_empty())
                            .map(str::to_string)
                            .collect::<Vec<_>>()
                    })
                    .filter(|w| !w.is_empty())
                    .collect();
                statements.sort();
                statements
            };
            assert_eq!(
                words(&step(v, Dialect::Postgres)),
                words(&frozen_pg),
                "version {v} in PostgreSQL"
            );
        }
    }

    #[test]
    fn every_given_column_is_given_and_the_personal_columns_are_the_lists() {
        assert_eq!(
            personal_columns(),
            [
                ("name", "name"),
                ("email", "email"),
                ("phone", "phone"),
                ("birth", "birth"),
                ("resume_path", "resume_path"),
                ("profile_img_path", "profile_img_path"),
            ]
        );
        for t in ALL {
            assert_eq!(
                t.written().len(),
                t.values(&Value::Null, "{}", |_| Val::Null).len(),
                "{}",
                t.name
            );
        }
    }
}
