//! Evaluations: a candidate's scores at one stage.

use crate::api::types::Evaluation;
use crate::api::{Client, RecordResult};

pub async fn get(client: &Client, code: &str) -> RecordResult<Evaluation> {
    client.get_evaluation(code).await
}
