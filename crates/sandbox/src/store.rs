//! The sandbox's state in one JSON file, shared safely between tasks and processes (see
//! [`crate::state`] for how). Above the demo data, which it starts a new file from.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::answer::ApiError;
use crate::state::{sidecar, Db, STATE_VERSION};

/// What identifies one version of the file on disk; a rename always changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    ino: u64,
    #[cfg(unix)]
    ctime: (i64, i64),
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            #[cfg(unix)]
            ino: meta.ino(),
            #[cfg(unix)]
            ctime: (meta.ctime(), meta.ctime_nsec()),
        }
    }
}

struct Cache {
    db: Db,
    /// `None` = must reload before use (never read, or an aborted write left it dirty).
    stamp: Option<Stamp>,
}

/// The state file, shared safely between tasks and processes.
pub struct StateFile {
    path: PathBuf,
    lock_path: PathBuf,
    cache: Mutex<Cache>,
}

impl StateFile {
    /// Open (or create with demo data) the state file at `path`.
    pub fn open(path: &Path) -> anyhow::Result<StateFile> {
        let lock_path = sidecar(path, "lock");
        let store = StateFile {
            path: path.to_path_buf(),
            lock_path,
            cache: Mutex::new(Cache {
                db: super::demo::demo_db(),
                stamp: None,
            }),
        };
        let _lock = store
            .lock()
            .map_err(|e| anyhow::anyhow!("sandbox state {}: {}", path.display(), e.message))?;
        let mut cache = store.cache.lock().unwrap_or_else(|p| p.into_inner());
        store
            .refresh(&mut cache)
            .map_err(|e| anyhow::anyhow!("sandbox state {}: {}", path.display(), e.message))?;
        drop(cache);
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> Result<File, ApiError> {
        if let Some(dir) = self.lock_path.parent() {
            if !dir.as_os_str().is_empty() {
                std::fs::create_dir_all(dir).map_err(|e| {
                    ApiError::internal(format!("cannot create {}: {e}", dir.display()))
                })?;
            }
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&self.lock_path)
            .map_err(|e| {
                ApiError::internal(format!("cannot open {}: {e}", self.lock_path.display()))
            })?;
        file.lock().map_err(|e| {
            ApiError::internal(format!("cannot lock {}: {e}", self.lock_path.display()))
        })?;
        // The lock is released when the returned handle is dropped.
        Ok(file)
    }

    /// Reload the cache when the file changed; create it with demo data when missing.
    /// Must be called with the file lock held.
    fn refresh(&self, cache: &mut Cache) -> Result<(), ApiError> {
        let mut file = match File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                cache.db = super::demo::demo_db();
                return self.persist(cache);
            }
            Err(e) => {
                return Err(ApiError::internal(format!(
                    "cannot read {}: {e}",
                    self.path.display()
                )))
            }
        };
        // Stat the handle we read from, so the stamp matches the bytes we parse.
        let meta = file
            .metadata()
            .map_err(|e| ApiError::internal(format!("cannot stat {}: {e}", self.path.display())))?;
        let stamp = Stamp::of(&meta);
        if cache.stamp == Some(stamp) {
            return Ok(());
        }
        let mut text = String::new();
        use std::io::Read;
        file.read_to_string(&mut text)
            .map_err(|e| ApiError::internal(format!("cannot read {}: {e}", self.path.display())))?;
        // The version first: a file of another version may not parse as this one's layout,
        // and is never replaced silently.
        #[derive(serde::Deserialize)]
        struct Version {
            version: Option<u32>,
        }
        let version = serde_json::from_str::<Version>(&text)
            .ok()
            .and_then(|v| v.version);
        match version {
            Some(v) if v > STATE_VERSION => {
                return Err(ApiError::internal(format!(
                    "{} is a sandbox state file of a newer recruit (version {v}; this one reads version {STATE_VERSION}); upgrade recruit, or pass another --state file",
                    self.path.display()
                )))
            }
            Some(v) if v < STATE_VERSION => {
                // Kept beside it, never overwritten: an older layout is not migrated.
                let bak = sidecar(&self.path, "bak");
                if bak.exists() {
                    return Err(ApiError::internal(format!(
                        "{} is a sandbox state file of an older version ({v}) and {} already exists; move one of them away",
                        self.path.display(),
                        bak.display()
                    )));
                }
                std::fs::rename(&self.path, &bak).map_err(|e| {
                    ApiError::internal(format!("cannot keep {} as {}: {e}", self.path.display(), bak.display()))
                })?;
                recruit_client::elog!(
                    "warning: {} was a sandbox state file of an older version ({v}); kept as {} and started again from the demo data",
                    self.path.display(),
                    bak.display()
                );
                cache.db = super::demo::demo_db();
                return self.persist(cache);
            }
            _ => {}
        }
        let mut db: Db = serde_json::from_str(&text).map_err(|e| {
            ApiError::internal(format!(
                "{} is not a valid sandbox state file ({e}); remove it to start again from the demo data",
                self.path.display()
            ))
        })?;
        // A file from before the hiring pipeline: completed in memory (the same way by every
        // process), written with the next change.
        super::demo::upgrade(&mut db);
        cache.db = db;
        cache.stamp = Some(stamp);
        Ok(())
    }

    fn persist(&self, cache: &mut Cache) -> Result<(), ApiError> {
        cache.db.generation += 1;
        let bytes = serde_json::to_vec_pretty(&cache.db)
            .map_err(|e| ApiError::internal(format!("cannot serialize the state: {e}")))?;
        recruit_client::files::write_private(&self.path, &bytes)
            .map_err(|e| ApiError::internal(e.message))?;
        let meta = std::fs::metadata(&self.path)
            .map_err(|e| ApiError::internal(format!("cannot stat {}: {e}", self.path.display())))?;
        cache.stamp = Some(Stamp::of(&meta));
        Ok(())
    }

    /// Run `f` on the current state.
    pub fn read<R>(&self, f: impl FnOnce(&Db) -> Result<R, ApiError>) -> Result<R, ApiError> {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        let _lock = self.lock()?;
        self.refresh(&mut cache)?;
        f(&cache.db)
    }

    /// Run `f` on the current state and save the result when `f` succeeds. When it fails
    /// the in-memory copy may be half-changed, so it is marked for reloading instead.
    pub fn write<R>(&self, f: impl FnOnce(&mut Db) -> Result<R, ApiError>) -> Result<R, ApiError> {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        let _lock = self.lock()?;
        self.refresh(&mut cache)?;
        match f(&mut cache.db) {
            Ok(r) => {
                if let Err(e) = self.persist(&mut cache) {
                    cache.stamp = None;
                    return Err(e);
                }
                Ok(r)
            }
            Err(e) => {
                cache.stamp = None;
                Err(e)
            }
        }
    }

    /// [`StateFile::read`] off the async threads (file locking blocks).
    pub async fn read_async<R, F>(self: &Arc<Self>, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&Db) -> Result<R, ApiError> + Send + 'static,
    {
        let store = self.clone();
        tokio::task::spawn_blocking(move || store.read(f))
            .await
            .map_err(|e| ApiError::internal(format!("state access failed: {e}")))?
    }

    /// [`StateFile::write`] off the async threads.
    pub async fn write_async<R, F>(self: &Arc<Self>, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Db) -> Result<R, ApiError> + Send + 'static,
    {
        let store = self.clone();
        tokio::task::spawn_blocking(move || store.write(f))
            .await
            .map_err(|e| ApiError::internal(format!("state access failed: {e}")))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_stores_see_each_others_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let a = StateFile::open(&path).unwrap();
        let b = StateFile::open(&path).unwrap();
        let id = a
            .write(|db| {
                db.next_memo_id += 1;
                Ok(db.next_memo_id)
            })
            .unwrap();
        assert_eq!(b.read(|db| Ok(db.next_memo_id)).unwrap(), id);
        b.write(|db| {
            db.next_memo_id += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(a.read(|db| Ok(db.next_memo_id)).unwrap(), id + 1);
    }

    #[test]
    fn failed_write_is_not_saved() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let a = StateFile::open(&path).unwrap();
        let before = a.read(|db| Ok(db.memos.len())).unwrap();
        let r: Result<(), _> = a.write(|db| {
            db.memos.clear();
            Err(ApiError::not_found())
        });
        assert!(r.is_err());
        assert_eq!(a.read(|db| Ok(db.memos.len())).unwrap(), before);
    }

    #[test]
    fn corrupt_file_is_reported_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, "{oops").unwrap();
        let err = StateFile::open(&path).err().unwrap().to_string();
        assert!(err.contains("not a valid sandbox state file"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{oops");
    }

    #[test]
    fn deleted_file_is_recreated_with_demo_data() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let a = StateFile::open(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(a.read(|db| Ok(db.forms.len())).unwrap() > 20);
        assert!(path.exists());
    }
}
