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

/// The style of every page: readable at 360 px (fields and buttons as
/// wide as the screen and at least 44 px high to tap, wide tables scroll
/// in their box instead of shrinking the page), large on a projector.
pub(crate) const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0;padding:0 .8em 2em;\
max-width:60em;line-height:1.4;font-size:1.05rem}header{display:flex;flex-wrap:wrap;gap:.3em 1em;\
align-items:baseline;padding:.6em 0;border-bottom:1px solid #999}header b{font-size:1.15em}\
nav a{display:inline-block;margin-right:.8em;padding:.4em 0}h1{font-size:1.5em;margin:.5em 0}\
table{border-collapse:collapse;width:100%}td,th{padding:.3em .4em;border-bottom:1px solid #ccc;\
text-align:left}.wide{overflow-x:auto}.wide td,.wide th{white-space:nowrap}\
input,select{font-size:1.1rem;padding:.3em;width:100%;max-width:20em;min-height:2.75rem;\
box-sizing:border-box}label{display:block;margin:.6em 0 .2em}\
button{font-size:1.1rem;padding:.5em 1.2em;margin-top:1em;min-height:2.75rem;min-width:12em}\
td a{display:inline-block;padding:.2em 0}\
.err{color:#a00;font-weight:bold}.ok{color:#060;font-weight:bold}.muted{color:#555}\
.qr svg{width:10em;height:10em}\
@media (min-width:64em){body{max-width:none;font-size:1.4rem}}";
