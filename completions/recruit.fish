# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_recruit_global_optspecs
    string join \n base-url= api-key= profile= sandbox o/output= jq= fields= all limit= timeout= retries= v/verbose color= insecure-http lang= bom encoding= password password-file= ca-cert= max-rate= max-wait= reason= h/help V/version
end

function __fish_recruit_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_recruit_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_recruit_using_subcommand
    set -l cmd (__fish_recruit_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c recruit -n "__fish_recruit_needs_command" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_needs_command" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_needs_command" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_needs_command" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_needs_command" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_needs_command" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_needs_command" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_needs_command" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_needs_command" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_needs_command" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_needs_command" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_needs_command" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_needs_command" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_needs_command" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_needs_command" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_needs_command" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_needs_command" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_needs_command" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_needs_command" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_needs_command" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_needs_command" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_needs_command" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_needs_command" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_needs_command" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "forms" -d 'Application forms (job postings): list, read, apply'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "candidates" -d 'Candidates: list them (by stage) and read one'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "jobs" -d 'Jobs: postings with their job group, application form and managers'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "evaluations" -d 'Evaluations: a candidate\'s scores at a stage'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "interviews" -d 'Interviews and their schedules'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "memos" -d 'Memos on a candidate: list, read, create, edit, delete, pin'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "submissions" -d 'A candidate\'s form submissions'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "webhooks" -d 'Webhook registrations, and a local toolkit to receive, verify and trigger events'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "files" -d 'Upload files for use in applications'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "export" -d 'Batch exports: many candidates\' submissions or memos, candidates, every form'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "sync" -d 'Mirror forms, jobs, candidates, memos and submissions into SQLite or PostgreSQL, incrementally'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "privacy" -d 'Personal data: erase candidates from every local store, retention runs, the destruction register'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "audit" -d 'The access log of personal data shown: list, verify, monthly report, prune'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "report" -d 'Reports from the mirror (no request to the service): the hiring pipeline per stage'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "api" -d 'Send a raw request to any API path'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "sandbox" -d 'Run the built-in emulator of the service as a local server, or move its candidates'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "mcp" -d 'Serve the API to AI assistants over the Model Context Protocol (stdio)'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "auth" -d 'Store, show and remove the API key of a profile'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "config" -d 'Read and change the config file'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c recruit -n "__fish_recruit_needs_command" -f -a "help" -d 'Help on a command, or on the global options every command takes (`recruit help options`)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -f -a "list" -d 'List application forms (job postings)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -f -a "get" -d 'Show one form with its questions'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and not __fish_seen_subcommand_from list get apply" -f -a "apply" -d 'Submit an application: from an answers file, or through an interactive wizard'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l title -d 'Only forms whose title (or job group) matches' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page: a token, or the next_page_token address of a previous answer' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l per -d 'Page size (1-100)' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l answers -d 'Answers file (JSON, a variant A or B request body), or - for standard input' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l variant -d 'Request variant [default: a, or the profile\'s `variant`]' -r -f -a "a\t'`privacy` + `questions[{question_id, kind, answer}]`'
b\t'name, email, phone, resume_path at the top level + `questions[{id, kind, answer}]`'"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l save -d 'Wizard: also write the answers to FILE (valid input for --answers), even on Ctrl-C (the question stopped inside goes under `unfinished`)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l resume -d 'Wizard: go on from the answers kept with --save FILE (inside the question it stopped in; asks only what is unanswered)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l dry-run -d 'Print the exact request ({"method", "url", "body"} with -o json) and send nothing'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand forms; and __fish_seen_subcommand_from apply" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -f -a "list" -d 'List candidates, optionally at one stage (one page of 20 by default)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -f -a "get" -d 'Show one candidate: personal data, job and stage, evaluation, salary'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and not __fish_seen_subcommand_from list get search" -f -a "search" -d 'Find candidates in the mirror by part of a name, code or email (Hangul, its initial consonants, or Latin)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l stage -d 'Only candidates at this stage' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l per -d 'Page size, 1-100 [default: the service\'s 20; 100 with --all]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page: a token, or a page\'s address from a previous answer (next_page_token, next_url, prev_url)' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l stage -d 'Only candidates at this stage' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand candidates; and __fish_seen_subcommand_from search" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and not __fish_seen_subcommand_from list" -f -a "list" -d 'List jobs: code (may be empty), title, job group, application form, managers'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l title -d 'Only jobs whose posting or job group title matches' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l per -d 'Page size, 1-100 [default: the service\'s 20; 100 with --all]' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page: a token, or a page\'s address from a previous answer (next_page_token, next_url, prev_url)' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand jobs; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and not __fish_seen_subcommand_from get" -f -a "get" -d 'Show one evaluation: the candidate, the stage, each evaluator\'s score and comment'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand evaluations; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and not __fish_seen_subcommand_from get" -f -a "get" -d 'Show one interview: the candidate, the round and the schedule (in local time)'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand interviews; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -f -a "list" -d 'List a candidate\'s memos as threads (replies under their parent)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -f -a "get" -d 'Show one memo'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -f -a "create" -d 'Write a memo (or a reply with --reply-to)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -f -a "edit" -d 'Change a memo\'s content, role, mentions or attachment'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -f -a "delete" -d 'Delete a memo (asks first on a terminal)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -f -a "pin" -d 'Pin a memo (leaves it pinned, whatever its state before)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and not __fish_seen_subcommand_from list get create edit delete pin unpin" -f -a "unpin" -d 'Unpin a memo (leaves it unpinned, whatever its state before)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l content -d 'The memo text, or - to read it from standard input' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l reply-to -d 'Make it a reply to memo ID' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l role -d 'Who may read it [default on create: a reply takes its parent\'s role (read first); a new memo the service\'s default]' -r -f -a "job_admin\t'Readable only by the posting administrator'
job_manager\t'Readable by posting managers and above'
member\t'Readable by all members'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l mention -d 'Mention a user by code (repeatable; on edit, replaces the mentions)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l file-url -d 'Attachment address' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l dry-run -d 'Print the request that would be sent ({"method", "url", "body"} with -o json) and send nothing; needs no --yes'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l content -d 'New text, or - to read it from standard input' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l role -d 'Who may read it [default on create: a reply takes its parent\'s role (read first); a new memo the service\'s default]' -r -f -a "job_admin\t'Readable only by the posting administrator'
job_manager\t'Readable by posting managers and above'
member\t'Readable by all members'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l mention -d 'Mention a user by code (repeatable; on edit, replaces the mentions)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l file-url -d 'Attachment address' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l clear-mentions -d 'Remove every mention'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l dry-run -d 'Print the request that would be sent ({"method", "url", "body"} with -o json) and send nothing; needs no --yes'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from edit" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l dry-run -d 'Print the request that would be sent ({"method", "url", "body"} with -o json) and send nothing; needs no --yes'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l dry-run -d 'Read the memo and say whether a toggle would be sent (and which); send nothing'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from pin" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l dry-run -d 'Read the memo and say whether a toggle would be sent (and which); send nothing'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand memos; and __fish_seen_subcommand_from unpin" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and not __fish_seen_subcommand_from list" -f -a "list" -d 'List a candidate\'s form submissions (pre-interview questions, reference checks, ...)'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l per -d 'Page size, 1-100 [default: the service\'s 20; 100 with --all]' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page: a token, or a page\'s address from a previous answer (next_page_token, next_url, prev_url)' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l answers -d 'In the table, each submission\'s questions and answers, in words (json and csv have them already)'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand submissions; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "list" -d 'List webhook registrations'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "get" -d 'Show one webhook registration'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "create" -d 'Register a callback address for events'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "edit" -d 'Change a webhook registration'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "delete" -d 'Delete a webhook registration (asks first on a terminal)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "listen" -d 'Run a local receiver that verifies signatures, prints events and forwards them'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "verify" -d 'Check one webhook signature (exit 0 valid, 8 invalid)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "trigger" -d 'Send a signed sample event to a URL with the service\'s retry schedule'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and not __fish_seen_subcommand_from list get create edit delete listen verify trigger events" -f -a "events" -d 'The events a durable listener (listen --store) kept: list, show, replay, prune'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l callback-url -d 'Address the service POSTs events to' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l signing-key -d 'HMAC key the service signs deliveries with' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l event -d 'Event to deliver (repeatable): candidate_stage_changed, candidate_pass, feedback_created, feedback_completed, interview_scheduled, form_submitted' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s f -l field -d 'A string field key=value (repeatable)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s F -l raw-field -d 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l inactive -d 'Register it inactive: no event is delivered to it until `webhooks edit CODE --active`'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l dry-run -d 'Print the request that would be sent ({"method", "url", "body"} with -o json) and send nothing; needs no --yes'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l callback-url -d 'New callback address' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l signing-key -d 'HMAC key the service signs deliveries with' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l event -d 'Event to deliver (repeatable): candidate_stage_changed, candidate_pass, feedback_created, feedback_completed, interview_scheduled, form_submitted' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -s f -l field -d 'A string field key=value (repeatable)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -s F -l raw-field -d 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l active -d 'Make it active again'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l dry-run -d 'Print the request that would be sent ({"method", "url", "body"} with -o json) and send nothing; needs no --yes'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l inactive -d 'Deactivate it: the service stops delivering events to it (kept, with its settings) until --active'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from edit" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l dry-run -d 'Print the request that would be sent ({"method", "url", "body"} with -o json) and send nothing; needs no --yes'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l port -d 'Port to listen on; 0 picks a free one (the address is printed on stderr)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l host -d 'Address to listen on (anything but loopback exposes the receiver to the network)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l signing-key -d 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile\'s signing_key]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l forward-to -d 'Relay accepted events (raw bytes, signature header, Content-Type) by POST to this URL, or as chat messages to FORMAT+URL (slack+, teams+, googlechat+, jandi+, template+)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l forward -d 'Relay one action to its own URL or FORMAT+URL (repeatable, also for one action: each gets it); other actions go to --forward-to' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l template -d 'For template+URL destinations: a JSON file with {{action}}, {{title}}, {{candidate.code}}, {{payload.PATH}}... inside its strings, filled in for each event' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l link-base -d 'Chat messages link to URL/candidates/CODE (your recruiting service\'s web address)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l events -d 'Print and forward only these actions (comma-separated); others are answered 200 and skipped' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l tolerance -d 'Maximum age (and lead into the future) of a signature in seconds; 0 disables the check' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l header -d 'Name of the signature header' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l idle-timeout -d 'Close a connection that sends nothing for this many seconds (idle keep-alives and half-sent requests); at most 256 connections are served at once' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l store -d 'Durable relay: commit every verified event to this database before answering 200, then forward from it in order, retrying until the app answers 2xx (default: events.db in the data directory; postgres://USER@HOST/DB: a PostgreSQL database several listeners share)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l lease -d 'With a postgres:// --store: how long a listener\'s hold on a target\'s lane lasts unless renewed; a listener that dies has its lanes taken over within about this long' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l forward-rate -d 'With --store: at most N forwards per second to each target app (decimals allowed)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l retry-schedule -d 'With --store: the delays between a failed forward\'s attempts, e.g. 10s,1m,10m; the last repeats until --max-age (default: 1 s doubling to 60 s)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l max-age -d 'With --store: give an event up (status failed) once it is this old and still not delivered, e.g. 30m, 12h, 7d (default: retry without limit)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l store-fail-after -d 'With --store: stop (exit 1) once the store has refused every write or read for this long, e.g. 30s, 5m' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l reconcile-every -d 'With --reconcile: how often the candidate list is walked, e.g. 1m, 5m, 1h' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l metrics-addr -d 'Serve GET /healthz and GET /metrics (Prometheus text) on this address, e.g. 127.0.0.1:9464 (never the listener\'s own port)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l log-format -d 'How log lines on stderr look: text for people, json for a log collector [default: text; json when stderr\'s messages are JSON, under -o json/ndjson without a terminal]' -r -f -a "text\t'`12:00:01 message`, for people'
json\t'One JSON object per line'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l with-names -d 'Chat messages say the candidate\'s name (never their email, phone or other personal data)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l reconcile -d 'With --store: walk the candidate list at start and every --reconcile-every, and synthesize the stage changes no received event covered (the service gave them up)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from listen" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l signing-key -d 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile\'s signing_key]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l signature -d 'The signature header\'s value, e.g. \'t=1700000000,v1=<hex>\'' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l payload -d 'File with the payload bytes exactly as received; \'-\' or omitted: standard input' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l tolerance -d 'Maximum age (and lead into the future) of the signature in seconds; 0 disables the check' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l now -d 'Check as if the current Unix time were this (reproducible checks)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l to -d 'Where to deliver the event (http:// or https://), or FORMAT+URL to send the sample as a chat message (slack+, teams+, googlechat+, jandi+, template+)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l template -d 'For template+URL destinations: a JSON file with {{action}}, {{title}}, {{candidate.code}}, {{payload.PATH}}... inside its strings, filled in for each event' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l link-base -d 'Chat messages link to URL/candidates/CODE (your recruiting service\'s web address)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l signing-key -d 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile\'s signing_key]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l payload -d 'JSON file to send instead of the sample (\'-\' for standard input)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l retry-delays -d 'Seconds to wait before each retry, comma-separated; at most 4 (5 attempts); \'\' = no retry' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l header -d 'Name of the signature header' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l with-names -d 'Chat messages say the candidate\'s name (never their email, phone or other personal data)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from trigger" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -f -a "list" -d 'List stored events, oldest first'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -f -a "show" -d 'Show one stored event with its payload'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -f -a "replay" -d 'Send stored events again, to their forward target or --to URL'
complete -c recruit -n "__fish_recruit_using_subcommand webhooks; and __fish_seen_subcommand_from events" -f -a "prune" -d 'Delete delivered and failed events received before a time'
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand files; and not __fish_seen_subcommand_from upload" -f -a "upload" -d 'Upload a file (resume, profile image, attachment) and print the path to use in answers'
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l name -d 'Register the file under this name [default: the file\'s own name]' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l dry-run -d 'Print the request that would be sent ({"method", "url", "body"} with -o json) and send nothing; needs no --yes'
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand files; and __fish_seen_subcommand_from upload" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -f -a "submissions" -d 'Export the form submissions of many candidates'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -f -a "memos" -d 'Export the memos (with their replies) of many candidates'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -f -a "candidates" -d 'Export every candidate (or those at one stage), optionally each one\'s detail'
complete -c recruit -n "__fish_recruit_using_subcommand export; and not __fish_seen_subcommand_from submissions memos candidates forms" -f -a "forms" -d 'Export every application form, optionally with its questions'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l candidates -d 'File of candidate codes, one per line (\'-\' for standard input)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l stage -d 'Instead of --candidates: every candidate at stage S, from every page of the candidate list' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l out -d 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l concurrency -d 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l failed -d 'Write the codes that were not found or failed to FILE, one per line (a --candidates file)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l resume -d 'Continue an interrupted export to --out FILE (same arguments as the first run)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from submissions" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l candidates -d 'File of candidate codes, one per line (\'-\' for standard input)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l stage -d 'Instead of --candidates: every candidate at stage S, from every page of the candidate list' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l out -d 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l concurrency -d 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l failed -d 'Write the codes that were not found or failed to FILE, one per line (a --candidates file)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l resume -d 'Continue an interrupted export to --out FILE (same arguments as the first run)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from memos" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l stage -d 'Only the candidates at stage S' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l out -d 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l concurrency -d 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l failed -d 'Write the codes that were not found or failed to FILE, one per line (a --candidates file)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l detail -d 'Write each candidate\'s detail (one request each) instead of the list item'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l resume -d 'Continue an interrupted export to --out FILE (same arguments as the first run)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from candidates" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l out -d 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l concurrency -d 'Detail requests in flight at most with --with-questions, 1-64' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l with-questions -d 'Fetch each form\'s detail (with its questions)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand export; and __fish_seen_subcommand_from forms" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (prefer the env var for a password) [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l stage -d 'Fetch memos and submissions only of candidates at stage S (repeatable); the candidate list is still walked whole' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l refresh-after -d 'Fetch again the memos and submissions of candidates fetched longer ago than this (e.g. 7d, 12h)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l events -d 'Also fetch the candidates named by events the relay stored since the last run (`webhooks listen --store`) [default FILE: events.db in the data directory]' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l concurrency -d 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l full -d 'Fetch the memos and submissions of every candidate again (a full run that is stopped is finished by the next one)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -f -a "status" -d 'The last runs, rows per table, and how old the mirrored data is'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and not __fish_seen_subcommand_from status purge" -f -a "purge" -d 'Remove the personal data of candidates at a stage whose stage changed long ago'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l runs -d 'How many of the last runs to show' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (prefer the env var for a password) [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l stage -d 'Candidates at this stage (e.g. fail: rejected or withdrawn)' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l older-than -d '... whose stage changed longer ago than this (e.g. 30d; 0: every one at the stage)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (prefer the env var for a password) [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l yes -d 'Purge without asking'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l dry-run -d 'Only count the candidates it would purge'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand sync; and __fish_seen_subcommand_from purge" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -f -a "erase" -d 'Remove candidates\' personal data from the mirror, the relay\'s store and unfinished exports'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -f -a "retention" -d 'The same for every candidate of the mirror at a stage whose stage changed long ago'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and not __fish_seen_subcommand_from erase retention register" -f -a "register" -d 'The destruction register: every candidate erased, when, by whom, from which stores, why'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l store -d 'The relay\'s event store (`webhooks listen --store`): a file or a postgres:// address [default: events.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l reason -d 'Why: kept in the destruction register and the access log' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l yes -d 'Erase without asking'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from erase" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l stage -d 'Candidates at this stage (e.g. fail: rejected or withdrawn)' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l older-than -d '... whose stage changed longer ago than this (e.g. 180d; 0: every one at the stage)' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l store -d 'The relay\'s event store (`webhooks listen --store`): a file or a postgres:// address [default: events.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l reason -d 'Why: kept in the destruction register and the access log' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l dry-run -d 'Only list the candidates it would erase'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l yes -d 'Erase without asking'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from retention" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand privacy; and __fish_seen_subcommand_from register" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -f -a "list" -d 'The records of the access log, oldest first'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -f -a "verify" -d 'Check that no record was changed, removed or inserted (exit 1 naming the first)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -f -a "report" -d 'The monthly review: records and candidates per actor and via, every export and sync with its reason'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and not __fish_seen_subcommand_from list verify report prune" -f -a "prune" -d 'Remove the records of months before YYYY-MM, keeping a checkpoint so verify still proves the rest'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l since -d 'Only records since T: a time (2026-03-01, 2026-03-01T09:00:00+09:00) or an age (2h, 7d)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l candidate -d 'Only records naming this candidate (among the codes a record keeps)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l via -d 'Only records made through this' -r -f -a "cli\t''
mcp\t''
export\t''
sync\t''
wizard\t''
listen\t''
erase\t''
config\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from verify" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l month -d 'The month to review, YYYY-MM (in local time)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from report" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l before -d 'Remove the records of the months before this one, YYYY-MM (in local time)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l yes -d 'Remove without asking (needed when there is no terminal to ask on)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand audit; and __fish_seen_subcommand_from prune" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -f -a "pipeline" -d 'Per stage: candidates now there, moved on, failed, and median and 90th-percentile days in it'
complete -c recruit -n "__fish_recruit_using_subcommand report; and not __fish_seen_subcommand_from pipeline trend" -f -a "trend" -d 'Per ISO week (Monday to Sunday, +09:00): the candidates that entered each stage'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l job -d 'Only candidates of this job (its code)' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l by -d 'One table per job' -r -f -a "job\t'One table per job'"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l since -d 'Only candidates who applied on or after DATE (2026-01-31, local time; or an RFC 3339 time)' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l html -d 'Also write the report as one self-contained HTML page with charts (no network)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l to -d 'Also post the summary (no candidate named) to a chat tool: slack+URL, teams+URL, googlechat+URL or jandi+URL' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l xlsx -d 'Also write the report as an Excel workbook: its tables as sheets, with a bar chart of the funnel (a password to open: --password, --password-file or RECRUIT_XLSX_PASSWORD)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from pipeline" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l weeks -d 'How many weeks, up to the current one' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l job -d 'Only candidates of this job (its code)' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand report; and __fish_seen_subcommand_from trend" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand api" -s f -l field -d 'A string field key=value (repeatable)' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -s F -l raw-field -d 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -s H -l header -d 'A request header \'Name: value\' (repeatable)' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l input -d 'The raw request body from FILE, or - for standard input' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand api" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand api" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand api" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand api" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand api" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand api" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand api" -s i -l include -d 'Print the status line and headers before the body'
complete -c recruit -n "__fish_recruit_using_subcommand api" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand api" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand api" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand api" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand api" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand api" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand api" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand api" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l port -d 'Port to listen on (127.0.0.1); 0 picks a free one' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l state -d 'State file [default: sandbox.json in the data directory]' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l latency -d 'Milliseconds added to every answer' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l fail-rate -d 'Probability (0..1) of a random 503 or 429 with Retry-After' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l fail-seed -d 'Seed for --fail-rate\'s draws: the same requests in the same order fail the same way' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l synthetic-candidates -d 'Add N synthetic candidates with 1 to over 100 submissions each' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l retry-scale -d 'Multiply webhook retry delays (10/30/90/270 s) by X, e.g. 0.01 in tests' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l rate-limit -d 'Allow N requests per second (token bucket, burst N/4); over it, 429 with Retry-After: 1' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l key -d 'API key the sandbox accepts [default: sandbox-key]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l rate-limit-headers -d 'With --rate-limit: send RateLimit, RateLimit-Policy and X-RateLimit-* headers on every answer'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and not __fish_seen_subcommand_from move" -f -a "move" -d 'Move a candidate to another stage, firing the webhook events the service would'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l stage -d 'The stage to move to' -r -f -a "applied\t'Applied, not looked at yet'
review\t'Documents under review'
interview\t'In interviews'
offer\t'Offer being discussed'
pass\t'Hired'
fail\t'Rejected or withdrawn'"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l title -d 'The step\'s title [default: the stage\'s usual one, e.g. 서류 검토 for review]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l at -d 'Date the move in the past: an RFC 3339 time, a DATE (its local midnight) or an age (3d)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand sandbox; and __fish_seen_subcommand_from move" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l access -d 'What the assistant may do: read, comment (memo writes) or write (everything)' -r -f -a "read\t'Read tools only: forms, candidates, jobs, evaluations, interviews, memos, submissions, webhooks'
comment\t'Also create, edit, pin and unpin memos'
write\t'Also delete memos, apply to forms, and create, edit and delete webhooks'"
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l personal-data -d 'Candidates\' birth, resume_path and profile_img_path: left out (basic) or given (full)' -r -f -a "basic\t'Leave candidates\' birth, resume_path and profile_img_path out of results'
full\t'Give candidates as the service sends them'"
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l db -d 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE [default: recruit.db in the data directory]' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand mcp" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -f -a "login" -d 'Store an API key for the profile in the OS keyring (asked with a hidden prompt, or read from a pipe), after checking it works when the profile has a service address'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -f -a "status" -d 'Show the profile, base URL, whether the key works, and the key redacted'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and not __fish_seen_subcommand_from login status logout" -f -a "logout" -d 'Remove the stored API key of the profile (from the OS keyring and the config file)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l with-token -d 'Read the key from standard input instead of prompting (the default when stdin is a pipe)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l no-verify -d 'Store it without checking it against the service'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l insecure-storage -d 'Store it in the config file (mode 0600, not encrypted) instead of the OS keyring: for a machine without a keyring; each command that reads it says so'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from login" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand auth; and __fish_seen_subcommand_from logout" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -f -a "path" -d 'Print the config file\'s path'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -f -a "get" -d 'Print one setting of the profile (api_key and signing_key redacted unless --reveal)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -f -a "set" -d 'Change one setting of the profile (the file is written with mode 0600)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -f -a "unset" -d 'Remove one setting of the profile'
complete -c recruit -n "__fish_recruit_using_subcommand config; and not __fish_seen_subcommand_from path get set unset list" -f -a "list" -d 'List the profile\'s settings (keys are redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from path" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l reveal -d 'Print a secret (api_key, signing_key) in full instead of redacted'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from unset" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand config; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand completions" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand completions" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand completions" -s V -l version -d 'Print version'
complete -c recruit -n "__fish_recruit_using_subcommand help" -l base-url -d 'Service root, with or without a trailing /v1' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l api-key -d 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l profile -d 'A named profile from the config file' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t'Human view, fitted to the terminal (default on a terminal)'
json\t'The body as the service sent it (default when piped)'
ndjson\t'One item per line, streamed as pages arrive'
csv\t'RFC 4180, header row first, nested values as JSON text'
xlsx\t'An Excel workbook (to --out or a pipe, never a terminal)'"
complete -c recruit -n "__fish_recruit_using_subcommand help" -l jq -d 'Filter the JSON result with a jq expression before printing' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l fields -d 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l limit -d 'On list commands: stop after N items' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l timeout -d 'Per-request timeout in seconds [default: 30]' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l retries -d 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l color -d 'When to use colour: auto, always, never (NO_COLOR also turns it off)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c recruit -n "__fish_recruit_using_subcommand help" -l lang -d 'Language of messages, prompts, table headers and help: en or ko [default: from LC_ALL/LANG]; JSON, NDJSON and CSV never change' -r -f -a "en\t''
ko\t''"
complete -c recruit -n "__fish_recruit_using_subcommand help" -l encoding -d 'Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel opens by double-click (a character outside CP949 becomes ?, counted in a warning); a text cell that would start a formula gets a leading \'' -r -f -a "utf-8\t''
cp949\t''"
complete -c recruit -n "__fish_recruit_using_subcommand help" -l password-file -d 'Encrypt -o xlsx output with the password in FILE (its first line)' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand help" -l ca-cert -d 'Extra PEM certificate authorities to trust (a company\'s own CA), besides the system\'s store and SSL_CERT_FILE' -r -F
complete -c recruit -n "__fish_recruit_using_subcommand help" -l max-rate -d 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l max-wait -d 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l reason -d 'Why personal data is read, recorded with this run in the access log (`recruit audit list`); exports and syncs need one when the config sets `require_reason = true`' -r
complete -c recruit -n "__fish_recruit_using_subcommand help" -l sandbox -d 'Run against the built-in emulator (no account needed)'
complete -c recruit -n "__fish_recruit_using_subcommand help" -l all -d 'On list commands: follow every page and merge the result'
complete -c recruit -n "__fish_recruit_using_subcommand help" -s v -l verbose -d 'Log each request and response line to stderr (the token is always redacted)'
complete -c recruit -n "__fish_recruit_using_subcommand help" -l insecure-http -d 'Allow plain http:// to a public host (the key would travel unencrypted)'
complete -c recruit -n "__fish_recruit_using_subcommand help" -l bom -d 'Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that spreadsheet programs (Excel) read Korean text right; a text cell that would start a formula (=, +, -, @, tab, CR) gets a leading \''
complete -c recruit -n "__fish_recruit_using_subcommand help" -l password -d 'Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line'
complete -c recruit -n "__fish_recruit_using_subcommand help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c recruit -n "__fish_recruit_using_subcommand help" -s V -l version -d 'Print version'
