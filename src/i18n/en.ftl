# Text for people, in English. Every message here has a Korean one in ko.ftl with the same
# variables (a test checks). Terms: candidate, posting (a job), application form, memo, stage.

candidates-count = { $count ->
    [one] 1 candidate
   *[other] { $count } candidates
}
