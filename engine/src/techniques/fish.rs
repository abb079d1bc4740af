//! Fish: X-Wing (2), Swordfish (3), Jellyfish (4), plain, finned and sashimi.
//!
//! ```text
//!  X-Wing on d, base = rows 2 and 7, cover = columns 3 and 8:
//!      c3      c8
//!  r2  d ····· d        In the base rows, d fits only in the cover columns. Each base row
//!  r7  d ····· d        holds one d, in different cover columns: the cover columns' d are
//!      x       x        used up by the base rows, so d leaves the rest of those columns (x).
//! ```
//! Finned: some base candidates (the fins) lie outside the cover, all in one box (a jigsaw's
//! region). Either a fin is the digit, or the fish stands; so only cover cells that also see
//! the fins' box or region lose d.
//! Sashimi: finned, and a base line keeps a single cover candidate (the fish would be
//! degenerate without its fin). The same search serves rows-as-base and columns-as-base.

use super::templates::outside_templates;
use super::util::{Sink, combinations};
use crate::cellset::{CellSet, house_set};
use crate::geometry::{Candidate, Digit, House};
use crate::position::Position;
use crate::step::{Step, Technique};

/// Which fish to look for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Finned,
    Sashimi,
}

fn technique(k: usize, kind: Kind) -> Technique {
    use Technique::*;
    match (kind, k) {
        (Kind::Plain, 2) => XWing,
        (Kind::Plain, 3) => Swordfish,
        (Kind::Plain, _) => Jellyfish,
        (Kind::Finned, 2) => FinnedXWing,
        (Kind::Finned, 3) => FinnedSwordfish,
        (Kind::Finned, _) => FinnedJellyfish,
        (Kind::Sashimi, 2) => SashimiXWing,
        (Kind::Sashimi, 3) => SashimiSwordfish,
        (Kind::Sashimi, _) => SashimiJellyfish,
    }
}

fn line(rows: bool, i: usize) -> House {
    if rows { House::Row(i as u8) } else { House::Col(i as u8) }
}

/// Fish of size `k` and `kind`.
pub fn find_all(pos: &Position, k: usize, kind: Kind, sink: Sink<'_>) -> bool {
    let size = pos.size();
    let n = size.side();
    let jigsaw = pos.layout().is_irregular();
    for digit in size.digits() {
        // A fish removes only candidates that no template of the digit uses (templates.rs): with
        // none, skip the search (worth it for the wide finned searches only).
        if kind != Kind::Plain && outside_templates(pos, digit) == Some(0) {
            continue;
        }
        let cells = pos.digit_cells(digit);
        for rows in [true, false] {
            // For each base line, the cover positions (columns for row bases) holding the digit.
            let masks: Vec<u32> = (0..n)
                .map(|i| {
                    (cells & house_set(size, line(rows, i)))
                        .iter()
                        .fold(0u32, |m, c| m | 1 << if rows { size.col_of(c) } else { size.row_of(c) })
                })
                .collect();
            let candidates: Vec<usize> = (0..n)
                .filter(|&i| {
                    let count = masks[i].count_ones() as usize;
                    match kind {
                        Kind::Plain => (2..=k).contains(&count),
                        _ => count >= 1,
                    }
                })
                .collect();
            let go_on = combinations(&candidates, k, &mut |base| {
                let all: u32 = base.iter().fold(0, |m, &i| m | masks[i]);
                match kind {
                    Kind::Plain => {
                        if all.count_ones() as usize != k {
                            return true;
                        }
                        sink_fish(pos, digit, rows, base, all, None, kind, k, sink)
                    }
                    _ => {
                        if all.count_ones() as usize <= k {
                            return true; // a plain fish (or less): not finned
                        }
                        // The fins share a box, so they lie in one stack of cover positions:
                        // the cover takes every base position outside that stack, and the rest
                        // of its k from inside it (far fewer choices than any k of them all).
                        // A jigsaw's region has no stack: the cover is any k positions, and
                        // `sink_fish` checks that the fins share a region. Base rows: bands
                        // are box_rows tall, stacks box_cols wide; base columns the other way
                        // round (they differ on 6x6).
                        let (band, width) = if rows { (size.box_rows(), size.box_cols()) } else { (size.box_cols(), size.box_rows()) };
                        let stacks = if jigsaw { 1 } else { n / width };
                        for stack in 0..stacks {
                            let stack_mask = if jigsaw { all } else { ((1u32 << width) - 1) << (stack * width) };
                            let required = all & !stack_mask;
                            let Some(need) = k.checked_sub(required.count_ones() as usize) else { continue };
                            let optional: Vec<u32> = (0..n).filter(|&c| all & stack_mask & (1 << c) != 0).map(|c| 1 << c).collect();
                            let mut try_cover = |extra: u32| {
                                let cover_mask = required | extra;
                                if all & !cover_mask == 0 {
                                    return true;
                                }
                                // Every base line needs a cover candidate; sashimi when one has only one.
                                let mut sashimi = false;
                                for &i in base {
                                    match (masks[i] & cover_mask).count_ones() {
                                        0 => return true,
                                        1 => sashimi = true,
                                        _ => {}
                                    }
                                }
                                if sashimi != (kind == Kind::Sashimi)
                                    || !(jigsaw || fins_share_a_box(band, width, base, &masks, cover_mask))
                                {
                                    return true;
                                }
                                sink_fish(pos, digit, rows, base, cover_mask, Some(()), kind, k, sink)
                            };
                            let go_on = if need == 0 {
                                try_cover(0)
                            } else {
                                combinations(&optional, need, &mut |extra| try_cover(extra.iter().fold(0, |m, &b| m | b)))
                            };
                            if !go_on {
                                return false;
                            }
                        }
                        true
                    }
                }
            });
            if !go_on {
                return false;
            }
        }
    }
    true
}

/// Whether the fins (base candidates outside the cover) all lie in one box, read from the
/// lines' masks: their base lines in one band and their positions in one stack. Most cover
/// choices fail here, before any cell set is built (this runs for every cover of every base).
fn fins_share_a_box(band_height: usize, stack_width: usize, base: &[usize], masks: &[u32], cover_mask: u32) -> bool {
    let mut band = None;
    let mut positions = 0u32;
    for &i in base {
        let fins = masks[i] & !cover_mask;
        if fins != 0 {
            if *band.get_or_insert(i / band_height) != i / band_height {
                return false;
            }
            positions |= fins;
        }
    }
    if positions == 0 {
        return false;
    }
    let stack = positions.trailing_zeros() as usize / stack_width;
    let stack_mask = ((1u32 << stack_width) - 1) << (stack * stack_width);
    positions & !stack_mask == 0
}

#[allow(clippy::too_many_arguments)]
fn sink_fish(
    pos: &Position,
    digit: Digit,
    rows: bool,
    base: &[usize],
    cover_mask: u32,
    finned: Option<()>,
    kind: Kind,
    k: usize,
    sink: Sink<'_>,
) -> bool {
    let size = pos.size();
    let cells = pos.digit_cells(digit);
    let base_houses: Vec<House> = base.iter().map(|&i| line(rows, i)).collect();
    let cover_houses: Vec<House> = (0..size.side()).filter(|&c| cover_mask & (1 << c) != 0).map(|c| line(!rows, c)).collect();
    let base_set = base_houses.iter().fold(CellSet::EMPTY, |a, &h| a | house_set(size, h)) & cells;
    let cover_set = cover_houses.iter().fold(CellSet::EMPTY, |a, &h| a | house_set(size, h));
    let mut targets = (cover_set & cells) - base_houses.iter().fold(CellSet::EMPTY, |a, &h| a | house_set(size, h));
    let fins = base_set - cover_set;
    if finned.is_some() {
        // All fins in one box or region; only cover cells there can lose the digit.
        let Some(first) = fins.first() else { return true };
        let region = pos.layout().region_of(first);
        if !fins.is_subset(pos.layout().house_set(region)) {
            return true;
        }
        targets = targets & pos.layout().house_set(region);
    }
    if targets.is_empty() {
        return true;
    }
    let mut step = Step::new(technique(k, kind));
    step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
    step.cells = base_set.to_vec();
    step.candidates = base_set.iter().map(|c| Candidate::new(c, digit)).collect();
    step.houses = base_houses;
    step.houses.extend(cover_houses);
    // A jigsaw's fins are in a region, named last so that the sentence says "region".
    if finned.is_some() && pos.layout().is_irregular() {
        step.houses.extend(fins.first().map(|c| pos.layout().region_of(c)));
    }
    sink(step)
}
