//! The board page's own files, shipped inside the binary: no CDN, nothing fetched at run
//! time. Each is served with a Content-Security-Policy that lets the page run only its own
//! script and speak only to its own server.

use super::theme_css::theme_css;
use crate::render::theme::Theme;
use axum::Router;
use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::response::IntoResponse;
use axum::routing::get;

/// Own script, style and API only; framed by the chat apps that open it.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'self' https://web.telegram.org https://*.telegram.org \
     https://discord.com https://*.discordsays.com";

const INDEX: &str = include_str!("../../../assets/app/index.html");
const SCRIPT: &str = include_str!("../../../assets/app/board.js");
const STYLE: &str = include_str!("../../../assets/app/board.css");
/// DejaVu Sans Bold cut to the chess symbols and ASCII (`assets/app/README.md`).
const FONT: &[u8] = include_bytes!("../../../assets/app/board-font.ttf");

/// The page's files, at `/app/`.
pub fn page_routes() -> Router {
    Router::new()
        .route(
            "/app",
            get(|| async { axum::response::Redirect::permanent("/app/") }),
        )
        .route(
            "/app/",
            get(|| async { file(INDEX, "text/html; charset=utf-8") }),
        )
        .route(
            "/app/board.js",
            get(|| async { file(SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/app/board.css",
            get(|| async { file(STYLE, "text/css; charset=utf-8") }),
        )
        .route(
            "/app/board-font.ttf",
            get(|| async { file(FONT, "font/ttf") }),
        )
        .route(
            "/app/theme.css",
            get(|| async {
                let css: &'static str = THEME.get_or_init(|| theme_css(&Theme::DEFAULT));
                file(css, "text/css; charset=utf-8")
            }),
        )
}

/// The theme's style sheet, written once.
static THEME: std::sync::OnceLock<String> = std::sync::OnceLock::new();

fn file(body: impl IntoResponse, kind: &'static str) -> impl IntoResponse {
    (
        [
            (CONTENT_TYPE, kind),
            (CONTENT_SECURITY_POLICY, POLICY),
            // The page and its script change together with the binary.
            (CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// The page's weight in bytes: everything it loads (HTML, script, styles and font).
pub fn page_weight() -> usize {
    INDEX.len()
        + SCRIPT.len()
        + STYLE.len()
        + FONT.len()
        + THEME.get_or_init(|| theme_css(&Theme::DEFAULT)).len()
}
