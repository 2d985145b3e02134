//! A form's body and a URL's query (`application/x-www-form-urlencoded`),
//! bounded before they are read.

/// The largest body a form may send, in bytes.
pub const MAX_BODY: usize = 4096;

/// The most fields a form or query may have.
pub const MAX_PAIRS: usize = 40;

/// The longest key or value, in bytes after decoding.
pub const MAX_VALUE: usize = 200;

/// The fields of `text`, decoded; `None` when there are too many, one is
/// too long or not UTF-8.
pub(crate) fn parse(text: &str) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    for pair in text.split('&').filter(|p| !p.is_empty()) {
        if out.len() >= MAX_PAIRS {
            return None;
        }
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        out.push((decode(key)?, decode(value)?));
    }
    Some(out)
}

/// The first value of `key`.
pub(crate) fn get<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
        if out.len() > MAX_VALUE {
            return None;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_decoded_and_bounded() {
        let pairs = parse("code=ab%20C&name=J%C3%BCrgen+K.&empty=&flag").expect("parses");
        assert_eq!(get(&pairs, "code"), Some("ab C"));
        assert_eq!(get(&pairs, "name"), Some("Jürgen K."));
        assert_eq!(get(&pairs, "empty"), Some(""));
        assert_eq!(get(&pairs, "flag"), Some(""));
        assert!(parse("a=%zz").is_none());
        assert!(parse("a=%f").is_none());
        assert!(parse(&format!("a={}", "x".repeat(MAX_VALUE + 1))).is_none());
        assert!(parse(&"a=1&".repeat(MAX_PAIRS + 1)).is_none());
        assert!(parse("a=%FF").is_none(), "not UTF-8");
    }
}
