use inkdoku_engine::format::{comma, compressed, fpuzzles, line, sudokupad};
fn main() {
    let nine = line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
    let four = line::parse("43..21....12..34").unwrap();
    let sixteen = line::parse("3.....9AC..F...6.BC..F..3.46..G.91.....38.GA...D...F.6.8...D75..4C.39..F2.......5.B1.....AD.G2.....9A.......1.658F2A...B6.E4...CC...6D.1G...F3E21D.B.......C6.....92.3F.....5C.A.......GD..74.19..84B...7.6.A...6...5G.2F.....98.A..F7.6..C..E2.D...3..451.....G").unwrap();
    println!("FP9 {}", fpuzzles::write(&nine));
    println!("FP4 {}", fpuzzles::write(&four));
    println!("FP16 {}", fpuzzles::write(&sixteen));
    println!("SCL9 {}", compressed::compress(&sudokupad::to_json(&nine)));
    println!("SCL4 {}", compressed::compress(&sudokupad::to_json(&four)));
    // SudokuPad's shortened form, by hand: givens as {v:N}, empty cells left out, a title cage.
    let rows: Vec<String> = nine
        .cells()
        .chunks(9)
        .map(|r| format!("[{}]", r.iter().map(|c| c.map_or(String::new(), |d| format!("{{v:{}}}", d.get()))).collect::<Vec<_>>().join(",")))
        .collect();
    let zipped = format!("{{ce:[{}],ca:[{{v:'title: Classic'}}]}}", rows.join(","));
    println!("ZIP9 {zipped}");
    println!("SCLZ9 {}", compressed::compress(&zipped));
    println!("COMMA9 {}", comma::write(&nine));
    let mut v: serde_json::Value = serde_json::from_str(&fpuzzles::to_json(&nine)).unwrap();
    v["title"] = "A killer".into();
    v["killercage"] = serde_json::json!([{"cells": ["R1C3", "R1C4"], "value": "9"}, {"cells": ["R2C2", "R2C3"], "value": "15"}]);
    println!("KILLER {}", compressed::compress(&v.to_string()));
}
