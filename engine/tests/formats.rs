//! Property tests of the puzzle parsers: any text gives a grid or an error (never a panic), and
//! every writer's output reads back as the same grid.

use inkdoku_engine::format::{self, Format, comma, compressed, fpuzzles, line, sdk, solo, sudokupad, text_grid};
use inkdoku_engine::share;
use inkdoku_engine::{Cell, Digit, Grid, Size};
use proptest::prelude::*;

/// Characters that matter to some format, plus a few that matter to none.
const ALPHABET: &str = "0123456789.-_|+*=#:xXabcdefgzABCDEFGHUVWxyz[]{} \n\r\tscfPuzl";

fn texts() -> impl Strategy<Value = String> {
    let chars: Vec<char> = ALPHABET.chars().collect();
    prop_oneof![any::<String>(), proptest::collection::vec(proptest::sample::select(chars), 0..400).prop_map(|v| v.into_iter().collect()),]
}

fn grids() -> impl Strategy<Value = Grid> {
    prop_oneof![Just(Size::Four), Just(Size::Six), Just(Size::Nine), Just(Size::Sixteen)].prop_flat_map(|size| {
        proptest::collection::vec(0..=size.side() as u8, size.cell_count()).prop_map(move |values| {
            let cells = values.into_iter().map(Digit::new).collect();
            Grid::from_cells(size, cells).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn parsers_never_panic(text in texts()) {
        let _ = format::parse_any(&text);
        let _ = line::parse(&text);
        let _ = sdk::parse(&text);
        let _ = solo::parse(&text);
        let _ = sudokupad::parse(&text);
        let _ = text_grid::parse(&text, 1);
        let _ = comma::parse(&text);
        let _ = sudokupad::unzip(&text);
        let _ = fpuzzles::parse(&text);
        let _ = compressed::parse_payload(&text, None);
    }

    #[test]
    fn compressed_json_readers_never_panic(json in "[{}\\[\\],:\"'0-9a-z+#. -]{0,200}", prefix in "(fpuzzles|scl|N4Ig|)") {
        let _ = sudokupad::unzip(&json);
        let _ = compressed::parse_prefixed(&format!("{prefix}{}", compressed::compress(&json)));
        let _ = compressed::parse_prefixed(&format!("{prefix}{json}"));
    }

    #[test]
    fn other_apps_formats_round_trip(grid in grids()) {
        prop_assert_eq!(comma::parse(&comma::write(&grid)).unwrap(), grid.clone());
        prop_assert_eq!(fpuzzles::parse(&fpuzzles::write(&grid)).unwrap(), grid.clone());
        let scl = format!("scl{}", compressed::compress(&sudokupad::to_json(&grid)));
        prop_assert_eq!(format::parse_any(&scl).unwrap(), (grid.clone(), Format::SudokuPadJson));
        prop_assert_eq!(format::parse_any(&comma::write(&grid)).unwrap(), (grid.clone(), Format::Comma));
        let link = share::sudokupad_link(&inkdoku_engine::variant::Puzzle::classic(grid.clone()));
        prop_assert_eq!(share::parse(&link).unwrap().givens, grid);
    }

    #[test]
    fn solo_descriptions_never_panic(params in "[0-9]{1,3}(x[0-9]{1,3})?[a-z]{0,3}", desc in "[a-z0-9_,]{0,300}") {
        let _ = solo::parse(&format!("{params}:{desc}"));
    }

    #[test]
    fn writers_round_trip(grid in grids()) {
        prop_assert_eq!(line::parse(&grid.to_line()).unwrap(), grid.clone());
        prop_assert_eq!(text_grid::parse(&grid.to_pretty(), 1).unwrap(), grid.clone());
        prop_assert_eq!(solo::parse(&solo::write(&grid)).unwrap(), grid.clone());
        prop_assert_eq!(sdk::parse(&sdk::write(&grid, &Default::default())).unwrap().grid, grid.clone());
        if let Some(packed) = sudokupad::write(&grid) {
            prop_assert_eq!(sudokupad::parse(&packed).unwrap(), grid.clone());
        }
        let (back, _) = format::parse_any(&grid.to_pretty()).unwrap();
        prop_assert_eq!(back, grid);
    }

    #[test]
    fn a_wrong_character_is_reported_where_it_is(pos in 0usize..81, ch in "[h-wH-Z!?]") {
        let mut chars: Vec<char> = ".".repeat(81).chars().collect();
        chars[pos] = ch.chars().next().unwrap();
        let text: String = chars.into_iter().collect();
        match line::parse(&text) {
            Err(format::FormatError::BadCell { row, col, .. }) => {
                prop_assert_eq!((row, col), (pos / 9 + 1, pos % 9 + 1));
            }
            other => prop_assert!(false, "{:?}", other),
        }
    }
}

#[test]
fn parse_any_reports_the_format() {
    let g = line::parse("1...2...3...4...").unwrap();
    assert_eq!(format::parse_any("1...2...3...4...").unwrap().1, Format::Line);
    assert_eq!(format::parse_any(&solo::write(&g)).unwrap().1, Format::Solo);
    let mut nine = Grid::new(Size::Nine);
    nine.set(Cell::new(40), Digit::new(5));
    let packed = sudokupad::write(&nine).unwrap();
    assert_eq!(format::parse_any(&packed).unwrap(), (nine, Format::SudokuPad));
}
