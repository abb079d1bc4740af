//! The pen's trajectory as the stroke network reads it: the drawing's points in the order they
//! were written, resampled to `SAMPLES` points evenly along the path (the jumps between strokes
//! included), with position, direction and whether the pen was up.
//!
//! The picture (`raster`) cannot tell a 7 crossed on the way down from a 2 with a flat foot,
//! nor a flagged 1 from a 7; the order and direction of the pen can. The specification is
//! `models/trajectory.py`'s `features` (the training script's; spelled out in models/README.md): this is the same computation,
//! in f64 and in the same order, and `tests/trajectory.rs` holds the two together on fixtures.

use crate::raster::{MIN_EXTENT, Stroke};

/// How many points the path is resampled to (the network's input length).
pub const SAMPLES: usize = 32;

/// Feature channels per point: x, y (centred on the ink's box, in units of its longer side),
/// the direction of travel (dx, dy, a unit vector) and pen-up (1 between strokes).
pub const CHANNELS: usize = 5;

/// A drawing's path shorter than this (a dot) has no trajectory to read.
const SHORTEST: f64 = 1e-9;

/// The network's input, channel-major: `CHANNELS` rows of `SAMPLES` values. `None` for a drawing
/// with no ink or a single dot: the picture alone reads it.
pub fn features(strokes: &[Stroke]) -> Option<Vec<f32>> {
    // The path's vertices, and for each segment whether the pen was up along it.
    let mut vertices: Vec<(f64, f64)> = Vec::new();
    let mut up: Vec<bool> = Vec::new();
    for stroke in strokes.iter().filter(|s| !s.is_empty()) {
        for (i, p) in stroke.iter().enumerate() {
            if !vertices.is_empty() {
                up.push(i == 0);
            }
            vertices.push((p.x, p.y));
        }
    }
    let segments = up.len();
    if segments == 0 {
        return None;
    }
    let lengths: Vec<f64> = vertices.windows(2).map(|w| distance(w[0], w[1])).collect();
    let mut cumulative = Vec::with_capacity(segments + 1);
    cumulative.push(0.0);
    for length in &lengths {
        cumulative.push(cumulative[cumulative.len() - 1] + length);
    }
    let total = cumulative[segments];
    if total < SHORTEST {
        return None;
    }

    let (lo_x, hi_x, lo_y, hi_y) =
        vertices.iter().fold((f64::MAX, f64::MIN, f64::MAX, f64::MIN), |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)));
    let (cx, cy) = ((lo_x + hi_x) / 2.0, (lo_y + hi_y) / 2.0);
    let scale = (hi_x - lo_x).max(hi_y - lo_y).max(MIN_EXTENT);

    let mut samples = Vec::with_capacity(SAMPLES);
    for i in 0..SAMPLES {
        let (point, pen_up) = if i == SAMPLES - 1 {
            (vertices[segments], false)
        } else {
            let t = total * (i as f64) / ((SAMPLES - 1) as f64);
            // The last segment starting at or before t.
            let k = cumulative[..segments].partition_point(|&c| c <= t).saturating_sub(1);
            let f = if lengths[k] > 0.0 { ((t - cumulative[k]) / lengths[k]).clamp(0.0, 1.0) } else { 0.0 };
            let ((ax, ay), (bx, by)) = (vertices[k], vertices[k + 1]);
            ((ax + f * (bx - ax), ay + f * (by - ay)), up[k])
        };
        samples.push(((point.0 - cx) / scale, (point.1 - cy) / scale, pen_up));
    }

    let mut out = vec![0f32; CHANNELS * SAMPLES];
    for i in 0..SAMPLES {
        let (x, y, pen_up) = samples[i];
        let (ax, ay, _) = samples[i.saturating_sub(1)];
        let (bx, by, _) = samples[(i + 1).min(SAMPLES - 1)];
        let (dx, dy) = (bx - ax, by - ay);
        let n = (dx * dx + dy * dy).sqrt();
        let (dx, dy) = if n > SHORTEST { (dx / n, dy / n) } else { (0.0, 0.0) };
        for (channel, value) in [x, y, dx, dy, if pen_up { 1.0 } else { 0.0 }].into_iter().enumerate() {
            out[channel * SAMPLES + i] = value as f32;
        }
    }
    Some(out)
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    (dx * dx + dy * dy).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raster::Point;

    fn stroke(points: &[(f64, f64)]) -> Stroke {
        points.iter().map(|&(x, y)| Point { x, y, pressure: 0.5 }).collect()
    }

    fn channel(f: &[f32], c: usize) -> &[f32] {
        &f[c * SAMPLES..(c + 1) * SAMPLES]
    }

    #[test]
    fn a_straight_stroke_is_evenly_resampled_from_end_to_end() {
        // A 1 written downwards: x stays centred, y runs from -0.5 to 0.5, heading down.
        let f = features(&[stroke(&[(0.5, 0.1), (0.5, 0.9)])]).unwrap();
        assert_eq!(f.len(), CHANNELS * SAMPLES);
        let y = channel(&f, 1);
        assert!((y[0] + 0.5).abs() < 1e-6 && (y[SAMPLES - 1] - 0.5).abs() < 1e-6, "{y:?}");
        for w in y.windows(2) {
            assert!((w[1] - w[0] - 1.0 / (SAMPLES - 1) as f32).abs() < 1e-5, "even steps: {y:?}");
        }
        assert!(channel(&f, 0).iter().all(|&x| x == 0.0));
        assert!(channel(&f, 3).iter().all(|&dy| (dy - 1.0).abs() < 1e-6), "heading down");
        assert!(channel(&f, 4).iter().all(|&u| u == 0.0), "the pen never lifts");
    }

    #[test]
    fn the_jump_between_strokes_is_marked_pen_up() {
        // A 4 in two strokes: an L, then the upright to its right.
        let f = features(&[stroke(&[(0.3, 0.1), (0.2, 0.6), (0.7, 0.6)]), stroke(&[(0.6, 0.1), (0.6, 0.9)])]).unwrap();
        let up = channel(&f, 4);
        assert!(up.contains(&1.0) && up[0] == 0.0 && up[SAMPLES - 1] == 0.0, "{up:?}");
        // Reversing the order of the strokes changes what the network sees.
        let g = features(&[stroke(&[(0.6, 0.1), (0.6, 0.9)]), stroke(&[(0.3, 0.1), (0.2, 0.6), (0.7, 0.6)])]).unwrap();
        assert_ne!(f, g);
    }

    #[test]
    fn no_ink_and_dots_have_no_trajectory() {
        assert_eq!(features(&[]), None);
        assert_eq!(features(&[vec![]]), None);
        assert_eq!(features(&[stroke(&[(0.5, 0.5)])]), None);
        assert_eq!(features(&[stroke(&[(0.5, 0.5), (0.5, 0.5)]), stroke(&[(0.5, 0.5)])]), None);
        // Bad numbers never panic.
        let _ = features(&[stroke(&[(f64::NAN, 0.5), (0.2, f64::INFINITY), (0.3, 0.3)])]);
    }
}
