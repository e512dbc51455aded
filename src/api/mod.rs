//! The typed client of the recruiting service API.

use std::time::Duration;

use crate::error::Error;
use crate::redact::Secret;

#[derive(Debug, Clone)]
pub struct ClientConfig {
    pub base_url: String,
    pub api_key: Option<Secret>,
    pub timeout: Duration,
    pub retries: u32,
    pub verbose: bool,
    pub allow_insecure_http: bool,
}

#[derive(Debug, Clone)]
pub struct Client {
    cfg: ClientConfig,
}

impl Client {
    pub fn new(cfg: ClientConfig) -> Result<Client, Error> {
        Ok(Client { cfg })
    }
}
