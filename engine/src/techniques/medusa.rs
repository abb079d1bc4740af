//! 3D Medusa: colouring over every digit at once.
//!
//! Two kinds of strong link make "exactly one of the two is true": a cell with two candidates
//! (one of them is its digit), and a digit with two places in a house. Following them from a
//! candidate colours a cluster of candidates, across cells and digits, in two alternating
//! colours: all of one colour are true, all of the other false.
//!
//! A colour is false (and its candidates go) when it would:
//! - put two digits in one cell (two candidates of that colour share a cell);
//! - put a digit twice in a house (two of that colour, same digit, see each other);
//! - empty a cell: every candidate of an uncoloured cell sees the same digit in that colour.
//!
//! Otherwise, whichever colour is true, an uncoloured candidate goes when:
//! - its cell holds candidates of both colours (one of them is the cell's digit);
//! - it sees its digit in both colours;
//! - its cell holds one colour, and it sees its digit in the other.

use super::util::Sink;
use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, House, Size};
use crate::layout::Layout;
use crate::position::Position;
use crate::step::{Link, RuleBroken, Step, Technique};

/// One cluster: for each colour and digit, the cells of that colour; and the links that
/// coloured it (a spanning tree).
struct Cluster {
    colours: [[CellSet; 16]; 2],
    links: Vec<(Candidate, Candidate)>,
    /// An odd loop of strong links (both colours on one candidate): the position is broken,
    /// and no conclusion is drawn from it.
    clash: bool,
}

impl Cluster {
    fn colour_of(&self, c: Candidate) -> Option<usize> {
        (0..2).find(|&k| self.colours[k][c.digit.index()].contains(c.cell))
    }

    fn candidates(&self, size: Size, colour: usize) -> Vec<Candidate> {
        size.digits().flat_map(|d| self.colours[colour][d.index()].iter().map(move |c| Candidate::new(c, d))).collect()
    }

    fn len(&self, size: Size) -> usize {
        (0..2).map(|k| self.candidates(size, k).len()).sum()
    }
}

/// The candidates strongly linked to `c`: the other candidate of a two-candidate cell, and the
/// other place of its digit in a house where it has two.
fn strong_partners(pos: &Position, c: Candidate) -> Vec<Candidate> {
    let mut out = Vec::new();
    let cands = pos.candidates(c.cell);
    if cands.len() == 2 {
        out.extend(cands.iter().filter(|&d| d != c.digit).map(|d| Candidate::new(c.cell, d)));
    }
    for house in pos.layout().houses_of(c.cell) {
        let places = pos.house_digit_cells(house, c.digit);
        if places.len() == 2 {
            let other = Candidate::new((places - CellSet::single(c.cell)).first().expect("two places"), c.digit);
            if !out.contains(&other) {
                out.push(other);
            }
        }
    }
    out
}

/// Every cluster of three or more candidates.
fn clusters(pos: &Position) -> Vec<Cluster> {
    let size = pos.size();
    let mut seen = vec![false; size.cell_count() * 16];
    let index = |c: Candidate| c.cell.index() * 16 + c.digit.index();
    let mut out = Vec::new();
    for start in pos.all_candidates() {
        if seen[index(start)] {
            continue;
        }
        seen[index(start)] = true;
        let mut cluster = Cluster { colours: [[CellSet::EMPTY; 16]; 2], links: Vec::new(), clash: false };
        cluster.colours[0][start.digit.index()].insert(start.cell);
        let mut stack = vec![(start, 0usize)];
        while let Some((c, k)) = stack.pop() {
            for next in strong_partners(pos, c) {
                match cluster.colour_of(next) {
                    Some(j) if j == k => cluster.clash = true,
                    Some(_) => {}
                    None => {
                        seen[index(next)] = true;
                        cluster.colours[1 - k][next.digit.index()].insert(next.cell);
                        cluster.links.push((c, next));
                        stack.push((next, 1 - k));
                    }
                }
            }
        }
        if cluster.len(size) >= 3 && !cluster.clash {
            out.push(cluster);
        }
    }
    out
}

/// Why a colour is false, if it is: the rule it would break, and where.
fn false_colour(pos: &Position, cl: &Cluster, k: usize) -> Option<RuleBroken> {
    let (size, layout) = (pos.size(), pos.layout());
    let colour = &cl.colours[k];
    // Two digits in one cell.
    let mut cells = CellSet::EMPTY;
    for d in size.digits() {
        if let Some(cell) = (cells & colour[d.index()]).first() {
            return Some(RuleBroken::TwoDigits(cell));
        }
        cells = cells | colour[d.index()];
    }
    // One digit twice in a house.
    for d in size.digits() {
        for c in colour[d.index()].iter() {
            if let Some(other) = (layout.peer_set(c) & colour[d.index()]).first() {
                let house = layout.houses_of(c).into_iter().find(|h| layout.houses_of(other).contains(h)).expect("peers share a house");
                return Some(RuleBroken::Twice(d, house));
            }
        }
    }
    // An uncoloured cell emptied.
    let coloured = cells | cl.colours[1 - k].iter().fold(CellSet::EMPTY, |a, &s| a | s);
    pos.open_cells()
        .filter(|&c| !coloured.contains(c))
        .find(|&c| pos.candidates(c).iter().all(|d| !(layout.peer_set(c) & colour[d.index()]).is_empty()))
        .map(RuleBroken::NoDigit)
}

/// The uncoloured candidates that go whichever colour is true.
fn trapped(pos: &Position, cl: &Cluster) -> Vec<Candidate> {
    let layout = pos.layout();
    let in_colour = |k: usize, cell: Cell| pos.candidates(cell).iter().any(|d| cl.colours[k][d.index()].contains(cell));
    pos.all_candidates()
        .filter(|&c| cl.colour_of(c).is_none())
        .filter(|&c| {
            let sees = |k: usize| !(layout.peer_set(c.cell) & cl.colours[k][c.digit.index()]).is_empty();
            let holds = |k: usize| in_colour(k, c.cell);
            (holds(0) && holds(1)) || (sees(0) && sees(1)) || (holds(0) && sees(1)) || (holds(1) && sees(0))
        })
        .collect()
}

pub fn find_all(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.size();
    for cl in clusters(pos) {
        let wrong: Vec<(usize, RuleBroken)> = (0..2).filter_map(|k| Some((k, false_colour(pos, &cl, k)?))).collect();
        let (eliminations, broken) = match wrong.as_slice() {
            &[(k, broken)] => (cl.candidates(size, k), Some(broken)),
            [] => (trapped(pos, &cl), None),
            _ => continue, // both colours false: a broken position, no conclusion
        };
        if eliminations.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::Medusa3D);
        step.eliminations = eliminations;
        crate::keyed_sort::sort_by_key(&mut step.eliminations, Candidate::order);
        step.candidates = (0..2).flat_map(|k| cl.candidates(size, k)).collect();
        let mut cells: Vec<Cell> = step.candidates.iter().map(|c| c.cell).collect::<CellSet>().to_vec();
        crate::keyed_sort::sort_by_key(&mut cells, |c| c.index() as u64);
        step.cells = cells;
        step.houses = houses_of_links(pos.layout(), &cl.links);
        // Where the false colour breaks a rule is drawn too: the emptied cell, the house.
        match broken {
            Some(RuleBroken::NoDigit(cell)) => step.cells.push(cell),
            Some(RuleBroken::Twice(_, house)) if !step.houses.contains(&house) => step.houses.insert(0, house),
            _ => {}
        }
        step.broken = broken;
        step.chains = vec![cl.links.iter().map(|&(a, b)| Link::cells(a, b, true)).collect()];
        if !sink(step) {
            return false;
        }
    }
    true
}

/// The houses of the conjugate-pair links (a bivalue cell's link has no house).
fn houses_of_links(layout: &Layout, links: &[(Candidate, Candidate)]) -> Vec<House> {
    let mut out: Vec<House> = Vec::new();
    for &(a, b) in links {
        if a.cell == b.cell {
            continue;
        }
        let shared = layout.houses_of(a.cell).into_iter().find(|h| layout.houses_of(b.cell).contains(h));
        if let Some(h) = shared
            && !out.contains(&h)
        {
            out.push(h);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;
    use crate::geometry::Digit;
    use crate::lang::{Lang, explain};
    use crate::techniques::tests::position;
    use crate::{solver, techniques};

    /// Finds the Medusa step removing exactly `removes`, and checks it against the solution and
    /// its drawing: every link joins two coloured candidates.
    fn check(puzzle: &str, digits: &str, cands: &str, removes: &[(usize, u8)]) -> Step {
        let pos = position(digits, cands);
        let want: Vec<Candidate> = removes.iter().map(|&(i, d)| Candidate::new(Cell::new(i), Digit::new(d).unwrap())).collect();
        let steps = techniques::find_every(&pos, Technique::Medusa3D);
        let step = steps.into_iter().find(|s| s.eliminations == want).expect("the Medusa step");
        let solution = solver::unique_solution(&line::parse(puzzle).unwrap()).unwrap();
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit));
        }
        for lang in Lang::ALL {
            let text = explain(&step, Size::Nine, lang);
            assert!(!text.contains('{') && !text.contains('}'), "{text}");
        }
        assert_eq!(step.chains.len(), 1);
        for l in &step.chains[0] {
            assert!(l.strong);
            for n in [&l.from, &l.to] {
                assert!(step.candidates.contains(&Candidate::new(n.cells[0], n.digit)), "{l:?}");
            }
        }
        step
    }

    #[test]
    fn a_colour_that_breaks_a_rule_is_false() {
        // From magictour's top1465, along its logical solve: one colour of a cluster would
        // break a rule, and its one candidate, 9 in r1c4, goes.
        let step = check(
            "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
            "3.7.4...........918.95.....4.....7.....16.......25.....7....38..9.4..5...2.6.....",
            "16 89 12689 268 256 2568 256 456 2456 378 378 368 468 146 12 126 246 37 37 56 1256 389 389 389 1256 256 2579 38 25 47 \
             289 2345 234589 1679 38 16 47 1689 1346 34689 156 1456 9 129 1259 269 16 38 12378 1238 1267 267 15 38 13789 13589 19 147 479",
            &[(3, 9)],
        );
        // The colour that fails and where: 9 in r1c4 is the false colour's one candidate.
        let text = explain(&step, Size::Nine, Lang::En);
        assert_eq!(step.broken, Some(RuleBroken::NoDigit(Cell::new(6 * 9 + 3))));
        assert!(text.contains("Orange (the squares) would leave r7c4 with no digit, so it is false"), "{text}");
        assert!(step.cells.contains(&Cell::new(6 * 9 + 3)), "the emptied cell is drawn");
    }

    #[test]
    fn candidates_trapped_by_both_colours_go() {
        // From magictour's top1465: the solve's own Medusa step, removing 1 from r4c7 and r5c8
        // and 7 from r2c5.
        let step = check(
            ".2.....74.....6.8...6.4.9..3..........98.....5...19....1.5...32.4.2........4....1",
            ".2.9..674.9...6.8...6.4.9..3..........98.....5...19....1.5..432.4.2.1......4....1",
            "18 135 38 358 47 3457 137 257 12 35 78 35 17 28 12 35 678 124 67 257 245 12578 124569 6789 124 67 25 2345 1235 1245 \
             67 678 24 367 237 246 678 69 78 69 78 679 3578 3689 578 569 6789 2679 35 23578 3689 378 578 569",
            &[(13, 7), (33, 1), (43, 1)],
        );
        assert!(explain(&step, Size::Nine, Lang::En).contains("Whichever is true"));
    }

    #[test]
    fn small_and_large_grids_do_not_panic() {
        for size in [Size::Four, Size::Six, Size::Sixteen] {
            let pos = Position::from_grid(&crate::grid::Grid::new(size));
            assert!(techniques::find_every(&pos, Technique::Medusa3D).is_empty());
        }
    }
}
