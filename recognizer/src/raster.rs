//! The stroke rasterizer. The specification is `models/raster.py` (the training script's); this
//! is the same algorithm, step for step and in f64, so the app feeds the model what it learned
//! from. `tests/fixtures.rs` checks the two agree on the fixture strokes.
//!
//! 1. The bounding box of all points; its longer side (at least `MIN_EXTENT` of the cell) is
//!    scaled to 20 pixels, keeping the aspect ratio.
//! 2. Line segments of width 1.6 + 1.4 × pressure pixels (pressure 0 = unknown = 0.5),
//!    anti-aliased: a pixel is clamp(width/2 + 0.5 − distance to the segment, 0, 1), the maximum
//!    over segments.
//! 3. Drawn once centred, the centre of mass measured, then drawn again so that it falls on
//!    (14, 14) — a redraw, not a resampling.

use serde::{Deserialize, Serialize};

/// Side of the image.
pub const SIZE: usize = 28;
const BOX: f64 = 20.0;
/// The smallest extent (fraction of the cell) a drawing is taken to have.
pub const MIN_EXTENT: f64 = 0.05;

/// A point of a stroke: x and y in 0..1 of the cell, pressure in 0..1 (0 = unknown).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub pressure: f64,
}

/// One pen stroke.
pub type Stroke = Vec<Point>;

fn width(pressure: f64) -> f64 {
    let p = if pressure > 0.0 { pressure.min(1.0) } else { 0.5 };
    1.6 + 1.4 * p
}

/// A point on the 28x28 canvas: x, y and the stroke's width there.
type InkPoint = (f64, f64, f64);

fn draw(strokes: &[Stroke], scale: f64, ox: f64, oy: f64) -> [f64; SIZE * SIZE] {
    let mut img = [0.0f64; SIZE * SIZE];
    for stroke in strokes {
        let pts: Vec<InkPoint> = stroke.iter().map(|p| (p.x * scale + ox, p.y * scale + oy, width(p.pressure))).collect();
        // A one-point stroke (a dot) is a segment from the point to itself.
        let Some(&first) = pts.first() else { continue };
        let segments: Vec<(InkPoint, InkPoint)> =
            if pts.len() > 1 { pts.windows(2).map(|w| (w[0], w[1])).collect() } else { vec![(first, first)] };
        for ((x0, y0, w0), (x1, y1, w1)) in segments {
            let w = (w0 + w1) / 2.0;
            let reach = w / 2.0 + 1.0;
            let clamp = |v: f64| v.clamp(0.0, (SIZE - 1) as f64) as usize;
            let (c0, c1) = (clamp((x0.min(x1) - reach).floor()), clamp((x0.max(x1) + reach).ceil()));
            let (r0, r1) = (clamp((y0.min(y1) - reach).floor()), clamp((y0.max(y1) + reach).ceil()));
            let (dx, dy) = (x1 - x0, y1 - y0);
            let length2 = dx * dx + dy * dy;
            for r in r0..=r1 {
                let py = r as f64 + 0.5;
                for c in c0..=c1 {
                    let px = c as f64 + 0.5;
                    let (qx, qy) = if length2 > 0.0 {
                        let t = (((px - x0) * dx + (py - y0) * dy) / length2).clamp(0.0, 1.0);
                        (x0 + t * dx, y0 + t * dy)
                    } else {
                        (x0, y0)
                    };
                    let d = (px - qx).hypot(py - qy);
                    let v = (w / 2.0 + 0.5 - d).clamp(0.0, 1.0);
                    let i = r * SIZE + c;
                    if v > img[i] {
                        img[i] = v;
                    }
                }
            }
        }
    }
    img
}

/// Strokes → a 28x28 image, row-major, 0..1 (all zeros when there is no ink).
pub fn rasterize(strokes: &[Stroke]) -> [f32; SIZE * SIZE] {
    let strokes: Vec<Stroke> = strokes
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| s.iter().copied().filter(|p| p.x.is_finite() && p.y.is_finite() && p.pressure.is_finite()).collect::<Stroke>())
        .filter(|s| !s.is_empty())
        .collect();
    let mut out = [0.0f32; SIZE * SIZE];
    if strokes.is_empty() {
        return out;
    }
    let all = strokes.iter().flatten();
    let (mut minx, mut miny, mut maxx, mut maxy) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in all {
        minx = minx.min(p.x);
        miny = miny.min(p.y);
        maxx = maxx.max(p.x);
        maxy = maxy.max(p.y);
    }
    let (w, h) = (maxx - minx, maxy - miny);
    let scale = BOX / w.max(h).max(MIN_EXTENT);
    let moved: Vec<Stroke> =
        strokes.iter().map(|s| s.iter().map(|p| Point { x: p.x - minx, y: p.y - miny, pressure: p.pressure }).collect()).collect();
    let ox = (SIZE as f64 - w * scale) / 2.0;
    let oy = (SIZE as f64 - h * scale) / 2.0;
    let first = draw(&moved, scale, ox, oy);
    let total: f64 = first.iter().sum();
    let image = if total > 0.0 {
        let cx = first.iter().enumerate().map(|(i, v)| v * ((i % SIZE) as f64 + 0.5)).sum::<f64>() / total;
        let cy = first.iter().enumerate().map(|(i, v)| v * ((i / SIZE) as f64 + 0.5)).sum::<f64>() / total;
        draw(&moved, scale, ox + SIZE as f64 / 2.0 - cx, oy + SIZE as f64 / 2.0 - cy)
    } else {
        first
    };
    for (o, v) in out.iter_mut().zip(image.iter()) {
        *o = *v as f32;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(x0: f64, y0: f64, x1: f64, y1: f64) -> Stroke {
        (0..=10)
            .map(|i| {
                let t = i as f64 / 10.0;
                Point { x: x0 + t * (x1 - x0), y: y0 + t * (y1 - y0), pressure: 0.0 }
            })
            .collect()
    }

    #[test]
    fn a_vertical_line_is_20_pixels_tall_and_centred() {
        let img = rasterize(&[line(0.5, 0.1, 0.5, 0.9)]);
        let rows: Vec<usize> = (0..SIZE).filter(|r| (0..SIZE).any(|c| img[r * SIZE + c] > 0.5)).collect();
        assert!(rows.len() >= 20 && rows.len() <= 23, "{rows:?}");
        let total: f32 = img.iter().sum();
        let cx: f32 = img.iter().enumerate().map(|(i, v)| v * ((i % SIZE) as f32 + 0.5)).sum::<f32>() / total;
        assert!((cx - 14.0).abs() < 0.05, "{cx}");
    }

    #[test]
    fn no_ink_and_bad_numbers_give_an_empty_image() {
        assert!(rasterize(&[]).iter().all(|&v| v == 0.0));
        let nan = vec![Point { x: f64::NAN, y: 0.5, pressure: 0.5 }];
        assert!(rasterize(&[nan, vec![]]).iter().all(|&v| v == 0.0));
        // A single dot is a small round blob, not a crash.
        let dot = vec![Point { x: 0.5, y: 0.5, pressure: 1.0 }];
        assert!(rasterize(&[dot]).iter().any(|&v| v > 0.9));
    }
}
