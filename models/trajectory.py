#!/usr/bin/env python3
"""Trains inkdoku's trajectory model: a small 1-D CNN over the pen's resampled point sequence
(position, direction, pen-ups), whose logits are added to the raster CNN's (models/digits.onnx).

    models/.venv/bin/python models/trajectory.py     (from the repository root or models/)

The contract with the Rust side (recognizer/src/trajectory.rs) is in models/README.md ("The
trajectory model"): `features()` below computes exactly that, in f64, in that order;
models/strokes.cnn is the spec's byte format (f16 weights); models/fixtures/trajectory.json
holds drawings with their features and the shipped network's logits for the Rust tests.

Data (nothing downloaded; everything seeded):
- synthetic pen strokes (strokes.py): all 17 classes (0-9, A-G), fresh samples from seeds of
  this script's own (not train.py's test seed SEED + 1);
- real writers: UCI pen-based digits (pendigits.py, data/pendigits-train.csv, CC BY 4.0,
  E. Alpaydin and F. Alimoglu), the training rows only (`pendigits.split()[0]`), drawn through
  `pendigits.augmented` PEN_COPIES times each;
- on top of both, for a share of the drawings, an extra slant, aspect and small rotation (how
  hands differ) applied to the points.
Never trained on: heldout_styles.py (either way of drawing) and the pendigits validation rows.

Evaluation (printed and written to models/strokes.json) with the f16 weights as shipped: the
held-out styles (digits 1-9; letters A-G among 1-16), the same drawn the harsher way, the
pendigits validation rows as `measure` and as `harsh` (train.py's seeds), train.py's synthetic
test set (seed SEED + 1): the raster CNN alone, the trajectory model alone, and
cnn_logits + W * traj_logits for W in WEIGHTS; W chosen as described in choose_weight().

Settings (environment variables, TRAJ_ so as not to meet train.py's): TRAJ_ARCH (e.g.
"16,32p,32p,40p": k=3 convolutions, p = max-pool 2 after), TRAJ_EPOCHS, TRAJ_LR, TRAJ_BATCH,
TRAJ_SMOOTH (label smoothing), TRAJ_SYNTH_PER_CLASS, TRAJ_PEN_COPIES, TRAJ_EXTRA (share of
drawings given the extra slant/aspect/rotation), TRAJ_EMA.
"""
import bisect
import json
import math
import os
import random
import struct
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# train.py's raster CNN is evaluated through train.py's own functions; its plain_forward reads the
# pooling pattern from ARCH, so pin it to the committed digits.onnx's (checked below).
_CNN_ARCH = "16,16p,32,32p,64p"
_user_arch = os.environ.get("ARCH")
os.environ["ARCH"] = _CNN_ARCH
import train  # noqa: E402  (sets XLA_FLAGS, imports jax)
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import heldout_styles  # noqa: E402
import pendigits as pens  # noqa: E402
import strokes as synth  # noqa: E402

CACHE = HERE / ".cache"
SEED = 20261126  # this script's own; train.py's synthetic test set is train.SEED + 1
N = 32  # samples along the trace
CHANNELS = 5
CLASSES = synth.CLASSES
DIGITS, LETTERS, ALL = train.DIGITS, train.LETTERS, train.ALL
MAX_PARAMS = 12000
MAGIC = b"inkdoku-cnn\x01"
DATA_VERSION = "d1"  # part of the training data's cache name: change it when features() or _extra() change

TRAJ_ARCH = os.environ.get("TRAJ_ARCH", "16,32p,32p,40p")
EPOCHS = int(os.environ.get("TRAJ_EPOCHS", "30"))
LR = float(os.environ.get("TRAJ_LR", "3e-3"))
BATCH = int(os.environ.get("TRAJ_BATCH", "128"))
SMOOTH = float(os.environ.get("TRAJ_SMOOTH", "0.05"))
SYNTH_PER_CLASS = int(os.environ.get("TRAJ_SYNTH_PER_CLASS", "7000"))
PEN_COPIES = int(os.environ.get("TRAJ_PEN_COPIES", "14"))
EXTRA = float(os.environ.get("TRAJ_EXTRA", "0.5"))
EMA = float(os.environ.get("TRAJ_EMA", "0.999"))
WEIGHTS = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)
THRESHOLD = 0.6  # the recognizer's decline threshold (softmax over the allowed values)


# ---------------------------------------------------------------- features (the spec, exactly)

def features(strokes):
    """The trajectory features of a drawing (models/README.md, "The trajectory model"), in f64, in the spec's order:
    a list of 5 channels x N values [x', y', dx, dy, up], or None (no points, or a dot)."""
    # 1-2. Vertices, in order; the segment into the first point of a later stroke is "up".
    verts, ups = [], []
    for stroke in strokes:
        if len(stroke) == 0:
            continue
        for j, p in enumerate(stroke):
            if verts:
                ups.append(1.0 if j == 0 else 0.0)
            verts.append((float(p[0]), float(p[1])))
    if not verts:
        return None
    # 3. Lengths and their running sum.
    s_count = len(verts) - 1
    lens, cum = [], [0.0]
    for k in range(s_count):
        dx = verts[k + 1][0] - verts[k][0]
        dy = verts[k + 1][1] - verts[k][1]
        ln = math.sqrt(dx * dx + dy * dy)
        lens.append(ln)
        cum.append(cum[k] + ln)
    total = cum[s_count]
    if s_count == 0 or total < 1e-9:
        return None
    # 4. N samples at equal arc length.
    xs, ys, up = [], [], []
    for i in range(N):
        if i == N - 1:
            xs.append(verts[-1][0])
            ys.append(verts[-1][1])
            up.append(0.0)
            continue
        t = total * float(i) / float(N - 1)
        k = bisect.bisect_right(cum, t, 0, s_count) - 1  # the largest k in 0..S-1 with cum[k] <= t
        f = (t - cum[k]) / lens[k] if lens[k] > 0 else 0.0
        f = min(max(f, 0.0), 1.0)
        a, b = verts[k], verts[k + 1]
        xs.append(a[0] + f * (b[0] - a[0]))
        ys.append(a[1] + f * (b[1] - a[1]))
        up.append(ups[k])
    # 5. Normalised by the bounding box of all the vertices.
    minx = min(v[0] for v in verts)
    maxx = max(v[0] for v in verts)
    miny = min(v[1] for v in verts)
    maxy = max(v[1] for v in verts)
    cx, cy = (minx + maxx) / 2.0, (miny + maxy) / 2.0
    scale = max(maxx - minx, maxy - miny, 0.05)
    xs = [(x - cx) / scale for x in xs]
    ys = [(y - cy) / scale for y in ys]
    # 6. Direction: the normalised central difference (one-sided at the ends).
    ddx, ddy = [], []
    for i in range(N):
        a, b = max(i - 1, 0), min(i + 1, N - 1)
        dx, dy = xs[b] - xs[a], ys[b] - ys[a]
        n = math.sqrt(dx * dx + dy * dy)
        if n > 1e-9:
            ddx.append(dx / n)
            ddy.append(dy / n)
        else:
            ddx.append(0.0)
            ddy.append(0.0)
    # 7. Channel-major.
    return [xs, ys, ddx, ddy, up]


def feature_array(strokes_list):
    """Features of many drawings as f32 (B, 5, N), and a mask of the drawings that have them."""
    out = np.zeros((len(strokes_list), CHANNELS, N), np.float32)
    ok = np.zeros(len(strokes_list), bool)
    for i, s in enumerate(strokes_list):
        f = features(s)
        if f is not None:
            out[i] = np.asarray(f, np.float64).astype(np.float32)
            ok[i] = True
    return out, ok


# ---------------------------------------------------------------- data

def _extra(strokes, rng):
    """How hands differ, once more: an extra slant, aspect and a small turn about the centre."""
    slant = math.tan(math.radians(rng.uniform(-20, 20)))
    aspect = math.exp(rng.uniform(-0.3, 0.3))
    turn = math.radians(rng.gauss(0, 5))
    ca, sa = math.cos(turn), math.sin(turn)
    out = []
    for st in strokes:
        pts = []
        for p in st:
            x, y = (p[0] - 0.5) * aspect, p[1] - 0.5
            x -= slant * y
            pts.append((0.5 + x * ca - y * sa, 0.5 + x * sa + y * ca, p[2]))
        out.append(pts)
    return out


def training_data():
    """(features (B, 5, N) f32, labels): synthetic strokes of all classes and augmented pendigits
    training rows; cached in models/.cache/ under the generators' hashes and the settings."""
    tag = (f"traj-{synth.VERSION}-{train._digest('strokes.py')}-{train._digest('pendigits.py')}-"
           f"{train._digest('data/pendigits-train.csv')}-{DATA_VERSION}-"
           f"{SYNTH_PER_CLASS}-{PEN_COPIES}-{EXTRA}-{SEED}")
    path = CACHE / f"{tag}.npz"
    if path.exists():
        z = np.load(path)
        return z["x"], z["y"], z["src"]
    rng = random.Random(SEED)
    drawings, labels, src = [], [], []
    for d in range(CLASSES):
        for _ in range(SYNTH_PER_CLASS):
            s = synth.sample(d, rng)
            drawings.append(_extra(s, rng) if rng.random() < EXTRA else s)
            labels.append(d)
            src.append(0)
    train_rows, _ = pens.split()  # never the validation rows
    for d, pts in train_rows:
        for _ in range(PEN_COPIES):
            s = pens.augmented(pts, rng)
            drawings.append(_extra(s, rng) if rng.random() < EXTRA else s)
            labels.append(d)
            src.append(1)
    x, ok = feature_array(drawings)
    y, src = np.array(labels, np.int32), np.array(src, np.int8)
    x, y, src = x[ok], y[ok], src[ok]
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, x=x, y=y, src=src)
    return x, y, src


def _regenerate(source, per_class, seed, **kw):
    """The strokes of a set train.synthetic() rendered (same loop, same seed: the same drawings)."""
    rng = random.Random(seed)
    out, labels = [], []
    for d in range(CLASSES):
        for _ in range(per_class):
            out.append(source.sample(d, rng, **kw))
            labels.append(d)
    return out, np.array(labels, np.int32)


def evaluation_sets():
    """name -> (strokes, raster images for the CNN, labels), all never trained on."""
    sets = {}
    hs, hy = _regenerate(heldout_styles, heldout_styles.PER_CLASS, heldout_styles.SEED)
    hx, hy2 = train.heldout()
    sets["heldout_styles"] = (hs, hx, hy2)
    hhs, hhy = _regenerate(heldout_styles, heldout_styles.PER_CLASS, heldout_styles.HARSH_SEED, harsh=True)
    hhx, hhy2 = train.heldout_harsh()
    sets["heldout_styles_harsh"] = (hhs, hhx, hhy2)
    _, val = pens.split()
    _, (pmx, pmy), (phx, phy) = train.pen_sets()
    sets["pendigits_validation"] = ([pens.measure(p) for _, p in val], pmx, pmy)
    sets["pendigits_validation_harsh"] = ([pens.harsh(p, random.Random(train.SEED + 5 + i)) for i, (_, p) in enumerate(val)], phx, phy)
    ss, sy = _regenerate(synth, train.SYNTH_TEST_PER_CLASS, train.SEED + 1)
    sx, sy2, _ = train.synthetic(train.SYNTH_TEST_PER_CLASS, train.SYNTH_TEST_PER_CLASS, train.SEED + 1, keep_strokes=train.FIXTURES_PER_CLASS)
    sets["synthetic_test"] = (ss, sx, sy2)
    assert (hy == hy2).all() and (hhy == hhy2).all() and (sy == sy2).all() and (pmy == np.array([d for d, _ in val])).all()
    # The regenerated strokes must be the drawings the cached images were rendered from.
    import raster
    for name, (s, x, _) in sets.items():
        for i in (0, len(s) // 2, len(s) - 1):
            img = np.array(raster.rasterize(s[i]), np.float32).reshape(28, 28)
            assert np.abs(img - x[i]).max() < 1e-5, f"{name}: cached image {i} is not of these strokes"
    return sets


# ---------------------------------------------------------------- the network (plain JAX)

def arch(spec=TRAJ_ARCH):
    """[(cin, cout, pool_after)] and the flattened size (C * L) of the last convolution."""
    layers, cin, length = [], CHANNELS, N
    for tok in spec.split(","):
        p = tok.endswith("p")
        cout = int(tok.rstrip("p"))
        layers.append((cin, cout, p))
        cin = cout
        length = length // 2 if p else length
    return layers, cin * length


def count_params(spec=TRAJ_ARCH):
    layers, flat = arch(spec)
    return sum(ci * co * 3 + co for ci, co, _ in layers) + flat * CLASSES + CLASSES


def init(key):
    layers, flat = arch()
    params, state = {"conv": [], "dense": None}, []
    for cin, cout, _ in layers:
        key, k = jax.random.split(key)
        params["conv"].append({"w": jax.random.normal(k, (3, cin, cout)) * math.sqrt(2 / (cin * 3)),
                               "b": jnp.zeros(cout), "g": jnp.ones(cout)})
        state.append({"mean": jnp.zeros(cout), "var": jnp.ones(cout)})
    key, k = jax.random.split(key)
    params["dense"] = {"w": jax.random.normal(k, (flat, CLASSES)) * math.sqrt(1 / flat), "b": jnp.zeros(CLASSES)}
    return params, state


def conv1d(x, w):
    """x (B, L, C) NWC, w (3, Cin, Cout): out[l] = sum_k w[k] . x[l + k - 1], zero padding."""
    return jax.lax.conv_general_dilated(x, w, (1,), ((1, 1),), dimension_numbers=("NWC", "WIO", "NWC"))


def pool1d(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 2, 1), (1, 2, 1), "VALID")


def flatten(x):
    """(B, L, C) -> (B, C * L) channel-major, as the spec flattens."""
    return x.transpose(0, 2, 1).reshape(x.shape[0], -1)


def forward(params, state, x, training):
    """Logits for x (B, 5, N). Batch statistics when training (returned), running ones otherwise."""
    layers, _ = arch()
    x = x.transpose(0, 2, 1)
    stats = []
    for (_, _, p_after), p, st in zip(layers, params["conv"], state):
        y = conv1d(x, p["w"])
        if training:
            mean, var = y.mean(axis=(0, 1)), y.var(axis=(0, 1))
            stats.append({"mean": mean, "var": var})
        else:
            mean, var = st["mean"], st["var"]
        y = jax.nn.relu((y - mean) * (p["g"] / jnp.sqrt(var + 1e-5)) + p["b"])
        x = pool1d(y) if p_after else y
    return flatten(x) @ params["dense"]["w"] + params["dense"]["b"], stats


def folded(params, state):
    """BN folded into the convolutions: ([(w (3, I, O), b)], (w dense (C*L, 17), b))."""
    convs = []
    for p, st in zip(params["conv"], state):
        k = p["g"] / jnp.sqrt(st["var"] + 1e-5)
        convs.append((np.asarray(p["w"] * k), np.asarray(p["b"] - st["mean"] * k)))
    return convs, (np.asarray(params["dense"]["w"]), np.asarray(params["dense"]["b"]))


def loss_fn(params, state, x, y):
    logits, stats = forward(params, state, x, True)
    target = jax.nn.one_hot(y, CLASSES) * (1 - SMOOTH) + SMOOTH / CLASSES
    ce = -jnp.mean(jnp.sum(target * jax.nn.log_softmax(logits), axis=1))
    l2 = sum(jnp.sum(p["w"] ** 2) for p in params["conv"]) + jnp.sum(params["dense"]["w"] ** 2)
    return ce + 1e-5 * l2, stats


@jax.jit
def step(params, state, ema, opt, x, y, lr):
    (_, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, state, x, y)
    m, v, t = opt
    t = t + 1
    m = jax.tree_util.tree_map(lambda a, g: 0.9 * a + 0.1 * g, m, grads)
    v = jax.tree_util.tree_map(lambda a, g: 0.999 * a + 0.001 * g * g, v, grads)
    params = jax.tree_util.tree_map(lambda p, a, b: p - lr * (a / (1 - 0.9 ** t)) / (jnp.sqrt(b / (1 - 0.999 ** t)) + 1e-8),
                                    params, m, v)
    state = jax.tree_util.tree_map(lambda s, n: 0.9 * s + 0.1 * n, state, stats)
    decay = jnp.minimum(EMA, (1.0 + t) / (10.0 + t))
    ema = jax.tree_util.tree_map(lambda e, p: decay * e + (1 - decay) * p, ema, params)
    return params, state, ema, (m, v, t)


@jax.jit
def _batch_stats(params, state, x):
    return forward(params, state, x, True)[1]


def recompute_bn(params, state, x, rng, batches=40):
    """Population BN statistics for the (EMA) weights, averaged over training batches."""
    acc = None
    for _ in range(batches):
        s = _batch_stats(params, state, jnp.asarray(x[rng.choice(len(x), 1024, replace=False)]))
        acc = s if acc is None else jax.tree_util.tree_map(jnp.add, acc, s)
    return jax.tree_util.tree_map(lambda a: a / batches, acc)


# ---------------------------------------------------------------- the file, and the network as shipped

def export(net, path):
    """models/strokes.cnn in the spec's format, f16 weights."""
    layers, _ = arch()
    convs, (wd, bd) = net
    out = bytearray(MAGIC)
    out += struct.pack("<BBH", 2, len(layers) + 1, N)

    def f16(a):
        return np.ascontiguousarray(np.asarray(a, np.float32).astype("<f2")).tobytes()
    for (cin, cout, p_after), (w, b) in zip(layers, convs):
        out += struct.pack("<BHH", 5 if p_after else 4, cin, cout)
        out += f16(np.asarray(w).transpose(2, 1, 0))  # (K, I, O) -> (O, I, K)
        out += f16(b)
    out += struct.pack("<BHH", 3, wd.shape[0], CLASSES)
    out += f16(wd)  # (inputs, outputs), the inputs channel-major (C, L) as flatten() makes them
    out += f16(bd)
    Path(path).write_bytes(bytes(out))
    return len(out)


def read(path):
    """The network of a .cnn file: [(kind, w, b)] with weights as the file holds them (f32)."""
    raw = Path(path).read_bytes()
    assert raw[:12] == MAGIC, "not an inkdoku network file"
    wtype, count, side = struct.unpack_from("<BBH", raw, 12)
    assert wtype == 2 and side == N
    pos, layers = 16, []
    for _ in range(count):
        kind, ins, outs = struct.unpack_from("<BHH", raw, pos)
        pos += 5
        shape = (outs, ins, 3) if kind in (4, 5) else (ins, outs)
        n = int(np.prod(shape))
        w = np.frombuffer(raw, "<f2", n, pos).astype(np.float32).reshape(shape)
        pos += 2 * n
        b = np.frombuffer(raw, "<f2", outs, pos).astype(np.float32)
        pos += 2 * outs
        layers.append((kind, w, b))
    assert pos == len(raw), "trailing bytes"
    return layers


def run_file(layers, x):
    """The .cnn network on x (B, 5, N), in f32, channel-major as the Rust side computes it:
    out[o][l] = b[o] + sum_i sum_k w[o][i][k] * in[i][l + k - 1] (zero outside), ReLU, pool."""
    x = np.asarray(x, np.float32)
    for kind, w, b in layers:
        if kind == 3:
            return x.reshape(len(x), -1) @ w + b
        pad = np.pad(x, ((0, 0), (0, 0), (1, 1)))
        length = x.shape[2]
        y = np.zeros((len(x), w.shape[0], length), np.float32) + b[None, :, None]
        for k in range(3):
            y += np.einsum("oi,bil->bol", w[:, :, k], pad[:, :, k:k + length])
        y = np.maximum(y, 0)
        if kind == 5:
            y = y.reshape(len(x), y.shape[1], length // 2, 2).max(axis=3)
        x = y
    raise AssertionError("no dense layer")


def traj_logits(layers, x, ok):
    """Logits of the trajectory network; 0 for the drawings without a trajectory (a dot)."""
    out = np.zeros((len(x), CLASSES), np.float32)
    for i in range(0, len(x), 2048):
        out[i:i + 2048] = run_file(layers, x[i:i + 2048])
    out[~ok] = 0.0
    return out


# ---------------------------------------------------------------- evaluation

def declined(logits, y, allowed=DIGITS, digits=DIGITS):
    """Drawings of `digits` whose best allowed value has softmax < THRESHOLD, and the accuracy of the rest."""
    mask = np.isin(y, digits)
    sub = logits[mask][:, allowed].astype(np.float64)
    p = np.exp(sub - sub.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    keep = p.max(1) >= THRESHOLD
    pred = np.array(allowed)[p.argmax(1)]
    return int((~keep).sum()), float((pred[keep] == y[mask][keep]).mean())


def figures(cnn, traj, y, has_letters):
    """Accuracies (1-9; letters among 1-16) of the CNN alone, the trajectory alone, each W."""
    out = {"samples_1_to_9": int(np.isin(y, DIGITS).sum())}

    def one(lg):
        acc, per = train.restricted_accuracy(lg, y)
        r = {"accuracy_1_to_9": acc, "per_digit": per}
        if has_letters:
            r["accuracy_letters_16x16"], r["per_letter"] = train.restricted_accuracy(lg, y, LETTERS, ALL)
            r["per_letter"] = {synth.name(k): v for k, v in r["per_letter"].items()}
            r["accuracy_digits_16x16"], _ = train.restricted_accuracy(lg, y, DIGITS, ALL)
        r["declined_at_0.6"], r["accuracy_of_accepted_at_0.6"] = declined(lg, y)
        return r
    out["cnn"] = one(cnn)
    out["trajectory"] = one(traj)
    out["combined"] = {str(w): one(cnn + w * traj) for w in WEIGHTS}
    return out


def choose_weight(results):
    """W: the best mean of the pendigits validation `measure` accuracy and the held-out styles'
    digit accuracy (1-9), among the W that lower neither the held-out styles' digits nor their
    letters (A-G among 1-16) below the CNN alone; ties to the smaller W."""
    pm, hs = results["pendigits_validation"], results["heldout_styles"]
    best, best_score = 0.0, -1.0
    for w in WEIGHTS:
        c, h = pm["combined"][str(w)], hs["combined"][str(w)]
        if h["accuracy_1_to_9"] < hs["cnn"]["accuracy_1_to_9"] or h["accuracy_letters_16x16"] < hs["cnn"]["accuracy_letters_16x16"]:
            continue
        score = (c["accuracy_1_to_9"] + h["accuracy_1_to_9"]) / 2
        if score > best_score + 1e-12:
            best, best_score = w, score
    return best, best_score


# ---------------------------------------------------------------- fixtures

def fixtures(sets, layers):
    """40 drawings for the Rust tests: some of every source, multi-stroke ones, edge cases."""
    rng = random.Random(SEED + 3)
    picks = []
    for name, count in (("synthetic_test", 12), ("heldout_styles", 8), ("heldout_styles_harsh", 6),
                        ("pendigits_validation", 5), ("pendigits_validation_harsh", 4)):
        s, _, y = sets[name]
        multi = [i for i in range(len(s)) if len(s[i]) > 1]
        single = [i for i in range(len(s)) if len(s[i]) == 1]
        chosen = rng.sample(multi, min(len(multi), count // 2)) if multi else []
        chosen += rng.sample(single, count - len(chosen))
        picks += [(name, int(y[i]), s[i]) for i in chosen]
    picks.append(("edge: a single-point dot", 1, [[(0.5, 0.5, 0.0)]]))
    picks.append(("edge: two zero-length strokes at one place", 1, [[(0.4, 0.6, 0.3)], [(0.4, 0.6, 0.3)]]))
    picks.append(("edge: an empty stroke, then a 1", 1, [[], [(0.5, 0.1, 0.0), (0.5, 0.9, 0.0)]]))
    picks.append(("edge: a zero-length stroke, then a dash (up segment only carries length)", 1,
                  [[(0.2, 0.5, 0.0), (0.2, 0.5, 0.0)], [(0.6, 0.5, 0.0), (0.8, 0.5, 0.0)]]))
    picks.append(("edge: repeated points inside a stroke", 7,
                  [[(0.1, 0.1, 0.5), (0.1, 0.1, 0.5), (0.9, 0.1, 0.5), (0.9, 0.1, 0.5), (0.9, 0.1, 0.5), (0.4, 0.9, 0.5)]]))
    assert len(picks) == 40, len(picks)
    out = []
    for source, label, s in picks:
        strokes = [[[float(v) for v in p] for p in st] for st in s]
        f = features(strokes)
        if f is None:
            logit = None
        else:
            logit = [round(float(v), 5) for v in run_file(layers, np.asarray(f, np.float64).astype(np.float32)[None])[0]]
        out.append({"source": source, "label": label, "strokes": strokes,
                    "features": None if f is None else [[float(v) for v in ch] for ch in f], "logits": logit})
    return out


# ---------------------------------------------------------------- main

def main():
    t0 = time.time()
    n_params = count_params()
    assert n_params <= MAX_PARAMS, f"{TRAJ_ARCH}: {n_params} parameters > {MAX_PARAMS}"
    x, y, src = training_data()
    print(f"training data: {len(x)} drawings ({(src == 0).sum()} synthetic, {(src == 1).sum()} pendigits), "
          f"arch {TRAJ_ARCH} ({n_params} parameters)  ({time.time() - t0:.0f} s)", flush=True)
    sets = evaluation_sets()
    cnn_net = train.net_from_onnx(HERE / "digits.onnx")
    assert [w.shape[-1] for w, _ in cnn_net[0]] == [16, 16, 32, 32, 64], "digits.onnx is not ARCH " + _CNN_ARCH
    feats = {name: feature_array(s) for name, (s, _, _) in sets.items()}
    cnn = {name: train.logits_of(cnn_net, img) for name, (_, img, _) in sets.items()}
    print(f"evaluation sets ready  ({time.time() - t0:.0f} s)", flush=True)

    rng = np.random.default_rng(SEED)
    key = jax.random.PRNGKey(SEED)
    params, state = init(key)
    ema = params
    opt = (jax.tree_util.tree_map(jnp.zeros_like, params), jax.tree_util.tree_map(jnp.zeros_like, params), 0)
    steps = len(x) // BATCH
    total, n = EPOCHS * steps, 0
    xj, yj = jnp.asarray(x), jnp.asarray(y)

    def quick(tag):
        st = recompute_bn(ema, state, x, np.random.default_rng(SEED + 7))
        net = folded(ema, st)
        line = []
        for name in ("heldout_styles", "heldout_styles_harsh", "pendigits_validation", "pendigits_validation_harsh"):
            fx, ok = feats[name]
            lg = np.array(_plain(net, jnp.asarray(fx)))
            lg[~ok] = 0
            a, _ = train.restricted_accuracy(lg, sets[name][2])
            c, _ = train.restricted_accuracy(cnn[name] + lg, sets[name][2])
            line.append(f"{name} {a:.4f} (+cnn {c:.4f})")
        print(f"{tag}: " + "  ".join(line) + f"  ({time.time() - t0:.0f} s)", flush=True)
        return net

    for epoch in range(EPOCHS):
        order = jnp.asarray(rng.permutation(len(x)))
        for b in range(steps):
            idx = order[b * BATCH:(b + 1) * BATCH]
            lr = LR * min(1.0, (n + 1) / steps) * 0.5 * (1 + math.cos(math.pi * n / total))
            params, state, ema, opt = step(params, state, ema, opt, xj[idx], yj[idx], lr)
            n += 1
        if epoch % 5 == 4 and epoch != EPOCHS - 1:
            quick(f"epoch {epoch + 1}")
    net = quick(f"epoch {EPOCHS}")
    seconds = time.time() - t0

    size = export(net, HERE / "strokes.cnn")
    layers = read(HERE / "strokes.cnn")
    # The file must be the trained network (to f16 rounding).
    fx, ok = feats["synthetic_test"]
    gap = float(np.abs(traj_logits(layers, fx[:512], ok[:512]) - np.asarray(_plain(net, jnp.asarray(fx[:512])))).max())
    print(f"wrote strokes.cnn ({size} bytes, {n_params} parameters; f16 file vs f32 network within {gap:.3f})")

    results = {}
    for name, (_, _, yy) in sets.items():
        fx, ok = feats[name]
        results[name] = figures(cnn[name], traj_logits(layers, fx, ok), yy, np.isin(yy, LETTERS).any())
        results[name]["without_trajectory"] = int((~ok).sum())
    w, score = choose_weight(results)
    metrics = {"weight": w, "weight_rule": choose_weight.__doc__.split("\n")[0] + " " + " ".join(
        s.strip() for s in choose_weight.__doc__.split("\n")[1:]), "weight_score": score,
        "weights_tried": list(WEIGHTS), "threshold": THRESHOLD,
        "architecture": TRAJ_ARCH, "parameters": n_params, "file_bytes": size, "epochs": EPOCHS,
        "settings": {"lr": LR, "batch": BATCH, "label_smoothing": SMOOTH, "ema": EMA, "synthetic_per_class": SYNTH_PER_CLASS,
                     "pen_copies": PEN_COPIES, "extra_augmentation_share": EXTRA, "seed": SEED,
                     "training_drawings": int(len(x)), "synthetic_styles": synth.VERSION,
                     "pendigits_train_rows": pens.VALIDATION_FROM},
        "seconds": round(seconds), "sets": results}
    (HERE / "strokes.json").write_text(json.dumps(metrics, indent=1))

    print(f"\nW = {w} (score {score:.4f}); accuracy 1-9 (letters A-G among 1-16), declined at {THRESHOLD}:")
    head = f"{'set':28s} {'CNN':>8s} {'traj':>8s} " + " ".join(f"{'W=' + str(v):>8s}" for v in WEIGHTS)
    print(head)
    for name, r in results.items():
        print(f"{name:28s} {r['cnn']['accuracy_1_to_9'] * 100:8.2f} {r['trajectory']['accuracy_1_to_9'] * 100:8.2f} "
              + " ".join(f"{r['combined'][str(v)]['accuracy_1_to_9'] * 100:8.2f}" for v in WEIGHTS))
        if "accuracy_letters_16x16" in r["cnn"]:
            print(f"{'  letters A-G':28s} {r['cnn']['accuracy_letters_16x16'] * 100:8.2f} {r['trajectory']['accuracy_letters_16x16'] * 100:8.2f} "
                  + " ".join(f"{r['combined'][str(v)]['accuracy_letters_16x16'] * 100:8.2f}" for v in WEIGHTS))
        print(f"{'  declined (of ' + str(r['samples_1_to_9']) + ')':28s} {r['cnn']['declined_at_0.6']:8d} {r['trajectory']['declined_at_0.6']:8d} "
              + " ".join(f"{r['combined'][str(v)]['declined_at_0.6']:8d}" for v in WEIGHTS))
    for name in ("pendigits_validation", "pendigits_validation_harsh"):
        c, b = results[name]["combined"][str(w)]["per_digit"], results[name]["cnn"]["per_digit"]
        print(f"{name} per digit, W={w} (CNN alone): " + " ".join(f"{d}:{c[d] * 100:.1f}({b[d] * 100:.1f})" for d in DIGITS))

    fx = fixtures(sets, layers)
    (HERE / "fixtures").mkdir(exist_ok=True)
    (HERE / "fixtures" / "trajectory.json").write_text(json.dumps({"weight": w, "n": N, "drawings": fx}))
    print(f"wrote strokes.json, fixtures/trajectory.json ({len(fx)} drawings) in {time.time() - t0:.0f} s")


@jax.jit
def _plain(net, x):
    """The folded network in f32 on x (B, 5, N) (JAX; the f16 file is run by run_file)."""
    layers, _ = arch()
    convs, (wd, bd) = net
    x = x.transpose(0, 2, 1)
    for (_, _, p_after), (w, b) in zip(layers, convs):
        x = jax.nn.relu(conv1d(x, w) + b)
        x = pool1d(x) if p_after else x
    return flatten(x) @ wd + bd


if __name__ == "__main__":
    main()
