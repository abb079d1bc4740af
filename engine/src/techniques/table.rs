//! The technique table: one row per technique gives its name in every language, its family,
//! its score and its finder. Everything else reads it: `Technique::name`, `lang::technique_name`,
//! `rating::step_score`, `rating::family`, and the solving order (`ORDER`, `next_step`) — the
//! table's row order is the order the techniques are tried in, easiest first.
//!
//! A technique added to `step::Technique` without a row here does not compile (`INDEX` checks
//! at compile time that every technique has exactly one row); one with a row but no finder
//! fails `only_reveal_has_no_finder`.

use super::util::Sink;
use super::{als, chains, colors, complex_fish, fish, forcing, full_house, hidden_single, intersections, medusa, naked_single};
use super::{single_digit, subsets, sue_de_coq, templates, uniqueness, wings};
use crate::geometry::House;
use crate::position::Position;
use crate::step::{Step, Technique};

/// A technique's name in each of the engine's languages (`lang::Lang`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    pub en: &'static str,
    pub de: &'static str,
    pub es: &'static str,
    pub ko: &'static str,
}

/// Families of techniques, for the generator's level requirements ("a Hard puzzle needs a step
/// beyond singles and subsets; an Expert one needs fish, wings, uniqueness or chains").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Single,
    Intersection,
    Subset,
    Fish,
    SingleDigitPattern,
    Coloring,
    Wing,
    Uniqueness,
    Chain,
    Forcing,
    Other,
}

/// How a technique's steps score on the Sudoku-Explainer-like scale (see `rating`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// Every step scores the same.
    Fixed(f32),
    /// 1.2 in a box, 1.5 in a line.
    HiddenSingle,
    /// The base, +0.1 per four cells beyond four, at most +1.0: longer chains are harder to see.
    Chain(f32),
    /// The rung's base plus the proof's length (Sudoku Explainer's rule), at most `cap`.
    Forcing { base: f32, cap: f32 },
    /// A rung per level of nesting (9.7, 10.2, 10.7), each growing with its proof's length.
    NestedForcing,
    /// 8.0 with four sets, +0.1 per further set, at most 8.2.
    AlsChain,
}

/// Reports every instance of the technique to the sink, until the sink returns false (then
/// returns false too).
pub type Finder = fn(&Position, Sink<'_>) -> bool;

/// One technique.
#[derive(Clone, Copy)]
pub struct Row {
    pub technique: Technique,
    pub names: Names,
    pub family: Family,
    pub score: Score,
    /// `None` for `Reveal`, which is not a technique, and for the variant steps, which need the
    /// puzzle's constraints (`VARIANT`).
    pub find: Option<Finder>,
}

use Technique::*;

/// Every technique, in the order they are tried: by score (`base_score`), easiest first, and
/// in this order among equal scores (singles, intersections, subsets, fish, single-digit
/// patterns, wings, uniqueness, chains — interleaved as their scores are).
pub const TABLE: &[Row] = &[
    Row {
        technique: FullHouse,
        names: Names { en: "Full House", de: "Full House", es: "Casa llena", ko: "풀 하우스" },
        family: Family::Single,
        score: Score::Fixed(1.0),
        find: Some(full_house::find_all),
    },
    Row {
        technique: HiddenSingle,
        names: Names { en: "Hidden Single", de: "Versteckter Single", es: "Único oculto", ko: "히든 싱글" },
        family: Family::Single,
        score: Score::HiddenSingle,
        find: Some(hidden_single::find_all),
    },
    Row {
        technique: NakedSingle,
        names: Names { en: "Naked Single", de: "Nackter Single", es: "Único desnudo", ko: "네이키드 싱글" },
        family: Family::Single,
        score: Score::Fixed(2.3),
        find: Some(naked_single::find_all),
    },
    Row {
        technique: LockedCandidatesPointing,
        names: Names {
            en: "Locked Candidates (Pointing)",
            de: "Gesperrte Kandidaten (Pointing)",
            es: "Candidatos bloqueados (señalando)",
            ko: "교차 후보 (포인팅)",
        },
        family: Family::Intersection,
        score: Score::Fixed(2.6),
        find: Some(intersections::pointing),
    },
    Row {
        technique: LockedCandidatesClaiming,
        names: Names {
            en: "Locked Candidates (Claiming)",
            de: "Gesperrte Kandidaten (Claiming)",
            es: "Candidatos bloqueados (reclamando)",
            ko: "교차 후보 (클레이밍)",
        },
        family: Family::Intersection,
        score: Score::Fixed(2.8),
        find: Some(intersections::claiming),
    },
    Row {
        technique: LockedPair,
        names: Names { en: "Locked Pair", de: "Gesperrtes Paar", es: "Par bloqueado", ko: "잠긴 페어" },
        family: Family::Subset,
        score: Score::Fixed(2.9),
        find: Some(|p, s| subsets::naked(p, 2, true, s)),
    },
    Row {
        technique: NakedPair,
        names: Names { en: "Naked Pair", de: "Nacktes Paar", es: "Par desnudo", ko: "네이키드 페어" },
        family: Family::Subset,
        score: Score::Fixed(3.0),
        find: Some(|p, s| subsets::naked(p, 2, false, s)),
    },
    Row {
        technique: XWing,
        names: Names { en: "X-Wing", de: "X-Wing", es: "Ala X", ko: "X-윙" },
        family: Family::Fish,
        score: Score::Fixed(3.2),
        find: Some(|p, s| fish::find_all(p, 2, fish::Kind::Plain, s)),
    },
    Row {
        technique: HiddenPair,
        names: Names { en: "Hidden Pair", de: "Verstecktes Paar", es: "Par oculto", ko: "히든 페어" },
        family: Family::Subset,
        score: Score::Fixed(3.4),
        find: Some(|p, s| subsets::hidden(p, 2, s)),
    },
    Row {
        technique: FrankenXWing,
        names: Names { en: "Franken X-Wing", de: "Franken-X-Wing", es: "Ala X Franken", ko: "프랑켄 X-윙" },
        family: Family::Fish,
        score: Score::Fixed(3.4),
        find: Some(|p, s| complex_fish::find_all(p, 2, complex_fish::Shape::Franken, false, s)),
    },
    Row {
        technique: LockedTriple,
        names: Names { en: "Locked Triple", de: "Gesperrtes Tripel", es: "Trío bloqueado", ko: "잠긴 트리플" },
        family: Family::Subset,
        score: Score::Fixed(3.5),
        find: Some(|p, s| subsets::naked(p, 3, true, s)),
    },
    Row {
        technique: NakedTriple,
        names: Names { en: "Naked Triple", de: "Nacktes Tripel", es: "Trío desnudo", ko: "네이키드 트리플" },
        family: Family::Subset,
        score: Score::Fixed(3.6),
        find: Some(|p, s| subsets::naked(p, 3, false, s)),
    },
    Row {
        technique: MutantXWing,
        names: Names { en: "Mutant X-Wing", de: "Mutanten-X-Wing", es: "Ala X mutante", ko: "뮤턴트 X-윙" },
        family: Family::Fish,
        score: Score::Fixed(3.7),
        find: Some(|p, s| complex_fish::find_all(p, 2, complex_fish::Shape::Mutant, false, s)),
    },
    Row {
        technique: Swordfish,
        names: Names { en: "Swordfish", de: "Schwertfisch", es: "Pez espada", ko: "황새치" },
        family: Family::Fish,
        score: Score::Fixed(3.8),
        find: Some(|p, s| fish::find_all(p, 3, fish::Kind::Plain, s)),
    },
    Row {
        technique: Skyscraper,
        names: Names { en: "Skyscraper", de: "Wolkenkratzer", es: "Rascacielos", ko: "마천루" },
        family: Family::SingleDigitPattern,
        score: Score::Fixed(3.9),
        find: Some(|p, s| single_digit::chains(p, Technique::Skyscraper, s)),
    },
    Row {
        technique: HiddenTriple,
        names: Names { en: "Hidden Triple", de: "Verstecktes Tripel", es: "Trío oculto", ko: "히든 트리플" },
        family: Family::Subset,
        score: Score::Fixed(4.0),
        find: Some(|p, s| subsets::hidden(p, 3, s)),
    },
    Row {
        technique: TwoStringKite,
        names: Names { en: "2-String Kite", de: "Drachen (2-String Kite)", es: "Cometa de dos cuerdas", ko: "연 (2-String Kite)" },
        family: Family::SingleDigitPattern,
        score: Score::Fixed(4.0),
        find: Some(|p, s| single_digit::chains(p, Technique::TwoStringKite, s)),
    },
    Row {
        technique: FrankenSwordfish,
        names: Names { en: "Franken Swordfish", de: "Franken-Schwertfisch", es: "Pez espada Franken", ko: "프랑켄 황새치" },
        family: Family::Fish,
        score: Score::Fixed(4.0),
        find: Some(|p, s| complex_fish::find_all(p, 3, complex_fish::Shape::Franken, false, s)),
    },
    Row {
        technique: TurbotFish,
        names: Names { en: "Turbot Fish", de: "Steinbutt (Turbot Fish)", es: "Rodaballo (Turbot Fish)", ko: "터봇 피시" },
        family: Family::SingleDigitPattern,
        score: Score::Fixed(4.1),
        find: Some(|p, s| single_digit::chains(p, Technique::TurbotFish, s)),
    },
    Row {
        technique: EmptyRectangle,
        names: Names { en: "Empty Rectangle", de: "Leeres Rechteck", es: "Rectángulo vacío", ko: "빈 사각형" },
        family: Family::SingleDigitPattern,
        score: Score::Fixed(4.1),
        find: Some(single_digit::empty_rectangle),
    },
    Row {
        technique: DualTwoStringKite,
        names: Names {
            en: "Dual 2-String Kite",
            de: "Doppelter Drachen (Dual 2-String Kite)",
            es: "Cometa doble de dos cuerdas",
            ko: "이중 연 (Dual 2-String Kite)",
        },
        family: Family::SingleDigitPattern,
        score: Score::Fixed(4.1),
        find: Some(|p, s| single_digit::dual(p, Technique::DualTwoStringKite, s)),
    },
    Row {
        technique: XYWing,
        names: Names { en: "XY-Wing", de: "XY-Wing", es: "Ala XY", ko: "XY-윙" },
        family: Family::Wing,
        score: Score::Fixed(4.2),
        find: Some(|p, s| wings::xy_wing(p, false, s)),
    },
    Row {
        technique: FinnedXWing,
        names: Names { en: "Finned X-Wing", de: "X-Wing mit Flosse", es: "Ala X con aleta", ko: "핀 X-윙" },
        family: Family::Fish,
        score: Score::Fixed(4.2),
        find: Some(|p, s| fish::find_all(p, 2, fish::Kind::Finned, s)),
    },
    Row {
        technique: SashimiXWing,
        names: Names { en: "Sashimi X-Wing", de: "Sashimi-X-Wing", es: "Ala X sashimi", ko: "사시미 X-윙" },
        family: Family::Fish,
        score: Score::Fixed(4.2),
        find: Some(|p, s| fish::find_all(p, 2, fish::Kind::Sashimi, s)),
    },
    Row {
        technique: DualEmptyRectangle,
        names: Names {
            en: "Dual Empty Rectangle", de: "Doppeltes leeres Rechteck", es: "Rectángulo vacío doble", ko: "이중 빈 사각형"
        },
        family: Family::SingleDigitPattern,
        score: Score::Fixed(4.2),
        find: Some(|p, s| single_digit::dual(p, Technique::DualEmptyRectangle, s)),
    },
    Row {
        technique: SimpleColorsTrap,
        names: Names {
            en: "Simple Colors (Trap)", de: "Einfaches Färben (Falle)", es: "Colores simples (trampa)", ko: "단순 색칠 (함정)"
        },
        family: Family::Coloring,
        score: Score::Fixed(4.3),
        find: Some(|p, s| colors::find_all(p, Technique::SimpleColorsTrap, s)),
    },
    Row {
        technique: SimpleColorsWrap,
        names: Names {
            en: "Simple Colors (Wrap)",
            de: "Einfaches Färben (Widerspruch)",
            es: "Colores simples (contradicción)",
            ko: "단순 색칠 (모순)",
        },
        family: Family::Coloring,
        score: Score::Fixed(4.3),
        find: Some(|p, s| colors::find_all(p, Technique::SimpleColorsWrap, s)),
    },
    Row {
        technique: MutantSwordfish,
        names: Names { en: "Mutant Swordfish", de: "Mutanten-Schwertfisch", es: "Pez espada mutante", ko: "뮤턴트 황새치" },
        family: Family::Fish,
        score: Score::Fixed(4.3),
        find: Some(|p, s| complex_fish::find_all(p, 3, complex_fish::Shape::Mutant, false, s)),
    },
    Row {
        technique: XYZWing,
        names: Names { en: "XYZ-Wing", de: "XYZ-Wing", es: "Ala XYZ", ko: "XYZ-윙" },
        family: Family::Wing,
        score: Score::Fixed(4.4),
        find: Some(|p, s| wings::xy_wing(p, true, s)),
    },
    Row {
        technique: WWing,
        names: Names { en: "W-Wing", de: "W-Wing", es: "Ala W", ko: "W-윙" },
        family: Family::Wing,
        score: Score::Fixed(4.4),
        find: Some(wings::w_wing),
    },
    Row {
        technique: UniqueRectangle1,
        names: Names {
            en: "Unique Rectangle Type 1",
            de: "Eindeutiges Rechteck Typ 1",
            es: "Rectángulo único tipo 1",
            ko: "유일 사각형 유형 1",
        },
        family: Family::Uniqueness,
        score: Score::Fixed(4.5),
        find: Some(|p, s| uniqueness::unique_rectangle(p, Technique::UniqueRectangle1, s)),
    },
    Row {
        technique: AvoidableRectangle1,
        names: Names {
            en: "Avoidable Rectangle Type 1",
            de: "Vermeidbares Rechteck Typ 1",
            es: "Rectángulo evitable tipo 1",
            ko: "회피 사각형 유형 1",
        },
        family: Family::Uniqueness,
        score: Score::Fixed(4.5),
        find: Some(|p, s| uniqueness::avoidable_rectangle(p, Technique::AvoidableRectangle1, s)),
    },
    Row {
        technique: MultiColors1,
        names: Names { en: "Multi-Colors 1", de: "Mehrfarbig 1 (Multi-Colors)", es: "Multicolores 1", ko: "다중 색칠 1" },
        family: Family::Coloring,
        score: Score::Fixed(4.5),
        find: Some(|p, s| colors::multi_colors(p, Technique::MultiColors1, s)),
    },
    Row {
        technique: MultiColors2,
        names: Names { en: "Multi-Colors 2", de: "Mehrfarbig 2 (Multi-Colors)", es: "Multicolores 2", ko: "다중 색칠 2" },
        family: Family::Coloring,
        score: Score::Fixed(4.5),
        find: Some(|p, s| colors::multi_colors(p, Technique::MultiColors2, s)),
    },
    Row {
        technique: FinnedFrankenXWing,
        names: Names {
            en: "Finned Franken X-Wing", de: "Franken-X-Wing mit Flosse", es: "Ala X Franken con aleta", ko: "핀 프랑켄 X-윙"
        },
        family: Family::Fish,
        score: Score::Fixed(4.5),
        find: Some(|p, s| complex_fish::find_all(p, 2, complex_fish::Shape::Franken, true, s)),
    },
    Row {
        technique: UniqueRectangle2,
        names: Names {
            en: "Unique Rectangle Type 2",
            de: "Eindeutiges Rechteck Typ 2",
            es: "Rectángulo único tipo 2",
            ko: "유일 사각형 유형 2",
        },
        family: Family::Uniqueness,
        score: Score::Fixed(4.6),
        find: Some(|p, s| uniqueness::unique_rectangle(p, Technique::UniqueRectangle2, s)),
    },
    Row {
        technique: UniqueRectangle4,
        names: Names {
            en: "Unique Rectangle Type 4",
            de: "Eindeutiges Rechteck Typ 4",
            es: "Rectángulo único tipo 4",
            ko: "유일 사각형 유형 4",
        },
        family: Family::Uniqueness,
        score: Score::Fixed(4.6),
        find: Some(|p, s| uniqueness::unique_rectangle(p, Technique::UniqueRectangle4, s)),
    },
    Row {
        technique: UniqueRectangle5,
        names: Names {
            en: "Unique Rectangle Type 5",
            de: "Eindeutiges Rechteck Typ 5",
            es: "Rectángulo único tipo 5",
            ko: "유일 사각형 유형 5",
        },
        family: Family::Uniqueness,
        score: Score::Fixed(4.6),
        find: Some(|p, s| uniqueness::unique_rectangle(p, Technique::UniqueRectangle5, s)),
    },
    Row {
        technique: UniqueRectangle6,
        names: Names {
            en: "Unique Rectangle Type 6",
            de: "Eindeutiges Rechteck Typ 6",
            es: "Rectángulo único tipo 6",
            ko: "유일 사각형 유형 6",
        },
        family: Family::Uniqueness,
        score: Score::Fixed(4.6),
        find: Some(|p, s| uniqueness::unique_rectangle(p, Technique::UniqueRectangle6, s)),
    },
    Row {
        technique: AvoidableRectangle2,
        names: Names {
            en: "Avoidable Rectangle Type 2",
            de: "Vermeidbares Rechteck Typ 2",
            es: "Rectángulo evitable tipo 2",
            ko: "회피 사각형 유형 2",
        },
        family: Family::Uniqueness,
        score: Score::Fixed(4.6),
        find: Some(|p, s| uniqueness::avoidable_rectangle(p, Technique::AvoidableRectangle2, s)),
    },
    Row {
        technique: HiddenRectangle,
        names: Names { en: "Hidden Rectangle", de: "Verstecktes Rechteck", es: "Rectángulo oculto", ko: "숨은 사각형" },
        family: Family::Uniqueness,
        score: Score::Fixed(4.7),
        find: Some(uniqueness::hidden_rectangle),
    },
    Row {
        technique: FinnedSwordfish,
        names: Names { en: "Finned Swordfish", de: "Schwertfisch mit Flosse", es: "Pez espada con aleta", ko: "핀 황새치" },
        family: Family::Fish,
        score: Score::Fixed(4.7),
        find: Some(|p, s| fish::find_all(p, 3, fish::Kind::Finned, s)),
    },
    Row {
        technique: SashimiSwordfish,
        names: Names { en: "Sashimi Swordfish", de: "Sashimi-Schwertfisch", es: "Pez espada sashimi", ko: "사시미 황새치" },
        family: Family::Fish,
        score: Score::Fixed(4.7),
        find: Some(|p, s| fish::find_all(p, 3, fish::Kind::Sashimi, s)),
    },
    Row {
        technique: UniqueRectangle3,
        names: Names {
            en: "Unique Rectangle Type 3",
            de: "Eindeutiges Rechteck Typ 3",
            es: "Rectángulo único tipo 3",
            ko: "유일 사각형 유형 3",
        },
        family: Family::Uniqueness,
        score: Score::Fixed(4.8),
        find: Some(|p, s| uniqueness::unique_rectangle(p, Technique::UniqueRectangle3, s)),
    },
    Row {
        technique: FinnedMutantXWing,
        names: Names {
            en: "Finned Mutant X-Wing", de: "Mutanten-X-Wing mit Flosse", es: "Ala X mutante con aleta", ko: "핀 뮤턴트 X-윙"
        },
        family: Family::Fish,
        score: Score::Fixed(4.8),
        find: Some(|p, s| complex_fish::find_all(p, 2, complex_fish::Shape::Mutant, true, s)),
    },
    Row {
        technique: NakedQuad,
        names: Names { en: "Naked Quad", de: "Nacktes Quartett", es: "Cuarteto desnudo", ko: "네이키드 쿼드" },
        family: Family::Subset,
        score: Score::Fixed(5.0),
        find: Some(|p, s| subsets::naked(p, 4, false, s)),
    },
    Row {
        technique: FinnedFrankenSwordfish,
        names: Names {
            en: "Finned Franken Swordfish",
            de: "Franken-Schwertfisch mit Flosse",
            es: "Pez espada Franken con aleta",
            ko: "핀 프랑켄 황새치",
        },
        family: Family::Fish,
        score: Score::Fixed(5.0),
        find: Some(|p, s| complex_fish::find_all(p, 3, complex_fish::Shape::Franken, true, s)),
    },
    Row {
        technique: Jellyfish,
        names: Names { en: "Jellyfish", de: "Qualle", es: "Medusa", ko: "해파리" },
        family: Family::Fish,
        score: Score::Fixed(5.2),
        find: Some(|p, s| fish::find_all(p, 4, fish::Kind::Plain, s)),
    },
    Row {
        technique: FinnedMutantSwordfish,
        names: Names {
            en: "Finned Mutant Swordfish",
            de: "Mutanten-Schwertfisch mit Flosse",
            es: "Pez espada mutante con aleta",
            ko: "핀 뮤턴트 황새치",
        },
        family: Family::Fish,
        score: Score::Fixed(5.3),
        find: Some(|p, s| complex_fish::find_all(p, 3, complex_fish::Shape::Mutant, true, s)),
    },
    Row {
        technique: HiddenQuad,
        names: Names { en: "Hidden Quad", de: "Verstecktes Quartett", es: "Cuarteto oculto", ko: "히든 쿼드" },
        family: Family::Subset,
        score: Score::Fixed(5.4),
        find: Some(|p, s| subsets::hidden(p, 4, s)),
    },
    Row {
        technique: FrankenJellyfish,
        names: Names { en: "Franken Jellyfish", de: "Franken-Qualle", es: "Medusa Franken", ko: "프랑켄 해파리" },
        family: Family::Fish,
        score: Score::Fixed(5.4),
        find: Some(|p, s| complex_fish::find_all(p, 4, complex_fish::Shape::Franken, false, s)),
    },
    Row {
        technique: FinnedJellyfish,
        names: Names { en: "Finned Jellyfish", de: "Qualle mit Flosse", es: "Medusa con aleta", ko: "핀 해파리" },
        family: Family::Fish,
        score: Score::Fixed(5.5),
        find: Some(|p, s| fish::find_all(p, 4, fish::Kind::Finned, s)),
    },
    Row {
        technique: SashimiJellyfish,
        names: Names { en: "Sashimi Jellyfish", de: "Sashimi-Qualle", es: "Medusa sashimi", ko: "사시미 해파리" },
        family: Family::Fish,
        score: Score::Fixed(5.5),
        find: Some(|p, s| fish::find_all(p, 4, fish::Kind::Sashimi, s)),
    },
    Row {
        technique: SueDeCoq,
        names: Names { en: "Sue de Coq", de: "Sue de Coq", es: "Sue de Coq", ko: "수 드 코크" },
        family: Family::Other,
        score: Score::Fixed(5.5),
        find: Some(sue_de_coq::find_all),
    },
    Row {
        technique: Bug1,
        names: Names { en: "BUG+1", de: "BUG+1", es: "BUG+1", ko: "BUG+1" },
        family: Family::Uniqueness,
        score: Score::Fixed(5.6),
        find: Some(uniqueness::bug_plus_one),
    },
    Row {
        technique: MutantJellyfish,
        names: Names { en: "Mutant Jellyfish", de: "Mutanten-Qualle", es: "Medusa mutante", ko: "뮤턴트 해파리" },
        family: Family::Fish,
        score: Score::Fixed(5.7),
        find: Some(|p, s| complex_fish::find_all(p, 4, complex_fish::Shape::Mutant, false, s)),
    },
    Row {
        technique: FinnedFrankenJellyfish,
        names: Names {
            en: "Finned Franken Jellyfish",
            de: "Franken-Qualle mit Flosse",
            es: "Medusa Franken con aleta",
            ko: "핀 프랑켄 해파리",
        },
        family: Family::Fish,
        score: Score::Fixed(5.8),
        find: Some(|p, s| complex_fish::find_all(p, 4, complex_fish::Shape::Franken, true, s)),
    },
    Row {
        technique: FinnedMutantJellyfish,
        names: Names {
            en: "Finned Mutant Jellyfish",
            de: "Mutanten-Qualle mit Flosse",
            es: "Medusa mutante con aleta",
            ko: "핀 뮤턴트 해파리",
        },
        family: Family::Fish,
        score: Score::Fixed(6.1),
        find: Some(|p, s| complex_fish::find_all(p, 4, complex_fish::Shape::Mutant, true, s)),
    },
    Row {
        technique: FinnedMutantSquirmbag,
        names: Names {
            en: "Finned Mutant Squirmbag",
            de: "Mutanten-Squirmbag mit Flosse",
            es: "Squirmbag mutante con aleta",
            ko: "핀 뮤턴트 스쿼름백",
        },
        family: Family::Fish,
        score: Score::Fixed(6.4),
        find: Some(|p, s| complex_fish::find_all(p, 5, complex_fish::Shape::Mutant, true, s)),
    },
    Row {
        technique: RemotePair,
        names: Names { en: "Remote Pair", de: "Entferntes Paar", es: "Pares remotos", ko: "원격 페어" },
        family: Family::Chain,
        score: Score::Fixed(6.5),
        find: Some(|p, s| chains::xy_chain(p, true, s)),
    },
    Row {
        technique: XChain,
        names: Names { en: "X-Chain", de: "X-Kette", es: "Cadena X", ko: "X-체인" },
        family: Family::Chain,
        score: Score::Chain(6.5),
        find: Some(chains::x_chain),
    },
    Row {
        technique: XYChain,
        names: Names { en: "XY-Chain", de: "XY-Kette", es: "Cadena XY", ko: "XY-체인" },
        family: Family::Chain,
        score: Score::Chain(6.6),
        find: Some(|p, s| chains::xy_chain(p, false, s)),
    },
    Row {
        technique: Medusa3D,
        names: Names { en: "3D Medusa", de: "3D-Medusa", es: "Medusa 3D", ko: "3D 메두사" },
        family: Family::Coloring,
        score: Score::Fixed(6.6),
        find: Some(medusa::find_all),
    },
    Row {
        technique: FinnedMutantWhale,
        names: Names {
            en: "Finned Mutant Whale", de: "Mutanten-Wal mit Flosse", es: "Ballena mutante con aleta", ko: "핀 뮤턴트 고래"
        },
        family: Family::Fish,
        score: Score::Fixed(6.7),
        find: Some(|p, s| complex_fish::find_all(p, 6, complex_fish::Shape::Mutant, true, s)),
    },
    Row {
        technique: ContinuousNiceLoop,
        names: Names { en: "Continuous Nice Loop", de: "Geschlossene Nice Loop", es: "Bucle continuo", ko: "연속 나이스 루프" },
        family: Family::Chain,
        score: Score::Chain(7.0),
        find: Some(|p, s| chains::loops(p, chains::Kind::Continuous, false, s)),
    },
    Row {
        technique: DiscontinuousNiceLoop,
        names: Names { en: "Discontinuous Nice Loop", de: "Offene Nice Loop", es: "Bucle discontinuo", ko: "불연속 나이스 루프" },
        family: Family::Chain,
        score: Score::Chain(7.0),
        find: Some(|p, s| chains::loops(p, chains::Kind::Discontinuous, false, s)),
    },
    Row {
        technique: Aic,
        names: Names {
            en: "Alternating Inference Chain",
            de: "Alternierende Kette (AIC)",
            es: "Cadena de inferencias alternas",
            ko: "교대 추론 체인",
        },
        family: Family::Chain,
        score: Score::Chain(7.0),
        find: Some(|p, s| chains::loops(p, chains::Kind::Aic, false, s)),
    },
    Row {
        technique: GroupedContinuousNiceLoop,
        names: Names {
            en: "Grouped Continuous Nice Loop",
            de: "Gruppierte geschlossene Nice Loop",
            es: "Bucle continuo agrupado",
            ko: "그룹 연속 나이스 루프",
        },
        family: Family::Chain,
        score: Score::Chain(7.2),
        find: Some(|p, s| chains::loops(p, chains::Kind::Continuous, true, s)),
    },
    Row {
        technique: GroupedDiscontinuousNiceLoop,
        names: Names {
            en: "Grouped Discontinuous Nice Loop",
            de: "Gruppierte offene Nice Loop",
            es: "Bucle discontinuo agrupado",
            ko: "그룹 불연속 나이스 루프",
        },
        family: Family::Chain,
        score: Score::Chain(7.2),
        find: Some(|p, s| chains::loops(p, chains::Kind::Discontinuous, true, s)),
    },
    Row {
        technique: GroupedAic,
        names: Names {
            en: "Grouped Alternating Inference Chain",
            de: "Gruppierte alternierende Kette (AIC)",
            es: "Cadena de inferencias alternas agrupada",
            ko: "그룹 교대 추론 체인",
        },
        family: Family::Chain,
        score: Score::Chain(7.2),
        find: Some(|p, s| chains::loops(p, chains::Kind::Aic, true, s)),
    },
    Row {
        technique: AlsXz,
        names: Names { en: "ALS-XZ", de: "ALS-XZ", es: "ALS-XZ", ko: "ALS-XZ" },
        family: Family::Chain,
        score: Score::Fixed(7.5),
        find: Some(als::als_xz),
    },
    Row {
        technique: TemplateSet,
        names: Names { en: "Template Set", de: "Schablone (Setzen)", es: "Plantilla (colocar)", ko: "템플릿 (배치)" },
        family: Family::Other,
        score: Score::Fixed(7.6),
        find: Some(|p, s| templates::find_all(p, true, s)),
    },
    Row {
        technique: TemplateDelete,
        names: Names { en: "Template Delete", de: "Schablone (Löschen)", es: "Plantilla (eliminar)", ko: "템플릿 (제거)" },
        family: Family::Other,
        score: Score::Fixed(7.6),
        find: Some(|p, s| templates::find_all(p, false, s)),
    },
    Row {
        technique: AlsXyWing,
        names: Names { en: "ALS-XY-Wing", de: "ALS-XY-Wing", es: "Ala ALS-XY", ko: "ALS-XY-윙" },
        family: Family::Chain,
        score: Score::Fixed(7.8),
        find: Some(als::als_xy_wing),
    },
    Row {
        technique: AlsXyChain,
        names: Names { en: "ALS-XY-Chain", de: "ALS-XY-Kette", es: "Cadena ALS-XY", ko: "ALS-XY-체인" },
        family: Family::Chain,
        score: Score::AlsChain,
        find: Some(als::als_xy_chain),
    },
    Row {
        technique: DeathBlossom,
        names: Names {
            en: "Death Blossom", de: "Todesblüte (Death Blossom)", es: "Flor de la muerte", ko: "죽음의 꽃 (Death Blossom)"
        },
        family: Family::Chain,
        score: Score::Fixed(8.2),
        find: Some(als::death_blossom),
    },
    Row {
        technique: ContradictionForcingChain,
        names: Names {
            en: "Contradiction Forcing Chain",
            de: "Widerspruchs-Erzwingungskette",
            es: "Cadena forzada por contradicción",
            ko: "모순 강제 체인",
        },
        family: Family::Forcing,
        score: Score::Forcing { base: 8.3, cap: 8.7 },
        find: Some(|p, s| forcing::find_all(p, Technique::ContradictionForcingChain, s)),
    },
    Row {
        technique: UnitForcingChain,
        names: Names { en: "Unit Forcing Chain", de: "Haus-Erzwingungskette", es: "Cadena forzada de unidad", ko: "유닛 강제 체인" },
        family: Family::Forcing,
        score: Score::Forcing { base: 8.4, cap: 8.7 },
        find: Some(|p, s| forcing::find_all(p, Technique::UnitForcingChain, s)),
    },
    Row {
        technique: CellForcingChain,
        names: Names { en: "Cell Forcing Chain", de: "Zellen-Erzwingungskette", es: "Cadena forzada de celda", ko: "셀 강제 체인" },
        family: Family::Forcing,
        score: Score::Forcing { base: 8.5, cap: 8.7 },
        find: Some(|p, s| forcing::find_all(p, Technique::CellForcingChain, s)),
    },
    Row {
        technique: ContradictionForcingNet,
        names: Names {
            en: "Contradiction Forcing Net",
            de: "Widerspruchs-Erzwingungsnetz",
            es: "Red forzada por contradicción",
            ko: "모순 강제 네트",
        },
        family: Family::Forcing,
        score: Score::Forcing { base: 8.8, cap: 9.6 },
        find: Some(|p, s| forcing::find_all(p, Technique::ContradictionForcingNet, s)),
    },
    Row {
        technique: UnitForcingNet,
        names: Names { en: "Unit Forcing Net", de: "Haus-Erzwingungsnetz", es: "Red forzada de unidad", ko: "유닛 강제 네트" },
        family: Family::Forcing,
        score: Score::Forcing { base: 8.9, cap: 9.6 },
        find: Some(|p, s| forcing::find_all(p, Technique::UnitForcingNet, s)),
    },
    Row {
        technique: CellForcingNet,
        names: Names { en: "Cell Forcing Net", de: "Zellen-Erzwingungsnetz", es: "Red forzada de celda", ko: "셀 강제 네트" },
        family: Family::Forcing,
        score: Score::Forcing { base: 9.0, cap: 9.6 },
        find: Some(|p, s| forcing::find_all(p, Technique::CellForcingNet, s)),
    },
    Row {
        technique: NestedForcingNet,
        names: Names {
            en: "Nested Forcing Net", de: "Verschachteltes Erzwingungsnetz", es: "Red forzada anidada", ko: "중첩 강제 네트"
        },
        family: Family::Forcing,
        score: Score::NestedForcing,
        find: Some(|p, s| forcing::find_all(p, Technique::NestedForcingNet, s)),
    },
    // A variant's steps read its constraints, which a `Position` does not hold: they have no
    // finder here (so the classic paths never run them) and are found by
    // `techniques::next_variant_step`, which tries them before the classic table's rows.
    Row {
        technique: CageCombination,
        names: Names { en: "Cage Combinations", de: "Käfigkombinationen", es: "Combinaciones de jaula", ko: "케이지 조합" },
        family: Family::Other,
        score: Score::Fixed(1.8),
        find: None,
    },
    Row {
        technique: CageConfinement,
        names: Names { en: "Cage Confinement", de: "Käfigeinschluss", es: "Confinamiento de jaula", ko: "케이지 속박" },
        family: Family::Other,
        score: Score::Fixed(2.4),
        find: None,
    },
    Row {
        technique: Innies,
        names: Names { en: "45 Rule (Innies)", de: "45er-Regel (innen)", es: "Regla del 45 (interiores)", ko: "45 규칙 (안쪽)" },
        family: Family::Other,
        score: Score::Fixed(2.6),
        find: None,
    },
    Row {
        technique: Outies,
        names: Names { en: "45 Rule (Outies)", de: "45er-Regel (außen)", es: "Regla del 45 (exteriores)", ko: "45 규칙 (바깥쪽)" },
        family: Family::Other,
        score: Score::Fixed(2.8),
        find: None,
    },
    Row {
        technique: InnieOutie,
        names: Names {
            en: "45 Rule (Innie-Outie Difference)",
            de: "45er-Regel (Differenz innen-außen)",
            es: "Regla del 45 (diferencia interior-exterior)",
            ko: "45 규칙 (안쪽-바깥쪽 차이)",
        },
        family: Family::Other,
        score: Score::Fixed(3.0),
        find: None,
    },
    Row {
        technique: CageSplitting,
        names: Names { en: "Cage Splitting", de: "Käfigteilung", es: "División de jaula", ko: "케이지 분할" },
        family: Family::Other,
        score: Score::Fixed(3.0),
        find: None,
    },
    Row {
        technique: LittleKillerCombination,
        names: Names {
            en: "Little Killer Combinations",
            de: "Little-Killer-Kombinationen",
            es: "Combinaciones de little killer",
            ko: "리틀 킬러 조합",
        },
        family: Family::Other,
        score: Score::Fixed(1.9),
        find: None,
    },
    Row {
        technique: ConstraintAic,
        names: Names {
            en: "AIC with Constraint Links",
            de: "AIC mit Regelverbindungen",
            es: "AIC con enlaces de reglas",
            ko: "규칙 연결 AIC",
        },
        family: Family::Chain,
        score: Score::Fixed(7.5),
        find: None,
    },
    Row {
        technique: ConstraintRule,
        names: Names { en: "Constraint Logic", de: "Regellogik", es: "Lógica de la regla", ko: "규칙 논리" },
        family: Family::Other,
        score: Score::Fixed(2.0),
        find: None,
    },
    Row {
        technique: ConstraintTrial,
        names: Names { en: "Constraint Contradiction", de: "Regelwiderspruch", es: "Contradicción de reglas", ko: "규칙 모순" },
        family: Family::Forcing,
        score: Score::Fixed(9.0),
        find: None,
    },
    Row {
        technique: NestedConstraintTrial,
        names: Names {
            en: "Nested Constraint Contradiction",
            de: "Verschachtelter Regelwiderspruch",
            es: "Contradicción de reglas anidada",
            ko: "중첩 규칙 모순",
        },
        family: Family::Forcing,
        score: Score::Fixed(9.7),
        find: None,
    },
    Row {
        technique: Reveal,
        names: Names { en: "Reveal", de: "Aufdecken", es: "Revelar", ko: "공개" },
        family: Family::Other,
        score: Score::Fixed(12.0),
        find: None,
    },
];

/// The variant steps, found from a puzzle's constraints (`techniques::next_variant_step`), in
/// the order they are tried.
pub const VARIANT: &[Technique] = &[
    CageCombination,
    LittleKillerCombination,
    ConstraintRule,
    CageConfinement,
    Innies,
    Outies,
    InnieOutie,
    CageSplitting,
    ConstraintAic,
    ConstraintTrial,
];

/// Where each technique's row is, by `Technique as usize`. Built at compile time, so a
/// technique with no row (or two) stops the build.
const INDEX: [usize; Technique::ALL.len()] = {
    let mut index = [usize::MAX; Technique::ALL.len()];
    let mut i = 0;
    while i < TABLE.len() {
        let t = TABLE[i].technique as usize;
        assert!(index[t] == usize::MAX, "a technique has two rows in techniques::TABLE");
        index[t] = i;
        i += 1;
    }
    let mut t = 0;
    while t < index.len() {
        assert!(index[t] != usize::MAX, "a technique has no row in techniques::TABLE");
        t += 1;
    }
    index
};

/// A technique's row.
pub fn row(t: Technique) -> &'static Row {
    &TABLE[INDEX[t as usize]]
}

/// What a row says of a technique but its finder: its names, family and score.
#[derive(Clone, Copy)]
pub struct About {
    pub names: Names,
    pub family: Family,
    pub score: Score,
}

/// The rows without their finders, by technique, made from `TABLE` at compile time. Names,
/// families and scores are read from here, not from `TABLE`: a read of `TABLE` at run time
/// links the whole table, finders and all, and so every technique's code — 147 KB gzipped in
/// the app, which names and rates steps but never searches (the engine worker does).
const ABOUT: [About; Technique::ALL.len()] = {
    let none = About { names: Names { en: "", de: "", es: "", ko: "" }, family: Family::Other, score: Score::Fixed(0.0) };
    let mut about = [none; Technique::ALL.len()];
    let mut i = 0;
    while i < TABLE.len() {
        let r = &TABLE[i];
        // The app's wasm has English built in, the other names read from a language file
        // (`lang::file`): they are not in its table.
        #[cfg(target_arch = "wasm32")]
        let names = Names { en: r.names.en, de: "", es: "", ko: "" };
        #[cfg(not(target_arch = "wasm32"))]
        let names = r.names;
        about[r.technique as usize] = About { names, family: r.family, score: r.score };
        i += 1;
    }
    about
};

/// A technique's names, family and score (its row, without the finder).
pub fn about(t: Technique) -> &'static About {
    &ABOUT[t as usize]
}

const IMPLEMENTED: usize = {
    let (mut n, mut i) = (0, 0);
    while i < TABLE.len() {
        if TABLE[i].find.is_some() {
            n += 1;
        }
        i += 1;
    }
    n
};

/// The techniques that have a finder, in the table's order.
pub(super) const ORDER: [Technique; IMPLEMENTED] = {
    let mut order = [Reveal; IMPLEMENTED];
    let (mut n, mut i) = (0, 0);
    while i < TABLE.len() {
        if TABLE[i].find.is_some() {
            order[n] = TABLE[i].technique;
            n += 1;
        }
        i += 1;
    }
    order
};

impl Score {
    /// The score of a step of this technique.
    pub fn of(self, step: &Step) -> f32 {
        match self {
            Score::Fixed(s) => s,
            Score::HiddenSingle => match step.houses.first() {
                Some(House::Box(_) | House::Region(_)) => 1.2,
                _ => 1.5,
            },
            Score::Chain(base) => {
                let extra = step.cells.len().saturating_sub(4) as f32 / 4.0;
                base + (extra.floor() / 10.0).min(1.0)
            }
            Score::Forcing { base, cap } => forcing_score(base, cap, step),
            Score::NestedForcing => {
                // Each level of nesting is a rung of its own: 9.7, 10.2, 10.7.
                let nesting = step.forcing.as_ref().map_or(1, |f| f.nesting.max(1));
                let base = 9.7 + 0.5 * (nesting - 1) as f32;
                // Nested proofs grow long on the hardest puzzles: their length orders them (SE's
                // ratings of the forum's hardest run from 10 to 11.9).
                forcing_score(base, base + 2.2, step)
            }
            Score::AlsChain => {
                // They stay below the forcing chains' 8.3, where Master begins. The sets are
                // counted by the strong links (one inside each set) of the step's first chain.
                let sets = step.chains.first().map_or(0, |c| c.iter().filter(|l| l.strong).count());
                8.0 + (sets.saturating_sub(4).min(2) as f32) / 10.0
            }
        }
    }
}

/// A forcing step's score: its rung's base, plus its proof's length, within the rung.
fn forcing_score(base: f32, cap: f32, step: &Step) -> f32 {
    (base + forcing::length_bonus(forcing::proof_length(step))).min(cap)
}

/// The score of one step on the Sudoku-Explainer-like scale.
pub fn step_score(step: &Step) -> f32 {
    about(step.technique).score.of(step)
}

/// The lowest score a technique's steps can have (a box's hidden single, a chain of four
/// cells, a forcing proof of a few links): the floor the table is sorted by.
pub fn base_score(technique: Technique) -> f32 {
    let mut step = Step::new(technique);
    step.houses.push(House::Box(0));
    step_score(&step)
}

impl Technique {
    /// The name players know it by (in English; `lang::technique_name` for the others).
    pub fn name(self) -> &'static str {
        about(self).names.en
    }

    /// A technique from its name (as `name` writes it).
    pub fn from_name(name: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|&t| about(t).names.en == name)
    }

    /// The technique's family.
    pub fn family(self) -> Family {
        about(self).family
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_its_own_row() {
        for (i, &t) in Technique::ALL.iter().enumerate() {
            assert_eq!(t as usize, i, "Technique::ALL is in the enum's order");
            assert_eq!(row(t).technique, t);
        }
        assert_eq!(TABLE.len(), Technique::ALL.len());
    }

    #[test]
    fn only_reveal_has_no_finder() {
        for r in TABLE {
            // The nested trial is found by `nested_variant_step` alone, after every other step
            // (never in a rating walk).
            let own = [Reveal, NestedConstraintTrial];
            assert_eq!(r.find.is_none(), own.contains(&r.technique) || VARIANT.contains(&r.technique), "{:?}", r.technique);
        }
    }

    #[test]
    fn names_are_given_and_distinct_in_every_language() {
        for lang in 0..4 {
            let mut seen = std::collections::HashSet::new();
            for r in TABLE {
                let name = [r.names.en, r.names.de, r.names.es, r.names.ko][lang];
                assert!(!name.trim().is_empty(), "{:?}", r.technique);
                assert!(seen.insert(name), "{name} names two techniques");
            }
        }
    }
}
