//! Fuzzing the parsers of untrusted input: share links, pasted text and puzzle files.
//!
//! A deterministic generator makes inputs of several kinds — random text from the formats'
//! alphabets, random bytes behind `#p=` (with a right header and checksum half of the time, so
//! the decoder gets deep; version 4 with its variant section too), valid links and files
//! (variant puzzles' inkdoku and f-puzzles links among them) with characters flipped, dropped
//! or inserted, and (one in ten) f-puzzles/SudokuPad payloads — compressed JSON that is right
//! (classic, or a random variant puzzle with every kind of constraint, drawn as SudokuPad draws
//! it), damaged before compressing, or pieced together, then maybe damaged again, behind every
//! prefix and link form. The inputs are shared between the classic readers the app calls
//! today (even inputs: `share::parse`, `format::parse_any`, `share::decode`) and the variant
//! readers (odd inputs: `share::parse_puzzle`, `share::decode_puzzle`, the f-puzzles and
//! SudokuPad `parse_puzzle`); the cheap text readers get all. None may panic, and whatever
//! parses must be consistent (digits fit the grid, progress never overwrites a given, a
//! variant puzzle passes `variant::validate` and comes back whole through a version 4 link).
//!
//! `cargo test -p inkdoku-engine --test fuzz_links` runs one million inputs (~25 s; the engine,
//! lz-str and serde_json are optimized in the test profile) with overflow checks on — a release build would let an
//! overflow wrap silently. `INKDOKU_FUZZ=<n>` changes the count (and the seed with it).

mod mutation;
mod random_variants;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use inkdoku_engine::format::{self, comma, compressed, fpuzzles, sdk, solo, sudokupad};
use inkdoku_engine::game::{CandidateColour, Paint, Pencil};
use inkdoku_engine::random::Rng;
use inkdoku_engine::share::{self, Progress, Shared, SharedPuzzle};
use inkdoku_engine::variant::validate::validate;
use inkdoku_engine::{Digit, DigitSet, Grid, Size};

const ALPHABET: &[u8] = b"0123456789.-_|+*=#:?&%/xXabcdefgpsAZaz[]{} \n\r\tscfclassicPuzzle=~!,";
/// What compressed JSON payloads are made of (lz-string's base64), for mutating them.
const BASE64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= %";
/// Pieces of f-puzzles' and SudokuPad's JSON, for building JSON that is almost right.
const JSON_PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"size\"",
    "\"grid\"",
    "\"cells\"",
    "ce",
    "v",
    "\"value\"",
    "\"given\"",
    "true",
    "t",
    "f",
    "9",
    "4",
    "16",
    "0",
    "-1",
    "1e9",
    "\"5\"",
    "{}",
    "\"killercage\"",
    "\"region\"",
    "\"regions\"",
    "[0,0]",
    "'a'",
    "null",
    "\"diagonal+\"",
    "ca",
    "\"thermometer\"",
    "\"arrow\"",
    "\"lines\"",
    "[\"R1C1\",\"R1C2\"]",
    "\"R0C3\"",
    "\"littlekillersum\"",
    "\"direction\"",
    "\"DR\"",
    "\"xv\"",
    "\"X\"",
    "\"negative\"",
    "\"wayPoints\"",
    "[[0.5,0.5],[1.5,2.5]]",
    "\"overlays\"",
    "\"center\"",
    "[1,0.5]",
    "\"rounded\"",
    "\"#CFCFCF\"",
    "\"rules: thermo cage dot\"",
    "\"color\":\"#aééb\"",
    "\"backgroundColor\":\"#12345\"",
];

fn random_grid(rng: &mut Rng) -> Grid {
    let size = Size::ALL[rng.below(Size::ALL.len())];
    let cells = (0..size.cell_count()).map(|_| Digit::new(rng.below(size.side() + 1) as u8)).collect();
    Grid::from_cells(size, cells).unwrap()
}

/// Valid inputs that cost more to make than to read, made once: compressed JSON payloads
/// (`payload_pool`) and variant puzzles' links.
struct Pool {
    payloads: Vec<String>,
    links: Vec<String>,
}

/// Random variant puzzles' links: inkdoku's (version 4, maybe with progress) and f-puzzles'.
fn link_pool(rng: &mut Rng) -> Vec<String> {
    (0..300)
        .map(|i| {
            let size = Size::ALL[rng.below(Size::ALL.len())];
            let p = random_variants::puzzle(rng, size, 8);
            match i % 3 {
                0 => share::fpuzzles_link(&p),
                1 => format!("https://inkdoku.example/{}", share::fragment_puzzle(&p, None)),
                _ => {
                    let mut entries = Grid::new(size);
                    let cell = inkdoku_engine::Cell::new(rng.below(size.cell_count()));
                    if p.givens.get(cell).is_none() {
                        entries.set(cell, Digit::new(1));
                    }
                    let notes = (0..size.cell_count()).map(|_| DigitSet::from_bits(rng.below(1 << size.side()) as u16)).collect();
                    format!("https://inkdoku.example/{}", share::fragment_puzzle(&p, Some(&Progress::new(entries, notes))))
                }
            }
        })
        .collect()
}

fn valid_link(rng: &mut Rng, pool: &Pool) -> String {
    let g = random_grid(rng);
    let progress = (rng.below(2) == 1).then(|| {
        let mut entries = Grid::new(g.size());
        let mut notes = vec![DigitSet::EMPTY; g.size().cell_count()];
        let mut eliminated = notes.clone();
        let (mut corner, mut centre) = (notes.clone(), notes.clone());
        for cell in g.size().cells() {
            if g.get(cell).is_none() && rng.below(3) == 0 {
                entries.set(cell, Digit::new(1 + rng.below(g.size().side()) as u8));
            }
            notes[cell.index()] = DigitSet::from_bits(rng.below(1 << g.size().side()) as u16);
            for marks in [&mut eliminated, &mut corner, &mut centre] {
                if rng.below(4) == 0 {
                    marks[cell.index()] = DigitSet::from_bits(rng.below(1 << g.size().side()) as u16);
                }
            }
        }
        let colours = (0..g.size().cell_count()).map(|_| if rng.below(5) == 0 { rng.below(1 << 9) as u16 } else { 0 }).collect();
        let candidate_colours = (0..rng.below(4))
            .filter_map(|_| {
                let cell = inkdoku_engine::Cell::new(rng.below(g.size().cell_count()));
                let digit = Digit::new(1 + rng.below(g.size().side()) as u8)?;
                Some(((cell, digit), CandidateColour { cell, digit, colour: 1 + rng.below(9) as u8 }))
            })
            .collect::<std::collections::BTreeMap<_, _>>();
        let candidate_colours = candidate_colours.into_values().collect();
        Progress { entries, pencil: Pencil { notes, eliminated, corner, centre }, paint: Paint { colours, candidate_colours } }
    });
    match rng.below(12) {
        10 | 11 => pool.links[rng.below(pool.links.len())].clone(),
        0 => format!("https://inkdoku.example/{}", share::fragment(&g, progress.as_ref())),
        1 => g.to_line(),
        2 => solo::write(&g),
        3 => sudokupad::write(&g).map_or(g.to_pretty(), |p| format!("https://sudokuexchange.com/play/?s={p}")),
        4 => format!("https://sudokuexchange.com/play/?s={}&d=Easy", comma::write(&g)),
        5 if g.size() != Size::Sixteen => share::sudokupad_link(&inkdoku_engine::variant::Puzzle::classic(g.clone())),
        _ => sdk::write(&g, &Default::default()),
    }
}

/// Compressed JSON of f-puzzles or SudokuPad: right, mutated or pieced together. Compressing
/// costs more than reading, so a pool is made once and its payloads are damaged afresh.
fn payload_pool(rng: &mut Rng) -> Vec<String> {
    (0..600)
        .map(|i| {
            let g = random_grid(rng);
            let variant = random_variants::puzzle(rng, g.size(), 10);
            let mut json = match i % 5 {
                0 => fpuzzles::to_json(&g),
                1 => sudokupad::to_json(&g),
                2 => (0..rng.below(60)).map(|_| JSON_PIECES[rng.below(JSON_PIECES.len())]).collect(),
                3 => fpuzzles::to_json_puzzle(&variant),
                _ => random_variants::sudokupad_json(&variant).map_or_else(|| fpuzzles::to_json_puzzle(&variant), |v| v.to_string()),
            };
            if i % 2 == 1 {
                json = mutation::mutate(rng, &json, b"{}[],:\"'0123456789tfvce ", 3);
            }
            compressed::compress(&json)
        })
        .collect()
}

/// A payload of the pool, maybe damaged, behind a prefix or in a link: the decompressor, the
/// JSON readers and the unzipper all get deep.
fn compressed_input(rng: &mut Rng, pool: &[String]) -> String {
    let payload = &pool[rng.below(pool.len())];
    let payload = if rng.below(2) == 0 { mutation::mutate(rng, payload, BASE64, 3) } else { payload.clone() };
    let prefix =
        ["fpuzzles", "scl", "", "?load=", "https://sudokupad.app/?puzzleid=fpuzzles", "#puzzleid=scl", "ctc", "https://sudokupad.app/scl"]
            [rng.below(8)];
    format!("{prefix}{payload}")
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    mutation::mutate(rng, text, ALPHABET, 4)
}

fn random_payload(rng: &mut Rng) -> String {
    let len = rng.below(200);
    let mut bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
    if rng.below(2) == 0 && bytes.len() >= 4 {
        bytes[0] = 1 + rng.below(4) as u8; // versions 1 to 4
        bytes[1] = [4, 6, 9, 16][rng.below(4)];
        // progress, eliminations, corner, centre, colours on cells and candidates, variant section
        bytes[2] = rng.below(128) as u8;
        let sum = bytes[..bytes.len() - 1].iter().fold(0u8, |s, &x| s.wrapping_add(x));
        *bytes.last_mut().unwrap() = sum;
    }
    format!("#p={}", URL_SAFE_NO_PAD.encode(bytes))
}

fn input(rng: &mut Rng, pool: &Pool) -> String {
    // One in ten: decompressing and reading JSON costs more than the rest.
    if rng.below(10) == 0 {
        return compressed_input(rng, &pool.payloads);
    }
    match rng.below(4) {
        0 => (0..rng.below(300)).map(|_| ALPHABET[rng.below(ALPHABET.len())] as char).collect(),
        1 => random_payload(rng),
        2 => {
            let link = valid_link(rng, pool);
            mutate(rng, &link)
        }
        _ => {
            let bytes: Vec<u8> = (0..rng.below(120)).map(|_| rng.below(256) as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

/// A variant puzzle read from a link is valid and survives inkdoku's own link.
fn consistent_puzzle(shared: &SharedPuzzle) {
    assert_eq!(validate(&shared.puzzle), Ok(()));
    consistent(&Shared { givens: shared.puzzle.givens.clone(), progress: shared.progress.clone() });
    if !shared.puzzle.is_classic() {
        let back = share::decode_puzzle(&share::encode_puzzle(&shared.puzzle, shared.progress.as_ref())).unwrap();
        assert_eq!(&back, shared);
    }
}

fn consistent(shared: &Shared) {
    let size = shared.givens.size();
    assert!(shared.givens.cells().iter().flatten().all(|d| d.fits(size)));
    if let Some(p) = &shared.progress {
        for cell in size.cells() {
            assert!(!(p.entries.get(cell).is_some() && shared.givens.get(cell).is_some()));
        }
        for marks in p.pencil.lists() {
            assert_eq!(marks.len(), size.cell_count());
        }
        assert_eq!(p.paint.colours.len(), size.cell_count());
        assert!(
            p.paint
                .candidate_colours
                .iter()
                .all(|c| c.cell.index() < size.cell_count() && c.digit.fits(size) && (1..=9).contains(&c.colour))
        );
    }
}

#[test]
fn untrusted_input_never_panics() {
    let count: u64 = std::env::var("INKDOKU_FUZZ").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let mut rng = Rng::seeded(0xF022 ^ count);
    let (mut accepted, mut rejected) = (0u64, 0u64);
    let pool = Pool { payloads: payload_pool(&mut rng), links: link_pool(&mut rng) };
    let (mut variants_read, mut variants_refused) = (0u64, 0u64);
    for i in 0..count {
        let text = input(&mut rng, &pool);
        if i % 2 == 0 {
            match share::parse(&text) {
                Ok(shared) => {
                    consistent(&shared);
                    accepted += 1;
                }
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    rejected += 1;
                }
            }
            let _ = format::parse_any(&text);
            if let Some(payload) = text.strip_prefix("#p=") {
                let _ = share::decode(payload);
            }
        } else {
            match share::parse_puzzle(&text) {
                Ok(shared) => {
                    consistent_puzzle(&shared);
                    variants_read += u64::from(!shared.puzzle.is_classic());
                }
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    variants_refused += 1;
                }
            }
            if let Some(payload) = text.strip_prefix("#p=") {
                let _ = share::decode_puzzle(payload);
            }
            if let Some(payload) = text.strip_prefix("fpuzzles") {
                let _ = fpuzzles::parse_puzzle(payload);
            }
            if let Some(payload) = text.strip_prefix("scl") {
                let _ = sudokupad::parse_puzzle(payload);
            }
        }
        let _ = sdk::parse(&text);
        let _ = sudokupad::unzip(&text);
        let _ = comma::parse(&text);
    }
    // The generator must reach both outcomes, or it is not testing much.
    assert!(accepted > count / 100 && rejected > count / 100, "accepted {accepted}, rejected {rejected}");
    assert!(variants_read > count / 500 && variants_refused > count / 100, "variants read {variants_read}, refused {variants_refused}");
    eprintln!(
        "{count} inputs: classic readers {accepted} accepted, {rejected} rejected; variant readers {variants_read} variants read, \
         {variants_refused} refused; no panic"
    );
}
