//! Echoes of input in error messages, cut to a readable length: an error
//! about a 100 KB line quotes its first characters, not all of it.

use std::borrow::Cow;

/// The most characters of input an error message quotes.
pub const EXCERPT_CHARS: usize = 60;

/// `text` itself if it has at most [`EXCERPT_CHARS`] characters; otherwise
/// its first [`EXCERPT_CHARS`] characters, an ellipsis and the full length:
/// `444444…(100000 characters)`.
#[must_use]
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!(
            "{}…({} characters)",
            &text[..cut],
            text.chars().count()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole_and_long_text_is_cut() {
        assert_eq!(excerpt("4453"), "4453");
        let sixty = "é".repeat(60);
        assert_eq!(excerpt(&sixty), sixty.as_str());
        let long = "4".repeat(100_000);
        assert_eq!(
            excerpt(&long),
            format!("{}…(100000 characters)", "4".repeat(60))
        );
        // Cut on a character boundary, never inside one.
        assert_eq!(
            excerpt(&"é".repeat(61)),
            format!("{}…(61 characters)", "é".repeat(60))
        );
    }
}
