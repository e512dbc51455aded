//! Evaluations: a candidate's scores at one stage, by the evaluation's code.

use super::types::Evaluation;
use super::{Client, RecordResult};

impl Client {
    /// `GET /v1/feedback/candidate_scores/{code}`.
    pub async fn get_evaluation(&self, code: &str) -> RecordResult<Evaluation> {
        self.get_record(super::records::Kind::Evaluation, code)
            .await
    }
}
