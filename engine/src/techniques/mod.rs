//! The human solving techniques, one file (or family) each. Every technique can report all its
//! instances in a position (`find_all`, for tests and tools) or just the first (`find`, for
//! hints and the logical solver).
//!
//! `ORDER` lists the implemented techniques by score, easiest first (singles, intersections,
//! subsets, fish, single-digit patterns, wings, uniqueness, chains — interleaved as their
//! scores are); `next_step` walks it, which is what hints, the logical solver and the grading
//! use, so the step taken is always the easiest one available.

mod als;
mod chains;
mod colors;
mod complex_fish;
mod fish;
pub mod forcing;
mod full_house;
mod hidden_single;
mod intersections;
mod medusa;
mod naked_single;
mod single_digit;
mod subsets;
mod sue_de_coq;
mod templates;
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
    Technique::FrankenXWing,
    Technique::LockedTriple,
    Technique::NakedTriple,
    Technique::MutantXWing,
    Technique::Swordfish,
    Technique::Skyscraper,
    Technique::HiddenTriple,
    Technique::TwoStringKite,
    Technique::FrankenSwordfish,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::DualTwoStringKite,
    Technique::XYWing,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::DualEmptyRectangle,
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MutantSwordfish,
    Technique::XYZWing,
    Technique::WWing,
    Technique::UniqueRectangle1,
    Technique::AvoidableRectangle1,
    Technique::MultiColors1,
    Technique::MultiColors2,
    Technique::FinnedFrankenXWing,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle4,
    Technique::UniqueRectangle5,
    Technique::UniqueRectangle6,
    Technique::AvoidableRectangle2,
    Technique::HiddenRectangle,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
    Technique::UniqueRectangle3,
    Technique::FinnedMutantXWing,
    Technique::NakedQuad,
    Technique::FinnedFrankenSwordfish,
    Technique::Jellyfish,
    Technique::FinnedMutantSwordfish,
    Technique::HiddenQuad,
    Technique::FrankenJellyfish,
    Technique::FinnedJellyfish,
    Technique::SashimiJellyfish,
    Technique::SueDeCoq,
    Technique::Bug1,
    Technique::MutantJellyfish,
    Technique::FinnedFrankenJellyfish,
    Technique::FinnedMutantJellyfish,
    Technique::FinnedMutantSquirmbag,
    Technique::RemotePair,
    Technique::XChain,
    Technique::XYChain,
    Technique::Medusa3D,
    Technique::FinnedMutantWhale,
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
    Technique::GroupedContinuousNiceLoop,
    Technique::GroupedDiscontinuousNiceLoop,
    Technique::GroupedAic,
    Technique::AlsXz,
    Technique::TemplateSet,
    Technique::TemplateDelete,
    Technique::AlsXyWing,
    Technique::AlsXyChain,
    Technique::DeathBlossom,
    Technique::ContradictionForcingChain,
    Technique::UnitForcingChain,
    Technique::CellForcingChain,
    Technique::ContradictionForcingNet,
    Technique::UnitForcingNet,
    Technique::CellForcingNet,
    Technique::NestedForcingNet,
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
        FrankenXWing => complex_fish::find_all(p, 2, complex_fish::Shape::Franken, false, sink),
        FrankenSwordfish => complex_fish::find_all(p, 3, complex_fish::Shape::Franken, false, sink),
        FrankenJellyfish => complex_fish::find_all(p, 4, complex_fish::Shape::Franken, false, sink),
        FinnedFrankenXWing => complex_fish::find_all(p, 2, complex_fish::Shape::Franken, true, sink),
        FinnedFrankenSwordfish => complex_fish::find_all(p, 3, complex_fish::Shape::Franken, true, sink),
        FinnedFrankenJellyfish => complex_fish::find_all(p, 4, complex_fish::Shape::Franken, true, sink),
        MutantXWing => complex_fish::find_all(p, 2, complex_fish::Shape::Mutant, false, sink),
        MutantSwordfish => complex_fish::find_all(p, 3, complex_fish::Shape::Mutant, false, sink),
        MutantJellyfish => complex_fish::find_all(p, 4, complex_fish::Shape::Mutant, false, sink),
        FinnedMutantXWing => complex_fish::find_all(p, 2, complex_fish::Shape::Mutant, true, sink),
        FinnedMutantSwordfish => complex_fish::find_all(p, 3, complex_fish::Shape::Mutant, true, sink),
        FinnedMutantJellyfish => complex_fish::find_all(p, 4, complex_fish::Shape::Mutant, true, sink),
        FinnedMutantSquirmbag => complex_fish::find_all(p, 5, complex_fish::Shape::Mutant, true, sink),
        FinnedMutantWhale => complex_fish::find_all(p, 6, complex_fish::Shape::Mutant, true, sink),
        TemplateSet => templates::find_all(p, true, sink),
        TemplateDelete => templates::find_all(p, false, sink),
        Skyscraper | TwoStringKite | TurbotFish => single_digit::chains(p, technique, sink),
        EmptyRectangle => single_digit::empty_rectangle(p, sink),
        DualTwoStringKite | DualEmptyRectangle => single_digit::dual(p, technique, sink),
        SimpleColorsTrap | SimpleColorsWrap => colors::find_all(p, technique, sink),
        MultiColors1 | MultiColors2 => colors::multi_colors(p, technique, sink),
        Medusa3D => medusa::find_all(p, sink),
        XYWing => wings::xy_wing(p, false, sink),
        XYZWing => wings::xy_wing(p, true, sink),
        WWing => wings::w_wing(p, sink),
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5 | UniqueRectangle6 => {
            uniqueness::unique_rectangle(p, technique, sink)
        }
        AvoidableRectangle1 | AvoidableRectangle2 => uniqueness::avoidable_rectangle(p, technique, sink),
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
        ContradictionForcingChain
        | UnitForcingChain
        | CellForcingChain
        | ContradictionForcingNet
        | UnitForcingNet
        | CellForcingNet
        | NestedForcingNet => forcing::find_all(p, technique, sink),
        SueDeCoq => sue_de_coq::find_all(p, sink),
        AlsXz => als::als_xz(p, sink),
        AlsXyWing => als::als_xy_wing(p, sink),
        AlsXyChain => als::als_xy_chain(p, sink),
        DeathBlossom => als::death_blossom(p, sink),
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

/// The easiest step that applies among the techniques whose steps may score `max_score` or
/// less (`rating::base_score`; ORDER is sorted by it).
pub fn next_step_within(position: &Position, max_score: f32) -> Option<Step> {
    ORDER.iter().take_while(|&&t| crate::rating::base_score(t) <= max_score).find_map(|&t| find(position, t))
}

/// Whether a technique has an implementation (the rest of `Technique` is planned).
pub fn is_implemented(technique: Technique) -> bool {
    ORDER.contains(&technique)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_sorted_by_score() {
        // Hidden singles score by house; the box single (1.2) is the technique's floor.
        let base = crate::rating::base_score;
        for pair in ORDER.windows(2) {
            assert!(base(pair[0]) <= base(pair[1]), "{:?} before {:?}", pair[0], pair[1]);
        }
    }
}
