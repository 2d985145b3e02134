//! The server's address as a QR code, for the terminal and for a page.

use qrcode::QrCode;
use qrcode::render::{svg, unicode};

/// The QR code of `text` as lines of block characters (two rows per
/// line), with its quiet zone, for a terminal; `None` when `text` is too
/// long for a QR code.
pub fn qr_text(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<unicode::Dense1x2>()
            .dark_color(unicode::Dense1x2::Light)
            .light_color(unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

/// The QR code of `text` as an SVG image; `None` when `text` is too long.
pub fn qr_svg(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
    )
}
