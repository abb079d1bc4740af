//! The sentence of a forcing step, in the four languages: what each branch assumes, what follows
//! from it step by step (the same links the board draws), and why that settles the conclusion.
//!
//! A branch is written in layers: everything that follows directly from the assumption, then
//! what follows from those, and so on (`r1c1=5 ⇒ r1c2≠5, r3c1≠5 ⇒ r1c2=7 ⇒ r4c4≠3`), so a net
//! with several premises per conclusion still reads left to right.

use super::{Lang, fill, house_name};
use crate::geometry::{Candidate, Size, cell_name};
use crate::step::{Contradiction, Forcing, Link, Step, Technique};
use std::collections::HashMap;

struct Words {
    contradiction: &'static str,
    cell: &'static str,
    unit: &'static str,
    branch: &'static str,
    both: &'static str,
    no_candidate: &'static str,
    no_place: &'static str,
    nested: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            contradiction: "suppose {assumption}: {walk}. But {why}, so {conclusion}.",
            cell: "{cell} holds one of {digits}. {branches} Either way, {conclusion}.",
            unit: "{digit} goes in {house} at one of {cells}. {branches} Either way, {conclusion}.",
            branch: "If {assumption}: {walk}.",
            both: "{cell} would be both {digit} and not {digit}",
            no_candidate: "{cell} would have no digit left",
            no_place: "{digit} would have no place left in {house}",
            nested: "(trying it fails)",
        },
        Lang::De => Words {
            contradiction: "angenommen {assumption}: {walk}. Aber {why}, also {conclusion}.",
            cell: "{cell} enthält eine der Ziffern {digits}. {branches} In jedem Fall gilt {conclusion}.",
            unit: "{digit} steht in {house} an einer der Stellen {cells}. {branches} In jedem Fall gilt {conclusion}.",
            branch: "Wenn {assumption}: {walk}.",
            both: "{cell} wäre zugleich {digit} und nicht {digit}",
            no_candidate: "{cell} bliebe keine Ziffer",
            no_place: "{digit} hätte in {house} keinen Platz mehr",
            nested: "(der Versuch scheitert)",
        },
        Lang::Es => Words {
            contradiction: "supongamos {assumption}: {walk}. Pero {why}, así que {conclusion}.",
            cell: "{cell} contiene uno de {digits}. {branches} En cualquier caso, {conclusion}.",
            unit: "{digit} va en {house} en una de {cells}. {branches} En cualquier caso, {conclusion}.",
            branch: "Si {assumption}: {walk}.",
            both: "{cell} sería a la vez {digit} y no {digit}",
            no_candidate: "{cell} se quedaría sin dígitos",
            no_place: "{digit} no tendría sitio en {house}",
            nested: "(probarlo falla)",
        },
        Lang::Ko => Words {
            contradiction: "{assumption}이라고 가정하면: {walk}. 그러나 {why}, 따라서 {conclusion}.",
            cell: "{cell}에는 {digits} 중 하나가 들어갑니다. {branches} 어느 경우든 {conclusion}.",
            unit: "{digit}은(는) {house}의 {cells} 중 한 곳에 들어갑니다. {branches} 어느 경우든 {conclusion}.",
            branch: "{assumption}이면: {walk}.",
            both: "{cell}이(가) {digit}이면서 {digit}이 아니게 되므로",
            no_candidate: "{cell}에 남는 숫자가 없으므로",
            no_place: "{house}에 {digit}이(가) 들어갈 곳이 없으므로",
            nested: "(시도하면 실패)",
        },
    }
}

/// `r1c1=5` or `r1c1≠5`.
fn literal(size: Size, cand: Candidate, on: bool) -> String {
    format!("{}{}{}", cell_name(size, cand.cell), if on { "=" } else { "≠" }, size.digit_char(cand.digit))
}

/// A branch's links written in layers from its assumption.
fn walk(size: Size, assumption: (Candidate, bool), links: &[Link], w: &Words) -> String {
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
            let text = format!("{} {}", literal(size, from.0, from.1), w.nested);
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
    let w = words(lang);
    let conclusion = step
        .placements
        .first()
        .map(|&c| literal(size, c, true))
        .or_else(|| step.eliminations.first().map(|&c| literal(size, c, false)))
        .unwrap_or_default();
    let branch_walk = |i: usize| walk(size, forcing.assumptions[i], step.chains.get(i).map_or(&[][..], Vec::as_slice), &w);
    match step.technique {
        Technique::ContradictionForcingChain | Technique::ContradictionForcingNet | Technique::NestedForcingNet => {
            let (cand, on) = forcing.assumptions[0];
            fill(
                w.contradiction,
                &[
                    ("assumption", literal(size, cand, on)),
                    ("walk", branch_walk(0)),
                    ("why", why(size, forcing, &w, lang)),
                    ("conclusion", conclusion),
                ],
            )
        }
        _ => {
            let branches = (0..forcing.assumptions.len())
                .map(|i| {
                    let (cand, on) = forcing.assumptions[i];
                    fill(w.branch, &[("assumption", literal(size, cand, on)), ("walk", branch_walk(i))])
                })
                .collect::<Vec<_>>()
                .join(" ");
            let first = forcing.assumptions[0].0;
            let digits: Vec<String> = forcing.assumptions.iter().map(|(c, _)| size.digit_char(c.digit).to_string()).collect();
            let cells: Vec<String> = forcing.assumptions.iter().map(|(c, _)| cell_name(size, c.cell)).collect();
            let template = if matches!(step.technique, Technique::UnitForcingChain | Technique::UnitForcingNet) { w.unit } else { w.cell };
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

fn why(size: Size, forcing: &Forcing, w: &Words, lang: Lang) -> String {
    match forcing.contradiction {
        Some(Contradiction::Both(c)) => fill(w.both, &[("cell", cell_name(size, c.cell)), ("digit", size.digit_char(c.digit).to_string())]),
        Some(Contradiction::NoCandidate(cell)) => fill(w.no_candidate, &[("cell", cell_name(size, cell))]),
        Some(Contradiction::NoPlace(house, digit)) => {
            fill(w.no_place, &[("house", house_name(house, lang)), ("digit", size.digit_char(digit).to_string())])
        }
        None => String::new(),
    }
}
