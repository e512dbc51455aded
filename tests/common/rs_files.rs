//! Shared by the source-reading tests (tests/layers.rs, tests/words_static.rs).

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted, so failures list in a stable order.
pub fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rs_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
}
