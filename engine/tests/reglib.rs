//! HoDoKu's regression library (`reglib-1.4.txt`): every case of every implemented technique
//! must pass, fail cases (`-x`) must find nothing.
//!
//! The library is GPL-3.0, so the project never holds a copy: it is read in place from
//! `INKDOKU_REGLIB=<path>` or else `../shared/data/hodoku/reglib-1.4.txt` beside the checkout.
//! When neither is there the test passes after printing one `skipped: …` line (a clone alone
//! has no library); a path given in `INKDOKU_REGLIB` that cannot be read fails instead.
//!
//! A case gives a pencil-mark position (givens, placed digits, deleted candidates) and the
//! eliminations or placements one instance of the technique must make. The technique lists all
//! its instances; the case passes if one of them makes exactly the expected changes.
//!
//! `cargo test -p inkdoku-engine --test reglib -- --nocapture` prints the table kept in
//! `engine/REGLIB.md` (`INKDOKU_REGLIB_WRITE=1` rewrites that file);
//! `INKDOKU_REGLIB_SHOW=<part of a case's line>` prints that case's pencil marks and every
//! instance the technique finds there.

use inkdoku_engine::geometry::{Candidate, Digit, DigitSet, Size};
use inkdoku_engine::grid::Grid;
use inkdoku_engine::lang::{Lang, explain};
use inkdoku_engine::position::Position;
use inkdoku_engine::step::Technique;
use inkdoku_engine::techniques;
use inkdoku_engine::techniques::util::chain_problem;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// HoDoKu's codes for the techniques inkdoku implements (variants after a dash are the same
/// technique found in a special setting; they are tested with it).
fn technique(code: &str) -> Option<Technique> {
    use Technique::*;
    Some(match code {
        "0000" => FullHouse,
        "0002" => HiddenSingle,
        "0003" => NakedSingle,
        "0100" => LockedCandidatesPointing,
        "0101" => LockedCandidatesClaiming,
        "0110" => LockedPair,
        "0111" => LockedTriple,
        "0200" => NakedPair,
        "0201" => NakedTriple,
        "0202" => NakedQuad,
        "0210" => HiddenPair,
        "0211" => HiddenTriple,
        "0212" => HiddenQuad,
        "0300" => XWing,
        "0301" => Swordfish,
        "0302" => Jellyfish,
        "0310" => FinnedXWing,
        "0311" => FinnedSwordfish,
        "0312" => FinnedJellyfish,
        "0320" => SashimiXWing,
        "0321" => SashimiSwordfish,
        "0322" => SashimiJellyfish,
        "0330" => FrankenXWing,
        "0331" => FrankenSwordfish,
        "0332" => FrankenJellyfish,
        "0340" => FinnedFrankenXWing,
        "0341" => FinnedFrankenSwordfish,
        "0342" => FinnedFrankenJellyfish,
        "0350" => MutantXWing,
        "0351" => MutantSwordfish,
        "0352" => MutantJellyfish,
        "0360" => FinnedMutantXWing,
        "0361" => FinnedMutantSwordfish,
        "0362" => FinnedMutantJellyfish,
        "0363" => FinnedMutantSquirmbag,
        "0364" => FinnedMutantWhale,
        "0400" => Skyscraper,
        "0401" => TwoStringKite,
        "0402" => EmptyRectangle,
        "0403" => TurbotFish,
        "0404" => DualTwoStringKite,
        "0405" => DualEmptyRectangle,
        "0500" => SimpleColorsTrap,
        "0501" => SimpleColorsWrap,
        "0502" => MultiColors1,
        "0503" => MultiColors2,
        "0600" => UniqueRectangle1,
        "0601" => UniqueRectangle2,
        "0602" => UniqueRectangle3,
        "0603" => UniqueRectangle4,
        "0604" => UniqueRectangle5,
        "0605" => UniqueRectangle6,
        "0606" => HiddenRectangle,
        "0607" => AvoidableRectangle1,
        "0608" => AvoidableRectangle2,
        "0610" => Bug1,
        "0701" => XChain,
        "0702" => XYChain,
        "0703" => RemotePair,
        "0706" => ContinuousNiceLoop,
        "0707" => DiscontinuousNiceLoop,
        "0708" => Aic,
        "0709" => GroupedContinuousNiceLoop,
        "0710" => GroupedDiscontinuousNiceLoop,
        "0711" => GroupedAic,
        "0800" => XYWing,
        "0801" => XYZWing,
        "0803" => WWing,
        "0901" => AlsXz,
        "0902" => AlsXyWing,
        "0903" => AlsXyChain,
        "0904" => DeathBlossom,
        "1101" => SueDeCoq,
        "1201" => TemplateSet,
        "1202" => TemplateDelete,
        _ => return None,
    })
}

/// "r c d" triples as HoDoKu writes them: digit, row, column ("829" = 8 in r2c9).
fn candidates(text: &str) -> Vec<Candidate> {
    let size = Size::Nine;
    text.split_whitespace()
        .filter_map(|t| {
            let b = t.as_bytes();
            if b.len() != 3 {
                return None;
            }
            let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
            Some(Candidate::new(size.cell(r, c), Digit::new(d)?))
        })
        .collect()
}

struct Case {
    code: String,
    /// The case's digits (for ALS cases: the digits of the eliminations it lists).
    digits: DigitSet,
    fail_case: bool,
    position: Position,
    eliminations: Vec<Candidate>,
    placements: Vec<Candidate>,
}

fn parse(line: &str) -> Option<Case> {
    let fields: Vec<&str> = line.split(':').collect();
    if fields.len() < 7 {
        return None;
    }
    let code = fields[1];
    let (base, variant) = code.split_once('-').unwrap_or((code, ""));
    // A '+' marks a digit placed while solving, not a given (Avoidable Rectangles tell them
    // apart): the position starts from the givens, then places those.
    let all: String = fields[3].replace('+', "");
    let grid: Grid = all.try_into().ok()?;
    let mut givens = Grid::new(Size::Nine);
    let mut placed = Vec::new();
    let mut plus = false;
    let mut i = 0;
    for ch in fields[3].chars() {
        if ch == '+' {
            plus = true;
            continue;
        }
        let cell = inkdoku_engine::geometry::Cell::new(i);
        if let Some(d) = ch.to_digit(10).and_then(|d| Digit::new(d as u8)) {
            if plus { placed.push(Candidate::new(cell, d)) } else { givens.set(cell, Some(d)) }
        }
        plus = false;
        i += 1;
    }
    let mut cands: Vec<DigitSet> = Size::Nine.cells().map(|c| grid.open_digits(c)).collect();
    for c in candidates(fields[4]) {
        cands[c.cell.index()].remove(c.digit);
    }
    let mut position = Position::with_candidates(&givens, &cands);
    for c in placed {
        position.place(c.cell, c.digit);
    }
    Some(Case {
        code: base.to_string(),
        digits: fields[2].bytes().filter_map(|b| Digit::new(b.wrapping_sub(b'0'))).collect(),
        fail_case: variant == "x",
        position,
        eliminations: candidates(fields[5]),
        placements: candidates(fields[6]),
    })
}

/// The library's text, or `None` when it is not on this machine (see the module's comment).
fn data() -> Option<String> {
    if let Some(given) = std::env::var_os("INKDOKU_REGLIB") {
        let path = PathBuf::from(given);
        return Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("INKDOKU_REGLIB={}: {e}", path.display())));
    }
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/hodoku/reglib-1.4.txt");
    match std::fs::read_to_string(&beside) {
        Ok(text) => Some(text),
        Err(_) => {
            // Straight to stderr, past the test harness's capture, so the skip shows in every run.
            let line = format!(
                "skipped: HoDoKu's reglib (GPL-3.0, never copied into the project) is not at {} and INKDOKU_REGLIB is not set\n",
                beside.display()
            );
            std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes()).ok();
            None
        }
    }
}

/// A normal case passes when some instance makes exactly the expected changes. A fail case
/// (`-x`) lists the changes that must NOT be made (it is a near miss of the pattern); with none
/// listed, the technique must find nothing at all.
fn passes(case: &Case, t: Technique) -> bool {
    let steps = techniques::find_every(&case.position, t);
    for s in &steps {
        if let Some(problem) = chain_problem(&case.position, s) {
            eprintln!("{t:?}: {problem}");
            return false;
        }
    }
    let mut want_e = case.eliminations.clone();
    want_e.sort();
    let mut want_p = case.placements.clone();
    want_p.sort();
    if case.fail_case && want_e.is_empty() && want_p.is_empty() {
        return steps.is_empty();
    }
    // An ALS case lists only the eliminations of its digits: one step may remove others too
    // (a doubly linked ALS-XZ locks every digit of both sets).
    let listed = |d: Digit| !case.code.starts_with("09") || case.digits.contains(d);
    let found = steps.iter().any(|s| {
        // Every step's sentence must fill its placeholders in every language.
        for lang in Lang::ALL {
            let text = explain(s, Size::Nine, lang);
            assert!(!text.contains('{') && !text.contains('}'), "{lang:?}: {text}");
        }
        let mut e: Vec<Candidate> = s.eliminations.iter().copied().filter(|c| listed(c.digit)).collect();
        e.sort();
        e.dedup();
        let mut p = s.placements.clone();
        p.sort();
        p.dedup();
        e == want_e && p == want_p
    });
    found != case.fail_case
}

fn show(case: &Case, t: Technique) {
    let pos = &case.position;
    for r in 0..9 {
        let row: Vec<String> = (0..9)
            .map(|c| {
                let cell = Size::Nine.cell(r, c);
                match pos.value(cell) {
                    Some(d) => format!("({})", d.get()),
                    None => pos.candidates(cell).iter().map(|d| d.get().to_string()).collect(),
                }
            })
            .collect();
        eprintln!("{}", row.iter().map(|x| format!("{x:>9}")).collect::<String>());
    }
    for s in techniques::find_every(pos, t) {
        eprintln!("{:?} {}", s.eliminations, explain(&s, Size::Nine, Lang::En));
    }
}

#[test]
fn every_implemented_technique_passes_all_its_cases() {
    let mut table: BTreeMap<String, (Technique, usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let Some(data) = data() else { return };
    for line in data.lines().filter(|l| l.starts_with(':')) {
        let Some(case) = parse(line) else { continue };
        let Some(t) = technique(&case.code) else { continue };
        if !techniques::is_implemented(t) {
            continue;
        }
        let ok = passes(&case, t);
        // `INKDOKU_REGLIB_SHOW=<text of a case line>` prints its pencil marks and what was found.
        if std::env::var("INKDOKU_REGLIB_SHOW").is_ok_and(|v| line.contains(&v)) {
            show(&case, t);
        }
        let entry = table.entry(case.code.clone()).or_insert((t, 0, 0));
        entry.1 += 1;
        if ok {
            entry.2 += 1;
        }
        if !ok {
            failures.push(line.to_string());
        }
    }
    let mut md = String::from("| code | technique | cases | passed |\n|---|---|---:|---:|\n");
    for (code, (t, cases, passed)) in &table {
        md.push_str(&format!("| {code} | {} | {cases} | {passed} |\n", t.name()));
    }
    eprintln!("{md}");
    if std::env::var("INKDOKU_REGLIB_WRITE").is_ok() {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("REGLIB.md");
        let header = "# HoDoKu regression library: inkdoku's results\n\nGenerated by `INKDOKU_REGLIB_WRITE=1 cargo test -p inkdoku-engine --test reglib`.\nData: `../shared/data/hodoku/reglib-1.4.txt` (HoDoKu, GPL-3.0; read in place, not shipped).\n\nGrouped chains and loops run through box-line groups and almost locked sets of up to five cells, both between two digits of a set and from a set's digit to a cell the set forces.\n\n";
        std::fs::write(path, format!("{header}{md}")).unwrap();
    }
    assert!(failures.is_empty(), "{} failing cases:\n{}", failures.len(), failures.join("\n"));
}
