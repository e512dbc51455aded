fn main() {
    recruit::redact::install_panic_hook();
    std::process::exit(recruit::cli::main_entry());
}
