//! Reading a candidate's cursor-list pages (`pagination.next_url`) without building a JSON tree
//! of every page: the items stay slices of the body ([`RawValue`]) until they are written, which
//! makes the export several times cheaper in CPU than parsing and cloning each page.
//!
//! The walk itself is the [`crate::api::pagination::Pager`]'s, as for every list: a next-page
//! URL is followed only on the base URL's origin (otherwise its `page_token` is asked of the
//! list URL, so the API key never travels elsewhere), and a repeated token, pages past
//! `total_count` or endless empty pages end the walk with an error.

use bytes::Bytes;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;
use url::Url;

use crate::error::Error;

/// A page as it came (fetched by the [`crate::api::pagination::Pager`]) and the address it
/// was asked of; [`RawBody::parse`] borrows its items from it.
pub(crate) struct RawBody {
    pub body: Bytes,
    pub url: Url,
}

#[derive(Deserialize)]
struct RawPage<'a> {
    #[serde(borrow, default)]
    collection: Option<Vec<&'a RawValue>>,
    /// Lists whose shape is undocumented may carry their items here (as `list_items` allows).
    #[serde(borrow, default)]
    resource: Option<&'a RawValue>,
    #[serde(default)]
    pagination: Option<Value>,
}

impl RawBody {
    /// The items and the `pagination` object. Items are read as
    /// [`crate::api::pagination::list_items`] reads them: `collection`, else a `resource`
    /// array, else a bare array.
    pub(crate) fn parse(&self) -> Result<(Vec<&RawValue>, Option<Value>), Error> {
        let bare = self
            .body
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|b| *b == b'[');
        let parsed = if bare {
            serde_json::from_slice::<Vec<&RawValue>>(&self.body).map(|items| (Some(items), None))
        } else {
            serde_json::from_slice::<RawPage>(&self.body).and_then(|p| {
                let items = match (p.collection, p.resource) {
                    (Some(items), _) => Some(items),
                    (None, Some(r)) if r.get().trim_start().starts_with('[') => {
                        Some(serde_json::from_str::<Vec<&RawValue>>(r.get())?)
                    }
                    _ => None,
                };
                Ok((items, p.pagination))
            })
        };
        match parsed {
            Ok((Some(items), pagination)) => Ok((items, pagination)),
            Ok((None, _)) => Err(Error::other(crate::msg!(
                "export-no-collection",
                path = self.url.path().to_string()
            ))),
            Err(e) => {
                // Not JSON at all: the client's own message says what the body looks like.
                let shown = crate::api::http::parse_json_body(
                    &self.body,
                    &Default::default(),
                    reqwest::StatusCode::OK,
                )
                .err();
                Err(shown.unwrap_or_else(|| {
                    Error::other(crate::msg!(
                        "export-unexpected-shape",
                        path = self.url.path().to_string(),
                        why = crate::error::cause_of(&e)
                    ))
                    .with_source(e)
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> RawBody {
        RawBody {
            body: Bytes::from(text.to_string()),
            url: Url::parse("http://127.0.0.1:9/v1/candidates/C1/form_submissions?per=100")
                .unwrap(),
        }
    }

    fn codes(b: &RawBody) -> Vec<String> {
        b.parse()
            .unwrap()
            .0
            .iter()
            .map(|r| r.get().to_string())
            .collect()
    }

    #[test]
    fn items_from_collection_resource_or_a_bare_array() {
        assert_eq!(
            codes(&body(r#"{"collection":[{"a":1}, 2],"pagination":{}}"#)),
            [r#"{"a":1}"#, "2"]
        );
        assert_eq!(codes(&body(r#" [{"a":1}]"#)), [r#"{"a":1}"#]);
        assert_eq!(codes(&body(r#"{"resource":[3]}"#)), ["3"]);
        for bad in [
            r#"{"resource":{"a":1}}"#,
            r#"{"collection":"x"}"#,
            "<html>",
            "",
        ] {
            assert!(body(bad).parse().is_err(), "{bad}");
        }
    }
}
