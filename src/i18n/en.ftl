# Text for people, in English. Every message here has a Korean one in ko.ftl with the same
# variables (a test checks). Terms: candidate, posting (a job), application form, memo, stage.

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
wizard-not-uploaded = not uploaded (dry run): { $path }, { $bytes } bytes; the request shows its local path where the uploaded file's path would be
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

## The command line: errors, notes, summaries, progress.

word-error = error
help-options-pointer = Global options (--sandbox, -o/--output, --jq, --fields, --all, --limit, --lang, --bom, --color and more): recruit help options
help-examples-heading = Examples:
help-heading-usage = Usage
help-heading-commands = Commands
help-heading-arguments = Arguments
help-heading-options = Options
help-flag-help = Print help
help-flag-version = Print version
help-options-intro = Global options: every command takes them. Precedence: flag, then environment variable, then the profile in the config file (`recruit config set KEY VALUE`), then the default.
help-unknown-topic = no help topic '{ $topic }'; use `options` or a command: { $known }
list-none = (none)
list-showing-of = showing { $shown } of { $total }; --all for every page, --limit N for fewer
list-showing-first = showing the first { $shown }; more pages follow: --all for every page, --limit N for fewer
list-fetching = { $items } items, { $pages } pages
list-fetching-pages = fetching pages
candidate-not-found = candidate '{ $code }' not found
form-not-found = application form '{ $code }' not found
confirm-no-terminal = refusing to delete without confirmation: no terminal to ask on; pass --yes to delete without a prompt
confirm-cancelled = cancelled; nothing was deleted
memo-content-empty = the memo content is empty; pass --content TEXT (or --content - with text on standard input)
memo-delete-question = Delete memo { $id } on candidate { $candidate }?
memo-delete-replies = { $count ->
    [one] It has 1 reply, which is deleted with it.
   *[other] It has { $count } replies, which are deleted with it.
}
memo-deleted = Deleted memo { $id } on candidate { $candidate }.
memo-deleted-no-body = Deleted memo { $id } on candidate { $candidate } (the service sent no body).
memo-already = Memo { $id } on candidate { $candidate } is already { $state ->
    [pinned] pinned
   *[unpinned] unpinned
}; nothing changed.

http-auth = the service refused the API key: { $detail }; check RECRUIT_API_KEY, --profile, or run `recruit auth login`
http-rate-limited = rate limited by the service{ $retried }: { $detail }; wait and try again, or raise --retries
http-failed = the service failed{ $retried }: { $detail }
http-rejected = the service rejected the request: { $detail }
http-after-retries = { " " }after { $count } retries

export-reading-stdin = reading candidate codes from standard input, one per line (end with Ctrl-D)
export-nothing-to-resume = nothing to resume: { $out } is complete (there is no { $journal }); run without --resume to export again
export-no-unfinished = note: no unfinished export to { $out } ({ $journal } not found); starting from the beginning
export-needs-candidates = give --candidates FILE or --stage S
export-resume-needs-out = --resume needs --out FILE: an export to standard output cannot be resumed
export-interrupted = interrupted
export-interrupted-again = interrupted again: stopped at once
export-interrupted-resume = { $again }: to continue, { $hint }
export-interrupted-incomplete = { $again }: the output is incomplete
export-listed-failed-file = { " " }(their codes are in the --failed file)
export-listed-add-failed = { " " }(add --failed FILE to save their codes)
export-not-found-of = { $count } of { $total } candidates not found{ $listed }
export-failed-of = { $count } of { $total } candidates failed ({ $kinds }){ $notfound }{ $listed }{ $tail }
export-failed-not-found = , { $count } not found
export-failed-tail = ; { $dest } is not complete yet: the records exported so far are in its .partial file; to retry the failed candidates and complete it, { $hint }
export-kind-usage = bad input
export-kind-auth = auth
export-kind-rejected = rejected
export-kind-rate-limited = rate limited
export-kind-network = network
export-kind-not-found = not found
export-kind-other = other
export-summary-done = { $done ->
    [one] exported 1 candidate
   *[other] exported { $done } candidates
}
export-summary-interrupted = interrupted after { $done } of { $total } candidates
export-summary-earlier = { " " }({ $count } in an earlier run)
export-summary-records = , { $records ->
    [one] 1 record
   *[other] { $records } records
} { $place } in { $secs } s ({ $requests ->
    [one] 1 request
   *[other] { $requests } requests
}
export-summary-to = to { $dest }
export-summary-kept = kept in { $dest }.partial
export-summary-retries = , { $count } retries
export-summary-429 = , { $count } answered 429
export-summary-lowered = : concurrency lowered to { $lowest } at most
export-list-not-found = not found
export-list-failed = failed ({ $kinds })
export-list-more = , and { $count } more
export-forms-done = exported { $forms } forms to { $dest } in { $secs } s ({ $requests } requests)
export-forms-interrupted = interrupted: { $line }; the output is incomplete (an --out file is not kept): run the command again
export-forms-failed = the details of { $count } forms could not be read ({ $kinds })
export-forms-not-found = { $count } forms of the list were not found when their details were read
export-not-found-line = not found: { $code }
progress-records = { $records } records · { $rps } req/s
progress-429 = { " " }· { $count } 429s
export-resume-hint = rerun the same command with --resume: { $line }
memo-now = Memo { $id } on candidate { $candidate } is now { $state ->
    [pinned] pinned
   *[unpinned] unpinned
}.

## Tables: headers (by their English name) and detail labels.

col-code = CODE
col-title = TITLE
col-status = STATUS
col-open = OPEN
col-deadline = DEADLINE
col-order = ORDER
col-id = ID
col-kind = KIND
col-required = REQUIRED
col-options = OPTIONS
col-pin = PIN
col-role = ROLE
col-author = AUTHOR
col-created = CREATED
col-content = CONTENT
col-form = FORM
col-submitted = SUBMITTED
col-answers = ANSWERS
col-active = ACTIVE
col-callback-url = CALLBACK URL
col-events = EVENTS
col-name = NAME
col-stage = STAGE
col-job = JOB
col-applied = APPLIED
col-eval = EVAL
col-position = POSITION
col-managers = MANAGERS
col-member = MEMBER
col-result = RESULT
col-score = SCORE
col-comment = COMMENT
col-updated = UPDATED
col-question = QUESTION
col-answer = ANSWER
col-received = RECEIVED
col-action = ACTION
col-attempts = ATTEMPTS
col-target = TARGET
col-last-error = LAST ERROR
label-active = Active
label-applicant = Applicant
label-applied = Applied
label-author = Author
label-benefits = Benefits
label-birth = Birth
label-callback-url = Callback URL
label-candidate = Candidate
label-career = Career
label-code = Code
label-content = Content
label-created = Created
label-current = Current
label-deadline = Deadline
label-desired = Desired
label-duplicate = Duplicate
label-education = Education
label-email = Email
label-employment = Employment
label-evaluators = Evaluators
label-expected-fee = Expected fee
label-experience = Experience
label-expired = Expired
label-file = File
label-history = History
label-id = ID
label-introduction = Introduction
label-job = Job
label-job-deleted = Job deleted
label-kind = Kind
label-main-tasks = Main tasks
label-mentions = Mentions
label-name = Name
label-open = Open
label-phone = Phone
label-photo = Photo
label-pinned = Pinned
label-posting = Posting
label-preferred = Preferred
label-privacy-consent = Privacy consent
label-provider = Provider
label-reply-to = Reply to
label-requirements = Requirements
label-result = Result
label-resume = Resume
label-resume-required = Resume required
label-role = Role
label-round = Round
label-schedule = Schedule
label-schedule-code = Schedule code
label-score = Score
label-signing-key = Signing key
label-stage = Stage
label-stage-since = Stage since
label-status = Status
label-title = Title
label-updated = Updated
label-uri = URI
label-address = Address
label-events = Events

table-questions = Questions ({ $count }):
table-questions-no-ids = Note: these questions carry no ids; only name, email, phone and resume can be answered (apply variant B).
table-duplicate-yes = yes (this applicant had applied before)
table-application-submitted = Application submitted.
table-pinned-since = yes (since { $at })
table-all-events = (all)
table-set = (set)
table-months-years = { $months } months ({ $y } y { $m } m)
table-months = { $months } months
table-history-duplicate = applied before
table-history-duplicate-job = applied to this job before
table-history-reapply = reapplied
table-member-scores = Member scores ({ $count }):
table-until = until { $at }
table-expired = (expired)
label-personal-data = Personal data
label-job-and-stage = Job and stage
label-evaluation = Evaluation
label-salary = Salary
table-scored = { $done } of { $total } scored
retrying = retrying in { $wait } ({ $cause }), attempt { $attempt } of { $attempts }{ $until }
retry-at = , at { $at }
quota-wait = note: waiting { $wait } for the service's rate limit ({ $quota }){ $until }
quota-until = , until { $at }
auth-key-empty = the API key is empty
auth-not-checked = note: not checked against the service: profile '{ $profile }' has no service address yet (set one with `recruit config set base_url URL`)
auth-stored = Stored the API key { $key } for profile '{ $profile }' in { $path } (mode 0600).
auth-nothing-removed = Profile '{ $profile }' has no stored API key; nothing changed.
config-set = Set { $key } = { $value } in profile '{ $profile }' ({ $path }).
config-removed = Removed { $key } from profile '{ $profile }'.
config-not-set = '{ $key }' was not set in profile '{ $profile }'; nothing changed.
config-overridden = note: { $source } overrides this in commands run now ({ $key } = { $value })
config-redacted = (redacted; add --reveal to print it in full)
export-no-limit = --limit does not apply to export, which always exports every record
export-no-table = export writes ndjson (default), csv or json; table output is not available for export (check -o and RECRUIT_OUTPUT)
export-no-jq-csv = --jq applies to ndjson and json exports (each record in turn); with -o csv use --fields to pick columns
export-fields-csv = --fields picks the columns of -o csv; with ndjson or json, use --jq to shape records
apply-resume-needs-terminal = --resume goes on with the wizard, which needs a terminal; without one, pass a complete answers file with --answers FILE (`recruit forms get { $code }` shows the questions)
apply-no-answers = no answers given: pass --answers FILE (JSON; --answers - reads standard input). `recruit forms get { $code }` shows the questions, and `recruit forms apply --help` the file's shape; without --answers, the questions are asked interactively, which needs a terminal
apply-save-ignored = warning: --save is for the wizard; ignored with --answers
apply-resume-not-stdin = --resume takes the file written by --save, not standard input
apply-deadline = { " " }(deadline { $deadline })
apply-expired = warning: form { $code } has expired{ $when }; the service may refuse the application
apply-not-open = warning: form { $code } is not open; the service may refuse the application
api-key-flag-visible = warning: --api-key on the command line is visible to other local users; prefer RECRUIT_API_KEY or `recruit auth login`
sandbox-serving = sandbox: serving on { $base }; press Ctrl-C to stop
sandbox-stopping = sandbox: stopping

## sync: the run's summary, status, purge and the mirror's errors.

sync-no-limit = --all and --limit do not apply to sync, which always walks every page
sync-no-event-store = no relay event store at { $path }; `recruit webhooks listen --store` creates it (or pass --events FILE)
sync-retries = , { $count } retries
sync-answered-429 = , { $count } answered 429
sync-summary = { $status ->
        [interrupted] interrupted
        [incomplete] stopped
       *[other] synced
    } { $listed } candidates into { $database } in { $seconds } s: { $new } new, { $changed } changed, { $deleted } deleted, { $unchanged } unchanged ({ $requests } requests{ $extra })
sync-fetched = memos and submissions fetched for { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    }{ $because }; { $forms } forms ({ $details } details read), { $jobs } jobs
sync-relay-events = relay events: { $events } since the last run, { $marked } candidates marked
sync-purged-kept = { $count } purged candidates kept purged (not fetched)
sync-gone = { $count } candidates were gone when their memos were read (the next run marks them deleted): { $codes }
sync-note = note: { $note }
sync-failed-line = failed: { $code }: { $why }
sync-interrupted = interrupted: every candidate fetched so far is in the mirror; run `recruit sync` again to finish (nothing was marked deleted)
sync-records-failed = { $count } of the records to fetch could not be read ({ $codes }); they are fetched again by the next run
sync-form-without-code = the form list gave a form without a code; it was not stored
sync-candidates-without-code = the candidate list gave { $count } candidates without a code; they were not stored
sync-count-disagrees = the candidate list said it has { $total } candidates but the walk met { $walked } (it changed while it was read, or the service miscounts); no candidate was marked deleted this run
sync-forms-count-disagrees = the form list said it has { $total } forms but the walk met { $walked } (it changed while it was read, or the service miscounts); no form was marked deleted this run
sync-jobs-count-disagrees = the job list said it has { $total } jobs but the walk met { $walked } (it changed while it was read, or the service miscounts); no job was marked deleted this run
sync-nul-replaced = { $count ->
        [one] { $count } value held
       *[other] { $count } values held
    } the character U+0000, which the database cannot store: stored with U+FFFD in its place
sync-status-last-runs = last runs:
sync-status-none-yet = none yet
sync-status-run = { "  " }#{ $id } { $started } { $status }{ $full }: { $listed } listed, { $new } new, { $changed } changed, { $deleted } deleted, { $unchanged } unchanged, { $fetched } fetched, { $requests } requests
sync-status-seconds = , { $seconds } s
sync-status-rows = rows: { $rows }
sync-status-candidates = candidates: { $deleted } deleted on the service, { $purged } purged, { $unfetched } not fetched yet
sync-status-oldest = oldest data: memos and submissions of { $code }, fetched { $at }
sync-status-oldest-none = oldest data: no memos or submissions fetched yet
sync-status-last-walk = last complete walk of the candidate list: { $at }
sync-older-than-too-long = --older-than is too long
sync-purge-preview = { $dry_run ->
        [yes] would purge
       *[other] nothing to purge:
    } { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } at stage { $stage } whose stage changed before { $before }
sync-purge-confirm = Purge the personal data of { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } at stage { $stage } whose stage changed before { $before } (their memos and submissions are deleted)?
sync-purged = purged the personal data of { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } at stage { $stage } ({ $memos } memos and { $submissions } submissions deleted); recorded in the purges table
sync-purge-wal-busy = the personal data was removed from the tables, but old copies of it stay in { $path }-wal while another program is in the middle of reading the mirror (waited 30 s); let it finish or close it (a BI tool, sqlite3), then run the same `recruit sync purge` again
sync-no-mirror = no mirror at { $path }; `recruit sync` creates it (or pass --db FILE)
sync-not-sqlite = { $path } is not an SQLite database; it was left as it is: pass another --db FILE
sync-disk-full = the disk holding { $path } is full
sync-mirror-damaged = the mirror { $path } is damaged ({ $error }); move it away and sync again into a new file
sync-mirror-locked = the mirror { $path } stayed locked by another program for 30 s ({ $error }); close it and try again
sync-no-mirror-yet = { $db } holds no mirror yet; run `recruit sync` first (with the same --db)
sync-no-postgres-in-build = { $db }: this recruit was built without PostgreSQL (the `postgres` feature); use a SQLite file for --db, or a build with PostgreSQL
sync-busy = another `recruit sync` is running on { $db }; wait for it to finish (only one sync or purge at a time)
sync-not-pg-address = --db { $db } is not a PostgreSQL address: { $error }; the form is postgres://USER:PASSWORD@HOST:PORT/DATABASE
sync-pg-unreachable = cannot connect to { $db }: { $error }; check the address in --db (or RECRUIT_SYNC_DB) and that the server runs

## files upload.

files-dry-run-then = note: then PUT the file's { $size } bytes to the upload address the service answers (without the API key)
files-cannot-read = cannot read '{ $path }'
files-not-a-file = '{ $path }' is not a regular file

## export: the output file, its journal and the candidates file.

export-out-is-dir = --out { $out } is a directory; give a file name
export-out-no-dir = --out { $out }: the directory { $dir } does not exist
export-unfinished-exists = an unfinished export to { $out } exists ({ $journal }); add --resume to continue it, or delete { $partial } and { $journal } to start over
export-resume-cannot-open = cannot resume: cannot open { $partial } ({ $error }); delete { $journal } to start over
export-resume-short = cannot resume: { $partial } holds { $len } bytes but the journal confirms { $offset }; it was changed since; delete it and { $journal } to start over
export-not-resumable = --resume needs --out to name a regular file: { $out } is not one (a FIFO, a device or a descriptor), so it is written directly and an export to it cannot be resumed
export-partial-not-file = { $partial } exists and is not a regular file (a symbolic link?); recruit writes the export there before renaming it: remove it and run again
export-out-locked = another { $holder } is writing { $out } right now ({ $lock } is locked); wait for it to finish, or stop it
export-lock-replaced = cannot lock { $lock }: it keeps being replaced
export-codes-stdin = the candidate codes on standard input
export-codes-file = candidates file '{ $file }'
export-codes-two-words = { $what }, line { $line }: '{ $text }' is not one candidate code; put one code per line
export-codes-control = { $what }, line { $line }: the code contains a control character
export-codes-dot = { $what }, line { $line }: '{ $text }' is not a candidate code
export-codes-none = { $what } holds no candidate codes (one code per line; blank lines and # comments are ignored)
journal-other-subject = it exports { $found }, not { $want }
journal-other-format = its format is { $found }, not { $want }
journal-other-columns = its CSV columns (--fields) differ
journal-other-jq = its --jq expression differs
journal-codes-of-file = the codes of a --candidates file
journal-other-candidates = its candidates list differs ({ $then } codes then, { $now } now, or another order)
journal-damaged = cannot resume: { $journal } is damaged ({ $why }); delete it and the .partial file to start over
journal-other-export = cannot resume: { $journal } belongs to another export: { $diffs }; rerun with the same arguments as before, or delete it and the .partial file to start over
journal-locked = another recruit export is writing this output right now ({ $journal } is locked); wait for it to finish

## webhooks events: the relay's stored events.

events-none-match = no stored events match
events-no-target-yet = no target yet
events-per-target = { $target }: { $pending } pending, { $delivered } delivered, { $failed } failed
events-no-event-hint = no event { $id } in { $store }; `recruit webhooks events list` shows the ids
events-no-event = no event { $id } in { $store }
events-show-title = event { $id }
events-label-action = action
events-label-received = received
events-label-status = status
events-label-attempts = attempts
events-label-target = target
events-label-last-error = last error
events-label-delivered = delivered
events-label-payload = payload:
events-no-target = event { $id } was never forwarded, so it has no target; pass --to URL
events-replayed = { $ok ->
        [yes] replayed
       *[other] failed to replay
    } event { $id } to { $url }: { $what }
events-replays-failed = { $failed } of { $total } replays failed (listed above)
events-prune-future = --before { $before } is in the future: it would delete events received from now on; give a past time or an age such as 30d
events-prune-confirm = Delete { $events } received before { $before } from { $store }?
events-would-delete = would delete { $events }
events-deleted = deleted { $events }
events-kept-pending = kept { $count ->
        [one] { $count } pending event
       *[other] { $count } pending events
    } received before { $before } (not delivered yet; --include-pending deletes them too)
events-n-delivered = { $count } delivered
events-n-failed = { $count } failed
events-n-pending = { $count } pending
events-n = { $count ->
        [one] { $count } event
       *[other] { $count } events
    } ({ $parts })

## webhooks: delete, listen, verify, trigger.

warning-line = warning: { $warning }
webhook-delete-confirm = Delete webhook { $code }?
webhook-deleted-no-body = Deleted webhook { $code } (the service sent no body).
webhook-deleted = Deleted webhook { $code }.
listen-bad-host = --host '{ $host }' is not an IP address (e.g. 127.0.0.1, ::1, 0.0.0.0)
listen-bad-forward = --forward '{ $spec }' is not ACTION=URL (e.g. candidate_pass=http://localhost:3000/hooks)
listen-unknown-event = note: --events '{ $event }' is not one of the service's six actions; it is matched as given
listen-bad-metrics-addr = --metrics-addr '{ $addr }' is not HOST:PORT with an IP address (e.g. 127.0.0.1:9464)
verify-no-key = no signing key: pass --signing-key KEY, set RECRUIT_SIGNING_KEY, or run `recruit config set signing_key KEY`
verify-invalid = signature invalid: { $why }
verify-valid = valid (signed at { $at }, { $ago })
trigger-sending = sending { $action } ({ $bytes } bytes, { $signed }) to { $url }
trigger-unsigned = unsigned
trigger-signed-in = signed in { $header }
trigger-delivered = delivered after { $count ->
        [one] { $count } attempt
       *[other] { $count } attempts
    } (HTTP 200)
trigger-not-delivered = not delivered to { $url }: { $count ->
        [one] { $count } attempt
       *[other] { $count } attempts
    } failed, last: { $last } (only HTTP 200 counts as delivered)
signing-key-empty = the signing key is empty
bad-header-name = --header '{ $name }' is not a valid HTTP header name
payload-reading-stdin = reading the payload from standard input (end with Ctrl-D)
payload-cannot-read = cannot read payload file { $path }

## webhooks listen: its text log (the JSON log keeps the English).

listen-sum-received = { $received } received, { $accepted } accepted
listen-sum-stored = { $count } stored
listen-sum-store-failed = { $count } answered 503, not stored
listen-sum-skipped = { $count } skipped by --events
listen-sum-rejected = , { $count } rejected
listen-sum-relay = ; { $forwarded } forwarded, { $failed } failed for good, { $attempts } forward attempts failed
listen-sum-forwards-failed = , { $count } forwards failed
listen-stopped = stopped: { $summary }
listen-listening = listening on http://{ $addr } (Ctrl-C to stop)
listen-rerouted = { $count } pending events routed to this listener's forward targets
listen-storing = storing events in { $store } before answering; forwarding from there with retries
listen-metrics = health and metrics on http://{ $addr }/healthz and http://{ $addr }/metrics
listen-not-loopback = warning: listening on a non-loopback address: anyone who can reach it can send events
listen-no-key = no signing key: accepting every request without verifying it
listen-verifying = verifying the { $header } header with { $count ->
        [one] { $count } signing key
       *[other] { $count } signing keys
    } ({ $tolerance ->
        [none] no time check
       *[other] tolerance { $tolerance } s
    })
listen-only-events = printing and forwarding only: { $events }
listen-forwarding-action = forwarding { $action } to { $url }
listen-forwarding-rest = forwarding { $other ->
        [yes] other events
       *[other] events
    } to { $url }
listen-resigned = forwards are signed afresh in { $header } (the received value in X-Recruit-Original-Signature)
listen-stored = { "  " }stored as event { $id }

## api: raw requests.

api-bad-method = '{ $method }' is not an HTTP method
api-bad-header = header '{ $header }' must look like 'Name: value'
api-no-authorization = set the key with RECRUIT_API_KEY or --api-key, not -H Authorization
api-all-get-only = --all follows pages of GET lists only
events-no-store = no event store at { $store }; `recruit webhooks listen --store` creates it (or pass --store FILE)
listen-skipped = skipped { $has ->
        [yes] { $action }
       *[other] an event without action
    } (not in --events)
listen-store-failed = error: could not store the event ({ $error }); answered 503 so the service retries it
listen-answered-502 = answered 502 so the service retries this event later
listen-print-failed-503 = error: could not write the event to standard output ({ $error }); answered 503 so the service retries it: free the disk or restart whatever reads the output, or add --store or --forward-to
listen-audit-failed-503 = error: could not record the event in the access log ({ $error }); answered 503 so the service retries it: fix the access log (see `recruit audit verify`) and the next delivery is printed
listen-print-failed = warning: could not write the event to standard output ({ $error }); it goes on to the store or the forward target all the same
listen-printer-stopped = the output writer has stopped
listen-forwarded = { "  " }forwarded to { $url }: { $outcome }
relay-forwarded = { "  " }forwarded event { $id } ({ $what }) to { $url }: { $outcome }
relay-failed = warning: event { $id } failed for good ({ $why }): { $error }; `recruit webhooks events replay { $id }` sends it again
relay-retry = warning: forward of event { $id } to { $url } failed ({ $error }); attempt { $attempt }, next in { $next }

## The mirror's schema, the event store, trigger's delays, listen's metrics.

sync-meta-no-version = { $db } has a recruit_meta table without a schema version; it was left as it is: pass another --db
written-by-newer = { $file } was written by a newer recruit ({ $what } { $version }; this one knows up to { $known }); it was left as it is: use that version of recruit, or another { $flag }
sync-schema-version = mirror schema
sync-not-a-mirror = { $db } is an SQLite database but not a recruit mirror (it has a table `{ $table }`); it was left as it is: pass another --db FILE
sync-foreign-table = { $db } already has a table `{ $table }` that recruit did not create; it was left as it is: use a database (or a schema, ?options=-csearch_path%3Dname) of the mirror's own
store-cannot-open = cannot open the event store { $store }: { $error }
store-taken = another `recruit webhooks listen` is using the event store { $store }{ $same }; a listener already runs on it: stop it first or pass another --store FILE
store-version = event store version
store-not-a-store = { $store } is an SQLite database but not a recruit event store; pass another --store FILE
store-damaged = the event store { $store } is damaged ({ $why }); it was left as it is: move it away (events that can still be read: `sqlite3 { $store } .recover`) or pass another --store FILE
store-not-sqlite = { $store } is not an event store (not an SQLite database); it was left as it is: pass another --store FILE
trigger-bad-delay = --retry-delays: '{ $part }' is not a number of seconds (e.g. 10,30,90,270 or 0.05,0.05)
trigger-too-many-delays = --retry-delays: at most { $most } delays (the service makes at most { $attempts } attempts, the first included); got { $got }
trigger-no-sample = no sample event for '{ $action }': use one of { $names }, or give the body with --payload FILE
listen-metrics-own-port = --metrics-addr { $addr } is the listener's own port: metrics are never served where the service sends events; pick another port
listen-metrics-cannot-serve = cannot serve metrics on --metrics-addr { $addr }

## The argument parser's errors (English text is clap's own; these ids give the other languages)
clap-unknown-subcommand = unrecognized subcommand '{ $value }'
clap-unknown-argument = unexpected argument '{ $value }' found
clap-missing = the following required arguments were not provided:
clap-invalid-value = invalid value '{ $value }' for '{ $arg }'
clap-possible = possible values: { $values }
clap-conflict = the argument '{ $arg }' cannot be used with '{ $other }'
clap-similar = a similar one exists: { $names }
clap-usage = Usage:
clap-more = For more information, try '--help'.

## What a 404 names
evaluation-not-found = evaluation '{ $code }' not found
interview-not-found = interview '{ $code }' not found
webhook-not-found = webhook '{ $code }' not found
candidate-or-parent-not-found = candidate '{ $code }' (or the parent memo) not found
memo-not-found = memo { $id } not found on candidate { $candidate }
clap-value-refused = invalid value '{ $value }' for '{ $arg }': { $reason }
clap-value-required = a value is required for '{ $arg }' but none was supplied
clap-used-twice = the argument '{ $arg }' cannot be used multiple times
clap-conflict-others = the argument '{ $arg }' cannot be used with one or more of the other specified arguments
clap-conflict-many = the argument '{ $arg }' cannot be used with:
clap-subcommand-conflict = the subcommand '{ $name }' cannot be used with:
clap-conflict-any = an argument cannot be used with one or more of the other specified arguments
clap-no-equals = equal sign is needed when assigning values to '{ $arg }'
clap-missing-subcommand = '{ $name }' requires a subcommand but one was not provided
clap-subcommands = subcommands: { $names }
clap-invalid-utf8 = invalid UTF-8 was detected in one or more arguments
clap-too-many-values = unexpected value '{ $value }' for '{ $arg }' found; no more were expected
clap-too-few-values = { $want } values required by '{ $arg }'; only { $got } { $got ->
    [one] was
   *[other] were
} provided
clap-wrong-number-of-values = { $want } values required for '{ $arg }' but { $got } { $got ->
    [one] was
   *[other] were
} provided
reason-number-empty = a number is needed, and it is empty
reason-number-too-big = the number is too large
reason-not-a-whole-number = not a whole number (e.g. 8)
reason-not-a-number = not a number (e.g. 2 or 0.5)
reason-out-of-range = { $value } is not in { $range }
reason-not-a-duration = '{ $value }' is not a duration (e.g. 90s, 30m, 12h, 7d)
reason-duration-unit = '{ $value }': unknown unit '{ $unit }' (use s, m, h, d or w)
reason-duration-range = '{ $value }' is out of range (more than 0, at most 100 years)
reason-not-a-time = '{ $value }' is not a time: use 2026-11-01, 2026-11-01T09:00:00Z, or an age such as 12h or 7d
reason-memo-id = the memo id must be a whole number such as 101 (memos list shows them), got '{ $value }'

## Settings: config set/get and the values of flags, variables and the profile.
setting-unknown = unknown setting '{ $name }'; use one of: { $names }
setting-invalid = '{ $value }' is not a valid { $key }: use { $allowed }
setting-no-value = the setting { $key } has no value
setting-bad-given = { $given } must be { $allowed }, got { $value }
setting-bad-profile = profile '{ $profile }' sets { $key } = '{ $value }'; use { $allowed } (fix it with `recruit config set { $key } VALUE`)
setting-bad-value = { $key } = '{ $value }' is not valid; use { $allowed }
allowed-timeout = a positive number of seconds up to 86400
allowed-seconds = a number of seconds
allowed-whole-number = a whole number
allowed-rate-range = a number of requests per second from 0.01 to 1000000, e.g. 20
allowed-rate = a number of requests per second, e.g. 20
allowed-wait-range = a number of seconds from 0 to 86400, e.g. 60
allowed-wait = a number of seconds, e.g. 60
allowed-base-url = an http(s) URL such as https://api.example.com/v1
allowed-non-empty = a non-empty value
allowed-output = table, json, ndjson or csv
allowed-variant = a or b
allowed-lang = en or ko
source-flag = flag { $name }
source-env = env { $name }
source-profile = config file
source-default = default
source-policy = policy file
config-get-not-set = '{ $key }' is not set in profile '{ $profile }' of { $path }
config-get-not-set-in-effect = '{ $key }' is not set in profile '{ $profile }' of { $path }; commands run now use { $value } from { $source }

## Local input: files and standard input a command reads ($what is one of the what-* nouns).
input-cannot-read = cannot read { $what }
input-too-big = { $what } is over the { $mib } MiB limit of local input; check that the right file or pipe was given
input-from-stdin = { $what } from standard input
input-named-file = { $what } '{ $path }'
input-not-utf8 = { $what } is not UTF-8 text
input-not-json = { $what } is not valid JSON: { $error } at line { $line }, column { $column }
what-request-body = the request body
what-answers-file = the answers file
what-saved-answers = the saved answers
what-saved-answers-at = the saved answers { $path }
apply-interrupted-sending = interrupted while sending; the service may or may not have received the application
what-payload-stdin = the payload from standard input
what-payload-file = the payload file { $path }
what-key-stdin = the key from standard input
what-candidates-file = the candidates file
what-field-file = the field file
what-memo-content = the memo content

## Files: what could not be done to a file, then the cause (the system's words in English).
file-cannot-create = cannot create { $path }
file-cannot-open = cannot open { $path }
file-cannot-read = cannot read { $path }
file-cannot-write = cannot write { $path }
file-cannot-write-in = cannot write in { $path }
file-cannot-truncate = cannot truncate { $path }
file-cannot-lock = cannot lock { $path }
file-cannot-remove = cannot remove { $path }
file-cannot-write-to = cannot write to { $what }
file-cannot-rename = cannot rename { $from } to { $to }
file-cannot-create-dir = cannot create the directory { $dir } for { $what }
file-cannot-spill = cannot write a temporary file for a large candidate
file-cannot-write-failed = cannot write --failed { $path }
file-cannot-read-config = cannot read config file { $path }
word-stdout = standard output
stdout-not-open = it was closed when recruit started (as `>&-` does); send it to a file, or to /dev/null to discard the output
io-not-found = No such file or directory
io-permission-denied = Permission denied
io-already-exists = File exists
io-is-a-directory = Is a directory
io-not-a-directory = Not a directory
io-storage-full = No space left on device
io-read-only = Read-only file system
io-invalid-data = invalid data
io-would-block = the file is in use
file-cannot-create-what = cannot create { $what } { $path }
what-event-store = the event store
what-mirror = the mirror

## webhooks listen: why a request was refused (the answer and the JSON log keep the English).
listen-only-post = only POST is accepted
listen-body-too-large = body larger than { $most } bytes
listen-bad-body = cannot read the body: { $error }
listen-expected-header = (expected { $header })
listen-rejected = rejected { $method } { $path }: { $reason } (answered { $status })
sig-missing-header = missing signature header
sig-malformed = malformed signature header: { $why }
sig-no-match = no matching signature ({ $signatures } v1 { $signatures ->
    [one] signature
   *[other] signatures
} checked against { $keys } { $keys ->
    [one] key
   *[other] keys
}; wrong key or altered body)
sig-too-old = too old: signed { $by } ago, { $beyond } beyond the { $tolerance } tolerance
sig-in-future = timestamp in the future: { $by } ahead of this clock, { $beyond } beyond the { $tolerance } tolerance
sig-empty = the header is empty
sig-not-text = the header is not plain ASCII text
sig-not-key-value = element '{ $part }' is not key=value
sig-no-timestamp = no t=<unix timestamp> element
sig-two-timestamps = more than one t= element
sig-bad-timestamp = t='{ $value }' is not a Unix timestamp in seconds
sig-no-signature = no v1=<hex signature> element
sig-bad-signature = v1 signature #{ $index } '{ $value }' is not 64 hex digits

## Rare internal failures: the mirror's thread, PostgreSQL, stored records, tasks that stopped.
mirror-thread-start = cannot start the mirror's thread
mirror-thread-stopped-opening = the mirror's thread stopped while opening it
mirror-thread-stopped = the mirror's thread has stopped
mirror-thread-stopped-call = the mirror's thread stopped during a call
mirror-run-no-id = the mirror gave the new run no id
pg-failed = { $db }: { $error }
record-not-json = { $what } is not valid JSON: { $error }
record-candidate = a candidate of the candidate list
record-submission = a form submission
record-answer = an answer of a form submission
record-form = a form of the form list
record-job = a job of the job list
listen-cannot-bind = cannot listen on { $addr }
listen-no-bound-address = cannot read the bound address
listen-task-stopped = the listener stopped
store-read-stopped = the store read stopped
store-writer-start = cannot start the event store's writer
store-writer-stopped = the event store's writer has stopped
http-client-build = cannot build the HTTP client
export-writer-stopped = the export's writer stopped
export-forms-stopped = listing the forms stopped

## sync: the status table's words for a run's status, and Ctrl-C.
sync-status-database = { $db } (schema { $version })
run-status-running = running
run-status-complete = complete
run-status-partial = partial
run-status-incomplete = incomplete
run-status-interrupted = interrupted
run-status-killed = killed
run-status-failed = failed
sync-stopping = interrupted: stopping; what was fetched is kept, the next run finishes the rest (Ctrl-C again to quit at once)
sync-quitting = interrupted again: quitting now (every committed candidate is kept)
sync-quit = interrupted; the next `recruit sync` finishes the rest

## The network, the base URL, headers, uploads and a few usage checks.
net-timed-out = request to { $target } timed out (raise --timeout if the service is slow)
net-cannot-connect = request to { $target } could not connect: { $cause }
net-redirect-failed = request to { $target } redirect failed: { $cause }
net-failed = request to { $target } { $cause }
base-url-scheme = base URL '{ $url }' must start with https:// (or http:// for a local server)
base-url-no-host = base URL '{ $url }' has no host
base-url-credentials = the base URL contains a user name or password (user:pass@host); remove them, the API key is the only credential
header-name-invalid = '{ $name }' is not a valid header name
header-value-invalid = the value of header '{ $name }' is not valid
upload-no-file-name = '{ $path }' has no file name
upload-failed = upload to { $target } failed: { $why }
upload-timed-out = timed out
upload-cannot-connect = cannot connect
limit-at-least-one = --limit must be at least 1
sandbox-key-empty = --key must not be empty
field-not-key-value = field '{ $field }' must look like key=value
field-empty-key = field '{ $field }' has an empty key
sync-relay-read-stopped = reading the relay's events stopped
spill-stopped = writing a temporary file stopped

## serde_json's reasons for a syntax error (English keeps serde_json's own words).
json-eof = EOF while parsing
json-expected-value = expected value
json-expected-colon = expected `:`
json-expected-comma = expected `,` or a closing bracket
json-key-not-string = key must be a string
json-trailing-comma = trailing comma
json-trailing-characters = trailing characters
json-bad-number = invalid number
json-bad-escape = invalid escape
json-control-character = control character found while parsing a string
trigger-payload-not-json = payload file { $name } is not valid JSON
http-wrong-base-url = the service answered 404 Not Found for { $path }: the base URL { $base } may be wrong (it should be the API root, e.g. https://api.example.com/v1; check --base-url, RECRUIT_BASE_URL or the profile's base_url)
http-redirected = the service redirected to { $location } (HTTP { $status }), another origin; not followed so the API key is not sent there
pacer-at = at { $at }
pacer-far-future = far in the future
pacer-wait-over-max = the service's rate limit ({ $quota }) lets the next request go only { $when }, in { $wait }: longer than --max-wait { $max } s; try again then, or raise --max-wait
sandbox-candidate-not-found = candidate '{ $code }' not found (or { $origin } is not a recruit sandbox)
sync-mirror-error = mirror { $path }: { $error }
record-memo = a memo
record-memo-reply = a memo's reply
mcp-not-built = this recruit was built without the MCP server (the `mcp` feature); use a build with default features
key-command-cannot-run = cannot run api_key_command '{ $command }'
config-not-toml = config file { $path } is not valid TOML at line { $line }, column { $column }: { $why }; fix or remove it
export-form-no-resource = the detail of form '{ $code }' has no `resource` object
export-candidate-no-resource = the detail of candidate '{ $code }' has no `resource` object
export-no-collection = the answer from { $path } has no `collection` array; use `recruit api GET { $path }` to see it
export-unexpected-shape = the answer from { $path } has an unexpected shape: { $why }
codes-file-line-problem = { $what }, line { $line }: { $why }
jq-invalid = invalid --jq expression '{ $expr }': { $why }
jq-failed = --jq failed: { $why }
fields-no-such-field = --fields: no field '{ $field }' here; the fields are: { $fields } (nested ones as a.b)
sandbox-port-in-use = port { $port } is already in use on 127.0.0.1; choose another with --port P (0 picks a free one)
sandbox-port-denied = not allowed to listen on port { $port }; choose a port above 1023 with --port P
sandbox-cannot-start = cannot start the sandbox
apply-save-no-directory = --save { $path }: the directory { $dir } does not exist
apply-save-is-directory = --save { $path }: is a directory
auth-key-not-stored = the key was not stored
ca-cannot-read-named = cannot read the CA file '{ $path }' (--ca-cert / RECRUIT_CA_CERT / ca_cert)
ca-cannot-read = cannot read the CA file '{ $path }'
ca-not-a-file = the CA file '{ $path }' is not a regular file; pass a PEM file of certificates
ca-too-large = the CA file '{ $path }' is over { $mib } MiB; pass a PEM file of certificates
ca-not-pem = the CA file '{ $path }' is not valid PEM: { $why }; pass the authority's certificate in PEM form (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)
ca-no-certificate = the CA file '{ $path }' holds no PEM certificate (-----BEGIN CERTIFICATE-----)
ca-unusable = the CA file '{ $path }' holds a certificate that cannot be used as an authority: { $why }
path-segment-unusable = '{ $value }' cannot be used as a code or id in a URL path; check the value
path-not-a-url = '{ $path }' is not a valid URL
path-other-origin = '{ $path }' is on another origin than the base URL { $base }; the API key is only sent to the base URL's origin
path-not-valid = '{ $path }' is not a valid path
code-too-long = '{ $start }…' ({ $bytes } bytes) is too long to be a code or id (at most { $max } bytes); check the value
answer-unexpected-shape = the service's answer from { $path } has an unexpected shape: { $why }; use -o json to see it as sent
http-local-unencrypted = the API key travels unencrypted over plain http to { $host } (use https:// outside a local network)
http-refused = refusing to send the API key over plain http to { $host }: use an https:// base URL (or pass --insecure-http if you really mean it)
answer-too-large-sized = the answer from { $path } is { $bytes } bytes, over the { $mib } MiB limit
answer-too-large = the answer from { $path } is over the { $mib } MiB limit
answer-empty-body = the service answered HTTP { $status } with an empty body where JSON was expected
json-ends-early = it ends early (truncated at line { $line }, column { $column })
answer-not-json = the service answered HTTP { $status } with a body that is not valid JSON ({ $content_type }): { $why }; starts with: { $start }
base-url-invalid = base URL '{ $url }' is not a valid URL ({ $why }); use e.g. https://api.example.com/v1
walk-token-repeated = the service gave page token '{ $token }' a second time; stopping the walk to avoid an endless loop
walk-too-many-pages = the service keeps pointing to more pages than its total_count allows ({ $pages } pages read); stopping the walk to avoid an endless loop
walk-empty-pages = the service sent { $pages } empty pages in a row, each pointing to another page; stopping the walk to avoid an endless loop
walk-stopped-after-printing = { $why } (the items so far were printed)
walk-next-not-a-url = the service's next-page address '{ $address }' is not a URL: { $why }
walk-next-other-origin = the next page is on another origin ({ $origin }) and carries no page_token; stopping so the API key is not sent there
memo-parent-role-unknown = memo { $id } on candidate { $candidate } has the role '{ $role }', not one of { $roles }; give the reply's role with --role
memo-still-not-pinned = memo { $id } on candidate { $candidate } is still not pinned after toggling twice; someone else is changing it
memo-still-not-unpinned = memo { $id } on candidate { $candidate } is still not unpinned after toggling twice; someone else is changing it
url-not-a-url = { $what } '{ $value }' is not a URL ({ $why }): it must be an http:// or https:// address
url-not-http = { $what } '{ $value }' must be an http:// or https:// address
webhook-callback-required = { $name } is required: the address the service POSTs events to
webhook-event-unknown = '{ $event }' is not one of the documented events ({ $events }); sending it unchanged
delivery-refused-times = the app refused it { $times } times
delivery-only-200 = only 200 counts as delivered; no retries left
delivery-no-retries = no retries left
delivery-too-old = older than --max-age after { $attempts } attempts
http-not-found = not found: { $detail }
retry-try-after = ; try again after { $time }
retry-too-far = ; that is too far in the future to wait for
retry-until = until { $time }
retry-after-too-long = the service asked to wait { $asked } before retrying (HTTP { $status }, Retry-After: { $sent }), longer than --max-wait { $max }{ $when }, or raise --max-wait
upload-presign-incomplete = the service's presign answer lacks presigned_url or file_url: { $answer }
word-presigned-url = the service's presigned_url
store-same-file = {" "}(the file { $file })
store-no-events-table = its events table is missing
store-disk-full = the disk holding the event store { $store } is full
store-corrupt = the event store { $store } is damaged: { $why }
store-failed = event store { $store }: { $why }
store-event-unreadable = event { $id } was committed but does not read back
store-not-sqlite-db = { $store } is not an event store (not an SQLite database); pass another --store FILE
pem-ends-early = it ends before the line -----END { $marker }----- (the file is cut short or incomplete)
pem-bad-section-start = a line starting a section is malformed: { $line }
pem-not-base64 = the text between the markers is not valid base64 ({ $why })
pem-cannot-read = it cannot be read ({ $why })
pem-no-certificate = it holds no certificate
pem-section-too-large = a section is over 256 MB
cert-bad-encoding = it is not a well-formed X.509 certificate
cert-self-signed = it is self-signed
cert-ca-as-server = it is a certificate authority's certificate, used as the server's own
cert-server-as-ca = a server's certificate is used as the authority of another
cert-unknown-critical-extension = it has a critical extension this client does not know
cert-chain-too-long = the chain is longer than an authority in it allows
cert-name-constraint = it names a host its authority may not issue for
tls-unknown-issuer = the certificate of { $target } is signed by an unknown authority; if your network uses its own CA, pass it with --ca-cert FILE (or RECRUIT_CA_CERT)
tls-expired = the certificate of { $target } has expired (or this machine's clock is wrong); ask the server's owner to renew it
tls-not-valid-yet = the certificate of { $target } is not valid yet; check this machine's clock
tls-wrong-name = the certificate of { $target } is not valid for that host name; check the host in the URL (the certificate names another)
tls-revoked = the certificate of { $target } has been revoked
tls-self-signed = the certificate of { $target } is self-signed: no authority vouches for it; if you trust this server, pass its certificate with --ca-cert FILE (or RECRUIT_CA_CERT)
tls-ca-as-server = the server at { $target } presents a certificate authority's certificate as its own; it must present a server certificate issued by that authority for its host name
tls-not-for-servers = the certificate of { $target } is not meant for a server (its extended key usage does not allow it)
tls-rejected = the certificate of { $target } was rejected: { $why }; if your network uses its own CA, pass it with --ca-cert FILE (or RECRUIT_CA_CERT)
tls-not-tls = the server at { $target } does not speak TLS; did you mean http://?
tls-failed = the TLS handshake with { $target } failed: { $why }
upload-client-build = cannot build the upload client
key-not-header-safe = the API key contains characters not allowed in an HTTP header
stdout-closed = standard output was closed by its reader
auth-profile = profile '{ $profile }'
auth-profile-unreachable = profile '{ $profile }' cannot reach the service
pace-report = paced at { $rate } req/s { $why ->
    [estimated] after 429s
    [headers] by the service's rate-limit headers
   *[max-rate] by --max-rate
}
pace-first = pace: { $rate } req/s ({ $how })
pace-first-429 = first 429, after { $accepted } accepted and { $in_flight } in flight in { $seconds } s; a guess, grown until the next 429
pace-429-again-measured = 429 again; { $accepted } accepted of those sent in the { $seconds } s since an earlier 429
pace-429-again = 429 again
pace-changed = pace: { $from } -> { $to } req/s ({ $how })
webhook-nothing-to-change = nothing to change: { $by ->
    [flags] pass --callback-url, --signing-key, --event, --active, --inactive or -f key=value
   *[arguments] give at least one of callback_url, signing_key, events, active
}
mcp-unknown-tool = unknown tool '{ $name }'
mcp-needs-access = { $name } needs --access { $needs } (this server runs with --access { $has }); the user can restart it as `recruit mcp --access { $needs }`
mcp-no-such-argument = { $name } takes no argument '{ $extra }'; { $count ->
    [0] it takes no arguments
   *[other] its arguments are: { $valid }
}
mcp-arg-empty = argument '{ $name }' is empty
mcp-arg-not-string = argument '{ $name }' must be a string, got { $value }
mcp-arg-required = argument '{ $name }' is required
mcp-arg-not-whole-from = argument '{ $name }' must be a whole number of at least { $min }, got { $value }
mcp-arg-not-whole-in = argument '{ $name }' must be a whole number from { $min } to { $max }, got { $value }
mcp-arg-not-bool = argument '{ $name }' must be true or false, got { $value }
mcp-arg-not-strings = argument '{ $name }' must be a list of non-empty strings
mcp-arg-not-list = argument '{ $name }' must be a list, got { $value }
mcp-arg-not-one-of = { $name } '{ $value }' is not one of { $names }
mcp-variant-not-a-or-b = variant '{ $value }' is not A or B
mcp-dry-run-already = dry run: memo { $id } on candidate { $candidate } is already { $state ->
    [pinned] pinned
   *[unpinned] unpinned
}; nothing would be sent
mcp-dry-run-variant = dry run: nothing was sent; the body is of request variant { $variant }
mcp-dry-run-key-masked = dry run: nothing was sent (the signing key is masked here, sent as given)
dry-run-nothing-sent = dry run: nothing was sent
mcp-no-resource = no resource '{ $uri }': forms are recruit://forms/{"{"}code{"}"}, e.g. recruit://forms/FORM-1001
mcp-no-prompt = no prompt '{ $name }'; the prompts are: { $names }
mcp-prompt-needs = prompt '{ $name }' needs the argument '{ $arg }'
auth-no-terminal = no terminal to ask for the key: pipe it in (`... | recruit auth login --with-token`)
auth-key-prompt = API key
auth-cannot-read-key = cannot read the key
auth-built-in-sandbox = (built-in sandbox)
auth-what-key = API key (set RECRUIT_API_KEY or run `recruit auth login`)
auth-what-base-url = base URL (pass --base-url or run `recruit config set base_url URL`)
auth-missing = no { $what }
auth-not-set = not set: { $what }
auth-not-set-value = (not set)
auth-works-yes = yes
auth-works-no = no: { $problem }
auth-status-table = Profile:   { $profile }
    Base URL:  { $base_url }
    API key:   { $key }
    Key works: { $works }
config-readable-by-others = config file { $path } is readable by other users (mode { $mode }); run: chmod 600 { $path }
uploading = uploading { $name }
note-line = note: { $note }
mcp-unconfigured = no service address and no API key: run `recruit config set base_url URL` and `recruit auth login`, or set RECRUIT_BASE_URL and RECRUIT_API_KEY in the server's "env"; to try it with no account, start it as `recruit --sandbox mcp`
mcp-starts-unconfigured = warning: recruit mcp starts unconfigured: { $why }
mcp-serving = recruit mcp: serving on stdio with --access { $access } --personal-data { $personal } (Ctrl-C or closing stdin stops it)
no-base-url = no service address: pass --base-url URL, set RECRUIT_BASE_URL, or run `recruit config set base_url URL`; to try recruit without an account, add --sandbox
no-api-key = no API key: set RECRUIT_API_KEY, run `recruit auth login`, or pass --api-key; to try recruit without an account, add --sandbox
allowed-on-off = on or off
allowed-bool = true or false
allowed-audit-keep = a whole number of months, at least { $least }
audit-reason-required = { $what } needs a reason for the access log (require_reason = true): pass --reason TEXT or set RECRUIT_REASON; nothing was fetched or written
audit-cannot-append = cannot append to the access log { $path }: { $error }; make the file and its directory writable, name another file with RECRUIT_AUDIT_LOG or `recruit config set audit_log FILE`, or turn the log off with `recruit config set audit off`
# The machine's policy (/etc/recruit/policy.toml): above every profile, variable and flag.
policy-cannot-read = cannot read the policy file { $path }: { $error }; an administrator must make it readable or remove it (a broken policy stops every command)
policy-not-toml = the policy file { $path } is not valid TOML at line { $line }, column { $column }: { $why }; an administrator must fix it (a broken policy stops every command)
policy-unknown-key = the policy file { $path } has an unknown key '{ $key }' (it may hold { $keys }); an administrator must fix it (a broken policy stops every command)
policy-bad-value = the policy file { $path } sets { $key } = { $value }, but { $key } must be { $allowed }; an administrator must fix it (a broken policy stops every command)
policy-refuses = { $setting } contradicts the policy file { $path } ({ $value }), which applies to every profile: remove that setting (`recruit config unset { $key }` in that profile, or unset the variable)
list-interrupted = interrupted: the list printed so far is incomplete
privacy-journal-busy = an export is writing { $journal } right now: run the erasure again once it ends (or stop it with Ctrl-C first)
privacy-register-damaged = line { $line } of the destruction register { $path } is not JSON ({ $why }): it was changed outside recruit; restore it from a backup
privacy-part-mirror = the mirror { $location }
privacy-part-relay = the relay's store { $location }
privacy-part-journals = the journals of { $count ->
        [one] { $count } unfinished export
       *[other] { $count } unfinished exports
    }
privacy-part-none = no store (none exists on this machine)
privacy-empty-code = an empty candidate code was given: pass codes such as C1001
privacy-erase-confirm = Erase the personal data of { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } ({ $codes }) from { $stores }? This cannot be undone
privacy-retention-confirm = Erase the personal data of { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } at stage { $stage } whose stage changed before { $before } from { $stores }? This cannot be undone
privacy-retention-preview = { $dry_run ->
        [yes] would erase
       *[other] nothing to erase:
    } { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } at stage { $stage } whose stage changed before { $before }
privacy-register-empty = the destruction register is empty: nothing was erased yet
privacy-mirror-absent = mirror { $location }: does not exist, skipped
privacy-relay-absent = relay's store { $location }: does not exist, skipped
privacy-mirror-erased = mirror { $location }: { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } erased, { $memos } memos and { $submissions } submissions deleted
privacy-relay-erased = relay's store { $location }: { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } erased from { $events ->
        [one] { $events } event
       *[other] { $events } events
    } (their ids, actions, times and status kept)
privacy-store-failed = { $location }: not erased: { $error }
privacy-journal-withheld = unfinished export { $journal }: { $withheld ->
        [one] { $withheld } candidate
       *[other] { $withheld } candidates
    } will be skipped by --resume; { $written } already written to its partial file
privacy-journal-damaged = unfinished export { $journal }: its journal is damaged, so --resume refuses it; nothing to withhold
privacy-not-found = found in no store: { $count ->
        [one] { $count } candidate
       *[other] { $count } candidates
    } ({ $codes })
privacy-file-not-touched = may hold their data, not touched (the file is yours): { $file }
privacy-file-named = holds their data (access-log records { $seqs } of its export name them), not touched (the file is yours): { $file }
privacy-files-log-off = the access log is off (config audit), so it cannot tell which export files hold them: every export file still there is listed
audit-broken-changed = record { $seq } (line { $line }) was changed after it was written: it no longer matches the chain
audit-broken-removed = { $missing ->
        [one] record { $from } was
       *[other] records { $from } to { $to } were
    } removed just before record { $seq } (line { $line })
audit-broken-inserted = record { $seq } (line { $line }) was inserted: it does not belong in the chain
audit-broken-unreadable = line { $line } is not a record of the access log (damaged or edited)
audit-broken-cut = the log ends at record { $last }, but its anchor file says it reached record { $anchored }: the last records were removed
audit-broken-anchor = the anchor file next to the log (the last record's seq and hash) is damaged
audit-broken-anchor-missing = the log holds records (or was pruned) but its anchor file (the last record's seq and hash, audit.log.head) is missing: a removal of the last records can no longer be ruled out. If you know why it went (restored from a backup without it), compare the log with a copy kept elsewhere
audit-broken-anchor-gone = the anchor file names record { $anchored }, which the log no longer holds: records were removed, or the anchor was replaced
audit-broken-checkpoint = the prune checkpoint (audit.log.checkpoint: the last removed record's seq and hash) is damaged or does not match the first record kept{ $seq ->
        [0] {""}
       *[other] {" "}(record { $seq }, line { $line })
    }
audit-cannot-encode = cannot write the access-log record as JSON
store-erase-wal-busy = the personal data was removed from the events, but old copies of it stay in { $store }-wal while another program is in the middle of reading the event store (waited 10 s); let it finish or close it (sqlite3, a second recruit), then run the same erasure again
pg-erase-not-rewritten = the personal data was removed from { $table } in { $db }, but PostgreSQL did not rewrite the table (VACUUM FULL skips a table the role does not own), so old copies stay in its files and statistics; run the same erasure again as the table's owner (or a superuser)
audit-col-seq = SEQ
audit-col-at = AT
audit-col-actor = ACTOR
audit-col-via = VIA
audit-col-candidates = CANDIDATES
audit-col-distinct = DIFFERENT
audit-col-fields = FIELDS
audit-col-reason = REASON
audit-col-command = COMMAND
audit-col-records = RECORDS
audit-via-sandbox = { $via } (sandbox)
audit-no-reason = no reason given
audit-list-none = no records of the access log match
audit-no-log = no access log at { $path } yet: nothing has been logged
audit-verify-nothing = nothing to verify: there is no access log at { $path } yet
audit-verify-intact = intact: { $records } records (1 to { $last }), each chained to the one before, the last one the anchor's ({ $path })
audit-verify-intact-unanchored = intact: { $records } records (1 to { $last }), each chained to the one before ({ $path }); but there is no anchor file ({ $anchor }), so a removal of the last records cannot be ruled out
audit-verify-intact-pruned = { $records ->
        [0] intact: no records since the last prune (records 1 to { $checkpoint } were removed; the checkpoint and the anchor agree) ({ $path })
       *[other] intact: { $records } records ({ $first } to { $last }), each chained to the one before, the first to the checkpoint of a prune (records 1 to { $checkpoint } were removed), the last one the anchor's ({ $path })
    }
audit-verify-broken = the access log { $path } is broken: { $what }. The records from there on cannot be trusted: keep the file as it is (it is the evidence) and compare it with a backup or a copy kept elsewhere
audit-month-bad = '{ $value }' is not a month: use YYYY-MM, for example 2026-03
audit-report-title = Access log, { $month } ({ $zone }): { $records } records, { $candidates } candidates shown ({ $distinct } different)
audit-report-intact = The log verifies: every record chains to the one before.
audit-report-broken = The log does NOT verify: { $what }.
audit-report-empty = No records this month.
audit-report-by-actor = By actor and via:
audit-report-downloads = Exports and syncs:
audit-report-no-downloads = none this month
audit-prune-too-young = cannot prune before { $month }: the access log keeps at least { $keep } months (config audit_keep), so the latest month --before can name is { $latest }
audit-prune-confirm = Remove the access log's records of the months before { $month } (local time) from { $path }, and the destruction register's rows of those months from { $register }?
audit-prune-broken = the access log { $path } was not pruned: it does not verify ({ $what }). A checkpoint would hide that: keep the file as it is and run `recruit audit verify`
audit-prune-done = before { $month }: { $records ->
        [one] { $records } record
       *[other] { $records } records
    } removed from the access log { $path } ({ $kept } kept, the chain proven from a checkpoint); { $rows ->
        [one] { $rows } row
       *[other] { $rows } rows
    } removed from the destruction register { $register }
sync-other-kind = { $db } holds another kind of recruit data (`{ $kind }`), not a mirror; it was left as it is: pass another --db FILE
store-no-meta-version = its recruit_meta table or the schema version in it is missing
mirror-sqlite-file = SQLite file { $path }
mirror-pg-database = PostgreSQL database { $db } on { $host }:{ $port }
mirror-pg-database-as = PostgreSQL database { $db } on { $host }:{ $port } as { $user }
mirror-pg-default-db = (default)
apply-subject-file = answers file
apply-subject-question = question { $order } { $title } ({ $kind })
apply-source-top = top-level `{ $field }`
apply-why-form-idless = the form's questions carry no ids
apply-why-question-idless = this question carries no id
apply-cannot-be-sent = cannot be sent: { $why }, and without one only name, email, phone and resume can be sent (as the top-level fields of request variant B); remove this answer ({ $source }) from the file
apply-required-no-id = { $subject }: required, but it carries no id and cannot be answered through the API; the service may refuse the application
apply-required-unanswered = required but not answered
apply-b-requires = request variant B requires `{ $field }`: answer this question
apply-b-requires-no-question = request variant B requires `{ $field }`, but the form has no question of kind { $kind }
apply-privacy-assumed-false = answers file: no `privacy`, which request variant A requires; sending "privacy": false (no consent to collect and use optional personal items); add "privacy": true to consent
apply-privacy-missing = missing: request variant A requires "privacy": true or false (consent to collect and use optional personal items)
apply-orders-and = { $rest } and { $last }
apply-item-unknown-key = questions[{ $n }]: `{ $key }` is not a field of an answer item (question_id, id, order, kind, answer); ignored
apply-name-by-order = name the question by "order"
apply-name-by-id-or-order = name the question by "question_id" or "order"
apply-orders-range = { $first } to { $last }
apply-orders-none = none
apply-top-several = the form has { $count } questions of kind { $kind } (orders { $orders }); answer each in "questions" and { $name_it }
apply-questions-missing = missing: give the answers as "questions": [{"{"}"order": 1, "answer": {"{"}...{"}"}{"}"}, ...]
apply-id-conflict = question_id { $a } and id { $b } name different questions; give one of them
apply-id-order-conflict = { $key } { $id } is question { $question }, but order says { $order }; give one of them
apply-id-unchecked = questions[{ $n }]: { $key } { $id } cannot be checked, as the form's questions carry no ids; answering { $subject } by its { $by }
apply-form-idless-use-order = the form's questions carry no ids; name the question by "order" instead (`recruit forms get CODE` lists them)
apply-no-question-id = the form has no question with id { $id }
apply-no-question-order = the form has no question with order { $order } (orders: { $orders })
apply-names-no-question = names no question: give "question_id" or "order" (or "kind" alone, when the form has one question of that kind)
apply-kind-top-hint = ; give it as the top-level "{ $field }" field instead
apply-no-question-kind = the form has no question of kind { $kind }{ $hint }
apply-kind-several = the form has { $count } questions of kind { $kind } (orders { $orders }); { $name_it } instead
apply-answered-twice = answered twice ({ $first } and questions[{ $n }])
apply-kind-mismatch = { $given } does not match the form's kind { $kind }
apply-file-unknown-key = answers file: `{ $key }` is not a field of the answers file (privacy, questions, name, email, phone, resume_path); ignored
apply-note-form-idless = the form's questions carry no ids, which request variant A needs; sending name, email, phone and resume as the top-level fields of request variant B
apply-note-idless-answered = { $count } answered question(s) carry no id, which request variant A needs; sending through request variant B
apply-note-loose-top = the form has no question of kind { $kind }; sending `{ $field }` as a top-level field beside privacy and questions (as in request variant B)
check-missing = missing
check-must-be = must be { $expected }, got { $got }
expect-true-or-false = true or false
expect-string = a string
expect-array = an array
expect-object = an object
expect-integer = an integer
expect-veteran-code = a string 00-000000
expect-answers-object = a JSON object {"{"}"privacy": true, "questions": [...]{"}"}
expect-answer-item = an object {"{"}"order"|"question_id", "kind", "answer"{"}"}
value-boolean = boolean { $value }
value-number = number { $value }
value-string = string { $value }
check-unknown-kind = '{ $kind }' is not a kind this tool knows; the answer is sent unchecked
check-unknown-answer-field = not a field of { $article } { $kind } answer (expected { $fields }); kept as given
check-military-left-out = must be left out when checked is false (only checked: false is sent when military service does not apply)
check-whole-number = must be a whole number, got { $got }{ $hint }
check-whole-months = must be a whole number of months, got { $got }{ $hint }
check-no-quotes = {" "}(write the number without quotes)
check-one-of = must be one of { $values }, got { $got }
check-empty-required = must not be empty (the question is required)
check-unknown-element-field = not a field of this element (expected { $fields }); kept as given
apply-more-problems = ... and { $count } more problems
apply-more-warnings = ... and { $count } more warnings
apply-problems-summary = { $what } has { $count } { $count ->
    [one] problem
   *[other] problems
} (listed above); nothing was sent
what-the-answers = the answers
listen-store-failing = the event store { $path } has been failing for { $duration } ({ $why }); stopped so that a supervisor restarts the listener and someone sees it
listen-error-line = error: { $message }
listen-not-printed = accepted a body that is not JSON ({ $bytes } bytes): not printed as ndjson
listen-line-not-json = (not JSON, { $bytes } bytes)
listen-forward-error = failed: { $error }
listen-forward-answered = answered { $outcome }
listen-forward-failed = warning: forward to { $url } { $what }; answering the service 502
listen-summary-stage = stage: { $value }
listen-summary-feedback = feedback { $value }
listen-summary-interview = interview at { $value }
listen-summary-form = form: { $value }
listen-summary-keys = payload keys: { $keys }
listen-summary-no-payload = (no payload)
relay-lane-stopped = a relay lane stopped: { $error }
relay-store-failed = relay to { $url }: { $error }
relay-outcome-not-recorded = error: could not record a forward's outcome: { $error }
trigger-no-attempt = no attempt
trigger-no-answer = no answer
trigger-next-delivered = delivered
trigger-retrying-in = retrying in { $secs }s
trigger-attempt = attempt { $n }/{ $total }: { $what } ({ $next })
trigger-receiver-answered = the receiver answered: { $answer }
segment-short = temporary segment file holds { $copied } bytes, expected { $expected }
mcp-not-set-up = recruit mcp is not set up for the service yet (set what follows, then restart the server)
mcp-session-not-started = the MCP session did not start
mcp-server-stopped = the MCP server stopped
confirm-cannot-read = cannot read the answer
wizard-failed = the wizard failed
encode-cannot-read-item = cannot read an item of the answer
encode-cannot-encode = cannot encode a record as JSON
jq-cannot-read-value = --jq cannot read the value
key-command-failed = api_key_command '{ $cmd }' failed ({ $status }); fix the command in the config file
key-command-empty = api_key_command '{ $cmd }' printed nothing; it must print the API key
log-lines-dropped = { $count } log lines were dropped: stderr was not being read
jq-halted = the filter halted with status { $code }
jq-stopped = the filter stopped
table-cut-note = values longer than { $max } characters are cut in tables (…); -o json shows them in full
table-left-blank = a field of an unexpected type was left blank ({ $key }: { $value }{ $more }); -o json shows the answer as sent
table-and-more = {" "}and { $count } more
memo-dry-run-not-pinned = memo { $id } on candidate { $candidate } is not pinned: one toggle would be sent
memo-dry-run-not-unpinned = memo { $id } on candidate { $candidate } is not unpinned: one toggle would be sent
memo-dry-run-already-line = Memo { $id } on candidate { $candidate } is already { $state ->
    [pinned] pinned
   *[unpinned] unpinned
}; nothing would be sent.
memo-dry-run-already = memo { $id } on candidate { $candidate } is already { $state ->
    [pinned] pinned
   *[unpinned] unpinned
}; nothing would be sent
sync-form-no-resource = its detail has no `resource` object
runtime-failed = cannot start the async runtime ({ $error }): the system refused threads or file descriptors; check `ulimit -u` and `ulimit -n`
apply-unfinished-unknown = it names no question of this form ({ $value }): delete the "unfinished" key, and the wizard goes on from the answers alone
wizard-hint-file-rule = (file to upload, or uploaded path; the form takes { $rule })
wizard-file-types = { $head } or { $last }
wizard-file-rule-size = { $types }, up to { $size }
wizard-file-rule-size-only = files up to { $size }
wizard-file-wrong-type = { $file } is not { $types }, which is what this question takes (its form says so): convert it, or give another file.
wizard-file-too-large = { $file } is { $size }, over the { $max } this question takes (its form says so): give a smaller file.
cell-yes = yes
cell-no = no
enum-in-progress = in_progress
enum-full-time = full_time
enum-not-required = not_required
enum-experienced = experienced
enum-job-admin = job_admin
enum-job-manager = job_manager
enum-member = member
enum-admin = admin
enum-high-school = high_school
enum-university-2 = university_2
enum-university-4 = university_4
enum-graduate-master = graduate_master
enum-graduate-doctor = graduate_doctor
enum-applied = applied
enum-review = review
enum-document = document
enum-interview = interview
enum-offer = offer
enum-pass = pass
enum-fail = fail
enum-ongoing = ongoing
enum-complete = complete
enum-pending = pending
enum-submitted = submitted
enum-confirmed = confirmed
enum-individual = individual
enum-message = message
enum-reference-check = reference_check
enum-delivered = delivered
enum-failed = failed
table-columns-left-out = columns left out at this width: { $columns } (a wider terminal, --fields or -o json shows them)
events-none = (no events)
table-open-unknown = OPEN "-": the service did not say whether that form is open (`recruit forms get CODE` shows it when the service does)
table-salary = { $amount } × KRW 10,000
auth-sandbox-needs-no-key = none needed (built-in sandbox)
help-default-value = default: { $value }
help-possible-values = possible values: { $values }
help-env-var = env: { $name }
help-most-used-globals =
    Global options (most used; every command takes them, `recruit help options` lists all):
          --sandbox          Run against the built-in emulator: no account needed
      -o, --output FORMAT    table, json, ndjson or csv
          --jq EXPR          Filter the JSON result with a jq expression
          --all              On list commands: follow every page
          --lang LANG        en or ko: the language of text for people
question-kind-name = name
question-kind-email = email
question-kind-phone = phone
question-kind-resume = resume
question-kind-experience-total = experience_total
question-kind-desired-salary = desired_salary
question-kind-current-salary = current_salary
question-kind-gender = gender
question-kind-birth = birth
question-kind-profile-img = profile_img
question-kind-address = address
question-kind-experience = experience
question-kind-education = education
question-kind-qualification = qualification
question-kind-training = training
question-kind-language = language
question-kind-military-service = military_service
question-kind-veteran-affair = veteran_affair
question-kind-disability = disability
question-kind-text = text
question-kind-textarea = textarea
question-kind-dropdown = dropdown
question-kind-radio = radio
question-kind-date-type = date_type
question-kind-checkbox = checkbox
question-kind-link = link
question-kind-file-upload = file_upload
chat-unknown-format = { $what } { $value }: '{ $format }' is not a chat format; write one of { $formats } before the URL (template+ needs --template FILE), or give an app's plain http(s) URL
chat-template-missing = { $destination } needs --template FILE: the JSON filled in for each event
chat-template-unreadable = cannot read the template { $path }
chat-template-not-utf8 = the template { $path } is not UTF-8 text; save it as UTF-8 (iconv -f cp949 -t utf-8)
chat-template-bad = the template { $path }: { $why }
chat-template-not-json = the template { $path } is not valid JSON once filled in with a sample event: { $why }; check its commas, brackets and quotes
chat-template-unclosed = a {"{{"} has no {"}}"} after it
chat-template-unknown-field = unknown field {"{{"}{ $field }{"}}"}; the fields are { $fields }
chat-template-outside-string = {"{{"}{ $field }{"}}"} must be inside a JSON string ("...{"{{"}{ $field }{"}}"}..."): a value filled in elsewhere could break the JSON
chat-label-candidate = Candidate
chat-label-name = Name
chat-label-stage = Stage
chat-label-job = Job
chat-open-candidate = Open candidate
chat-title-stage-changed = Stage changed
chat-title-pass = Candidate passed
chat-title-feedback-created = Evaluation created
chat-title-feedback-completed = Evaluation completed
chat-title-interview-scheduled = Interview scheduled
chat-title-form-submitted = Form submitted
chat-title-other = Event: { $action }
chat-title-unknown = Event without an action
sheet-bom-and-cp949 = --bom writes a UTF-8 byte-order mark, which a CP949 file cannot start with: use --bom alone (UTF-8, for Excel 2016 and later) or --encoding cp949 alone (older Korean Excel)
sheet-encoding-not-csv = --encoding applies to -o csv only (the output here is { $format }, always UTF-8): add -o csv
sheet-unmapped = { $count ->
    [one] 1 character has
   *[other] { $count } characters have
} no CP949 form and { $count ->
    [one] was
   *[other] were
} written as ?; to keep every character, write UTF-8 with --bom instead of --encoding cp949
user-text-encoding = { $what } looks like { $encoding }, not UTF-8: convert it first, e.g. iconv -f { $iconv } -t utf-8 { $file } > { $file }.utf8, and give the converted file
user-text-not-utf8 = { $what } is not UTF-8 text (byte { $byte } at offset { $offset }) and not a Korean encoding either: save it as UTF-8, or convert it with iconv -f ENCODING -t utf-8 { $file } > { $file }.utf8
export-cut-short = cut short: the reader of standard output closed it after { $records ->
    [one] 1 record
   *[other] { $records } records
} had been sent to it, and the export stopped before its end; to keep every record, write them to a file with --out FILE
store-pg-unreachable = cannot reach the event store { $store }: { $error }; check the address given to --store and that the server runs
store-no-postgres-in-build = --store { $store }: this recruit was built without PostgreSQL support; build it with the postgres feature, or give a file
listen-sharing =   sharing the store with other listeners: each target is forwarded by one of them at a time (lease { $lease } s)
reason-not-a-rate = { $value } is not a rate: give forwards per second, a number above 0 (e.g. 50 or 0.5)
wizard-yes-no = y/n
wizard-yes-no-default-yes = Y/n
wizard-yes-no-default-no = y/N
report-since-bad = --since takes a date (2026-01-31) or an RFC 3339 time (2026-01-31T09:00:00+09:00), not '{ $value }'
report-html-written = wrote the report page to { $path }
report-stage-applied = Applied
report-stage-review = Review
report-stage-interview = Interview
report-stage-offer = Offer
report-stage-pass = Pass
report-stage-fail = Fail
report-all-candidates = All candidates ({ $count })
report-no-job = Candidates without a job ({ $count })
report-job = { $title } ({ $code }): { $count } candidates
report-col-stage = Stage
report-col-now = Now there
report-col-moved-on = Moved on
report-col-failed = Failed
report-col-median = Median days
report-col-p90 = 90th percentile days
report-never-synced = never synced
report-age-minutes = { $count } min ago
report-age-hours = { $count } h ago
report-age-days = { $count } days ago
report-mirror = Mirror { $db }: history since the first sync at { $first }; last sync { $last } ({ $ago }).
report-rule = The { $count } candidates already in the pipeline at the first sync ({ $first }) count from what is known: the stage they were at then, from its start as the service gave it; their earlier stages are not known and not counted, nor is a stage entered and left between two syncs. A stay ends when the next stage begins (moved on, or failed when that stage is Fail); days are those of ended stays, the median and 90th percentile interpolated between the nearest ranks.
report-funnel-title = Funnel: candidates who reached each stage
report-funnel-failed = Failed at some stage: { $count }
report-time-title = Days in each stage
report-legend-median = median
report-legend-p90 = 90th percentile
report-filter-job = only job { $job }
report-filter-since = only candidates who applied since { $since }
report-job-no-code = { $title }: { $count } candidates
search-empty-query = give part of a name, code or email to search for, e.g. `recruit candidates search 하늘`
search-from-mirror = { $total } matched, { $shown } shown; from the mirror { $db }, last synced { $last } ({ $ago }): `recruit sync` brings it up to date
mcp-mirror-age = From the mirror of `recruit sync`, last synced { $last } ({ $ago }).

## Words by construction (#48): sentences that were English literals, and library causes.
memo-nothing-to-change = nothing to change: pass at least one of --content, --role, --mention, --clear-mentions, --file-url
mcp-memo-nothing-to-change = nothing to change: give at least one of content, role, mentions, file_url
answer-no-collection = the service's answer has no `collection` array; use -o json to see it as sent
sandbox-and-base-url-flags = --sandbox and --base-url both given: use one (--sandbox runs against the built-in emulator)
sandbox-and-base-url-env = RECRUIT_SANDBOX and RECRUIT_BASE_URL are both set: unset one (e.g. `unset RECRUIT_SANDBOX` to use the service at RECRUIT_BASE_URL)
key-command-too-much = api_key_command '{ $cmd }' printed more than { $kib } KiB; it must print only the API key
key-command-too-slow = api_key_command '{ $cmd }' did not finish within { $secs } s; fix the command in the config file (it must print the key and exit)
export-form-without-code = the list gave a form without a `code`; its questions can't be read
export-candidate-without-code = the candidate list gave a candidate without a `code`; it cannot be exported
output-records-no-table = records are written as ndjson, csv or json; a table is not available here
output-fields-empty = --fields takes column names separated by commas, e.g. --fields code,title
csv-cannot-write = cannot write the CSV
audit-seen-stopped = recording what the access log saw stopped
sandbox-fail-rate-bad = --fail-rate must be between 0 and 1, got { $value }
sandbox-retry-scale-bad = --retry-scale must be a positive number, got { $value }
sandbox-rate-limit-bad = --rate-limit must be a positive number of requests per second, got { $value }
cannot-start = cannot start
error-detail = cause, as the library put it: { $detail }
io-connection-refused = Connection refused
io-connection-reset = Connection reset by peer
io-timed-out = timed out
io-unreachable = the host can't be reached
io-library = an error from a library below (its words: --verbose or -o json)
io-url-empty-host = empty host
io-url-invalid-port = invalid port number
io-url-invalid-address = invalid IP address
io-url-invalid-host = invalid character in the host name
io-url-relative = not a whole address starting with http:// or https://
io-url-other = not a valid URL
jq-expected-at = expected { $what } at column { $column } ('{ $near }')
jq-expected-near = expected { $what } at '{ $near }'
jq-expected-end = expected { $what } at end of input
jq-undefined = undefined { $what } '{ $name }'
jq-cannot-load = cannot load { $path }: { $why }
event-candidate-stage-changed = a candidate's recruiting stage changes
event-candidate-pass = a candidate moves to the passing stage
event-feedback-created = an evaluation is created
event-feedback-completed = an evaluation is completed
event-interview-scheduled = an interview schedule is confirmed
event-form-submitted = a candidate submits a form
jq-want-digit = digit
jq-want-identifier = identifier
jq-want-closing-parenthesis = closing parenthesis
jq-want-closing-bracket = closing bracket
jq-want-closing-brace = closing brace
jq-want-closing-quote = closing quote
jq-want-escape = string escape sequence
jq-want-code-point = 4-digit hexadecimal UTF-8 code point
jq-want-token = token
jq-want-variable = variable
jq-want-pattern = pattern
jq-want-else-or-end = else or end
jq-want-comma-or-right-bracket = comma or right bracket
jq-want-comma-or-right-brace = comma or right brace
jq-want-semicolon-or-right-parenthesis = semicolon or right parenthesis
jq-want-term = term
jq-want-key = key
jq-want-argument = argument
jq-want-string = string
jq-want-nothing = nothing
jq-want-filter = filter
jq-want-label = label
jq-want-module = module

# config list's table (issue #48)
config-list-file = { $path } (profile '{ $profile }')
config-list-none = no settings
config-list-elsewhere = in effect from elsewhere:

# the service's answer described (issue #48)
http-detail = { $said } (HTTP { $status })
answer-html-page-titled = HTML page "{ $title }"
answer-html-page = an HTML page
answer-no-content-type = no content type

# --fields and --dry-run for people (issue #48)
fields-none = no fields: this answer is not a list of objects
dry-run-would-send = Would send { $request }

# the export journal's damage and the policy file's values, in words (issue #48)
journal-line-not-json = line { $line } is not JSON: { $why }
journal-line-not-progress = line { $line } is not a progress record
journal-no-header = it has no header line
journal-no-progress = it has no progress record
journal-other-version = it is not a journal of this version of recruit export
policy-allowed-bool = true or false
policy-allowed-path = a file's path in quotes
# secrets (#49): forward targets shown by their names
events-target-by-name = event { $id } goes to { $target }, whose address is a secret and is kept only by this name; pass --to URL with the address
## keyring (#49): the API key in the OS keyring, and where a key comes from
keyring-unavailable = no OS keyring answered, so the API key of profile '{ $profile }' was not stored (nor written anywhere else). Start one (on Linux a Secret Service such as gnome-keyring, in a D-Bus session), or give the key another way: `recruit auth login --insecure-storage` (the config file, mode 0600, not encrypted), RECRUIT_API_KEY, the profile's `api_key_command`, or a service manager's credential ($CREDENTIALS_DIRECTORY/recruit-api-key, systemd's LoadCredential=)
keyring-cannot-remove = the OS keyring did not answer, so a key of profile '{ $profile }' stored there could not be removed; run `recruit auth logout` again where the keyring is reachable (a desktop session)
auth-stored-keyring = Stored the API key { $key } for profile '{ $profile }' in the OS keyring (service 'recruit', account '{ $profile }').
auth-moved-from-file = Removed the API key of profile '{ $profile }' from { $path }: it is in the OS keyring now.
auth-removed-file = Removed the API key of profile '{ $profile }' from { $path }.
auth-removed-keyring = Removed the API key of profile '{ $profile }' from the OS keyring.
key-from-config-file = note: the API key of profile '{ $profile }' is read from { $path }, not encrypted; `recruit auth login` moves it into the OS keyring
credential-cannot-read = cannot read the API key from the service manager's credential { $path }
credential-empty = the service manager's credential { $path } is empty: put the API key in it
key-source-flag = flag --api-key
key-source-environment = env RECRUIT_API_KEY
key-source-credential = service manager's credential ($CREDENTIALS_DIRECTORY/recruit-api-key)
key-source-config-file = config file (insecure)
key-source-keyring = OS keyring
key-source-command = api_key_command
# figures (#51): report figures, trend, page, --to
report-col-week = Week
report-conversion = Conversion: { $steps }
report-conversion-step = { $from } → { $to } { $share } of { $count }
report-conversion-none = { $from } → { $to } none yet (no candidate known to have reached { $from })
report-time-to-hire = Time to hire: median { $median } days, 90th percentile { $p90 } days ({ $count } hired)
report-time-to-hire-none = Time to hire: none yet (no candidate at Pass with both an application time and a stage start)
report-offer-acceptance = Offer acceptance: { $share } of { $count } who left Offer
report-offer-acceptance-none = Offer acceptance: none yet (no candidate seen to leave Offer for Pass or Fail; it takes two syncs)
report-chat-title = Hiring pipeline, last sync { $last } ({ $ago })
report-chat-stage = { $stage } { $count }
report-to-not-chat = --to takes a chat destination (slack+URL, teams+URL, googlechat+URL or jandi+URL), not '{ $value }'
report-to-sent = posted the report's summary to { $target }
report-to-refused = { $target } refused the report's summary (HTTP { $status }): check the address and that the webhook is still active
report-to-failed = could not reach { $target } to post the report's summary: check the network, the proxy and the address
report-days-none = Days in stage: none yet (no stay the mirror saw has ended: a sync after candidates move on counts them)
report-html-heading = Hiring pipeline: { $period }, as of the last sync { $last }
report-period-all = every application in the mirror
report-head-candidates = Candidates
report-head-hires = Hires
report-head-time-to-hire = Median time to hire
report-head-offer-acceptance = Offer acceptance
report-head-days = { $days } days
report-head-of = of { $count } candidates
report-head-no-hire = none yet: no candidate at Pass
report-head-no-offer = none yet: no candidate seen to leave Offer
report-head-job = Job
## reconcile (#50): webhooks listen --reconcile
listen-reconcile-first = reconcile: first walk, the stages of { $count } candidates recorded (nothing synthesized on a first walk)
listen-reconciled = reconcile: { $count } candidates walked, { $changed } stage changes, { $covered } already received, { $synthesized } events synthesized
listen-reconcile-elsewhere = reconcile: another listener on this store walks the candidate list now; this one stands by
listen-reconcile-failed = reconcile: the walk failed and is tried again at the next period: { $error }
events-synthesized-action = { $action } (synthesized)
## -o xlsx (#51, part xlsx): Excel workbooks, their password, their sheets and headers.
xlsx-terminal = an Excel workbook is not written to a terminal: add --out FILE (exports) or redirect it to a file (`> list.xlsx`)
xlsx-no-jq = --jq and -o xlsx do not go together: a workbook holds the list as a table; use -o json with --jq, or --fields to choose columns
xlsx-write-failed = cannot write the Excel workbook (its temporary files go to TMPDIR: is there room?)
xlsx-password-not-xlsx = --password and --password-file encrypt an Excel workbook: add -o xlsx
xlsx-password-two-sources = give either --password (a prompt) or --password-file FILE, not both
xlsx-password-empty = the workbook password is empty: give one with at least one character
xlsx-password-no-terminal = --password asks for the password at a prompt, which needs a terminal; without one, use --password-file FILE or RECRUIT_XLSX_PASSWORD
xlsx-password-unread = cannot read the password from the terminal; use --password-file FILE or RECRUIT_XLSX_PASSWORD instead
xlsx-password-file-not-text = the password file { $path } is not UTF-8 text: save it as UTF-8 (one line)
xlsx-password-prompt = Password to open the workbook
xlsx-password-confirm = Password again
xlsx-password-mismatch = the two passwords differ; type it again
xlsx-sheet-forms = Forms
xlsx-sheet-memos = Memos
xlsx-sheet-submissions = Submissions
xlsx-sheet-webhooks = Webhooks
xlsx-sheet-applications = Applications
xlsx-sheet-candidates = Candidates
xlsx-sheet-jobs = Jobs
xlsx-sheet-evaluations = Evaluations
xlsx-sheet-interviews = Interviews
xlsx-sheet-other = Items
xlsx-col-code = code
xlsx-col-title = title
xlsx-col-status = status
xlsx-col-open-status = open_status
xlsx-col-expired = expired
xlsx-col-end-at = end_at
xlsx-col-employment-type = employment_type
xlsx-col-career-kind = career_kind
xlsx-col-career-start = career_start
xlsx-col-career-end = career_end
xlsx-col-address = address
xlsx-col-address2 = address2
xlsx-col-resume-required = resume_required
xlsx-col-content = content
xlsx-col-created-at = created_at
xlsx-col-updated-at = updated_at
xlsx-col-uri = uri
xlsx-col-id = id
xlsx-col-parent-id = parent_id
xlsx-col-pinned = pinned
xlsx-col-fixed-at = fixed_at
xlsx-col-accessible-role = accessible_role
xlsx-col-user = user
xlsx-col-mentions = mentions
xlsx-col-file-url = file_url
xlsx-col-replies = replies
xlsx-col-kind = kind
xlsx-col-form-title = form_title
xlsx-col-form-description = form_description
xlsx-col-candidate-name = candidate_name
xlsx-col-candidate-email = candidate_email
xlsx-col-submitted-at = submitted_at
xlsx-col-form-template = form_template
xlsx-col-submission-answers = submission_answers
xlsx-col-active = active
xlsx-col-provider = provider
xlsx-col-callback-url = callback_url
xlsx-col-events = events
xlsx-col-name = name
xlsx-col-email = email
xlsx-col-phone = phone
xlsx-col-duplicate = duplicate
xlsx-col-birth = birth
xlsx-col-privacy = privacy
xlsx-col-resume-path = resume_path
xlsx-col-applied-at = applied_at
xlsx-col-job = job
xlsx-col-job-stage = job_stage
xlsx-col-duplicate-job = duplicate_job
xlsx-col-reapply = reapply
xlsx-col-feedback-kind = feedback_kind
xlsx-col-feedback-status = feedback_status
xlsx-col-feedback-result = feedback_result
xlsx-col-feedback-score = feedback_score
xlsx-col-feedback-score-count = feedback_score_count
xlsx-col-feedback-score-total-count = feedback_score_total_count
xlsx-col-education-final-kind = education_final_kind
xlsx-col-experience-total-period = experience_total_period
xlsx-col-interest = interest
xlsx-col-profile-img-path = profile_img_path
xlsx-col-url = url
xlsx-col-position = position
xlsx-col-application-form = application_form
xlsx-col-managers = managers
xlsx-col-result = result
xlsx-col-score = score
xlsx-col-score-count = score_count
xlsx-col-total-score-count = total_score_count
xlsx-col-job-stage-title = job_stage_title
xlsx-col-candidate = candidate
xlsx-col-member-scores = member_scores
xlsx-col-number = number
xlsx-col-schedule = schedule
xlsx-col-candidate-code = candidate_code
xlsx-col-desired-salary = desired_salary
xlsx-col-current-salary = current_salary
xlsx-col-expected-fee = expected_fee
xlsx-col-questions = questions
xlsx-col-value = value
xlsx-rows-unreadable = cannot read back the rows of the workbook being made ({ $error }): run the export again
xlsx-report-col-reached = Reached
xlsx-report-sheet-all = All candidates
xlsx-report-sheet-no-job = No job
xlsx-report-written = wrote the workbook { $path }
xlsx-not-a-list = -o xlsx is for lists, exports and reports; this command prints something else: use -o json, ndjson or csv
xlsx-too-many-rows = an Excel sheet holds at most { $max } rows below its header, and this list has more: use -o csv, or export a part of it (--stage)

# report (#51): the report workbook's figure sheets
xlsx-report-sheet-conversion = Conversion
xlsx-report-sheet-time-to-hire = Time to hire
xlsx-report-sheet-offer-acceptance = Offer acceptance
xlsx-report-col-group = Group
xlsx-report-col-from = From
xlsx-report-col-to = To
xlsx-report-col-share = Share
xlsx-report-col-candidates = Candidates
xlsx-report-col-why-empty = Why empty
## Issue #48, start-up part: broken invariants (a bug), shown after "internal error" with where.
bug-key-command-stdout = the key command's output was not a pipe
bug-config-profile-table = the profile just made in the config file is not a table
bug-semaphore-closed = the listener's limit on deliveries in flight was closed
bug-json-encode = a value could not be written as JSON
bug-answer-kind = an answer kind lacks the fields its kind has
bug-jq-formats = the built-in jq formats do not parse
bug-number-text = a number's scientific notation could not be read back
bug-table-cell = a table cell was cut where no character starts
bug-clap-value = the command line parser accepted a value that is not one of the possible values
bug-offset = +09:00 is not a valid time offset
listen-idle-client = no data from the client within the idle limit
