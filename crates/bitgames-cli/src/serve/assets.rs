//! The page and its assets, embedded in the binary from the crate's `web/`.

use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

const INDEX: &str = include_str!("../../web/index.html");

/// The content type of the page's JavaScript modules.
const JS: &str = "text/javascript; charset=utf-8";

/// The files under `/assets/`: name, content type, bytes. The page's script
/// is ES modules: `app.js` (the shell) imports the others by their names here.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("app.js", JS, include_bytes!("../../web/app.js")),
    ("api.js", JS, include_bytes!("../../web/api.js")),
    ("page.js", JS, include_bytes!("../../web/page.js")),
    ("tictactoe.js", JS, include_bytes!("../../web/tictactoe.js")),
    ("connect4.js", JS, include_bytes!("../../web/connect4.js")),
    ("santorini.js", JS, include_bytes!("../../web/santorini.js")),
    (
        "santorini_turns.js",
        JS,
        include_bytes!("../../web/santorini_turns.js"),
    ),
    (
        "santorini_board.js",
        JS,
        include_bytes!("../../web/santorini_board.js"),
    ),
    (
        "santorini_gods.js",
        JS,
        include_bytes!("../../web/santorini_gods.js"),
    ),
    ("generic.js", JS, include_bytes!("../../web/generic.js")),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/style.css"),
    ),
    // What the page's api.js reads to choose its backend: this server's
    // API (scripts/build-site writes `worker` for the static page).
    (
        "site.json",
        "application/json",
        include_bytes!("../../web/site.json"),
    ),
    (
        "icon.svg",
        "image/svg+xml",
        include_bytes!("../../web/icon.svg"),
    ),
];

/// `GET /`: the page (the game and position come from its query string).
pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, content_type, bytes)) => (
            [
                (header::CONTENT_TYPE, *content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *bytes,
        )
            .into_response(),
        None => super::reply::Failure(bitgames_api::ApiError::not_found(format!(
            "no asset {}",
            bitgames::excerpt(&file)
        )))
        .into_response(),
    }
}
