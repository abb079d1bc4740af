//! `convert-model`: the trained ONNX model → the network file the app ships, at model build
//! time (after models/train.py). tract-onnx reads the ONNX file here, natively; the ink worker
//! builds the same network from `digits.cnn` with tract-core's operators alone, which keeps
//! tract's ONNX and NNEF readers (protobuf, every operator they know) out of the wasm.
//!
//!     cargo run --release -p inkdoku-recognizer --features onnx --bin convert-model -- \
//!         models/digits.onnx models/digits.cnn [--f32 | --i8 [--levels N]]
//!
//! Weights are stored as f16 unless `--f32` or `--i8` (8 bits and a scale per output) is
//! given; `--levels N` (1-127, default 127) makes the 8-bit weights use N steps either side of
//! 0 (the shipped networks: 15, `SHIPPED_LEVELS`; models/README.md, "8-bit weights"). Before writing, both are run on the fixture rasters (models/fixtures/strokes.json) and
//! on random images: tract-onnx on the ONNX file and the recognizer on the converted network
//! must agree, or nothing is written. A `.cnn` file given instead of ONNX is written again with
//! the weight type asked for (the trajectory network, which its script writes itself); its
//! figures are checked by `models/quantize_eval.py` and the fixture tests.

use inkdoku_recognizer::network::{Kernel, Layer, Levels, Network, WeightType};
use std::collections::HashMap;
use tract_onnx::pb::{NodeProto, TensorProto};
use tract_onnx::prelude::*;
use tract_onnx::tract_core::internal::{TractErrorContext, bail, ensure, format_err};

fn ints(node: &NodeProto, name: &str) -> Option<Vec<i64>> {
    node.attribute.iter().find(|a| a.name == name).map(|a| a.ints.clone())
}

fn int(node: &NodeProto, name: &str) -> Option<i64> {
    node.attribute.iter().find(|a| a.name == name).map(|a| a.i)
}

/// The network in an ONNX graph of Conv (3x3, pad 1), Relu, MaxPool (2x2, stride 2), Flatten
/// and one Gemm — what models/train.py exports. Anything else is refused with its name.
fn network_of(path: &str) -> TractResult<Network> {
    let onnx = tract_onnx::onnx();
    let proto = onnx.proto_model_for_path(path)?;
    let graph = proto.graph.as_ref().context("the ONNX file has no graph")?;
    let inits: HashMap<&str, &TensorProto> = graph.initializer.iter().map(|t| (t.name.as_str(), t)).collect();
    let tensor = |name: &str| -> TractResult<Tensor> {
        let t = inits.get(name).with_context(|| format!("no initializer {name}"))?;
        tract_onnx::tensor::load_tensor(&*onnx.provider, t, None)
    };
    let floats = |t: &Tensor| -> TractResult<Vec<f32>> { Ok(t.to_plain_array_view::<f32>()?.iter().copied().collect()) };
    let side = 28;
    let mut layers = Vec::new();
    for node in &graph.node {
        match node.op_type.as_str() {
            "Conv" => {
                ensure!(ints(node, "kernel_shape").is_none_or(|k| k == [3, 3]), "{}: only 3x3 kernels", node.name);
                ensure!(ints(node, "pads").is_some_and(|p| p == [1, 1, 1, 1]), "{}: only padding 1", node.name);
                ensure!(ints(node, "strides").is_none_or(|s| s.iter().all(|&v| v == 1)), "{}: only stride 1", node.name);
                ensure!(int(node, "group").is_none_or(|g| g == 1), "{}: only one group", node.name);
                let w = tensor(&node.input[1])?;
                let (outputs, inputs) = (w.shape()[0], w.shape()[1]);
                let biases = match node.input.get(2) {
                    Some(b) => floats(&tensor(b)?)?,
                    None => vec![0.0; outputs],
                };
                layers.push(Layer::Conv { kernel: Kernel::Square, inputs, outputs, pool: false, weights: floats(&w)?, biases });
            }
            // The file format has ReLU after every convolution: check that it is there.
            "Relu" => ensure!(matches!(layers.last(), Some(Layer::Conv { .. })), "{}: a Relu not after a Conv", node.name),
            "MaxPool" => {
                ensure!(ints(node, "kernel_shape").is_some_and(|k| k == [2, 2]), "{}: only 2x2 pools", node.name);
                ensure!(ints(node, "strides").is_some_and(|s| s == [2, 2]), "{}: only stride 2", node.name);
                match layers.last_mut() {
                    Some(Layer::Conv { pool, .. }) if !*pool => *pool = true,
                    _ => bail!("{}: a MaxPool not after a Conv and Relu", node.name),
                }
            }
            "Flatten" => {}
            "Gemm" => {
                let w = tensor(&node.input[1])?;
                let w = if int(node, "transB") == Some(1) { w.permute_axes(&[1, 0])? } else { w };
                let (inputs, outputs) = (w.shape()[0], w.shape()[1]);
                let biases = floats(&tensor(&node.input[2])?)?;
                layers.push(Layer::Dense { inputs, outputs, weights: floats(&w)?, biases });
            }
            other => bail!("the ONNX graph uses {other}, which the network file cannot hold"),
        }
    }
    let network = Network { side, layers };
    network.check()?;
    Ok(network)
}

/// The fixture rasters and a few random images.
fn check_images() -> TractResult<Vec<[f32; 784]>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../models/fixtures/strokes.json"))?;
    let fixtures: Vec<serde_json::Value> = serde_json::from_str(&text)?;
    let mut images: Vec<Vec<f32>> = fixtures
        .iter()
        .filter_map(|f| f["raster"].as_array())
        .map(|r| r.iter().map(|v| v.as_f64().unwrap_or(0.0) as f32).collect())
        .collect();
    let mut seed = 0x2545_f491u32;
    for _ in 0..20 {
        images.push(
            (0..784)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    (seed % 1000) as f32 / 1000.0
                })
                .collect(),
        );
    }
    images.into_iter().map(|img| img.try_into().map_err(|_| format_err!("a fixture raster is not 28x28"))).collect()
}

fn main() -> TractResult<()> {
    let args: Vec<String> = std::env::args().collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let usage = || -> ! {
        eprintln!("usage: convert-model MODEL.onnx|MODEL.cnn OUT.cnn [--f32 | --i8 [--levels 1-127]]");
        std::process::exit(2);
    };
    let levels_at = args.iter().position(|a| a == "--levels");
    let levels = match levels_at.map(|at| args.get(at + 1).and_then(|n| n.parse().ok()).and_then(Levels::new)) {
        None => Levels::FULL,
        Some(Some(levels)) if flag("--i8") => levels,
        Some(_) => usage(),
    };
    let paths: Vec<&String> = args
        .iter()
        .enumerate()
        .skip(1)
        .filter(|&(i, a)| !a.starts_with("--") && Some(i) != levels_at.map(|at| at + 1))
        .map(|(_, a)| a)
        .collect();
    let [input, output] = paths.as_slice() else { usage() };
    let kind = if flag("--f32") {
        WeightType::F32
    } else if flag("--i8") {
        WeightType::I8
    } else {
        WeightType::F16
    };
    if input.ends_with(".cnn") {
        let network = Network::read(&std::fs::read(input.as_str())?).map_err(|e| format_err!("{input}: {e}"))?;
        let bytes = network.write_with(kind, levels);
        std::fs::write(output, &bytes)?;
        eprintln!("wrote {output}: {} bytes, {kind:?} weights, {levels:?} (from {input})", bytes.len());
        return Ok(());
    }
    let network = network_of(input)?;
    let bytes = network.write_with(kind, levels);

    let reference = tract_onnx::onnx().model_for_path(input.as_str())?.into_optimized()?.into_runnable()?;
    let converted = inkdoku_recognizer::Recognizer::load(&bytes)?;
    let mut worst = 0f32;
    for image in check_images()? {
        let want = reference.run(tvec!(Tensor::from_shape(&[1, 1, 28, 28], &image)?.into()))?;
        let want: Vec<f32> = want[0].to_plain_array_view::<f32>()?.iter().copied().collect();
        let got = converted.logits(&image)?;
        worst = want.iter().zip(&got).map(|(a, b)| (a - b).abs()).fold(worst, f32::max);
    }
    // f16 weights round to about three significant digits; the logits move by hundredths; 8-bit
    // weights (a 255th of each output's largest) move them by tenths, and more the coarser the
    // steps (on these random images, 1.5 at 15 levels); a weight in the wrong place moves them
    // by far more.
    let tolerance = match kind {
        WeightType::F32 => 1e-4,
        WeightType::F16 => 5e-2,
        WeightType::I8 => 0.5 * 127.0 / f32::from(levels.get()),
    };
    ensure!(worst < tolerance, "the converted network's logits differ from tract-onnx's by {worst}");
    std::fs::write(output, &bytes)?;
    eprintln!("wrote {output}: {} bytes, {kind:?} weights, logits within {worst:.1e} of tract-onnx's", bytes.len());
    Ok(())
}
