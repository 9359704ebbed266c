//! Names as users chose them, made safe to show: nothing in a name may turn the rest of a
//! line around (bidirectional overrides and isolates) or hide in it (invisible format
//! characters), while emoji sequences that need joiners and tags stay whole.

/// `name` without bidirectional controls and without invisible format characters, except a
/// zero-width joiner between two emoji and the tag characters after one (a subdivision flag).
pub(crate) fn clean(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len());
    for (at, &c) in chars.iter().enumerate() {
        if c.is_control() {
            // Tabs, line breaks and the C0/C1 controls: a name is one line of text.
            out.push(' ');
            continue;
        }
        if !is_format(c) {
            out.push(c);
            continue;
        }
        let before = chars[..at].iter().rev().find(|&&b| !is_variation(b));
        let after = chars.get(at + 1);
        let keep = match c {
            '\u{200D}' => {
                before.is_some_and(|&b| is_emoji(b)) && after.is_some_and(|&a| is_emoji(a))
            }
            // Tag characters follow a flag's black flag or another tag.
            '\u{E0020}'..='\u{E007F}' => before
                .is_some_and(|&b| b == '\u{1F3F4}' || ('\u{E0020}'..='\u{E007F}').contains(&b)),
            _ => false,
        };
        if keep {
            out.push(c);
        }
    }
    out.trim().to_string()
}

/// A name to show for a user whose own name is nothing once cleaned: their platform id.
pub(crate) fn or_id(cleaned: String, platform_id: &str) -> String {
    if cleaned.is_empty() {
        format!("user {}", clean(platform_id))
    } else {
        cleaned
    }
}

/// Unicode's format characters (general category Cf), which draw nothing, plus the
/// bidirectional marks.
fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}'
        | '\u{0600}'..='\u{0605}'
        | '\u{061C}'
        | '\u{06DD}'
        | '\u{070F}'
        | '\u{0890}'..='\u{0891}'
        | '\u{08E2}'
        | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{110BD}'
        | '\u{110CD}'
        | '\u{13430}'..='\u{1343F}'
        | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0001}'
        | '\u{E0020}'..='\u{E007F}'
    )
}

/// Variation selectors (text or emoji presentation), which sit between an emoji and a joiner.
fn is_variation(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{1F3FB}'..='\u{1F3FF}')
}

/// Characters that begin or continue an emoji sequence a joiner may link.
fn is_emoji(c: char) -> bool {
    matches!(c,
        '\u{00A9}' | '\u{00AE}'
        | '\u{2190}'..='\u{21FF}'
        | '\u{2300}'..='\u{23FF}'
        | '\u{2460}'..='\u{27BF}'
        | '\u{2900}'..='\u{297F}'
        | '\u{2B00}'..='\u{2BFF}'
        | '\u{3030}' | '\u{303D}' | '\u{3297}' | '\u{3299}'
        | '\u{1F000}'..='\u{1FAFF}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_that_turn_a_line_around_or_hide_are_removed() {
        assert_eq!(clean("\u{202E}gnissim"), "gnissim");
        assert_eq!(clean("al\u{200B}ice\u{2066}x\u{2069}"), "alicex");
        assert_eq!(clean("bob\u{200D}"), "bob");
        assert_eq!(clean("\u{200E}\u{200F}\u{FEFF}\u{00AD}"), "");
        assert_eq!(clean("ali\u{1A}ce\nbob\t"), "ali ce bob");
        assert_eq!(clean("Ёжик 🦔"), "Ёжик 🦔");
        assert_eq!(or_id(clean("\u{202E}"), "42"), "user 42");
        assert_eq!(or_id(clean("ann"), "42"), "ann");
    }

    #[test]
    fn emoji_sequences_keep_their_joiners_and_tags() {
        // Family, woman astronaut (with a skin tone), rainbow flag, the flag of England.
        for name in [
            "👨\u{200D}👩\u{200D}👧",
            "👩🏽\u{200D}🚀",
            "🏳\u{FE0F}\u{200D}🌈",
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        ] {
            assert_eq!(clean(name), name, "{name:?}");
        }
        // A joiner between letters, or tags after a letter, are not a sequence.
        assert_eq!(clean("a\u{200D}b"), "ab");
        assert_eq!(clean("a\u{E0067}"), "a");
    }
}
