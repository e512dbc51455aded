# Text for people, in English. Every message here has a Korean one in ko.ftl with the same
# variables (a test checks). Terms: candidate, posting (a job), application form, memo, stage.

candidates-count = { $count ->
    [one] 1 candidate
   *[other] { $count } candidates
}

## Checks of answers (the answers file and the wizard). A quoted value comes quoted in $value.

check-empty = must not be empty
check-email = { $value } does not look like an e-mail address
check-phone = { $value } has no digits
check-future = { $value } is in the future
check-negative = { $value } is below zero; give 0 or more
check-not-a-date = { $value } is not a date; write it as YYYY-MM-DD (e.g. 2021-03-15)
check-not-a-real-date = { $value } is not a real date; check the month and the day
check-not-a-year-month = { $value } is not a year and month; write it as YYYY-MM (e.g. 2021-03)
check-end-before-start = the end { $end } is before the start { $start }
check-given-twice = { $value } is given twice
check-not-a-choice = { $value } is not one of the choices: { $choices }
check-veteran-code = must be two digits, a hyphen and six digits (00-000000), got { $value }
check-url-no-path = { $value } has no path part
check-url-invalid = { $value } is not a valid URL: { $error }
check-path-scheme = { $value }: only an http(s) file_url or a path starting with / can be used
check-path-not-uploaded = { $value } is not an uploaded file's path; upload the file first with `recruit files upload { $file }` and use the path it prints

## Answers in words (the API's values stay as they are in what is sent).

word-yes = Yes
word-no = No
value-gender-male = Male
value-gender-female = Female
value-military-complete = Completed
value-military-incomplete = Not completed
value-military-exemption = Exempted
value-military-in-service = Serving now
value-disability-mild = Mild
value-disability-serious = Severe
value-qualification-award = Certification
value-qualification-certificate = Prize

noun-experience = job
noun-education = school
noun-qualification = certification or prize
noun-training = course
noun-language = language test

field-experience-company = Company
field-experience-start = Start
field-experience-end = End
field-experience-current = Currently employed here?
field-experience-type = Employment type
field-experience-position = Position (rank or title)
field-experience-department = Department
field-experience-role = Job role
field-education-school = School
field-education-entered = Entered
field-education-graduated-at = Graduated
field-education-graduated = Graduated?
field-education-major = Major
field-qualification-kind = Certification or prize
field-qualification-name = Name
field-qualification-institution = Issuing institution
field-qualification-date = Date obtained
field-training-name = Course
field-training-institution = Institution
field-training-start = Start date
field-training-end = End date
field-language-language = Language
field-language-test = Test
field-language-institution = Testing institution
field-language-date = Date taken
field-grade = Score or grade
field-details = Details

entry-span = { $start } – { $end }
entry-span-now = { $start } – now
summary-entries = { $count }: { $entries }
summary-no-entries = (none)

## The wizard of `forms apply`.

wizard-applying = Applying to { $title } ({ $code })
wizard-deadline = Deadline: { $deadline }
wizard-expired = warning: this posting has expired; the service may refuse the application
wizard-not-open = warning: this posting is not open; the service may refuse the application
wizard-ctrl-c = Ctrl-C stops at any point without sending anything.
wizard-resumed = Going on from { $path }: { $kept } answers kept, { $left } questions left.
wizard-unaskable = { $count ->
    [one] note: 1 question cannot be sent by this tool (the service gives it no id), so it is skipped: { $names }
   *[other] note: { $count } questions cannot be sent by this tool (the service gives them no id), so they are skipped: { $names }
}
wizard-no-questions = note: the form lists no questions
wizard-privacy = Do you consent to the collection and use of optional personal information?
wizard-privacy-item = Privacy consent: { $answer }
wizard-not-answered = not answered
wizard-optional = { $label } (optional)
wizard-short-answer = Answer
wizard-short-choose = Choose
wizard-skip = (skip: no answer)
wizard-applies = { $label }: does it apply to you?

wizard-hint-date = (YYYY-MM-DD)
wizard-hint-months = (months)
wizard-hint-comma = (comma-separated)
wizard-hint-file = (file to upload, or uploaded path)
wizard-hint-tick = (Space ticks, Enter accepts)
wizard-hint-lines = (end a line with \ to write another)
wizard-hint-json = (kind { $kind }: the answer as a JSON object)

wizard-refused = error:
wizard-required = An answer is required here: type one, or press Ctrl-C to stop without sending.
wizard-answer-again = { $problem }; please answer again.
wizard-not-a-number = { $value } is not a whole number: type digits only, e.g. 6000.
wizard-not-json = This is not JSON: { $error }.
wizard-not-json-object = The answer must be a JSON object.
wizard-choose-one = This question needs at least one choice: tick one with Space, then press Enter.
wizard-file-is-dir = { $path } is a folder, not a file: give a file.
wizard-no-such-file = There is no file { $path }: check the path, or give an uploaded file's /path.
wizard-veteran-code-shape = { $value } is not a certificate number: type two digits, a hyphen and six digits (00-000000).

wizard-another-file = { $label }: another file
wizard-add-another-file = Add another file?
wizard-another-link = { $label }: another link
wizard-add-another-link = Add another link?
wizard-uploading = uploading { $path } ...
wizard-uploaded = uploaded: { $path }
wizard-upload-failed = The upload failed: { $error }; try again, or give another file.

wizard-military-status = Service status
wizard-veteran-code = Veterans' affairs certificate number, 00-000000 (optional)
wizard-disability-type = Type of disability (optional)
wizard-disability-severity = Severity

wizard-group-add-first = { $label }: add an entry?
wizard-group-add-another = Add another { $noun }?
wizard-group-required = This question needs at least one { $noun }: fill in the first field.
wizard-group-keep-one = This question needs at least one { $noun }, so the only one cannot be deleted: edit it instead.
wizard-entry-number = { $noun } #{ $number }
wizard-entry-leave = { $prompt } (empty: no such entry)
wizard-field-dated = { $label } ({ $shape })
wizard-field-dated-optional = { $label } ({ $shape }, optional)
wizard-group-what = Keep these entries, or change them?
wizard-group-keep = { $count ->
    [one] Keep this entry
   *[other] Keep these { $count } entries
}
wizard-group-edit = Edit an entry
wizard-group-delete = Delete an entry
wizard-group-add = Add an entry
wizard-group-which-edit = Which entry to edit?
wizard-group-which-delete = Which entry to delete?
wizard-group-deleted = deleted: { $line }

review-question = QUESTION
review-answer = ANSWER
review-privacy = Privacy consent
review-not-answered = not answered: { $orders }

wizard-what-next = What next?
wizard-submit = Submit this application to { $code }?
wizard-submit-titled = Submit this application to { $code } ({ $title })?
wizard-change = Change an answer
wizard-cancel = Cancel; nothing is sent
wizard-which-answer = Which answer?
wizard-saved = answers saved to { $path }
wizard-save-failed = warning: cannot write the answers to { $path }: { $error }
wizard-cancelled = cancelled; nothing was sent.
wizard-nothing-sent = nothing was sent.
wizard-kept = The answers so far are in { $path }; `recruit forms apply { $code } --resume { $path }` goes on from them.
wizard-not-kept = To keep your answers next time, add --save FILE; `recruit forms apply { $code } --resume FILE` then goes on from them.
wizard-terminal-failed = cannot read the answer from the terminal: { $error }
