//! What a shaping engine would do for the right-to-left names the fonts can draw: Arabic
//! letters take their joining forms (Unicode's presentation forms, which DejaVu Sans has) and
//! right-to-left runs are put in visual order. ab_glyph draws one glyph a character, left to
//! right, so the text is turned into the characters to draw, in the order to draw them.
//!
//! The rules are a small part of the Unicode bidirectional algorithm: the line's direction is
//! left to right (every picture is laid out so); a run that starts and ends with a
//! right-to-left letter (with spaces, punctuation and digits between) is reversed, numbers in
//! it keeping their own order, a letter keeping its marks, and brackets in it mirrored.

/// The characters of `text` to draw, left to right: control and invisible format characters
/// (joiners, variation selectors, direction marks) left out, Arabic shaped, right-to-left
/// runs reversed.
pub fn visual(text: &str) -> Vec<char> {
    let chars: Vec<char> = text.chars().filter(|&c| !invisible(c)).collect();
    if !chars.iter().any(|&c| rtl(c)) {
        return chars;
    }
    reorder(&shape_arabic(&chars))
}

/// Characters with nothing to draw that fonts without shaping would show as boxes.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}' // zero widths, joiners, direction marks
            | '\u{202A}'..='\u{202E}' // direction embeddings
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}' // direction isolates
            | '\u{FE00}'..='\u{FE0F}' // variation selectors
            | '\u{FEFF}'
            | '\u{E0100}'..='\u{E01EF}')
}

/// A strong right-to-left character (Hebrew, Arabic and their presentation forms).
fn rtl(c: char) -> bool {
    matches!(c,
        '\u{0590}'..='\u{05FF}'
        | '\u{0600}'..='\u{065F}'
        | '\u{066A}'..='\u{06EF}'
        | '\u{06FA}'..='\u{08FF}'
        | '\u{FB1D}'..='\u{FDFF}'
        | '\u{FE70}'..='\u{FEFF}')
        && !mark(c)
}

/// A combining mark, drawn on the letter before it.
fn mark(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}'
        | '\u{0591}'..='\u{05BD}'
        | '\u{05BF}' | '\u{05C1}' | '\u{05C2}' | '\u{05C4}' | '\u{05C5}' | '\u{05C7}'
        | '\u{0610}'..='\u{061A}'
        | '\u{064B}'..='\u{065F}'
        | '\u{0670}'
        | '\u{06D6}'..='\u{06DC}'
        | '\u{06DF}'..='\u{06E4}'
        | '\u{06E7}' | '\u{06E8}'
        | '\u{06EA}'..='\u{06ED}')
}

/// A left-to-right letter: it ends a right-to-left run.
fn ltr(c: char) -> bool {
    c.is_alphabetic() && !rtl(c) && !mark(c)
}

fn digit(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}')
}

/// Reverses each right-to-left run of `chars` (see the module's rules).
fn reorder(chars: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        if !rtl(chars[i]) {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        // The run goes on to the last right-to-left letter before a left-to-right one.
        let mut end = i + 1;
        let mut j = i + 1;
        while j < chars.len() && !ltr(chars[j]) {
            if rtl(chars[j]) || mark(chars[j]) {
                end = j + 1;
            }
            j += 1;
        }
        out.extend(reverse_run(&chars[i..end]));
        i = end;
    }
    out
}

/// One right-to-left run in visual order: clusters (a letter and its marks, or a number)
/// reversed, brackets mirrored.
fn reverse_run(run: &[char]) -> Vec<char> {
    let mut clusters: Vec<Vec<char>> = Vec::new();
    for &c in run {
        let joins_previous = match clusters.last().and_then(|cluster| cluster.last()) {
            Some(&previous) => mark(c) || (digit(c) && digit(previous)),
            None => false,
        };
        match clusters.last_mut() {
            Some(cluster) if joins_previous => cluster.push(c),
            _ => clusters.push(vec![mirror(c)]),
        }
    }
    clusters.into_iter().rev().flatten().collect()
}

fn mirror(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        other => other,
    }
}

/// How an Arabic letter joins: on both sides, or only to the letter before it (right).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Joining {
    Dual,
    Right,
}

/// An Arabic letter's joining type and forms: isolated, final, and (dual-joining letters)
/// initial and medial.
fn forms(c: char) -> Option<(Joining, [u32; 4])> {
    use Joining::{Dual, Right};
    let right = |isolated: u32| Some((Right, [isolated, isolated + 1, 0, 0]));
    let dual = |isolated: u32| Some((Dual, [isolated, isolated + 1, isolated + 2, isolated + 3]));
    match c {
        '\u{0621}' => Some((Right, [0xFE80, 0xFE80, 0, 0])), // hamza never joins; see joins()
        '\u{0622}' => right(0xFE81),
        '\u{0623}' => right(0xFE83),
        '\u{0624}' => right(0xFE85),
        '\u{0625}' => right(0xFE87),
        '\u{0626}' => dual(0xFE89),
        '\u{0627}' => right(0xFE8D),
        '\u{0628}' => dual(0xFE8F),
        '\u{0629}' => right(0xFE93),
        '\u{062A}' => dual(0xFE95),
        '\u{062B}' => dual(0xFE99),
        '\u{062C}' => dual(0xFE9D),
        '\u{062D}' => dual(0xFEA1),
        '\u{062E}' => dual(0xFEA5),
        '\u{062F}' => right(0xFEA9),
        '\u{0630}' => right(0xFEAB),
        '\u{0631}' => right(0xFEAD),
        '\u{0632}' => right(0xFEAF),
        '\u{0633}' => dual(0xFEB1),
        '\u{0634}' => dual(0xFEB5),
        '\u{0635}' => dual(0xFEB9),
        '\u{0636}' => dual(0xFEBD),
        '\u{0637}' => dual(0xFEC1),
        '\u{0638}' => dual(0xFEC5),
        '\u{0639}' => dual(0xFEC9),
        '\u{063A}' => dual(0xFECD),
        '\u{0641}' => dual(0xFED1),
        '\u{0642}' => dual(0xFED5),
        '\u{0643}' => dual(0xFED9),
        '\u{0644}' => dual(0xFEDD),
        '\u{0645}' => dual(0xFEE1),
        '\u{0646}' => dual(0xFEE5),
        '\u{0647}' => dual(0xFEE9),
        '\u{0648}' => right(0xFEED),
        '\u{0649}' => right(0xFEEF),
        '\u{064A}' => dual(0xFEF1),
        // Persian and Urdu letters, from Presentation Forms-A.
        '\u{067E}' => dual(0xFB56),
        '\u{0686}' => dual(0xFB7A),
        '\u{0698}' => right(0xFB8A),
        '\u{06A9}' => dual(0xFB8E),
        '\u{06AF}' => dual(0xFB92),
        '\u{06CC}' => dual(0xFBFC),
        _ => None,
    }
}

/// Whether `c` joins the letter after it (tatweel does, as a dual-joining letter would).
fn joins_next(c: char) -> bool {
    c == '\u{0640}' || matches!(forms(c), Some((Joining::Dual, _)))
}

/// Whether `c` joins the letter before it.
fn joins_previous(c: char) -> bool {
    c == '\u{0640}' || (c != '\u{0621}' && forms(c).is_some())
}

/// The lam-alef ligature (isolated form) for an alef after lam.
fn lam_alef(alef: char) -> Option<u32> {
    match alef {
        '\u{0622}' => Some(0xFEF5),
        '\u{0623}' => Some(0xFEF7),
        '\u{0625}' => Some(0xFEF9),
        '\u{0627}' => Some(0xFEFB),
        _ => None,
    }
}

/// Arabic letters replaced by the presentation form their neighbours call for (logical order
/// kept); lam followed by alef becomes their ligature.
fn shape_arabic(chars: &[char]) -> Vec<char> {
    // The nearest letter before / after position i, skipping marks.
    let neighbour = |from: usize, step: isize| -> Option<char> {
        let mut at = from as isize + step;
        while at >= 0 && (at as usize) < chars.len() {
            let c = chars[at as usize];
            if !mark(c) {
                return Some(c);
            }
            at += step;
        }
        None
    };
    let mut out = Vec::with_capacity(chars.len());
    let mut skip_alef = None;
    for (i, &c) in chars.iter().enumerate() {
        if skip_alef == Some(i) {
            continue;
        }
        let Some((joining, [isolated, last, first, middle])) = forms(c) else {
            out.push(c);
            continue;
        };
        let before = i > 0 && neighbour(i, -1).is_some_and(joins_next) && joins_previous(c);
        let next = neighbour(i, 1);
        if c == '\u{0644}'
            && let Some(ligature) = next.and_then(lam_alef)
        {
            let form = ligature + u32::from(before);
            out.push(char::from_u32(form).unwrap_or(c));
            // The alef is the next letter; marks between stay.
            skip_alef = (i + 1..chars.len()).find(|&j| !mark(chars[j]));
            continue;
        }
        let after = joining == Joining::Dual && next.is_some_and(joins_previous);
        let form = match (before, after) {
            (true, true) => middle,
            (true, false) => last,
            (false, true) => first,
            (false, false) => isolated,
        };
        out.push(char::from_u32(form).unwrap_or(c));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(text: &str) -> String {
        visual(text).into_iter().collect()
    }

    #[test]
    fn latin_cyrillic_and_cjk_are_left_as_they_are() {
        for text in ["alice", "Александра", "王小明", "김민준", "a 😀 b"] {
            assert_eq!(show(text), text);
        }
        assert_eq!(show("🏳\u{FE0F}\u{200D}🌈"), "🏳🌈");
    }

    #[test]
    fn hebrew_is_drawn_in_visual_order_with_numbers_kept() {
        assert_eq!(show("דוד כהן"), "ןהכ דוד");
        assert_eq!(show("alice vs שרה"), "alice vs הרש");
        assert_eq!(show("שרה 42"), "הרש 42");
        assert_eq!(show("שרה 42 כהן"), "ןהכ 42 הרש");
        assert_eq!(show("(שרה)"), "(הרש)");
        assert_eq!(show("שרה (42) כהן"), "ןהכ (42) הרש");
    }

    #[test]
    fn arabic_letters_join_and_lam_alef_is_one_glyph() {
        // محمد: meem initial, hah medial, meem medial, dal final; then reversed.
        assert_eq!(show("محمد"), "\u{FEAA}\u{FEE4}\u{FEA4}\u{FEE3}".to_string());
        // سلام: seen initial, lam-alef final ligature, meem isolated (alef does not join on).
        assert_eq!(show("سلام"), "\u{FEE1}\u{FEFC}\u{FEB3}".to_string());
    }
}
