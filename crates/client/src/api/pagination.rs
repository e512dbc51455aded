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

use super::http::{ApiResponse, Client, RequestSpec};
use crate::error::Error;

/// How a list says where its next page is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageStyle {
    /// `pagination.next_page_token` (absolute URL) or `pagination.next_page` (token).
    Tokens,
    /// `pagination.next_url`.
    Cursor,
}

/// One page as it came; its items are read in place (never copied out of the tree).
#[derive(Debug, Clone)]
pub struct Page {
    pub raw: Bytes,
    pub value: Value,
    /// How many of the page's items are in the walk (fewer than listed under a limit).
    shown: usize,
}

impl Page {
    /// A list that came in one answer, its items cut to `limit`; `None` when the answer
    /// holds no list (see [`list_items`]).
    pub fn whole(raw: Bytes, value: Value, limit: Option<usize>) -> Option<Page> {
        let listed = list_items(&value)?.len();
        Some(Page {
            raw,
            value,
            shown: limit.map_or(listed, |n| n.min(listed)),
        })
    }

    /// The page's items in the walk.
    pub fn items(&self) -> &[Value] {
        let all = list_items(&self.value).unwrap_or_default();
        &all[..self.shown.min(all.len())]
    }

    /// The items, moved out of the page.
    pub fn into_items(mut self) -> Vec<Value> {
        let mut items = take_items(&mut self.value).unwrap_or_default();
        items.truncate(self.shown);
        items
    }
}

/// The one owner of the next-page rules, under every walk (`--all`, `api --all`, the MCP
/// tools and the export's raw walk): where the next page is (same origin only, see
/// [`safe_next_url`]), and the three guards that end a walk: a token given twice, more pages
/// than the first page's `total_count` allows, and empty pages that keep pointing further.
/// How a page's body is parsed is the caller's business (a JSON tree, or raw slices).
pub struct Pager {
    client: Client,
    /// The list URL without `page_token`, to which a foreign page token is re-addressed.
    list_url: Url,
    next: Option<Url>,
    seen: HashSet<String>,
    style: PageStyle,
    /// Pages requested so far.
    pub pages: usize,
    /// Empty pages in a row that still pointed to a next page.
    empty_run: usize,
    /// Most pages the first page's `total_count` allows (with some slack), when it has one.
    max_pages: Option<usize>,
    /// The list's address names no record: a 404 means the base URL is wrong (set by the
    /// endpoint, [`PageWalker::at_fixed_address`]).
    fixed: bool,
}

impl Pager {
    pub fn new(client: Client, first: Url, style: PageStyle) -> Pager {
        let mut list_url = first.clone();
        set_page_token(&mut list_url, None);
        let mut seen = HashSet::new();
        if let Some(t) = page_token(&first) {
            seen.insert(t);
        }
        Pager {
            client,
            list_url,
            next: Some(first),
            seen,
            style,
            pages: 0,
            empty_run: 0,
            max_pages: None,
            fixed: false,
        }
    }

    /// Request the next page; `None` when the list is done. Call [`Pager::after_page`] with
    /// what the page says before asking for the one after.
    pub async fn fetch(&mut self) -> Result<Option<(Url, ApiResponse)>, Error> {
        let Some(url) = self.next.take() else {
            return Ok(None);
        };
        let resp = match self.client.send(RequestSpec::get(url.clone())).await {
            Err(e) if self.fixed => return Err(self.client.at_fixed_address(e, &url)),
            r => r?,
        };
        self.pages += 1;
        Ok(Some((url, resp)))
    }

    /// Where the page after `page` is, from its `pagination` object, and whether the walk may
    /// go on (`items`: how many the page had). An error ends the walk; the page's own items
    /// are good.
    pub fn after_page(
        &mut self,
        page: &Url,
        pagination: Option<&Value>,
        items: usize,
    ) -> Result<(), Error> {
        if self.pages == 1 {
            self.max_pages = pagination.and_then(|p| pages_allowed(p, items));
        }
        let next = match next_page_url(
            self.style,
            self.client.base_url(),
            &self.list_url,
            page,
            pagination,
        )? {
            None => return Ok(()),
            Some((next, rewritten)) => {
                if rewritten {
                    self.client.log(
                        "* next page URL is on another origin; asking the base URL for its page_token instead".into(),
                    );
                }
                next
            }
        };
        let key = page_token(&next).unwrap_or_else(|| next.to_string());
        if !self.seen.insert(key.clone()) {
            return Err(Error::other(crate::msg!(
                "walk-token-repeated",
                token = key
            )));
        }
        if let Some(max) = self.max_pages.filter(|max| self.pages >= *max) {
            return Err(Error::other(crate::msg!(
                "walk-too-many-pages",
                pages = max
            )));
        }
        if items == 0 {
            self.empty_run += 1;
            if self.empty_run >= MAX_EMPTY_PAGES {
                return Err(Error::other(crate::msg!(
                    "walk-empty-pages",
                    pages = MAX_EMPTY_PAGES
                )));
            }
        } else {
            self.empty_run = 0;
        }
        self.next = Some(next);
        Ok(())
    }
}

/// Pages parsed as JSON: what list commands, `api --all` and the MCP tools walk.
pub struct PageWalker {
    pager: Pager,
    /// An error to give at the next call, after the page that caused it was returned.
    stop: Option<Error>,
    /// Items still to give (`--limit`, the tools' `limit`); `None`: every item.
    remaining: Option<usize>,
}

/// Pages a list may take by a page's `pagination.total_count` (or `total`) and its size,
/// with two pages of slack for a list that grows while it is read.
pub fn pages_allowed(pagination: &Value, first_len: usize) -> Option<usize> {
    let total = ["total_count", "total"]
        .iter()
        .find_map(|k| pagination.get(*k).and_then(Value::as_u64))? as usize;
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
        PageWalker {
            pager: Pager::new(client, first, style),
            stop: None,
            remaining: None,
        }
    }

    /// Stop after `limit` items (the last page's items cut to fit): how `--limit` and the
    /// tools' `limit` apply, for every list.
    pub fn limit(mut self, limit: Option<usize>) -> Self {
        self.remaining = limit;
        self
    }

    /// The list's address names no record (the form, candidate, job and webhook lists): a 404
    /// means the base URL is wrong, and the error says so.
    pub fn at_fixed_address(mut self) -> Self {
        self.pager.fixed = true;
        self
    }

    /// Pages read so far.
    pub fn pages(&self) -> usize {
        self.pager.pages
    }

    /// The next page, or `None` when the list is done. A page that ends the walk (a repeated
    /// token, too many pages) is returned first; the error comes at the next call.
    pub async fn next_page(&mut self) -> Result<Option<Page>, Error> {
        if let Some(e) = self.stop.take() {
            return Err(e);
        }
        if self.remaining == Some(0) {
            return Ok(None);
        }
        let Some((url, resp)) = self.pager.fetch().await? else {
            return Ok(None);
        };
        let value = resp.value()?;
        let listed = page_items(&url, &value)?.len();
        let mut shown = listed;
        if let Some(r) = &mut self.remaining {
            shown = shown.min(*r);
            *r -= shown;
        }
        if let Err(e) = self.pager.after_page(&url, value.get("pagination"), listed) {
            self.stop = Some(Error {
                message: crate::msg!("walk-stopped-after-printing", why = e.message.clone()).said(),
                ..e
            });
        }
        Ok(Some(Page {
            raw: resp.body,
            value,
            shown,
        }))
    }
}

/// The items of a page fetched from `url`: its `collection` array (or, for lists whose shape
/// is not documented, see [`list_items`]).
pub fn page_items<'a>(url: &Url, value: &'a Value) -> Result<&'a [Value], Error> {
    list_items(value)
        .ok_or_else(|| Error::other(crate::msg!("export-no-collection", path = url.path())))
}

/// Where the page after `current` is, decided from its `pagination` object alone: `None` when the
/// list is done, else the URL to request (always on `base`'s origin) and whether a foreign
/// address was rewritten to `list_url` (see [`safe_next_url`]). A walk also stops on a token it
/// has seen before; that memory is the walker's, not this function's.
pub fn next_page_url(
    style: PageStyle,
    base: &Url,
    list_url: &Url,
    current: &Url,
    pagination: Option<&Value>,
) -> Result<Option<(Url, bool)>, Error> {
    let pagination = match pagination {
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
    let url = Error::explained(current.join(given), |why| {
        Error::other(crate::msg!(
            "walk-next-not-a-url",
            address = given,
            why = why
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
        None => Err(Error::other(crate::msg!(
            "walk-next-other-origin",
            origin = url.origin().ascii_serialization()
        ))),
    }
}

/// The items of a list answer: `collection` as the spec says; for lists whose shape is not
/// documented (webhooks), also a `resource` array or a bare array.
pub fn list_items(body: &Value) -> Option<&[Value]> {
    match body {
        Value::Array(items) => Some(items),
        Value::Object(m) => match (m.get("collection"), m.get("resource")) {
            (Some(Value::Array(items)), _) => Some(items),
            (None, Some(Value::Array(items))) => Some(items),
            _ => None,
        },
        _ => None,
    }
}

/// [`list_items`], moved out of `body` (left with an empty list in their place).
pub fn take_items(body: &mut Value) -> Option<Vec<Value>> {
    let items = match body {
        Value::Array(items) => items,
        Value::Object(m) => match (m.contains_key("collection"), m.get("resource")) {
            (true, _) => match m.get_mut("collection") {
                Some(Value::Array(items)) => items,
                _ => return None,
            },
            (false, Some(Value::Array(_))) => match m.get_mut("resource") {
                Some(Value::Array(items)) => items,
                _ => return None,
            },
            _ => return None,
        },
        _ => return None,
    };
    Some(std::mem::take(items))
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

    fn pager() -> (Pager, Url) {
        let client =
            Client::new(crate::api::ClientConfig::new("http://127.0.0.1:9", None)).unwrap();
        let first = client.submissions_url("C1", Some(100), None);
        (Pager::new(client, first.clone(), PageStyle::Cursor), first)
    }

    #[test]
    fn endless_empty_pages_stop_the_walk() {
        let (mut w, page) = pager();
        w.pages = 2;
        for i in 0..10 {
            let p = serde_json::json!({ "next_page": format!("t{i}") });
            if let Err(e) = w.after_page(&page, Some(&p), 0) {
                assert_eq!(e.said.as_ref().map(|m| m.id), Some("walk-empty-pages"));
                assert_eq!(i + 1, MAX_EMPTY_PAGES);
                return;
            }
        }
        panic!("the walk never stopped");
    }

    #[test]
    fn a_walk_stops_past_the_pages_total_count_allows() {
        let (mut w, page) = pager();
        for i in 1..=10 {
            w.pages = i;
            let p = serde_json::json!({ "total_count": 4, "next_page": format!("t{i}") });
            if let Err(e) = w.after_page(&page, Some(&p), 2) {
                assert_eq!(e.said, Some(crate::msg!("walk-too-many-pages", pages = 4)));
                assert_eq!(i, 4, "2 pages for 4 items, and 2 of slack");
                return;
            }
        }
        panic!("the walk never stopped");
    }

    #[test]
    fn next_pages_stay_on_the_base_origin_and_never_loop() {
        let (mut w, page) = pager();
        w.pages = 2;
        let mut next = |p: serde_json::Value| {
            w.after_page(&page, Some(&p), 1)
                .map(|_| w.next.take().map(|u| u.to_string()))
        };
        let base = "http://127.0.0.1:9/v1/candidates/C1/form_submissions?per=100&page_token=";
        // Same origin: as given.
        assert_eq!(
            next(serde_json::json!({"next_url": format!("{base}t1")})).unwrap(),
            Some(format!("{base}t1"))
        );
        // Another origin: only the token is kept, asked of our own list URL.
        assert_eq!(
            next(serde_json::json!({"next_url": "https://evil.example/v1/x?page_token=t2"}))
                .unwrap(),
            Some(format!("{base}t2"))
        );
        // A bare token where an address was expected.
        assert_eq!(
            next(serde_json::json!({"next_url": "t3"})).unwrap(),
            Some(format!("{base}t3"))
        );
        assert_eq!(next(serde_json::json!({"next_url": null})).unwrap(), None);
        let again = next(serde_json::json!({"next_url": format!("{base}t1")})).unwrap_err();
        assert_eq!(
            again.said.as_ref().map(|m| m.id),
            Some("walk-token-repeated")
        );
        assert!(next(serde_json::json!({"next_url": "https://evil.example/no-token"})).is_err());
    }
}
