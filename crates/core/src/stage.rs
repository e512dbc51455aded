//! The kind of a hiring stage: a word of the API that the stores read too.

named! {
    /// The kind of a hiring stage (`job_stage.stage_kind`, the list's `stage_kind` filter). An
    /// organization names its own steps (`1차 면접`, `2차 면접`); each step is of one kind.
    #[derive(Hash)]
    pub enum Stage {
        /// Applied, not looked at yet
        Applied = "applied",
        /// Documents under review
        Review = "review",
        /// In interviews
        Interview = "interview",
        /// Offer being discussed
        Offer = "offer",
        /// Hired
        Pass = "pass",
        /// Rejected or withdrawn
        Fail = "fail",
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
