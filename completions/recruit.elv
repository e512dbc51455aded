
use builtin;
use str;

set edit:completion:arg-completer[recruit] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'recruit'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'recruit'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand forms 'Application forms (job postings): list, read, apply'
            cand memos 'Memos on a candidate: list, read, create, edit, delete, pin'
            cand submissions 'A candidate''s form submissions'
            cand webhooks 'Webhook registrations, and a local toolkit to receive, verify and trigger events'
            cand files 'Upload files for use in applications'
            cand export 'Batch export for many candidates (submissions, memos) or every form'
            cand api 'Send a raw request to any API path'
            cand sandbox 'Run the built-in emulator of the service as a local server'
            cand auth 'Store, show and remove the API key of a profile'
            cand config 'Read and change the config file'
            cand completions 'Print a shell completion script'
            cand generate-docs 'Regenerate completions/ and man/ (for maintainers)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;forms'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List application forms (job postings)'
            cand get 'Show one form with its questions'
            cand apply 'Submit an application: from an answers file, or through an interactive wizard'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;forms;list'= {
            cand --title 'Only forms whose title (or job group) matches'
            cand --page-token 'Start at this page: a token, or the next_page_token address of a previous answer'
            cand --per 'Page size (1-100)'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;forms;get'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;forms;apply'= {
            cand --answers 'Answers file (JSON, a variant A or B request body), or - for standard input'
            cand --variant 'Request variant [default: a, or the profile''s `variant`]'
            cand --save 'Wizard: also write the answers to FILE (valid input for --answers)'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --dry-run 'Print the exact request body and send nothing'
            cand -y 'Don''t ask for confirmation'
            cand --yes 'Don''t ask for confirmation'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;forms;help'= {
            cand list 'List application forms (job postings)'
            cand get 'Show one form with its questions'
            cand apply 'Submit an application: from an answers file, or through an interactive wizard'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;forms;help;list'= {
        }
        &'recruit;forms;help;get'= {
        }
        &'recruit;forms;help;apply'= {
        }
        &'recruit;forms;help;help'= {
        }
        &'recruit;memos'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List a candidate''s memos as threads (replies under their parent)'
            cand get 'Show one memo'
            cand create 'Write a memo (or a reply with --reply-to)'
            cand edit 'Change a memo''s content, role, mentions or attachment'
            cand delete 'Delete a memo (asks first on a terminal)'
            cand pin 'Pin a memo (leaves it pinned, whatever its state before)'
            cand unpin 'Unpin a memo (leaves it unpinned, whatever its state before)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;memos;list'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;memos;get'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;memos;create'= {
            cand --content 'The memo text, or - to read it from standard input'
            cand --reply-to 'Make it a reply to memo ID'
            cand --role 'Who may read it'
            cand --mention 'Mention a user by code (repeatable)'
            cand --file-url 'Attachment address'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;memos;edit'= {
            cand --content 'New text, or - to read it from standard input'
            cand --role 'Who may read it'
            cand --mention 'Replace the mentions (repeatable)'
            cand --file-url 'Attachment address'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --clear-mentions 'Remove every mention'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;memos;delete'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand -y 'Don''t ask for confirmation'
            cand --yes 'Don''t ask for confirmation'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;memos;pin'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;memos;unpin'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;memos;help'= {
            cand list 'List a candidate''s memos as threads (replies under their parent)'
            cand get 'Show one memo'
            cand create 'Write a memo (or a reply with --reply-to)'
            cand edit 'Change a memo''s content, role, mentions or attachment'
            cand delete 'Delete a memo (asks first on a terminal)'
            cand pin 'Pin a memo (leaves it pinned, whatever its state before)'
            cand unpin 'Unpin a memo (leaves it unpinned, whatever its state before)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;memos;help;list'= {
        }
        &'recruit;memos;help;get'= {
        }
        &'recruit;memos;help;create'= {
        }
        &'recruit;memos;help;edit'= {
        }
        &'recruit;memos;help;delete'= {
        }
        &'recruit;memos;help;pin'= {
        }
        &'recruit;memos;help;unpin'= {
        }
        &'recruit;memos;help;help'= {
        }
        &'recruit;submissions'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List a candidate''s form submissions (pre-interview questions, reference checks, ...)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;submissions;list'= {
            cand --per 'Page size, 1-100 [default: the service''s 20; 100 with --all]'
            cand --page-token 'Start at this page: a token, or a next_url/prev_url of a previous answer'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;submissions;help'= {
            cand list 'List a candidate''s form submissions (pre-interview questions, reference checks, ...)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;submissions;help;list'= {
        }
        &'recruit;submissions;help;help'= {
        }
        &'recruit;webhooks'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List webhook registrations'
            cand get 'Show one webhook registration'
            cand create 'Register a callback address for events'
            cand edit 'Change a webhook registration'
            cand delete 'Delete a webhook registration (asks first on a terminal)'
            cand listen 'Run a local receiver that verifies signatures, prints events and forwards them'
            cand verify 'Check one webhook signature (exit 0 valid, 8 invalid)'
            cand trigger 'Send a signed sample event to a URL with the service''s retry schedule'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;webhooks;list'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;webhooks;get'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;webhooks;create'= {
            cand --callback-url 'Address the service POSTs events to'
            cand --signing-key 'HMAC key the service signs deliveries with'
            cand --event 'Event to deliver (repeatable): candidate_stage_changed, candidate_pass, feedback_created, feedback_completed, interview_scheduled, form_submitted'
            cand -f 'Any other body field, as a string (repeatable)'
            cand --field 'Any other body field, as a string (repeatable)'
            cand -F 'Any other body field, typed: number, true/false, null, or JSON (repeatable)'
            cand --raw-field 'Any other body field, typed: number, true/false, null, or JSON (repeatable)'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --inactive 'Register it inactive'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;webhooks;edit'= {
            cand --callback-url 'New callback address'
            cand --signing-key 'HMAC key the service signs deliveries with'
            cand --event 'Event to deliver (repeatable): candidate_stage_changed, candidate_pass, feedback_created, feedback_completed, interview_scheduled, form_submitted'
            cand -f 'Any other body field, as a string (repeatable)'
            cand --field 'Any other body field, as a string (repeatable)'
            cand -F 'Any other body field, typed: number, true/false, null, or JSON (repeatable)'
            cand --raw-field 'Any other body field, typed: number, true/false, null, or JSON (repeatable)'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --active 'Make it active again'
            cand --inactive 'Register it inactive'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;webhooks;delete'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand -y 'Don''t ask for confirmation'
            cand --yes 'Don''t ask for confirmation'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;webhooks;listen'= {
            cand --port 'Port to listen on; 0 picks a free one (the address is printed on stderr)'
            cand --host 'Address to listen on (anything but loopback exposes the receiver to the network)'
            cand --signing-key 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile''s signing_key]'
            cand --forward-to 'Relay accepted events (raw bytes, signature header, Content-Type) by POST to this URL'
            cand --forward 'Relay one action to its own URL (repeatable); other actions go to --forward-to'
            cand --events 'Print and forward only these actions (comma-separated); others are answered 200 and skipped'
            cand --tolerance 'Maximum age (and lead into the future) of a signature in seconds; 0 disables the check'
            cand --header 'Name of the signature header'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;webhooks;verify'= {
            cand --signing-key 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile''s signing_key]'
            cand --signature 'The signature header''s value, e.g. ''t=1700000000,v1=<hex>'''
            cand --payload 'File with the payload bytes exactly as received; ''-'' or omitted: standard input'
            cand --tolerance 'Maximum age (and lead into the future) of the signature in seconds; 0 disables the check'
            cand --now 'Check as if the current Unix time were this (reproducible checks)'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;webhooks;trigger'= {
            cand --to 'Where to deliver the event (http:// or https://)'
            cand --signing-key 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile''s signing_key]'
            cand --payload 'JSON file to send instead of the sample (''-'' for standard input)'
            cand --retry-delays 'Seconds to wait before each retry, comma-separated; at most 4 (5 attempts); '''' = no retry'
            cand --header 'Name of the signature header'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;webhooks;help'= {
            cand list 'List webhook registrations'
            cand get 'Show one webhook registration'
            cand create 'Register a callback address for events'
            cand edit 'Change a webhook registration'
            cand delete 'Delete a webhook registration (asks first on a terminal)'
            cand listen 'Run a local receiver that verifies signatures, prints events and forwards them'
            cand verify 'Check one webhook signature (exit 0 valid, 8 invalid)'
            cand trigger 'Send a signed sample event to a URL with the service''s retry schedule'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;webhooks;help;list'= {
        }
        &'recruit;webhooks;help;get'= {
        }
        &'recruit;webhooks;help;create'= {
        }
        &'recruit;webhooks;help;edit'= {
        }
        &'recruit;webhooks;help;delete'= {
        }
        &'recruit;webhooks;help;listen'= {
        }
        &'recruit;webhooks;help;verify'= {
        }
        &'recruit;webhooks;help;trigger'= {
        }
        &'recruit;webhooks;help;help'= {
        }
        &'recruit;files'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand upload 'Upload a file (resume, profile image, attachment) and print the path to use in answers'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;files;upload'= {
            cand --name 'Register the file under this name [default: the file''s own name]'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;files;help'= {
            cand upload 'Upload a file (resume, profile image, attachment) and print the path to use in answers'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;files;help;upload'= {
        }
        &'recruit;files;help;help'= {
        }
        &'recruit;export'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand submissions 'Export the form submissions of many candidates'
            cand memos 'Export the memos (with their replies) of many candidates'
            cand forms 'Export every application form, optionally with its questions'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;export;submissions'= {
            cand --candidates 'File of candidate codes, one per line (''-'' for standard input)'
            cand --out 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output'
            cand --concurrency 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)'
            cand --failed 'Write the codes that were not found or failed to FILE, one per line (a --candidates file)'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --resume 'Continue an interrupted export to --out FILE (same arguments as the first run)'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;export;memos'= {
            cand --candidates 'File of candidate codes, one per line (''-'' for standard input)'
            cand --out 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output'
            cand --concurrency 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)'
            cand --failed 'Write the codes that were not found or failed to FILE, one per line (a --candidates file)'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --resume 'Continue an interrupted export to --out FILE (same arguments as the first run)'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;export;forms'= {
            cand --out 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output'
            cand --concurrency 'Detail requests in flight at most with --with-questions, 1-64'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --with-questions 'Fetch each form''s detail (with its questions)'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;export;help'= {
            cand submissions 'Export the form submissions of many candidates'
            cand memos 'Export the memos (with their replies) of many candidates'
            cand forms 'Export every application form, optionally with its questions'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;export;help;submissions'= {
        }
        &'recruit;export;help;memos'= {
        }
        &'recruit;export;help;forms'= {
        }
        &'recruit;export;help;help'= {
        }
        &'recruit;api'= {
            cand -f 'A string field key=value (repeatable)'
            cand --field 'A string field key=value (repeatable)'
            cand -F 'A typed field key=value: number, true/false, null, JSON, or @file (repeatable)'
            cand --raw-field 'A typed field key=value: number, true/false, null, JSON, or @file (repeatable)'
            cand -H 'A request header ''Name: value'' (repeatable)'
            cand --header 'A request header ''Name: value'' (repeatable)'
            cand --input 'The raw request body from FILE, or - for standard input'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand -i 'Print the status line and headers before the body'
            cand --include 'Print the status line and headers before the body'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;sandbox'= {
            cand --port 'Port to listen on (127.0.0.1); 0 picks a free one'
            cand --state 'State file [default: sandbox.json in the data directory]'
            cand --latency 'Milliseconds added to every answer'
            cand --fail-rate 'Probability (0..1) of a random 503 or 429 with Retry-After'
            cand --fail-seed 'Seed for --fail-rate''s draws: the same requests in the same order fail the same way'
            cand --synthetic-candidates 'Add N synthetic candidates with 1 to over 100 submissions each'
            cand --retry-scale 'Multiply webhook retry delays (10/30/90/270 s) by X, e.g. 0.01 in tests'
            cand --rate-limit 'Allow N requests per second (token bucket, burst N/4); over it, 429 with Retry-After: 1'
            cand --key 'API key the sandbox accepts [default: sandbox-key]'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --rate-limit-headers 'With --rate-limit: send RateLimit, RateLimit-Policy and X-RateLimit-* headers on every answer'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;auth'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand login 'Store an API key for the profile (asked with a hidden prompt, or read from a pipe), after checking it works when the profile has a service address'
            cand status 'Show the profile, base URL, whether the key works, and the key redacted'
            cand logout 'Remove the stored API key of the profile'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;auth;login'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --with-token 'Read the key from standard input instead of prompting (the default when stdin is a pipe)'
            cand --no-verify 'Store it without checking it against the service'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;auth;status'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;auth;logout'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;auth;help'= {
            cand login 'Store an API key for the profile (asked with a hidden prompt, or read from a pipe), after checking it works when the profile has a service address'
            cand status 'Show the profile, base URL, whether the key works, and the key redacted'
            cand logout 'Remove the stored API key of the profile'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;auth;help;login'= {
        }
        &'recruit;auth;help;status'= {
        }
        &'recruit;auth;help;logout'= {
        }
        &'recruit;auth;help;help'= {
        }
        &'recruit;config'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand path 'Print the config file''s path'
            cand get 'Print one setting of the profile (api_key and signing_key redacted unless --reveal)'
            cand set 'Change one setting of the profile (the file is written with mode 0600)'
            cand unset 'Remove one setting of the profile'
            cand list 'List the profile''s settings (keys are redacted)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;config;path'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;config;get'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --reveal 'Print a secret (api_key, signing_key) in full instead of redacted'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;config;set'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;config;unset'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;config;list'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;config;help'= {
            cand path 'Print the config file''s path'
            cand get 'Print one setting of the profile (api_key and signing_key redacted unless --reveal)'
            cand set 'Change one setting of the profile (the file is written with mode 0600)'
            cand unset 'Remove one setting of the profile'
            cand list 'List the profile''s settings (keys are redacted)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;config;help;path'= {
        }
        &'recruit;config;help;get'= {
        }
        &'recruit;config;help;set'= {
        }
        &'recruit;config;help;unset'= {
        }
        &'recruit;config;help;list'= {
        }
        &'recruit;config;help;help'= {
        }
        &'recruit;completions'= {
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;generate-docs'= {
            cand --dir 'Repository root to write into'
            cand --base-url 'Service root, with or without a trailing /v1'
            cand --api-key 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)'
            cand --profile 'A named profile from the config file'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter the JSON result with a jq expression before printing'
            cand --fields 'Columns for table and csv output, comma-separated (e.g. code,title)'
            cand --limit 'On list commands: stop after N items'
            cand --timeout 'Per-request timeout in seconds [default: 30]'
            cand --retries 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]'
            cand --color 'When to use colour: auto, always, never (NO_COLOR also turns it off)'
            cand --max-rate 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20'
            cand --sandbox 'Run against the built-in emulator (no account needed)'
            cand --all 'On list commands: follow every page and merge the result'
            cand -v 'Log each request and response line to stderr (the token is always redacted)'
            cand --verbose 'Log each request and response line to stderr (the token is always redacted)'
            cand --insecure-http 'Allow plain http:// to a public host (the key would travel unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'recruit;help'= {
            cand forms 'Application forms (job postings): list, read, apply'
            cand memos 'Memos on a candidate: list, read, create, edit, delete, pin'
            cand submissions 'A candidate''s form submissions'
            cand webhooks 'Webhook registrations, and a local toolkit to receive, verify and trigger events'
            cand files 'Upload files for use in applications'
            cand export 'Batch export for many candidates (submissions, memos) or every form'
            cand api 'Send a raw request to any API path'
            cand sandbox 'Run the built-in emulator of the service as a local server'
            cand auth 'Store, show and remove the API key of a profile'
            cand config 'Read and change the config file'
            cand completions 'Print a shell completion script'
            cand generate-docs 'Regenerate completions/ and man/ (for maintainers)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'recruit;help;forms'= {
            cand list 'List application forms (job postings)'
            cand get 'Show one form with its questions'
            cand apply 'Submit an application: from an answers file, or through an interactive wizard'
        }
        &'recruit;help;forms;list'= {
        }
        &'recruit;help;forms;get'= {
        }
        &'recruit;help;forms;apply'= {
        }
        &'recruit;help;memos'= {
            cand list 'List a candidate''s memos as threads (replies under their parent)'
            cand get 'Show one memo'
            cand create 'Write a memo (or a reply with --reply-to)'
            cand edit 'Change a memo''s content, role, mentions or attachment'
            cand delete 'Delete a memo (asks first on a terminal)'
            cand pin 'Pin a memo (leaves it pinned, whatever its state before)'
            cand unpin 'Unpin a memo (leaves it unpinned, whatever its state before)'
        }
        &'recruit;help;memos;list'= {
        }
        &'recruit;help;memos;get'= {
        }
        &'recruit;help;memos;create'= {
        }
        &'recruit;help;memos;edit'= {
        }
        &'recruit;help;memos;delete'= {
        }
        &'recruit;help;memos;pin'= {
        }
        &'recruit;help;memos;unpin'= {
        }
        &'recruit;help;submissions'= {
            cand list 'List a candidate''s form submissions (pre-interview questions, reference checks, ...)'
        }
        &'recruit;help;submissions;list'= {
        }
        &'recruit;help;webhooks'= {
            cand list 'List webhook registrations'
            cand get 'Show one webhook registration'
            cand create 'Register a callback address for events'
            cand edit 'Change a webhook registration'
            cand delete 'Delete a webhook registration (asks first on a terminal)'
            cand listen 'Run a local receiver that verifies signatures, prints events and forwards them'
            cand verify 'Check one webhook signature (exit 0 valid, 8 invalid)'
            cand trigger 'Send a signed sample event to a URL with the service''s retry schedule'
        }
        &'recruit;help;webhooks;list'= {
        }
        &'recruit;help;webhooks;get'= {
        }
        &'recruit;help;webhooks;create'= {
        }
        &'recruit;help;webhooks;edit'= {
        }
        &'recruit;help;webhooks;delete'= {
        }
        &'recruit;help;webhooks;listen'= {
        }
        &'recruit;help;webhooks;verify'= {
        }
        &'recruit;help;webhooks;trigger'= {
        }
        &'recruit;help;files'= {
            cand upload 'Upload a file (resume, profile image, attachment) and print the path to use in answers'
        }
        &'recruit;help;files;upload'= {
        }
        &'recruit;help;export'= {
            cand submissions 'Export the form submissions of many candidates'
            cand memos 'Export the memos (with their replies) of many candidates'
            cand forms 'Export every application form, optionally with its questions'
        }
        &'recruit;help;export;submissions'= {
        }
        &'recruit;help;export;memos'= {
        }
        &'recruit;help;export;forms'= {
        }
        &'recruit;help;api'= {
        }
        &'recruit;help;sandbox'= {
        }
        &'recruit;help;auth'= {
            cand login 'Store an API key for the profile (asked with a hidden prompt, or read from a pipe), after checking it works when the profile has a service address'
            cand status 'Show the profile, base URL, whether the key works, and the key redacted'
            cand logout 'Remove the stored API key of the profile'
        }
        &'recruit;help;auth;login'= {
        }
        &'recruit;help;auth;status'= {
        }
        &'recruit;help;auth;logout'= {
        }
        &'recruit;help;config'= {
            cand path 'Print the config file''s path'
            cand get 'Print one setting of the profile (api_key and signing_key redacted unless --reveal)'
            cand set 'Change one setting of the profile (the file is written with mode 0600)'
            cand unset 'Remove one setting of the profile'
            cand list 'List the profile''s settings (keys are redacted)'
        }
        &'recruit;help;config;path'= {
        }
        &'recruit;help;config;get'= {
        }
        &'recruit;help;config;set'= {
        }
        &'recruit;help;config;unset'= {
        }
        &'recruit;help;config;list'= {
        }
        &'recruit;help;completions'= {
        }
        &'recruit;help;generate-docs'= {
        }
        &'recruit;help;help'= {
        }
    ]
    $completions[$command]
}
