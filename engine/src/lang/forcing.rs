//! The sentence of a forcing step, in the four languages (its words are `Phrases::forcing_*`): what each branch assumes, what follows
//! from it step by step (the same links the board draws), and why that settles the conclusion.
//!
//! A branch is written in layers: everything that follows directly from the assumption, then
//! what follows from those, and so on (`r1c1=5 ⇒ r1c2≠5, r3c1≠5 ⇒ r1c2=7 ⇒ r4c4≠3`), so a net
//! with several premises per conclusion still reads left to right.

use super::{Lang, Phrases, fill, house_name, phrases};
use crate::geometry::{Candidate, Size, cell_name};
use crate::step::{Contradiction, Forcing, Link, PageKind, Step, Technique};
use std::collections::HashMap;

/// `r1c1=5` or `r1c1≠5`.
#[inline]
fn literal(size: Size, cand: Candidate, on: bool) -> String {
    format!("{}{}{}", cell_name(size, cand.cell), if on { "=" } else { "≠" }, size.digit_char(cand.digit))
}

/// A branch's links written in layers from its assumption.
#[inline]
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
#[inline]
pub fn explain(step: &Step, size: Size, lang: Lang) -> String {
    let Some(forcing) = &step.forcing else { return String::new() };
    let w = phrases(lang);
    let conclusion = step
        .placements
        .first()
        .map(|&c| literal(size, c, true))
        .or_else(|| step.eliminations.first().map(|&c| literal(size, c, false)))
        .unwrap_or_default();
    // The sentence states each branch's assumption ("If r8c5=9: …"), so its walk starts after
    // it; a branch with no link keeps its one literal.
    let branch_walk = |i: usize| {
        let (cand, on) = forcing.assumptions[i];
        let text = walk(size, (cand, on), step.chains.get(i).map_or(&[][..], Vec::as_slice), w);
        let premise = format!("{} ⇒ ", literal(size, cand, on));
        text.strip_prefix(&premise).map_or(text.clone(), str::to_string)
    };
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
            let template = if matches!(step.technique, Technique::UnitForcingChain | Technique::UnitForcingNet) {
                w.forcing_unit
            } else {
                w.forcing_cell
            };
            let mut values = assumption_values(step, forcing, size, lang);
            values.extend([("branches", branches), ("conclusion", conclusion)]);
            fill(template, &values)
        }
    }
}

/// A page of a forcing step's proof in words (the hint panel's stepper).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageText {
    /// "Branch 1 of 3: if r4c2=1, then r9c5≠1." or, last, why that settles the step.
    pub text: String,
    /// The page's links walked in layers from its assumption (`r4c2=1 ⇒ r7c2≠1 ⇒ …`; empty on
    /// the last page).
    pub walk: String,
    /// The links the board draws for this page, as (branch, link) indices into `Step::chains`.
    pub links: Vec<(usize, usize)>,
    /// The branch's assumption, marked on the board (none on the last page).
    pub premise: Option<Candidate>,
}

/// A forcing step's proof page by page, in a language (`Step::proof_pages`): each branch
/// from its assumption to its outcome, with its links, then the conclusion. Empty for a step
/// that is not a forcing step.
#[inline]
pub fn proof_pages(step: &Step, size: Size, lang: Lang) -> Vec<PageText> {
    let Some(forcing) = &step.forcing else { return Vec::new() };
    let w = phrases(lang);
    let pages = step.proof_pages(size);
    let branches = pages.len().saturating_sub(1);
    let literals = |ls: &[(Candidate, bool)]| ls.iter().map(|&(c, on)| literal(size, c, on)).collect::<Vec<_>>().join(", ");
    let conclusion: Vec<(Candidate, bool)> =
        step.placements.iter().map(|&c| (c, true)).chain(step.eliminations.iter().map(|&c| (c, false))).collect();
    pages
        .into_iter()
        .map(|page| match page.kind {
            PageKind::Branch { index, assumption, outcome } => {
                let links: Vec<Link> = page.links.iter().filter_map(|&(b, i)| step.chains.get(b).and_then(|c| c.get(i))).cloned().collect();
                let text = fill(
                    w.page_branch,
                    &[
                        ("n", (index + 1).to_string()),
                        ("total", branches.to_string()),
                        ("assumption", literal(size, assumption.0, assumption.1)),
                        ("outcome", literals(&outcome)),
                    ],
                );
                PageText { text, walk: walk(size, assumption, &links, w), links: page.links, premise: Some(assumption.0) }
            }
            PageKind::Conclusion => {
                let first = forcing.assumptions[0].0;
                let text = match step.technique {
                    Technique::ContradictionForcingChain | Technique::ContradictionForcingNet | Technique::NestedForcingNet => fill(
                        w.page_contradiction,
                        &[
                            ("assumption", literal(size, first, forcing.assumptions[0].1)),
                            ("why", why(size, forcing, w, lang)),
                            ("conclusion", literals(&conclusion)),
                        ],
                    ),
                    t => {
                        let template =
                            if matches!(t, Technique::UnitForcingChain | Technique::UnitForcingNet) { w.page_unit } else { w.page_cell };
                        let mut values = assumption_values(step, forcing, size, lang);
                        values.push(("conclusion", literals(&conclusion)));
                        fill(template, &values)
                    }
                };
                PageText { text: super::capitalised(&text), walk: String::new(), links: page.links, premise: None }
            }
        })
        .collect()
}

/// What a cell or house forcing step's sentence and its conclusion page name: the first
/// assumption's cell and digit, every assumption's digits and cells, and the house.
#[inline]
fn assumption_values(step: &Step, forcing: &Forcing, size: Size, lang: Lang) -> Vec<(&'static str, String)> {
    let first = forcing.assumptions[0].0;
    let digits: Vec<String> = forcing.assumptions.iter().map(|(c, _)| size.digit_char(c.digit).to_string()).collect();
    let cells: Vec<String> = forcing.assumptions.iter().map(|(c, _)| cell_name(size, c.cell)).collect();
    vec![
        ("cell", cell_name(size, first.cell)),
        ("digit", size.digit_char(first.digit).to_string()),
        ("digits", digits.join(", ")),
        ("cells", cells.join(", ")),
        ("house", step.houses.first().map_or(String::new(), |&h| house_name(h, lang))),
    ]
}

#[inline]
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
