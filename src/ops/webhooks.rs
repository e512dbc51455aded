//! Webhook registrations: list, read, create, edit, delete. A registration's body is read
//! and checked before any request by `WebhookFields::check`, which both front ends share.

use super::Sent;
use crate::api::types::{Resource, Webhook};
use crate::api::{ApiResponse, Client, Fetched, PageWalker, RecordResult, WebhookInput};
use crate::error::Error;

/// The pages of the registrations; the front end walks them.
pub fn list(client: &Client) -> PageWalker {
    client.webhook_pages()
}

pub async fn get(client: &Client, code: &str) -> RecordResult<Webhook> {
    client.get_webhook(code).await
}

/// A registration to create.
#[derive(Debug, Clone)]
pub struct CreateOptions {
    pub body: WebhookInput,
    pub dry_run: bool,
}

/// A registration's new fields.
#[derive(Debug, Clone)]
pub struct EditOptions {
    pub code: String,
    pub body: WebhookInput,
    pub dry_run: bool,
}

/// A registration to delete.
#[derive(Debug, Clone)]
pub struct DeleteOptions {
    pub code: String,
    pub dry_run: bool,
}

pub async fn create(
    client: &Client,
    o: &CreateOptions,
) -> Result<Sent<Fetched<Resource<Webhook>>>, Error> {
    if o.dry_run {
        return Ok(Sent::Planned(client.create_webhook_request(&o.body)?));
    }
    Ok(Sent::Done(client.create_webhook(&o.body).await?))
}

pub async fn edit(
    client: &Client,
    o: &EditOptions,
) -> Result<Sent<Fetched<Resource<Webhook>>>, Error> {
    if o.dry_run {
        return Ok(Sent::Planned(
            client.edit_webhook_request(&o.code, &o.body)?,
        ));
    }
    Ok(Sent::Done(client.edit_webhook(&o.code, &o.body).await?))
}

pub async fn delete(client: &Client, o: &DeleteOptions) -> Result<Sent<ApiResponse>, Error> {
    if o.dry_run {
        return Ok(Sent::Planned(client.delete_webhook_request(&o.code)?));
    }
    Ok(Sent::Done(client.delete_webhook(&o.code).await?))
}
