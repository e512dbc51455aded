//! Walking paginated lists: the form list (`next_page_token` URL or `next_page` token) and
//! cursor lists (`next_url`).
//!
//! Two rules keep a walk safe. The API key is never sent to another origin: a next-page URL is
//! followed only when its scheme, host and port equal the base URL's; otherwise its
//! `page_token` is asked of the base URL instead. And a token that comes back twice ends the
//! walk with an error instead of looping forever.

use std::collections::HashSet;

use bytes::Bytes;
use serde_json::Value;
use url::Url;

use super::http::{Client, RequestSpec};
use crate::error::Error;

/// How a list says where its next page is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageStyle {
    /// `pagination.next_page_token` (absolute URL) or `pagination.next_page` (token).
    Tokens,
    /// `pagination.next_url`.
    Cursor,
}

/// One page as it came, and its items.
#[derive(Debug, Clone)]
pub struct Page {
    pub raw: Bytes,
    pub value: Value,
    pub items: Vec<Value>,
}

pub struct PageWalker {
    client: Client,
    /// The list URL without `page_token`, to which a foreign page token is re-addressed.
    list_url: Url,
    next: Option<Url>,
    seen: HashSet<String>,
    style: PageStyle,
    pub pages: usize,
    /// Empty pages in a row that still pointed to a next page.
    empty_run: usize,
    /// Most pages the first page's `total_count` allows (with some slack), when it has one.
    max_pages: Option<usize>,
    /// An error to give at the next call, after the page that caused it was returned.
    stop: Option<Error>,
}

/// Pages a list may take by the first page's `pagination.total_count` (or `total`) and its
/// size, with two pages of slack for a list that grows while it is read.
pub fn pages_allowed(first: &Value, first_len: usize) -> Option<usize> {
    let p = first.get("pagination")?;
    let total = ["total_count", "total"]
        .iter()
        .find_map(|k| p.get(*k).and_then(Value::as_u64))? as usize;
    if first_len == 0 {
        return None;
    }
    Some(total.div_ceil(first_len) + 2)
}

/// Empty pages in a row, each with a new token, after which a walk stops: a service that
/// keeps answering "nothing, but there is more" would otherwise be walked forever.
pub const MAX_EMPTY_PAGES: usize = 5;

impl PageWalker {
    pub fn new(client: Client, first: Url, style: PageStyle) -> Self {
        let mut list_url = first.clone();
        set_page_token(&mut list_url, None);
        let mut seen = HashSet::new();
        if let Some(t) = page_token(&first) {
            seen.insert(t);
        }
        PageWalker {
            client,
            list_url,
            next: Some(first),
            seen,
            style,
            pages: 0,
            empty_run: 0,
            max_pages: None,
            stop: None,
        }
    }

    /// The next page, or `None` when the list is done.
    pub async fn next_page(&mut self) -> Result<Option<Page>, Error> {
        if let Some(e) = self.stop.take() {
            return Err(e);
        }
        let Some(url) = self.next.take() else {
            return Ok(None);
        };
        let resp = self.client.send(RequestSpec::get(url.clone())).await?;
        let value = resp.value()?;
        let items = page_items(&url, &value)?;
        self.pages += 1;
        if self.pages == 1 {
            self.max_pages = pages_allowed(&value, items.len());
        }
        self.next = self.next_url(&url, &value)?;
        if let (Some(max), Some(_)) = (self.max_pages, &self.next) {
            if self.pages >= max {
                self.next = None;
                self.stop = Some(Error::other(format!(
                    "the service keeps pointing to more pages than its total_count allows ({max} pages read); stopping the walk to avoid an endless loop (the items so far were printed)"
                )));
            }
        }
        if items.is_empty() && self.next.is_some() {
            self.empty_run += 1;
            if self.empty_run >= MAX_EMPTY_PAGES {
                return Err(Error::other(format!(
                    "the service sent {MAX_EMPTY_PAGES} empty pages in a row, each pointing to another page; stopping the walk to avoid an endless loop (the items so far were printed)"
                )));
            }
        } else {
            self.empty_run = 0;
        }
        Ok(Some(Page {
            raw: resp.body,
            value,
            items,
        }))
    }

    fn next_url(&mut self, current: &Url, body: &Value) -> Result<Option<Url>, Error> {
        let Some((next, rewritten)) = next_page_url(
            self.style,
            self.client.base_url(),
            &self.list_url,
            current,
            body,
        )?
        else {
            return Ok(None);
        };
        if rewritten && self.client.verbose() {
            eprintln!("* next page URL is on another origin; asking the base URL for its page_token instead");
        }
        let key = page_token(&next).unwrap_or_else(|| next.to_string());
        if !self.seen.insert(key.clone()) {
            return Err(Error::other(format!(
                "the service gave page token '{key}' a second time; stopping the walk to avoid an endless loop (the items so far were printed)"
            )));
        }
        Ok(Some(next))
    }
}

/// The items of a page fetched from `url`: its `collection` array (or, for lists whose shape
/// is not documented, see [`list_items`]).
pub fn page_items(url: &Url, value: &Value) -> Result<Vec<Value>, Error> {
    list_items(value).ok_or_else(|| {
        Error::other(format!(
            "the answer from {} has no `collection` array; use `recruit api GET {}` to see it",
            url.path(),
            url.path()
        ))
    })
}

/// Where the page after `current` is, decided from its parsed `body` alone: `None` when the
/// list is done, else the URL to request (always on `base`'s origin) and whether a foreign
/// address was rewritten to `list_url` (see [`safe_next_url`]). A walk also stops on a token it
/// has seen before; that memory is the walker's, not this function's.
pub fn next_page_url(
    style: PageStyle,
    base: &Url,
    list_url: &Url,
    current: &Url,
    body: &Value,
) -> Result<Option<(Url, bool)>, Error> {
    let pagination = match body.get("pagination") {
        Some(p) if p.is_object() => p,
        _ => return Ok(None),
    };
    let text = |k: &str| {
        pagination
            .get(k)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    // Each style reads its own keys first, then the other's, since lists whose paging is
    // not documented (webhooks) may use either.
    let (url_keys, token_key): (&[&str], &str) = match style {
        PageStyle::Cursor => (&["next_url", "next_page_token"], "next_page"),
        PageStyle::Tokens => (&["next_page_token", "next_url"], "next_page"),
    };
    // An address, as the spec says; a bare token in its place is taken as a token.
    let looks_like_url =
        |u: &str| u.contains("://") || u.starts_with('/') || u.contains("page_token=");
    if let Some(u) = url_keys
        .iter()
        .find_map(|k| text(k))
        .filter(|u| looks_like_url(u))
    {
        safe_next_url(base, list_url, current, &u).map(Some)
    } else if let Some(tok) = text(token_key).or_else(|| url_keys.iter().find_map(|k| text(k))) {
        let mut u = list_url.clone();
        set_page_token(&mut u, Some(&tok));
        Ok(Some((u, false)))
    } else {
        Ok(None)
    }
}

/// Where to ask for the next page, given the address the service sent (`given`, absolute or
/// relative to `current`). A same-origin address is used as is; for another origin only its
/// `page_token` is kept and asked of `list_url`, so the key never leaves the base URL's origin
/// (`true` in the result says the address was rewritten). No token there: an error.
pub fn safe_next_url(
    base: &Url,
    list_url: &Url,
    current: &Url,
    given: &str,
) -> Result<(Url, bool), Error> {
    let url = current.join(given).map_err(|e| {
        Error::other(format!(
            "the service's next-page address '{given}' is not a URL: {e}"
        ))
    })?;
    if super::http::same_origin(base, &url) {
        return Ok((url, false));
    }
    match page_token(&url) {
        Some(tok) => {
            let mut u = list_url.clone();
            set_page_token(&mut u, Some(&tok));
            Ok((u, true))
        }
        None => Err(Error::other(format!(
            "the next page is on another origin ({}) and carries no page_token; stopping so the API key is not sent there",
            url.origin().ascii_serialization()
        ))),
    }
}

/// The items of a list answer: `collection` as the spec says; for lists whose shape is not
/// documented (webhooks), also a `resource` array or a bare array.
pub fn list_items(body: &Value) -> Option<Vec<Value>> {
    match body {
        Value::Array(items) => Some(items.clone()),
        Value::Object(m) => match (m.get("collection"), m.get("resource")) {
            (Some(Value::Array(items)), _) => Some(items.clone()),
            (None, Some(Value::Array(items))) => Some(items.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// The `page_token` query parameter of a URL.
pub fn page_token(url: &Url) -> Option<String> {
    url.query_pairs()
        .find(|(k, _)| k == "page_token")
        .map(|(_, v)| v.into_owned())
}

/// A `--page-token` as users give it: a bare token, or an address that carries one (the
/// `next_page_token` or `next_url` of an answer, absolute or relative). Returns the token and
/// the address's other query parameters (`per`, `title`...), which belong to the same page.
pub fn user_page_token(input: &str) -> (String, Vec<(String, String)>) {
    let input = input.trim();
    if !input.contains("page_token=") {
        return (input.to_string(), Vec::new());
    }
    // Relative addresses (`/v1/...?page_token=`, `?page_token=`) resolve against any origin:
    // only the query is read.
    let base = Url::parse("http://page.invalid/").expect("static URL");
    match base.join(input) {
        Ok(url) => match page_token(&url) {
            Some(token) => {
                let others = url
                    .query_pairs()
                    .filter(|(k, _)| k != "page_token")
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect();
                (token, others)
            }
            None => (input.to_string(), Vec::new()),
        },
        Err(_) => (input.to_string(), Vec::new()),
    }
}

/// [`user_page_token`] for an optional `--page-token`: the token, and a lookup of the other
/// query parameters its address carried (`None` when absent or not given as an address).
pub fn user_page_token_opt(
    input: Option<&str>,
) -> (Option<String>, impl Fn(&str) -> Option<String>) {
    let (token, others) = match input {
        Some(t) => {
            let (token, others) = user_page_token(t);
            (Some(token), others)
        }
        None => (None, Vec::new()),
    };
    let carried = move |k: &str| others.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    (token, carried)
}

/// Set (or remove) the `page_token` query parameter, keeping the others.
pub fn set_page_token(url: &mut Url, token: Option<&str>) {
    let others: Vec<(String, String)> = url
        .query_pairs()
        .filter(|(k, _)| k != "page_token")
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    url.set_query(None);
    if others.is_empty() && token.is_none() {
        return;
    }
    let mut q = url.query_pairs_mut();
    for (k, v) in &others {
        q.append_pair(k, v);
    }
    if let Some(t) = token {
        q.append_pair("page_token", t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_token_roundtrip() {
        let mut u = Url::parse("https://h/v1/x?per=100&page_token=a%2Bb").unwrap();
        assert_eq!(page_token(&u).as_deref(), Some("a+b"));
        set_page_token(&mut u, Some("c d"));
        assert_eq!(page_token(&u).as_deref(), Some("c d"));
        assert!(u.as_str().contains("per=100"));
        set_page_token(&mut u, None);
        assert_eq!(u.as_str(), "https://h/v1/x?per=100");
    }

    #[test]
    fn user_page_tokens_come_bare_or_inside_an_address() {
        assert_eq!(user_page_token("abc123"), ("abc123".to_string(), vec![]));
        let (t, others) = user_page_token(
            "https://api.example/v1/application_forms?title=UX%20lead&page_token=t%2B2&per=5",
        );
        assert_eq!(t, "t+2");
        assert_eq!(
            others,
            vec![
                ("title".to_string(), "UX lead".to_string()),
                ("per".to_string(), "5".to_string())
            ]
        );
        assert_eq!(
            user_page_token("/v1/candidates/C1/form_submissions?page_token=xyz").0,
            "xyz"
        );
        assert_eq!(user_page_token("?page_token=q").0, "q");
    }
}
