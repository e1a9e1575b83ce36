//! Helpers shared by the command-line tests: run the binary, read its output, scratch files.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

pub fn jovian(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jovian"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scratch file under the target directory, unique per test.
pub fn scratch(name: &str, contents: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).expect("scratch file written");
    path
}

/// Runs the binary, asserts it succeeded, and returns its output.
pub fn run_ok(args: &[&str]) -> String {
    let o = jovian(args);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}\n{}", stderr(&o));
    text
}

/// A fresh path under the target directory, unique per test: whatever was there is removed,
/// and nothing is created (a command under test may create it).
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A fresh, empty directory under the target directory, unique per test.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = fresh_dir(name);
    std::fs::create_dir_all(&dir).expect("scratch directory created");
    dir
}

/// Asserts the run failed with status 2 and a single stderr line containing `needle`.
pub fn assert_fails(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(err.contains(needle), "expected {needle:?} in {err:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one line expected: {err:?}"
    );
}
