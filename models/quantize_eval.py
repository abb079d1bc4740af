#!/usr/bin/env python3
"""What int8 weights would cost: both networks as f16 files (models/digits.cnn,
models/strokes.cnn before they shipped as 8-bit; `--from DIR` reads them from DIR instead)
quantized per output channel, dequantized, and measured on trajectory.py's and train.py's sets.

    models/.venv/bin/python models/quantize_eval.py [--levels N] [--from DIR]

`--levels N` (1-127, default 127): the integers use N steps either side of 0, so an output's
largest weight is +-N (the shipped networks: 15, `SHIPPED_LEVELS` in recognizer/src/network.rs;
fewer distinct bytes gzip to fewer bits, the file's format is the same). The f16 files as
trained are in the history: `git show b4f01f5^:models/digits.cnn` (and strokes.cnn).

The quantization, exactly as the Rust side would do it (in f32):
- the weights as the .cnn files hold them (f16 -> f32);
- per layer, per OUTPUT channel o: m = max |w| over that output's weights (conv: w[o, ...];
  dense: the column w[:, o]); scale_o = float32(m / N) (1.0 when m == 0);
  q = clip(rint(w / scale_o), -N, N) as int8 (numpy's rint: half to even), N = --levels;
  the weight used is float32(q) * scale_o. Biases stay as stored (f16 values).

Measured, f16 as shipped against int8 (both networks), the picture alone and combined as the
app combines them (cnn + W * trajectory, W from strokes.json): held-out styles (digits 1-9,
letters A-G among 1-16), the same drawn harsher, pendigits validation (measure and harsh),
the synthetic test set, and for the picture alone MNIST test and scikit-learn's digits;
declines at the 0.6 threshold; per digit on pendigits harsh; the largest logit difference.
The f16 figures are checked against strokes.json and metrics.json.

Also the size of an int8 file (weight type 3): per layer the weights as [scales: outputs x f32
LE][q: int8, in the f32 layout's order], the biases as f32 LE; gzip -9 against the f16 files.
Writes models/quantized.json.

    models/.venv/bin/python models/quantize_eval.py --ship [--levels N] [--from DIR]

then makes the int8 files the app ships: digits.cnn and strokes.cnn rewritten as weight type 3
from the files in DIR (default: themselves; byte for byte what `convert-model --i8 --levels N`
writes), and the logits of the Rust tests' fixtures
(fixtures/strokes.json, fixtures/trajectory.json) recomputed with the int8 networks, so the tests
hold the Rust graphs to the shipped weights. Reading an int8 file and quantizing it again gives
the same file, so the script may be run again on shipped files.
"""
import json
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import trajectory as T  # noqa: E402  (pins ARCH for train.py's raster CNN; imports train, jax)
import train  # noqa: E402
import jax.numpy as jnp  # noqa: E402

MAGIC = b"inkdoku-cnn\x01"


def option(name, default):
    """The value after `name` on the command line, or `default`."""
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


LEVELS = int(option("--levels", 127))
assert 1 <= LEVELS <= 127, "--levels takes 1-127"
SOURCE = Path(option("--from", Path(__file__).resolve().parent))


def read_cnn(path):
    """A .cnn file with f16 weights, or int8 ones (type 3, dequantized):
    (side, [(kind, ins, outs, w f32 in the file's shape, b f32)])."""
    raw = Path(path).read_bytes()
    assert raw[:12] == MAGIC
    wtype, count, side = struct.unpack_from("<BBH", raw, 12)
    assert wtype in (2, 3), wtype
    pos, layers = 16, []
    for _ in range(count):
        kind, ins, outs = struct.unpack_from("<BHH", raw, pos)
        pos += 5
        shape = {1: (outs, ins, 3, 3), 2: (outs, ins, 3, 3), 3: (ins, outs), 4: (outs, ins, 3), 5: (outs, ins, 3)}[kind]
        n = int(np.prod(shape))
        if wtype == 2:
            w = np.frombuffer(raw, "<f2", n, pos).astype(np.float32).reshape(shape)
            pos += 2 * n
            b = np.frombuffer(raw, "<f2", outs, pos).astype(np.float32)
            pos += 2 * outs
        else:
            scale = np.frombuffer(raw, "<f4", outs, pos).astype(np.float32)
            pos += 4 * outs
            q = np.frombuffer(raw, np.int8, n, pos).astype(np.float32).reshape(shape)
            pos += n
            s = scale[None, :] if kind == 3 else scale.reshape((-1,) + (1,) * (len(shape) - 1))
            w = (q * s).astype(np.float32)
            b = np.frombuffer(raw, "<f4", outs, pos).astype(np.float32)
            pos += 4 * outs
        layers.append((kind, ins, outs, w, b))
    assert pos == len(raw)
    return side, layers


def quantize(kind, w):
    """(scales f32 (outputs,), q int8 in w's shape, dequantized f32 in w's shape)."""
    w = np.asarray(w, np.float32)
    axis = 0 if kind == 3 else tuple(range(1, w.ndim))  # dense: the column; conv: w[o, ...]
    m = np.abs(w).max(axis=axis).astype(np.float32)
    scale = np.where(m == 0, np.float32(1.0), m / np.float32(LEVELS)).astype(np.float32)
    s = scale[None, :] if kind == 3 else scale.reshape((-1,) + (1,) * (w.ndim - 1))
    q = np.clip(np.rint(w / s), -LEVELS, LEVELS).astype(np.int8)
    deq = (q.astype(np.float32) * s).astype(np.float32)
    return scale, q, deq


def int8_layers(layers):
    out = []
    for kind, ins, outs, w, b in layers:
        scale, q, deq = quantize(kind, w)
        out.append((kind, ins, outs, deq, b, scale, q))
    return out


def int8_bytes(side, qlayers):
    """The weight type 3 file: per layer [scales f32][q int8 in the f32 order], biases f32."""
    out = bytearray(MAGIC) + struct.pack("<BBH", 3, len(qlayers), side)
    for kind, ins, outs, _, b, scale, q in qlayers:
        out += struct.pack("<BHH", kind, ins, outs)
        out += scale.astype("<f4").tobytes()
        out += np.ascontiguousarray(q).tobytes()
        out += np.asarray(b, np.float32).astype("<f4").tobytes()
    return bytes(out)


def gzip9(data):
    return len(subprocess.run(["gzip", "-9", "-c", "-n"], input=data, capture_output=True, check=True).stdout)


def cnn_net(layers):
    """digits.cnn's layers in train.py's layout: convs HWIO, the dense rows in (H, W, C) order."""
    convs = [(jnp.asarray(w.transpose(2, 3, 1, 0)), jnp.asarray(b)) for kind, _, _, w, b in layers[:-1]]
    _, ins, outs, wd, bd = layers[-1]
    cin = layers[-2][2]
    side = int(round((ins // cin) ** 0.5))
    wd = wd.reshape(cin, side, side, outs).transpose(1, 2, 0, 3).reshape(ins, outs)
    return convs, (jnp.asarray(wd), jnp.asarray(bd))


def traj_layers(layers):
    return [(kind, w, b) for kind, _, _, w, b in layers]


def pct(v):
    return round(v * 100, 3)


def main():
    side_c, cnn16 = read_cnn(SOURCE / "digits.cnn")
    side_t, trj16 = read_cnn(SOURCE / "strokes.cnn")
    cnn8, trj8 = int8_layers(cnn16), int8_layers(trj16)
    strokes_json = json.loads((HERE / "strokes.json").read_text())
    metrics_json = json.loads((HERE / "metrics.json").read_text())
    W = float(strokes_json["weight"])

    # The f16 network of digits.cnn must be digits.onnx rounded to f16.
    onnx_net = train.net_from_onnx(HERE / "digits.onnx")
    shipped = train.as_shipped(onnx_net)
    net16 = cnn_net(cnn16)
    gap_file = max(float(np.abs(np.asarray(a) - np.asarray(b)).max())
                   for a, b in zip([x for c in net16[0] for x in c] + list(net16[1]),
                                   [x for c in shipped[0] for x in c] + list(shipped[1])))
    net8 = cnn_net([(k, i, o, d, b) for k, i, o, d, b, _, _ in cnn8])
    t16, t8 = traj_layers(trj16), traj_layers([(k, i, o, d, b) for k, i, o, d, b, _, _ in trj8])

    sets = T.evaluation_sets()
    (_, _), (mx, my) = train.mnist()
    kx, ky = train.sklearn_digits()
    picture_only = {"mnist_test": (mx, my), "sklearn_digits": (kx, ky)}

    results, checks, logit_gap = {}, [], {"cnn": 0.0, "trajectory": 0.0, "combined": 0.0}
    gap_sample = {"cnn": 0.0, "trajectory": 0.0, "combined": 0.0, "drawings": 0}
    for name, (s, img, y) in sets.items():
        fx, ok = T.feature_array(s)
        c16, c8 = train.logits_of(net16, img), train.logits_of(net8, img)
        c32 = train.logits_of(onnx_net, img)
        tr16, tr8 = T.traj_logits(t16, fx, ok), T.traj_logits(t8, fx, ok)
        letters = bool(np.isin(y, T.LETTERS).any())
        f16, i8 = T.figures(c16, tr16, y, letters), T.figures(c8, tr8, y, letters)
        results[name] = {"f16": f16, "int8": i8}
        # strokes.json (its CNN figures are of digits.onnx in f32; README: the same with f16).
        ref = strokes_json["sets"][name]
        f32 = T.figures(c32, tr16, y, letters)
        for part, mine in (("cnn", f16["cnn"]), ("trajectory", f16["trajectory"]), (str(W), f16["combined"][str(W)]),
                           ("cnn (f32 onnx)", f32["cnn"]), (str(W) + " (f32 onnx cnn)", f32["combined"][str(W)])):
            r = ref["combined"][str(W)] if part.startswith(str(W)) else ref["cnn" if part.startswith("cnn") else part]
            for key in ("accuracy_1_to_9", "accuracy_letters_16x16", "declined_at_0.6"):
                if key in r:
                    checks.append((f"strokes.json {name} {part} {key}", r[key], mine[key]))
        mref = metrics_json[name if name != "synthetic_test" else "synthetic_holdout"]
        checks.append((f"metrics.json {name} accuracy_1_to_9_f16", mref["accuracy_1_to_9_f16"], f16["cnn"]["accuracy_1_to_9"]))
        if letters:
            checks.append((f"metrics.json {name} accuracy_letters_16x16_f16", mref["accuracy_letters_16x16_f16"],
                           f16["cnn"]["accuracy_letters_16x16"]))
        for k, a, b in (("cnn", c16, c8), ("trajectory", tr16, tr8), ("combined", c16 + W * tr16, c8 + W * tr8)):
            logit_gap[k] = max(logit_gap[k], float(np.abs(a - b).max()))
            pick = np.linspace(0, len(y) - 1, 100).astype(int)  # 100 spread over the set (it is ordered by class)
            gap_sample[k] = max(gap_sample[k], float(np.abs(a[pick] - b[pick]).max()))
        gap_sample["drawings"] += 100
        # Drawings of 1-9 whose combined answer (1-9) changes: right -> wrong and wrong -> right.
        m = np.isin(y, T.DIGITS)
        p16 = np.array(T.DIGITS)[(c16 + W * tr16)[m][:, T.DIGITS].argmax(1)]
        p8 = np.array(T.DIGITS)[(c8 + W * tr8)[m][:, T.DIGITS].argmax(1)]
        yy = y[m]
        results[name]["combined_1_to_9_changes"] = {
            "right_to_wrong": [{"index": int(np.flatnonzero(m)[i]), "label": int(yy[i]), "int8_says": int(p8[i])}
                               for i in np.flatnonzero((p16 == yy) & (p8 != yy))],
            "wrong_to_right": [{"index": int(np.flatnonzero(m)[i]), "label": int(yy[i]), "f16_says": int(p16[i])}
                               for i in np.flatnonzero((p16 != yy) & (p8 == yy))]}
    for name, (img, y) in picture_only.items():
        c16, c8 = train.logits_of(net16, img), train.logits_of(net8, img)
        one = {}
        for tag, lg in (("f16", c16), ("int8", c8)):
            acc, per = train.restricted_accuracy(lg, y)
            dec, acc_kept = T.declined(lg, y)
            one[tag] = {"samples_1_to_9": int(np.isin(y, T.DIGITS).sum()),
                        "cnn": {"accuracy_1_to_9": acc, "per_digit": per, "declined_at_0.6": dec, "accuracy_of_accepted_at_0.6": acc_kept}}
        results[name] = one
        checks.append((f"metrics.json {name} accuracy_1_to_9_f16", metrics_json[name]["accuracy_1_to_9_f16"], one["f16"]["cnn"]["accuracy_1_to_9"]))
        logit_gap["cnn"] = max(logit_gap["cnn"], float(np.abs(c16 - c8).max()))

    mismatches = [(k, a, b) for k, a, b in checks if abs(a - b) > 1e-12]

    # Sizes.
    sizes = {}
    for fname, side, q in (("digits.cnn", side_c, cnn8), ("strokes.cnn", side_t, trj8)):
        raw16 = (SOURCE / fname).read_bytes()
        raw8 = int8_bytes(side, q)
        sizes[fname] = {"f16_bytes": len(raw16), "f16_gzip9": gzip9(raw16), "int8_bytes": len(raw8), "int8_gzip9": gzip9(raw8)}
    sizes["both"] = {k: sizes["digits.cnn"][k] + sizes["strokes.cnn"][k] for k in sizes["digits.cnn"]}
    sizes["both"]["gzip9_saved"] = sizes["both"]["f16_gzip9"] - sizes["both"]["int8_gzip9"]

    out = {"weight": W, "threshold": T.THRESHOLD,
           "levels": LEVELS,
           "quantization": f"per output channel: scale = float32(max|w| / {LEVELS}) (1 if 0), q = clip(rint(w/scale), -{LEVELS}, {LEVELS}) int8, "
                           "weight = float32(q) * scale; biases as stored (f16); from the weights the .cnn files hold",
           "digits_cnn_vs_onnx_rounded_to_f16_max_weight_difference": gap_file,
           "max_logit_difference_f16_vs_int8_all_drawings": logit_gap,
           "max_logit_difference_f16_vs_int8_100_spread_over_each_pen_set": gap_sample,
           "f16_reproduces_committed_figures": not mismatches,
           "mismatches": [{"what": k, "committed": a, "here": b} for k, a, b in mismatches],
           "checks": len(checks), "sizes": sizes, "sets": results}
    (HERE / "quantized.json").write_text(json.dumps(out, indent=1))

    # The table.
    w = str(W)
    print(f"digits.cnn = digits.onnx rounded to f16 within {gap_file:g}; {len(checks)} checks against strokes.json/metrics.json: "
          + ("all equal" if not mismatches else f"{len(mismatches)} DIFFER"))
    for k, a, b in mismatches:
        print(f"  {k}: committed {a} here {b}")
    print(f"\naccuracy % 1-9 (letters A-G among 1-16); declined at {T.THRESHOLD}; f16 -> int8")
    print(f"{'set':28s} {'picture f16':>11s} {'int8':>7s} {'W=' + w + ' f16':>11s} {'int8':>7s} {'traj f16':>9s} {'int8':>7s}")
    for name, r in results.items():
        a, b = r["f16"], r["int8"]
        comb = "combined" in a
        def row(key, label, fmt):
            vals = [a["cnn"][key], b["cnn"][key]]
            if comb:
                vals += [a["combined"][w][key], b["combined"][w][key], a["trajectory"][key], b["trajectory"][key]]
            print(f"{label:28s} " + " ".join(fmt(v, i) for i, v in enumerate(vals)))
        wid = (11, 7, 11, 7, 9, 7)
        row("accuracy_1_to_9", name, lambda v, i: f"{v * 100:{wid[i]}.2f}")
        if "accuracy_letters_16x16" in a["cnn"]:
            row("accuracy_letters_16x16", "  letters A-G", lambda v, i: f"{v * 100:{wid[i]}.2f}")
        row("declined_at_0.6", f"  declined (of {a['samples_1_to_9']})", lambda v, i: f"{v:{wid[i]}d}")
    for name in sets:
        ch = results[name]["combined_1_to_9_changes"]
        print(f"{name}: combined W={w} 1-9 answers changed by int8: right->wrong "
              + (" ".join(f"{c['label']}->{c['int8_says']}" for c in ch["right_to_wrong"]) or "none")
              + "; wrong->right " + (" ".join(f"{c['f16_says']}->{c['label']}" for c in ch["wrong_to_right"]) or "none"))
    ph = results["pendigits_validation_harsh"]
    print(f"pendigits harsh per digit, W={w}, f16/int8: " + " ".join(
        f"{d}:{ph['f16']['combined'][w]['per_digit'][d] * 100:.1f}/{ph['int8']['combined'][w]['per_digit'][d] * 100:.1f}" for d in T.DIGITS))
    print(f"max |logit f16 - int8|, all drawings: " + " ".join(f"{k} {v:.3f}" for k, v in logit_gap.items())
          + f"; 100 spread over each pen set ({gap_sample['drawings']}): "
          + " ".join(f"{k} {gap_sample[k]:.3f}" for k in ("cnn", "trajectory", "combined")))
    for k, v in sizes.items():
        print(f"{k:12s} f16 {v['f16_bytes']:6d} B gzip -9 {v['f16_gzip9']:6d}  |  int8 {v['int8_bytes']:6d} B gzip -9 {v['int8_gzip9']:6d}")
    print(f"gzip -9 saved: {sizes['both']['gzip9_saved']} bytes; wrote quantized.json")


def ship():
    """The int8 files and the fixtures' logits (see the docstring)."""
    side_c, cnn = read_cnn(SOURCE / "digits.cnn")
    side_t, trj = read_cnn(SOURCE / "strokes.cnn")
    cnn8, trj8 = int8_layers(cnn), int8_layers(trj)
    (HERE / "digits.cnn").write_bytes(int8_bytes(side_c, cnn8))
    (HERE / "strokes.cnn").write_bytes(int8_bytes(side_t, trj8))
    # Quantizing the shipped files again changes nothing.
    for name, side, q in (("digits.cnn", side_c, cnn8), ("strokes.cnn", side_t, trj8)):
        again = int8_bytes(side, int8_layers(read_cnn(HERE / name)[1]))
        assert again == (HERE / name).read_bytes(), f"{name}: quantizing again changed it"
    net8 = cnn_net([(k, i, o, d, b) for k, i, o, d, b, _, _ in cnn8])
    path = HERE / "fixtures" / "strokes.json"
    fixtures = json.loads(path.read_text())
    rasters = np.asarray([f["raster"] for f in fixtures], np.float32).reshape(-1, 28, 28)
    for f, logits in zip(fixtures, np.asarray(train.logits_of(net8, rasters))):
        f["logits"] = [round(float(v), 5) for v in logits]
    path.write_text(json.dumps(fixtures))
    t8 = traj_layers([(k, i, o, d, b) for k, i, o, d, b, _, _ in trj8])
    path = HERE / "fixtures" / "trajectory.json"
    traj = json.loads(path.read_text())
    for d in traj["drawings"]:
        if d["features"] is not None:
            x = np.asarray(d["features"], np.float64).astype(np.float32)[None]
            d["logits"] = [round(float(v), 5) for v in T.run_file(t8, x)[0]]
    path.write_text(json.dumps(traj))
    print(f"wrote digits.cnn, strokes.cnn (int8, {LEVELS} levels, from {SOURCE}) and the fixtures' logits")


if __name__ == "__main__":
    ship() if "--ship" in sys.argv else main()
