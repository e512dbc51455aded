//! The typed client of the recruiting service API.
//!
//! One module per resource (`forms`, `memos`, `submissions`, `webhooks`, `uploads`), each with its
//! models and its endpoints as methods on [`Client`]. Everything about HTTP (base URL joining,
//! auth, headers, timeouts, retries, error mapping, logging) lives in [`http`]; page walking in
//! [`pagination`].
//!
//! Every method returns a [`Fetched`]: the body exactly as it came (`raw`), the same parsed as
//! JSON (`value`, field order kept), and the typed model (`data`). Models keep unknown fields in
//! `extra`, and every field is optional, so nothing the service sends is lost or rejected.

pub mod forms;
pub mod http;
pub mod limiter;
pub mod memos;
pub mod pacer;
pub mod pagination;
pub mod submissions;
pub mod tls;
pub mod uploads;
pub mod webhooks;

pub use forms::{Application, ApplicationForm, FormListQuery, FormPagination, Question};
pub use http::{ApiResponse, Client, ClientConfig, RequestSpec};
pub use limiter::Limiter;
pub use memos::{Memo, MemoInput, MemoUser};
pub use pagination::PageWalker;
pub use submissions::{AnswerJsonInfo, CursorPagination, FormSubmission, SubmissionAnswer};
pub use tls::NetSettings;
pub use uploads::Presign;
pub use webhooks::{Webhook, WebhookInput};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A response: the raw body, the same as a JSON value, and the typed model.
#[derive(Debug, Clone)]
pub struct Fetched<T> {
    pub raw: bytes::Bytes,
    pub value: Value,
    pub data: T,
}

/// `{ "resource": T }`
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Resource<T: Default> {
    pub resource: T,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// `{ "collection": [T], "pagination": P }`
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Collection<T, P: Default> {
    pub collection: Vec<T>,
    pub pagination: Option<P>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The service's error body `{ error, message }`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ErrorBody {
    pub error: Option<String>,
    pub message: Option<String>,
}
