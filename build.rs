//! How the `recruit` binary is linked: settings of its start-up (benches/startup.rs measures it;
//! benches/README.md gives the numbers). Here rather than in `.cargo/config.toml`, whose
//! `rustflags` every build would share (a rebuild of every dependency) and which a `RUSTFLAGS`
//! variable replaces: a link argument of the binary reaches every build of it, the one
//! `cargo install` makes included.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    // Packed relative relocations (DT_RELR): the loader's table of the addresses it moves at
    // start (45,000 in a position-independent binary) shrinks from 1 MB of RELA entries to
    // 14 kB of bitmaps, read and applied in a fraction of the time. GNU ld (2.38+) and lld know
    // the option; the binary then names glibc's GLIBC_ABI_DT_RELR (2.36+), which the C library
    // it was linked against has, so it runs where it was built.
    if var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu" {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
