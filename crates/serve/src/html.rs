//! HTML text: every name and number goes through [`escape`].

use std::fmt::Write as _;

/// `text` with `&`, `<`, `>`, `"` and `'` written as entities, safe in an
/// element and in a quoted attribute.
///
/// ```
/// assert_eq!(
///     feldherr_serve::escape("<script>alert('x')</script> & \"y\""),
///     "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;"
/// );
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `text` for a URL's query (letters, digits and `-._~` as they are, the
/// rest as `%XX`).
pub(crate) fn url_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The style of every page: readable at 360 px, large on a projector.
pub(crate) const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0;padding:0 .8em 2em;\
max-width:60em;line-height:1.4;font-size:1.05rem}header{display:flex;flex-wrap:wrap;gap:.3em 1em;\
align-items:baseline;padding:.6em 0;border-bottom:1px solid #999}header b{font-size:1.15em}\
nav a{margin-right:.8em}table{border-collapse:collapse;width:100%}td,th{padding:.3em .4em;\
border-bottom:1px solid #ccc;text-align:left}input{font-size:1.1rem;padding:.3em;max-width:100%}\
label{display:block;margin:.6em 0 .2em}button{font-size:1.1rem;padding:.5em 1.2em;margin-top:1em}\
.err{color:#a00;font-weight:bold}.ok{color:#060;font-weight:bold}.muted{color:#555}\
.qr svg{width:10em;height:10em}";
