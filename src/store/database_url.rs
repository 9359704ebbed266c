//! What of `DATABASE_URL` may be shown: logs name the server, errors never the password.

use super::Backend;

/// What logs may say about `DATABASE_URL`: the backend and, for a server, its host and port;
/// never the user, password, database name or options.
pub fn database_label(url: &str) -> String {
    let backend = match Backend::of(url) {
        Ok(Backend::Sqlite) => return "sqlite".to_string(),
        Ok(Backend::Postgres) => "postgres",
        Err(_) => return "unknown".to_string(),
    };
    match url::Url::parse(url) {
        Ok(parsed) => match (parsed.host_str(), parsed.port()) {
            (Some(host), Some(port)) => format!("{backend}://{host}:{port}"),
            (Some(host), None) => format!("{backend}://{host}"),
            (None, _) => backend.to_string(),
        },
        Err(_) => backend.to_string(),
    }
}

/// The password of a database URL as it may appear in an error's text: as written and
/// percent-decoded (none for a URL without one).
pub fn database_url_secrets(url: &str) -> Vec<String> {
    let mut secrets = Vec::new();
    if let Ok(url) = url::Url::parse(url)
        && let Some(password) = url.password()
    {
        secrets.push(password.to_string());
        if let Some((_, decoded)) =
            url::form_urlencoded::parse(format!("p={password}").as_bytes()).next()
        {
            secrets.push(decoded.into_owned());
        }
    }
    secrets
}
