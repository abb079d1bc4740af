//! The messages between the app and its Web Worker, and the worker's request handler.
//!
//! The app never searches: generating, solving, rating and hints are requests to the worker,
//! which runs this engine compiled to wasm. Messages are JSON text:
//!
//! ```text
//!  app ──{"id":7,"task":{"kind":"generate","options":{…}}}──▶ worker
//!  app ◀──{"kind":"progress","id":7,"done":3,"total":40}──── worker   (zero or more)
//!  app ◀──{"kind":"generated","id":7,"generated":{…}}──────── worker   (exactly one answer)
//! ```
//!
//! The worker says `{"kind":"ready"}` once before it takes work. Cancelling is done by the app
//! terminating the worker and starting a new one (a wasm worker busy in a search cannot read its
//! message queue). `handle` is pure apart from the progress callback, so the whole protocol is
//! tested natively; the worker crate only moves strings.

use crate::generator::{self, Generated, Options};
use crate::geometry::DigitSet;
use crate::grid::Grid;
use crate::hint::{Advice, advise_variant};
use crate::killer_generator::{self, KillerGenerated};
use crate::lang::{self, Lang};
use crate::open::{self, ProgressLines, Refusal};
use crate::rating::{self, Rating};
use crate::solver;
use crate::step::Step;
use crate::variant::{self, Puzzle};
use serde::{Deserialize, Serialize};

/// A request from the app.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the app; the answer carries it back.
    pub id: u32,
    /// What to do.
    pub task: Task,
}

/// The work the worker does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Task {
    /// Make a puzzle.
    Generate { options: Options },
    /// Make a 9x9 killer (`killer_generator`; `options.size` and `options.symmetry` are not
    /// read). Answered by `GeneratedKiller`, with the same progress as `Generate`.
    GenerateKiller { options: Options },
    /// Count a puzzle's solutions (up to 2), and rate it when it has exactly one. `variant`,
    /// when given (its givens are `puzzle`), is counted with the variant solver and not rated
    /// (a variant's grade, `rating::rate_variant`, walks its hints and can take seconds).
    Analyze {
        puzzle: Grid,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        variant: Option<Puzzle>,
    },
    /// Grade a variant puzzle by the steps its hints take (`rating::rate_variant`): asked
    /// after a variant link or file is on the board, since the walk can take a second.
    /// Answered by `Rated`.
    RateVariant { variant: Puzzle },
    /// Advice from the player's digits (givens included) and candidate state
    /// (`Game::candidates`; none for every candidate the digits allow): see `hint::advise`.
    /// `givens` tells the player's entries from the puzzle's digits (optional: without it every
    /// digit counts as given, and Avoidable Rectangles are not looked for).
    Hint {
        digits: Grid,
        #[serde(default)]
        givens: Option<Grid>,
        candidates: Option<Vec<DigitSet>>,
        solution: Option<Grid>,
        /// The variant puzzle, whose constraints give its steps (absent: classic, as before
        /// variants had steps of their own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        variant: Option<Puzzle>,
        /// The player's language, which the step's words are made in (absent: English).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<Lang>,
        /// That language's words: the engine's part of its file (`lang::install`), which the
        /// worker reads once and keeps (absent: English, or every language built in natively).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        words: Option<String>,
    },
    /// Read what a player opened (`open::read`): a link or pasted text, or a file's text
    /// (`file`). Answered by `Read` or `Unreadable`; the app then asks `Analyze`.
    Read {
        text: String,
        #[serde(default)]
        file: bool,
    },
}

/// A message from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reply {
    /// The worker is ready for requests.
    Ready,
    /// Work in progress.
    Progress { id: u32, done: u32, total: u32 },
    /// Answer to `Generate`.
    Generated { id: u32, generated: Generated },
    /// Answer to `GenerateKiller`: the nearest killer made when none of the level asked for
    /// was found within the attempts (`generated.rating.level` says which it is).
    GeneratedKiller { id: u32, generated: KillerGenerated },
    /// Answer to `Analyze`.
    Analyzed {
        id: u32,
        /// Solutions found, capped at 2.
        count: usize,
        /// The solution when unique.
        solution: Option<Grid>,
        /// The grade when unique.
        rating: Option<Rating>,
    },
    /// Answer to `RateVariant`.
    Rated { id: u32, rating: Rating },
    /// Answer to `Hint`: a step comes with its words in the player's language.
    Hint {
        id: u32,
        advice: Advice,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        words: Option<HintWords>,
    },
    /// Answer to `Read`: the puzzle, and a file's progress lines, which the app decodes
    /// (`open::ProgressLines::decode`).
    Read {
        id: u32,
        puzzle: Puzzle,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        progress: Option<ProgressLines>,
    },
    /// Answer to `Read` when the text holds no puzzle.
    Unreadable { id: u32, refusal: Refusal },
    /// Answer to `Analyze` when the puzzle could not be checked within `ANALYZE_BUDGET`.
    TooHard { id: u32 },
    /// The request could not be read or carried out.
    Error { id: Option<u32>, message: String },
}

/// Reads a request, does the work, and returns the answer; progress goes to `progress`.
#[inline]
pub fn handle(text: &str, progress: &mut dyn FnMut(Reply)) -> Reply {
    let request = match read_request(text) {
        Ok(r) => r,
        Err(e) => {
            return Reply::Error { id: request_id(text), message: format!("the worker could not read the request: {e}") };
        }
    };
    let id = request.id;
    match request.task {
        Task::Generate { options } => {
            let mut report = |p: generator::Progress| {
                progress(Reply::Progress { id, done: p.done, total: p.total });
                true
            };
            match generator::generate(&options, &mut report) {
                Some(generated) => Reply::Generated { id, generated },
                None => Reply::Error { id: Some(id), message: "generation was cancelled".into() },
            }
        }
        Task::GenerateKiller { options } => {
            let mut report = |p: generator::Progress| {
                progress(Reply::Progress { id, done: p.done, total: p.total });
                true
            };
            match killer_generator::generate(&options, &mut report) {
                Some(generated) => Reply::GeneratedKiller { id, generated },
                None => Reply::Error { id: Some(id), message: "generation was cancelled".into() },
            }
        }
        Task::Analyze { variant: Some(variant), .. } if !variant.is_classic() => analyze_variant(id, &variant, ANALYZE_BUDGET),
        Task::Analyze { puzzle, .. } => analyze(id, &puzzle, ANALYZE_BUDGET),
        Task::RateVariant { variant } => Reply::Rated { id, rating: rating::rate_variant(&variant) },
        Task::Hint { digits, givens, candidates, solution, variant, lang, words } => {
            let advice = advise_variant(variant.as_ref(), &digits, givens.as_ref(), candidates.as_deref(), solution.as_ref());
            let words = match &advice {
                Advice::Step { step } => Some(HintWords::of(step, &digits, lang.unwrap_or_default(), words.as_deref())),
                _ => None,
            };
            Reply::Hint { id, advice, words }
        }
        Task::Read { text, file } => match open::read(&text, file) {
            Ok((puzzle, progress)) => Reply::Read { id, puzzle, progress },
            Err(refusal) => Reply::Unreadable { id, refusal },
        },
    }
}

crate::object_reader! {
    /// A hint's words in the player's language, made in the engine worker with the step (issue
    /// 48: the sentences and the words of every language are no part of the app's wasm, which
    /// shows and logs these).
    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct HintWords {
        /// The sentence said and logged (`lang::explain`).
        pub sentence: String,
        /// The whole proof, when the sentence had to leave details out (`lang::explain_fully`).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub proof: Option<String> = None,
        /// A forcing step's proof, page by page (`lang::proof_pages`).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub pages: Vec<PageWords> = Vec::new(),
        /// Why the language's words were refused (the sentences are English then).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub refused: Option<String> = None,
    }
}

crate::object_reader! {
    /// A page of a forcing step's proof in words: what the page shows, and its branch's links
    /// in notation (empty on the conclusion). The board draws the page from the step itself
    /// (`Step::proof_pages`).
    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct PageWords {
        pub text: String,
        #[serde(skip_serializing_if = "String::is_empty")]
        pub walk: String = String::new(),
    }
}

impl HintWords {
    /// `step`'s words on the board `digits` in `lang`, whose file's part `words` is read first
    /// when given (natively every language is built in).
    #[inline]
    pub fn of(step: &Step, digits: &Grid, lang: Lang, words: Option<&str>) -> HintWords {
        let refused = words.and_then(|text| lang::install(lang, text).err());
        let size = digits.size();
        let sentence = lang::explain(step, size, lang);
        let proof = Some(lang::explain_fully(step, size, lang)).filter(|full| *full != sentence);
        let pages = lang::proof_pages(step, size, lang).into_iter().map(|p| PageWords { text: p.text, walk: p.walk }).collect();
        HintWords { sentence, proof, pages, refused }
    }
}

/// Search nodes an `Analyze` may take on 4x4 and 16x16 (about 2 s in the worker): puzzles
/// come from links, files and pastes, and none may keep the player waiting without end.
pub const ANALYZE_BUDGET: u64 = 400_000;

fn analyze(id: u32, puzzle: &Grid, budget: u64) -> Reply {
    let Some(r) = solver::search_within(puzzle, 2, 1, budget) else { return Reply::TooHard { id } };
    let unique = r.count == 1;
    let solution = if unique { r.solutions.into_iter().next() } else { None };
    let rating = unique.then(|| rating::rate(puzzle));
    Reply::Analyzed { id, count: r.count, solution, rating }
}

fn analyze_variant(id: u32, puzzle: &Puzzle, budget: u64) -> Reply {
    match variant::solve_within(puzzle, 2, 1, budget) {
        Ok(Some(r)) => {
            let solution = if r.count == 1 { r.solutions.into_iter().next() } else { None };
            Reply::Analyzed { id, count: r.count, solution, rating: None }
        }
        Ok(None) => Reply::TooHard { id },
        Err(e) => Reply::Error { id: Some(id), message: e.to_string() },
    }
}

/// The id of a request that failed to parse as a whole, if its `id` field can be read.
#[inline]
fn request_id(text: &str) -> Option<u32> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    v.get("id")?.as_u64().and_then(|n| u32::try_from(n).ok())
}

/// Reads `$text`, an object of a variant's fields beside its "kind" (skipped as any unknown
/// field is), as a struct of those fields, and builds the variant from it: what serde's derived
/// reader of an enum tagged by a field inside it does, without buffering the text into a tree
/// first (see `read_reply`).
macro_rules! variant {
    ($text:expr, $enum:ident :: $variant:ident { $($field:ident: $ty:ty),* }) => {{
        #[derive(Deserialize)]
        struct Fields {
            $($field: $ty),*
        }
        let read: Fields = serde_json::from_str($text)?;
        $enum::$variant { $($field: read.$field),* }
    }};
}

/// The "kind" of a message or task.
#[inline]
fn kind_of(text: &str) -> Result<String, serde_json::Error> {
    #[derive(Deserialize)]
    struct Kind {
        kind: String,
    }
    serde_json::from_str::<Kind>(text).map(|k| k.kind)
}

/// Reads a request as the worker receives it (the app writes it with `encode`): the task's kind
/// first, then its fields, as `read_reply` reads replies (the worker's wasm, issue 48).
#[inline]
pub fn read_request(text: &str) -> Result<Request, serde_json::Error> {
    #[derive(Deserialize)]
    struct Raw<'a> {
        id: u32,
        #[serde(borrow)]
        task: &'a serde_json::value::RawValue,
    }
    let Raw { id, task } = serde_json::from_str(text)?;
    let text = task.get();
    let task = match kind_of(text)?.as_str() {
        "generate" => variant!(text, Task::Generate { options: Options }),
        "generate_killer" => variant!(text, Task::GenerateKiller { options: Options }),
        "analyze" => variant!(text, Task::Analyze { puzzle: Grid, variant: Option<Puzzle> }),
        "rate_variant" => variant!(text, Task::RateVariant { variant: Puzzle }),
        "read" => variant!(text, Task::Read { text: String, file: bool }),
        "hint" => variant!(
            text,
            Task::Hint {
                digits: Grid,
                givens: Option<Grid>,
                candidates: Option<Vec<DigitSet>>,
                solution: Option<Grid>,
                variant: Option<Puzzle>,
                lang: Option<Lang>,
                words: Option<String>
            }
        ),
        other => {
            return Err(serde::de::Error::unknown_variant(
                other,
                &["generate", "generate_killer", "analyze", "rate_variant", "hint", "read"],
            ));
        }
    };
    Ok(Request { id, task })
}

/// Reads a reply as the app receives it (the worker writes it with `encode`). Not `Reply`'s
/// derived reader: an enum tagged by a field inside it ("kind") is read by serde in two passes,
/// the whole message buffered into a tree of its own first, so that every type inside a reply
/// (the advice, the made puzzle, the rating, the grid) got a second reader for that tree in the
/// app's wasm (issue 48). Nor a struct of each variant's fields read after the kind (as
/// `read_request` does): that was nine readers of an object, 15 KB of the app's wasm before
/// gzip. Here every field any reply has is read in one pass through one struct (`ReplyFields`),
/// and the kind says which it needs; the made puzzle, whose type the kind decides, is kept as
/// its text and read after.
pub fn read_reply(text: &str) -> Result<Reply, serde_json::Error> {
    use serde::de::Error as _;
    let f: ReplyFields = serde_json::from_str(text)?;
    // The derive's own words for a field the reply lacks.
    macro_rules! need {
        ($field:ident) => {
            f.$field.ok_or_else(|| serde_json::Error::missing_field(stringify!($field)))?
        };
    }
    Ok(match f.kind.as_str() {
        "ready" => Reply::Ready,
        "progress" => Reply::Progress { id: need!(id), done: need!(done), total: need!(total) },
        "generated" => Reply::Generated { id: need!(id), generated: serde_json::from_str(need!(generated).get())? },
        "generated_killer" => Reply::GeneratedKiller { id: need!(id), generated: serde_json::from_str(need!(generated).get())? },
        "analyzed" => Reply::Analyzed { id: need!(id), count: need!(count), solution: f.solution, rating: f.rating },
        "rated" => Reply::Rated { id: need!(id), rating: need!(rating) },
        "hint" => Reply::Hint { id: need!(id), advice: need!(advice), words: f.words },
        "read" => Reply::Read { id: need!(id), puzzle: need!(puzzle), progress: f.progress },
        "unreadable" => Reply::Unreadable { id: need!(id), refusal: need!(refusal) },
        "too_hard" => Reply::TooHard { id: need!(id) },
        "error" => Reply::Error { id: f.id, message: need!(message) },
        other => {
            return Err(serde_json::Error::unknown_variant(
                other,
                &[
                    "ready",
                    "progress",
                    "generated",
                    "generated_killer",
                    "analyzed",
                    "rated",
                    "hint",
                    "read",
                    "unreadable",
                    "too_hard",
                    "error",
                ],
            ));
        }
    })
}

crate::object_reader! {
    /// Every field a reply's JSON may have (`read_reply`); a field no reply has is ignored, as
    /// serde's derive does.
    struct ReplyFields<'a> {
        kind: String,
        id: Option<u32> = None,
        done: Option<u32> = None,
        total: Option<u32> = None,
        /// A `Generated` or a `KillerGenerated`, by the kind.
        generated: Option<&'a serde_json::value::RawValue> = None,
        count: Option<usize> = None,
        solution: Option<Grid> = None,
        rating: Option<Rating> = None,
        advice: Option<Advice> = None,
        words: Option<HintWords> = None,
        puzzle: Option<Puzzle> = None,
        progress: Option<ProgressLines> = None,
        refusal: Option<Refusal> = None,
        message: Option<String> = None,
    }
}

/// The JSON text of a message.
pub fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("protocol messages always serialize")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::Symmetry;
    use crate::geometry::Size;
    use crate::rating::Level;

    #[test]
    fn generate_reports_progress_then_answers() {
        let req = Request {
            id: 3,
            task: Task::Generate { options: Options { size: Size::Four, level: Level::Easy, symmetry: Symmetry::None, seed: 5 } },
        };
        let mut seen = Vec::new();
        let reply = handle(&encode(&req), &mut |p| seen.push(p));
        assert!(matches!(seen[0], Reply::Progress { id: 3, done: 1, .. }));
        let Reply::Generated { id: 3, generated } = reply else { panic!("{reply:?}") };
        assert!(solver::is_unique(&generated.puzzle));
        // The answer survives the JSON trip the worker makes.
        let text = encode(&Reply::Generated { id: 3, generated: generated.clone() });
        assert_eq!(read_reply(&text).unwrap(), Reply::Generated { id: 3, generated });
    }

    #[test]
    fn killers_are_made_with_progress_and_old_requests_still_read() {
        let options = Options { size: Size::Nine, level: Level::Easy, symmetry: Symmetry::None, seed: 2 };
        let req = Request { id: 4, task: Task::GenerateKiller { options } };
        let mut seen = Vec::new();
        let reply = handle(&encode(&req), &mut |p| seen.push(p));
        assert!(matches!(seen[0], Reply::Progress { id: 4, done: 1, .. }));
        let Reply::GeneratedKiller { id: 4, generated } = reply else { panic!("{reply:?}") };
        assert_eq!(generated.rating.level, Level::Easy);
        assert!(!generated.puzzle.constraints.is_empty());
        let text = encode(&Reply::GeneratedKiller { id: 4, generated: generated.clone() });
        assert_eq!(read_reply(&text).unwrap(), Reply::GeneratedKiller { id: 4, generated });
        // A classic request as the app wrote it before killers is read as before.
        let old = r#"{"id":1,"task":{"kind":"generate","options":{"size":"Four","level":"Easy","symmetry":"none","seed":5}}}"#;
        let old = old.replace("\"Four\"", &serde_json::to_string(&Size::Four).unwrap());
        assert!(matches!(handle(&old, &mut |_| {}), Reply::Generated { id: 1, .. }), "{old}");
    }

    #[test]
    fn every_reply_reads_back_as_written_and_a_bad_one_says_why() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".to_string().try_into().unwrap();
        let rating = rating::rate(&puzzle);
        let hint = handle(
            &encode(&Request {
                id: 8,
                task: Task::Hint {
                    digits: puzzle.clone(),
                    givens: None,
                    candidates: None,
                    solution: None,
                    variant: None,
                    lang: Some(Lang::De),
                    words: None,
                },
            }),
            &mut |_| {},
        );
        let replies = [
            Reply::Ready,
            Reply::Progress { id: 1, done: 2, total: 3 },
            analyze(2, &puzzle, 10_000),
            Reply::Rated { id: 3, rating },
            hint,
            Reply::TooHard { id: 4 },
            Reply::Error { id: None, message: "the worker could not read \"it\"".into() },
            Reply::Error { id: Some(5), message: String::new() },
        ];
        for reply in replies {
            assert_eq!(read_reply(&encode(&reply)).unwrap(), reply);
            // The same as the derived reader (which the worker's own tests use).
            assert_eq!(serde_json::from_str::<Reply>(&encode(&reply)).unwrap(), reply);
        }
        assert!(read_reply(r#"{"kind":"fly","id":1}"#).unwrap_err().to_string().contains("fly"));
        assert!(read_reply(r#"{"kind":"progress","id":1}"#).unwrap_err().to_string().contains("done"));
        assert!(read_reply("not json").is_err());
        // A made puzzle is read by the kind's type, and refused with its reason.
        assert!(read_reply(r#"{"kind":"generated","id":1}"#).unwrap_err().to_string().contains("generated"));
        let wrong = r#"{"kind":"generated_killer","id":1,"generated":{"puzzle":"1234"}}"#;
        let why = read_reply(wrong).unwrap_err().to_string();
        assert!(why.contains("invalid type: string \"1234\""), "{why}");
        assert!(read_reply(r#"{"id":1,"count":1}"#).unwrap_err().to_string().contains("kind"));
        assert!(read_reply(r#"{"kind":"rated","id":1,"rating":7}"#).is_err());
    }

    #[test]
    fn every_request_reads_back_as_written() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".to_string().try_into().unwrap();
        let options = Options { size: Size::Nine, level: Level::Hard, symmetry: Symmetry::None, seed: 7 };
        let killer = crate::killer_generator::generate(&Options { level: Level::Easy, ..options }, &mut |_| true).expect("a killer");
        let tasks = [
            Task::Generate { options },
            Task::GenerateKiller { options },
            Task::Analyze { puzzle: puzzle.clone(), variant: None },
            Task::Analyze { puzzle: killer.puzzle.givens.clone(), variant: Some(killer.puzzle.clone()) },
            Task::RateVariant { variant: killer.puzzle.clone() },
            Task::Hint {
                digits: puzzle.clone(),
                givens: Some(puzzle.clone()),
                candidates: Some(vec![DigitSet::EMPTY; 81]),
                solution: None,
                variant: None,
                lang: Some(Lang::Ko),
                words: Some(lang::part(Lang::Ko)),
            },
            Task::Hint {
                digits: puzzle.clone(),
                givens: None,
                candidates: None,
                solution: Some(puzzle.clone()),
                variant: Some(killer.puzzle.clone()),
                lang: None,
                words: None,
            },
        ];
        for (id, task) in tasks.into_iter().enumerate() {
            let request = Request { id: id as u32, task };
            assert_eq!(read_request(&encode(&request)).unwrap(), request);
            assert_eq!(serde_json::from_str::<Request>(&encode(&request)).unwrap(), request, "as the derived reader");
        }
        // Fields the app leaves out read as absent, whatever their order.
        let text = r#"{"task":{"digits":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79","kind":"hint"},"id":3}"#;
        assert!(matches!(read_request(text), Ok(Request { id: 3, task: Task::Hint { givens: None, candidates: None, .. } })));
    }

    #[test]
    fn bad_requests_get_reasons() {
        let r = handle("{\"id\":9,\"task\":{\"kind\":\"fly\"}}", &mut |_| {});
        let Reply::Error { id, message } = r else { panic!() };
        assert_eq!(id, Some(9));
        assert!(message.contains("fly"), "{message}");
        assert!(matches!(handle("not json", &mut |_| {}), Reply::Error { id: None, .. }));
        let bad_grid = "{\"id\":1,\"task\":{\"kind\":\"analyze\",\"puzzle\":\"12\"}}";
        let Reply::Error { message, .. } = handle(bad_grid, &mut |_| {}) else { panic!() };
        assert!(message.contains("16, 36, 81 or 256"), "{message}");
    }

    #[test]
    fn hints_answer_with_advice() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".to_string().try_into().unwrap();
        let solution = solver::unique_solution(&puzzle).unwrap();
        let ask = |candidates: Option<Vec<DigitSet>>, lang: Option<Lang>| {
            let task = Task::Hint {
                digits: puzzle.clone(),
                givens: None,
                candidates,
                solution: Some(solution.clone()),
                variant: None,
                lang,
                words: None,
            };
            let Reply::Hint { id: 1, advice, words } = handle(&encode(&Request { id: 1, task }), &mut |_| {}) else { panic!() };
            (advice, words)
        };
        let (Advice::Step { step }, Some(words)) = ask(None, None) else { panic!() };
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit));
        }
        // The step comes with its sentence, in English unless another language is asked for.
        assert_eq!(
            words,
            HintWords { sentence: lang::explain(&step, Size::Nine, Lang::En), proof: None, pages: Vec::new(), refused: None }
        );
        let (_, Some(german)) = ask(None, Some(Lang::De)) else { panic!() };
        assert_eq!(german.sentence, lang::explain(&step, Size::Nine, Lang::De));
        assert_ne!(german.sentence, words.sentence);
        // Candidates that lost the answers are named, never built on: no step, no words.
        let (Advice::LostAnswer { cells }, None) = ask(Some(vec![DigitSet::EMPTY; 81]), None) else { panic!() };
        assert_eq!(cells.len(), 51);
    }

    #[test]
    fn a_forcing_hint_comes_with_its_whole_proof_and_its_pages_in_the_language_asked() {
        // magictour top1465 (the e2e tests' Master puzzle): its first unit forcing chain.
        let puzzle: Grid =
            "3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......".to_string().try_into().unwrap();
        let solve = rating::solve_logically(&puzzle);
        let step = solve.steps.into_iter().find(|s| s.technique == crate::step::Technique::UnitForcingChain).unwrap();
        for lang in Lang::ALL {
            let words = HintWords::of(&step, &puzzle, lang, None);
            assert_eq!(words.sentence, lang::explain(&step, Size::Nine, lang), "{lang:?}");
            let full = lang::explain_fully(&step, Size::Nine, lang);
            assert_eq!(words.proof.as_ref(), Some(&full).filter(|f| **f != words.sentence), "{lang:?}");
            let pages: Vec<(String, String)> = lang::proof_pages(&step, Size::Nine, lang).into_iter().map(|p| (p.text, p.walk)).collect();
            assert_eq!(words.pages.iter().map(|p| (p.text.clone(), p.walk.clone())).collect::<Vec<_>>(), pages, "{lang:?}");
            assert!(words.pages.len() > 2 && !words.pages[0].walk.is_empty());
            assert_eq!(words.refused, None);
        }
        // Words of another build are refused with the reason (in the worker, whose wasm has
        // English alone built in, the sentences are English then).
        // (German: the one language no other test of this binary installs, `lang::file`'s tests.)
        let words = HintWords::of(&step, &puzzle, Lang::De, Some("<!DOCTYPE html>"));
        assert_eq!(words.refused.as_deref(), Some("is not a language file (no header)"));
    }

    #[test]
    fn analysis_is_bounded() {
        // An empty 16x16 grid needs a few hundred search nodes to show two solutions: within a
        // budget of 10,000 it is answered, within 3 it is too hard.
        let empty = Grid::new(Size::Sixteen);
        assert_eq!(analyze(5, &empty, 3), Reply::TooHard { id: 5 });
        let Reply::Analyzed { count: 2, .. } = analyze(6, &empty, 10_000) else { panic!() };
        // 9x9 has no budget: it always finishes fast.
        assert!(matches!(analyze(7, &Grid::new(Size::Nine), 1), Reply::Analyzed { count: 2, .. }));
    }

    #[test]
    fn a_variant_is_rated_by_its_steps_on_request() {
        let options = crate::generator::Options { size: Size::Nine, level: Level::Easy, symmetry: Symmetry::None, seed: 3 };
        let killer = crate::killer_generator::generate(&options, &mut |_| true).expect("a killer");
        let text = encode(&Request { id: 4, task: Task::RateVariant { variant: killer.puzzle.clone() } });
        let Reply::Rated { id: 4, rating } = handle(&text, &mut |_| {}) else { panic!("rated") };
        assert_eq!(rating, rating::rate_variant(&killer.puzzle));
        assert_eq!(rating.level, killer.rating.level, "the grade the generator made it at");
    }

    #[test]
    fn analyze_counts_and_rates() {
        let req = "{\"id\":2,\"task\":{\"kind\":\"analyze\",\"puzzle\":\"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\"}}";
        let Reply::Analyzed { count, solution, rating, .. } = handle(req, &mut |_| {}) else { panic!() };
        assert_eq!(count, 1);
        assert!(solution.unwrap().is_solved());
        assert_eq!(rating.unwrap().level, Level::Easy);
    }
}
