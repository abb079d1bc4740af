//! The human solving techniques, one file (or family) each. Every technique can report all its
//! instances in a position (`find_all`, for tests and tools) or just the first (`find`, for
//! hints and the logical solver).
//!
//! `ORDER` lists the implemented techniques by score, easiest first (singles, intersections,
//! subsets, fish, single-digit patterns, wings, uniqueness, chains — interleaved as their
//! scores are); `next_step` walks it, which is what hints, the logical solver and the grading
//! use, so the step taken is always the easiest one available.

mod chains;
mod colors;
mod fish;
mod full_house;
mod hidden_single;
mod intersections;
mod naked_single;
mod single_digit;
mod subsets;
mod uniqueness;
pub mod util;
mod wings;

use crate::position::Position;
use crate::step::{Step, Technique};
use util::Sink;

/// The implemented techniques, by score (see `rating::step_score`), easiest first.
pub const ORDER: &[Technique] = &[
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::LockedPair,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::LockedTriple,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::Skyscraper,
    Technique::HiddenTriple,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::XYWing,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::XYZWing,
    Technique::WWing,
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle4,
    Technique::HiddenRectangle,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
    Technique::UniqueRectangle3,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::FinnedJellyfish,
    Technique::SashimiJellyfish,
    Technique::Bug1,
    Technique::RemotePair,
    Technique::XChain,
    Technique::XYChain,
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
    Technique::GroupedContinuousNiceLoop,
    Technique::GroupedDiscontinuousNiceLoop,
    Technique::GroupedAic,
];

/// Reports every instance of a technique to `sink` (until it returns false).
pub fn find_all(position: &Position, technique: Technique, sink: Sink<'_>) {
    use Technique::*;
    let p = position;
    match technique {
        FullHouse => full_house::find_all(p, sink),
        HiddenSingle => hidden_single::find_all(p, sink),
        NakedSingle => naked_single::find_all(p, sink),
        LockedCandidatesPointing => intersections::pointing(p, sink),
        LockedCandidatesClaiming => intersections::claiming(p, sink),
        LockedPair => subsets::naked(p, 2, true, sink),
        LockedTriple => subsets::naked(p, 3, true, sink),
        NakedPair => subsets::naked(p, 2, false, sink),
        NakedTriple => subsets::naked(p, 3, false, sink),
        NakedQuad => subsets::naked(p, 4, false, sink),
        HiddenPair => subsets::hidden(p, 2, sink),
        HiddenTriple => subsets::hidden(p, 3, sink),
        HiddenQuad => subsets::hidden(p, 4, sink),
        XWing => fish::find_all(p, 2, fish::Kind::Plain, sink),
        Swordfish => fish::find_all(p, 3, fish::Kind::Plain, sink),
        Jellyfish => fish::find_all(p, 4, fish::Kind::Plain, sink),
        FinnedXWing => fish::find_all(p, 2, fish::Kind::Finned, sink),
        FinnedSwordfish => fish::find_all(p, 3, fish::Kind::Finned, sink),
        FinnedJellyfish => fish::find_all(p, 4, fish::Kind::Finned, sink),
        SashimiXWing => fish::find_all(p, 2, fish::Kind::Sashimi, sink),
        SashimiSwordfish => fish::find_all(p, 3, fish::Kind::Sashimi, sink),
        SashimiJellyfish => fish::find_all(p, 4, fish::Kind::Sashimi, sink),
        Skyscraper | TwoStringKite | TurbotFish => single_digit::chains(p, technique, sink),
        EmptyRectangle => single_digit::empty_rectangle(p, sink),
        SimpleColorsTrap | SimpleColorsWrap => colors::find_all(p, technique, sink),
        XYWing => wings::xy_wing(p, false, sink),
        XYZWing => wings::xy_wing(p, true, sink),
        WWing => wings::w_wing(p, sink),
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => uniqueness::unique_rectangle(p, technique, sink),
        HiddenRectangle => uniqueness::hidden_rectangle(p, sink),
        Bug1 => uniqueness::bug_plus_one(p, sink),
        XChain => chains::x_chain(p, sink),
        XYChain => chains::xy_chain(p, false, sink),
        RemotePair => chains::xy_chain(p, true, sink),
        ContinuousNiceLoop => chains::loops(p, chains::Kind::Continuous, false, sink),
        DiscontinuousNiceLoop => chains::loops(p, chains::Kind::Discontinuous, false, sink),
        Aic => chains::loops(p, chains::Kind::Aic, false, sink),
        GroupedContinuousNiceLoop => chains::loops(p, chains::Kind::Continuous, true, sink),
        GroupedDiscontinuousNiceLoop => chains::loops(p, chains::Kind::Discontinuous, true, sink),
        GroupedAic => chains::loops(p, chains::Kind::Aic, true, sink),
        _ => true,
    };
}

/// The first instance of a technique.
pub fn find(position: &Position, technique: Technique) -> Option<Step> {
    let mut found = None;
    find_all(position, technique, &mut |s| {
        found = Some(s);
        false
    });
    found
}

/// Every instance of a technique.
pub fn find_every(position: &Position, technique: Technique) -> Vec<Step> {
    let mut all = Vec::new();
    find_all(position, technique, &mut |s| {
        all.push(s);
        true
    });
    all
}

/// The easiest step that applies.
pub fn next_step(position: &Position) -> Option<Step> {
    ORDER.iter().find_map(|&t| find(position, t))
}

/// Whether a technique has an implementation (the rest of `Technique` is planned).
pub fn is_implemented(technique: Technique) -> bool {
    ORDER.contains(&technique)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::step_score;

    #[test]
    fn order_is_sorted_by_score() {
        let base = |t: Technique| {
            let mut s = Step::new(t);
            // Hidden singles score by house; the box single (1.2) is the technique's floor.
            s.houses.push(crate::geometry::House::Box(0));
            step_score(&s)
        };
        for pair in ORDER.windows(2) {
            assert!(base(pair[0]) <= base(pair[1]), "{:?} before {:?}", pair[0], pair[1]);
        }
    }
}
