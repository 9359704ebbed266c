//! How a command-line tool answers: its lines on standard output, or a [`Failure`] that
//! `main` prints on standard error with exit code 1.

/// An error for the command line: printed to stderr, exit code 1.
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure(error.to_string())
    }
}

/// Prints lines to standard output; a reader that stops early (`| head`) is not an error.
pub fn emit(lines: impl IntoIterator<Item = String>) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = lines
        .into_iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    match written {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => Err(error.into()),
        _ => Ok(()),
    }
}
