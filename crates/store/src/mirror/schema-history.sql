-- The mirror's schema as recruit wrote it before the tables were declared in tables.rs
-- (versions 1 to 3, {json}-style types as db::ddl renders them): frozen, so a test can
-- check that the declarations make the same tables for a new mirror and for an old one.
-- version 1
CREATE TABLE recruit_meta (
key TEXT PRIMARY KEY,
value TEXT
);
CREATE TABLE forms (
code TEXT PRIMARY KEY,
title TEXT,
status TEXT,
end_at {ts},
created_at {ts},
updated_at {ts},
detail {json},
detail_updated_at TEXT,
seen_run {int},
synced_at {ts},
deleted_at {ts},
data {json} NOT NULL
);
CREATE TABLE jobs (
key TEXT PRIMARY KEY,
code TEXT,
title TEXT,
url TEXT,
form_code TEXT,
position_title TEXT,
created_at {ts},
updated_at {ts},
seen_run {int},
synced_at {ts},
deleted_at {ts},
data {json} NOT NULL
);
CREATE INDEX jobs_code ON jobs (code);
CREATE INDEX jobs_form_code ON jobs (form_code);
CREATE TABLE candidates (
code TEXT PRIMARY KEY,
name TEXT,
email TEXT,
phone TEXT,
birth TEXT,
resume_path TEXT,
profile_img_path TEXT,
stage_kind TEXT,
stage_title TEXT,
stage_created_at {ts},
stage_updated_at {ts},
job_code TEXT,
job_title TEXT,
applied_at {ts},
created_at {ts},
feedback_kind TEXT,
feedback_status TEXT,
feedback_result TEXT,
feedback_score {real},
synced_at {ts},
fetched_at {ts},
deleted_at {ts},
purged_at {ts},
seen_run {int},
fingerprint TEXT,
fetched_fingerprint TEXT,
fetched_unix {real},
stage_unix {real},
refetch TEXT,
data {json} NOT NULL
);
CREATE INDEX candidates_stage ON candidates (stage_kind);
CREATE INDEX candidates_job ON candidates (job_code);
CREATE TABLE stage_history (
candidate_code TEXT NOT NULL REFERENCES candidates (code),
stage_key TEXT NOT NULL,
stage_kind TEXT,
stage_title TEXT,
entered_at {ts},
first_seen_at {ts},
PRIMARY KEY (candidate_code, stage_key)
);
CREATE TABLE memos (
candidate_code TEXT NOT NULL REFERENCES candidates (code),
seq {int} NOT NULL,
id {int},
parent_id {int},
content TEXT,
accessible_role TEXT,
pinned {bool},
user_code TEXT,
user_name TEXT,
created_at {ts},
updated_at {ts},
data {json} NOT NULL,
PRIMARY KEY (candidate_code, seq)
);
CREATE INDEX memos_id ON memos (id);
CREATE TABLE submissions (
candidate_code TEXT NOT NULL REFERENCES candidates (code),
seq {int} NOT NULL,
code TEXT,
kind TEXT,
form_title TEXT,
form_template_id {int},
form_template_name TEXT,
submitted_at {ts},
created_at {ts},
data {json} NOT NULL,
PRIMARY KEY (candidate_code, seq)
);
CREATE INDEX submissions_code ON submissions (code);
CREATE TABLE submission_answers (
candidate_code TEXT NOT NULL,
submission_seq {int} NOT NULL,
seq {int} NOT NULL,
submission_code TEXT,
answer_id {int},
question_id {int},
question_title TEXT,
kind TEXT,
value TEXT,
answer {json},
PRIMARY KEY (candidate_code, submission_seq, seq),
FOREIGN KEY (candidate_code, submission_seq) REFERENCES submissions (candidate_code, seq)
);
CREATE TABLE sync_runs (
id {serial},
started_at {ts} NOT NULL,
finished_at {ts},
status TEXT NOT NULL,
full_run {bool} NOT NULL,
stages TEXT,
candidates_listed {int},
candidates_new {int},
candidates_changed {int},
candidates_unchanged {int},
candidates_deleted {int},
candidates_fetched {int},
candidates_failed {int},
list_total {int},
requests {int},
seconds {real},
started_unix {real} NOT NULL,
finished_unix {real},
message TEXT
);
CREATE TABLE purges (
candidate_code TEXT NOT NULL REFERENCES candidates (code),
purged_at {ts} NOT NULL,
rule TEXT NOT NULL,
stage_kind TEXT,
stage_updated_at {ts},
memos {int},
submissions {int}
);
CREATE INDEX purges_code ON purges (candidate_code);
-- version 2
CREATE INDEX submission_answers_question ON submission_answers (question_title);
CREATE INDEX stage_history_stage ON stage_history (stage_kind);
-- version 3
ALTER TABLE sync_runs ADD COLUMN nul_replaced {int};
