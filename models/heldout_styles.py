"""Held-out pen styles: digits and letters A-G drawn another way than strokes.py ever draws them.

The model never trains on these. strokes.py writes each style as control points smoothed into a
curve; here every shape is built from geometric pieces (elliptic arcs, straight segments, a
lemniscate), in proportions and stroke plans chosen for this file, and drawn by a sampler of its
own (slant up to ±25° drawn uniformly, a slow wobble along the stroke, uneven point spacing,
tremor, pressure that swells and tapers). train.py reports the accuracy on them per digit and
per letter (metrics.json: "heldout_styles").

Classes as in strokes.py: 0-9, then 10-16 for A-G.
"""
import math
import random

SEED = 424242
PER_CLASS = 300


def arc(cx, cy, rx, ry, a0, a1, step=12):
    """An elliptic arc from angle a0 to a1 (degrees; 0 right, 90 down, as on the screen)."""
    n = max(2, int(abs(a1 - a0) / step) + 1)
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * k / (n - 1))),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * k / (n - 1)))) for k in range(n)]


def seg(p, q, n=6):
    return [(p[0] + (q[0] - p[0]) * k / (n - 1), p[1] + (q[1] - p[1]) * k / (n - 1)) for k in range(n)]


def join(*parts):
    out = []
    for part in parts:
        out.extend(part if not out else part[1:] if math.dist(out[-1], part[0]) < 1e-9 else part)
    return out


def lemniscate(cx, cy, w, h, n=48):
    """A figure eight drawn in one stroke, from the top."""
    return [(cx + w * math.sin(2 * t) / 2, cy - h * math.cos(t) / 2)
            for t in (2 * math.pi * k / n for k in range(n + 1))]


STYLES = {
    0: [
        lambda: [arc(0.5, 0.5, 0.38, 0.5, 90, 90 + 380)],  # from the bottom, overshooting
        lambda: [arc(0.5, 0.5, 0.28, 0.5, -30, -30 - 360)],  # narrow, anticlockwise from the right
        lambda: [arc(0.5, 0.52, 0.42, 0.46, 250, 250 - 350)],  # round, not quite closed
    ],
    1: [
        lambda: [join(arc(0.62, 0.14, 0.12, 0.1, 150, 270), seg((0.62, 0.04), (0.56, 0.96)))],  # a curled serif
        lambda: [join(arc(0.78, 0.42, 0.4, 0.38, 215, 268), seg((0.77, 0.04), (0.77, 0.96)))],  # a long arched flag
        lambda: [join(seg((0.28, 0.28), (0.58, 0.04)), seg((0.58, 0.04), (0.58, 0.96))), seg((0.86, 0.96), (0.3, 0.96))],  # flag, base right to left
        lambda: [seg((0.52, 0.96), (0.52, 0.04)), seg((0.52, 0.04), (0.3, 0.24))],  # up the stem, then the flag
        lambda: [seg((0.48, 0.04), (0.52, 0.96)), seg((0.3, 0.96), (0.74, 0.96)), seg((0.34, 0.14), (0.48, 0.04))],  # base, then a flag
    ],
    2: [
        lambda: [join(arc(0.5, 0.3, 0.36, 0.27, 190, 380), seg((0.84, 0.39), (0.1, 0.96)), seg((0.1, 0.96), (0.92, 0.94)))],
        lambda: [join(arc(0.48, 0.28, 0.34, 0.26, 200, 400), seg((0.74, 0.45), (0.22, 0.86)), arc(0.24, 0.88, 0.1, 0.09, 250, -60),
                      seg((0.29, 0.96), (0.94, 0.95)))],  # a round loop at the base
        lambda: [join(arc(0.52, 0.3, 0.38, 0.3, 180, 360), arc(0.5, 1.1, 0.4, 0.8, 0, -40), seg((0.82, 0.58), (0.1, 0.96)),
                      arc(0.5, 0.75, 0.4, 0.22, 120, 30))],  # a swan, the base waving up
    ],
    3: [
        lambda: [join(arc(0.48, 0.27, 0.3, 0.24, 200, 450), arc(0.48, 0.74, 0.36, 0.25, 270, 520))],  # two arcs
        lambda: [join(seg((0.12, 0.04), (0.86, 0.04)), seg((0.86, 0.04), (0.46, 0.42)), arc(0.48, 0.7, 0.36, 0.28, 260, 510))],  # flat top
        lambda: [arc(0.48, 0.27, 0.3, 0.23, 210, 450), arc(0.48, 0.74, 0.36, 0.25, 270, 520)],  # two strokes
        lambda: [join(arc(0.5, 0.24, 0.26, 0.2, 180, 430), arc(0.45, 0.69, 0.42, 0.31, 260, 530))],  # small top, big bottom
    ],
    4: [
        lambda: [join(seg((0.32, 0.04), (0.16, 0.63)), seg((0.16, 0.63), (0.95, 0.6))), seg((0.76, 0.24), (0.76, 0.98))],  # open
        lambda: [seg((0.62, 0.02), (0.62, 0.98)), join(seg((0.6, 0.04), (0.06, 0.72)), seg((0.06, 0.72), (0.92, 0.72)))],  # closed, upright first
        lambda: [join(seg((0.94, 0.66), (0.08, 0.66)), seg((0.08, 0.66), (0.58, 0.04))), seg((0.6, 0.3), (0.6, 0.98))],  # bar first
        lambda: [join(arc(0.42, 0.38, 0.3, 0.26, 200, 140), seg((0.2, 0.55), (0.94, 0.56))), seg((0.74, 0.02), (0.74, 0.98))],  # open, curved
    ],
    5: [
        lambda: [join(seg((0.27, 0.04), (0.23, 0.45)), arc(0.5, 0.69, 0.34, 0.29, 235, 485)), seg((0.27, 0.04), (0.86, 0.04))],
        lambda: [join(seg((0.86, 0.06), (0.26, 0.06)), seg((0.26, 0.06), (0.22, 0.42)), arc(0.5, 0.68, 0.35, 0.29, 240, 480))],  # one stroke
        lambda: [join(seg((0.24, 0.04), (0.2, 0.5)), arc(0.47, 0.7, 0.4, 0.28, 225, 470)), seg((0.22, 0.05), (0.9, 0.0))],  # wide belly
    ],
    6: [
        lambda: [join(seg((0.74, 0.04), (0.2, 0.74)), arc(0.46, 0.75, 0.26, 0.23, 180, -180))],  # straight slanted stem and loop
        lambda: [join(arc(0.86, 0.72, 0.66, 0.68, 255, 175), arc(0.47, 0.75, 0.27, 0.23, 180, -180))],  # curved stem
        lambda: [join(seg((0.3, 0.02), (0.24, 0.76)), arc(0.48, 0.76, 0.24, 0.22, 180, -170))],  # upright stem
        lambda: [seg((0.82, 0.02), (0.3, 0.7)), arc(0.52, 0.76, 0.24, 0.22, 200, -160)],  # stem and loop apart
    ],
    7: [
        lambda: [join(seg((0.06, 0.06), (0.92, 0.06)), seg((0.92, 0.06), (0.34, 0.98)))],
        lambda: [join(seg((0.08, 0.2), (0.1, 0.06)), seg((0.1, 0.06), (0.9, 0.08)), arc(1.6, 0.95, 1.1, 0.9, 195, 180))],  # hooked, curved stem
        lambda: [join(seg((0.06, 0.04), (0.94, 0.04)), seg((0.94, 0.04), (0.42, 0.98))), seg((0.76, 0.52), (0.34, 0.5))],  # bar right to left
        lambda: [join(arc(0.5, 0.3, 0.42, 0.25, 230, 310), seg((0.77, 0.11), (0.46, 0.98)))],  # arched top
    ],
    8: [
        lambda: [lemniscate(0.5, 0.5, 0.8, 1.0)],
        lambda: [arc(0.5, 0.26, 0.26, 0.24, 90, -270), arc(0.5, 0.74, 0.34, 0.25, 270, 630)],  # two circles, opposite ways
        lambda: [join(arc(0.5, 0.27, 0.32, 0.23, 340, 90), arc(0.5, 0.73, 0.36, 0.25, 270, 450 + 150)),
                 seg((0.19, 0.86), (0.82, 0.16))],  # S and a straight return
        lambda: [join(arc(0.5, 0.25, 0.22, 0.21, 90, 450), arc(0.5, 0.72, 0.38, 0.26, 270, 630))],  # a snowman in one stroke
    ],
    9: [
        lambda: [join(arc(0.5, 0.3, 0.3, 0.26, 0, -360), seg((0.8, 0.3), (0.76, 0.98)))],  # straight tail
        lambda: [join(arc(0.48, 0.28, 0.32, 0.25, 10, -350), arc(0.1, 0.28, 0.7, 0.7, 0, 75))],  # curved tail
        lambda: [arc(0.46, 0.27, 0.32, 0.24, 340, -20), seg((0.8, 0.08), (0.74, 0.98))],  # circle, then the tail
        lambda: [join(arc(0.5, 0.3, 0.27, 0.25, 20, -340), seg((0.75, 0.39), (0.62, 0.98)))],  # leaning tail
    ],
    10: [  # A
        lambda: [join(seg((0.08, 0.98), (0.5, 0.02)), seg((0.5, 0.02), (0.92, 0.98))), seg((0.78, 0.64), (0.22, 0.64))],  # bar right to left
        lambda: [join(seg((0.1, 0.98), (0.2, 0.45)), arc(0.5, 0.45, 0.3, 0.43, 180, 360), seg((0.8, 0.45), (0.9, 0.98))),
                 seg((0.18, 0.6), (0.82, 0.6))],  # an arch
        lambda: [seg((0.5, 0.02), (0.12, 0.98)), seg((0.5, 0.02), (0.88, 0.98)), seg((0.3, 0.52), (0.7, 0.52))],  # three strokes, high bar
    ],
    11: [  # B
        lambda: [seg((0.18, 0.02), (0.18, 0.98)), join(arc(0.18, 0.26, 0.55, 0.24, 270, 450), arc(0.18, 0.74, 0.68, 0.26, 270, 450))],
        lambda: [join(seg((0.18, 0.98), (0.18, 0.02)), arc(0.18, 0.25, 0.5, 0.23, 270, 450), arc(0.18, 0.73, 0.62, 0.25, 270, 450))],
        lambda: [seg((0.16, 0.04), (0.16, 0.98)), arc(0.16, 0.24, 0.58, 0.2, 270, 450), arc(0.16, 0.7, 0.72, 0.28, 270, 450)],
    ],
    12: [  # C
        lambda: [arc(0.55, 0.5, 0.45, 0.5, 320, 40)],  # from the top, anticlockwise
        lambda: [arc(0.55, 0.5, 0.45, 0.5, 50, 310)],  # from the bottom up
        lambda: [arc(0.6, 0.5, 0.5, 0.48, 300, 60)],  # a round, closed-ish C
    ],
    13: [  # D
        lambda: [seg((0.16, 0.02), (0.16, 0.98)), join(seg((0.16, 0.02), (0.4, 0.02)), arc(0.4, 0.5, 0.5, 0.48, 270, 450), seg((0.4, 0.98), (0.16, 0.98)))],
        lambda: [join(seg((0.16, 0.98), (0.16, 0.02)), arc(0.16, 0.5, 0.78, 0.48, 270, 450))],  # one stroke
        lambda: [join(arc(0.16, 0.5, 0.8, 0.48, 90, -90), seg((0.16, 0.02), (0.16, 0.98)))],  # bowl first, then down
    ],
    14: [  # E
        lambda: [join(seg((0.88, 0.04), (0.16, 0.04)), seg((0.16, 0.04), (0.16, 0.96)), seg((0.16, 0.96), (0.88, 0.96))), seg((0.66, 0.52), (0.16, 0.52))],
        lambda: [seg((0.18, 0.02), (0.18, 0.98)), seg((0.9, 0.02), (0.18, 0.02)), seg((0.7, 0.5), (0.18, 0.5)), seg((0.9, 0.98), (0.18, 0.98))],
        lambda: [join(seg((0.16, 0.02), (0.16, 0.98)), seg((0.16, 0.98), (0.92, 0.98))), seg((0.16, 0.02), (0.92, 0.04)), seg((0.16, 0.46), (0.78, 0.46))],
    ],
    15: [  # F
        lambda: [join(seg((0.2, 0.98), (0.2, 0.02)), seg((0.2, 0.02), (0.92, 0.04))), seg((0.2, 0.5), (0.66, 0.5))],
        lambda: [seg((0.9, 0.03), (0.18, 0.03)), seg((0.18, 0.03), (0.18, 0.98)), seg((0.7, 0.46), (0.18, 0.46))],
        lambda: [join(arc(0.55, 0.2, 0.37, 0.18, 0, -180), seg((0.18, 0.2), (0.18, 0.98))), seg((0.06, 0.54), (0.62, 0.54))],  # curved top
    ],
    16: [  # G
        lambda: [join(arc(0.52, 0.5, 0.44, 0.5, 315, 45),
                      seg((0.83, 0.85), (0.86, 0.55)), seg((0.86, 0.55), (0.56, 0.55)))],
        lambda: [arc(0.52, 0.5, 0.44, 0.5, 320, 35), seg((0.5, 0.56), (0.9, 0.56)), seg((0.9, 0.56), (0.9, 1.0))],  # bar and spur apart
        lambda: [join(arc(0.54, 0.5, 0.46, 0.5, 300, 20), seg((0.97, 0.67), (0.97, 0.52)), seg((0.97, 0.52), (0.6, 0.52)))],
    ],
}

ASPECT = {1: (0.3, 0.8)}


def _resample(stroke, rng):
    """Points along the stroke at an uneven spacing, as a pen's events arrive."""
    out = [stroke[0]]
    for p, q in zip(stroke, stroke[1:]):
        d = math.dist(p, q)
        step = rng.uniform(0.012, 0.04)
        k = max(1, int(d / step))
        for i in range(1, k + 1):
            out.append((p[0] + (q[0] - p[0]) * i / k, p[1] + (q[1] - p[1]) * i / k))
    return out


def sample(label, rng: random.Random, style=None):
    """A drawing of a held-out style: strokes of (x, y, pressure) in 0..1 of the cell."""
    styles = STYLES[label]
    shape = (styles[rng.randrange(len(styles))] if style is None else styles[style])()
    lo, hi = ASPECT.get(label, (0.6, 1.1))
    aspect = rng.uniform(lo, hi)
    shear = math.tan(math.radians(rng.uniform(-25, 25)))
    turn = math.radians(rng.uniform(-8, 8))
    size = rng.uniform(0.45, 1.0)
    ox, oy = rng.uniform(0.25, 0.75), rng.uniform(0.3, 0.7)
    wobble = rng.uniform(0.0, 0.03)
    freq, phase = rng.uniform(0.5, 2.0), rng.uniform(0, 2 * math.pi)
    pen = rng.choice([0.0, rng.uniform(0.1, 1.0)])
    out = []
    for stroke in shape:
        pts = _resample(stroke, rng)
        n = len(pts)
        drawn = []
        for i, (x, y) in enumerate(pts):
            t = i / max(1, n - 1)
            x += wobble * math.sin(2 * math.pi * freq * t + phase) + rng.gauss(0, 0.004)
            y += wobble * math.cos(2 * math.pi * freq * t + 1.3 * phase) + rng.gauss(0, 0.004)
            x, y = (x - 0.5) * aspect, y - 0.5
            x -= shear * y
            x, y = x * math.cos(turn) - y * math.sin(turn), x * math.sin(turn) + y * math.cos(turn)
            p = 0.0 if pen == 0.0 else max(0.05, min(1.0, pen * (0.55 + 0.45 * math.sin(math.pi * t))))
            drawn.append((ox + x * size, oy + y * size, p))
        out.append(drawn)
    return out
