//! `convert-model`: ONNX → NNEF, at model build time (after models/train.py). The app and tests
//! load the NNEF archive with tract-nnef alone, which keeps tract's ONNX importer (protobuf and
//! every ONNX operator) out of the wasm build.
//!
//!     cargo run --release -p inkdoku-recognizer --features onnx --bin convert-model -- \
//!         models/digits.onnx models/digits.nnef.tar

use tract_onnx::prelude::*;

fn main() -> TractResult<()> {
    let args: Vec<String> = std::env::args().collect();
    let (input, output) = match args.as_slice() {
        [_, i, o] => (i, o),
        _ => {
            eprintln!("usage: convert-model MODEL.onnx MODEL.nnef.tar");
            std::process::exit(2);
        }
    };
    let mut model =
        tract_onnx::onnx().model_for_path(input)?.with_input_fact(0, f32::fact([1, 1, 28, 28]).into())?.into_typed()?.into_decluttered()?;
    // The ONNX importer's properties (ir_version, an i64) would need tract-core's `cast`
    // operator to read back; the app's reader knows standard NNEF only (see `framework`).
    model.properties.clear();
    let file = std::fs::File::create(output)?;
    inkdoku_recognizer::framework().write_to_tar(&model, file)?;
    eprintln!("wrote {output}");
    Ok(())
}
