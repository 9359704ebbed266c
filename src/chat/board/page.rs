//! The board page's own files, shipped inside the binary: no CDN, nothing fetched at run
//! time. Each is served with a Content-Security-Policy that lets the page run only its own
//! script and speak only to its own server.

use super::theme_css::theme_css;
use crate::render::theme::Theme;
use axum::Router;
use axum::http::HeaderMap;
use axum::http::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_SECURITY_POLICY, CONTENT_TYPE, VARY,
};
use axum::response::{IntoResponse, Response};
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
/// Discord's Embedded App SDK, bundled (`assets/app/README.md`); loaded only in an Activity.
const DISCORD_SDK: &str = include_str!("../../../assets/app/discord-sdk.js");

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
        .route("/app/discord-sdk.js", get(discord_sdk))
        .route(
            "/app/theme.css",
            get(|| async {
                let css: &'static str = THEME.get_or_init(|| theme_css(&Theme::DEFAULT));
                file(css, "text/css; charset=utf-8")
            }),
        )
}

/// The SDK gzipped, for the browsers that say they take it (every one that runs an
/// Activity): 45 KB on the wire instead of 148 KB.
async fn discord_sdk(headers: HeaderMap) -> Response {
    let gzip = headers
        .get(ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .split(',')
                .any(|coding| coding.trim().starts_with("gzip"))
        });
    let kind = "text/javascript; charset=utf-8";
    if !gzip {
        return (
            [(VARY, "Accept-Encoding")],
            file(DISCORD_SDK, kind).into_response(),
        )
            .into_response();
    }
    let packed: &'static [u8] = DISCORD_SDK_GZIP.get_or_init(|| gzipped(DISCORD_SDK.as_bytes()));
    (
        [(CONTENT_ENCODING, "gzip"), (VARY, "Accept-Encoding")],
        file(packed, kind).into_response(),
    )
        .into_response()
}

static DISCORD_SDK_GZIP: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();

fn gzipped(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut packer = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to memory fails only when memory does, which aborts anyway.
    let _ = packer.write_all(bytes);
    packer.finish().unwrap_or_default()
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

/// What an Activity loads besides the page: the SDK, as sent gzipped and as it is.
pub fn discord_sdk_weight() -> (usize, usize) {
    let packed = DISCORD_SDK_GZIP.get_or_init(|| gzipped(DISCORD_SDK.as_bytes()));
    (packed.len(), DISCORD_SDK.len())
}

/// The page's weight in bytes: everything it loads (HTML, script, styles and font).
pub fn page_weight() -> usize {
    INDEX.len()
        + SCRIPT.len()
        + STYLE.len()
        + FONT.len()
        + THEME.get_or_init(|| theme_css(&Theme::DEFAULT)).len()
}
