//! `recruit interviews get CODE`: one interview and its schedule.

get_only_noun! {
    /// Show one interview: the candidate, the round and the schedule (in local time)
    InterviewsCmd prints Interview from crate::ops::interviews::get;
    /// Interview code (as in interview_scheduled events)
    code;
    "recruit interviews get IV-1001",
    "recruit interviews get IV-1001 --jq '.resource.schedule.start_at'",
}
