//! How long the hint sentences run: walks each puzzle of a file step by step (the next step the
//! techniques find, applied) and prints, per technique and language, the longest sentence, with
//! the count over `SENTENCE_MAX`. With `EVERY=1` it also writes every step each technique finds
//! at each point (two per technique), not only the one applied.
//!
//!   cargo run --release -p inkdoku-engine --example sentence_lengths -- FILE [PUZZLES]

use inkdoku_engine::format::line;
use inkdoku_engine::lang::{Lang, SENTENCE_MAX, explain};
use inkdoku_engine::position::Position;
use inkdoku_engine::techniques;
use std::collections::BTreeMap;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(file) = args.next() else {
        eprintln!("usage: sentence_lengths FILE [PUZZLES]");
        return ExitCode::FAILURE;
    };
    let limit: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let every = std::env::var_os("EVERY").is_some();
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut longest: BTreeMap<(&str, &str), (usize, String)> = BTreeMap::new();
    let (mut written, mut over) = (0usize, 0usize);
    for puzzle in text.lines().filter_map(|l| line::parse(l.trim()).ok()).take(limit) {
        let mut position = Position::from_grid(&puzzle);
        while let Some(step) = techniques::next_step(&position) {
            let mut steps = vec![step.clone()];
            if every {
                for t in techniques::ORDER {
                    steps.extend(techniques::find_every(&position, *t).into_iter().take(2));
                }
            }
            for s in &steps {
                for lang in Lang::ALL {
                    let sentence = explain(s, puzzle.size(), lang);
                    let chars = sentence.chars().count();
                    written += 1;
                    over += usize::from(chars > SENTENCE_MAX);
                    let entry = longest.entry((s.technique.name(), lang.code())).or_default();
                    if chars > entry.0 {
                        *entry = (chars, sentence);
                    }
                }
            }
            position.apply(&step);
        }
    }
    println!("{over} of {written} sentences over {SENTENCE_MAX} characters; the longest per technique and language:");
    for ((technique, lang), (chars, sentence)) in &longest {
        println!("{chars:4} {lang} {technique}: {sentence}");
    }
    ExitCode::SUCCESS
}
