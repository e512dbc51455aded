//! `recruit evaluations get CODE`: a candidate's scores at one stage.

get_only_noun! {
    /// Show one evaluation: the candidate, the stage, each evaluator's score and comment
    EvaluationsCmd prints Evaluation from crate::ops::evaluations::get;
    /// Evaluation code (a candidate score's code, as in feedback events)
    code;
    "recruit evaluations get EV-1001",
    "recruit evaluations get EV-1002 --jq '.resource.member_scores[] | [.user.name, .final_score]'",
}
