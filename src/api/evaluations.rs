//! Evaluations: a candidate's scores at one stage, by the evaluation's code.

use super::types::{Evaluation, Resource};
use super::{Client, Fetched};
use crate::error::Error;

impl Client {
    /// `GET /v1/feedback/candidate_scores/{code}`.
    pub async fn get_evaluation(&self, code: &str) -> Result<Fetched<Resource<Evaluation>>, Error> {
        self.get_record("evaluation", &["feedback", "candidate_scores", code])
            .await
    }
}
