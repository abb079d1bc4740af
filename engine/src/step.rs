//! A step: one logical deduction, as data.
//!
//! A hint, a line of the solve log, a highlight on the board and a grading input are all the
//! same `Step`: which technique, what it places or removes, and the cells, houses and candidates
//! that justify it. The app renders these fields; `lang` turns them into a sentence
//! (`lang::explain`, or `Step::explanation` in English). This module is data only: it names
//! no technique's words or finder (`techniques::TABLE` does), so everything can build on it.

use crate::geometry::{Candidate, Cell, Digit, House, Size, cell_name, cells_compact};

use serde::{Deserialize, Serialize};

/// Declares `Technique`, `Technique::ALL` and the names it is written by in JSON from one list,
/// so they can't drift apart.
macro_rules! techniques {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        /// The human solving techniques, easiest first within their family.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Technique {
            $($(#[$doc])* $name,)*
        }

        impl Technique {
            /// Every technique, in the order of the enum.
            pub const ALL: &[Technique] = &[$(Technique::$name,)*];

            /// Its name in code and JSON ("Swordfish"): a language file's name for its line.
            pub fn code_name(self) -> &'static str {
                SERDE_NAMES[self as usize]
            }
        }

        /// Each technique's name in JSON (its variant's, as serde's derive wrote it), in the
        /// order of `Technique::ALL`.
        const SERDE_NAMES: &[&str] = &[$(stringify!($name),)*];
    };
}

// Serde by the table of names, not derived: the derive's reader for 78 unit variants matched
// each name twice (as text and as bytes) and by number, 12 KB of the app's wasm in each
// deserializer it was built for (issue 48). The JSON is the derive's: the variant's name.
impl Serialize for Technique {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let i = *self as usize;
        serializer.serialize_unit_variant("Technique", i as u32, SERDE_NAMES[i])
    }
}

impl<'de> Deserialize<'de> for Technique {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Technique, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = Technique;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the name of a technique")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Technique, E> {
                match SERDE_NAMES.iter().position(|&n| n == name) {
                    Some(i) => Ok(Technique::ALL[i]),
                    None => Err(E::invalid_value(serde::de::Unexpected::Str(name), &self)),
                }
            }
        }
        deserializer.deserialize_str(Name)
    }
}

techniques! {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    LockedCandidatesPointing,
    LockedCandidatesClaiming,
    LockedPair,
    LockedTriple,
    NakedPair,
    NakedTriple,
    NakedQuad,
    HiddenPair,
    HiddenTriple,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    FinnedXWing,
    FinnedSwordfish,
    FinnedJellyfish,
    SashimiXWing,
    SashimiSwordfish,
    SashimiJellyfish,
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    EmptyRectangle,
    SimpleColorsTrap,
    SimpleColorsWrap,
    XYWing,
    XYZWing,
    WWing,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    HiddenRectangle,
    Bug1,
    RemotePair,
    XChain,
    XYChain,
    ContinuousNiceLoop,
    DiscontinuousNiceLoop,
    Aic,
    AlsXz,
    SueDeCoq,
    ContradictionForcingChain,
    UnitForcingChain,
    CellForcingChain,
    ContradictionForcingNet,
    UnitForcingNet,
    CellForcingNet,
    NestedForcingNet,
    UniqueRectangle5,
    UniqueRectangle6,
    AvoidableRectangle1,
    AvoidableRectangle2,
    DualTwoStringKite,
    DualEmptyRectangle,
    MultiColors1,
    MultiColors2,
    Medusa3D,
    AlsXyWing,
    AlsXyChain,
    DeathBlossom,
    FrankenXWing,
    FrankenSwordfish,
    FrankenJellyfish,
    FinnedFrankenXWing,
    FinnedFrankenSwordfish,
    FinnedFrankenJellyfish,
    MutantXWing,
    MutantSwordfish,
    MutantJellyfish,
    FinnedMutantXWing,
    FinnedMutantSwordfish,
    FinnedMutantJellyfish,
    FinnedMutantSquirmbag,
    FinnedMutantWhale,
    TemplateSet,
    TemplateDelete,
    GroupedContinuousNiceLoop,
    GroupedDiscontinuousNiceLoop,
    GroupedAic,
    /// A killer cage's sum: digits no set of distinct digits adding up to it allows go.
    CageCombination,
    /// A digit every combination of a cage needs, in the cage's cells that one cell sees all of.
    CageConfinement,
    /// The 45 rule: a house's cells outside its wholly inside cages add up to what is left.
    Innies,
    /// The 45 rule: the cells of the cages covering a house that stick out of it add up to
    /// the cages' excess over the house's total.
    Outies,
    /// A little killer's clue: digits no filling of its diagonal adding up to it allows go (a
    /// digit repeats only in cells that don't see each other).
    LittleKillerCombination,
    /// The 45 rule: an area's cells in no cage add up to the cells sticking out of its cages
    /// plus a known difference.
    InnieOutie,
    /// The 45 rule on a cage an area's boundary splits: its part inside adds up to what the
    /// area leaves, its part outside to the rest of the cage's sum; each part is a cage of its
    /// own, and the two share no digit.
    CageSplitting,
    /// An alternating chain over a variant's links: its rows, columns and boxes, and those its
    /// constraints give (a dot's pair, anti-knight neighbours, a cage's two places for a digit).
    ConstraintAic,
    /// What one constraint of a variant (a thermometer, a dot, a line, a rule over the whole
    /// grid) allows on its own, given the candidates.
    ConstraintRule,
    /// A candidate that, placed, makes the rules and constraints followed one by one leave a
    /// cell or a digit of a house without a place: the last resort of a variant's hint.
    ConstraintTrial,
    /// A candidate that, placed, leads to a contradiction once every rule is followed and, on
    /// the way, each candidate left is tried with one more trial (a failing one goes): the
    /// variant hint's nested trial, after every other step, never in a rating walk.
    NestedConstraintTrial,
    /// Not a technique: the solution's digit for a cell, when no technique applies.
    Reveal,
}

crate::object_reader! {
    /// One logical deduction (read by `object_reader!`: an object only, the derive's array form
    /// not in the app's wasm).
    #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
    pub struct Step {
        /// The technique that found it.
        pub technique: Technique,
        /// Digits it places.
        pub placements: Vec<Candidate>,
        /// Candidates it removes.
        pub eliminations: Vec<Candidate>,
        /// The cells of the pattern (to highlight).
        pub cells: Vec<Cell>,
        /// The houses that justify it (to highlight).
        pub houses: Vec<House>,
        /// The candidates of the pattern (to highlight).
        pub candidates: Vec<Candidate>,
        /// The implications of a chain, loop or forcing step, to draw and to walk in the sentence:
        /// one list per line of reasoning (a chain has one; a forcing step one per branch, each
        /// starting from its assumption). Empty for the other techniques.
        pub chains: Vec<Vec<Link>> = Vec::new(),
        /// What a forcing step's branches assume and run into (`None` for the other techniques).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub forcing: Option<Forcing> = None,
        /// For a variant's step, the kind of constraint it reads (`Constraint::kind_index`), so
        /// the sentence can name it; `cells` are then the constraint's cells (drawn).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub constraint: Option<u8> = None,
        /// For a sum step (a cage, the 45 rule), the sum the cells must make.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub total: Option<i32> = None,
        /// For a colouring step (3D Medusa) that removes a false colour, or a variant's trial
        /// (`ConstraintTrial`) on one candidate: the rule that colour or candidate would break,
        /// and where, so the sentence can say it.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub broken: Option<RuleBroken> = None,
    }
}

/// A rule a set of candidates, taken as true, would break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleBroken {
    /// Two digits in one cell.
    TwoDigits(Cell),
    /// A digit twice in a house.
    Twice(Digit, House),
    /// A cell left with no digit.
    NoDigit(Cell),
    /// A digit with no place left in a house (a variant's trial).
    NoPlace(Digit, House),
    /// A cage with no set of different digits left that adds up to its sum (a variant's
    /// trial: the cage is the step's cells after the first, the sum its `total`).
    NoSet,
}

/// The frame of a forcing step's proof: branch i (`Step::chains[i]`) starts from assumption i.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forcing {
    /// What each branch assumes: a candidate, true (`on`) or false.
    pub assumptions: Vec<(Candidate, bool)>,
    /// For a contradiction step, what its one branch runs into.
    pub contradiction: Option<Contradiction>,
    /// Candidates a branch rules out because trying them there fails in turn (nested nets; no
    /// link leads to them).
    pub nested: Vec<Candidate>,
    /// How deep trials nest (0: none).
    pub nesting: u8,
}

/// What makes a line of reasoning impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Contradiction {
    /// A candidate would be both true and false.
    Both(Candidate),
    /// A cell would have no digit left.
    NoCandidate(Cell),
    /// A digit would have no place left in a house.
    NoPlace(House, Digit),
}

/// A node of a chain: a digit in one cell, or a grouped node — the digit in one of several
/// cells of one house (true if any of them holds it, false if none does).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Node {
    pub digit: Digit,
    pub cells: Vec<Cell>,
}

impl Node {
    /// A node of one cell.
    pub fn cell(cell: Cell, digit: Digit) -> Node {
        Node { digit, cells: vec![cell] }
    }

    /// Whether the node spans several cells.
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1
    }

    /// `5r3c4`, or `5r3c45` for a group of one row (cells joined as players write them).
    pub fn name(&self, size: Size) -> String {
        format!("{}{}", size.digit_char(self.digit), cells_compact(size, &self.cells))
    }
}

/// One implication of a chain. A strong link: `from` false makes `to` true (the two can't both
/// be false: a bivalue cell, or a house with two places for a digit). A weak link: `from` true
/// makes `to` false (they see each other, or share a cell). Boards draw them differently
/// (solid and dashed), not only by colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Link {
    pub from: Node,
    pub to: Node,
    pub strong: bool,
    /// The cells of the almost locked set a strong link goes through, where the step knows
    /// it (empty for every other link).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<Cell>,
}

/// The two kinds of strong link through an almost locked set (n cells, n+1 digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetLink {
    /// Between two of its digits: a set without the one is locked and holds the other.
    Digits,
    /// From one of its digits to a cell outside it: a set without that digit is locked, and
    /// its other digits leave the cell only the linked one.
    ForcedCell,
}

impl Link {
    /// A link between two single-cell nodes.
    pub fn cells(from: Candidate, to: Candidate, strong: bool) -> Link {
        Link { from: Node::cell(from.cell, from.digit), to: Node::cell(to.cell, to.digit), strong, set: Vec::new() }
    }

    /// What the link says, as an implication: `r1c1≠5 ⇒ r1c9=5` (strong) or `r1c1=5 ⇒ r4c1≠5`
    /// (weak); a group reads `r1c45=5` (one of them is 5).
    pub fn implication(&self, size: Size) -> String {
        let literal =
            |n: &Node, on: bool| format!("{}{}{}", cells_compact(size, &n.cells), if on { "=" } else { "≠" }, size.digit_char(n.digit));
        format!("{} ⇒ {}", literal(&self.from, !self.strong), literal(&self.to, self.strong))
    }

    /// How the link goes through the almost locked set it carries, if it does (strong, two
    /// digits): between two of the set's digits (both ends in the set), or from one of them
    /// to a cell the set forces (that end outside it).
    pub fn through_set(&self) -> Option<SetLink> {
        if !self.strong || self.from.digit == self.to.digit || self.set.is_empty() {
            return None;
        }
        Some(if self.set_and_forced().is_some() { SetLink::ForcedCell } else { SetLink::Digits })
    }

    /// For a link to a cell a set forces: the set's end (its digit's places in the set) and
    /// the forced cell's end.
    pub fn set_and_forced(&self) -> Option<(&Node, &Node)> {
        let inside = |n: &Node| !self.set.is_empty() && n.cells.iter().all(|c| self.set.contains(c));
        match (inside(&self.from), inside(&self.to)) {
            (true, false) => Some((&self.from, &self.to)),
            (false, true) => Some((&self.to, &self.from)),
            _ => None,
        }
    }

    /// `5r1c1=5r1c9` (strong) or `5r1c1-5r4c1` (weak), in Eureka notation.
    pub fn notation(&self, size: Size) -> String {
        format!("{}{}{}", self.from.name(size), if self.strong { "=" } else { "-" }, self.to.name(size))
    }
}

impl Step {
    /// A step with no pattern yet; techniques fill in the rest.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            candidates: Vec::new(),
            chains: Vec::new(),
            forcing: None,
            constraint: None,
            total: None,
            broken: None,
        }
    }

    /// A single: `digit` placed in `cell`, the only place or value left in `house`.
    pub fn single(technique: Technique, cell: Cell, digit: Digit, house: House) -> Step {
        let mut step = Step::new(technique);
        step.placements.push(Candidate::new(cell, digit));
        step.cells.push(cell);
        step.houses.push(house);
        step
    }

    /// Whether the step changes nothing (a technique must never return such a step).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }

    /// What the step does, as `r3c5=7` placements and `r3c5<>7` eliminations.
    pub fn summary(&self, size: Size) -> String {
        let mut parts: Vec<String> = self.placements.iter().map(|c| format!("{}={}", cell_name(size, c.cell), c.digit)).collect();
        if !self.eliminations.is_empty() {
            let removed: Vec<String> = self.eliminations.iter().map(|c| format!("{}<>{}", cell_name(size, c.cell), c.digit)).collect();
            parts.push(format!("removes {}", removed.join(", ")));
        }
        parts.join("; ")
    }
}

/// A literal of a chain: a node, true (`on`) or false.
type Literal = (Node, bool);

/// One page of a forcing step's proof, stepped through branch by branch (the hint panel's
/// stepper, `lang::proof_pages` gives its words): a branch from its assumption to what it
/// shows, or the conclusion that puts the branches together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofPage {
    pub kind: PageKind,
    /// The links the page draws, as (branch, link) indices into `Step::chains`, in walking order.
    pub links: Vec<(usize, usize)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageKind {
    /// Branch `index` (from 0): from `assumption`, the links lead to `outcome`.
    Branch { index: usize, assumption: (Candidate, bool), outcome: Vec<(Candidate, bool)> },
    /// The last page: why the branches together prove the step (it draws them all).
    Conclusion,
}

impl Step {
    /// A forcing step's proof in pages: one per line of reasoning, then the conclusion. A cell's
    /// or a house's forcing step has a branch per assumption, each leading to the conclusion; a
    /// contradiction has one assumption, split into a branch per fact that clashes (the
    /// candidate true, then false; each digit the cell loses; each place the digit loses), so a
    /// net is read one line at a time. A page holds only the links its outcome needs (followed
    /// back from it). Empty for a step that is not a forcing step.
    pub fn proof_pages(&self, size: Size) -> Vec<ProofPage> {
        let Some(forcing) = &self.forcing else { return Vec::new() };
        let lit = |c: Candidate, on: bool| (Node::cell(c.cell, c.digit), on);
        let mut pages = Vec::new();
        let mut branch = |chain: usize, assumption: (Candidate, bool), outcome: Vec<(Candidate, bool)>| {
            let targets: Vec<Literal> = outcome.iter().map(|&(c, on)| lit(c, on)).collect();
            let links = self.needed(chain, &targets, lit(assumption.0, assumption.1));
            let index = pages.len();
            pages.push(ProofPage { kind: PageKind::Branch { index, assumption, outcome }, links });
        };
        let is_contradiction = matches!(
            self.technique,
            Technique::ContradictionForcingChain | Technique::ContradictionForcingNet | Technique::NestedForcingNet
        );
        if is_contradiction {
            let assumption = forcing.assumptions[0];
            // Every fact of the branch, in walking order (a link's head: true for a strong link).
            let reached: Vec<(Candidate, bool)> = self
                .chains
                .first()
                .into_iter()
                .flatten()
                .filter(|l| !l.to.is_group())
                .map(|l| (Candidate::new(l.to.cells[0], l.to.digit), l.strong))
                .collect();
            let mut clashes: Vec<(Candidate, bool)> = match forcing.contradiction {
                Some(Contradiction::Both(c)) => vec![(c, true), (c, false)],
                Some(Contradiction::NoCandidate(cell)) => reached.iter().filter(|&&(c, on)| !on && c.cell == cell).copied().collect(),
                Some(Contradiction::NoPlace(house, digit)) => reached
                    .iter()
                    .filter(|&&(c, on)| !on && c.digit == digit && size.house_cells(house).contains(&c.cell))
                    .copied()
                    .collect(),
                None => Vec::new(),
            };
            let mut seen = Vec::new();
            clashes.retain(|c| {
                !seen.contains(c) && {
                    seen.push(*c);
                    true
                }
            });
            for clash in clashes {
                branch(0, assumption, vec![clash]);
            }
            if pages.is_empty() {
                // No clash the links lead to (a nested trial's): the branch whole.
                let links = (0..self.chains.first().map_or(0, Vec::len)).map(|i| (0, i)).collect();
                pages.push(ProofPage { kind: PageKind::Branch { index: 0, assumption, outcome: Vec::new() }, links });
            }
        } else {
            let outcome: Vec<(Candidate, bool)> =
                self.placements.iter().map(|&c| (c, true)).chain(self.eliminations.iter().map(|&c| (c, false))).collect();
            for (i, &assumption) in forcing.assumptions.iter().enumerate() {
                branch(i, assumption, outcome.clone());
            }
        }
        let all = self.chains.iter().enumerate().flat_map(|(b, c)| (0..c.len()).map(move |i| (b, i))).collect();
        pages.push(ProofPage { kind: PageKind::Conclusion, links: all });
        pages
    }

    /// The links of branch `chain` that lead to `targets`: followed back from them, each link
    /// into a needed fact is needed, and so is what it starts from. All of the branch when none
    /// leads there (and none is the assumption itself, which needs no link).
    fn needed(&self, chain: usize, targets: &[Literal], assumption: Literal) -> Vec<(usize, usize)> {
        let Some(links) = self.chains.get(chain) else { return Vec::new() };
        let mut wanted: Vec<Literal> = targets.to_vec();
        let mut keep = vec![false; links.len()];
        loop {
            let mut grew = false;
            for (i, l) in links.iter().enumerate().rev() {
                if !keep[i] && wanted.contains(&(l.to.clone(), l.strong)) {
                    keep[i] = true;
                    wanted.push((l.from.clone(), !l.strong));
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let kept: Vec<(usize, usize)> = (0..links.len()).filter(|&i| keep[i]).map(|i| (chain, i)).collect();
        if kept.is_empty() && !targets.contains(&assumption) { (0..links.len()).map(|i| (chain, i)).collect() } else { kept }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &t in Technique::ALL {
            assert_eq!(Technique::from_name(t.name()), Some(t));
        }
    }

    #[test]
    fn json_names_are_the_variants_and_unknown_ones_are_refused() {
        // As serde's derive wrote them (saves and worker replies of earlier versions).
        assert_eq!(serde_json::to_string(&Technique::NakedSingle).unwrap(), "\"NakedSingle\"");
        assert_eq!(serde_json::from_str::<Technique>("\"XWing\"").unwrap(), Technique::XWing);
        for &t in Technique::ALL {
            let text = serde_json::to_string(&t).unwrap();
            assert_eq!(text, format!("\"{t:?}\""));
            assert_eq!(serde_json::from_str::<Technique>(&text).unwrap(), t);
        }
        let e = serde_json::from_str::<Technique>("\"Guess\"").unwrap_err().to_string();
        assert!(e.contains("Guess"), "{e}");
        assert!(serde_json::from_str::<Technique>("3").is_err());
        // Inside an internally tagged message (the worker's replies), too.
        let step: Step = serde_json::from_value(serde_json::to_value(Step::new(Technique::HiddenPair)).unwrap()).unwrap();
        assert_eq!(step.technique, Technique::HiddenPair);
    }
}
