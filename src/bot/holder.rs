//! The name a process's workers give themselves in the claims they take in the database.

/// Host and process, unique per process: what a scheduler's, a clock's or a puzzle maker's
/// claim names.
pub fn holder_name() -> String {
    let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "kibitz".to_string());
    format!("{host}:{}", std::process::id())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holders_name_their_process() {
        assert!(holder_name().ends_with(&format!(":{}", std::process::id())));
    }
}
