"""Synthetic pen strokes: digits as a person writes them on a tablet, in several styles each.

Each style is a list of strokes; each stroke a polyline of control points in a unit box
(x right, y down). A sample takes a style, jitters its control points, applies a random
slant/rotation/scale, smooths the polyline into an even curve, and gives it a pressure profile.
The result goes through the same rasterizer as the app's ink (raster.py).
"""
import math
import random

# Part of the cache name of the rendered sets (train.py): change it when the styles change.
VERSION = "v3"

# Control points per digit and style. Multi-stroke styles are several lists.
STYLES = {
    0: [
        [[(0.5, 0.0), (0.15, 0.15), (0.05, 0.5), (0.15, 0.85), (0.5, 1.0), (0.85, 0.85), (0.95, 0.5), (0.85, 0.15), (0.5, 0.0), (0.4, 0.05)]],
        [[(0.55, 0.02), (0.25, 0.1), (0.1, 0.45), (0.2, 0.9), (0.5, 1.0), (0.8, 0.88), (0.9, 0.45), (0.75, 0.08), (0.5, 0.02)]],
    ],
    1: [
        [[(0.5, 0.0), (0.5, 1.0)]],
        [[(0.2, 0.25), (0.55, 0.0), (0.55, 1.0)]],  # with a flag
        [[(0.1, 0.35), (0.6, 0.0), (0.6, 1.0)]],  # European 1: a long flag
        [[(0.25, 0.2), (0.55, 0.0), (0.55, 1.0)], [(0.25, 1.0), (0.85, 1.0)]],  # flag and base
        [[(0.45, 0.0), (0.55, 1.0)]],
    ],
    2: [
        [[(0.1, 0.25), (0.3, 0.03), (0.65, 0.0), (0.88, 0.2), (0.8, 0.45), (0.4, 0.75), (0.05, 1.0), (0.5, 0.97), (0.95, 0.98)]],
        [[(0.12, 0.2), (0.45, 0.0), (0.85, 0.15), (0.75, 0.45), (0.1, 1.0), (0.35, 0.85), (0.45, 0.95), (0.95, 0.95)]],  # loop at the base
        [[(0.1, 0.3), (0.5, 0.0), (0.9, 0.25), (0.05, 1.0), (0.95, 1.0)]],  # angular
    ],
    3: [
        [[(0.1, 0.1), (0.5, 0.0), (0.85, 0.15), (0.8, 0.38), (0.4, 0.5), (0.85, 0.62), (0.9, 0.85), (0.5, 1.0), (0.08, 0.9)]],
        [[(0.1, 0.02), (0.9, 0.02), (0.45, 0.42), (0.85, 0.6), (0.9, 0.85), (0.5, 1.0), (0.08, 0.88)]],  # flat top
    ],
    4: [
        [[(0.55, 0.0), (0.05, 0.65), (0.95, 0.65)], [(0.7, 0.25), (0.7, 1.0)]],  # closed, two strokes
        [[(0.2, 0.0), (0.08, 0.6), (0.9, 0.6)], [(0.7, 0.05), (0.72, 1.0)]],  # open, two strokes
        [[(0.2, 0.0), (0.1, 0.6), (0.85, 0.6)], [(0.65, 0.3), (0.65, 1.0)]],
        [[(0.6, 0.0), (0.05, 0.65), (0.95, 0.65)], [(0.6, 0.0), (0.6, 1.0)]],
        [[(0.15, 0.0), (0.12, 0.45), (0.3, 0.6), (0.9, 0.58)], [(0.75, 0.0), (0.72, 1.0)]],  # open, rounded corner
        [[(0.65, 1.0), (0.65, 0.0), (0.05, 0.62), (0.95, 0.62)]],  # one stroke: upright, diagonal, bar
        [[(0.25, 0.0), (0.05, 0.55), (0.9, 0.55)], [(0.62, 0.2), (0.6, 1.0)]],  # open, slanted left stroke
        [[(0.2, 0.0), (0.1, 0.6), (0.7, 0.6), (0.7, 0.1), (0.7, 1.0)]],  # open, one stroke (up, then down the upright)
    ],
    5: [
        [[(0.15, 0.0), (0.1, 0.42), (0.5, 0.35), (0.85, 0.55), (0.85, 0.82), (0.5, 1.0), (0.1, 0.9)], [(0.15, 0.02), (0.9, 0.0)]],
        [[(0.85, 0.0), (0.2, 0.0), (0.15, 0.45), (0.6, 0.38), (0.9, 0.65), (0.7, 0.95), (0.1, 0.95)]],  # one stroke
    ],
    6: [
        [[(0.8, 0.0), (0.4, 0.15), (0.12, 0.55), (0.2, 0.9), (0.5, 1.0), (0.85, 0.85), (0.85, 0.6), (0.5, 0.5), (0.15, 0.65)]],
        [[(0.7, 0.0), (0.2, 0.45), (0.15, 0.85), (0.5, 1.0), (0.85, 0.8), (0.6, 0.55), (0.2, 0.7)]],
    ],
    7: [
        [[(0.05, 0.02), (0.95, 0.0), (0.4, 1.0)]],
        [[(0.05, 0.08), (0.3, 0.0), (0.95, 0.02), (0.55, 0.5), (0.45, 1.0)]],
        [[(0.05, 0.02), (0.95, 0.0), (0.45, 1.0)], [(0.3, 0.5), (0.85, 0.5)]],  # European 7 with a bar
        [[(0.05, 0.15), (0.05, 0.02), (0.95, 0.02), (0.4, 1.0)]],  # with a hook
    ],
    8: [
        [[(0.85, 0.12), (0.5, 0.0), (0.15, 0.15), (0.2, 0.38), (0.8, 0.62), (0.85, 0.88), (0.5, 1.0), (0.15, 0.88), (0.2, 0.62), (0.8, 0.38), (0.85, 0.15), (0.55, 0.0)]],
        [[(0.5, 0.0), (0.2, 0.2), (0.5, 0.45), (0.8, 0.2), (0.5, 0.0)], [(0.5, 0.45), (0.12, 0.72), (0.5, 1.0), (0.88, 0.72), (0.5, 0.45)]],  # two loops
    ],
    9: [
        [[(0.85, 0.3), (0.5, 0.5), (0.15, 0.3), (0.5, 0.0), (0.85, 0.2), (0.85, 0.45), (0.8, 1.0)]],  # straight tail
        [[(0.85, 0.25), (0.45, 0.5), (0.12, 0.28), (0.45, 0.0), (0.85, 0.2), (0.75, 0.7), (0.35, 1.0)]],  # curved tail
        [[(0.8, 0.05), (0.3, 0.02), (0.15, 0.35), (0.5, 0.48), (0.85, 0.25), (0.8, 0.05)], [(0.85, 0.1), (0.8, 1.0)]],  # two strokes
        [[(0.8, 0.15), (0.5, 0.0), (0.15, 0.15), (0.15, 0.4), (0.5, 0.5), (0.8, 0.35), (0.82, 0.1), (0.8, 0.7), (0.55, 1.0), (0.2, 0.9)]],  # tail hooked left, like g
        [[(0.9, 0.2), (0.55, 0.4), (0.2, 0.3), (0.35, 0.02), (0.8, 0.05), (0.9, 0.2), (0.35, 1.0)]],  # slanted straight tail
        [[(0.8, 0.3), (0.45, 0.38), (0.3, 0.18), (0.5, 0.0), (0.78, 0.1), (0.8, 0.3), (0.78, 1.0)]],  # small loop, long tail
        [[(0.2, 0.14), (0.5, 0.0), (0.82, 0.12), (0.8, 0.38), (0.5, 0.5), (0.18, 0.38)], [(0.82, 0.12), (0.8, 1.0)]],  # loop open at the left
    ],
}


def _catmull_rom(points, per_segment):
    """An even, smooth curve through the control points."""
    if len(points) < 2:
        return list(points)
    pts = [points[0]] + list(points) + [points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(per_segment):
            t = k / per_segment
            t2, t3 = t * t, t * t * t
            out.append(tuple(
                0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                       + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3)
                for j in range(2)))
    out.append(points[-1])
    return out


def sample(digit, rng: random.Random, style=None):
    """One synthetic handwritten digit: a list of strokes of (x, y, pressure) in 0..1."""
    styles = STYLES[digit]
    strokes = styles[rng.randrange(len(styles))] if style is None else styles[style]
    angle = math.radians(rng.gauss(0, 7))
    slant = rng.gauss(0.12, 0.12)  # handwriting leans right
    sx = rng.uniform(0.55, 1.0) * (0.5 if digit == 1 else 1.0)
    sy = rng.uniform(0.8, 1.05)
    jitter = rng.uniform(0.015, 0.045)
    ca, sa = math.cos(angle), math.sin(angle)
    pressure = rng.choice([0.0, rng.uniform(0.25, 0.95)])  # 0: mouse or finger (unknown)
    out = []
    for stroke in strokes:
        ctrl = [(x + rng.gauss(0, jitter), y + rng.gauss(0, jitter)) for x, y in stroke]
        curve = _catmull_rom(ctrl, rng.randint(3, 7))
        pts = []
        n = len(curve)
        for i, (x, y) in enumerate(curve):
            x, y = (x - 0.5) * sx, (y - 0.5) * sy
            x = x - slant * y
            x, y = x * ca - y * sa, x * sa + y * ca
            p = 0.0 if pressure == 0.0 else min(1.0, max(0.05, pressure * (0.7 + 0.3 * math.sin(math.pi * (i + 0.5) / n))))
            pts.append((x * 0.7 + 0.5, y * 0.7 + 0.5, p))
        out.append(pts)
    return out
