//! One colour per player, the same on the table, in the side panel and on
//! the sheets; chosen to stay apart for the common colour-vision
//! deficiencies (Okabe and Ito's palette) and in greyscale print (each
//! colour also has its own lightness), with a shape as a second cue.

use eframe::egui::Color32;

/// Player colours in seat order: blue, vermillion, bluish green, reddish
/// purple, then sky blue, orange, yellow and black for big tables; the
/// sheet crate's [`feldherr_sheet::PLAYER_RGB`], so pictures and sheets
/// show the same colours as the window.
pub const PLAYER_COLOURS: [Color32; 8] = {
    let rgb = feldherr_sheet::PLAYER_RGB;
    let mut out = [Color32::BLACK; 8];
    let mut i = 0;
    while i < 8 {
        out[i] = Color32::from_rgb(rgb[i][0], rgb[i][1], rgb[i][2]);
        i += 1;
    }
    out
};

/// The second cue of a player's pieces and labels, for greyscale and
/// colour-blind readers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerMark {
    /// A round mark.
    Circle,
    /// A square mark.
    Square,
    /// A triangle.
    Triangle,
    /// A diamond.
    Diamond,
}

/// The colour of the player in seat `seat` (0-based).
pub fn player_colour(seat: usize) -> Color32 {
    PLAYER_COLOURS[seat % PLAYER_COLOURS.len()]
}

/// The mark of the player in seat `seat` (0-based).
pub fn player_mark(seat: usize) -> PlayerMark {
    [
        PlayerMark::Circle,
        PlayerMark::Square,
        PlayerMark::Triangle,
        PlayerMark::Diamond,
    ][seat % 4]
}

/// The colour as RGB bytes, for pictures and sheets.
pub fn player_rgb(seat: usize) -> [u8; 3] {
    let c = player_colour(seat);
    [c.r(), c.g(), c.b()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative luminance (sRGB, 0..1).
    fn luminance(c: Color32) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    }

    #[test]
    fn the_first_four_players_differ_in_greyscale_too() {
        let l: Vec<f64> = (0..4).map(|s| luminance(player_colour(s))).collect();
        for a in 0..4 {
            for b in a + 1..4 {
                assert!(
                    (l[a] - l[b]).abs() > 0.04 || player_mark(a) != player_mark(b),
                    "players {a} and {b} look alike in greyscale"
                );
            }
        }
        assert_ne!(player_colour(0), player_colour(1));
        assert_eq!(player_colour(8), player_colour(0));
    }
}
