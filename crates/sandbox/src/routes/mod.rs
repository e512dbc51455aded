//! The HTTP surface: router, the guard in front of every request (latency, auth, injected
//! failures, logging), error bodies, and helpers shared by the handlers.

mod admin;
mod apply;
mod candidates;
mod files;
mod forms;
mod memos;
mod submissions;
mod webhooks;

use std::sync::Arc;
use std::time::Instant;

use axum::extract::RawQuery;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put, MethodRouter};
use axum::Router;
use serde::de::DeserializeOwned;
use serde_json::{json, Map, Value};

// Below the routes and the state both, so the state needs nothing of the routes.
pub use super::answer::{enc, ApiError};
use super::state::{Candidate, Db};
use super::App;

pub type Shared = Arc<App>;

pub type ApiResult = Result<Response, ApiError>;

/// What most handlers start from: the app, the address the request came to
/// (`http://host:port`, for absolute addresses in answers; see [`origin`]) and its path.
pub struct Site {
    pub app: Shared,
    pub base: String,
    /// The request's path, as sent (percent-encoded).
    pub path: String,
}

impl FromRequestParts<Shared> for Site {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, app: &Shared) -> Result<Self, Self::Rejection> {
        Ok(Site {
            base: origin(app, &parts.headers),
            app: app.clone(),
            path: parts.uri.path().to_string(),
        })
    }
}

/// Finds a record by its code and shows it as the service does, its addresses on `base`.
pub type Find = fn(db: &Db, synthetic: usize, code: &str, base: &str) -> Option<Value>;

/// The records of one page of a list as the service shows them, and the list's length.
pub type PageOf = fn(
    db: &Db,
    req: &PageRequest,
    synthetic: usize,
    base: &str,
) -> Result<(Vec<Value>, usize), ApiError>;

impl Site {
    /// `{"resource": ...}`: the record `find` shows, or the spec's 404.
    pub async fn resource(self, code: String, find: Find) -> ApiResult {
        let synthetic = self.app.opts.synthetic_candidates;
        let base = self.base;
        let resource = self
            .app
            .store
            .read_async(move |db| find(db, synthetic, &code, &base).ok_or_else(ApiError::not_found))
            .await?;
        ok(json!({ "resource": resource }))
    }

    /// A token-style list at `/v1/{path}` (`per`, default 20, max 100, and `page_token`);
    /// `scope_key` names its filter, which a page token carries on.
    pub async fn token_list(
        self,
        raw: Option<String>,
        path: &str,
        scope_key: Option<&str>,
        page_of: PageOf,
    ) -> ApiResult {
        let req = PageRequest::tokens(&query_pairs(raw.as_deref()), scope_key)?;
        let list_url = format!("{}/v1/{path}", self.base);
        let synthetic = self.app.opts.synthetic_candidates;
        let (page, base) = (req.clone(), self.base);
        let (items, total) = self
            .app
            .store
            .read_async(move |db| page_of(db, &page, synthetic, &base))
            .await?;
        req.token_answer(items, total, &list_url)
    }
}

/// `GET` of one record by the code in its path.
fn by_code(find: Find) -> MethodRouter<Shared> {
    get(move |site: Site, P(code): P<String>| site.resource(code, find))
}

/// `GET` of a token-style list (see [`Site::token_list`]).
fn listed(
    path: &'static str,
    scope_key: Option<&'static str>,
    page_of: PageOf,
) -> MethodRouter<Shared> {
    get(move |site: Site, RawQuery(raw): RawQuery| site.token_list(raw, path, scope_key, page_of))
}

/// 200 with a JSON body.
pub fn ok(body: Value) -> ApiResult {
    Ok((StatusCode::OK, axum::Json(body)).into_response())
}

/// Path parameters, with extraction failures (e.g. invalid UTF-8 after percent-decoding)
/// answered as JSON like every other error.
pub struct P<T>(pub T);

impl<T, S> FromRequestParts<S> for P<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(P(v)),
            Err(e) => Err(ApiError::invalid_parameter(format!(
                "invalid path parameter: {e}"
            ))),
        }
    }
}

/// `http://<host the request came to>`, for absolute addresses in answers. Falls back to
/// the bound address when the Host header is missing or looks odd.
pub fn origin(app: &App, headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        });
    match host {
        Some(h) => format!("http://{h}"),
        None => format!("http://{}", app.addr),
    }
}

/// Query parameters as (name, value) pairs, decoded.
pub fn query_pairs(raw: Option<&str>) -> Vec<(String, String)> {
    url::form_urlencoded::parse(raw.unwrap_or("").as_bytes())
        .into_owned()
        .collect()
}

pub fn query_get<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// `per`: default 20, 1..=100, else 400.
pub fn parse_per(pairs: &[(String, String)], fallback: usize) -> Result<usize, ApiError> {
    match query_get(pairs, "per") {
        None => Ok(fallback),
        Some(v) => match v.trim().parse::<i64>() {
            Ok(n) if (1..=100).contains(&n) => Ok(n as usize),
            _ => Err(ApiError::invalid_parameter(format!(
                "per must be an integer from 1 to 100, got '{v}'"
            ))),
        },
    }
}

/// Opaque page tokens: hex of a small form-encoded record, so they are URL-safe as they are.
fn encode_token(fields: &[(&str, String)]) -> String {
    let mut ser = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        ser.append_pair(k, v);
    }
    hex::encode(ser.finish())
}

fn decode_token(token: &str) -> Result<Vec<(String, String)>, ApiError> {
    let bad = || ApiError::invalid_parameter("page_token is not valid");
    let bytes = hex::decode(token.trim()).map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    Ok(url::form_urlencoded::parse(text.as_bytes())
        .into_owned()
        .collect())
}

fn token_usize(fields: &[(String, String)], name: &str) -> Result<usize, ApiError> {
    query_get(fields, name)
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| ApiError::invalid_parameter("page_token is not valid"))
}

/// Where a list request starts. A page token carries the offset, the page size and the list's
/// scope (a filter, a candidate), so following a token alone continues the same list.
#[derive(Clone)]
pub struct PageRequest {
    pub offset: usize,
    pub per: usize,
    pub scope: String,
}

impl PageRequest {
    /// A token-style list (application forms, webhooks): the first page takes its scope from
    /// the query's `scope_key` (if any); later pages take everything from the token.
    pub fn tokens(pairs: &[(String, String)], scope_key: Option<&str>) -> Result<Self, ApiError> {
        let (offset, per, scope) = match Self::token(pairs)? {
            Some(f) => (
                token_usize(&f, "o")?,
                token_usize(&f, "p")?,
                query_get(&f, "s").unwrap_or("").to_string(),
            ),
            None => {
                let scope = scope_key.and_then(|k| query_get(pairs, k)).unwrap_or("");
                (0, 20, scope.to_string())
            }
        };
        let per = parse_per(pairs, per)?;
        Ok(PageRequest { offset, per, scope })
    }

    /// A cursor list of one scope (a candidate's submissions): `per` comes with every
    /// request; a token of another scope is refused.
    pub fn cursor(pairs: &[(String, String)], scope: &str) -> Result<Self, ApiError> {
        let offset = match Self::token(pairs)? {
            Some(f) if query_get(&f, "s") == Some(scope) => token_usize(&f, "o")?,
            Some(_) => {
                return Err(ApiError::invalid_parameter(
                    "page_token belongs to another candidate's list",
                ))
            }
            None => 0,
        };
        let per = parse_per(pairs, 20)?;
        Ok(PageRequest {
            offset,
            per,
            scope: scope.to_string(),
        })
    }

    fn token(pairs: &[(String, String)]) -> Result<Option<Vec<(String, String)>>, ApiError> {
        match query_get(pairs, "page_token") {
            Some(t) if !t.is_empty() => decode_token(t).map(Some),
            _ => Ok(None),
        }
    }

    /// The token of the page at `offset` of this list.
    pub fn token_at(&self, offset: usize) -> String {
        encode_token(&[
            ("o", offset.to_string()),
            ("p", self.per.to_string()),
            ("s", self.scope.clone()),
        ])
    }

    /// This page of `list` (the whole list, in order) as `view` shows each, and the list's
    /// length.
    pub fn page_of<T>(
        &self,
        list: impl Iterator<Item = T>,
        view: impl Fn(T) -> Value,
    ) -> (Vec<Value>, usize) {
        let (page, total) = self.page(list);
        (page.into_iter().map(view).collect(), total)
    }

    /// This page of `list` (the whole list, in order), and the list's length.
    pub fn page<T>(&self, list: impl Iterator<Item = T>) -> (Vec<T>, usize) {
        let mut total = 0;
        let mut page = Vec::new();
        for (i, item) in list.enumerate() {
            total = i + 1;
            if i >= self.offset && page.len() < self.per {
                page.push(item);
            }
        }
        (page, total)
    }

    /// This page of a list of `total` items.
    pub fn window(&self, total: usize) -> Window {
        Window {
            offset: self.offset,
            per: self.per,
            total,
        }
    }

    /// The answer of a token-style list: this page's `items` and its `pagination`, each page as
    /// a bare token and as the list's address with that token.
    pub fn token_answer(&self, items: Vec<Value>, total: usize, list_url: &str) -> ApiResult {
        ok(json!({
            "collection": items,
            "pagination": self.token_pagination(total, list_url),
        }))
    }

    fn token_pagination(&self, total: usize, list_url: &str) -> Value {
        let page = self.window(total);
        let next = page.next().map(|o| self.token_at(o));
        let prev = page.prev().map(|o| self.token_at(o));
        let url = |t: &Option<String>| t.as_ref().map(|t| format!("{list_url}?page_token={t}"));
        json!({
            "total": total,
            "previous_page": prev,
            "previous_page_token": url(&prev),
            "next_page": next,
            "next_page_token": url(&next),
        })
    }
}

/// One page of a list: where it starts, its size, and the list's length. Every list route
/// builds its pages from this, so the paging rules live in one place.
pub struct Window {
    pub offset: usize,
    pub per: usize,
    pub total: usize,
}

impl Window {
    /// The next page's offset, when there is one.
    pub fn next(&self) -> Option<usize> {
        (self.offset.saturating_add(self.per) < self.total).then(|| self.offset + self.per)
    }

    /// The previous page's offset, when this is not the first.
    pub fn prev(&self) -> Option<usize> {
        (self.offset > 0).then(|| self.offset.saturating_sub(self.per))
    }
}

/// The request body as a JSON object (400 otherwise). An empty body counts as `{}`.
pub fn json_object(body: &[u8]) -> Result<Map<String, Value>, ApiError> {
    if body.iter().all(|b| b.is_ascii_whitespace()) {
        return Ok(Map::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(ApiError::bad_json("the request body must be a JSON object")),
        Err(e) => Err(ApiError::bad_json(format!(
            "the request body is not valid JSON: {e}"
        ))),
    }
}

/// The body, with failures to read it (too large, connection dropped) answered as JSON.
pub struct Body(pub axum::body::Bytes);

impl<S: Send + Sync> axum::extract::FromRequest<S> for Body {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        axum::body::Bytes::from_request(req, state)
            .await
            .map(Body)
            .map_err(|e| {
                ApiError::new(
                    e.status(),
                    "invalid_body",
                    format!("cannot read the request body: {}", e.body_text()),
                )
            })
    }
}

/// A candidate: stored ones, then the synthetic ones (generated, never stored).
pub fn find_candidate(db: &Db, synthetic: usize, code: &str) -> Option<Candidate> {
    db.candidates
        .iter()
        .find(|c| c.code == code)
        .cloned()
        .or_else(|| super::synthetic::synthetic_candidate(code, synthetic))
}

pub fn router(app: Shared) -> Router {
    Router::new()
        .route(
            "/v1/application_forms",
            listed("application_forms", Some("title"), forms::page),
        )
        .route("/v1/application_forms/{code}", by_code(forms::find))
        .route("/v1/application_forms/{code}/apply", post(apply::apply))
        .route(
            "/v1/candidates",
            listed("candidates", Some("stage_kind"), candidates::page),
        )
        .route("/v1/candidates/{candidate}", by_code(candidates::find))
        .route("/v1/jobs", listed("jobs", Some("title"), candidates::jobs))
        .route(
            "/v1/feedback/candidate_scores/{code}",
            by_code(candidates::evaluation),
        )
        .route("/v1/interviews/{code}", by_code(candidates::interview))
        .route(
            "/v1/candidates/{candidate}/memos",
            get(memos::list).post(memos::create),
        )
        .route(
            "/v1/candidates/{candidate}/memos/{id}",
            get(memos::detail).patch(memos::edit).delete(memos::delete),
        )
        .route(
            "/v1/candidates/{candidate}/memos/{id}/pin",
            post(memos::pin),
        )
        .route(
            "/v1/candidates/{candidate}/form_submissions",
            get(submissions::list),
        )
        .route(
            "/v1/webhooks",
            listed("webhooks", None, webhooks::page).post(webhooks::create),
        )
        .route(
            "/v1/webhooks/{code}",
            get(webhooks::detail)
                .patch(webhooks::edit)
                .delete(webhooks::delete),
        )
        .route("/v1/upload/presign", post(files::presign))
        .route(
            "/_sandbox/upload/{token}",
            put(files::upload).layer(axum::extract::DefaultBodyLimit::max(
                files::MAX_UPLOAD_BYTES,
            )),
        )
        .route("/upload/{*path}", get(files::download))
        .route("/_sandbox/requests", get(admin::requests))
        .route("/_sandbox/uploads", get(admin::uploads))
        .route("/_sandbox/deliveries", get(admin::deliveries))
        .route("/_sandbox/events", post(admin::events))
        .route("/_sandbox/reset", post(admin::reset))
        .route("/_sandbox/stats", get(admin::stats))
        .route(
            "/_sandbox/candidates/{candidate}/stage",
            post(admin::move_stage),
        )
        .fallback(|| async { ApiError::not_found() })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "Method not allowed for this resource",
            )
        })
        .layer(axum::middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// Paths served without the API key: the presigned upload address (its token is the
/// credential, and clients must not send the key there) and stored files.
fn is_public(path: &str) -> bool {
    path.starts_with("/_sandbox/upload/") || path.starts_with("/upload/")
}

fn authorized(headers: &HeaderMap, key: &str) -> bool {
    let Some(value) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let Some((scheme, token)) = value.trim().split_once(' ') else {
        return false;
    };
    if !scheme.eq_ignore_ascii_case("bearer") {
        return false;
    }
    use subtle::ConstantTimeEq;
    token.trim().as_bytes().ct_eq(key.as_bytes()).into()
}

/// The injected failure for `fail_rate`, if this request drew one.
fn injected_failure(app: &App) -> Option<Response> {
    let rate = app.opts.faults.fail_rate;
    if rate <= 0.0 {
        return None;
    }
    // Both draws always happen, so each request consumes the same amount of the seeded stream.
    let (fail, overloaded) = {
        use rand::Rng;
        let mut rng = app.faults.lock().unwrap_or_else(|p| p.into_inner());
        (rng.gen::<f64>() < rate, rng.gen::<bool>())
    };
    if !fail {
        return None;
    }
    let err = if overloaded {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "service_unavailable",
            "The service is temporarily unavailable (sandbox fail-rate); retry later",
        )
    } else {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "Too many requests (sandbox fail-rate); retry after the Retry-After delay",
        )
    };
    let mut resp = err.into_response();
    resp.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    Some(resp)
}

async fn guard(State(app): State<Shared>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    if !app.opts.faults.latency.is_zero() {
        tokio::time::sleep(app.opts.faults.latency).await;
    }
    let resp = if !is_public(&path) && !authorized(req.headers(), &app.opts.api_key) {
        ApiError::unauthorized().into_response()
    } else if path == "/v1" || path.starts_with("/v1/") {
        use std::sync::atomic::Ordering;
        let verdict = app.bucket.as_ref().map(|b| b.check());
        let mut resp = match verdict {
            Some(v) if !v.allowed => {
                app.rate_limited.fetch_add(1, Ordering::Relaxed);
                let mut r = ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "rate_limited",
                    "Too many requests (sandbox rate limit); retry after the Retry-After delay",
                )
                .into_response();
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
                r
            }
            _ => match injected_failure(&app) {
                Some(r) => r,
                None => next.run(req).await,
            },
        };
        app.answered.fetch_add(1, Ordering::Relaxed);
        if let (Some(b), Some(v), true) = (&app.bucket, verdict, app.opts.rate_limit_headers) {
            for (name, value) in b.headers(v) {
                if let Ok(value) = HeaderValue::from_str(&value) {
                    resp.headers_mut().insert(name, value);
                }
            }
        }
        resp
    } else {
        next.run(req).await
    };
    if app.log {
        recruit_client::elog!(
            "{} {method} {path} {} {}ms",
            super::state::now_ts(),
            resp.status().as_u16(),
            started.elapsed().as_millis()
        );
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_reject_garbage() {
        let t = encode_token(&[("o", "20".into()), ("t", "Back end & ops".into())]);
        assert!(t.bytes().all(|b| b.is_ascii_hexdigit()));
        let f = decode_token(&t).unwrap();
        assert_eq!(token_usize(&f, "o").unwrap(), 20);
        assert_eq!(query_get(&f, "t"), Some("Back end & ops"));
        assert!(decode_token("zz").is_err());
        assert!(token_usize(&decode_token("").unwrap(), "o").is_err());
    }

    #[test]
    fn segments_are_encoded_as_one() {
        assert_eq!(enc("C/2001"), "C%2F2001");
        assert_eq!(enc("my cv.pdf"), "my%20cv.pdf");
        assert_eq!(enc("FORM-1001"), "FORM-1001");
    }

    #[test]
    fn per_is_bounded() {
        let q = |s: &str| query_pairs(Some(s));
        assert_eq!(parse_per(&q(""), 20).unwrap(), 20);
        assert_eq!(parse_per(&q("per=100"), 20).unwrap(), 100);
        assert!(parse_per(&q("per=101"), 20).is_err());
        assert!(parse_per(&q("per=0"), 20).is_err());
    }

    #[test]
    fn bearer_check() {
        let mut h = HeaderMap::new();
        assert!(!authorized(&h, "k3y"));
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer k3y"),
        );
        assert!(authorized(&h, "k3y"));
        assert!(!authorized(&h, "k3"));
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("bearer k3y"),
        );
        assert!(authorized(&h, "k3y"));
        h.insert(header::AUTHORIZATION, HeaderValue::from_static("Basic k3y"));
        assert!(!authorized(&h, "k3y"));
    }

    #[test]
    fn body_must_be_an_object() {
        assert!(json_object(b"").unwrap().is_empty());
        assert_eq!(json_object(b"[1]").unwrap_err().code, "invalid_json");
        assert_eq!(
            json_object(b"{").unwrap_err().status,
            StatusCode::BAD_REQUEST
        );
    }
}
