//! Writing the commands' output. `println!` panics when stdout is a pipe whose reader has gone
//! (`jovian setups typhoon | head -1`), because Rust ignores SIGPIPE. The process-wide remedy,
//! restoring SIGPIPE's default, would also let a closed socket kill `jovian serve`; so instead
//! every command's output goes through `outln!` and `out!`, which end the process quietly (status
//! 0: the reader has what it wanted) when the reader has gone, and with one error line and status
//! 2 on any other write error (a full disk). `errln!` writes to stderr and ignores write errors:
//! there is nowhere left to report them.

use std::io::{ErrorKind, Write};

/// Writes to stdout, or ends the process as described above.
pub fn write_out(args: std::fmt::Arguments) {
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        failed(e);
    }
}

/// Flushes stdout (after a prompt that does not end its line), or ends the process as above.
pub fn flush_out() {
    if let Err(e) = std::io::stdout().lock().flush() {
        failed(e);
    }
}

fn failed(e: std::io::Error) -> ! {
    if e.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    write_err(format_args!("jovian: cannot write the output: {e}\n"));
    std::process::exit(2);
}

/// Writes to stderr; a failure is ignored.
pub fn write_err(args: std::fmt::Arguments) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// `println!` for the commands' output (see the module's comment).
macro_rules! outln {
    () => {
        $crate::output::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for the commands' output.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write_out(format_args!($($arg)*))
    };
}

/// `eprintln!` that never panics.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}
