//! The hiring pipeline as the API shows it: candidates (list items and details, stored ones
//! and synthetic ones), jobs, evaluations and interviews, and moving a candidate to another
//! stage (the admin route, with the events it fires).

use std::collections::HashSet;

use serde_json::{json, Map, Value};

use super::answer::ApiError;
use super::demo::{member_details, stage_title};
use super::state::{Candidate, CandidateStage, Db, Evaluation, Interview, Job};
use super::synthetic::{synthetic_candidate, synthetic_code, synthetic_stage};
use recruit_client::api::Stage;

/// A candidate's stage; a candidate from a state file of before stages is `applied` since it
/// was created.
pub fn stage_of(c: &Candidate) -> CandidateStage {
    c.stage.clone().unwrap_or_else(|| CandidateStage {
        kind: "applied".into(),
        title: stage_title("applied").into(),
        created_at: c.created_at.clone(),
        updated_at: c.created_at.clone(),
    })
}

/// The job of form `form`.
pub fn job_of<'a>(db: &'a Db, form: Option<&str>) -> Option<&'a Job> {
    let form = form?;
    db.jobs.iter().find(|j| j.form == form)
}

/// The public posting of a job.
fn posting_url(j: &Job) -> String {
    format!(
        "https://careers.acme-recruit.example/o/acme/{}",
        j.form.to_lowercase()
    )
}

/// A candidate as the list and the detail show it (`detail` adds the salary fields).
/// Stored paths (resume, photo) are shown as full addresses on the sandbox's `origin`.
pub fn candidate_view(db: &Db, c: &Candidate, origin: &str, detail: bool) -> Value {
    let stage = stage_of(c);
    let eval = db.evaluations.iter().rev().find(|e| e.candidate == c.code);
    let (score, done, total) = match eval {
        Some(e) => score_of(e),
        None => (None, None, None),
    };
    let address = |p: &Option<String>| {
        p.as_ref().map(|p| {
            if p.contains("://") {
                p.clone()
            } else {
                format!("{origin}{p}")
            }
        })
    };
    let job = job_of(db, c.form.as_deref()).map(|j| {
        json!({
            "code": j.code,
            "title": j.title,
            "url": posting_url(j),
            "deleted": j.deleted,
            "created_at": j.created_at,
            "updated_at": j.updated_at,
        })
    });
    let mut m = Map::new();
    let mut put = |k: &str, v: Value| {
        m.insert(k.to_string(), v);
    };
    put("code", json!(c.code));
    put("name", json!(c.name));
    put("email", json!(c.email));
    put("phone", json!(c.phone));
    put("duplicate", json!(c.duplicate));
    put("duplicate_job", json!(false));
    put("reapply", json!(false));
    put("feedback_kind", json!(eval.map(|e| &e.feedback_kind)));
    put("feedback_status", json!(eval.map(|e| &e.status)));
    put(
        "feedback_result",
        json!(eval.and_then(|e| e.result.as_ref())),
    );
    put("feedback_score", json!(score));
    put("feedback_score_count", json!(done));
    put("feedback_score_total_count", json!(total));
    put("education_final_kind", json!(c.education_final_kind));
    put("experience_total_period", json!(c.experience_total_period));
    put("interest", Value::Null);
    put("birth", json!(c.birth));
    put("privacy", json!(c.privacy.unwrap_or(false)));
    put("resume_path", json!(address(&c.resume_path)));
    if c.profile_img_path.is_some() {
        put("profile_img_path", json!(address(&c.profile_img_path)));
    }
    put(
        "applied_at",
        json!(c.applied_at.as_ref().unwrap_or(&c.created_at)),
    );
    put("created_at", json!(c.created_at));
    put("job", job.unwrap_or(Value::Null));
    put(
        "job_stage",
        json!({
            "stage_kind": stage.kind,
            "title": stage.title,
            "created_at": stage.created_at,
            "updated_at": stage.updated_at,
        }),
    );
    if detail {
        put("desired_salary", json!(c.desired_salary));
        put("current_salary", json!(c.current_salary));
        put("expected_fee", json!(c.expected_fee));
    }
    Value::Object(m)
}

/// An evaluation's score (the mean of the submitted scores), how many evaluators submitted,
/// and how many were asked.
fn score_of(e: &Evaluation) -> (Option<i64>, Option<i64>, Option<i64>) {
    let scores: Vec<i64> = e.members.iter().filter_map(|m| m.final_score).collect();
    let mean = (!scores.is_empty())
        .then(|| (scores.iter().sum::<i64>() as f64 / scores.len() as f64).round() as i64);
    (
        mean,
        Some(e.members.iter().filter(|m| m.submit).count() as i64),
        Some(e.members.len() as i64),
    )
}

/// A member of the organization as evaluations show them.
fn member_view(code: &str) -> Value {
    let (role, phone, position) = member_details(code);
    let user = super::demo::users().into_iter().find(|u| u.code == code);
    json!({
        "code": code,
        "email": user.as_ref().map(|u| u.email.clone()),
        "role": role,
        "name": user.as_ref().map(|u| u.name.clone()),
        "phone": phone,
        "position": position,
    })
}

pub fn job_view(db: &Db, j: &Job, origin: &str) -> Value {
    let form = db
        .forms
        .iter()
        .find(|f| f.code == j.form)
        .map(|f| f.to_api(origin, false));
    let managers: Vec<Value> = j
        .managers
        .iter()
        .map(|code| {
            let (role, _, _) = member_details(code);
            let user = super::demo::users().into_iter().find(|u| &u.code == code);
            json!({
                "kind": "job_admin",
                "created_at": j.created_at,
                "updated_at": j.created_at,
                "user": {
                    "code": code,
                    "email": user.as_ref().map(|u| u.email.clone()),
                    "role": role,
                    "name": user.as_ref().map(|u| u.name.clone()),
                },
            })
        })
        .collect();
    json!({
        "code": j.code,
        "title": j.title,
        "url": posting_url(j),
        "created_at": j.created_at,
        "updated_at": j.updated_at,
        "position": {"title": j.position, "created_at": j.created_at, "updated_at": j.created_at},
        "application_form": form,
        "managers": managers,
    })
}

/// Whether job `j` matches the list's `title` filter (its own title or its job group's,
/// case-insensitive).
pub fn job_matches(j: &Job, needle: &str) -> bool {
    let needle = needle.to_lowercase();
    needle.is_empty()
        || j.title.to_lowercase().contains(&needle)
        || j.position.to_lowercase().contains(&needle)
}

/// The candidate `code`: stored, or synthetic.
pub fn find(db: &Db, synthetic: usize, code: &str) -> Option<Candidate> {
    super::routes::find_candidate(db, synthetic, code)
}

pub fn evaluation_view(db: &Db, synthetic: usize, e: &Evaluation, origin: &str) -> Value {
    let (score, done, total) = score_of(e);
    let candidate = find(db, synthetic, &e.candidate)
        .map(|c| candidate_view(db, &c, origin, false))
        .unwrap_or(Value::Null);
    let members: Vec<Value> = e
        .members
        .iter()
        .map(|m| {
            json!({
                "code": m.code,
                "status": if m.submit { "submitted" } else { "pending" },
                "feedback_kind": e.feedback_kind,
                "submit": m.submit,
                "final_result": m.final_result,
                "final_score": m.final_score,
                "final_comment": m.final_comment,
                "created_at": m.created_at,
                "updated_at": m.updated_at,
                "user": member_view(&m.user),
            })
        })
        .collect();
    json!({
        "code": e.code,
        "status": e.status,
        "feedback_kind": e.feedback_kind,
        "result": e.result,
        "score": score,
        "score_count": done,
        "total_score_count": total,
        "job_stage_title": e.job_stage_title,
        "created_at": e.created_at,
        "updated_at": e.updated_at,
        "candidate": candidate,
        "member_scores": members,
    })
}

pub fn interview_view(db: &Db, synthetic: usize, i: &Interview, origin: &str) -> Value {
    let candidate = find(db, synthetic, &i.candidate)
        .map(|c| candidate_view(db, &c, origin, false))
        .unwrap_or(Value::Null);
    json!({
        "code": i.code,
        "kind": i.kind,
        "number": i.number,
        "status": i.status,
        "created_at": i.created_at,
        "updated_at": i.updated_at,
        "candidate": candidate,
        "schedule": {
            "code": i.schedule_code,
            "status": i.schedule_status,
            "start_at": i.start_at,
            "end_at": i.end_at,
        },
    })
}

/// An entry of the candidate list, built only when its page is shown.
pub enum Listed<'a> {
    Stored(&'a Candidate),
    Synthetic(usize),
}

impl Listed<'_> {
    pub fn view(&self, db: &Db, synthetic: usize, origin: &str) -> Value {
        match self {
            Listed::Stored(c) => candidate_view(db, c, origin, false),
            Listed::Synthetic(i) => {
                let c = synthetic_candidate(&synthetic_code(*i), synthetic)
                    .expect("a listed synthetic candidate exists");
                candidate_view(db, &c, origin, false)
            }
        }
    }
}

/// The candidate list in its order (stored candidates, then the synthetic ones that were not
/// stored by a stage move), at `stage` when given.
pub fn listed<'a>(
    db: &'a Db,
    synthetic: usize,
    stage: Option<&'a str>,
) -> impl Iterator<Item = Listed<'a>> + 'a {
    let stored_synthetic: HashSet<&str> = db
        .candidates
        .iter()
        .map(|c| c.code.as_str())
        .filter(|c| c.starts_with('S'))
        .collect();
    let stored = db
        .candidates
        .iter()
        .filter(move |c| stage.is_none_or(|s| stage_of(c).kind == s))
        .map(Listed::Stored);
    let generated = (1..=synthetic)
        .filter(move |i| stage.is_none_or(|s| synthetic_stage(*i).0 == s))
        .filter(move |i| {
            stored_synthetic.is_empty() || !stored_synthetic.contains(synthetic_code(*i).as_str())
        })
        .map(Listed::Synthetic);
    stored.chain(generated)
}

/// A stage move done: the candidate after it, the stage before, and whether anything changed.
pub struct Moved {
    pub candidate: Candidate,
    pub previous: CandidateStage,
    pub changed: bool,
}

/// Move candidate `code` to stage `kind` (titled `title`, else the kind's usual title) at
/// `now`. A synthetic candidate is stored from then on, with its new stage.
pub fn move_stage(
    db: &mut Db,
    synthetic: usize,
    code: &str,
    kind: &str,
    title: Option<&str>,
    now: &str,
) -> Result<Moved, ApiError> {
    let stage = Stage::parse(kind).ok_or_else(|| {
        ApiError::validation(format!(
            "stage '{kind}' is not one of {}",
            Stage::names().join(", ")
        ))
    })?;
    let title = title
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or(stage_title(stage.as_str()))
        .to_string();
    if !db.candidates.iter().any(|c| c.code == code) {
        let c = synthetic_candidate(code, synthetic).ok_or_else(ApiError::not_found)?;
        db.candidates.push(c);
    }
    let c = db
        .candidates
        .iter_mut()
        .find(|c| c.code == code)
        .expect("stored above");
    let previous = stage_of(c);
    let changed = previous.kind != stage.as_str() || previous.title != title;
    if changed {
        c.stage = Some(CandidateStage {
            kind: stage.as_str().to_string(),
            title,
            created_at: now.to_string(),
            updated_at: now.to_string(),
        });
    }
    Ok(Moved {
        candidate: c.clone(),
        previous,
        changed,
    })
}

/// `{candidate, job, application_form}` of an event about candidate `c`.
fn event_subject(db: &Db, c: &Candidate) -> Map<String, Value> {
    let job = job_of(db, c.form.as_deref());
    let form = c
        .form
        .as_deref()
        .and_then(|f| db.forms.iter().find(|x| x.code == f));
    let mut m = Map::new();
    m.insert(
        "candidate".into(),
        json!({"code": c.code, "name": c.name, "email": c.email}),
    );
    m.insert(
        "job".into(),
        job.map(|j| json!({"code": j.code, "title": j.title}))
            .unwrap_or(Value::Null),
    );
    m.insert(
        "application_form".into(),
        form.map(|f| json!({"code": f.code, "title": f.title}))
            .unwrap_or(Value::Null),
    );
    m
}

/// The payload of `candidate_stage_changed` for `c`, now at its current stage, coming from
/// `previous` (`None`: a new application).
pub fn stage_changed_event(db: &Db, c: &Candidate, previous: Option<&CandidateStage>) -> Value {
    let stage = stage_of(c);
    let mut m = event_subject(db, c);
    m.insert("job_stage".into(), job_stage(&stage));
    m.insert(
        "previous_job_stage".into(),
        previous.map_or(Value::Null, job_stage),
    );
    m.insert("changed_at".into(), json!(stage.updated_at));
    Value::Object(m)
}

/// The payload of `candidate_pass` for `c`.
pub fn pass_event(db: &Db, c: &Candidate) -> Value {
    let stage = stage_of(c);
    let mut m = event_subject(db, c);
    m.insert("job_stage".into(), job_stage(&stage));
    m.insert("passed_at".into(), json!(stage.updated_at));
    Value::Object(m)
}

/// A stage as the candidate list shows it (`job_stage`): the one shape of the stage in every
/// event the sandbox delivers and in `webhooks trigger`'s samples.
pub fn job_stage(stage: &CandidateStage) -> Value {
    json!({
        "stage_kind": stage.kind,
        "title": stage.title,
        "created_at": stage.created_at,
        "updated_at": stage.updated_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(db: &Db, synthetic: usize, stage: Option<&str>) -> Vec<String> {
        listed(db, synthetic, stage)
            .map(|e| match e {
                Listed::Stored(c) => c.code.clone(),
                Listed::Synthetic(i) => synthetic_code(i),
            })
            .collect()
    }

    #[test]
    fn the_list_is_stored_then_synthetic_and_filters_by_stage() {
        let db = super::super::demo::demo_db();
        let all = codes(&db, 40, None);
        assert_eq!(all.len(), db.candidates.len() + 40);
        assert_eq!(all[0], "C1001");
        assert_eq!(all[db.candidates.len()], "S000001");
        let interview = codes(&db, 40, Some("interview"));
        assert!(interview.contains(&"C1001".to_string()));
        for code in &interview {
            let c = find(&db, 40, code).unwrap();
            assert_eq!(stage_of(&c).kind, "interview", "{code}");
        }
        let per_stage: usize = Stage::names()
            .iter()
            .map(|s| codes(&db, 40, Some(s)).len())
            .sum();
        assert_eq!(
            per_stage,
            all.len(),
            "every candidate is at exactly one stage"
        );
    }

    #[test]
    fn a_moved_synthetic_candidate_is_stored_and_listed_once() {
        let mut db = super::super::demo::demo_db();
        let code = synthetic_code(3);
        let before = stage_of(&find(&db, 10, &code).unwrap());
        let target = if before.kind == "pass" {
            "fail"
        } else {
            "pass"
        };
        let m = move_stage(
            &mut db,
            10,
            &code,
            target,
            None,
            "2026-12-01T10:00:00+09:00",
        )
        .unwrap();
        assert!(m.changed);
        assert_eq!(m.previous, before);
        assert_eq!(
            stage_of(&m.candidate).updated_at,
            "2026-12-01T10:00:00+09:00"
        );
        let all = codes(&db, 10, None);
        assert_eq!(all.iter().filter(|c| **c == code).count(), 1);
        assert_eq!(all.len(), db.candidates.len() + 9);
        assert!(codes(&db, 10, Some(target)).contains(&code));
        // The same move again changes nothing.
        let again = move_stage(
            &mut db,
            10,
            &code,
            target,
            None,
            "2026-12-02T10:00:00+09:00",
        )
        .unwrap();
        assert!(!again.changed);
        assert_eq!(
            stage_of(&again.candidate).updated_at,
            "2026-12-01T10:00:00+09:00"
        );
        assert!(
            move_stage(&mut db, 10, "S000011", "pass", None, "x").is_err(),
            "not one of 10"
        );
        assert!(move_stage(&mut db, 10, "C1001", "hired", None, "x").is_err());
    }

    #[test]
    fn views_carry_the_documented_fields() {
        let db = super::super::demo::demo_db();
        let c = find(&db, 0, "C1001").unwrap();
        let item = candidate_view(&db, &c, "http://sb", false);
        assert_eq!(item["job"]["code"], "JOB-1001");
        assert_eq!(item["job_stage"]["title"], "1차 면접");
        assert_eq!(item["feedback_score_count"], 2);
        assert_eq!(item["feedback_score_total_count"], 3);
        assert!(item["resume_path"]
            .as_str()
            .unwrap()
            .starts_with("http://sb/upload/"));
        assert!(item.get("desired_salary").is_none());
        let detail = candidate_view(&db, &c, "http://sb", true);
        assert_eq!(detail["desired_salary"], 9500);
        let pool = find(&db, 0, "C1003").unwrap();
        assert!(candidate_view(&db, &pool, "", false)["job"]["code"].is_null());
    }
}
