
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'recruit' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'recruit'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'recruit' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('forms', 'forms', [CompletionResultType]::ParameterValue, 'Application forms (job postings): list, read, apply')
            [CompletionResult]::new('candidates', 'candidates', [CompletionResultType]::ParameterValue, 'Candidates: list them (by stage) and read one')
            [CompletionResult]::new('jobs', 'jobs', [CompletionResultType]::ParameterValue, 'Jobs: postings with their job group, application form and managers')
            [CompletionResult]::new('evaluations', 'evaluations', [CompletionResultType]::ParameterValue, 'Evaluations: a candidate''s scores at a stage')
            [CompletionResult]::new('interviews', 'interviews', [CompletionResultType]::ParameterValue, 'Interviews and their schedules')
            [CompletionResult]::new('memos', 'memos', [CompletionResultType]::ParameterValue, 'Memos on a candidate: list, read, create, edit, delete, pin')
            [CompletionResult]::new('submissions', 'submissions', [CompletionResultType]::ParameterValue, 'A candidate''s form submissions')
            [CompletionResult]::new('webhooks', 'webhooks', [CompletionResultType]::ParameterValue, 'Webhook registrations, and a local toolkit to receive, verify and trigger events')
            [CompletionResult]::new('files', 'files', [CompletionResultType]::ParameterValue, 'Upload files for use in applications')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Batch exports: many candidates'' submissions or memos, candidates, every form')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Mirror forms, jobs, candidates, memos and submissions into SQLite or PostgreSQL, incrementally')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Send a raw request to any API path')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'Run the built-in emulator of the service as a local server, or move its candidates')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the API to AI assistants over the Model Context Protocol (stdio)')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Store, show and remove the API key of a profile')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Read and change the config file')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('generate-docs', 'generate-docs', [CompletionResultType]::ParameterValue, 'Regenerate completions/ and man/ (for maintainers)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;forms' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List application forms (job postings)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one form with its questions')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Submit an application: from an answers file, or through an interactive wizard')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;forms;list' {
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'Only forms whose title (or job group) matches')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page: a token, or the next_page_token address of a previous answer')
            [CompletionResult]::new('--per', '--per', [CompletionResultType]::ParameterName, 'Page size (1-100)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;forms;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;forms;apply' {
            [CompletionResult]::new('--answers', '--answers', [CompletionResultType]::ParameterName, 'Answers file (JSON, a variant A or B request body), or - for standard input')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'Request variant [default: a, or the profile''s `variant`]')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Wizard: also write the answers to FILE (valid input for --answers), even on Ctrl-C')
            [CompletionResult]::new('--resume', '--resume', [CompletionResultType]::ParameterName, 'Wizard: go on from the answers kept with --save FILE (asks only what is unanswered)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the exact request body and send nothing')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Don''t ask for confirmation')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Don''t ask for confirmation')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;forms;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List application forms (job postings)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one form with its questions')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Submit an application: from an answers file, or through an interactive wizard')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;forms;help;list' {
            break
        }
        'recruit;forms;help;get' {
            break
        }
        'recruit;forms;help;apply' {
            break
        }
        'recruit;forms;help;help' {
            break
        }
        'recruit;candidates' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List candidates, optionally at one stage (one page of 20 by default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one candidate: personal data, job and stage, evaluation, salary')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;candidates;list' {
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Only candidates at this stage')
            [CompletionResult]::new('--per', '--per', [CompletionResultType]::ParameterName, 'Page size, 1-100 [default: the service''s 20; 100 with --all]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page: a token, or a page''s address from a previous answer (next_page_token, next_url, prev_url)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;candidates;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;candidates;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List candidates, optionally at one stage (one page of 20 by default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one candidate: personal data, job and stage, evaluation, salary')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;candidates;help;list' {
            break
        }
        'recruit;candidates;help;get' {
            break
        }
        'recruit;candidates;help;help' {
            break
        }
        'recruit;jobs' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List jobs: code (may be empty), title, job group, application form, managers')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;jobs;list' {
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'Only jobs whose posting or job group title matches')
            [CompletionResult]::new('--per', '--per', [CompletionResultType]::ParameterName, 'Page size, 1-100 [default: the service''s 20; 100 with --all]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page: a token, or a page''s address from a previous answer (next_page_token, next_url, prev_url)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;jobs;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List jobs: code (may be empty), title, job group, application form, managers')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;jobs;help;list' {
            break
        }
        'recruit;jobs;help;help' {
            break
        }
        'recruit;evaluations' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one evaluation: the candidate, the stage, each evaluator''s score and comment')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;evaluations;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;evaluations;help' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one evaluation: the candidate, the stage, each evaluator''s score and comment')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;evaluations;help;get' {
            break
        }
        'recruit;evaluations;help;help' {
            break
        }
        'recruit;interviews' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one interview: the candidate, the round and the schedule (in local time)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;interviews;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;interviews;help' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one interview: the candidate, the round and the schedule (in local time)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;interviews;help;get' {
            break
        }
        'recruit;interviews;help;help' {
            break
        }
        'recruit;memos' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a candidate''s memos as threads (replies under their parent)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one memo')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Write a memo (or a reply with --reply-to)')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a memo''s content, role, mentions or attachment')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a memo (asks first on a terminal)')
            [CompletionResult]::new('pin', 'pin', [CompletionResultType]::ParameterValue, 'Pin a memo (leaves it pinned, whatever its state before)')
            [CompletionResult]::new('unpin', 'unpin', [CompletionResultType]::ParameterValue, 'Unpin a memo (leaves it unpinned, whatever its state before)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;memos;list' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;memos;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;memos;create' {
            [CompletionResult]::new('--content', '--content', [CompletionResultType]::ParameterName, 'The memo text, or - to read it from standard input')
            [CompletionResult]::new('--reply-to', '--reply-to', [CompletionResultType]::ParameterName, 'Make it a reply to memo ID')
            [CompletionResult]::new('--role', '--role', [CompletionResultType]::ParameterName, 'Who may read it [default on create: a reply takes its parent''s role (read first); a new memo the service''s default]')
            [CompletionResult]::new('--mention', '--mention', [CompletionResultType]::ParameterName, 'Mention a user by code (repeatable; on edit, replaces the mentions)')
            [CompletionResult]::new('--file-url', '--file-url', [CompletionResultType]::ParameterName, 'Attachment address')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;memos;edit' {
            [CompletionResult]::new('--content', '--content', [CompletionResultType]::ParameterName, 'New text, or - to read it from standard input')
            [CompletionResult]::new('--role', '--role', [CompletionResultType]::ParameterName, 'Who may read it [default on create: a reply takes its parent''s role (read first); a new memo the service''s default]')
            [CompletionResult]::new('--mention', '--mention', [CompletionResultType]::ParameterName, 'Mention a user by code (repeatable; on edit, replaces the mentions)')
            [CompletionResult]::new('--file-url', '--file-url', [CompletionResultType]::ParameterName, 'Attachment address')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--clear-mentions', '--clear-mentions', [CompletionResultType]::ParameterName, 'Remove every mention')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;memos;delete' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Don''t ask for confirmation')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Don''t ask for confirmation')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;memos;pin' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;memos;unpin' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;memos;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a candidate''s memos as threads (replies under their parent)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one memo')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Write a memo (or a reply with --reply-to)')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a memo''s content, role, mentions or attachment')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a memo (asks first on a terminal)')
            [CompletionResult]::new('pin', 'pin', [CompletionResultType]::ParameterValue, 'Pin a memo (leaves it pinned, whatever its state before)')
            [CompletionResult]::new('unpin', 'unpin', [CompletionResultType]::ParameterValue, 'Unpin a memo (leaves it unpinned, whatever its state before)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;memos;help;list' {
            break
        }
        'recruit;memos;help;get' {
            break
        }
        'recruit;memos;help;create' {
            break
        }
        'recruit;memos;help;edit' {
            break
        }
        'recruit;memos;help;delete' {
            break
        }
        'recruit;memos;help;pin' {
            break
        }
        'recruit;memos;help;unpin' {
            break
        }
        'recruit;memos;help;help' {
            break
        }
        'recruit;submissions' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a candidate''s form submissions (pre-interview questions, reference checks, ...)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;submissions;list' {
            [CompletionResult]::new('--per', '--per', [CompletionResultType]::ParameterName, 'Page size, 1-100 [default: the service''s 20; 100 with --all]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page: a token, or a page''s address from a previous answer (next_page_token, next_url, prev_url)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;submissions;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a candidate''s form submissions (pre-interview questions, reference checks, ...)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;submissions;help;list' {
            break
        }
        'recruit;submissions;help;help' {
            break
        }
        'recruit;webhooks' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List webhook registrations')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one webhook registration')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register a callback address for events')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a webhook registration')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a webhook registration (asks first on a terminal)')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Run a local receiver that verifies signatures, prints events and forwards them')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check one webhook signature (exit 0 valid, 8 invalid)')
            [CompletionResult]::new('trigger', 'trigger', [CompletionResultType]::ParameterValue, 'Send a signed sample event to a URL with the service''s retry schedule')
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'The events a durable listener (listen --store) kept: list, show, replay, prune')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;webhooks;list' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;create' {
            [CompletionResult]::new('--callback-url', '--callback-url', [CompletionResultType]::ParameterName, 'Address the service POSTs events to')
            [CompletionResult]::new('--signing-key', '--signing-key', [CompletionResultType]::ParameterName, 'HMAC key the service signs deliveries with')
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Event to deliver (repeatable): candidate_stage_changed, candidate_pass, feedback_created, feedback_completed, interview_scheduled, form_submitted')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A string field key=value (repeatable)')
            [CompletionResult]::new('--field', '--field', [CompletionResultType]::ParameterName, 'A string field key=value (repeatable)')
            [CompletionResult]::new('-F', '-F ', [CompletionResultType]::ParameterName, 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable')
            [CompletionResult]::new('--raw-field', '--raw-field', [CompletionResultType]::ParameterName, 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Register it inactive')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;edit' {
            [CompletionResult]::new('--callback-url', '--callback-url', [CompletionResultType]::ParameterName, 'New callback address')
            [CompletionResult]::new('--signing-key', '--signing-key', [CompletionResultType]::ParameterName, 'HMAC key the service signs deliveries with')
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Event to deliver (repeatable): candidate_stage_changed, candidate_pass, feedback_created, feedback_completed, interview_scheduled, form_submitted')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A string field key=value (repeatable)')
            [CompletionResult]::new('--field', '--field', [CompletionResultType]::ParameterName, 'A string field key=value (repeatable)')
            [CompletionResult]::new('-F', '-F ', [CompletionResultType]::ParameterName, 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable')
            [CompletionResult]::new('--raw-field', '--raw-field', [CompletionResultType]::ParameterName, 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Make it active again')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Register it inactive')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;delete' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Don''t ask for confirmation')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Don''t ask for confirmation')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;listen' {
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'Port to listen on; 0 picks a free one (the address is printed on stderr)')
            [CompletionResult]::new('--host', '--host', [CompletionResultType]::ParameterName, 'Address to listen on (anything but loopback exposes the receiver to the network)')
            [CompletionResult]::new('--signing-key', '--signing-key', [CompletionResultType]::ParameterName, 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile''s signing_key]')
            [CompletionResult]::new('--forward-to', '--forward-to', [CompletionResultType]::ParameterName, 'Relay accepted events (raw bytes, signature header, Content-Type) by POST to this URL')
            [CompletionResult]::new('--forward', '--forward', [CompletionResultType]::ParameterName, 'Relay one action to its own URL (repeatable); other actions go to --forward-to')
            [CompletionResult]::new('--events', '--events', [CompletionResultType]::ParameterName, 'Print and forward only these actions (comma-separated); others are answered 200 and skipped')
            [CompletionResult]::new('--tolerance', '--tolerance', [CompletionResultType]::ParameterName, 'Maximum age (and lead into the future) of a signature in seconds; 0 disables the check')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Name of the signature header')
            [CompletionResult]::new('--idle-timeout', '--idle-timeout', [CompletionResultType]::ParameterName, 'Close a connection that sends nothing for this many seconds (idle keep-alives and half-sent requests); at most 256 connections are served at once')
            [CompletionResult]::new('--store', '--store', [CompletionResultType]::ParameterName, 'Durable relay: commit every verified event to this database before answering 200, then forward from it in order, retrying until the app answers 2xx (default: events.db in the data directory)')
            [CompletionResult]::new('--max-age', '--max-age', [CompletionResultType]::ParameterName, 'With --store: give an event up (status failed) once it is this old and still not delivered, e.g. 30m, 12h, 7d (default: retry without limit)')
            [CompletionResult]::new('--store-fail-after', '--store-fail-after', [CompletionResultType]::ParameterName, 'With --store: stop (exit 1) once the store has refused every write or read for this long, e.g. 30s, 5m')
            [CompletionResult]::new('--metrics-addr', '--metrics-addr', [CompletionResultType]::ParameterName, 'Serve GET /healthz and GET /metrics (Prometheus text) on this address, e.g. 127.0.0.1:9464 (never the listener''s own port)')
            [CompletionResult]::new('--log-format', '--log-format', [CompletionResultType]::ParameterName, 'How log lines on stderr look: text for people, json for a log collector')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;verify' {
            [CompletionResult]::new('--signing-key', '--signing-key', [CompletionResultType]::ParameterName, 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile''s signing_key]')
            [CompletionResult]::new('--signature', '--signature', [CompletionResultType]::ParameterName, 'The signature header''s value, e.g. ''t=1700000000,v1=<hex>''')
            [CompletionResult]::new('--payload', '--payload', [CompletionResultType]::ParameterName, 'File with the payload bytes exactly as received; ''-'' or omitted: standard input')
            [CompletionResult]::new('--tolerance', '--tolerance', [CompletionResultType]::ParameterName, 'Maximum age (and lead into the future) of the signature in seconds; 0 disables the check')
            [CompletionResult]::new('--now', '--now', [CompletionResultType]::ParameterName, 'Check as if the current Unix time were this (reproducible checks)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;trigger' {
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Where to deliver the event (http:// or https://)')
            [CompletionResult]::new('--signing-key', '--signing-key', [CompletionResultType]::ParameterName, 'Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile''s signing_key]')
            [CompletionResult]::new('--payload', '--payload', [CompletionResultType]::ParameterName, 'JSON file to send instead of the sample (''-'' for standard input)')
            [CompletionResult]::new('--retry-delays', '--retry-delays', [CompletionResultType]::ParameterName, 'Seconds to wait before each retry, comma-separated; at most 4 (5 attempts); '''' = no retry')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Name of the signature header')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;events' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List stored events, oldest first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one stored event with its payload')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send stored events again, to their forward target or --to URL')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Delete delivered and failed events received before a time')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;webhooks;events;list' {
            [CompletionResult]::new('--store', '--store', [CompletionResultType]::ParameterName, 'The event store (default: events.db in the data directory)')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only events in this state')
            [CompletionResult]::new('--action', '--action', [CompletionResultType]::ParameterName, 'Only events of this action (e.g. candidate_pass)')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only events received since T: a time (2026-11-01, 2026-11-01T09:00:00Z) or an age (2h, 7d)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Only events forwarded (or to be forwarded) to this app')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;events;show' {
            [CompletionResult]::new('--store', '--store', [CompletionResultType]::ParameterName, 'The event store (default: events.db in the data directory)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;events;replay' {
            [CompletionResult]::new('--store', '--store', [CompletionResultType]::ParameterName, 'The event store (default: events.db in the data directory)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Where to send them (default: the forward target each was last sent to)')
            [CompletionResult]::new('--signing-key', '--signing-key', [CompletionResultType]::ParameterName, 'Sign again with this key and the current time (default: the signature as received)')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Signature header for --signing-key (default: the one received, else Service-Webhook-Signature)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;events;prune' {
            [CompletionResult]::new('--store', '--store', [CompletionResultType]::ParameterName, 'The event store (default: events.db in the data directory)')
            [CompletionResult]::new('--before', '--before', [CompletionResultType]::ParameterName, 'Delete events received before T: a time in the past (2026-11-01) or an age (30d)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--include-pending', '--include-pending', [CompletionResultType]::ParameterName, 'Also delete pending events (never delivered): the relay will not deliver them')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Delete without asking (needed without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Delete without asking (needed without a terminal)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Only say what would be deleted')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;webhooks;events;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List stored events, oldest first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one stored event with its payload')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send stored events again, to their forward target or --to URL')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Delete delivered and failed events received before a time')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;webhooks;events;help;list' {
            break
        }
        'recruit;webhooks;events;help;show' {
            break
        }
        'recruit;webhooks;events;help;replay' {
            break
        }
        'recruit;webhooks;events;help;prune' {
            break
        }
        'recruit;webhooks;events;help;help' {
            break
        }
        'recruit;webhooks;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List webhook registrations')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one webhook registration')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register a callback address for events')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a webhook registration')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a webhook registration (asks first on a terminal)')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Run a local receiver that verifies signatures, prints events and forwards them')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check one webhook signature (exit 0 valid, 8 invalid)')
            [CompletionResult]::new('trigger', 'trigger', [CompletionResultType]::ParameterValue, 'Send a signed sample event to a URL with the service''s retry schedule')
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'The events a durable listener (listen --store) kept: list, show, replay, prune')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;webhooks;help;list' {
            break
        }
        'recruit;webhooks;help;get' {
            break
        }
        'recruit;webhooks;help;create' {
            break
        }
        'recruit;webhooks;help;edit' {
            break
        }
        'recruit;webhooks;help;delete' {
            break
        }
        'recruit;webhooks;help;listen' {
            break
        }
        'recruit;webhooks;help;verify' {
            break
        }
        'recruit;webhooks;help;trigger' {
            break
        }
        'recruit;webhooks;help;events' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List stored events, oldest first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one stored event with its payload')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send stored events again, to their forward target or --to URL')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Delete delivered and failed events received before a time')
            break
        }
        'recruit;webhooks;help;events;list' {
            break
        }
        'recruit;webhooks;help;events;show' {
            break
        }
        'recruit;webhooks;help;events;replay' {
            break
        }
        'recruit;webhooks;help;events;prune' {
            break
        }
        'recruit;webhooks;help;help' {
            break
        }
        'recruit;files' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('upload', 'upload', [CompletionResultType]::ParameterValue, 'Upload a file (resume, profile image, attachment) and print the path to use in answers')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;files;upload' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Register the file under this name [default: the file''s own name]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;files;help' {
            [CompletionResult]::new('upload', 'upload', [CompletionResultType]::ParameterValue, 'Upload a file (resume, profile image, attachment) and print the path to use in answers')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;files;help;upload' {
            break
        }
        'recruit;files;help;help' {
            break
        }
        'recruit;export' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('submissions', 'submissions', [CompletionResultType]::ParameterValue, 'Export the form submissions of many candidates')
            [CompletionResult]::new('memos', 'memos', [CompletionResultType]::ParameterValue, 'Export the memos (with their replies) of many candidates')
            [CompletionResult]::new('candidates', 'candidates', [CompletionResultType]::ParameterValue, 'Export every candidate (or those at one stage), optionally each one''s detail')
            [CompletionResult]::new('forms', 'forms', [CompletionResultType]::ParameterValue, 'Export every application form, optionally with its questions')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;export;submissions' {
            [CompletionResult]::new('--candidates', '--candidates', [CompletionResultType]::ParameterName, 'File of candidate codes, one per line (''-'' for standard input)')
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Instead of --candidates: every candidate at stage S, from every page of the candidate list')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)')
            [CompletionResult]::new('--failed', '--failed', [CompletionResultType]::ParameterName, 'Write the codes that were not found or failed to FILE, one per line (a --candidates file)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--resume', '--resume', [CompletionResultType]::ParameterName, 'Continue an interrupted export to --out FILE (same arguments as the first run)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;export;memos' {
            [CompletionResult]::new('--candidates', '--candidates', [CompletionResultType]::ParameterName, 'File of candidate codes, one per line (''-'' for standard input)')
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Instead of --candidates: every candidate at stage S, from every page of the candidate list')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)')
            [CompletionResult]::new('--failed', '--failed', [CompletionResultType]::ParameterName, 'Write the codes that were not found or failed to FILE, one per line (a --candidates file)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--resume', '--resume', [CompletionResultType]::ParameterName, 'Continue an interrupted export to --out FILE (same arguments as the first run)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;export;candidates' {
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Only the candidates at stage S')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)')
            [CompletionResult]::new('--failed', '--failed', [CompletionResultType]::ParameterName, 'Write the codes that were not found or failed to FILE, one per line (a --candidates file)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--detail', '--detail', [CompletionResultType]::ParameterName, 'Write each candidate''s detail (one request each) instead of the list item')
            [CompletionResult]::new('--resume', '--resume', [CompletionResultType]::ParameterName, 'Continue an interrupted export to --out FILE (same arguments as the first run)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;export;forms' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write to FILE (through FILE.partial, renamed when complete) instead of standard output')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Detail requests in flight at most with --with-questions, 1-64')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--with-questions', '--with-questions', [CompletionResultType]::ParameterName, 'Fetch each form''s detail (with its questions)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;export;help' {
            [CompletionResult]::new('submissions', 'submissions', [CompletionResultType]::ParameterValue, 'Export the form submissions of many candidates')
            [CompletionResult]::new('memos', 'memos', [CompletionResultType]::ParameterValue, 'Export the memos (with their replies) of many candidates')
            [CompletionResult]::new('candidates', 'candidates', [CompletionResultType]::ParameterValue, 'Export every candidate (or those at one stage), optionally each one''s detail')
            [CompletionResult]::new('forms', 'forms', [CompletionResultType]::ParameterValue, 'Export every application form, optionally with its questions')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;export;help;submissions' {
            break
        }
        'recruit;export;help;memos' {
            break
        }
        'recruit;export;help;candidates' {
            break
        }
        'recruit;export;help;forms' {
            break
        }
        'recruit;export;help;help' {
            break
        }
        'recruit;sync' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (prefer the env var for a password) [default: recruit.db in the data directory]')
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Fetch memos and submissions only of candidates at stage S (repeatable); the candidate list is still walked whole')
            [CompletionResult]::new('--refresh-after', '--refresh-after', [CompletionResultType]::ParameterName, 'Fetch again the memos and submissions of candidates fetched longer ago than this (e.g. 7d, 12h)')
            [CompletionResult]::new('--events', '--events', [CompletionResultType]::ParameterName, 'Also fetch the candidates named by events the relay stored since the last run (`webhooks listen --store`) [default FILE: events.db in the data directory]')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at most, 1-64 (lowered automatically while the service answers 429)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--full', '--full', [CompletionResultType]::ParameterName, 'Fetch the memos and submissions of every candidate again (a full run that is stopped is finished by the next one)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The last runs, rows per table, and how old the mirrored data is')
            [CompletionResult]::new('purge', 'purge', [CompletionResultType]::ParameterValue, 'Remove the personal data of candidates at a stage whose stage changed long ago')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;sync;status' {
            [CompletionResult]::new('--runs', '--runs', [CompletionResultType]::ParameterName, 'How many of the last runs to show')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (prefer the env var for a password) [default: recruit.db in the data directory]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;sync;purge' {
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Candidates at this stage (e.g. fail: rejected or withdrawn)')
            [CompletionResult]::new('--older-than', '--older-than', [CompletionResultType]::ParameterName, '... whose stage changed longer ago than this (e.g. 30d)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (prefer the env var for a password) [default: recruit.db in the data directory]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Purge without asking')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Only count the candidates it would purge')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;sync;help' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The last runs, rows per table, and how old the mirrored data is')
            [CompletionResult]::new('purge', 'purge', [CompletionResultType]::ParameterValue, 'Remove the personal data of candidates at a stage whose stage changed long ago')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;sync;help;status' {
            break
        }
        'recruit;sync;help;purge' {
            break
        }
        'recruit;sync;help;help' {
            break
        }
        'recruit;api' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A string field key=value (repeatable)')
            [CompletionResult]::new('--field', '--field', [CompletionResultType]::ParameterName, 'A string field key=value (repeatable)')
            [CompletionResult]::new('-F', '-F ', [CompletionResultType]::ParameterName, 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable')
            [CompletionResult]::new('--raw-field', '--raw-field', [CompletionResultType]::ParameterName, 'A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard input); repeatable')
            [CompletionResult]::new('-H', '-H ', [CompletionResultType]::ParameterName, 'A request header ''Name: value'' (repeatable)')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'A request header ''Name: value'' (repeatable)')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'The raw request body from FILE, or - for standard input')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Print the status line and headers before the body')
            [CompletionResult]::new('--include', '--include', [CompletionResultType]::ParameterName, 'Print the status line and headers before the body')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;sandbox' {
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'Port to listen on (127.0.0.1); 0 picks a free one')
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'State file [default: sandbox.json in the data directory]')
            [CompletionResult]::new('--latency', '--latency', [CompletionResultType]::ParameterName, 'Milliseconds added to every answer')
            [CompletionResult]::new('--fail-rate', '--fail-rate', [CompletionResultType]::ParameterName, 'Probability (0..1) of a random 503 or 429 with Retry-After')
            [CompletionResult]::new('--fail-seed', '--fail-seed', [CompletionResultType]::ParameterName, 'Seed for --fail-rate''s draws: the same requests in the same order fail the same way')
            [CompletionResult]::new('--synthetic-candidates', '--synthetic-candidates', [CompletionResultType]::ParameterName, 'Add N synthetic candidates with 1 to over 100 submissions each')
            [CompletionResult]::new('--retry-scale', '--retry-scale', [CompletionResultType]::ParameterName, 'Multiply webhook retry delays (10/30/90/270 s) by X, e.g. 0.01 in tests')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Allow N requests per second (token bucket, burst N/4); over it, 429 with Retry-After: 1')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'API key the sandbox accepts [default: sandbox-key]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--rate-limit-headers', '--rate-limit-headers', [CompletionResultType]::ParameterName, 'With --rate-limit: send RateLimit, RateLimit-Policy and X-RateLimit-* headers on every answer')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('move', 'move', [CompletionResultType]::ParameterValue, 'Move a candidate to another stage, firing the webhook events the service would')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;sandbox;move' {
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'The stage to move to')
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'The step''s title [default: the stage''s usual one, e.g. 서류 검토 for review]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;sandbox;help' {
            [CompletionResult]::new('move', 'move', [CompletionResultType]::ParameterValue, 'Move a candidate to another stage, firing the webhook events the service would')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;sandbox;help;move' {
            break
        }
        'recruit;sandbox;help;help' {
            break
        }
        'recruit;mcp' {
            [CompletionResult]::new('--access', '--access', [CompletionResultType]::ParameterName, 'What the assistant may do: read, comment (memo writes) or write (everything)')
            [CompletionResult]::new('--personal-data', '--personal-data', [CompletionResultType]::ParameterName, 'Candidates'' birth, resume_path and profile_img_path: left out (basic) or given (full)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;auth' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Store an API key for the profile (asked with a hidden prompt, or read from a pipe), after checking it works when the profile has a service address')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, base URL, whether the key works, and the key redacted')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove the stored API key of the profile')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;auth;login' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--with-token', '--with-token', [CompletionResultType]::ParameterName, 'Read the key from standard input instead of prompting (the default when stdin is a pipe)')
            [CompletionResult]::new('--no-verify', '--no-verify', [CompletionResultType]::ParameterName, 'Store it without checking it against the service')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;auth;status' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;auth;logout' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;auth;help' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Store an API key for the profile (asked with a hidden prompt, or read from a pipe), after checking it works when the profile has a service address')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, base URL, whether the key works, and the key redacted')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove the stored API key of the profile')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;auth;help;login' {
            break
        }
        'recruit;auth;help;status' {
            break
        }
        'recruit;auth;help;logout' {
            break
        }
        'recruit;auth;help;help' {
            break
        }
        'recruit;config' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one setting of the profile (api_key and signing_key redacted unless --reveal)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change one setting of the profile (the file is written with mode 0600)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove one setting of the profile')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profile''s settings (keys are redacted)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;config;path' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;config;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--reveal', '--reveal', [CompletionResultType]::ParameterName, 'Print a secret (api_key, signing_key) in full instead of redacted')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;config;set' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;config;unset' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;config;list' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;config;help' {
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one setting of the profile (api_key and signing_key redacted unless --reveal)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change one setting of the profile (the file is written with mode 0600)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove one setting of the profile')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profile''s settings (keys are redacted)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;config;help;path' {
            break
        }
        'recruit;config;help;get' {
            break
        }
        'recruit;config;help;set' {
            break
        }
        'recruit;config;help;unset' {
            break
        }
        'recruit;config;help;list' {
            break
        }
        'recruit;config;help;help' {
            break
        }
        'recruit;completions' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;generate-docs' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Repository root to write into')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service root, with or without a trailing /v1')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'A named profile from the config file')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON result with a jq expression before printing')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table and csv, the keys json and ndjson keep; alone, lists the fields')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'On list commands: stop after N items')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds [default: 30]')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries of idempotent requests on 429/5xx/connection errors [default: 3]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never (NO_COLOR also turns it off)')
            [CompletionResult]::new('--ca-cert', '--ca-cert', [CompletionResultType]::ParameterName, 'Extra PEM certificate authorities to trust (a company''s own CA), besides the system''s store and SSL_CERT_FILE')
            [CompletionResult]::new('--max-rate', '--max-rate', [CompletionResultType]::ParameterName, 'At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one ends at once with exit 6 naming when the quota resets [default: 60]')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in emulator (no account needed)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'On list commands: follow every page and merge the result')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log each request and response line to stderr (the token is always redacted)')
            [CompletionResult]::new('--insecure-http', '--insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a public host (the key would travel unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'recruit;help' {
            [CompletionResult]::new('forms', 'forms', [CompletionResultType]::ParameterValue, 'Application forms (job postings): list, read, apply')
            [CompletionResult]::new('candidates', 'candidates', [CompletionResultType]::ParameterValue, 'Candidates: list them (by stage) and read one')
            [CompletionResult]::new('jobs', 'jobs', [CompletionResultType]::ParameterValue, 'Jobs: postings with their job group, application form and managers')
            [CompletionResult]::new('evaluations', 'evaluations', [CompletionResultType]::ParameterValue, 'Evaluations: a candidate''s scores at a stage')
            [CompletionResult]::new('interviews', 'interviews', [CompletionResultType]::ParameterValue, 'Interviews and their schedules')
            [CompletionResult]::new('memos', 'memos', [CompletionResultType]::ParameterValue, 'Memos on a candidate: list, read, create, edit, delete, pin')
            [CompletionResult]::new('submissions', 'submissions', [CompletionResultType]::ParameterValue, 'A candidate''s form submissions')
            [CompletionResult]::new('webhooks', 'webhooks', [CompletionResultType]::ParameterValue, 'Webhook registrations, and a local toolkit to receive, verify and trigger events')
            [CompletionResult]::new('files', 'files', [CompletionResultType]::ParameterValue, 'Upload files for use in applications')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Batch exports: many candidates'' submissions or memos, candidates, every form')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Mirror forms, jobs, candidates, memos and submissions into SQLite or PostgreSQL, incrementally')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Send a raw request to any API path')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'Run the built-in emulator of the service as a local server, or move its candidates')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the API to AI assistants over the Model Context Protocol (stdio)')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Store, show and remove the API key of a profile')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Read and change the config file')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('generate-docs', 'generate-docs', [CompletionResultType]::ParameterValue, 'Regenerate completions/ and man/ (for maintainers)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'recruit;help;forms' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List application forms (job postings)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one form with its questions')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Submit an application: from an answers file, or through an interactive wizard')
            break
        }
        'recruit;help;forms;list' {
            break
        }
        'recruit;help;forms;get' {
            break
        }
        'recruit;help;forms;apply' {
            break
        }
        'recruit;help;candidates' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List candidates, optionally at one stage (one page of 20 by default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one candidate: personal data, job and stage, evaluation, salary')
            break
        }
        'recruit;help;candidates;list' {
            break
        }
        'recruit;help;candidates;get' {
            break
        }
        'recruit;help;jobs' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List jobs: code (may be empty), title, job group, application form, managers')
            break
        }
        'recruit;help;jobs;list' {
            break
        }
        'recruit;help;evaluations' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one evaluation: the candidate, the stage, each evaluator''s score and comment')
            break
        }
        'recruit;help;evaluations;get' {
            break
        }
        'recruit;help;interviews' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one interview: the candidate, the round and the schedule (in local time)')
            break
        }
        'recruit;help;interviews;get' {
            break
        }
        'recruit;help;memos' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a candidate''s memos as threads (replies under their parent)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one memo')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Write a memo (or a reply with --reply-to)')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a memo''s content, role, mentions or attachment')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a memo (asks first on a terminal)')
            [CompletionResult]::new('pin', 'pin', [CompletionResultType]::ParameterValue, 'Pin a memo (leaves it pinned, whatever its state before)')
            [CompletionResult]::new('unpin', 'unpin', [CompletionResultType]::ParameterValue, 'Unpin a memo (leaves it unpinned, whatever its state before)')
            break
        }
        'recruit;help;memos;list' {
            break
        }
        'recruit;help;memos;get' {
            break
        }
        'recruit;help;memos;create' {
            break
        }
        'recruit;help;memos;edit' {
            break
        }
        'recruit;help;memos;delete' {
            break
        }
        'recruit;help;memos;pin' {
            break
        }
        'recruit;help;memos;unpin' {
            break
        }
        'recruit;help;submissions' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a candidate''s form submissions (pre-interview questions, reference checks, ...)')
            break
        }
        'recruit;help;submissions;list' {
            break
        }
        'recruit;help;webhooks' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List webhook registrations')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one webhook registration')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register a callback address for events')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a webhook registration')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a webhook registration (asks first on a terminal)')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Run a local receiver that verifies signatures, prints events and forwards them')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check one webhook signature (exit 0 valid, 8 invalid)')
            [CompletionResult]::new('trigger', 'trigger', [CompletionResultType]::ParameterValue, 'Send a signed sample event to a URL with the service''s retry schedule')
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'The events a durable listener (listen --store) kept: list, show, replay, prune')
            break
        }
        'recruit;help;webhooks;list' {
            break
        }
        'recruit;help;webhooks;get' {
            break
        }
        'recruit;help;webhooks;create' {
            break
        }
        'recruit;help;webhooks;edit' {
            break
        }
        'recruit;help;webhooks;delete' {
            break
        }
        'recruit;help;webhooks;listen' {
            break
        }
        'recruit;help;webhooks;verify' {
            break
        }
        'recruit;help;webhooks;trigger' {
            break
        }
        'recruit;help;webhooks;events' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List stored events, oldest first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one stored event with its payload')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send stored events again, to their forward target or --to URL')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Delete delivered and failed events received before a time')
            break
        }
        'recruit;help;webhooks;events;list' {
            break
        }
        'recruit;help;webhooks;events;show' {
            break
        }
        'recruit;help;webhooks;events;replay' {
            break
        }
        'recruit;help;webhooks;events;prune' {
            break
        }
        'recruit;help;files' {
            [CompletionResult]::new('upload', 'upload', [CompletionResultType]::ParameterValue, 'Upload a file (resume, profile image, attachment) and print the path to use in answers')
            break
        }
        'recruit;help;files;upload' {
            break
        }
        'recruit;help;export' {
            [CompletionResult]::new('submissions', 'submissions', [CompletionResultType]::ParameterValue, 'Export the form submissions of many candidates')
            [CompletionResult]::new('memos', 'memos', [CompletionResultType]::ParameterValue, 'Export the memos (with their replies) of many candidates')
            [CompletionResult]::new('candidates', 'candidates', [CompletionResultType]::ParameterValue, 'Export every candidate (or those at one stage), optionally each one''s detail')
            [CompletionResult]::new('forms', 'forms', [CompletionResultType]::ParameterValue, 'Export every application form, optionally with its questions')
            break
        }
        'recruit;help;export;submissions' {
            break
        }
        'recruit;help;export;memos' {
            break
        }
        'recruit;help;export;candidates' {
            break
        }
        'recruit;help;export;forms' {
            break
        }
        'recruit;help;sync' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The last runs, rows per table, and how old the mirrored data is')
            [CompletionResult]::new('purge', 'purge', [CompletionResultType]::ParameterValue, 'Remove the personal data of candidates at a stage whose stage changed long ago')
            break
        }
        'recruit;help;sync;status' {
            break
        }
        'recruit;help;sync;purge' {
            break
        }
        'recruit;help;api' {
            break
        }
        'recruit;help;sandbox' {
            [CompletionResult]::new('move', 'move', [CompletionResultType]::ParameterValue, 'Move a candidate to another stage, firing the webhook events the service would')
            break
        }
        'recruit;help;sandbox;move' {
            break
        }
        'recruit;help;mcp' {
            break
        }
        'recruit;help;auth' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Store an API key for the profile (asked with a hidden prompt, or read from a pipe), after checking it works when the profile has a service address')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, base URL, whether the key works, and the key redacted')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove the stored API key of the profile')
            break
        }
        'recruit;help;auth;login' {
            break
        }
        'recruit;help;auth;status' {
            break
        }
        'recruit;help;auth;logout' {
            break
        }
        'recruit;help;config' {
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one setting of the profile (api_key and signing_key redacted unless --reveal)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change one setting of the profile (the file is written with mode 0600)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove one setting of the profile')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profile''s settings (keys are redacted)')
            break
        }
        'recruit;help;config;path' {
            break
        }
        'recruit;help;config;get' {
            break
        }
        'recruit;help;config;set' {
            break
        }
        'recruit;help;config;unset' {
            break
        }
        'recruit;help;config;list' {
            break
        }
        'recruit;help;completions' {
            break
        }
        'recruit;help;generate-docs' {
            break
        }
        'recruit;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
