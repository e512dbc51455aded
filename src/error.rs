//! The client's one error type, and what only the front end does with errors: one line for
//! people with secrets scrubbed, and the panic hook.

pub use recruit_client::error::*;

/// An error chain as one line (`outer: cause: cause`), secrets scrubbed.
#[cfg(feature = "mcp")] // the MCP server's
pub(crate) fn redact_error(err: &anyhow::Error) -> String {
    // Our own errors already carry a complete message: don't repeat their causes.
    let text = if let Some(e) = err.downcast_ref::<crate::Error>() {
        e.message.clone()
    } else {
        format!("{err:#}")
    };
    crate::redact::scrub(&text)
}

/// A broken invariant, a bug: a panic whose text is `text`, a message in the language in use
/// (the panic hook puts "internal error" before it and where it happened after it).
#[track_caller]
pub(crate) fn bug(text: String) -> ! {
    panic!("{text}")
}

/// Install a panic hook that scrubs secrets from panic messages. A panic on the main thread
/// still ends the process with Rust's status 101; one in a task fails that task's command.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
            s.to_string()
        } else if let Some(s) = info.payload().downcast_ref::<String>() {
            s.clone()
        } else {
            "unknown panic".to_string()
        };
        // Every panic is a bug reported as one: even a closed pipe (which no writer here
        // panics on any more) must not turn into an exit status of success.
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        // Not eprintln!: a closed stderr must not panic inside the panic hook.
        crate::elog!(
            "{}: {}{}",
            crate::i18n::internal_error(crate::i18n::lang()),
            crate::redact::scrub(&msg),
            location
        );
    }));
}
