fn main() {
    recruit::error::install_panic_hook();
    recruit::i18n::install();
    std::process::exit(recruit::cli::main_entry());
}

/// Whether stdout was closed (`recruit ... >&-`) must be seen before Rust's runtime starts: it
/// puts `/dev/null` in a closed standard descriptor's place before `main`, so results would
/// vanish with exit 0. A constructor runs before it.
#[cfg(all(unix, not(target_vendor = "apple")))]
#[used]
#[link_section = ".init_array"]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

#[cfg(target_vendor = "apple")]
#[used]
#[link_section = "__DATA,__mod_init_func"]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

#[cfg(unix)]
extern "C" fn note_closed_stdout() {
    recruit::io::note_closed_stdout();
}
