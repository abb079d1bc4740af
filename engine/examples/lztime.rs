use inkdoku_engine::format::{compressed, fpuzzles, sudokupad};
use inkdoku_engine::{Grid, Size};
fn main() {
    for size in Size::ALL {
        let g = Grid::new(size);
        for (name, json) in [("fp", fpuzzles::to_json(&g)), ("sp", sudokupad::to_json(&g))] {
            let t = std::time::Instant::now();
            let mut n = 0;
            for _ in 0..100 { n += compressed::compress(&json).len(); }
            let c = t.elapsed() / 100;
            let p = compressed::compress(&json);
            let t = std::time::Instant::now();
            for _ in 0..100 { n += compressed::decompress(&p, "x").unwrap().len(); }
            println!("{size:?} {name} json {} payload {} compress {:?} decompress {:?} {n}", json.len(), p.len(), c, t.elapsed() / 100);
        }
    }
}
