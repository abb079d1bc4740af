"""Real writers' digits: the UCI pen-based digits (training split, 30 writers), drawn as the app
draws ink.

data/pendigits-train.csv: 7,494 digits, each 8 (x, y) points resampled at equal distances along
the pen's trace (pen-ups joined into one trace), x and y each scaled to 0..100, y upwards.
E. Alpaydin, F. Alimoglu, Bogazici University (1998), UCI Machine Learning Repository id 81,
CC BY 4.0.

The file does not say who wrote which digit, and its order is shuffled (in blocks of 250 rows,
each writer's share, the digits are as uneven as a random draw), so whole writers cannot be kept
apart: validation is the last fifth of the file (VALIDATION_FROM on), never trained on; its
writers also wrote training digits.

A digit becomes one stroke: y flipped, the 8 points fitted into the cell, and a smooth curve
through them (a centripetal Catmull-Rom spline) or the plain polyline, then the app's rasterizer
(raster.py). Three ways to draw them:
- measure(): the product's measure: one smooth stroke (about 64 points), centred, 70 % of the
  cell's height, no other change;
- harsh(): 40-65 % of the cell, slanted 15-30° (either way), shaky, sparse points;
- augmented(): for training: size 40-105 % of the cell, slant ±30°, rotation, aspect, smooth or
  polyline, dense or sparse points, tremor and wobble, pressure from thin to thick or none.
"""
import math
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
PATH = HERE / "data" / "pendigits-train.csv"
VALIDATION_FROM = 5995  # rows 5995..7493 (the last fifth) are the validation set


def load():
    """[(label, [(x, y) * 8])] in file order, x right and y down in 0..1."""
    out = []
    for line in PATH.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        v = [int(t) for t in line.split(",")]
        out.append((v[0], [(v[1 + 2 * i] / 100.0, 1.0 - v[2 + 2 * i] / 100.0) for i in range(8)]))
    assert len(out) == 7494, len(out)
    return out


def split():
    rows = load()
    return rows[:VALIDATION_FROM], rows[VALIDATION_FROM:]


def spline(points, per_segment, alpha=0.5):
    """A centripetal Catmull-Rom curve through the points (repeated points dropped), per_segment
    points per span; the ends extended by reflection."""
    pts = [points[0]]
    for p in points[1:]:
        if math.dist(p, pts[-1]) > 1e-6:
            pts.append(p)
    if len(pts) < 2:
        return list(pts)
    ext = [(2 * pts[0][0] - pts[1][0], 2 * pts[0][1] - pts[1][1])] + pts + \
          [(2 * pts[-1][0] - pts[-2][0], 2 * pts[-1][1] - pts[-2][1])]
    out = []
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        t0 = 0.0
        t1 = t0 + max(math.dist(p0, p1), 1e-6) ** alpha
        t2 = t1 + max(math.dist(p1, p2), 1e-6) ** alpha
        t3 = t2 + max(math.dist(p2, p3), 1e-6) ** alpha
        for k in range(per_segment):
            t = t1 + (t2 - t1) * k / per_segment

            def lerp(a, b, ta, tb):
                wa, wb = (tb - t) / (tb - ta), (t - ta) / (tb - ta)
                return (wa * a[0] + wb * b[0], wa * a[1] + wb * b[1])
            a1, a2, a3 = lerp(p0, p1, t0, t1), lerp(p1, p2, t1, t2), lerp(p2, p3, t2, t3)
            b1, b2 = lerp(a1, a2, t0, t2), lerp(a2, a3, t1, t3)
            out.append(lerp(b1, b2, t1, t2))
    out.append(pts[-1])
    return out


def _place(curve, size, aspect, slant, angle, cx, cy, rng=None, tremor=0.0, wobble=0.0, pressure=0.0):
    """The curve (0..1, y down) scaled to `size` of the cell with an aspect (width over height),
    slanted (x shifted by -tan(slant) * y: a forward lean), turned, put at (cx, cy), shaken."""
    sl, ca, sa = math.tan(slant), math.cos(angle), math.sin(angle)
    n = len(curve)
    freq, phase = (rng.uniform(0.7, 2.5), rng.uniform(0, 2 * math.pi)) if rng else (0, 0)
    out = []
    for i, (x, y) in enumerate(curve):
        t = i / max(1, n - 1)
        x, y = (x - 0.5) * size * aspect, (y - 0.5) * size
        x -= sl * y
        x, y = x * ca - y * sa, x * sa + y * ca
        if rng is not None:
            x += wobble * math.sin(2 * math.pi * freq * t + phase) + rng.gauss(0, tremor)
            y += wobble * math.cos(2 * math.pi * freq * t + 1.7 * phase) + rng.gauss(0, tremor)
        p = 0.0 if pressure == 0.0 else max(0.05, min(1.0, pressure * (0.65 + 0.35 * math.sin(math.pi * t))))
        out.append((cx + x, cy + y, p))
    return [out]


def measure(points):
    """The product's measure: one smooth stroke, centred, 70 % of the cell's height."""
    return _place(spline(points, 9), 0.7, 1.0, 0.0, 0.0, 0.5, 0.5)


def _sparse(points, rng):
    """A fast pen: the plain polyline, or a coarse curve (1-3 points a span), some points dropped."""
    curve = list(points) if rng.random() < 0.4 else spline(points, rng.randint(1, 3))
    if len(curve) > 6 and rng.random() < 0.4:
        curve = [p for i, p in enumerate(curve) if i in (0, len(curve) - 1) or rng.random() > 0.25]
    return curve


def harsh(points, rng: random.Random):
    """The harsher measure: 40-65 % of the cell, slanted 15-30° either way, shaky, sparse points."""
    size = rng.uniform(0.4, 0.65)
    slant = math.radians(rng.uniform(15, 30)) * rng.choice([-1, 1])
    cx, cy = 0.5 + rng.uniform(-0.1, 0.1), 0.5 + rng.uniform(-0.1, 0.1)
    return _place(_sparse(points, rng), size, 1.0, slant, 0.0, cx, cy, rng,
                  tremor=rng.uniform(0.004, 0.01), wobble=rng.uniform(0.005, 0.02),
                  pressure=rng.choice([0.0, rng.uniform(0.1, 1.0)]))


def augmented(points, rng: random.Random):
    """A training rendering: size 40-105 %, slant ±30°, rotation, aspect, smooth or polyline,
    dense or sparse, tremor and wobble, pressure thin to thick or none."""
    pts = list(points)
    if rng.random() < 0.5:
        j = rng.uniform(0.005, 0.025)
        pts = [(x + rng.gauss(0, j), y + rng.gauss(0, j)) for x, y in pts]
    r = rng.random()
    curve = pts if r < 0.15 else _sparse(pts, rng) if r < 0.35 else spline(pts, rng.randint(4, 11))
    size = rng.uniform(0.4, 1.05)
    aspect = 1.0 if rng.random() < 0.4 else math.exp(rng.uniform(-0.6, 0.2))
    slant = math.radians(max(-30.0, min(30.0, rng.gauss(5, 14))))
    angle = math.radians(rng.gauss(0, 6))
    cx = 0.5 + rng.uniform(-0.2, 0.2) * (1.05 - size)
    cy = 0.5 + rng.uniform(-0.2, 0.2) * (1.05 - size)
    shaky = rng.random() < 0.4
    return _place(curve, size, aspect, slant, angle, cx, cy, rng,
                  tremor=rng.uniform(0.002, 0.009) if shaky else 0.0,
                  wobble=rng.uniform(0.0, 0.02) if shaky else 0.0,
                  pressure=rng.choice([0.0, rng.uniform(0.05, 1.0)]))
