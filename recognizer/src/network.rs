//! The digit network as the app ships it (`models/digits.cnn`), and its tract graph.
//!
//! The model is trained and exported as ONNX (`models/train.py`); `convert-model` reads the
//! ONNX with tract-onnx at model build time and writes this file. The ink worker then builds
//! the graph with tract-core's own operators: no ONNX protobuf reader and no NNEF text parser
//! in the wasm, and only the few operator types the network uses (tract's format readers
//! register every operator they know, which doubles the worker's size).
//!
//! ```text
//!  "inkdoku-cnn" 1          magic and format version (12 bytes)
//!  u8  weight type          1 = f32, 2 = f16 (IEEE half), little-endian; 3 = 8-bit: a layer's
//!                           weights are a scale per output (f32) and then one i8 per weight
//!                           (weight = i8 × its output's scale), its biases f32; the writer
//!                           picks how many steps the i8s use (`Levels`), the reader need not
//!                           know
//!  u8  layer count
//!  u16 input side           the image is side x side, one channel (28); for a sequence
//!                           network, its length (the first layer's inputs are its channels)
//!  per layer:
//!    u8 kind                1 = conv 3x3 (pad 1) + ReLU, 2 = the same + max-pool 2x2,
//!                           3 = dense (the last layer: the flattened C,H,W → the logits),
//!                           4 = conv over a sequence, width 3 (pad 1) + ReLU, 5 = the same +
//!                           max-pool 2 (`models/strokes.cnn`, the pen's trajectory)
//!    u16 inputs, u16 outputs
//!    weights                conv: outputs x inputs x 3 x 3 (OIHW), or outputs x inputs x 3;
//!                           dense: inputs x outputs
//!    biases                 outputs
//! ```
//!
//! A network reads either an image (kinds 1-2) or a sequence (kinds 4-5), never both. A
//! sequence is computed as an image one pixel high, with 1x3 kernels.
//!
//! Reading never panics and never trusts a size before the bytes are there: a damaged file is
//! an error that says what is wrong and where.

use thiserror::Error;
use tract_core::internal::*;
use tract_core::ops::array::Slice;
use tract_core::ops::cnn::{Conv, KernelFormat, PaddingSpec, PoolSpec};
use tract_core::ops::downsample::Downsample;
use tract_core::ops::einsum::EinSum;
use tract_core::ops::nn::DataFormat;
use tract_core::optim::Optimizer;

/// The file's first bytes: magic and format version.
pub const MAGIC: &[u8; 12] = b"inkdoku-cnn\x01";

/// How the weights are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightType {
    F32 = 1,
    /// Half precision: half the download; the network computes in f32 either way.
    F16 = 2,
    /// 8-bit weights with a scale per output channel (symmetric, to ±`Levels`): a quarter of
    /// f32, and what gzip can squeeze further the fewer levels are used; biases stay f32.
    I8 = 3,
}

/// How many steps either side of 0 the 8-bit weights use: an output's largest weight becomes
/// ±levels, the rest the nearest step. Fewer steps are fewer distinct bytes, which gzip stores
/// in fewer bits: the shipped networks use `SHIPPED_LEVELS` (5 bits' worth), measured in
/// `models/README.md` ("8-bit weights"). The file is the same format at any count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels(u8);

impl Levels {
    /// The full range of an i8 (what `write(WeightType::I8)` uses).
    pub const FULL: Levels = Levels(127);

    /// `levels` steps either side of 0: 1 to 127, else `None`.
    pub fn new(levels: u8) -> Option<Levels> {
        (1..=127).contains(&levels).then_some(Levels(levels))
    }

    /// The count of steps either side of 0.
    pub fn get(self) -> u8 {
        self.0
    }
}

/// The steps of the shipped networks' weights (`models/digits.cnn`, `models/strokes.cnn`).
pub const SHIPPED_LEVELS: Levels = Levels(15);

impl WeightType {
    /// How biases (and the scales of 8-bit weights) are stored.
    fn of_biases(self) -> WeightType {
        if self == WeightType::I8 { WeightType::F32 } else { self }
    }
}

/// Which output a weight belongs to, by its index: convolutions are stored output-major
/// (outputs x inputs x taps), the dense layer input-major (inputs x outputs).
#[derive(Clone, Copy)]
enum Outputs {
    Leading { outputs: usize, per_output: usize },
    Trailing { outputs: usize },
}

impl Outputs {
    fn count(self) -> usize {
        match self {
            Outputs::Leading { outputs, .. } | Outputs::Trailing { outputs } => outputs,
        }
    }
    fn of(self, index: usize) -> usize {
        match self {
            Outputs::Leading { per_output, .. } => index / per_output.max(1),
            Outputs::Trailing { outputs } => index % outputs.max(1),
        }
    }
}

/// Each output's scale for 8-bit weights: its largest magnitude maps to `levels` (1 for an
/// output with no weight away from 0). Written as f32, as the reader takes it.
fn scales(weights: &[f32], outputs: Outputs, Levels(levels): Levels) -> Vec<f32> {
    let mut largest = vec![0f32; outputs.count()];
    for (i, w) in weights.iter().enumerate() {
        let o = outputs.of(i);
        largest[o] = largest[o].max(w.abs());
    }
    largest.into_iter().map(|m| if m > 0.0 { m / f32::from(levels) } else { 1.0 }).collect()
}

/// A weight as 8 bits at its output's scale (ties to even, as the training side rounds).
fn quantize(weight: f32, scale: f32, Levels(levels): Levels) -> i8 {
    let levels = f32::from(levels);
    (weight / scale).round_ties_even().clamp(-levels, levels) as i8
}

/// What a convolution slides over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// An image: 3x3, pooled 2x2.
    Square,
    /// A sequence: 3 wide, pooled 2 wide.
    Line,
}

impl Kernel {
    /// The kernel's height and width, and the pool's.
    fn height(self) -> usize {
        match self {
            Kernel::Square => 3,
            Kernel::Line => 1,
        }
    }
    fn pool_height(self) -> usize {
        match self {
            Kernel::Square => 2,
            Kernel::Line => 1,
        }
    }
}

/// One layer of the network.
#[derive(Clone, Debug, PartialEq)]
pub enum Layer {
    /// Convolution (3x3 over an image, or 3 wide over a sequence) with padding 1, then ReLU,
    /// then (if `pool`) a max-pool of 2 (2x2 over an image) with stride 2. `weights` are
    /// outputs x inputs x 3 x 3, or outputs x inputs x 3.
    Conv { kernel: Kernel, inputs: usize, outputs: usize, pool: bool, weights: Vec<f32>, biases: Vec<f32> },
    /// The flattened features (channel, row, column order) times `weights` (inputs x outputs).
    Dense { inputs: usize, outputs: usize, weights: Vec<f32>, biases: Vec<f32> },
}

impl Layer {
    /// Which output each of its weights belongs to.
    fn by_output(&self) -> Outputs {
        match self {
            Layer::Conv { kernel, inputs, outputs, .. } => Outputs::Leading { outputs: *outputs, per_output: inputs * kernel.height() * 3 },
            Layer::Dense { outputs, .. } => Outputs::Trailing { outputs: *outputs },
        }
    }
}

/// A network: convolutions, then one dense layer giving the logits.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// Side of the square one-channel input image, or the length of the input sequence.
    pub side: usize,
    pub layers: Vec<Layer>,
}

/// Why a network file could not be read, or a network not built.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetworkError {
    #[error("not an inkdoku network file (the first bytes are not \"inkdoku-cnn\" version 1)")]
    Magic,
    #[error("the file ends early, at byte {0}")]
    Truncated(usize),
    #[error("unknown weight type {0} (1 = f32, 2 = f16)")]
    WeightType(u8),
    #[error("layer {layer}: unknown kind {kind}")]
    Kind { layer: usize, kind: u8 },
    #[error("layer {layer}: {what}")]
    Shape { layer: usize, what: String },
    #[error("{0} bytes after the last layer")]
    Trailing(usize),
    #[error("the network has no layers, or does not end with its one dense layer")]
    Structure,
}

/// Bounds that keep a damaged header from asking for absurd allocations.
const MAX_LAYERS: usize = 16;
const MAX_CHANNELS: usize = 1024;
const MAX_SIDE: usize = 256;

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetworkError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or(NetworkError::Truncated(self.bytes.len()))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn u8(&mut self) -> Result<u8, NetworkError> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<usize, NetworkError> {
        let b = self.take(2)?;
        Ok(usize::from(u16::from_le_bytes([b[0], b[1]])))
    }
    /// `dims` floats (their product): the size is checked against the bytes left before
    /// anything is allocated, and an overflowing product is a truncated file too.
    fn floats(&mut self, dims: &[usize], kind: WeightType) -> Result<Vec<f32>, NetworkError> {
        let width = match kind {
            WeightType::F32 => 4,
            WeightType::F16 => 2,
            WeightType::I8 => 1,
        };
        let bytes = dims.iter().try_fold(width, |acc: usize, &d| acc.checked_mul(d)).ok_or(NetworkError::Truncated(self.bytes.len()))?;
        let raw = self.take(bytes)?;
        Ok(match kind {
            WeightType::F32 => raw.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect(),
            WeightType::F16 => raw.chunks_exact(2).map(|c| f16::from_le_bytes([c[0], c[1]]).to_f32()).collect(),
            WeightType::I8 => raw.iter().map(|&b| f32::from(b as i8)).collect(),
        })
    }

    /// A layer's weights (`dims`, `outputs` telling which output each belongs to): as stored,
    /// or for 8-bit weights, the scales and then the integers, multiplied back.
    fn weights(&mut self, dims: &[usize], outputs: Outputs, kind: WeightType) -> Result<Vec<f32>, NetworkError> {
        if kind != WeightType::I8 {
            return self.floats(dims, kind);
        }
        let scales = self.floats(&[outputs.count()], WeightType::F32)?;
        let mut weights = self.floats(dims, WeightType::I8)?;
        for (i, w) in weights.iter_mut().enumerate() {
            *w *= scales[outputs.of(i)];
        }
        Ok(weights)
    }
}

impl Network {
    /// Reads a network file.
    pub fn read(bytes: &[u8]) -> Result<Network, NetworkError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len()).ok() != Some(&MAGIC[..]) {
            return Err(NetworkError::Magic);
        }
        let kind = match r.u8()? {
            1 => WeightType::F32,
            2 => WeightType::F16,
            3 => WeightType::I8,
            other => return Err(NetworkError::WeightType(other)),
        };
        let count = usize::from(r.u8()?);
        let side = r.u16()?;
        let mut layers = Vec::with_capacity(count.min(MAX_LAYERS));
        for layer in 0..count {
            let tag = r.u8()?;
            let (inputs, outputs) = (r.u16()?, r.u16()?);
            let bad = |what: &str| NetworkError::Shape { layer, what: what.into() };
            if inputs == 0 || outputs == 0 {
                return Err(bad("no inputs or no outputs"));
            }
            layers.push(match tag {
                1 | 2 => Layer::Conv {
                    kernel: Kernel::Square,
                    inputs,
                    outputs,
                    pool: tag == 2,
                    weights: r.weights(&[outputs, inputs, 9], Outputs::Leading { outputs, per_output: inputs * 9 }, kind)?,
                    biases: r.floats(&[outputs], kind.of_biases())?,
                },
                4 | 5 => Layer::Conv {
                    kernel: Kernel::Line,
                    inputs,
                    outputs,
                    pool: tag == 5,
                    weights: r.weights(&[outputs, inputs, 3], Outputs::Leading { outputs, per_output: inputs * 3 }, kind)?,
                    biases: r.floats(&[outputs], kind.of_biases())?,
                },
                3 => Layer::Dense {
                    inputs,
                    outputs,
                    weights: r.weights(&[inputs, outputs], Outputs::Trailing { outputs }, kind)?,
                    biases: r.floats(&[outputs], kind.of_biases())?,
                },
                kind => return Err(NetworkError::Kind { layer, kind }),
            });
        }
        if r.at != bytes.len() {
            return Err(NetworkError::Trailing(bytes.len() - r.at));
        }
        let network = Network { side, layers };
        network.check()?;
        Ok(network)
    }

    /// Writes the network file (what `read` reads back); 8-bit weights use all 127 steps.
    pub fn write(&self, kind: WeightType) -> Vec<u8> {
        self.write_with(kind, Levels::FULL)
    }

    /// Writes the network file, 8-bit weights with `levels` steps either side of 0 (the other
    /// weight types ignore `levels`).
    pub fn write_with(&self, kind: WeightType, levels: Levels) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(kind as u8);
        out.push(self.layers.len() as u8);
        let u16 = |out: &mut Vec<u8>, v: usize| out.extend_from_slice(&(v as u16).to_le_bytes());
        u16(&mut out, self.side);
        let floats = |out: &mut Vec<u8>, values: &[f32], kind: WeightType| {
            for &v in values {
                match kind {
                    WeightType::F32 => out.extend_from_slice(&v.to_le_bytes()),
                    WeightType::F16 => out.extend_from_slice(&f16::from_f32(v).to_le_bytes()),
                    WeightType::I8 => out.push(v as i8 as u8),
                }
            }
        };
        let weights_of = |out: &mut Vec<u8>, weights: &[f32], outputs: Outputs| {
            if kind != WeightType::I8 {
                return floats(out, weights, kind);
            }
            let scales = scales(weights, outputs, levels);
            floats(out, &scales, WeightType::F32);
            let q: Vec<f32> = weights.iter().enumerate().map(|(i, &w)| f32::from(quantize(w, scales[outputs.of(i)], levels))).collect();
            floats(out, &q, WeightType::I8);
        };
        for layer in &self.layers {
            let (tag, inputs, outputs, weights, biases) = match layer {
                Layer::Conv { kernel, inputs, outputs, pool, weights, biases } => {
                    let first = if *kernel == Kernel::Square { 1 } else { 4 };
                    (first + u8::from(*pool), inputs, outputs, weights, biases)
                }
                Layer::Dense { inputs, outputs, weights, biases } => (3, inputs, outputs, weights, biases),
            };
            out.push(tag);
            u16(&mut out, *inputs);
            u16(&mut out, *outputs);
            weights_of(&mut out, weights, layer.by_output());
            floats(&mut out, biases, kind.of_biases());
        }
        out
    }

    /// The number of logits the network gives.
    pub fn outputs(&self) -> usize {
        match self.layers.last() {
            Some(Layer::Dense { outputs, .. }) => *outputs,
            _ => 0,
        }
    }

    /// What the network reads: a square image, or a sequence of the first layer's channels.
    pub fn kernel(&self) -> Kernel {
        match self.layers.first() {
            Some(Layer::Conv { kernel, .. }) => *kernel,
            _ => Kernel::Square,
        }
    }

    /// The input's shape (NCHW): `1 x 1 x side x side` for an image, `1 x channels x 1 x
    /// length` for a sequence.
    pub fn input_shape(&self) -> [usize; 4] {
        match (self.kernel(), self.layers.first()) {
            (Kernel::Line, Some(Layer::Conv { inputs, .. })) => [1, *inputs, 1, self.side],
            _ => [1, 1, self.side, self.side],
        }
    }

    /// Checks that the layers fit together: convolutions of one kind, from one channel (an
    /// image) or any (a sequence), each taking the channels the one before gives, then exactly
    /// one dense layer over all the features.
    pub fn check(&self) -> Result<(), NetworkError> {
        if self.side == 0 || self.side > MAX_SIDE || self.layers.len() > MAX_LAYERS {
            return Err(NetworkError::Structure);
        }
        let reads = self.kernel();
        let [_, mut channels, mut height, mut width] = self.input_shape();
        let last = self.layers.len().checked_sub(1).ok_or(NetworkError::Structure)?;
        for (layer, l) in self.layers.iter().enumerate() {
            let bad = |what: String| NetworkError::Shape { layer, what };
            match l {
                Layer::Conv { kernel, inputs, outputs, pool, weights, biases } => {
                    if layer == last {
                        return Err(NetworkError::Structure);
                    }
                    if *kernel != reads {
                        return Err(bad("mixes image and sequence convolutions".into()));
                    }
                    if *inputs != channels || *inputs > MAX_CHANNELS {
                        return Err(bad(format!("takes {inputs} channels, the layer before gives {channels}")));
                    }
                    let taps = kernel.height() * 3;
                    if *outputs > MAX_CHANNELS || weights.len() != outputs * inputs * taps || biases.len() != *outputs {
                        return Err(bad(format!("{outputs} channels out do not fit its {} weights", weights.len())));
                    }
                    channels = *outputs;
                    if *pool {
                        height /= kernel.pool_height();
                        width /= 2;
                    }
                    if height == 0 || width == 0 {
                        return Err(bad("pools the input away".into()));
                    }
                }
                Layer::Dense { inputs, outputs, weights, biases } => {
                    if layer != last {
                        return Err(NetworkError::Structure);
                    }
                    if *inputs != channels * height * width {
                        return Err(bad(format!("takes {inputs} features, the convolutions give {}", channels * height * width)));
                    }
                    if weights.len() != inputs * outputs || biases.len() != *outputs {
                        return Err(bad("weights do not fit its size".into()));
                    }
                }
            }
        }
        Ok(())
    }

    /// The network ready to run: its tract graph, optimized for this machine.
    pub fn plan(&self) -> TractResult<Arc<TypedRunnableModel>> {
        optimized(self.to_tract()?)
    }
}

/// A graph made ready to run: code generation for this machine, without the declutter passes
/// (see `Network::plan`).
fn optimized(mut model: TypedModel) -> TractResult<Arc<TypedRunnableModel>> {
    // The graph is built already clean (no identity ops, no shapes left to infer), so tract's
    // declutter passes change nothing here but where a pool's cut goes: they are skipped, both
    // the declutter stage and the declutter pass inside code generation (the plan is the same,
    // node for node, as a test checks; natively the stage was a third of loading and the pass
    // a sixth of the rest, which matters in wasm, where this code runs once, cold). tract is
    // pinned: should the pass be renamed, nothing is skipped and only loading is slower.
    let mut codegen = Optimizer::codegen();
    codegen.passes.retain(|pass| format!("{pass:?}") != "declutter");
    codegen.optimize(&mut model)?;
    model.into_runnable()
}

impl Network {
    /// The network as a tract graph: input `input_shape()` (NCHW); outputs `1 x logits` and
    /// the features the dense layer reads (`1 x inputs`: the flattened convolutions, what the
    /// player's own corrections are compared by, `crate::hand`).
    pub fn to_tract(&self) -> TractResult<TypedModel> {
        self.to_tract_pooled_by(max_pool_of_strided_views)
    }

    /// `to_tract`, with the max-pools wired by `max_pool` (its arguments: the model, the node's
    /// name, the input `1 x C x height x width`, `[height, width]`, and the pool's height, 2 or 1;
    /// the pool is 2 wide, stride as wide as the pool, a last odd row or column dropped).
    fn to_tract_pooled_by(&self, max_pool: MaxPoolWiring) -> TractResult<TypedModel> {
        self.check()?;
        let mut model = TypedModel::default();
        let [_, mut channels, mut height, mut width] = self.input_shape();
        let mut x = model.add_source("image", f32::fact([1, channels, height, width]))?;
        let mut features = x;
        for (i, layer) in self.layers.iter().enumerate() {
            match layer {
                Layer::Conv { kernel, inputs, outputs, pool, weights, biases } => {
                    let (kh, ph) = (kernel.height(), kernel.pool_height());
                    let kernel_tensor = tensor1(weights).into_shape(&[*outputs, *inputs, kh, 3])?;
                    let kernel_node = model.add_const(format!("conv{i}.kernel"), kernel_tensor)?;
                    let bias = model.add_const(format!("conv{i}.bias"), tensor1(biases))?;
                    let pad = kh / 2;
                    let spec = PoolSpec {
                        data_format: DataFormat::NCHW,
                        kernel_shape: tvec!(kh, 3),
                        padding: PaddingSpec::Explicit(tvec!(pad, 1), tvec!(pad, 1)),
                        dilations: None,
                        strides: None,
                        input_channels: *inputs,
                        output_channels: *outputs,
                    };
                    let conv = Conv { pool_spec: spec, kernel_fmt: KernelFormat::OIHW, group: 1, q_params: None };
                    x = model.wire_node(format!("conv{i}"), conv, &[x, kernel_node, bias])?[0];
                    let zero = model.add_const(format!("relu{i}.zero"), tensor4(&[[[[0f32]]]]))?;
                    x = model.wire_node(format!("relu{i}"), tract_core::ops::math::max(), &[x, zero])?[0];
                    if *pool {
                        x = max_pool(&mut model, &format!("pool{i}"), x, [height, width], ph)?;
                        height /= ph;
                        width /= 2;
                    }
                    channels = *outputs;
                }
                Layer::Dense { inputs, outputs, weights, biases } => {
                    let from = tvec!(channels.to_dim(), height.to_dim(), width.to_dim());
                    x = model.wire_node("flatten", AxisOp::Reshape(1, from, tvec!(inputs.to_dim())), &[x])?[0];
                    features = x;
                    let w = model.add_const("dense.weights", tensor1(weights).into_shape(&[*inputs, *outputs])?)?;
                    let axes = AxesMapping::for_numpy_matmul(2, false, false, false)?;
                    x = model.wire_node("dense", EinSum { axes, operating_dt: f32::datum_type(), q_params: None }, &[x, w])?[0];
                    let b = model.add_const("dense.bias", tensor1(biases).into_shape(&[1, *outputs])?)?;
                    x = model.wire_node("logits", tract_core::ops::math::add(), &[x, b])?[0];
                }
            }
        }
        model.select_output_outlets(&[x, features])?;
        Ok(model)
    }
}

/// How a max-pool is wired into the graph (see `Network::to_tract_pooled_by`).
type MaxPoolWiring = fn(&mut TypedModel, &str, OutletId, [usize; 2], usize) -> TractResult<OutletId>;

/// A max-pool (2x2, or 2 wide for a sequence; stride 2) as the maximum of strided views: a
/// `Downsample` takes every second row (or column), from the first or the second, and
/// elementwise `max` keeps the larger. The maximum of the same
/// values is the same value, so the answers are those of tract's `MaxPool` op, bit for bit (a
/// test compares); but `MaxPool` and its optimized form would bring their own code into the
/// ink worker's wasm (12 KB of it gzipped, 2026-11-28), while `Downsample`, `Slice` and `max`
/// are in it anyway (tract's own graph rules use them). A last odd row or column is cut first, as the
/// pool's valid padding drops it.
fn max_pool_of_strided_views(
    model: &mut TypedModel,
    name: &str,
    input: OutletId,
    [height, width]: [usize; 2],
    pool_height: usize,
) -> TractResult<OutletId> {
    let mut x = input;
    for (axis, len, step) in [(2, height, pool_height), (3, width, 2)] {
        if len % step != 0 {
            let end = (len / step * step).to_dim();
            x = model.wire_node(format!("{name}.cut{axis}"), Slice { axis, start: 0.to_dim(), end }, &[x])?[0];
        }
    }
    // Rows first (the larger of each pair of rows), then columns: four views of shrinking
    // size and two maxima, where a view per position of the pool would copy half as much more.
    for (axis, step) in [(2, pool_height), (3, 2)] {
        if step == 2 {
            let first = model.wire_node(format!("{name}.{axis}.first"), Downsample::new(axis, 2, 0), &[x])?[0];
            let second = model.wire_node(format!("{name}.{axis}.second"), Downsample::new(axis, 2, 1), &[x])?[0];
            x = model.wire_node(format!("{name}.{axis}.max"), tract_core::ops::math::max(), &[first, second])?[0];
        }
    }
    Ok(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `k` made-up weights around 0 (a fixed pattern, `modulus` values), times `scale`.
    fn pattern(k: usize, modulus: usize, scale: f32) -> Vec<f32> {
        (0..k).map(|i| ((i * 37 % modulus) as f32 - (modulus / 2) as f32) * scale).collect()
    }

    fn small() -> Network {
        let n = |k: usize, scale: f32| pattern(k, 17, scale);
        Network {
            side: 8,
            layers: vec![
                Layer::Conv { kernel: Kernel::Square, inputs: 1, outputs: 2, pool: true, weights: n(18, 0.1), biases: n(2, 0.01) },
                Layer::Conv { kernel: Kernel::Square, inputs: 2, outputs: 3, pool: true, weights: n(54, 0.05), biases: n(3, 0.01) },
                Layer::Dense { inputs: 12, outputs: 10, weights: n(120, 0.02), biases: n(10, 0.1) },
            ],
        }
    }

    /// A sequence network: 5 channels of 8 values, two convolutions (one pooled), dense.
    fn small_sequence() -> Network {
        let n = |k: usize, scale: f32| pattern(k, 19, scale);
        Network {
            side: 8,
            layers: vec![
                Layer::Conv { kernel: Kernel::Line, inputs: 5, outputs: 4, pool: false, weights: n(60, 0.1), biases: n(4, 0.01) },
                Layer::Conv { kernel: Kernel::Line, inputs: 4, outputs: 3, pool: true, weights: n(36, 0.05), biases: n(3, 0.01) },
                Layer::Dense { inputs: 12, outputs: 17, weights: n(204, 0.02), biases: n(17, 0.1) },
            ],
        }
    }

    /// The same network computed by hand, plainly: what the tract graph must give. The input
    /// is `channels x height x width`; a sequence is one pixel high.
    fn by_hand(net: &Network, input: &[f32]) -> Vec<f32> {
        let [_, mut channels, mut height, mut width] = net.input_shape();
        let mut x = input.to_vec();
        for layer in &net.layers {
            match layer {
                Layer::Conv { kernel, inputs, outputs, pool, weights, biases } => {
                    let kh = kernel.height();
                    let mut y = vec![0f32; outputs * height * width];
                    for o in 0..*outputs {
                        for r in 0..height {
                            for c in 0..width {
                                let mut s = biases[o];
                                for i in 0..*inputs {
                                    for (dr, dc) in (0..kh * 3).map(|k| (k / 3, k % 3)) {
                                        let (rr, cc) = ((r + dr).wrapping_sub(kh / 2), (c + dc).wrapping_sub(1));
                                        if rr < height && cc < width {
                                            s += weights[((o * inputs + i) * kh + dr) * 3 + dc] * x[(i * height + rr) * width + cc];
                                        }
                                    }
                                }
                                y[(o * height + r) * width + c] = s.max(0.0);
                            }
                        }
                    }
                    if *pool {
                        let (ph, h, w) = (kernel.pool_height(), height / kernel.pool_height(), width / 2);
                        let mut p = vec![0f32; outputs * h * w];
                        for o in 0..*outputs {
                            for r in 0..h {
                                for c in 0..w {
                                    let at = |dr: usize, dc: usize| y[(o * height + ph * r + dr) * width + 2 * c + dc];
                                    p[(o * h + r) * w + c] = (0..ph).flat_map(|dr| [at(dr, 0), at(dr, 1)]).fold(f32::MIN, f32::max);
                                }
                            }
                        }
                        (y, height, width) = (p, h, w);
                    }
                    (x, channels) = (y, *outputs);
                }
                Layer::Dense { inputs, outputs, weights, biases } => {
                    assert_eq!(*inputs, channels * height * width);
                    x = (0..*outputs).map(|o| biases[o] + (0..*inputs).map(|i| x[i] * weights[i * outputs + o]).sum::<f32>()).collect();
                }
            }
        }
        x
    }

    #[test]
    fn the_tract_graph_computes_a_sequence_network() {
        let net = small_sequence();
        assert_eq!(net.input_shape(), [1, 5, 1, 8]);
        let input: Vec<f32> = (0..40).map(|i| ((i * 23 % 11) as f32) / 11.0 - 0.4).collect();
        let out = net.plan().unwrap().run(tvec!(Tensor::from_shape(&[1, 5, 1, 8], &input).unwrap().into())).unwrap();
        let got: Vec<f32> = out[0].to_plain_array_view::<f32>().unwrap().iter().copied().collect();
        let want = by_hand(&net, &input);
        assert_eq!(got.len(), 17);
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-4, "{got:?} vs {want:?}");
        }
        // Its file round-trips, and image and sequence layers never mix.
        assert_eq!(Network::read(&net.write(WeightType::F32)).unwrap(), net);
        let mut mixed = net.clone();
        if let Layer::Conv { kernel, .. } = &mut mixed.layers[1] {
            *kernel = Kernel::Square;
        }
        assert!(matches!(mixed.check(), Err(NetworkError::Shape { layer: 1, .. })));
    }

    #[test]
    fn the_tract_graph_computes_the_network() {
        let net = small();
        let plan = net.plan().unwrap();
        let image: Vec<f32> = (0..64).map(|i| ((i * 29 % 13) as f32) / 13.0).collect();
        let out = plan.run(tvec!(Tensor::from_shape(&[1, 1, 8, 8], &image).unwrap().into())).unwrap();
        let got: Vec<f32> = out[0].to_plain_array_view::<f32>().unwrap().iter().copied().collect();
        let want = by_hand(&net, &image);
        assert_eq!(got.len(), 10);
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-4, "{got:?} vs {want:?}");
        }
    }

    /// tract's `MaxPool` op, as the graph had it before the strided views: the reference.
    fn tract_max_pool(model: &mut TypedModel, name: &str, x: OutletId, _: [usize; 2], pool_height: usize) -> TractResult<OutletId> {
        use tract_core::ops::cnn::MaxPool;
        let channels = model.outlet_fact(x)?.shape[1].to_usize()?;
        let spec = PoolSpec {
            data_format: DataFormat::NCHW,
            kernel_shape: tvec!(pool_height, 2),
            padding: PaddingSpec::Valid,
            dilations: None,
            strides: Some(tvec!(pool_height, 2)),
            input_channels: channels,
            output_channels: channels,
        };
        Ok(model.wire_node(name, MaxPool { pool_spec: spec, with_index_outputs: None }, &[x])?[0])
    }

    /// The shipped networks (the picture's: 28 -> 14 -> 7 -> 3, the last pool dropping a row
    /// and a column; the trajectory's, pooled 2 wide) give the same logits and features, equal
    /// to the last bit, pooled by strided views as by tract's `MaxPool`, on inputs of every
    /// sign and size.
    #[test]
    fn strided_views_pool_as_tracts_max_pool_does() {
        let files: [&[u8]; 2] = [include_bytes!("../../models/digits.cnn"), include_bytes!("../../models/strokes.cnn")];
        for bytes in files {
            let net = Network::read(bytes).unwrap();
            let ours = net.plan().unwrap();
            let reference = optimized(net.to_tract_pooled_by(tract_max_pool).unwrap()).unwrap();
            let shape = net.input_shape();
            let size: usize = shape.iter().product();
            for seed in 0..12usize {
                let input: Vec<f32> = (0..size)
                    .map(|i| ((i * 7919 + seed * 104_729) % 1009) as f32 / 1009.0 * (1.0 + seed as f32) - 0.25 * (seed % 3) as f32)
                    .collect();
                let run = |plan: &Arc<TypedRunnableModel>| plan.run(tvec!(Tensor::from_shape(&shape, &input).unwrap().into())).unwrap();
                let (got, want) = (run(&ours), run(&reference));
                assert_eq!(got.len(), 2);
                for (g, w) in got.iter().zip(&want) {
                    let (g, w) = (g.to_plain_array_view::<f32>().unwrap(), w.to_plain_array_view::<f32>().unwrap());
                    assert_eq!(g.shape(), w.shape());
                    assert!(g.iter().zip(w.iter()).all(|(a, b)| a == b), "side {}, seed {seed}: {g:?} vs {w:?}", net.side);
                }
            }
        }
    }

    /// `plan` skips the declutter passes; on the shipped network that must change nothing but
    /// one place: the same operators, in the same order, as tract's full optimizer gives, but
    /// that the full optimizer cuts the last pool's odd row and column before the ReLU instead
    /// of after it (the same values: the cut commutes with the ReLU).
    #[test]
    fn the_plan_is_the_full_optimizers_plan() {
        let net = Network::read(include_bytes!("../../models/digits.cnn")).unwrap();
        let ops = |model: &TypedModel| model.nodes.iter().map(|n| n.op.name().to_string()).collect::<Vec<_>>();
        let full = ops(&net.to_tract().unwrap().into_optimized().unwrap());
        let plan = ops(net.plan().unwrap().model());
        let but_cuts = |ops: &[String]| ops.iter().filter(|op| *op != "Slice").cloned().collect::<Vec<_>>();
        assert_eq!(but_cuts(&plan), but_cuts(&full));
        assert_eq!(plan.len(), full.len(), "{plan:?} vs {full:?}");
        assert!(full.iter().any(|op| op == "OptMatMul"), "{full:?}");
    }

    #[test]
    fn files_round_trip() {
        let net = small();
        assert_eq!(Network::read(&net.write(WeightType::F32)).unwrap(), net);
        let half = Network::read(&net.write(WeightType::F16)).unwrap();
        assert_eq!(half.layers.len(), 3);
        if let (Layer::Dense { weights: a, .. }, Layer::Dense { weights: b, .. }) = (&half.layers[2], &net.layers[2]) {
            assert!(a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-3));
        }
    }

    #[test]
    fn eight_bit_weights_round_trip_within_half_a_step_of_their_scale() {
        for net in [small(), small_sequence()] {
            let bytes = net.write(WeightType::I8);
            assert!(bytes.len() < net.write(WeightType::F16).len(), "smaller than half precision");
            let back = Network::read(&bytes).unwrap();
            for (a, b) in back.layers.iter().zip(&net.layers) {
                let (Layer::Conv { weights: wa, biases: ba, .. } | Layer::Dense { weights: wa, biases: ba, .. }) = a;
                let (Layer::Conv { weights: wb, biases: bb, .. } | Layer::Dense { weights: wb, biases: bb, .. }) = b;
                assert_eq!(ba, bb, "biases are kept exactly");
                let largest = wb.iter().fold(0f32, |m, w| m.max(w.abs()));
                for (x, y) in wa.iter().zip(wb) {
                    assert!((x - y).abs() <= largest / 127.0 / 2.0 + 1e-7, "{x} vs {y}");
                }
            }
            // Writing what was read gives the same bytes: the integers and scales are stable.
            assert_eq!(back.write(WeightType::I8), bytes);
        }
        // Every prefix of an 8-bit file is an error, never a panic.
        let bytes = small().write(WeightType::I8);
        for cut in 0..bytes.len() {
            assert!(Network::read(&bytes[..cut]).is_err());
        }
    }

    /// Fewer levels: each weight within half a step of largest / levels of its output, at most
    /// 2 x levels + 1 distinct integers in the file, and writing what was read gives the same
    /// bytes (the shipped files rely on that: see the next test).
    #[test]
    fn eight_bit_weights_with_fewer_levels_round_trip_within_half_a_step() {
        assert_eq!(Levels::new(0), None);
        assert_eq!(Levels::new(128), None);
        for levels in [1, 7, 15, 31] {
            let lv = Levels::new(levels).unwrap();
            for net in [small(), small_sequence()] {
                let bytes = net.write_with(WeightType::I8, lv);
                assert_eq!(bytes.len(), net.write(WeightType::I8).len(), "the same format at any count");
                let back = Network::read(&bytes).unwrap();
                let mut steps = std::collections::BTreeSet::new();
                for (a, b) in back.layers.iter().zip(&net.layers) {
                    let (Layer::Conv { weights: wa, .. } | Layer::Dense { weights: wa, .. }) = a;
                    let (Layer::Conv { weights: wb, .. } | Layer::Dense { weights: wb, .. }) = b;
                    let largest = wb.iter().fold(0f32, |m, w| m.max(w.abs()));
                    for (x, y) in wa.iter().zip(wb) {
                        assert!((x - y).abs() <= largest / f32::from(levels) / 2.0 + 1e-6, "{levels} levels: {x} vs {y}");
                    }
                    let scales = scales(wb, b.by_output(), lv);
                    steps.extend(wa.iter().enumerate().map(|(i, w)| (w / scales[b.by_output().of(i)]).round() as i32));
                }
                assert!(steps.len() <= 2 * usize::from(levels) + 1, "{levels} levels: {steps:?}");
                assert!(steps.iter().all(|s| s.unsigned_abs() <= u32::from(levels)), "{levels} levels: {steps:?}");
                assert_eq!(back.write_with(WeightType::I8, lv), bytes);
            }
        }
    }

    /// The shipped networks are 8-bit files of `SHIPPED_LEVELS` steps: quantizing them again at
    /// that count gives their bytes back (a file of more steps would come back changed).
    #[test]
    fn the_shipped_networks_use_the_shipped_levels() {
        let files: [(&str, &[u8]); 2] =
            [("digits.cnn", include_bytes!("../../models/digits.cnn")), ("strokes.cnn", include_bytes!("../../models/strokes.cnn"))];
        for (name, bytes) in files {
            assert_eq!(bytes[MAGIC.len()], WeightType::I8 as u8, "{name}");
            let again = Network::read(bytes).unwrap().write_with(WeightType::I8, SHIPPED_LEVELS);
            assert!(again == bytes, "{name} is not a {SHIPPED_LEVELS:?} file");
        }
    }

    #[test]
    fn damaged_files_are_errors_that_say_why() {
        let good = small().write(WeightType::F32);
        assert_eq!(Network::read(b"nonsense"), Err(NetworkError::Magic));
        assert_eq!(Network::read(&good[..good.len() - 1]), Err(NetworkError::Truncated(good.len() - 1)));
        let mut longer = good.clone();
        longer.push(0);
        assert_eq!(Network::read(&longer), Err(NetworkError::Trailing(1)));
        let mut kind = good.clone();
        kind[12] = 7;
        assert_eq!(Network::read(&kind), Err(NetworkError::WeightType(7)));
        // A header that claims huge layers: an error, not an allocation.
        let mut huge = good.clone();
        huge[17..19].copy_from_slice(&u16::MAX.to_le_bytes());
        assert!(Network::read(&huge).is_err());
        // Every prefix and every single-byte change: an answer, never a panic.
        for cut in 0..good.len() {
            assert!(Network::read(&good[..cut]).is_err());
        }
        for at in 0..good.len().min(64) {
            let mut bytes = good.clone();
            bytes[at] ^= 0xa5;
            let _ = Network::read(&bytes);
        }
    }

    #[test]
    fn layers_must_fit_together() {
        let mut net = small();
        if let Layer::Dense { inputs, .. } = &mut net.layers[2] {
            *inputs = 11;
        }
        assert!(matches!(net.check(), Err(NetworkError::Shape { layer: 2, .. })));
        let mut net = small();
        net.layers.swap(0, 1);
        assert!(matches!(net.check(), Err(NetworkError::Shape { layer: 0, .. })));
        assert_eq!(Network { side: 8, layers: vec![] }.check(), Err(NetworkError::Structure));
    }
}
