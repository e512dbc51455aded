//! Demo data the sandbox starts with (and `POST /_sandbox/reset` restores). The codes are
//! listed in the module documentation of `crate::sandbox`; keep them stable.

use chrono::{DateTime, Datelike, Duration, FixedOffset, TimeZone, Timelike, Utc};
use serde_json::{json, Map, Value};

use super::state::{
    ts, Candidate, CandidateStage, Db, Evaluation, Form, Interview, Job, MemberScore, Memo,
    Question, User, STATE_VERSION,
};

/// The user every API key of the sandbox acts as (author of memos created through the API).
pub fn api_user() -> User {
    User {
        code: "U1000".into(),
        name: "Sandbox Admin".into(),
        email: "admin@sandbox.example".into(),
    }
}

/// The other members of the demo organization (authors of demo memos, mention targets).
pub fn users() -> Vec<User> {
    let u = |code: &str, name: &str, email: &str| User {
        code: code.into(),
        name: name.into(),
        email: email.into(),
    };
    vec![
        u("U1001", "Kim Hana", "hana.kim@acme-recruit.example"),
        u("U1002", "Lee Jun", "jun.lee@acme-recruit.example"),
        u("U1003", "Park Sora", "sora.park@acme-recruit.example"),
        u(
            "U1004",
            "Dana Whitfield",
            "dana.whitfield@acme-recruit.example",
        ),
    ]
}

fn kst() -> FixedOffset {
    FixedOffset::east_opt(9 * 3600).expect("valid offset")
}

/// A fixed instant in KST, for demo records that need no relation to "now".
pub fn kst_at(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<FixedOffset> {
    kst()
        .with_ymd_and_hms(y, mo, d, h, mi, 0)
        .single()
        .expect("valid demo date")
}

/// Spec for one question of a demo form; [`q`] makes one.
#[derive(Clone, Copy)]
struct Q {
    kind: &'static str,
    title: &'static str,
    required: bool,
    options: &'static [&'static str],
    description: Option<&'static str>,
}

/// An optional question with no choices and no description: what most are, so a spec only
/// says how it differs.
const fn q(kind: &'static str, title: &'static str) -> Q {
    Q {
        kind,
        title,
        required: false,
        options: &[],
        description: None,
    }
}

impl Q {
    const fn required(self) -> Q {
        Q {
            required: true,
            ..self
        }
    }

    const fn choices(self, options: &'static [&'static str]) -> Q {
        Q { options, ..self }
    }

    const fn described(self, description: &'static str) -> Q {
        Q {
            description: Some(description),
            ..self
        }
    }
}

fn questions(first_id: Option<i64>, specs: &[Q], stamp: &str) -> Vec<Question> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let choice_kind = matches!(spec.kind, "radio" | "dropdown" | "checkbox");
            Question {
                id: first_id.map(|id| id + i as i64),
                kind: spec.kind.to_string(),
                title: spec.title.to_string(),
                order: i as i64 + 1,
                required: spec.required,
                show_description: spec.description.is_some(),
                // Both shapes the spec allows for "nothing": null and "" / [].
                description: match spec.description {
                    Some(d) => Some(d.to_string()),
                    None if i % 2 == 0 => None,
                    None => Some(String::new()),
                },
                answer_options: if choice_kind {
                    Some(spec.options.iter().map(|s| s.to_string()).collect())
                } else if i % 2 == 0 {
                    None
                } else {
                    Some(Vec::new())
                },
                created_at: stamp.to_string(),
                updated_at: stamp.to_string(),
            }
        })
        .collect()
}

fn basic(resume_required: bool) -> Vec<Q> {
    vec![
        q("name", "Full name").required(),
        q("email", "Email address").required(),
        q("phone", "Mobile phone number").required(),
        Q {
            required: resume_required,
            ..q("resume", "Resume / CV").described("PDF, DOCX or HWP, up to 20 MB.")
        },
    ]
}

const SOURCES: &[&str] = &[
    "LinkedIn",
    "Company careers page",
    "Employee referral",
    "Job fair",
    "Other",
];
const STACKS: &[&str] = &[
    "Rust",
    "Go",
    "TypeScript",
    "Python",
    "Kotlin",
    "Java",
    "Swift",
];
const WORK_AUTH: &[&str] = &["Yes", "No", "Requires visa sponsorship"];
const SHIFTS: &[&str] = &["Morning (07-15)", "Afternoon (12-20)", "Flexible"];

/// Every documented question kind, in the order of the API's table (one list for the
/// whole crate, kept by the apply module).
pub const ALL_KINDS: &[&str] = recruit_client::api::types::KNOWN_KINDS;

const ALL_KINDS_QUESTIONS: &[Q] = &[
    q("name", "Full name").required(),
    q("email", "Email address").required(),
    q("phone", "Mobile phone number").required(),
    q("resume", "Resume / CV").required().described("PDF or DOCX, up to 20 MB."),
    q("experience_total", "Total work experience").required().described("In months, counting full-time positions only."),
    q("desired_salary", "Desired annual salary (KRW 10,000)"),
    q("current_salary", "Current annual salary (KRW 10,000)"),
    q("gender", "Gender"),
    q("birth", "Date of birth"),
    q("profile_img", "Profile photo").described("A recent photo; JPG or PNG."),
    q("address", "Home address"),
    q("experience", "Work experience").required().described("Most recent first."),
    q("education", "Education").required(),
    q("qualification", "Certificates and awards"),
    q("training", "Training and courses"),
    q("language", "Language test scores"),
    q("military_service", "Military service"),
    q("veteran_affair", "National merit (veterans' affairs) status").described("Eligible applicants receive additional points under the Act on Veterans' Affairs; enter your certificate number (00-000000)."),
    q("disability", "Disability").described("Answering is voluntary and has no effect on the evaluation."),
    q("text", "Current company and job title"),
    q("textarea", "Why do you want to join Acme?").required().described("About 500 words."),
    q("dropdown", "Where did you hear about this position?").required().choices(SOURCES),
    q("radio", "Are you authorized to work in Korea?").required().choices(WORK_AUTH),
    q("date_type", "Earliest possible start date"),
    q("checkbox", "Which languages have you used in production?").choices(STACKS),
    q("link", "Portfolio, GitHub or blog"),
    q("file_upload", "Other documents").described("Certificates, portfolio PDF, etc."),
];

/// One demo form: [`form`] makes one, its methods say how it differs from the usual.
struct FormSpec {
    code: &'static str,
    title: &'static str,
    variant: u8,
    /// Years of experience asked for (from, to); `None`: none needed.
    career: Option<(i64, i64)>,
    open: bool,
    /// Days from now to `end_at` (×10 when positive, see `build_form`); negative = expired.
    end_in_days: i64,
    address: (&'static str, &'static str),
    /// Asked after the basic questions (name, email, phone, resume).
    extras: &'static [Q],
}

/// A form of the first detail variant, no career needed, open, at the head office.
const fn form(
    code: &'static str,
    title: &'static str,
    end_in_days: i64,
    extras: &'static [Q],
) -> FormSpec {
    FormSpec {
        code,
        title,
        variant: 1,
        career: None,
        open: true,
        end_in_days,
        address: ("14 Teheran-ro 4-gil, Gangnam-gu, Seoul", "8F, Acme Tower"),
        extras,
    }
}

impl FormSpec {
    const fn variant(self, variant: u8) -> FormSpec {
        FormSpec { variant, ..self }
    }

    const fn experienced(self, from: i64, to: i64) -> FormSpec {
        FormSpec {
            career: Some((from, to)),
            ..self
        }
    }

    const fn closed(self) -> FormSpec {
        FormSpec {
            open: false,
            ..self
        }
    }

    const fn at(self, address: &'static str, floor: &'static str) -> FormSpec {
        FormSpec {
            address: (address, floor),
            ..self
        }
    }
}

const WHY: Q = q("textarea", "Why are you interested in this role?").required();
const SOURCE: Q = q("dropdown", "Where did you hear about us?").choices(SOURCES);
const STACK: Q = q("checkbox", "Which of these have you used in production?").choices(STACKS);
const PORTFOLIO: Q = q("link", "GitHub, portfolio or blog");
const SALARY: Q = q("desired_salary", "Desired annual salary (KRW 10,000)");
const EXP_TOTAL: Q = q("experience_total", "Total work experience")
    .required()
    .described("In months.");
const START: Q = q("date_type", "Earliest possible start date");
const AUTH: Q = q("radio", "Are you authorized to work in Korea?")
    .required()
    .choices(WORK_AUTH);
const EXPERIENCE: Q = q("experience", "Work experience").required();
const EDUCATION: Q = q("education", "Education");
const LANGUAGE: Q = q("language", "Language test scores");
const COVER: Q = q("file_upload", "Cover letter or portfolio file").described("Optional.");
const STORE: &[Q] = &[
    q("textarea", "Introduce yourself briefly"),
    q("radio", "Preferred shift").choices(SHIFTS),
];

/// The demo forms, in the order of their ids and dates (`build_form`).
#[rustfmt::skip]
const FORMS: &[FormSpec] = &[
    form("FORM-ALLKINDS", "Platform Engineer (full application form)", 120, ALL_KINDS_QUESTIONS).experienced(1, 10),
    form("FORM-1001", "Backend Engineer (Rust)", 45, &[EXP_TOTAL, WHY, STACK, PORTFOLIO, SALARY]).experienced(3, 10),
    form("FORM-1002", "Frontend Engineer (React/TypeScript)", 30, &[WHY, STACK, PORTFOLIO]).variant(2),
    form("FORM-1003", "Product Designer", 60, &[PORTFOLIO, COVER, WHY]),
    form("FORM-1004", "Data Analyst", 21, &[EDUCATION, WHY, SOURCE]).variant(2),
    form("FORM-1005", "DevOps Engineer", 50, &[EXP_TOTAL, EXPERIENCE, STACK]).experienced(5, 15),
    form("FORM-1006", "QA Engineer", 40, &[WHY, START]).closed(),
    form("FORM-1007", "iOS Developer", 35, &[PORTFOLIO, STACK, SALARY]).variant(2),
    form("FORM-1008", "Android Developer", 35, &[PORTFOLIO, STACK, SALARY]),
    form("FORM-1009", "Technical Recruiter", -12, &[EXPERIENCE, WHY]),
    form("FORM-1010", "Customer Success Manager", 28, &[LANGUAGE, WHY, AUTH]).variant(2),
    form("FORM-1011", "Marketing Manager", 33, &[EXPERIENCE, PORTFOLIO, WHY]).at("7 Wausan-ro 29-gil, Mapo-gu, Seoul", "3F"),
    form("FORM-1012", "Enterprise Account Executive", -40, &[EXP_TOTAL, LANGUAGE, SALARY]).variant(2),
    form("FORM-1013", "HR Business Partner", 44, &[EXPERIENCE, EDUCATION, WHY]),
    form("FORM-1014", "Machine Learning Engineer", 55, &[EDUCATION, STACK, PORTFOLIO, WHY]).variant(2).experienced(2, 8),
    form("FORM-1015", "Security Engineer", 48, &[EXP_TOTAL, STACK, AUTH]),
    form("FORM-1016", "Finance Associate", -90, &[EDUCATION, WHY]).closed(),
    form("FORM-1017", "Site Reliability Engineer", 26, &[EXP_TOTAL, STACK, START]).variant(2),
    form("FORM-1018", "Engineering Manager", 70, &[EXPERIENCE, WHY, SALARY]).experienced(8, 20),
    form("FORM-1019", "UX Researcher", 31, &[PORTFOLIO, WHY]).variant(2),
    form("FORM-1020", "Solutions Architect (Busan)", 38, &[EXP_TOTAL, LANGUAGE, WHY, AUTH]).at("55 Centum jungang-ro, Haeundae-gu, Busan", "12F"),
    form("FORM-1021", "Office Manager", 25, &[EXPERIENCE, START]),
    form("FORM-1022", "Software Engineering Intern (Summer 2027)", 90, &[EDUCATION, STACK, PORTFOLIO, START]).variant(2),
    form("FORM-1023", "Technical Writer", 29, &[PORTFOLIO, COVER, LANGUAGE]),
    form("FORM-1024", "Talent Pool (general application)", 365, &[SOURCE, WHY]),
    form("FORM-NOIDS", "Store Operations Associate (Seongsu)", 200, STORE).at("12 Seongsui-ro 7-gil, Seongdong-gu, Seoul", "1F store"),
];

fn html_posting(title: &str, address: &str) -> String {
    format!(
        "<h2>{title}</h2><p>Acme Recruit builds hiring software used by 3,000 companies. \
         We are looking for a <strong>{title}</strong> to join our team in {address}.</p>\
         <h3>What you will do</h3><ul><li>Own features end to end</li>\
         <li>Work closely with product and design</li></ul>\
         <h3>Requirements</h3><ul><li>Clear written communication</li>\
         <li>Experience shipping to real users</li></ul>\
         <h3>Benefits</h3><ul><li>Flexible hours &amp; remote days</li>\
         <li>Annual learning budget</li></ul>"
    )
}

fn build_form(i: usize, s: &FormSpec, now: DateTime<Utc>) -> Form {
    let created = (now - Duration::days(20 + (i as i64 * 3) % 40)).with_timezone(&kst());
    let updated = created + Duration::hours(5 + i as i64);
    // Open postings close months to years ahead, so a long-lived state file keeps the
    // documented open forms open (`expired` is computed from `end_at`).
    let days = if s.end_in_days > 0 {
        s.end_in_days * 10
    } else {
        s.end_in_days
    };
    let end_at = (now + Duration::days(days)).with_timezone(&kst());
    // Round to whole hours in KST so the values look entered by a person.
    let end_at = kst()
        .with_ymd_and_hms(end_at.year(), end_at.month(), end_at.day(), 18, 0, 0)
        .single()
        .unwrap_or(end_at);
    let stamp = ts(created);
    let no_ids = s.code == "FORM-NOIDS";
    let first_id = if no_ids {
        None
    } else if s.code == "FORM-ALLKINDS" {
        Some(9001)
    } else {
        Some(10_000 + 100 * (i as i64) + 1)
    };
    let resume_required = s.code != "FORM-1022" && s.code != "FORM-1024";
    let mut specs = basic(resume_required);
    if s.code == "FORM-ALLKINDS" {
        specs.clear();
    }
    specs.extend(s.extras.iter().cloned());
    let questions = questions(first_id, &specs, &stamp);
    let mut f = Form {
        code: s.code.into(),
        title: s.title.into(),
        status: "in_progress".into(),
        career_kind: if s.career.is_some() {
            "experienced"
        } else {
            "not_required"
        }
        .into(),
        career_start: s.career.map_or(0, |c| c.0),
        career_end: s.career.map_or(0, |c| c.1),
        employment_type: "full_time".into(),
        variant: s.variant,
        address: None,
        address2: None,
        content: None,
        open_status: None,
        resume_required: None,
        intro_content: None,
        main_task_content: None,
        requirement_content: None,
        preferred_point_content: None,
        benefit_content: None,
        end_at: ts(end_at),
        created_at: stamp,
        updated_at: ts(updated),
        questions,
    };
    if s.variant == 1 {
        f.address = Some(s.address.0.into());
        f.address2 = Some(s.address.1.into());
        f.content = Some(html_posting(s.title, s.address.0));
        f.open_status = Some(s.open);
        f.resume_required = Some(resume_required);
    } else {
        f.intro_content = Some(format!(
            "<p>Acme Recruit is hiring a <strong>{}</strong>. Our product helps 3,000 companies run fair, fast hiring.</p>",
            s.title
        ));
        f.main_task_content = Some(
            "<ul><li>Design, build and operate features end to end</li><li>Review code and mentor teammates</li><li>Talk to customers to understand their problems</li></ul>"
                .into(),
        );
        f.requirement_content = Some(
            "<ul><li>Experience shipping software used by real customers</li><li>Clear written communication in Korean or English</li></ul>"
                .into(),
        );
        f.preferred_point_content = Some(
            "<ul><li>Experience in B2B SaaS</li><li>Open-source contributions</li></ul>".into(),
        );
        f.benefit_content = Some(
            "<ul><li>Flexible hours and two remote days a week</li><li>KRW 2,000,000 yearly learning budget</li><li>Latest MacBook Pro</li></ul>"
                .into(),
        );
    }
    f
}

pub fn demo_forms(now: DateTime<Utc>) -> Vec<Form> {
    FORMS
        .iter()
        .enumerate()
        .map(|(i, s)| build_form(i, s, now))
        .collect()
}

/// A demo candidate: who, how many form submissions, which form (and so job) they applied to,
/// and where they are in the pipeline.
struct CandidateSpec {
    code: &'static str,
    name: &'static str,
    email: &'static str,
    phone: &'static str,
    birth: Option<&'static str>,
    submissions: usize,
    form: &'static str,
    stage: &'static str,
    /// The step's title when not the kind's usual one (`2차 면접`).
    title: Option<&'static str>,
    education: &'static str,
    experience_months: i64,
    /// (desired, current), KRW 10,000 a year.
    salary: Option<(i64, i64)>,
}

/// A candidate with no birth date given, the step titled as usual for its kind, a four-year
/// degree, no experience, no salary; its methods say how it differs.
const fn cand(
    code: &'static str,
    name: &'static str,
    email: &'static str,
    phone: &'static str,
    submissions: usize,
    form: &'static str,
    stage: &'static str,
) -> CandidateSpec {
    CandidateSpec {
        code,
        name,
        email,
        phone,
        birth: None,
        submissions,
        form,
        stage,
        title: None,
        education: "university_4",
        experience_months: 0,
        salary: None,
    }
}

impl CandidateSpec {
    const fn born(self, birth: &'static str) -> CandidateSpec {
        CandidateSpec {
            birth: Some(birth),
            ..self
        }
    }

    const fn titled(self, title: &'static str) -> CandidateSpec {
        CandidateSpec {
            title: Some(title),
            ..self
        }
    }

    const fn education(self, education: &'static str) -> CandidateSpec {
        CandidateSpec { education, ..self }
    }

    const fn months(self, experience_months: i64) -> CandidateSpec {
        CandidateSpec {
            experience_months,
            ..self
        }
    }

    const fn salary(self, desired: i64, current: i64) -> CandidateSpec {
        CandidateSpec {
            salary: Some((desired, current)),
            ..self
        }
    }
}

/// The memo and submission candidates first (C1001 … C/2001), then more at every stage, with
/// Korean and English names. Every stage has at least two candidates.
#[rustfmt::skip]
const CANDIDATES: &[CandidateSpec] = &[
    cand("C1001", "Kim Min-jun", "minjun.kim@example.com", "010-2345-6789", 45, "FORM-1001", "interview").born("1993-04-17").months(74).salary(9500, 8200),
    cand("C1002", "Lee Seo-yeon", "seoyeon.lee@example.com", "010-3456-7890", 6, "FORM-1003", "review").born("1996-11-02").months(38),
    cand("C1003", "Park Ji-ho", "jiho.park@example.com", "010-4567-8901", 3, "FORM-1024", "applied").education("university_2"),
    cand("C1004", "Jordan Avery", "jordan.avery@example.net", "+1-415-555-0142", 8, "FORM-1005", "offer").born("1990-07-29").education("graduate_master").months(96).salary(11000, 9800),
    cand("C1005", "Choi Yu-na", "yuna.choi@example.com", "010-5678-9012", 2, "FORM-1010", "fail").born("1998-01-23").months(14),
    cand("C1006", "Sam Rivera", "sam.rivera@example.org", "010-6789-0123", 12, "FORM-1002", "pass").months(61).salary(8000, 7100),
    // A code with a slash: clients must percent-encode it as one path segment (C%2F2001).
    cand("C/2001", "Han Da-eun", "daeun.han@example.com", "010-7890-1234", 2, "FORM-1004", "review").born("1995-09-14").months(27),
    cand("C3001", "김지우", "jiwoo.kim@example.kr", "010-1111-3001", 2, "FORM-1001", "applied").born("1997-03-08"),
    cand("C3002", "이하은", "haeun.lee@example.kr", "010-1111-3002", 1, "FORM-1002", "applied"),
    cand("C3003", "박서준", "seojun.park@example.kr", "010-1111-3003", 3, "FORM-1001", "review").born("1992-12-01").months(52),
    cand("C3004", "최민서", "minseo.choi@example.kr", "010-1111-3004", 2, "FORM-1002", "interview").born("1994-06-19").titled("2차 면접").months(44).salary(7000, 6200),
    cand("C3005", "Emily Carter", "emily.carter@example.com", "010-1111-3005", 1, "FORM-1003", "interview").months(30),
    cand("C3006", "정도윤", "doyun.jung@example.kr", "010-1111-3006", 3, "FORM-1001", "offer").born("1989-10-30").months(88).salary(10500, 9000),
    cand("C3007", "강예린", "yerin.kang@example.kr", "010-1111-3007", 2, "FORM-1005", "pass").months(70),
    cand("C3008", "Noah Kim", "noah.kim@example.com", "010-1111-3008", 1, "FORM-1007", "fail"),
    cand("C3009", "윤서아", "seoa.yoon@example.kr", "010-1111-3009", 2, "FORM-ALLKINDS", "interview").born("1993-02-11").months(58),
    cand("C3010", "Olivia Park", "olivia.park@example.com", "010-1111-3010", 1, "FORM-NOIDS", "applied").education("high_school"),
    cand("C3011", "장하준", "hajun.jang@example.kr", "010-1111-3011", 2, "FORM-1014", "fail").education("graduate_doctor").months(20),
    cand("C3012", "임수빈", "subin.lim@example.kr", "010-1111-3012", 1, "FORM-1024", "review").born("1999-08-25"),
    cand("C3013", "오지훈", "jihoon.oh@example.kr", "010-1111-3013", 3, "FORM-1017", "interview").months(66),
    cand("C3014", "Grace Lee", "grace.lee@example.com", "010-1111-3014", 1, "FORM-1014", "applied").education("graduate_master"),
    cand("C3015", "한유진", "yujin.han@example.kr", "010-1111-3015", 2, "FORM-1003", "offer").born("1995-05-05").months(49).salary(7800, 6900),
    cand("C3016", "서민재", "minjae.seo@example.kr", "010-1111-3016", 1, "FORM-1005", "applied"),
];

/// The usual title of each stage kind in the demo organization.
pub fn stage_title(kind: &str) -> &'static str {
    match kind {
        "applied" => "지원 접수",
        "review" => "서류 검토",
        "interview" => "1차 면접",
        "offer" => "처우 협의",
        "pass" => "최종 합격",
        "fail" => "불합격",
        _ => "",
    }
}

/// How many moves a demo candidate made to reach its stage (a failed one failed after
/// review, an interview or an offer, by its place in the list).
fn moves_to(stage: &str, i: usize) -> usize {
    match stage {
        "review" => 1,
        "interview" => 2,
        "offer" => 3,
        "pass" => 4,
        "fail" => 2 + i % 3,
        _ => 0,
    }
}

/// The demo candidates, with a history of several weeks before `now`: each applied between
/// 10 and 56 days ago and moved on every few days to the stage it is at (when it got there is
/// its `job_stage.created_at`), so a first sync has real times to hire and a weekly trend.
fn demo_candidates(now: DateTime<Utc>) -> Vec<Candidate> {
    let now = now.with_timezone(&kst());
    CANDIDATES
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let created =
                now - Duration::days(10 + 2 * i as i64) - Duration::minutes((i as i64 * 37) % 600);
            let created = created
                .with_second(0)
                .and_then(|t| t.with_nanosecond(0))
                .unwrap_or(created);
            // Days between moves, squeezed to fit before today when they would not.
            let steps: Vec<i64> = (0..moves_to(spec.stage, i))
                .map(|j| (2 + (i * 3 + j * 5) as i64 % 7) * 24 + (i + j) as i64 % 9)
                .collect();
            let total: i64 = steps.iter().sum();
            let room = (now - created).num_hours() - 24;
            let hours = total.min(room.max(0));
            let moved = ts(created + Duration::hours(hours));
            Candidate {
                code: spec.code.to_string(),
                name: spec.name.to_string(),
                email: spec.email.to_string(),
                phone: spec.phone.to_string(),
                birth: spec.birth.map(|b| b.to_string()),
                created_at: ts(created),
                submissions: spec.submissions,
                form: Some(spec.form.to_string()),
                stage: Some(CandidateStage {
                    kind: spec.stage.to_string(),
                    title: spec
                        .title
                        .unwrap_or_else(|| stage_title(spec.stage))
                        .to_string(),
                    created_at: moved.clone(),
                    updated_at: moved,
                }),
                applied_at: Some(ts(created)),
                resume_path: Some(format!(
                    "/upload/candidate/file/1/resume/{}/resume.pdf",
                    spec.code.replace('/', "-").to_lowercase()
                )),
                profile_img_path: (i % 3 == 0).then(|| {
                    format!(
                        "/upload/candidate/file/1/profile/{}.jpg",
                        spec.code.replace('/', "-").to_lowercase()
                    )
                }),
                privacy: Some(i % 4 != 1),
                duplicate: false,
                education_final_kind: Some(spec.education.to_string()),
                experience_total_period: Some(spec.experience_months),
                desired_salary: spec.salary.map(|s| s.0),
                current_salary: spec.salary.map(|s| s.1),
                expected_fee: None,
            }
        })
        .collect()
}

/// The job group of each demo form's job (Korean, as the service's customers name them), and
/// whether the job has a code (the talent pool has none).
fn job_group(form: &str) -> (&'static str, bool) {
    match form {
        "FORM-ALLKINDS" => ("플랫폼 개발", true),
        "FORM-1001" | "FORM-1022" => ("백엔드 개발", true),
        "FORM-1002" => ("프론트엔드 개발", true),
        "FORM-1003" | "FORM-1019" => ("프로덕트 디자인", true),
        "FORM-1004" => ("데이터 분석", true),
        "FORM-1005" | "FORM-1017" => ("인프라 개발", true),
        "FORM-1006" => ("품질 관리", true),
        "FORM-1007" | "FORM-1008" => ("모바일 개발", true),
        "FORM-1009" | "FORM-1013" => ("인사", true),
        "FORM-1010" => ("고객 성공", true),
        "FORM-1011" => ("마케팅", true),
        "FORM-1012" | "FORM-1020" => ("영업", true),
        "FORM-1014" => ("머신러닝 개발", true),
        "FORM-1015" => ("정보 보안", true),
        "FORM-1016" | "FORM-1021" => ("경영 지원", true),
        "FORM-1018" => ("개발 관리", true),
        "FORM-1023" => ("기술 문서", true),
        "FORM-NOIDS" => ("매장 운영", true),
        _ => ("인재풀", false),
    }
}

/// One job per demo form: `JOB-1001` for `FORM-1001`, …; the talent pool's (`FORM-1024`)
/// has no code.
pub fn demo_jobs(forms: &[Form]) -> Vec<Job> {
    let people = users();
    forms
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let (position, coded) = job_group(&f.code);
            let mut managers = vec![people[i % people.len()].code.clone()];
            if i % 3 == 0 {
                managers.push(people[(i + 1) % people.len()].code.clone());
            }
            Job {
                code: coded.then(|| f.code.replacen("FORM-", "JOB-", 1)),
                title: f.title.clone(),
                form: f.code.clone(),
                position: position.to_string(),
                managers,
                deleted: false,
                created_at: f.created_at.clone(),
                updated_at: f.updated_at.clone(),
            }
        })
        .collect()
}

/// Role, phone and position of the demo members (evaluators, job managers).
pub fn member_details(code: &str) -> (&'static str, &'static str, &'static str) {
    match code {
        "U1001" => ("admin", "010-9000-1001", "Talent Acquisition Lead"),
        "U1002" => ("member", "010-9000-1002", "Staff Engineer"),
        "U1003" => ("member", "010-9000-1003", "Design Lead"),
        "U1004" => ("admin", "010-9000-1004", "VP Engineering"),
        _ => ("member", "", ""),
    }
}

/// (code, candidate, stage title, kind, status, result, [(evaluator, score, result, comment)];
/// an evaluator without a score has not submitted yet.
type EvaluationSpec = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static [(
        &'static str,
        Option<i64>,
        Option<&'static str>,
        Option<&'static str>,
    )],
);

const EVALUATIONS: &[EvaluationSpec] = &[
    (
        "EV-1001",
        "C1001",
        "1차 면접",
        "interview",
        "ongoing",
        None,
        &[
            (
                "U1002",
                Some(88),
                Some("A"),
                Some("Deep Rust knowledge; explained ownership trade-offs clearly."),
            ),
            (
                "U1003",
                Some(80),
                Some("B"),
                Some("Good collaboration signals. 협업 경험이 풍부함."),
            ),
            ("U1004", None, None, None),
        ],
    ),
    (
        "EV-1002",
        "C1004",
        "2차 면접",
        "interview",
        "complete",
        Some("A"),
        &[
            (
                "U1002",
                Some(93),
                Some("A"),
                Some("System design: excellent, scaled the design on the spot."),
            ),
            (
                "U1004",
                Some(90),
                Some("A"),
                Some("Hire. Strong ownership."),
            ),
            (
                "U1001",
                Some(89),
                Some("A"),
                Some("Culture fit confirmed; visa sponsorship needed (E-7)."),
            ),
        ],
    ),
    (
        "EV-1003",
        "C3004",
        "서류 검토",
        "document",
        "complete",
        Some("B"),
        &[
            (
                "U1001",
                Some(78),
                Some("B"),
                Some("프론트엔드 경력 3년 이상, 포트폴리오 양호."),
            ),
            (
                "U1003",
                Some(82),
                Some("B"),
                Some("Portfolio shows solid UI engineering."),
            ),
        ],
    ),
    (
        "EV-1004",
        "C3006",
        "1차 면접",
        "interview",
        "complete",
        Some("A"),
        &[
            (
                "U1002",
                Some(91),
                Some("A"),
                Some("Led a payments migration; very strong."),
            ),
            ("U1004", Some(87), Some("A"), None),
        ],
    ),
    (
        "EV-1005",
        "C3011",
        "서류 검토",
        "document",
        "complete",
        Some("C"),
        &[
            (
                "U1002",
                Some(55),
                Some("C"),
                Some("Research profile; little production experience."),
            ),
            ("U1001", Some(60), Some("C"), Some("직무 요건과 맞지 않음.")),
        ],
    ),
    (
        "EV-1006",
        "C3005",
        "1차 면접",
        "interview",
        "ongoing",
        None,
        &[("U1003", None, None, None), ("U1001", None, None, None)],
    ),
];

pub fn demo_evaluations() -> Vec<Evaluation> {
    EVALUATIONS
        .iter()
        .enumerate()
        .map(
            |(i, (code, candidate, title, kind, status, result, members))| {
                let created = kst_at(2026, 9, 8 + i as u32, 9, 30);
                let members = members
                    .iter()
                    .enumerate()
                    .map(|(j, (user, score, res, comment))| {
                        let at = ts(created + Duration::hours(3 + 5 * j as i64));
                        MemberScore {
                            code: format!("{code}-M{}", j + 1),
                            user: user.to_string(),
                            submit: score.is_some(),
                            final_result: res.map(str::to_string),
                            final_score: *score,
                            final_comment: comment.map(str::to_string),
                            created_at: ts(created),
                            updated_at: if score.is_some() { at } else { ts(created) },
                        }
                    })
                    .collect::<Vec<_>>();
                let updated = members
                    .iter()
                    .map(|m| m.updated_at.clone())
                    .max()
                    .unwrap_or_else(|| ts(created));
                Evaluation {
                    code: code.to_string(),
                    candidate: candidate.to_string(),
                    status: status.to_string(),
                    feedback_kind: kind.to_string(),
                    result: result.map(str::to_string),
                    job_stage_title: title.to_string(),
                    created_at: ts(created),
                    updated_at: updated,
                    members,
                }
            },
        )
        .collect()
}

/// (code, candidate, round, status, start (day of September 2026, hour, minute), minutes)
type InterviewSpec = (
    &'static str,
    &'static str,
    i64,
    &'static str,
    (u32, u32, u32),
    i64,
);

const INTERVIEWS: &[InterviewSpec] = &[
    ("IV-1001", "C1001", 1, "confirmed", (10, 14, 0), 60),
    ("IV-1002", "C1004", 2, "confirmed", (14, 10, 0), 90),
    ("IV-1003", "C3004", 2, "confirmed", (18, 16, 0), 60),
    ("IV-1004", "C3005", 1, "confirmed", (21, 11, 0), 45),
    ("IV-1005", "C3009", 1, "confirmed", (22, 15, 30), 60),
    ("IV-1006", "C3013", 1, "pending", (24, 10, 0), 60),
];

pub fn demo_interviews() -> Vec<Interview> {
    INTERVIEWS
        .iter()
        .map(|(code, candidate, number, status, (day, h, m), minutes)| {
            let start = kst_at(2026, 9, *day, *h, *m);
            let created = start - Duration::days(4);
            Interview {
                code: code.to_string(),
                candidate: candidate.to_string(),
                kind: "individual".to_string(),
                number: *number,
                status: status.to_string(),
                created_at: ts(created),
                updated_at: ts(created + Duration::hours(2)),
                schedule_code: code.replacen("IV-", "SC-", 1),
                schedule_status: status.to_string(),
                start_at: ts(start),
                end_at: ts(start + Duration::minutes(*minutes)),
            }
        })
        .collect()
}

/// Complete a state file written before the hiring pipeline existed (no jobs): the demo jobs,
/// the demo candidates it lacks, and each demo candidate's stage, job and details; other
/// candidates (applicants) start at `applied`. The same on every read, so processes sharing
/// the file agree until the next write stores it.
pub fn upgrade(db: &mut Db) {
    if !db.jobs.is_empty() {
        return;
    }
    db.jobs = demo_jobs(&db.forms);
    let demo = demo_candidates(Utc::now());
    for c in db.candidates.iter_mut().filter(|c| c.stage.is_none()) {
        match demo.iter().find(|d| d.code == c.code) {
            Some(d) => {
                let keep = (
                    c.name.clone(),
                    c.email.clone(),
                    c.phone.clone(),
                    c.birth.clone(),
                    c.created_at.clone(),
                );
                *c = Candidate {
                    submissions: c.submissions,
                    ..d.clone()
                };
                (c.name, c.email, c.phone, c.birth, c.created_at) = keep;
            }
            None => {
                c.stage = Some(CandidateStage {
                    kind: "applied".into(),
                    title: stage_title("applied").into(),
                    created_at: c.created_at.clone(),
                    updated_at: c.created_at.clone(),
                });
                c.applied_at = Some(c.created_at.clone());
            }
        }
    }
    for d in demo {
        if !db.candidates.iter().any(|c| c.code == d.code) {
            db.candidates.push(d);
        }
    }
    if db.evaluations.is_empty() {
        db.evaluations = demo_evaluations();
    }
    if db.interviews.is_empty() {
        db.interviews = demo_interviews();
    }
}

struct MemoSpec {
    candidate: &'static str,
    parent: Option<usize>,
    author: usize,
    role: &'static str,
    content: &'static str,
    mentions: &'static [&'static str],
    pinned: bool,
    file: Option<&'static str>,
}

fn m(
    candidate: &'static str,
    parent: Option<usize>,
    author: usize,
    role: &'static str,
    content: &'static str,
) -> MemoSpec {
    MemoSpec {
        candidate,
        parent,
        author,
        role,
        content,
        mentions: &[],
        pinned: false,
        file: None,
    }
}

/// Demo memo threads. `parent` indexes into this list; ids are 101 + index.
fn memo_specs() -> Vec<MemoSpec> {
    vec![
        // 101..105: C1001
        MemoSpec {
            pinned: true,
            mentions: &["U1002"],
            ..m("C1001", None, 0, "job_manager", "Strong Rust background, 6 years including 2 at a payments company. @Lee Jun could you take the technical interview?")
        },
        m("C1001", Some(0), 1, "job_manager", "Sure. I can do Thursday 14:00 or Friday 10:00."),
        MemoSpec {
            mentions: &["U1001"],
            ..m("C1001", Some(0), 0, "job_manager", "Thursday works; invite sent. @Kim Hana FYI")
        },
        MemoSpec {
            file: Some("https://files.acme-recruit.example/memos/c1001-coding-test-review.pdf"),
            ..m("C1001", None, 1, "member", "Coding test: 92/100. Clean error handling, good tests. Review notes attached.")
        },
        m("C1001", None, 3, "job_admin", "Salary expectation is above the band (KRW 95M). Discuss with finance before an offer."),
        // 106..108: C1002
        m("C1002", None, 2, "member", "Phone screen done. Friendly, clear communicator; currently at a design agency."),
        MemoSpec {
            mentions: &["U1003"],
            ..m("C1002", Some(5), 0, "member", "Thanks @Park Sora. Let's move her to the portfolio review.")
        },
        MemoSpec {
            pinned: true,
            ..m("C1002", None, 3, "job_admin", "Reference check requested from two former managers; results due next week.")
        },
        // 109..110: C1003
        m("C1003", None, 2, "member", "Applied through the job fair. Junior profile, strong SQL."),
        m("C1003", Some(8), 1, "job_manager", "Let's keep him in the pool for the data analyst opening."),
        // 111..113: C1004
        MemoSpec {
            mentions: &["U1002", "U1004"],
            ..m("C1004", None, 0, "job_manager", "Needs visa sponsorship (E-7). @Lee Jun @Dana Whitfield please confirm we can support it.")
        },
        m("C1004", Some(10), 3, "job_manager", "Confirmed with legal: we can sponsor E-7 for this role."),
        MemoSpec {
            pinned: true,
            ..m("C1004", None, 1, "member", "System design interview: excellent. Hire recommendation.")
        },
        // 114..115: C1005
        m("C1005", None, 2, "member", "Withdrew from the process: accepted another offer. Keep in the talent pool."),
        m("C1005", Some(13), 0, "member", "Noted. I tagged her for next year's openings."),
        // 116..118: C1006
        m("C1006", None, 1, "member", "Take-home assignment submitted two days early."),
        m("C1006", None, 3, "job_admin", "Background check cleared."),
        m("C1006", Some(15), 2, "member", "Reviewed it: solid, a bit over-engineered."),
        // 119: C/2001
        m("C/2001", None, 0, "member", "Referred by Park Sora. Schedule a coffee chat."),
    ]
}

fn demo_memos() -> Vec<Memo> {
    let people = users();
    let base = kst_at(2026, 9, 1, 9, 0);
    memo_specs()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            // Replies come a little after their parents; threads are a day apart.
            let created = base + Duration::hours(7 * i as i64) + Duration::minutes(13 * i as i64);
            let updated = if i % 4 == 3 {
                created + Duration::minutes(42)
            } else {
                created
            };
            Memo {
                id: 101 + i as i64,
                candidate: s.candidate.into(),
                parent_id: s.parent.map(|p| 101 + p as i64),
                content: s.content.into(),
                accessible_role: s.role.into(),
                file_url: s.file.map(|f| f.to_string()),
                mentions: s.mentions.iter().map(|x| x.to_string()).collect(),
                pinned: s.pinned,
                fixed_at: s.pinned.then(|| ts(created + Duration::hours(1))),
                created_at: ts(created),
                updated_at: ts(updated),
                user: people[s.author].clone(),
            }
        })
        .collect()
}

fn demo_webhooks() -> Vec<Map<String, Value>> {
    let hook = |v: Value| match v {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    vec![
        // Active, but only for events the sandbox never fires by itself, and aimed at the
        // discard port, so the demo data makes no network traffic unless asked to.
        hook(json!({
            "code": "WH10000001",
            "active": true,
            "provider": "round",
            "callback_url": "http://127.0.0.1:9/hooks/recruit",
            "signing_key": "whsec_demo_3f9a1c7e5b2d4f60",
            "events": ["candidate_pass", "interview_scheduled", "feedback_completed"],
            "created_at": ts(kst_at(2026, 7, 14, 11, 5)),
            "updated_at": ts(kst_at(2026, 7, 14, 11, 5)),
        })),
        hook(json!({
            "code": "WH10000002",
            "active": false,
            "provider": "round",
            "callback_url": "https://hooks.example.com/recruit/events",
            "signing_key": "whsec_demo_8b1e0d6a2c4f9e73",
            "events": [],
            "created_at": ts(kst_at(2026, 8, 2, 16, 40)),
            "updated_at": ts(kst_at(2026, 9, 19, 9, 30)),
        })),
    ]
}

/// The whole demo state.
pub fn demo_db() -> Db {
    let memos = demo_memos();
    let forms = demo_forms(Utc::now());
    Db {
        version: STATE_VERSION,
        generation: 0,
        next_memo_id: memos.iter().map(|m| m.id).max().unwrap_or(100) + 1,
        next_candidate_seq: 1007,
        jobs: demo_jobs(&forms),
        forms,
        candidates: demo_candidates(Utc::now()),
        memos,
        webhooks: demo_webhooks(),
        applications: Vec::new(),
        uploads: Vec::new(),
        requests: Vec::new(),
        deliveries: Vec::new(),
        evaluations: demo_evaluations(),
        interviews: demo_interviews(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_data_is_consistent() {
        let db = demo_db();
        assert!(db.forms.len() > 20);
        let mut codes: Vec<&str> = db.forms.iter().map(|f| f.code.as_str()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), db.forms.len(), "form codes are unique");
        // Question ids are unique across forms and orders run 1..N.
        let mut ids = std::collections::HashSet::new();
        for f in &db.forms {
            for (i, q) in f.questions.iter().enumerate() {
                assert_eq!(q.order, i as i64 + 1, "{}", f.code);
                if let Some(id) = q.id {
                    assert!(ids.insert(id), "duplicate question id {id}");
                }
            }
            let kinds: Vec<&str> = f.questions.iter().map(|q| q.kind.as_str()).collect();
            assert!(
                kinds.starts_with(&["name", "email", "phone", "resume"]),
                "{}",
                f.code
            );
        }
        // Every reply's parent is a top-level memo of the same candidate.
        for m in db.memos.iter().filter(|m| m.parent_id.is_some()) {
            let p = db.memos.iter().find(|p| Some(p.id) == m.parent_id).unwrap();
            assert_eq!(p.candidate, m.candidate);
            assert!(p.parent_id.is_none());
        }
        assert_eq!(db.memos.first().map(|m| m.id), Some(101));
        assert_eq!(db.memos.last().map(|m| m.id), Some(119));
        for role in ["job_admin", "job_manager", "member"] {
            assert!(db.memos.iter().any(|m| m.accessible_role == role));
        }
        assert!(db.memos.iter().any(|m| m.pinned && m.fixed_at.is_some()));
        let noids = db.forms.iter().find(|f| f.code == "FORM-NOIDS").unwrap();
        assert!(noids.questions.iter().all(|q| q.id.is_none()));
        // The id-less form must be applicable with the four basic fields alone.
        assert!(noids.questions[4..].iter().all(|q| !q.required));
    }

    #[test]
    fn the_pipeline_hangs_together() {
        let db = demo_db();
        let has = |code: &str| db.candidates.iter().any(|c| c.code == code);
        // Memos and submissions belong to candidates of the list.
        for m in &db.memos {
            assert!(has(&m.candidate), "memo {} of {}", m.id, m.candidate);
        }
        for code in [
            "C1001", "C1002", "C1003", "C1004", "C1005", "C1006", "C/2001",
        ] {
            assert!(has(code), "{code}");
        }
        // Every stage twice at least, with Korean titles; Korean and English names.
        for kind in recruit_client::api::Stage::names() {
            let at: Vec<_> = db
                .candidates
                .iter()
                .filter(|c| c.stage.as_ref().unwrap().kind == kind)
                .collect();
            assert!(at.len() >= 2, "{kind}: {}", at.len());
            assert!(at
                .iter()
                .all(|c| !c.stage.as_ref().unwrap().title.is_ascii()));
        }
        assert!(db.candidates.iter().any(|c| !c.name.is_ascii()));
        assert!(db.candidates.iter().any(|c| c.name.is_ascii()));
        // Each candidate applied to a form that has a job; one job has no code.
        assert_eq!(db.jobs.len(), db.forms.len());
        for c in &db.candidates {
            let form = c.form.as_deref().unwrap();
            assert!(db.jobs.iter().any(|j| j.form == form), "{}", c.code);
        }
        assert_eq!(db.jobs.iter().filter(|j| j.code.is_none()).count(), 1);
        // Evaluations and interviews are about candidates of the list, by known members.
        let members: Vec<String> = users().into_iter().map(|u| u.code).collect();
        for e in &db.evaluations {
            assert!(has(&e.candidate), "{}", e.code);
            assert!(e.members.iter().all(|m| members.contains(&m.user)));
        }
        for i in &db.interviews {
            assert!(has(&i.candidate), "{}", i.code);
            assert!(i.start_at < i.end_at);
        }
    }

    #[test]
    fn a_state_from_before_the_pipeline_is_completed() {
        let mut db = demo_db();
        db.jobs.clear();
        db.evaluations.clear();
        db.interviews.clear();
        db.candidates
            .retain(|c| c.code.starts_with("C1") || c.code == "C/2001");
        for c in &mut db.candidates {
            *c = Candidate {
                code: c.code.clone(),
                name: format!("{} (renamed)", c.name),
                email: c.email.clone(),
                phone: c.phone.clone(),
                birth: c.birth.clone(),
                created_at: c.created_at.clone(),
                submissions: c.submissions,
                ..Candidate::default()
            };
        }
        let applicant = Candidate {
            code: "C1007".into(),
            name: "New Applicant".into(),
            created_at: "2026-10-01T09:00:00+09:00".into(),
            ..Candidate::default()
        };
        db.candidates.push(applicant);
        upgrade(&mut db);
        let c = |code: &str| db.candidates.iter().find(|c| c.code == code).unwrap();
        assert_eq!(c("C1001").stage.as_ref().unwrap().title, "1차 면접");
        assert_eq!(
            c("C1001").name,
            "Kim Min-jun (renamed)",
            "what was stored is kept"
        );
        assert_eq!(c("C1001").submissions, 45);
        assert_eq!(c("C1007").stage.as_ref().unwrap().kind, "applied");
        assert_eq!(
            c("C1007").applied_at.as_deref(),
            Some("2026-10-01T09:00:00+09:00")
        );
        assert!(db.candidates.iter().any(|c| c.code == "C3001"));
        assert!(!db.jobs.is_empty() && !db.evaluations.is_empty() && !db.interviews.is_empty());
        // Upgrading again changes nothing.
        let before = serde_json::to_string(&db).unwrap();
        upgrade(&mut db);
        assert_eq!(serde_json::to_string(&db).unwrap(), before);
    }
}
