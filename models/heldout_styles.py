"""Held-out pen styles: digits and letters A-G drawn another way than strokes.py ever draws them.

The model never trains on these. strokes.py writes each style as control points smoothed into a
curve; here every shape is built from geometric pieces (elliptic arcs, straight segments, a
lemniscate), in proportions and stroke plans chosen for this file, and drawn by a sampler of its
own (slant up to ±25° drawn uniformly, a slow wobble along the stroke, uneven point spacing,
a fast pen's sparse points that turn curves into polygons, tremor, pressure that swells and
tapers). The first version of this set was too easy (the model before it, trained without these
styles, read 99.6 % of its digits): the second added the harder shapes (long-flagged 1s with a
long base, 6s with a steep straight stem and a small or open loop, 8s the other way round, open
loops, angular 2s and 3s) and the fast pen. train.py reports the accuracy on them per digit and
per letter (metrics.json: "heldout_styles").

Classes as in strokes.py: 0-9, then 10-16 for A-G.
"""
import math
import random

SEED = 424242
PER_CLASS = 300
HARSH_SEED = 434343  # the harsher measure (sample(..., harsh=True)): its own draws


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
        lambda: [join(seg((0.06, 0.42), (0.62, 0.03)), seg((0.62, 0.03), (0.62, 0.97))), seg((0.18, 0.97), (0.96, 0.97))],  # long flag, long base
        lambda: [join(arc(0.3, 0.05, 0.3, 0.25, 110, 0), seg((0.6, 0.05), (0.6, 0.97)))],  # a flag bowed down
    ],
    2: [
        lambda: [join(arc(0.5, 0.3, 0.36, 0.27, 190, 380), seg((0.84, 0.39), (0.1, 0.96)), seg((0.1, 0.96), (0.92, 0.94)))],
        lambda: [join(arc(0.48, 0.28, 0.34, 0.26, 200, 400), seg((0.74, 0.45), (0.25, 0.915)), arc(0.22, 0.83, 0.1, 0.09, 70, 430),
                      seg((0.25, 0.92), (0.94, 0.95)))],  # a round loop at the base
        lambda: [join(arc(0.52, 0.3, 0.38, 0.3, 180, 360), arc(0.5, 1.1, 0.4, 0.8, 0, -40), seg((0.82, 0.58), (0.1, 0.96)),
                      arc(0.5, 0.75, 0.4, 0.22, 120, 30))],  # a swan, the base waving up
        lambda: [join(seg((0.1, 0.1), (0.85, 0.1)), seg((0.85, 0.1), (0.1, 0.95)), seg((0.1, 0.95), (0.9, 0.95)))],  # a Z
    ],
    3: [
        lambda: [join(arc(0.48, 0.27, 0.3, 0.24, 200, 450), arc(0.48, 0.74, 0.36, 0.25, 270, 520))],  # two arcs
        lambda: [join(seg((0.12, 0.04), (0.86, 0.04)), seg((0.86, 0.04), (0.46, 0.42)), arc(0.48, 0.7, 0.36, 0.28, 260, 510))],  # flat top
        lambda: [arc(0.48, 0.27, 0.3, 0.23, 210, 450), arc(0.48, 0.74, 0.36, 0.25, 270, 520)],  # two strokes
        lambda: [join(arc(0.5, 0.24, 0.26, 0.2, 180, 430), arc(0.45, 0.69, 0.42, 0.31, 260, 530))],  # small top, big bottom
        lambda: [join(seg((0.1, 0.08), (0.82, 0.14)), seg((0.82, 0.14), (0.4, 0.48)), seg((0.4, 0.48), (0.86, 0.7)), seg((0.86, 0.7), (0.1, 0.94)))],  # angular
    ],
    4: [
        lambda: [join(seg((0.32, 0.04), (0.16, 0.63)), seg((0.16, 0.63), (0.95, 0.6))), seg((0.76, 0.24), (0.76, 0.98))],  # open
        lambda: [seg((0.62, 0.02), (0.62, 0.98)), join(seg((0.6, 0.04), (0.06, 0.72)), seg((0.06, 0.72), (0.92, 0.72)))],  # closed, upright first
        lambda: [join(seg((0.94, 0.66), (0.08, 0.66)), seg((0.08, 0.66), (0.58, 0.04))), seg((0.6, 0.3), (0.6, 0.98))],  # bar first
        lambda: [join(arc(0.42, 0.38, 0.3, 0.26, 200, 140), seg((0.2, 0.55), (0.94, 0.56))), seg((0.74, 0.02), (0.74, 0.98))],  # open, curved
        lambda: [join(seg((0.7, 0.02), (0.35, 0.45)), seg((0.35, 0.45), (0.02, 0.62)), seg((0.02, 0.62), (0.96, 0.62))),
                 seg((0.7, 0.02), (0.7, 0.98))],  # closed, the diagonal bent
    ],
    5: [
        lambda: [join(seg((0.27, 0.04), (0.23, 0.45)), arc(0.5, 0.69, 0.34, 0.29, 235, 485)), seg((0.27, 0.04), (0.86, 0.04))],
        lambda: [join(seg((0.86, 0.06), (0.26, 0.06)), seg((0.26, 0.06), (0.22, 0.42)), arc(0.5, 0.68, 0.35, 0.29, 240, 480))],  # one stroke
        lambda: [join(seg((0.24, 0.04), (0.2, 0.5)), arc(0.47, 0.7, 0.4, 0.28, 225, 470)), seg((0.22, 0.05), (0.9, 0.0))],  # wide belly
        lambda: [seg((0.9, 0.04), (0.3, 0.04)), join(seg((0.3, 0.04), (0.24, 0.46)), arc(0.48, 0.7, 0.34, 0.3, 225, 490))],  # bar first
    ],
    6: [
        lambda: [join(seg((0.74, 0.04), (0.2, 0.74)), arc(0.46, 0.75, 0.26, 0.23, 180, -180))],  # straight slanted stem and loop
        lambda: [join(arc(0.86, 0.72, 0.66, 0.68, 255, 175), arc(0.47, 0.75, 0.27, 0.23, 180, -180))],  # curved stem
        lambda: [join(seg((0.3, 0.02), (0.24, 0.76)), arc(0.48, 0.76, 0.24, 0.22, 180, -170))],  # upright stem
        lambda: [seg((0.82, 0.02), (0.3, 0.7)), arc(0.52, 0.76, 0.24, 0.22, 200, -160)],  # stem and loop apart
        lambda: [join(seg((0.86, 0.02), (0.22, 0.8)), arc(0.45, 0.8, 0.23, 0.18, 180, -110))],  # small loop left open
        lambda: [join(seg((0.76, 0.03), (0.25, 0.7)), arc(0.48, 0.76, 0.25, 0.22, 195, 520))],  # loop over the top first
        lambda: [join(seg((0.96, 0.0), (0.26, 0.72)), arc(0.46, 0.78, 0.21, 0.2, 190, -165))],  # a steep stem, as if slanted
    ],
    7: [
        lambda: [join(seg((0.06, 0.06), (0.92, 0.06)), seg((0.92, 0.06), (0.34, 0.98)))],
        lambda: [join(seg((0.08, 0.2), (0.1, 0.06)), seg((0.1, 0.06), (0.9, 0.08)), arc(1.6, 0.95, 1.1, 0.9, 195, 180))],  # hooked, curved stem
        lambda: [join(seg((0.06, 0.04), (0.94, 0.04)), seg((0.94, 0.04), (0.42, 0.98))), seg((0.76, 0.52), (0.34, 0.5))],  # bar right to left
        lambda: [join(arc(0.5, 0.3, 0.42, 0.25, 230, 310), seg((0.77, 0.11), (0.46, 0.98)))],  # arched top
        lambda: [join(seg((0.04, 0.04), (0.96, 0.04)), seg((0.96, 0.04), (0.62, 0.5)), seg((0.62, 0.5), (0.56, 0.98))), seg((0.4, 0.5), (0.82, 0.5))],
    ],
    8: [
        lambda: [lemniscate(0.5, 0.5, 0.8, 1.0)],
        lambda: [arc(0.5, 0.26, 0.26, 0.24, 90, -270), arc(0.5, 0.74, 0.34, 0.25, 270, 630)],  # two circles, opposite ways
        lambda: [join(arc(0.5, 0.27, 0.32, 0.23, 340, 90), arc(0.5, 0.73, 0.36, 0.25, 270, 450 + 150)),
                 seg((0.19, 0.86), (0.82, 0.16))],  # S and a straight return
        lambda: [join(arc(0.5, 0.25, 0.22, 0.21, 90, 450), arc(0.5, 0.72, 0.38, 0.26, 270, 630))],  # a snowman in one stroke
        lambda: [lemniscate(0.5, 0.5, -0.7, 1.0)],  # the figure eight the other way round
        lambda: [join(arc(0.52, 0.28, 0.3, 0.25, 30, -200), arc(0.48, 0.74, 0.36, 0.24, 270, 600))],  # top loop left open
    ],
    9: [
        lambda: [join(arc(0.5, 0.3, 0.3, 0.26, 0, -360), seg((0.8, 0.3), (0.76, 0.98)))],  # straight tail
        lambda: [join(arc(0.48, 0.28, 0.32, 0.25, 10, -350), arc(0.1, 0.28, 0.7, 0.7, 0, 75))],  # curved tail
        lambda: [arc(0.46, 0.27, 0.32, 0.24, 340, -20), seg((0.8, 0.08), (0.74, 0.98))],  # circle, then the tail
        lambda: [join(arc(0.5, 0.3, 0.27, 0.25, 20, -340), seg((0.75, 0.39), (0.62, 0.98)))],  # leaning tail
        lambda: [join(arc(0.5, 0.3, 0.3, 0.26, 0, -300), seg((0.8, 0.3), (0.8, 0.98)))],  # loop open at the left
    ],
    10: [  # A
        lambda: [join(seg((0.08, 0.98), (0.5, 0.02)), seg((0.5, 0.02), (0.92, 0.98))), seg((0.78, 0.64), (0.22, 0.64))],  # bar right to left
        lambda: [join(seg((0.1, 0.98), (0.2, 0.45)), arc(0.5, 0.45, 0.3, 0.43, 180, 360), seg((0.8, 0.45), (0.9, 0.98))),
                 seg((0.18, 0.6), (0.82, 0.6))],  # an arch
        lambda: [seg((0.5, 0.02), (0.12, 0.98)), seg((0.5, 0.02), (0.88, 0.98)), seg((0.3, 0.52), (0.7, 0.52))],  # three strokes, high bar
        lambda: [join(arc(0.5, 0.98, 0.42, 0.96, 180, 360)), seg((0.14, 0.6), (0.86, 0.6))],  # a round arch
    ],
    11: [  # B
        lambda: [seg((0.18, 0.02), (0.18, 0.98)), join(arc(0.18, 0.26, 0.55, 0.24, 270, 450), arc(0.18, 0.74, 0.68, 0.26, 270, 450))],
        lambda: [join(seg((0.18, 0.98), (0.18, 0.02)), arc(0.18, 0.25, 0.5, 0.23, 270, 450), arc(0.18, 0.73, 0.62, 0.25, 270, 450))],
        lambda: [seg((0.16, 0.04), (0.16, 0.98)), arc(0.16, 0.24, 0.58, 0.2, 270, 450), arc(0.16, 0.7, 0.72, 0.28, 270, 450)],
        lambda: [join(seg((0.2, 0.02), (0.2, 0.98)), seg((0.2, 0.98), (0.5, 0.98)), arc(0.5, 0.75, 0.3, 0.23, 90, -90),
                      arc(0.45, 0.27, 0.26, 0.25, 90, -90), seg((0.45, 0.02), (0.2, 0.02)))],  # one stroke, from the bottom bow up
    ],
    12: [  # C
        lambda: [arc(0.55, 0.5, 0.45, 0.5, 320, 40)],  # from the top, anticlockwise
        lambda: [arc(0.55, 0.5, 0.45, 0.5, 50, 310)],  # from the bottom up
        lambda: [arc(0.6, 0.5, 0.5, 0.48, 300, 60)],  # a round, closed-ish C
        lambda: [arc(0.7, 0.5, 0.6, 0.5, 330, 30)],  # a wide C
    ],
    13: [  # D
        lambda: [seg((0.16, 0.02), (0.16, 0.98)), join(seg((0.16, 0.02), (0.4, 0.02)), arc(0.4, 0.5, 0.5, 0.48, 270, 450), seg((0.4, 0.98), (0.16, 0.98)))],
        lambda: [join(seg((0.16, 0.98), (0.16, 0.02)), arc(0.16, 0.5, 0.78, 0.48, 270, 450))],  # one stroke
        lambda: [join(arc(0.16, 0.5, 0.8, 0.48, 90, -90), seg((0.16, 0.02), (0.16, 0.98)))],  # bowl first, then down
        lambda: [seg((0.2, 0.02), (0.2, 0.98)), join(seg((0.2, 0.02), (0.6, 0.08)), seg((0.6, 0.08), (0.9, 0.5)), seg((0.9, 0.5), (0.6, 0.92)),
                                                     seg((0.6, 0.92), (0.2, 0.98)))],  # angular bowl
    ],
    14: [  # E
        lambda: [join(seg((0.88, 0.04), (0.16, 0.04)), seg((0.16, 0.04), (0.16, 0.96)), seg((0.16, 0.96), (0.88, 0.96))), seg((0.66, 0.52), (0.16, 0.52))],
        lambda: [seg((0.18, 0.02), (0.18, 0.98)), seg((0.9, 0.02), (0.18, 0.02)), seg((0.7, 0.5), (0.18, 0.5)), seg((0.9, 0.98), (0.18, 0.98))],
        lambda: [join(seg((0.16, 0.02), (0.16, 0.98)), seg((0.16, 0.98), (0.92, 0.98))), seg((0.16, 0.02), (0.92, 0.04)), seg((0.16, 0.46), (0.78, 0.46))],
        lambda: [join(seg((0.9, 0.03), (0.2, 0.03)), seg((0.2, 0.03), (0.2, 0.97)), seg((0.2, 0.97), (0.9, 0.97))), seg((0.2, 0.5), (0.5, 0.5))],  # short bar
    ],
    15: [  # F
        lambda: [join(seg((0.2, 0.98), (0.2, 0.02)), seg((0.2, 0.02), (0.92, 0.04))), seg((0.2, 0.5), (0.66, 0.5))],
        lambda: [seg((0.9, 0.03), (0.18, 0.03)), seg((0.18, 0.03), (0.18, 0.98)), seg((0.7, 0.46), (0.18, 0.46))],
        lambda: [join(arc(0.55, 0.2, 0.37, 0.18, 0, -180), seg((0.18, 0.2), (0.18, 0.98))), seg((0.06, 0.54), (0.62, 0.54))],  # curved top
        lambda: [seg((0.2, 0.02), (0.2, 0.98)), seg((0.2, 0.02), (0.8, 0.02)), seg((0.2, 0.4), (0.6, 0.4))],  # high, short bars
    ],
    16: [  # G
        lambda: [join(arc(0.52, 0.5, 0.44, 0.5, 315, 45),
                      seg((0.83, 0.85), (0.86, 0.55)), seg((0.86, 0.55), (0.56, 0.55)))],
        lambda: [arc(0.52, 0.5, 0.44, 0.5, 320, 35), seg((0.5, 0.56), (0.9, 0.56)), seg((0.9, 0.56), (0.9, 1.0))],  # bar and spur apart
        lambda: [join(arc(0.54, 0.5, 0.46, 0.5, 300, 20), seg((0.97, 0.67), (0.97, 0.52)), seg((0.97, 0.52), (0.6, 0.52)))],
        lambda: [join(arc(0.5, 0.5, 0.44, 0.5, 320, 0), seg((0.94, 0.5), (0.6, 0.5)))],  # round, the bar from the end
    ],
}

ASPECT = {1: (0.3, 0.8)}
DEFAULT_ASPECT = (0.5, 1.15)


def _resample(stroke, rng, fast):
    """Points along the stroke at an uneven spacing, as a pen's events arrive; a fast pen's are
    far apart, so its curves become polygons."""
    if fast:
        # Only every so often a point of the shape survives (the rest are skipped), then straight lines.
        keep = [stroke[0]]
        gap = rng.uniform(0.06, 0.14)
        for p in stroke[1:]:
            if math.dist(p, keep[-1]) >= gap:
                keep.append(p)
        if keep[-1] != stroke[-1]:
            keep.append(stroke[-1])
        stroke = keep
    out = [stroke[0]]
    for p, q in zip(stroke, stroke[1:]):
        d = math.dist(p, q)
        step = rng.uniform(0.012, 0.04)
        k = max(1, int(d / step))
        for i in range(1, k + 1):
            out.append((p[0] + (q[0] - p[0]) * i / k, p[1] + (q[1] - p[1]) * i / k))
    return out


def sample(label, rng: random.Random, style=None, harsh=False):
    """A drawing of a held-out style: strokes of (x, y, pressure) in 0..1 of the cell.

    harsh: the harsher measure (HARSH_SEED): small (40-65 % of the cell), slanted 15-30° either
    way, shaky (a stronger wobble and tremor) and always a fast pen's sparse points. Without it
    the draws are those of the first held-out set, unchanged."""
    styles = STYLES[label]
    shape = (styles[rng.randrange(len(styles))] if style is None else styles[style])()
    lo, hi = ASPECT.get(label, DEFAULT_ASPECT)
    aspect = rng.uniform(lo, hi)
    shear = math.tan(math.radians(rng.uniform(-25, 25)))
    turn = math.radians(rng.uniform(-8, 8))
    size = rng.uniform(0.4, 1.0)
    ox, oy = rng.uniform(0.25, 0.75), rng.uniform(0.3, 0.7)
    wobble = rng.uniform(0.0, 0.045)
    fast = rng.random() < 0.35
    tremor = 0.0
    if harsh:
        shear = math.tan(math.radians(rng.uniform(15, 30))) * rng.choice([-1, 1])
        size = rng.uniform(0.4, 0.65)
        ox, oy = rng.uniform(0.4, 0.6), rng.uniform(0.4, 0.6)
        wobble = rng.uniform(0.02, 0.06)
        tremor = rng.uniform(0.004, 0.01)  # in the cell, after scaling
        fast = True
    freq, phase = rng.uniform(0.5, 2.0), rng.uniform(0, 2 * math.pi)
    pen = rng.choice([0.0, rng.uniform(0.1, 1.0)])
    out = []
    for stroke in shape:
        pts = _resample(stroke, rng, fast)
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
            if tremor:
                x, y = x + rng.gauss(0, tremor) / size, y + rng.gauss(0, tremor) / size
            drawn.append((ox + x * size, oy + y * size, p))
        out.append(drawn)
    return out
