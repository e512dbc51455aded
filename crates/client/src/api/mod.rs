//! The typed client of the recruiting service API.
//!
//! One module per resource (`forms`, `memos`, `submissions`, `webhooks`, `uploads`, and the
//! hosted service's `candidates`, `jobs`, `evaluations`, `interviews`) with its endpoints as
//! methods on [`Client`]; the models they send and answer are in [`types`]. Everything about HTTP (base URL joining,
//! auth, headers, timeouts, retries, error mapping, `-v` lines) lives in [`http`], what it reports in [`events`]; page walking in
//! [`pagination`].
//!
//! Every method returns a [`Fetched`]: the body exactly as it came (`raw`), the same parsed as
//! JSON (`value`, field order kept), and the typed model (`data`). Models keep unknown fields in
//! `extra`, and every field is optional, so nothing the service sends is lost or rejected.

pub mod candidates;
pub mod events;
pub mod forms;
pub mod http;
pub mod jobs;
pub mod limiter;
pub mod memos;
pub mod pacer;
pub mod pagination;
pub mod planned;
pub mod records;
pub mod submissions;
pub use recruit_core::tls;
pub mod types;
pub mod uploads;
pub mod webhooks;

pub use candidates::{CandidateListQuery, Stage};
pub use events::{ClientEvent, Observer, Reporter};
pub use forms::FormListQuery;
pub use http::{ApiResponse, Client, ClientConfig, RequestSpec};
pub use jobs::JobListQuery;
pub use limiter::Limiter;
pub use pagination::PageWalker;
pub use planned::Planned;
pub use records::{ListQuery, Title, MAX_PER};
pub use tls::NetSettings;

/// What the HTTP client builds on [`NetSettings`]: kept here so the core crate below compiles
/// no HTTP client.
pub trait ClientBuilderExt {
    /// A reqwest builder that trusts these authorities. `env_proxy`: honour HTTPS_PROXY,
    /// HTTP_PROXY and NO_PROXY (for the service); off for loopback servers of our own (the
    /// sandbox, the listener's app), which a proxy elsewhere could never reach.
    fn client_builder(&self, env_proxy: bool) -> reqwest::ClientBuilder;
}

impl ClientBuilderExt for NetSettings {
    fn client_builder(&self, env_proxy: bool) -> reqwest::ClientBuilder {
        let mut tls = self.rustls_config();
        tls.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        let builder = reqwest::Client::builder().use_preconfigured_tls(tls);
        if env_proxy {
            builder
        } else {
            builder.no_proxy()
        }
    }
}
pub use types::{
    AnswerJsonInfo, Application, ApplicationForm, Candidate, CandidateJob, CandidateList,
    Collection, CursorPagination, ErrorBody, Evaluation, FormList, FormPagination, FormSubmission,
    FormTemplate, Interview, InterviewSchedule, Job, JobList, JobManager, JobPosition, JobStage,
    Member, MemberScore, Memo, MemoInput, MemoList, MemoUser, Presign, Question, Resource,
    SubmissionAnswer, SubmissionList, TokenPagination, Webhook, WebhookInput, WebhookList,
};

use serde_json::Value;

/// One record (`{"resource": ...}`) as the service answered it, or why not.
pub type RecordResult<T> = Result<Fetched<Resource<T>>, crate::error::Error>;

/// A response: the raw body, the same as a JSON value, and the typed model.
#[derive(Debug, Clone)]
pub struct Fetched<T> {
    pub raw: bytes::Bytes,
    pub value: Value,
    pub data: T,
}
