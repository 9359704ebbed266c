//! Bytes as lowercase hexadecimal and back: how signatures and signed tokens travel in
//! text (URLs, headers, JSON).

/// `bytes` as lowercase hex, two digits a byte.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The bytes `text` spells in hex (either case); `None` for anything else.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_goes_there_and_back_and_refuses_what_is_not_hex() {
        assert_eq!(hex(&[0, 0x0f, 0xab, 0xff]), "000fabff");
        assert_eq!(unhex("000fABff"), Some(vec![0, 0x0f, 0xab, 0xff]));
        assert_eq!(unhex(""), Some(vec![]));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
        assert_eq!(unhex("é1"), None);
    }
}
