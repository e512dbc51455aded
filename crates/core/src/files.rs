//! Files that hold personal data or a key: private to their owner from the first byte, never
//! opened through a planted symbolic link, replaced atomically.

use std::path::{Path, PathBuf};

/// Options for a new file holding personal data (exports, journals, stored uploads): readable
/// by the owner only (0600 on Unix), like the config and state files.
pub fn private_file() -> std::fs::OpenOptions {
    #[allow(unused_mut)]
    let mut o = std::fs::OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o
}

/// A database file holding personal data (the relay's event store, the sync's mirror), with
/// its directory, private to the owner from the first byte: SQLite gives its -wal and -shm
/// files the file's permissions. An existing file is left as it is.
pub fn create_private(path: &std::path::Path, what: &crate::msg::Msg) -> Result<(), crate::Error> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.exists() {
            let mut b = std::fs::DirBuilder::new();
            b.recursive(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::DirBuilderExt;
                b.mode(0o700);
            }
            b.create(dir).map_err(|e| {
                crate::Error::caused(
                    crate::ExitKind::Usage,
                    crate::msg!(
                        "file-cannot-create-dir",
                        dir = dir.display().to_string(),
                        what = what.clone()
                    ),
                    e,
                )
            })?;
        }
    }
    match private_file().write(true).create_new(true).open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(crate::Error::caused(
            crate::ExitKind::Usage,
            crate::msg!(
                "file-cannot-create-what",
                what = what.clone(),
                path = path.display().to_string()
            ),
            e,
        )),
    }
}

/// An existing file opened to read and write, never through a symbolic link (a link planted
/// at a partial file or a journal must not redirect the writes).
pub fn open_existing(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    let mut o = std::fs::OpenOptions::new();
    o.read(true).write(true);
    no_follow(&mut o);
    o.open(path)
}

/// A file opened to read and write, created (mode 0600) when missing, never truncated and never
/// through a symbolic link.
pub fn open_or_create(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    let mut o = private_file();
    o.read(true).write(true).create(true);
    no_follow(&mut o);
    o.open(path)
}

fn no_follow(o: &mut std::fs::OpenOptions) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    #[cfg(not(unix))]
    let _ = o;
}

/// Atomically write `bytes` to `path`, readable only by the owner.
pub fn write_private(path: &Path, bytes: &[u8]) -> Result<(), crate::Error> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)
        .map_err(|e| crate::Error::file(crate::error::FileOp::Create, dir, e))?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .map_err(|e| crate::Error::file(crate::error::FileOp::WriteIn, dir, e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o600));
    }
    use std::io::Write;
    tmp.write_all(bytes)
        .and_then(|_| tmp.as_file().sync_all())
        .map_err(|e| crate::Error::file(crate::error::FileOp::Write, path, e))?;
    tmp.persist(path)
        .map_err(|e| crate::Error::file(crate::error::FileOp::Write, path, e.error))?;
    Ok(())
}

/// Directory for config (`RECRUIT_CONFIG_DIR` overrides the XDG location).
pub fn config_dir() -> PathBuf {
    dir("RECRUIT_CONFIG_DIR", directories::ProjectDirs::config_dir)
}

/// Directory for data such as the sandbox state (`RECRUIT_DATA_DIR` overrides).
pub fn data_dir() -> PathBuf {
    dir("RECRUIT_DATA_DIR", directories::ProjectDirs::data_dir)
}

/// `var` when set, else the platform's directory `pick` names, else `.recruit`.
fn dir(var: &str, pick: fn(&directories::ProjectDirs) -> &std::path::Path) -> PathBuf {
    if let Some(dir) = std::env::var_os(var) {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "recruit")
        .map(|d| pick(&d).to_path_buf())
        .unwrap_or_else(|| PathBuf::from(".recruit"))
}

/// Append `line` (a newline is added) to the private file `path`, creating it (0600, its
/// directory 0700) when missing: opened with `O_APPEND`, never through a symbolic link, written
/// whole under an exclusive lock and synced, so two processes appending at once never
/// interleave or lose a line. For the small append-only records recruit keeps in the data
/// directory (the export registry, the destruction register).
pub fn append_line(path: &Path, line: &str) -> Result<(), crate::Error> {
    use crate::error::FileOp;
    use std::io::Write;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir.filter(|d| !d.exists()) {
        let mut b = std::fs::DirBuilder::new();
        b.recursive(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::DirBuilderExt;
            b.mode(0o700);
        }
        b.create(dir)
            .map_err(|e| crate::Error::file(FileOp::Create, dir, e))?;
    }
    let mut file = locked(path, || {
        let mut o = private_file();
        o.append(true).create(true);
        no_follow(&mut o);
        o.open(path).map(Some)
    })?
    .ok_or_else(|| crate::Error::file(FileOp::Open, path, std::io::ErrorKind::NotFound.into()))?;
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    file.write_all(&bytes)
        .and_then(|_| file.sync_data())
        .map_err(|e| crate::Error::file(FileOp::Write, path, e))
    // The lock goes with the file.
}

/// The file `open` gives (none: it does not exist), under an exclusive lock, and still the
/// one at `path`: [`remove_lines`] replaces the file by a rename, so a writer that waited for
/// the lock on the old one opens the new one rather than write where no one reads.
fn locked(
    path: &Path,
    open: impl Fn() -> std::io::Result<Option<std::fs::File>>,
) -> Result<Option<std::fs::File>, crate::Error> {
    use crate::error::FileOp;
    loop {
        let Some(file) = open().map_err(|e| crate::Error::file(FileOp::Open, path, e))? else {
            return Ok(None);
        };
        file.lock()
            .map_err(|e| crate::Error::file(FileOp::Lock, path, e))?;
        if same_file(&file, path) {
            return Ok(Some(file));
        }
    }
}

/// Whether `file` is the one at `path` now (not replaced by a rename since it was opened):
/// a writer that waited for a lock checks it before writing, since the file it opened may
/// have been replaced meanwhile (a prune's rewrite, a new export).
pub fn same_file(file: &std::fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), std::fs::symlink_metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// Removes the lines `drop` names from a file written by [`append_line`] (a retention run on
/// the destruction register), under its lock and atomically: the lines kept go to a new
/// private file, synced, which replaces the old one by a rename (its directory synced). A
/// last line without its newline is kept as it is. Returns how many lines went; no file,
/// none.
pub fn remove_lines(path: &Path, drop: impl Fn(&str) -> bool) -> Result<u64, crate::Error> {
    use crate::error::FileOp;
    use std::io::{Read, Write};
    let opened = locked(path, || {
        let mut o = std::fs::OpenOptions::new();
        o.read(true);
        no_follow(&mut o);
        match o.open(path) {
            Ok(f) => Ok(Some(f)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    })?;
    let Some(mut file) = opened else {
        return Ok(0);
    };
    let mut text = Vec::new();
    file.read_to_end(&mut text)
        .map_err(|e| crate::Error::file(FileOp::Read, path, e))?;
    let mut kept = Vec::with_capacity(text.len());
    let mut removed = 0;
    for line in text.split_inclusive(|b| *b == b'\n') {
        let complete = line.ends_with(b"\n");
        if complete && drop(String::from_utf8_lossy(&line[..line.len() - 1]).trim()) {
            removed += 1;
        } else {
            kept.extend_from_slice(line);
        }
    }
    if removed == 0 {
        return Ok(0);
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".new");
    let tmp = PathBuf::from(tmp);
    let write_err = |e| crate::Error::file(FileOp::Write, &tmp, e);
    match std::fs::remove_file(&tmp) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(write_err(e)),
        _ => {}
    }
    let mut o = private_file();
    o.write(true).create_new(true);
    no_follow(&mut o);
    let mut new = o.open(&tmp).map_err(write_err)?;
    new.write_all(&kept)
        .and_then(|_| new.sync_all())
        .map_err(write_err)?;
    std::fs::rename(&tmp, path).map_err(|e| crate::Error::file(FileOp::Write, path, e))?;
    #[cfg(unix)]
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(|e| crate::Error::file(FileOp::Write, dir, e))?;
    }
    Ok(removed)
    // The lock on the old file goes with it.
}

/// The lines of an append-only file written by [`append_line`], read under a shared lock (a
/// line being appended is never read half); none when the file does not exist. A last line
/// without its newline (a crash mid-write) is left out.
pub fn read_lines(path: &Path) -> Result<Vec<String>, crate::Error> {
    use crate::error::FileOp;
    use std::io::Read;
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    no_follow(&mut o);
    let mut file = match o.open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(crate::Error::file(FileOp::Open, path, e)),
    };
    file.lock_shared()
        .map_err(|e| crate::Error::file(FileOp::Lock, path, e))?;
    let mut text = String::new();
    file.read_to_string(&mut text)
        .map_err(|e| crate::Error::file(FileOp::Read, path, e))?;
    let complete = text.rfind('\n').map_or("", |end| &text[..end]);
    Ok(complete
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn appends_from_many_writers_at_once_keep_every_line_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("register.jsonl");
        let long = "x".repeat(70_000); // longer than one pipe buffer or page
        std::thread::scope(|s| {
            for w in 0..4 {
                let (path, long) = (&path, &long);
                s.spawn(move || {
                    for i in 0..50 {
                        append_line(path, &format!("{w}-{i}-{long}")).unwrap();
                    }
                });
            }
        });
        let lines = read_lines(&path).unwrap();
        assert_eq!(lines.len(), 200);
        assert!(lines.iter().all(|l| l.ends_with(long.as_str())));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        // A line cut short by a crash is not read.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b"{\"cut")
            .unwrap();
        assert_eq!(read_lines(&path).unwrap().len(), 200);
        assert!(read_lines(&dir.path().join("none")).unwrap().is_empty());
    }

    #[test]
    fn lines_removed_while_others_append_lose_no_appended_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("register.jsonl");
        let removed = std::thread::scope(|s| {
            let writer = s.spawn(|| {
                for i in 0..2_000 {
                    append_line(&path, &format!("w-{i}")).unwrap();
                }
            });
            let mut removed = 0;
            while !writer.is_finished() {
                removed += remove_lines(&path, |l| l.ends_with('0')).unwrap();
            }
            removed
        });
        let removed = removed + remove_lines(&path, |l| l.ends_with('0')).unwrap();
        let lines = read_lines(&path).unwrap();
        assert_eq!(removed, 200);
        assert_eq!(lines.len(), 1_800);
        assert!(lines.iter().all(|l| !l.ends_with('0')));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert_eq!(remove_lines(&dir.path().join("none"), |_| true).unwrap(), 0);
    }
}
