"""The stroke rasterizer, specified once and implemented twice: here (for training and for the
test fixtures) and in Rust (`recognizer/src/raster.rs`, used by the app). Tests compare them.

Input: strokes, each a list of points (x, y, pressure) with x, y in 0..1 of the cell and pressure
in 0..1 (0 means "unknown" and counts as 0.5). Output: 28x28 floats in 0..1, row-major, like an
MNIST digit:

1. The bounding box of all points; its longer side (at least MIN_EXTENT of the cell, so a dot
   is not blown up) is scaled to 20 pixels, keeping the aspect ratio.
2. Each stroke is drawn as line segments of width 1.6 + 1.4 * pressure pixels, anti-aliased:
   a pixel's value is clamp(width / 2 + 0.5 - distance from its centre to the segment, 0, 1),
   the maximum over the segments (a single point is a dot of that width).
3. The image is drawn once with the 20x20 box centred in the 28x28 field, its centre of mass is
   measured, and it is drawn again shifted so that the centre of mass falls on (14, 14) — a
   redraw, not a resampling, so both implementations agree to rounding.
"""
import math

SIZE = 28
BOX = 20.0
MIN_EXTENT = 0.05


def _width(pressure):
    p = pressure if pressure > 0 else 0.5
    p = min(max(p, 0.0), 1.0)
    return 1.6 + 1.4 * p


def _draw(strokes, scale, ox, oy):
    img = [0.0] * (SIZE * SIZE)
    for stroke in strokes:
        pts = [((x * scale) + ox, (y * scale) + oy, _width(p)) for x, y, p in stroke]
        segments = list(zip(pts, pts[1:])) if len(pts) > 1 else [(pts[0], pts[0])]
        for (x0, y0, w0), (x1, y1, w1) in segments:
            w = (w0 + w1) / 2.0
            reach = w / 2.0 + 1.0
            c0 = max(0, int(math.floor(min(x0, x1) - reach)))
            c1 = min(SIZE - 1, int(math.ceil(max(x0, x1) + reach)))
            r0 = max(0, int(math.floor(min(y0, y1) - reach)))
            r1 = min(SIZE - 1, int(math.ceil(max(y0, y1) + reach)))
            dx, dy = x1 - x0, y1 - y0
            length2 = dx * dx + dy * dy
            for r in range(r0, r1 + 1):
                py = r + 0.5
                for c in range(c0, c1 + 1):
                    px = c + 0.5
                    if length2 > 0.0:
                        t = ((px - x0) * dx + (py - y0) * dy) / length2
                        t = min(max(t, 0.0), 1.0)
                        qx, qy = x0 + t * dx, y0 + t * dy
                    else:
                        qx, qy = x0, y0
                    d = math.hypot(px - qx, py - qy)
                    v = min(max(w / 2.0 + 0.5 - d, 0.0), 1.0)
                    i = r * SIZE + c
                    if v > img[i]:
                        img[i] = v
    return img


def rasterize(strokes):
    """Strokes → 784 floats (an empty list for no ink)."""
    strokes = [s for s in strokes if len(s) > 0]
    if not strokes:
        return [0.0] * (SIZE * SIZE)
    xs = [p[0] for s in strokes for p in s]
    ys = [p[1] for s in strokes for p in s]
    minx, miny = min(xs), min(ys)
    w, h = max(xs) - minx, max(ys) - miny
    scale = BOX / max(w, h, MIN_EXTENT)
    moved = [[(x - minx, y - miny, p) for x, y, p in s] for s in strokes]
    ox = (SIZE - w * scale) / 2.0
    oy = (SIZE - h * scale) / 2.0
    first = _draw(moved, scale, ox, oy)
    total = sum(first)
    if total <= 0.0:
        return first
    cx = sum(first[i] * ((i % SIZE) + 0.5) for i in range(SIZE * SIZE)) / total
    cy = sum(first[i] * ((i // SIZE) + 0.5) for i in range(SIZE * SIZE)) / total
    return _draw(moved, scale, ox + SIZE / 2.0 - cx, oy + SIZE / 2.0 - cy)
