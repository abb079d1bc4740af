//! The sentence of a forcing step, in the four languages (its words are `Phrases::forcing_*`): what each branch assumes, what follows
//! from it step by step (the same links the board draws), and why that settles the conclusion.
//!
//! A branch is written in layers: everything that follows directly from the assumption, then
//! what follows from those, and so on (`r1c1=5 ⇒ r1c2≠5, r3c1≠5 ⇒ r1c2=7 ⇒ r4c4≠3`), so a net
//! with several premises per conclusion still reads left to right.

use super::{Lang, Phrases, fill, house_name, phrases};
use crate::geometry::{Candidate, Size, cell_name};
use crate::step::{Contradiction, Forcing, Link, Step, Technique};
use std::collections::HashMap;

/// `r1c1=5` or `r1c1≠5`.
fn literal(size: Size, cand: Candidate, on: bool) -> String {
    format!("{}{}{}", cell_name(size, cand.cell), if on { "=" } else { "≠" }, size.digit_char(cand.digit))
}

/// A branch's links written in layers from its assumption.
fn walk(size: Size, assumption: (Candidate, bool), links: &[Link], w: &Phrases) -> String {
    // A node's literal: the head of a strong link is true, of a weak link false.
    let mut depth: HashMap<(Candidate, bool), usize> = HashMap::new();
    depth.insert(assumption, 0);
    let mut layers: Vec<Vec<String>> = Vec::new();
    let node = |n: &crate::step::Node| Candidate::new(n.cells[0], n.digit);
    for link in links {
        let from = (node(&link.from), !link.strong);
        let to = (node(&link.to), link.strong);
        let d_from = *depth.entry(from).or_insert_with(|| {
            // A literal no link leads to: ruled out by a nested trial, just after the assumption.
            let text = format!("{} {}", literal(size, from.0, from.1), w.forcing_nested);
            if layers.is_empty() {
                layers.push(Vec::new());
            }
            layers[0].push(text);
            1
        });
        let d = d_from + 1;
        let known = depth.get(&to).copied();
        if known.is_none_or(|k| k < d) {
            if let Some(k) = known
                && let Some(layer) = layers.get_mut(k - 1)
            {
                layer.retain(|t| *t != literal(size, to.0, to.1));
            }
            depth.insert(to, d);
            while layers.len() < d {
                layers.push(Vec::new());
            }
            layers[d - 1].push(literal(size, to.0, to.1));
        }
    }
    let mut parts = vec![literal(size, assumption.0, assumption.1)];
    parts.extend(layers.into_iter().filter(|l| !l.is_empty()).map(|l| l.join(", ")));
    parts.join(" ⇒ ")
}

/// The "why" of a forcing step (the technique's name and the removals are added by the caller).
pub fn explain(step: &Step, size: Size, lang: Lang) -> String {
    let Some(forcing) = &step.forcing else { return String::new() };
    let w = phrases(lang);
    let conclusion = step
        .placements
        .first()
        .map(|&c| literal(size, c, true))
        .or_else(|| step.eliminations.first().map(|&c| literal(size, c, false)))
        .unwrap_or_default();
    let branch_walk = |i: usize| walk(size, forcing.assumptions[i], step.chains.get(i).map_or(&[][..], Vec::as_slice), w);
    match step.technique {
        Technique::ContradictionForcingChain | Technique::ContradictionForcingNet | Technique::NestedForcingNet => {
            let (cand, on) = forcing.assumptions[0];
            fill(
                w.forcing_contradiction,
                &[
                    ("assumption", literal(size, cand, on)),
                    ("walk", branch_walk(0)),
                    ("why", why(size, forcing, w, lang)),
                    ("conclusion", conclusion),
                ],
            )
        }
        _ => {
            let branches = (0..forcing.assumptions.len())
                .map(|i| {
                    let (cand, on) = forcing.assumptions[i];
                    fill(w.forcing_branch, &[("assumption", literal(size, cand, on)), ("walk", branch_walk(i))])
                })
                .collect::<Vec<_>>()
                .join(" ");
            let first = forcing.assumptions[0].0;
            let digits: Vec<String> = forcing.assumptions.iter().map(|(c, _)| size.digit_char(c.digit).to_string()).collect();
            let cells: Vec<String> = forcing.assumptions.iter().map(|(c, _)| cell_name(size, c.cell)).collect();
            let template = if matches!(step.technique, Technique::UnitForcingChain | Technique::UnitForcingNet) {
                w.forcing_unit
            } else {
                w.forcing_cell
            };
            fill(
                template,
                &[
                    ("cell", cell_name(size, first.cell)),
                    ("digit", size.digit_char(first.digit).to_string()),
                    ("digits", digits.join(", ")),
                    ("cells", cells.join(", ")),
                    ("house", step.houses.first().map_or(String::new(), |&h| house_name(h, lang))),
                    ("branches", branches),
                    ("conclusion", conclusion),
                ],
            )
        }
    }
}

fn why(size: Size, forcing: &Forcing, w: &Phrases, lang: Lang) -> String {
    match forcing.contradiction {
        Some(Contradiction::Both(c)) => {
            fill(w.forcing_both, &[("cell", cell_name(size, c.cell)), ("digit", size.digit_char(c.digit).to_string())])
        }
        Some(Contradiction::NoCandidate(cell)) => fill(w.forcing_no_candidate, &[("cell", cell_name(size, cell))]),
        Some(Contradiction::NoPlace(house, digit)) => {
            fill(w.forcing_no_place, &[("house", house_name(house, lang)), ("digit", size.digit_char(digit).to_string())])
        }
        None => String::new(),
    }
}
