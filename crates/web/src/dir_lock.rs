//! One server per data directory: `jovian-serve.lock` in the directory, locked (an advisory `flock`
//! on Unix, a file lock on Windows) for as long as the server keeps its games there. Two servers on
//! one database would each keep their own copy of a game in memory and write over each other's
//! moves; the second one is refused at start instead.
//!
//! The lock belongs to the open file, so it goes away with the process however it ends (even
//! `kill -9`): a stale lock file is harmless and is reused. The file holds the process id of the
//! server that has it, for the message the next one prints.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use crate::WebError;

pub const LOCK_FILE: &str = "jovian-serve.lock";

/// The data directory, held. Dropping it lets the next server in.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

impl DirLock {
    /// Takes the lock of `dir` (which must exist), or says who has it.
    pub fn acquire(dir: &Path) -> Result<DirLock, WebError> {
        let path = dir.join(LOCK_FILE);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| WebError::Data(format!("cannot open {}: {e}", path.display())))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(WebError::DataInUse {
                    dir: dir.display().to_string(),
                    holder: if holder.is_empty() {
                        "another process".to_string()
                    } else {
                        format!("process {holder}")
                    },
                });
            }
            Err(TryLockError::Error(e)) => {
                return Err(WebError::Data(format!(
                    "cannot lock {}: {e}",
                    path.display()
                )));
            }
        }
        // Who holds it, for the message of a second server; the lock matters, not this text.
        let _ = file.set_len(0);
        let _ = file.seek(SeekFrom::Start(0));
        let _ = write!(file, "{}", std::process::id());
        let _ = file.flush();
        Ok(DirLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = std::env::temp_dir().join(format!("jovian-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let first = DirLock::acquire(&dir).unwrap();
        let err = DirLock::acquire(&dir).unwrap_err().to_string();
        assert!(
            err.contains(&format!("process {}", std::process::id())),
            "{err}"
        );
        assert!(err.starts_with("another Jovian server"), "{err}");
        drop(first);
        let again = DirLock::acquire(&dir).unwrap();
        drop(again);
        // The file stays (a stale one is harmless) and holds the last holder's process id.
        let text = std::fs::read_to_string(dir.join(LOCK_FILE)).unwrap();
        assert_eq!(text, std::process::id().to_string());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
