//! The live link as a QR code, for the tablet beside you: the symbol of the `qrcode` crate (pure
//! Rust, no image crate, no network) drawn as one SVG path, a run of dark modules at a time.

use qrcode::{Color, EcLevel, QrCode};
use std::fmt::Write as _;

/// Light modules around the symbol: the four a reader needs to find it.
pub const QUIET: usize = 4;

/// A text's QR code (error correction M: a screen seen at an angle or with glare still reads):
/// its side in modules, quiet zone included, and the SVG path of its dark modules in those
/// units. `None` when the text is too long for any QR code (a live link is ~190 characters).
pub fn qr_path(text: &str) -> Option<(usize, String)> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let mut path = String::new();
    for (y, row) in colors.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Dark {
                let run = row[x..].iter().take_while(|c| **c == Color::Dark).count();
                let _ = write!(path, "M{} {}h{run}v1h-{run}z", x + QUIET, y + QUIET);
                x += run;
            } else {
                x += 1;
            }
        }
    }
    Some((width + 2 * QUIET, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dark modules the path paints, read back from its runs.
    fn painted(side: usize, path: &str) -> Vec<bool> {
        let mut dark = vec![false; side * side];
        for run in path.split('M').filter(|r| !r.is_empty()) {
            let (at, rest) = run.split_once('h').unwrap();
            let (x, y) = at.split_once(' ').unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            let n: usize = rest.split_once('v').unwrap().0.parse().unwrap();
            for i in 0..n {
                assert!(!dark[y * side + x + i], "no module painted twice");
                dark[y * side + x + i] = true;
            }
        }
        dark
    }

    #[test]
    fn a_live_link_becomes_the_symbol_s_modules_with_a_quiet_zone() {
        let link = format!("https://inkdoku.example/#p={}&together={}", "A".repeat(120), "k".repeat(43));
        let (side, path) = qr_path(&link).expect("a live link fits a QR code");
        let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M).unwrap();
        assert_eq!(side, code.width() + 2 * QUIET);
        let dark = painted(side, &path);
        let expected: Vec<bool> = code.to_colors().into_iter().map(|c| c == Color::Dark).collect();
        for y in 0..side {
            for x in 0..side {
                let inside = (QUIET..side - QUIET).contains(&x) && (QUIET..side - QUIET).contains(&y);
                let want = inside && expected[(y - QUIET) * code.width() + x - QUIET];
                assert_eq!(dark[y * side + x], want, "module {x},{y}");
            }
        }
        // The top-left finder pattern: a dark 7x7 ring around a light ring around a dark 3x3.
        let at = |x: usize, y: usize| dark[(y + QUIET) * side + x + QUIET];
        assert!((0..7).all(|i| at(i, 0) && at(0, i) && at(i, 6) && at(6, i)));
        assert!((1..6).all(|i| !at(i, 1) && !at(1, i)));
        assert!((2..5).all(|x| (2..5).all(|y| at(x, y))));
    }

    #[test]
    fn a_text_too_long_for_any_qr_code_has_none() {
        assert_eq!(qr_path(&"x".repeat(3_000)), None);
        assert!(qr_path("").is_some());
    }
}
