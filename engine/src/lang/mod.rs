//! The engine's words in inkdoku's four languages — English, German, Spanish and Korean, the
//! languages of the documents inkdoku descends from: houses, and the sentence that explains
//! each step. The app translates its own interface; hints come from here so the sentence and
//! the step can never disagree.
//!
//! All of them are here, in one table per language (`EN`, `DE`, `ES`, `KO`, one `Phrases`
//! each, declared from one list), filled by one function (`fill`); `forcing.rs` builds the
//! forcing steps' sentences from the same tables. The one exception is by design: a
//! technique's name is part of its row in `techniques::TABLE`, with its finder and score.
//! The wasm builds have English only and read the other tables from language files made from
//! these (`file`, issue 48): a player downloads the words of one language. The sentences are
//! made in the engine worker (`protocol::HintWords`), never in the app's wasm. Their functions
//! are `#[inline]`, so that the worker compiles them where its messages are made, in
//! `worker-json` at opt-level "z" (Cargo.toml), not in the engine at 3 with the searches: the
//! worker's wasm 372,802 -> 366,613 bytes gzipped (the sentence alone 38.5 KB -> 19.8 KB
//! before wasm-opt).
//!
//! Explanations are templates with `{placeholders}` filled from the step's data; cells are
//! written `r3c5` in every language, as Sudoku communities everywhere do. The tests check that
//! every language has the same placeholders in each template, and that every template is filled
//! (no `{key}` left) in every language.

mod file;
mod forcing;

pub use file::{Reader, header, install};
#[cfg(not(target_arch = "wasm32"))]
pub use file::{lines, part, word_list};
pub use forcing::{PageText, proof_pages};

pub use crate::geometry::cells_compact;
use crate::geometry::{Candidate, Cell, Digit, DigitSet, House, Size, cell_name};
use crate::step::{Link, RuleBroken, SetLink, Step, Technique};
use serde::{Deserialize, Serialize};

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    De,
    Es,
    Ko,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::De, Lang::Es, Lang::Ko];

    /// The BCP 47 code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::Ko => "ko",
        }
    }

    /// The language's own name for itself.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Es => "Español",
            Lang::Ko => "한국어",
        }
    }

    /// The language of a browser language tag ("de-AT" → German), if inkdoku has it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }
}

/// A technique's name in a language (from its row in `techniques::TABLE`).
#[cfg(not(target_arch = "wasm32"))]
#[inline]
pub fn technique_name(t: Technique, lang: Lang) -> &'static str {
    let names = &crate::techniques::about(t).names;
    match lang {
        Lang::En => names.en,
        Lang::De => names.de,
        Lang::Es => names.es,
        Lang::Ko => names.ko,
    }
}

/// The app's wasm: the English name, or the language's file's once read.
#[cfg(target_arch = "wasm32")]
#[inline]
pub fn technique_name(t: Technique, lang: Lang) -> &'static str {
    file::technique_name(t, lang).unwrap_or(crate::techniques::about(t).names.en)
}

/// A house in words: "row 3", "Zeile 3", "fila 3", "3행".
#[inline]
pub fn house_name(h: House, lang: Lang) -> String {
    let p = phrases(lang);
    let template = match h {
        House::Row(_) => p.house_row,
        House::Col(_) => p.house_col,
        House::Box(_) => p.house_box,
        House::Region(_) => p.house_region,
    };
    fill(template, &[("n", (h.number() + 1).to_string())])
}

/// Declares `Phrases`, the templates of one language, with `Phrases::slots` and
/// `Phrases::entries`, every template by name, from one list (the tests check every language
/// against it; a language file lists them in this order, `file`).
macro_rules! phrases {
    ($($(#[$doc:meta])* $field:ident,)*) => {
        /// The engine's words in one language: sentence templates with `{placeholders}` (see
        /// `fill`), and the words they are built from.
        #[derive(Clone)]
        struct Phrases {
            $($(#[$doc])* $field: &'static str,)*
        }

        impl Phrases {
            /// Every template read from a language file, in this order (`file::Reader`).
            fn read_from(&mut self, reader: &mut file::Reader) {
                $(reader.put(&mut self.$field);)*
            }

            /// Every template, by name.
            #[cfg(not(target_arch = "wasm32"))]
            fn entries(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($field), self.$field),)*]
            }
        }
    };
}

phrases! {
    full_house,
    hidden_single,
    naked_single,
    pointing,
    claiming,
    naked_subset,
    hidden_subset,
    fish,
    finned,
    /// `finned` on a jigsaw: the fins' region (the step's last house) instead of a box.
    finned_region,
    complex_fish,
    complex_fins,
    cannibal,
    template_set,
    template_delete,
    chain3,
    empty_rectangle,
    colors,
    xy_wing,
    xyz_wing,
    w_wing,
    x_chain,
    xy_chain,
    remote_pair,
    aic,
    /// Discontinuous nice loops: "true ⇒ … ⇒ false", "false ⇒ … ⇒ true", and "false ⇒ …
    /// ⇒ another digit of the cell true".
    loop_false,
    loop_true,
    loop_pair,
    continuous_loop,
    /// Appended to a chain or loop that goes through almost locked sets.
    through_sets,
    forced_cell,
    uniqueness,
    bug,
    sue_de_coq,
    avoidable1,
    avoidable2,
    dual_kite,
    dual_er,
    /// The two above on a jigsaw, whose kites and rectangles sit in a region, not a box.
    dual_kite_region,
    dual_er_region,
    multi1,
    multi2,
    medusa_wrap,
    medusa_trap,
    medusa_blue,
    medusa_orange,
    medusa_two_digits,
    medusa_twice,
    medusa_no_digit,
    reveal,
    als_xz,
    als_xz_double,
    als_xy_wing,
    als_chain,
    death_blossom,
    removes,
    /// The removals counted, when naming each would make the sentence too long.
    removes_count,
    places,
    and,
    /// Houses: "row 3", "Zeile 3", "fila 3", "3행".
    house_row,
    house_col,
    house_box,
    /// A jigsaw's irregular region (`House::Region`).
    house_region,
    /// Several houses of one kind: "rows 2, 5 and 7", "Zeilen 2, 5 und 7", "2, 5, 7행".
    house_rows,
    house_cols,
    house_boxes,
    house_regions,
    /// Forcing chains and nets (`forcing.rs`): a contradiction, a cell's or a house's
    /// branches, one branch, and what a contradiction runs into.
    forcing_contradiction,
    forcing_cell,
    forcing_unit,
    forcing_branch,
    forcing_both,
    forcing_no_candidate,
    forcing_no_place,
    /// After a literal ruled out by a nested trial.
    forcing_nested,
    /// The pages of a forcing step's proof (`forcing::pages`): a branch, and the last page of
    /// a contradiction, a cell's and a house's forcing step.
    page_branch,
    page_contradiction,
    page_cell,
    page_unit,
    /// Variant steps: a cage's sum, a digit a cage needs, the 45 rule's innies and outies, and
    /// one constraint's own logic (on some cells, or over the whole grid), which names the
    /// constraint by one of the `rule_*` phrases (in `Constraint::kind_index` order).
    cage_combination,
    cage_confinement,
    innies,
    outies,
    /// The 45 rule's innies less its outies: `{more}` add up to `{diff}` more than `{less}`.
    innie_outie,
    /// A cage split by an area's boundary: its part inside, `{part}`, adds up to `{total}`.
    cage_splitting,
    /// A little killer's clue weighed over every filling of its diagonal.
    little_killer_combination,
    /// An AIC over a variant's links (`ConstraintAic`).
    constraint_aic,
    constraint_rule,
    constraint_rule_global,
    constraint_trial,
    constraint_cell_trial,
    /// A nested trial: `{nested}` the candidates the inner trials ruled out.
    constraint_nested_trial,
    /// The three trials on a jigsaw: its regions instead of the boxes.
    constraint_trial_regions,
    constraint_cell_trial_regions,
    constraint_nested_trial_regions,
    /// What a trial on one candidate runs into (`{why}` of `constraint_trial`): unnamed, a
    /// cell with no digit, a digit with no place in a house, a cage with no set for its sum.
    trial_why_any,
    trial_why_cell,
    trial_why_place,
    trial_why_set,
    rule_killer,
    rule_little_killer,
    rule_sandwich,
    rule_arrow,
    rule_thermo,
    rule_kropki,
    rule_xv,
    rule_kropki_negative,
    rule_xv_negative,
    rule_whispers,
    rule_renban,
    rule_palindrome,
    rule_diagonal,
    rule_anti_knight,
    rule_anti_king,
    rule_non_consecutive,
    rule_extra_region,
    rule_disjoint,
    rule_parity,
}

const EN: Phrases = Phrases {
    full_house: "{cell} is the last empty cell of {house}, so it is {digit}.",
    hidden_single: "in {house}, {digit} fits only in {cell}.",
    naked_single: "{digit} is the only candidate left in {cell}.",
    pointing: "in {house0}, {digit} lies only in {house1}, so it leaves the rest of {house1}.",
    claiming: "in {house0}, {digit} lies only inside {house1}, so it leaves the rest of {house1}.",
    naked_subset: "{cells} hold only {digits} between them in {houses}, so these digits leave the other cells there.",
    hidden_subset: "in {house}, {digits} fit only in {cells}, so these cells hold nothing else.",
    fish: "in {base}, {digit} lies only in {cover}: each of those lines takes one {digit}, so it leaves the rest of {cover}.",
    finned: "(the fins are in one box: only cells that also see that box lose {digit})",
    finned_region: "(the fins are in one region: only cells that also see that region lose {digit})",
    complex_fish: "{base} each need their own {digit}, and all of them lie in {cover}, [which hold one {digit} each: those are filled, so {digit} leaves the rest of {cover}|one {digit} each, so it leaves the rest of them].",
    complex_fins: "[(unless one of the fins {fins} is {digit}: so only candidates that see every fin go)|(only cells seeing every fin, {fins}, lose it)]",
    cannibal: "[Base candidates in two cover houses at once go too ({cannibals}): {digit} there would fill two of them and leave a base house without.|{cannibals} goes too: it lies in two cover houses.]",
    template_set: "{digit} needs one cell in every row, column and box; every way it still fits the grid uses {cells}, so {digit} goes there.",
    template_delete: "{digit} needs one cell in every row, column and box; no way it still fits the grid uses the candidates removed here.",
    chain3: "on {digit}, strong links in {house0} and {house1} mean {first} or {last} is {digit}: cells seeing both can't be.",
    empty_rectangle: "on {digit}, the empty rectangle in {house0} and the strong link in {house1} rule it out.",
    colors: "on {digit}, the conjugate pairs link {cells} alternately true and false.",
    xy_wing: "the pivot {first} forces {z} into {second} or {third}: cells seeing both can't be {z}.",
    xyz_wing: "one of the pivot {first} and its wings {second} and {third} is {z}: cells seeing all three can't be {z}.",
    w_wing: "{first} and {second} hold the same pair and are bridged by a strong link, so one of them is {z}.",
    x_chain: "on {digit}, the chain {cells} alternates strong and weak links: {first} or {last} is {digit}, so cells seeing both can't be.",
    xy_chain: "the bivalue cells {cells} form a chain: if {first} is not {z}, {last} is, so cells seeing both can't be {z}.",
    remote_pair: "{cells} all hold only {digits} and alternate along the chain: a cell seeing two of them an odd number of links apart holds neither.",
    aic: "in the chain [{chain}|of {n} links (see below)], if {start} is false, {end} is true: one of them is, so whatever sees both goes.",
    loop_false: "the loop [{chain} (= strong, - weak)|of {n} links (see below)] starts by taking {start} as true and comes back to it false: {start} can't be true.",
    loop_true: "the loop [{chain} (= strong, - weak)|of {n} links (see below)] starts by taking {start} as false and comes back to it true: {start} must be true, so its cell loses every other digit.",
    loop_pair: "in the chain [{chain} (= strong, - weak)|of {n} links (see below)], if {start} is false, {end} is true: one of the two fills their cell, which loses every other digit.",
    continuous_loop: "the loop [{chain}|of {n} links (see below)] alternates strong[ (=)] and weak[ (-)] links all the way round, so each link has one true end: a digit linking two cells leaves the cells seeing both, and a cell linked inside keeps only those two digits.",
    through_sets: "{links}: each joins two digits of an almost locked set (n cells, n+1 digits; its cells are shaded): a set without the first digit is locked and holds the second.",
    forced_cell: "{link}: without {digit}, the almost locked set {set} (n cells, n+1 digits; shaded) is locked, and its other digits leave {cell} only {only}.",
    uniqueness: "{cells} must not become a two-way rectangle of {digits}, or the puzzle would have two solutions.",
    bug: "every other empty cell has two candidates: {cell} must be {digit}, or the puzzle would have two solutions.",
    sue_de_coq: "[{crossing} (where {house0} meets {house1}), {linecells} (in {house0}) and {boxcells} (in {house1})|{crossing} with {linecells} and {boxcells}] hold only {digits}: as many digits as cells, [and no digit on both sides, so each digit is there exactly once|none on both sides, so each is there once]: {linedigits} leave the rest of {house0}; {boxdigits} leave the rest of {house1}.",
    avoidable1: "{first}, {second} and {third} were filled while solving, not given: {z} in {last} would make them a rectangle whose two digits could be swapped, and the puzzle would have two solutions.",
    avoidable2: "{first} and {second} were filled while solving, not given: if {third} and {last} took the digits that complete the rectangle, its two digits could be swapped (two solutions), so one of them is {z}, and cells seeing both can't be.",
    dual_kite: "two 2-String Kites (on {digits}) pass through the same two cells of one box: in each, a row's strong link and a column's strong link mean one of its two ends holds the kite's digit, so cells seeing both ends of a kite can't hold it.",
    dual_er: "on {digit}, the empty rectangle in {house0} works with two strong links: each time, the link's far end or the box's line holds {digit}, and the cell seeing both can't be.",
    dual_kite_region: "two 2-String Kites (on {digits}) pass through the same two cells of one region: in each, a row's strong link and a column's strong link mean one of its two ends holds the kite's digit, so cells seeing both ends of a kite can't hold it.",
    dual_er_region: "on {digit}, the empty rectangle in {house0} works with two strong links: each time, the link's far end or the region's line holds {digit}, and the cell seeing both can't be.",
    multi1: "on {digit}, the conjugate pairs colour two separate clusters[ ({cells})]. A colour of one sees a colour of the other: both can't be true, so one of their opposite colours is, and cells seeing both of those can't be {digit}.",
    multi2: "on {digit}, the conjugate pairs colour two separate clusters[ ({cells})]. One colour sees both colours of the other cluster, one of which is true: so that colour is false, and its cells can't be {digit}.",
    medusa_wrap: "two-candidate cells and conjugate pairs link candidates of several digits into two colours, one all true, one all false. {colour} {why}, so it is false and its candidates go.",
    medusa_blue: "Blue (the circles)",
    medusa_orange: "Orange (the squares)",
    medusa_two_digits: "would put two digits in {cell}",
    medusa_twice: "would put {digit} twice in {house}",
    medusa_no_digit: "would leave {cell} with no digit",
    medusa_trap: "cells with two candidates and conjugate pairs split candidates of several digits into two colours, one all true, one all false. Whichever is true, each removed candidate shares a cell with it or sees its digit.",
    reveal: "no technique applies here; the solution has {digit} in {cell}.",
    als_xz: "the almost locked sets[ (n cells, n+1 digits) in {houses} ({cells})] are linked by {x}: only one of them can hold it, so the other is locked, and either way {z} is in one of the two[ ({chain})]: cells that see every {z} of both can't be {z}.",
    als_xz_double: "the almost locked sets[ (n cells, n+1 digits) in {houses} ({cells})] are linked by both {x}: each holds exactly one of them, so both are locked: their other digits stay inside them and {x} stay in the two sets[ ({chain})].",
    als_xy_wing: "the almost locked sets[ (n cells, n+1 digits) in {houses} ({cells})] form a wing linked by {x}[ ({chain})]: the middle set can't lose both links, so an outer set is locked and holds {z}: cells that see every {z} of both outer sets can't be {z}.",
    als_chain: "the almost locked sets[ (n cells, n+1 digits) in {houses} ({cells})] form a chain linked by {x}[ ({chain})]: if the first set lacks {z} it is locked, each link then locks the next set, and the last one holds {z}: cells that see every {z} of both end sets can't be {z}.",
    death_blossom: "whatever {cell} holds, the petal set for that digit loses it and is locked[ ({chain})], so one of the petals in {houses} holds {z}: cells that see every {z} of all petals can't be {z}.",
    removes: "Removes {elims}.",
    removes_count: "Removes {n} marked candidates.",
    places: "Places {places}.",
    and: "and",
    house_row: "row {n}",
    house_col: "column {n}",
    house_box: "box {n}",
    house_region: "region {n}",
    house_rows: "rows {n}",
    house_cols: "columns {n}",
    house_boxes: "boxes {n}",
    house_regions: "regions {n}",
    forcing_contradiction: "if {assumption}[: {walk}. Then| (stepped through below),] {why}, so {conclusion}.",
    forcing_cell: "{cell} holds one of {digits}.[ {branches}| Each case is stepped through below.] Either way, {conclusion}.",
    forcing_unit: "{digit} goes in {house} at one of {cells}.[ {branches}| Each case is stepped through below.] Either way, {conclusion}.",
    forcing_branch: "If {assumption}: {walk}.",
    forcing_both: "{cell} would be both {digit} and not {digit}",
    forcing_no_candidate: "{cell} would have no digit left",
    forcing_no_place: "{digit} would have no place left in {house}",
    forcing_nested: "(trying it fails)",
    page_branch: "Branch {n} of {total}: if {assumption}, then {outcome}.",
    page_contradiction: "If {assumption}: {why}. That is impossible, so {conclusion}.",
    page_cell: "{cell} holds one of {digits}, and every branch leads to the same end: so {conclusion}.",
    page_unit: "{digit} goes in {house} at one of {cells}, and every branch leads to the same end: so {conclusion}.",
    cage_combination: "the {n} cells of the cage {cells} add up to {total} with no digit twice: no set of {n} different digits making {total} that fits the cage uses the removed candidates.",
    cage_confinement: "every set of different digits making {total} in the cage {cells} has {digit}, and only {holders} can hold it there: cells seeing all of them can't be {digit}.",
    innies: "the digits of {houses} add up to {area}; the cages wholly inside add up to {inside}, so the other cells, {cells}, add up to {total}: the removed candidates can't make that sum.",
    outies: "the digits of {houses} add up to {area}; the cages covering them add up to {covering}, so the cells sticking out, {cells}, add up to {total}: the removed candidates can't make that sum.",
    innie_outie: "the digits of {houses} add up to {area}; the cages touching them add up to {cages}, so the cells inside in no cage and the cells sticking out differ: {more} add up to {diff} more than {less}. The removed candidates can't make that.",
    cage_splitting: "the digits of {houses} add up to {area} and the cages wholly inside to {inside}, so of the cage {cells}, the cells inside ({part}) add up to {total} and the others, with other digits, to the rest of its sum: no such split keeps the removed candidates.",
    little_killer_combination: "the digits along the diagonal {cells} add up to {total}, a digit repeating only in cells that don't see each other: no such filling uses the removed candidates.",
    constraint_aic: "in the chain [{chain}|of {n} links (see below)], linked by the houses and the constraints, if {start} is false, {end} is true: one of them is, so what either one true rules out goes.",
    constraint_rule: "{rule} ({cells}): the removed candidates can't follow that rule.",
    constraint_rule_global: "{rule}: the removed candidates can't follow that rule.",
    constraint_trial: "if {cell} were {digit}, following the rows, columns, boxes and every constraint one step after another {why}: so {cell} is not {digit}.",
    constraint_cell_trial: "{cell} holds one of {digits}; for each, following the rows, columns, boxes and every constraint one step after another rules out the removed candidates (or fails).",
    constraint_nested_trial: "if {cell} were {digit}, following the rows, columns, boxes and every constraint step by step, and ruling out each candidate whose own trial then fails ({nested}), would leave a cell or a digit with no place: so {cell} is not {digit}.",
    constraint_trial_regions: "if {cell} were {digit}, following the rows, columns, regions and every constraint one step after another {why}: so {cell} is not {digit}.",
    constraint_cell_trial_regions: "{cell} holds one of {digits}; for each, following the rows, columns, regions and every constraint one step after another rules out the removed candidates (or fails).",
    constraint_nested_trial_regions: "if {cell} were {digit}, following the rows, columns, regions and every constraint step by step, and ruling out each candidate whose own trial then fails ({nested}), would leave a cell or a digit with no place: so {cell} is not {digit}.",
    trial_why_any: "would leave a cell or a digit with no place",
    trial_why_cell: "would leave {cell} with no digit",
    trial_why_place: "would leave no place for {digit} in {house}",
    trial_why_set: "would leave the cage {cells} with no set of different digits adding up to {total}",
    rule_killer: "a cage's digits don't repeat",
    rule_little_killer: "the digits along the little killer's diagonal add up to {total}",
    rule_sandwich: "the digits between the 1 and the largest digit of the line add up to {total}",
    rule_arrow: "the digits on the arrow add up to the number in its circle",
    rule_thermo: "the digits rise along the thermometer from its bulb",
    rule_kropki: "the digits at a white dot differ by 1; at a black dot one is twice the other",
    rule_xv: "the digits at an X add up to 10, at a V to 5",
    rule_kropki_negative: "neighbours without a dot don't have the dots' relation",
    rule_xv_negative: "neighbours without an X or a V don't add up to 10 or 5",
    rule_whispers: "neighbours on a German whispers line differ by at least 5",
    rule_renban: "a renban line holds a run of consecutive digits in any order",
    rule_palindrome: "a palindrome line reads the same from both ends",
    rule_diagonal: "the diagonal holds each digit once",
    rule_anti_knight: "cells a knight's move apart hold different digits",
    rule_anti_king: "cells a king's move apart hold different digits",
    rule_non_consecutive: "side-by-side cells never hold consecutive digits",
    rule_extra_region: "the extra region holds no digit twice",
    rule_disjoint: "cells in the same place of their boxes hold different digits",
    rule_parity: "the cell's mark allows only odd or only even digits",
};

// Not in the app's wasm: read from static/lang at run time (`file`).
#[cfg(not(target_arch = "wasm32"))]
const DE: Phrases = Phrases {
    full_house: "{cell} ist die letzte leere Zelle in {house}, also steht dort {digit}.",
    hidden_single: "in {house} passt die {digit} nur in {cell}.",
    naked_single: "{digit} ist der einzige Kandidat in {cell}.",
    pointing: "in {house0} liegt die {digit} nur in {house1}, also entfällt sie im Rest von {house1}.",
    claiming: "in {house0} liegt die {digit} nur in {house1}, also entfällt sie im Rest von {house1}.",
    naked_subset: "{cells} enthalten zusammen nur {digits} in {houses}, also entfallen diese Ziffern in den anderen Zellen dort.",
    hidden_subset: "in {house} passen {digits} nur in {cells}, also enthalten diese Zellen nichts anderes.",
    fish: "in {base} liegt die {digit} nur in {cover}: jede dieser Linien nimmt eine {digit}, also entfällt sie im Rest von {cover}.",
    finned: "(die Flossen liegen in einem Block: nur Zellen, die diesen Block auch sehen, verlieren die {digit})",
    finned_region: "(die Flossen liegen in einem Gebiet: nur Zellen, die dieses Gebiet auch sehen, verlieren die {digit})",
    complex_fish: "{base} brauchen je eine eigene {digit}, und alle liegen in {cover}, [die je nur eine {digit} fassen: die sind damit voll, also entfällt die {digit} im Rest von {cover}|je eine {digit}, also entfällt sie im Rest davon].",
    complex_fins: "[(außer eine der Flossen {fins} ist die {digit}: darum entfallen nur Kandidaten, die jede Flosse sehen)|(nur was jede Flosse {fins} sieht, entfällt)]",
    cannibal: "[Basiskandidaten in zwei Deckhäusern zugleich entfallen auch ({cannibals}): eine {digit} dort füllte zwei davon, und ein Basishaus bliebe ohne.|{cannibals} entfällt auch (in zwei Deckhäusern).]",
    template_set: "die {digit} braucht eine Zelle in jeder Zeile, jeder Spalte und jedem Block; jede Art, wie sie noch ins Gitter passt, benutzt {cells}, also steht sie dort.",
    template_delete: "die {digit} braucht eine Zelle in jeder Zeile, jeder Spalte und jedem Block; keine Art, wie sie noch ins Gitter passt, benutzt die hier entfernten Kandidaten.",
    chain3: "für die {digit} bedeuten starke Verbindungen in {house0} und {house1}, dass {first} oder {last} die {digit} ist: Zellen, die beide sehen, nicht.",
    empty_rectangle: "für die {digit} schließen das leere Rechteck in {house0} und die starke Verbindung in {house1} sie aus.",
    colors: "für die {digit} verbinden die Paare {cells} abwechselnd wahr und falsch.",
    xy_wing: "die Angel {first} zwingt {z} nach {second} oder {third}: Zellen, die beide sehen, können nicht {z} sein.",
    xyz_wing: "{first}, {second} oder {third} ist die {z}: Zellen, die alle drei sehen, nicht.",
    w_wing: "{first} und {second} haben dasselbe Paar und sind durch eine starke Verbindung verknüpft, also ist eine davon {z}.",
    x_chain: "für die {digit} wechseln in der Kette {cells} starke und schwache Verbindungen: {first} oder {last} ist die {digit}, Zellen, die beide sehen, nicht.",
    xy_chain: "die Zellen mit zwei Kandidaten {cells} bilden eine Kette: ist {first} nicht {z}, dann {last}; Zellen, die beide sehen, können nicht {z} sein.",
    remote_pair: "{cells} haben alle nur {digits} und wechseln entlang der Kette ab: eine Zelle, die zwei davon in ungeradem Abstand sieht, hat keine der beiden.",
    aic: "in der Kette [{chain}|aus {n} Gliedern (siehe unten)], gilt: ist {start} falsch, ist {end} wahr; eines von beiden gilt, was beide sieht, fällt weg.",
    loop_false: "die Schleife [{chain} (= stark, - schwach)|aus {n} Gliedern (siehe unten)] nimmt {start} als wahr an und kommt mit {start} falsch zurück: {start} kann nicht wahr sein.",
    loop_true: "die Schleife [{chain} (= stark, - schwach)|aus {n} Gliedern (siehe unten)] nimmt {start} als falsch an und kommt mit {start} wahr zurück: {start} muss wahr sein, die Zelle verliert alle anderen Ziffern.",
    loop_pair: "in der Kette [{chain} (= stark, - schwach)|aus {n} Gliedern (siehe unten)] gilt: ist {start} falsch, ist {end} wahr; eine der beiden steht in ihrer Zelle, die alle anderen Ziffern verliert.",
    continuous_loop: "die Schleife [{chain}|aus {n} Gliedern (siehe unten)] wechselt ringsum stark[ (=)] und schwach[ (-)]: jedes Glied hat ein wahres Ende: eine Ziffer zweier Zellen entfällt in Zellen, die beide sehen; eine innen verbundene Zelle behält nur diese zwei.",
    through_sets: "{links}: jede verbindet zwei Ziffern einer fast gesperrten Menge (n Zellen, n+1 Ziffern; ihre Zellen sind schattiert): fehlt der Menge die erste Ziffer, ist sie gesperrt und enthält die zweite.",
    forced_cell: "{link}: ohne {digit} ist die fast gesperrte Menge {set} (n Zellen, n+1 Ziffern; schattiert) gesperrt, und ihre übrigen Ziffern lassen {cell} nur {only}.",
    uniqueness: "{cells} dürfen kein austauschbares Rechteck aus {digits} werden, sonst hätte das Rätsel zwei Lösungen.",
    bug: "jede andere leere Zelle hat zwei Kandidaten: {cell} muss {digit} sein, sonst hätte das Rätsel zwei Lösungen.",
    sue_de_coq: "[{crossing} (wo sich {house0} und {house1} kreuzen), {linecells} (in {house0}) und {boxcells} (in {house1})|{crossing} mit {linecells} und {boxcells}] enthalten nur {digits}: so viele Ziffern wie Zellen, [und keine Ziffer auf beiden Seiten, also steht jede genau einmal darin|keine beidseits, also jede einmal]: {linedigits} entfallen im Rest von {house0}; {boxdigits} entfallen im Rest von {house1}.",
    avoidable1: "{first}, {second} und {third} wurden beim Lösen gesetzt, nicht vorgegeben: eine {z} in {last} machte sie zu einem Rechteck, dessen zwei Ziffern sich tauschen ließen, und das Rätsel hätte zwei Lösungen.",
    avoidable2: "{first} und {second} wurden beim Lösen gesetzt, nicht vorgegeben: bekämen {third} und {last} die Ziffern, die das Rechteck vervollständigen, ließen sich seine zwei Ziffern tauschen (zwei Lösungen); also ist eine davon {z}, und Zellen, die beide sehen, nicht.",
    dual_kite: "zwei Drachen (für {digits}) teilen zwei Zellen eines Blocks: in jedem sorgen starke Verbindungen in Zeile und Spalte dafür, dass ein Ende die Ziffer des Drachens hat; Zellen, die beide Enden eines Drachens sehen, haben sie nicht.",
    dual_er: "für die {digit} wirkt das leere Rechteck in {house0} mit zwei starken Verbindungen: jedes Mal hat das ferne Ende der Verbindung oder die Linie des Blocks die {digit}, und die Zelle, die beide sieht, nicht.",
    dual_kite_region: "zwei Drachen (für {digits}) teilen zwei Zellen eines Gebiets: in jedem sorgen starke Verbindungen in Zeile und Spalte dafür, dass ein Ende die Ziffer des Drachens hat; Zellen, die beide Enden eines Drachens sehen, haben sie nicht.",
    dual_er_region: "für die {digit} wirkt das leere Rechteck in {house0} mit zwei starken Verbindungen: jedes Mal hat das ferne Ende der Verbindung oder die Linie des Gebiets die {digit}, und die Zelle, die beide sieht, nicht.",
    multi1: "für die {digit} färben die Paare zwei getrennte Gruppen[ ({cells})]. Eine Farbe der einen sieht eine Farbe der anderen: beide können nicht wahr sein, also ist eine ihrer Gegenfarben wahr, und Zellen, die beide sehen, können nicht {digit} sein.",
    multi2: "für die {digit} färben die Paare zwei getrennte Gruppen[ ({cells})]. Eine Farbe sieht beide Farben der anderen Gruppe, von denen eine wahr ist: also ist diese Farbe falsch, und ihre Zellen können nicht {digit} sein.",
    medusa_wrap: "Zellen mit zwei Kandidaten und Paare verbinden Kandidaten mehrerer Ziffern in zwei Farben: eine ganz wahr, eine ganz falsch. {colour} {why}, also ist sie falsch, und ihre Kandidaten fallen weg.",
    medusa_blue: "Die blaue Farbe (Kreise)",
    medusa_orange: "Die orange Farbe (Quadrate)",
    medusa_two_digits: "würde zwei Ziffern in {cell} setzen",
    medusa_twice: "würde {digit} zweimal in {house} setzen",
    medusa_no_digit: "würde {cell} ohne Ziffer lassen",
    medusa_trap: "Zellen mit zwei Kandidaten und Paare teilen Kandidaten mehrerer Ziffern in zwei Farben: eine ganz wahr, eine ganz falsch. Welche auch wahr ist, jeder entfernte Kandidat teilt mit ihr eine Zelle oder sieht ihre Ziffer.",
    reveal: "hier greift keine Technik; die Lösung hat {digit} in {cell}.",
    als_xz: "die fast gesperrten Mengen[ (n Zellen, n+1 Ziffern) in {houses} ({cells})] sind über {x} verbunden: nur eine von ihnen kann sie enthalten, also ist die andere gesperrt, und {z} liegt so oder so in einer der beiden[ ({chain})]: Zellen, die jede {z} beider Mengen sehen, können nicht {z} sein.",
    als_xz_double: "die fast gesperrten Mengen[ (n Zellen, n+1 Ziffern) in {houses} ({cells})] sind über {x} doppelt verbunden: jede enthält genau eine davon, also sind beide gesperrt: ihre übrigen Ziffern bleiben in ihnen, und {x} bleiben in den beiden Mengen[ ({chain})].",
    als_xy_wing: "die fast gesperrten Mengen[ (n Zellen, n+1 Ziffern) in {houses} ({cells})] bilden einen Flügel über {x}[ ({chain})]: die mittlere Menge verliert nicht beide Verbindungen, also ist eine äußere gesperrt und enthält {z}: Zellen, die jede {z} beider äußeren Mengen sehen, sind nicht {z}.",
    als_chain: "die fast gesperrten Mengen[ (n Zellen, n+1 Ziffern) in {houses} ({cells})] bilden eine Kette über {x}[ ({chain})]: fehlt der ersten Menge {z}, ist sie gesperrt, jede Verbindung sperrt die nächste, und die letzte enthält {z}: Zellen, die jede {z} beider Endmengen sehen, können nicht {z} sein.",
    death_blossom: "was auch immer {cell} enthält, die Blütenmenge dieser Ziffer verliert sie und ist gesperrt[ ({chain})], also enthält eine der Blüten in {houses} {z}: Zellen, die jede {z} aller Blüten sehen, können nicht {z} sein.",
    removes: "Entfernt {elims}.",
    removes_count: "Entfernt {n} markierte Kandidaten.",
    places: "Setzt {places}.",
    and: "und",
    house_row: "Zeile {n}",
    house_col: "Spalte {n}",
    house_box: "Block {n}",
    house_region: "Gebiet {n}",
    house_rows: "Zeilen {n}",
    house_cols: "Spalten {n}",
    house_boxes: "Blöcke {n}",
    house_regions: "Gebiete {n}",
    forcing_contradiction: "wenn {assumption}[: {walk}. Dann| (unten Schritt für Schritt),] {why}, also {conclusion}.",
    forcing_cell: "{cell} enthält eine der Ziffern {digits}.[ {branches}| Jeder Fall steht unten Schritt für Schritt.] In jedem Fall gilt {conclusion}.",
    forcing_unit: "{digit} steht in {house} an einer der Stellen {cells}.[ {branches}| Jeder Fall steht unten Schritt für Schritt.] In jedem Fall gilt {conclusion}.",
    forcing_branch: "Wenn {assumption}: {walk}.",
    forcing_both: "{cell} wäre zugleich {digit} und nicht {digit}",
    forcing_no_candidate: "{cell} bliebe keine Ziffer",
    forcing_no_place: "{digit} hätte in {house} keinen Platz mehr",
    forcing_nested: "(der Versuch scheitert)",
    page_branch: "Zweig {n} von {total}: wenn {assumption}, dann {outcome}.",
    page_contradiction: "Wenn {assumption}: {why}. Das ist unmöglich, also {conclusion}.",
    page_cell: "{cell} enthält eine der Ziffern {digits}, und jeder Zweig führt zum selben Ergebnis: also {conclusion}.",
    page_unit: "{digit} steht in {house} an einer der Stellen {cells}, und jeder Zweig führt zum selben Ergebnis: also {conclusion}.",
    cage_combination: "die {n} Zellen des Käfigs {cells} ergeben zusammen {total}, keine Ziffer doppelt: keine Menge von {n} verschiedenen Ziffern mit Summe {total}, die in den Käfig passt, enthält die entfernten Kandidaten.",
    cage_confinement: "jede Menge verschiedener Ziffern mit Summe {total} im Käfig {cells} enthält {digit}, und dort kann sie nur in {holders} stehen: Zellen, die alle diese sehen, sind nicht {digit}.",
    innies: "die Ziffern von {houses} ergeben {area}; die Käfige ganz darin ergeben {inside}, also ergeben die übrigen Zellen {cells} zusammen {total}: die entfernten Kandidaten passen nicht zu dieser Summe.",
    outies: "die Ziffern von {houses} ergeben {area}; die Käfige, die sie abdecken, ergeben {covering}, also ergeben die überstehenden Zellen {cells} zusammen {total}: die entfernten Kandidaten passen nicht zu dieser Summe.",
    innie_outie: "die Ziffern von {houses} ergeben {area}; die Käfige, die sie berühren, ergeben {cages}, also unterscheiden sich die Zellen darin ohne Käfig und die überstehenden: {more} ergeben {diff} mehr als {less}. Die entfernten Kandidaten passen nicht dazu.",
    cage_splitting: "die Ziffern von {houses} ergeben {area}, die Käfige ganz darin {inside}; vom Käfig {cells} ergeben die Zellen darin ({part}) {total}, die übrigen mit anderen Ziffern den Rest: keine solche Aufteilung lässt die entfernten Kandidaten zu.",
    little_killer_combination: "die Ziffern entlang der Diagonale {cells} ergeben {total}, eine Ziffer wiederholt sich nur in Zellen, die sich nicht sehen: keine solche Füllung enthält die entfernten Kandidaten.",
    constraint_aic: "in der Kette [{chain}|aus {n} Gliedern (siehe unten)], verbunden durch die Häuser und die Regeln, gilt: ist {start} falsch, ist {end} wahr; eines von beiden gilt, also fällt weg, was jedes von beiden ausschließt.",
    constraint_rule: "{rule} ({cells}): die entfernten Kandidaten verletzen diese Regel.",
    constraint_rule_global: "{rule}: die entfernten Kandidaten verletzen diese Regel.",
    constraint_trial: "wäre {cell} eine {digit}, ließen Zeilen, Spalten, Kästen und alle Regeln, Schritt für Schritt verfolgt, {why}: also ist {cell} nicht {digit}.",
    constraint_cell_trial: "{cell} enthält eine von {digits}; für jede schließt es, Zeilen, Spalten, Kästen und alle Regeln Schritt für Schritt zu verfolgen, die entfernten Kandidaten aus (oder scheitert).",
    constraint_nested_trial: "wäre {cell} eine {digit}, ließen Zeilen, Spalten, Kästen und alle Regeln Schritt für Schritt, ohne die Kandidaten, deren Versuch dann scheitert ({nested}), einer Zelle oder Ziffer keinen Platz: also ist {cell} nicht {digit}.",
    constraint_trial_regions: "wäre {cell} eine {digit}, ließen Zeilen, Spalten, Gebiete und alle Regeln, Schritt für Schritt verfolgt, {why}: also ist {cell} nicht {digit}.",
    constraint_cell_trial_regions: "{cell} enthält eine von {digits}; für jede schließt es, Zeilen, Spalten, Gebiete und alle Regeln Schritt für Schritt zu verfolgen, die entfernten Kandidaten aus (oder scheitert).",
    constraint_nested_trial_regions: "wäre {cell} eine {digit}, ließen Zeilen, Spalten, Gebiete und alle Regeln Schritt für Schritt, ohne die Kandidaten, deren Versuch dann scheitert ({nested}), einer Zelle oder Ziffer keinen Platz: also ist {cell} nicht {digit}.",
    trial_why_any: "einer Zelle oder Ziffer keinen Platz",
    trial_why_cell: "{cell} keine Ziffer",
    trial_why_place: "der {digit} in {house} keinen Platz",
    trial_why_set: "dem Käfig {cells} keine Auswahl verschiedener Ziffern mit der Summe {total}",
    rule_killer: "die Ziffern eines Käfigs wiederholen sich nicht",
    rule_little_killer: "die Ziffern entlang der Diagonale des Little Killers ergeben {total}",
    rule_sandwich: "die Ziffern zwischen der 1 und der größten Ziffer der Linie ergeben {total}",
    rule_arrow: "die Ziffern auf dem Pfeil ergeben die Zahl in seinem Kreis",
    rule_thermo: "die Ziffern steigen entlang des Thermometers von seiner Kugel an",
    rule_kropki: "an einem weißen Punkt unterscheiden sich die Ziffern um 1, an einem schwarzen ist eine doppelt so groß",
    rule_xv: "die Ziffern an einem X ergeben 10, an einem V 5",
    rule_kropki_negative: "Nachbarn ohne Punkt stehen nicht in der Beziehung der Punkte",
    rule_xv_negative: "Nachbarn ohne X oder V ergeben nicht 10 oder 5",
    rule_whispers: "Nachbarn auf einer German-Whispers-Linie unterscheiden sich um mindestens 5",
    rule_renban: "eine Renban-Linie enthält aufeinanderfolgende Ziffern in beliebiger Reihenfolge",
    rule_palindrome: "eine Palindrom-Linie liest sich von beiden Enden gleich",
    rule_diagonal: "die Diagonale enthält jede Ziffer einmal",
    rule_anti_knight: "Zellen einen Springerzug voneinander entfernt haben verschiedene Ziffern",
    rule_anti_king: "Zellen einen Königszug voneinander entfernt haben verschiedene Ziffern",
    rule_non_consecutive: "benachbarte Zellen enthalten nie aufeinanderfolgende Ziffern",
    rule_extra_region: "die Zusatzregion enthält keine Ziffer doppelt",
    rule_disjoint: "Zellen an derselben Stelle ihrer Kästen haben verschiedene Ziffern",
    rule_parity: "die Markierung der Zelle erlaubt nur ungerade oder nur gerade Ziffern",
};

// Not in the app's wasm: read from static/lang at run time (`file`).
#[cfg(not(target_arch = "wasm32"))]
const ES: Phrases = Phrases {
    full_house: "{cell} es la última celda vacía de la {house}, así que es {digit}.",
    hidden_single: "en la {house}, el {digit} solo cabe en {cell}.",
    naked_single: "{digit} es el único candidato que queda en {cell}.",
    pointing: "en la {house0}, el {digit} solo está en la {house1}, así que sale del resto de la {house1}.",
    claiming: "en la {house0}, el {digit} solo está dentro de la {house1}, así que sale del resto de la {house1}.",
    naked_subset: "{cells} solo tienen {digits} entre ellas en {houses}, así que esas cifras salen de las demás celdas.",
    hidden_subset: "en la {house}, {digits} solo caben en {cells}, así que esas celdas no tienen nada más.",
    fish: "en {base}, el {digit} solo está en {cover}: cada línea toma un {digit}, así que sale del resto de {cover}.",
    finned: "(las aletas están en una caja: solo pierden el {digit} las celdas que también la ven)",
    finned_region: "(las aletas están en una región: solo pierden el {digit} las celdas que también la ven)",
    complex_fish: "{base} necesitan cada una su propio {digit}, y todos están en {cover}, [que admiten un solo {digit} cada una: quedan llenas, así que el {digit} sale del resto de {cover}|uno en cada una, así que el {digit} sale del resto de ellas].",
    complex_fins: "[(salvo que una de las aletas {fins} sea {digit}: por eso solo caen los candidatos que ven todas las aletas)|(solo lo pierden celdas que ven cada aleta: {fins})]",
    cannibal: "[Los candidatos base que están en dos casas de cobertura a la vez también salen ({cannibals}): un {digit} allí llenaría dos y dejaría sin él a una casa base.|{cannibals} también sale: está en dos coberturas.]",
    template_set: "el {digit} necesita una celda en cada fila, columna y caja; todas las formas en que aún cabe en la cuadrícula usan {cells}, así que va ahí.",
    template_delete: "el {digit} necesita una celda en cada fila, columna y caja; ninguna forma en que aún cabe en la cuadrícula usa los candidatos eliminados aquí.",
    chain3: "con el {digit}, los enlaces fuertes en {house0} y {house1} hacen que {first} o {last} sea {digit}: las celdas que ven ambas no pueden serlo.",
    empty_rectangle: "con el {digit}, el rectángulo vacío de la {house0} y el enlace fuerte de la {house1} lo descartan.",
    colors: "con el {digit}, los pares conjugados enlazan {cells} alternando verdadero y falso.",
    xy_wing: "el pivote {first} obliga a que {z} esté en {second} o {third}: las celdas que ven ambas no pueden ser {z}.",
    xyz_wing: "{first}, {second} o {third} es {z}: las celdas que ven las tres no pueden serlo.",
    w_wing: "{first} y {second} tienen el mismo par y las une un enlace fuerte, así que una es {z}.",
    x_chain: "con el {digit}, la cadena {cells} alterna enlaces fuertes y débiles: {first} o {last} es {digit}, así que las celdas que ven ambas no pueden serlo.",
    xy_chain: "las celdas bivalor {cells} forman una cadena: si {first} no es {z}, lo es {last}, así que las celdas que ven ambas no pueden ser {z}.",
    remote_pair: "{cells} solo tienen {digits} y se alternan a lo largo de la cadena: una celda que ve dos de ellas a distancia impar no puede tener ninguno.",
    aic: "en la cadena [{chain}|de {n} enlaces (ver abajo)], si {start} es falso, {end} es verdadero: uno de los dos lo es, así que cae lo que ve a ambos.",
    loop_false: "el bucle [{chain} (= fuerte, - débil)|de {n} enlaces (ver abajo)] supone {start} verdadero y vuelve con {start} falso: {start} no puede ser verdadero.",
    loop_true: "el bucle [{chain} (= fuerte, - débil)|de {n} enlaces (ver abajo)] supone {start} falso y vuelve con {start} verdadero: {start} debe ser verdadero, así que su celda pierde las demás cifras.",
    loop_pair: "en la cadena [{chain} (= fuerte, - débil)|de {n} enlaces (ver abajo)], si {start} es falso, {end} es verdadero: uno de los dos ocupa su celda, que pierde las demás cifras.",
    continuous_loop: "el bucle [{chain}|de {n} enlaces (ver abajo)] alterna enlaces fuertes[ (=)] y débiles[ (-)][ en toda la vuelta], así que cada enlace tiene un extremo verdadero: una cifra entre dos celdas sale de las que ven a ambas; una celda enlazada por dentro conserva solo esas dos.",
    through_sets: "{links}: cada uno une dos cifras de un conjunto casi bloqueado (n celdas, n+1 cifras; sus celdas están sombreadas): un conjunto sin la primera cifra queda bloqueado y tiene la segunda.",
    forced_cell: "{link}: sin {digit}, el conjunto casi bloqueado {set} (n celdas, n+1 cifras; sombreado) queda bloqueado, y sus otras cifras dejan a {cell} solo {only}.",
    uniqueness: "{cells} no pueden formar un rectángulo intercambiable de {digits}, o el sudoku tendría dos soluciones.",
    bug: "todas las demás celdas vacías tienen dos candidatos: {cell} debe ser {digit}, o habría dos soluciones.",
    sue_de_coq: "[{crossing} (donde se cruzan {house0} y {house1}), {linecells} (en {house0}) y {boxcells} (en {house1})|{crossing} con {linecells} y {boxcells}] solo tienen {digits}: tantas cifras como celdas, [y ninguna cifra en ambos lados, así que cada cifra está exactamente una vez|ninguna en ambos lados, así que cada una está una vez]: {linedigits} salen del resto de {house0}; {boxdigits} salen del resto de {house1}.",
    avoidable1: "{first}, {second} y {third} se rellenaron al resolver, no son pistas: un {z} en {last} formaría un rectángulo cuyas dos cifras podrían intercambiarse, y el sudoku tendría dos soluciones.",
    avoidable2: "{first} y {second} se rellenaron al resolver, no son pistas: si {third} y {last} tomaran las cifras que completan el rectángulo, sus dos cifras podrían intercambiarse (dos soluciones), así que una de ellas es {z}, y las celdas que ven ambas no pueden serlo.",
    dual_kite: "dos cometas (con {digits}) pasan por las mismas dos celdas de una caja: en cada una, enlaces fuertes en fila y columna hacen que uno de sus extremos tenga su cifra, así que las celdas que ven ambos extremos de una cometa no pueden tenerla.",
    dual_er: "con el {digit}, el rectángulo vacío de la {house0} actúa con dos enlaces fuertes: cada vez, el extremo lejano del enlace o la línea de la caja tiene el {digit}, y la celda que ve ambos no puede tenerlo.",
    dual_kite_region: "dos cometas (con {digits}) pasan por las mismas dos celdas de una región: en cada una, enlaces fuertes en fila y columna hacen que uno de sus extremos tenga su cifra, así que las celdas que ven ambos extremos de una cometa no pueden tenerla.",
    dual_er_region: "con el {digit}, el rectángulo vacío de la {house0} actúa con dos enlaces fuertes: cada vez, el extremo lejano del enlace o la línea de la región tiene el {digit}, y la celda que ve ambos no puede tenerlo.",
    multi1: "con el {digit}, los pares conjugados colorean dos grupos separados[ ({cells})]. Un color de uno ve un color del otro: no pueden ser ambos verdaderos, así que uno de sus colores opuestos lo es, y las celdas que ven ambos no pueden ser {digit}.",
    multi2: "con el {digit}, los pares conjugados colorean dos grupos separados[ ({cells})]. Un color ve los dos colores del otro grupo, uno de los cuales es verdadero: así que ese color es falso y sus celdas no pueden ser {digit}.",
    medusa_wrap: "las celdas de dos candidatos y los pares conjugados enlazan candidatos de varias cifras en dos colores, uno todo verdadero y otro todo falso. {colour} {why}, así que es falso y sus candidatos caen.",
    medusa_blue: "El azul (los círculos)",
    medusa_orange: "El naranja (los cuadrados)",
    medusa_two_digits: "pondría dos cifras en {cell}",
    medusa_twice: "pondría {digit} dos veces en {house}",
    medusa_no_digit: "dejaría {cell} sin cifra",
    medusa_trap: "las celdas de dos candidatos y los pares conjugados reparten candidatos de varias cifras en dos colores, uno todo verdadero y otro todo falso. Sea cual sea el verdadero, cada candidato eliminado comparte celda con él o ve su cifra.",
    reveal: "aquí no se aplica ninguna técnica; la solución tiene {digit} en {cell}.",
    als_xz: "los conjuntos casi bloqueados[ (n celdas, n+1 cifras) de {houses} ({cells})] están unidos por {x}: solo uno de ellos puede tenerlo, así que el otro queda bloqueado, y en cualquier caso {z} está en uno de los dos[ ({chain})]: las celdas que ven todos los {z} de ambos no pueden ser {z}.",
    als_xz_double: "los conjuntos casi bloqueados[ (n celdas, n+1 cifras) de {houses} ({cells})] están unidos a la vez por {x}: cada uno tiene exactamente uno de ellos, así que ambos quedan bloqueados: sus demás cifras se quedan dentro y {x} se quedan en los dos conjuntos[ ({chain})].",
    als_xy_wing: "los conjuntos casi bloqueados[ (n celdas, n+1 cifras) de {houses} ({cells})] forman un ala unida por {x}[ ({chain})]: el del medio no puede perder ambos enlaces, así que uno exterior queda bloqueado y tiene {z}: las celdas que ven todos los {z} de ambos exteriores no pueden ser {z}.",
    als_chain: "los conjuntos casi bloqueados[ (n celdas, n+1 cifras) de {houses} ({cells})] forman una cadena unida por {x}[ ({chain})]: si al primero le falta {z} queda bloqueado, cada enlace bloquea el siguiente y el último tiene {z}: las celdas que ven todos los {z} de ambos extremos no pueden ser {z}.",
    death_blossom: "tenga lo que tenga {cell}, el pétalo de esa cifra la pierde y queda bloqueado[ ({chain})], así que uno de los pétalos de {houses} tiene {z}: las celdas que ven todos los {z} de todos los pétalos no pueden ser {z}.",
    removes: "Elimina {elims}.",
    removes_count: "Elimina {n} candidatos marcados.",
    places: "Coloca {places}.",
    and: "y",
    house_row: "fila {n}",
    house_col: "columna {n}",
    house_box: "caja {n}",
    house_region: "región {n}",
    house_rows: "filas {n}",
    house_cols: "columnas {n}",
    house_boxes: "cajas {n}",
    house_regions: "regiones {n}",
    forcing_contradiction: "si {assumption}[: {walk}. Entonces| (paso a paso abajo),] {why}, así que {conclusion}.",
    forcing_cell: "{cell} contiene uno de {digits}.[ {branches}| Cada caso está paso a paso abajo.] En cualquier caso, {conclusion}.",
    forcing_unit: "{digit} va en {house} en una de {cells}.[ {branches}| Cada caso está paso a paso abajo.] En cualquier caso, {conclusion}.",
    forcing_branch: "Si {assumption}: {walk}.",
    forcing_both: "{cell} sería a la vez {digit} y no {digit}",
    forcing_no_candidate: "{cell} se quedaría sin dígitos",
    forcing_no_place: "{digit} no tendría sitio en {house}",
    forcing_nested: "(probarlo falla)",
    page_branch: "Rama {n} de {total}: si {assumption}, entonces {outcome}.",
    page_contradiction: "Si {assumption}: {why}. Eso es imposible, así que {conclusion}.",
    page_cell: "{cell} contiene uno de {digits}, y cada rama lleva al mismo resultado: así que {conclusion}.",
    page_unit: "{digit} va en {house} en una de {cells}, y cada rama lleva al mismo resultado: así que {conclusion}.",
    cage_combination: "las {n} celdas de la jaula {cells} suman {total} sin repetir dígito: ningún conjunto de {n} dígitos distintos que sume {total} y quepa en la jaula usa los candidatos eliminados.",
    cage_confinement: "todo conjunto de dígitos distintos que suma {total} en la jaula {cells} tiene el {digit}, y ahí solo puede ir en {holders}: las celdas que ven todas ellas no pueden ser {digit}.",
    innies: "los dígitos de {houses} suman {area}; las jaulas del todo dentro suman {inside}, así que las demás celdas, {cells}, suman {total}: los candidatos eliminados no pueden dar esa suma.",
    outies: "los dígitos de {houses} suman {area}; las jaulas que los cubren suman {covering}, así que las celdas que sobresalen, {cells}, suman {total}: los candidatos eliminados no pueden dar esa suma.",
    innie_outie: "los dígitos de {houses} suman {area}; las jaulas que los tocan suman {cages}, así que las celdas dentro sin jaula y las que sobresalen difieren: {more} suman {diff} más que {less}. Los candidatos eliminados no pueden darlo.",
    cage_splitting: "los dígitos de {houses} suman {area} y las jaulas del todo dentro {inside}; de la jaula {cells}, las celdas dentro ({part}) suman {total} y las demás, con otros dígitos, el resto: ningún reparto así admite los candidatos eliminados.",
    little_killer_combination: "los dígitos a lo largo de la diagonal {cells} suman {total}, y un dígito solo se repite en celdas que no se ven: ningún relleno así usa los candidatos eliminados.",
    constraint_aic: "en la cadena [{chain}|de {n} enlaces (ver abajo)], enlazada por las casas y las reglas, si {start} es falso, {end} es verdadero: uno de los dos lo es, así que cae lo que ambos excluyen.",
    constraint_rule: "{rule} ({cells}): los candidatos eliminados no cumplen esa regla.",
    constraint_rule_global: "{rule}: los candidatos eliminados no cumplen esa regla.",
    constraint_trial: "si {cell} fuera {digit}, seguir filas, columnas, cajas y cada regla paso a paso dejaría {why}: así que {cell} no es {digit}.",
    constraint_cell_trial: "{cell} tiene uno de {digits}; con cada uno, seguir filas, columnas, cajas y cada regla paso a paso descarta los candidatos eliminados (o falla).",
    constraint_nested_trial: "si {cell} fuera {digit}, seguir filas, columnas, cajas y cada regla paso a paso, descartando cada candidato cuyo propio intento falla entonces ({nested}), dejaría una celda o un dígito sin lugar: así que {cell} no es {digit}.",
    constraint_trial_regions: "si {cell} fuera {digit}, seguir filas, columnas, regiones y cada regla paso a paso dejaría {why}: así que {cell} no es {digit}.",
    constraint_cell_trial_regions: "{cell} tiene uno de {digits}; con cada uno, seguir filas, columnas, regiones y cada regla paso a paso descarta los candidatos eliminados (o falla).",
    constraint_nested_trial_regions: "si {cell} fuera {digit}, seguir filas, columnas, regiones y cada regla paso a paso, descartando cada candidato cuyo propio intento falla entonces ({nested}), dejaría una celda o un dígito sin lugar: así que {cell} no es {digit}.",
    trial_why_any: "una celda o un dígito sin lugar",
    trial_why_cell: "{cell} sin dígito",
    trial_why_place: "el {digit} sin lugar en {house}",
    trial_why_set: "la jaula {cells} sin ningún conjunto de dígitos distintos que sume {total}",
    rule_killer: "los dígitos de una jaula no se repiten",
    rule_little_killer: "los dígitos a lo largo de la diagonal del little killer suman {total}",
    rule_sandwich: "los dígitos entre el 1 y el dígito mayor de la línea suman {total}",
    rule_arrow: "los dígitos de la flecha suman el número de su círculo",
    rule_thermo: "los dígitos suben a lo largo del termómetro desde su bulbo",
    rule_kropki: "en un punto blanco los dígitos difieren en 1; en uno negro uno es el doble del otro",
    rule_xv: "los dígitos de una X suman 10, los de una V suman 5",
    rule_kropki_negative: "los vecinos sin punto no guardan la relación de los puntos",
    rule_xv_negative: "los vecinos sin X ni V no suman 10 ni 5",
    rule_whispers: "los vecinos de una línea German whispers difieren en 5 o más",
    rule_renban: "una línea renban tiene dígitos consecutivos en cualquier orden",
    rule_palindrome: "una línea palíndromo se lee igual desde los dos extremos",
    rule_diagonal: "la diagonal tiene cada dígito una vez",
    rule_anti_knight: "las celdas a un salto de caballo tienen dígitos distintos",
    rule_anti_king: "las celdas a un paso de rey tienen dígitos distintos",
    rule_non_consecutive: "las celdas contiguas nunca tienen dígitos consecutivos",
    rule_extra_region: "la región extra no repite dígito",
    rule_disjoint: "las celdas en el mismo lugar de sus cajas tienen dígitos distintos",
    rule_parity: "la marca de la celda solo admite dígitos impares o solo pares",
};

// Not in the app's wasm: read from static/lang at run time (`file`).
#[cfg(not(target_arch = "wasm32"))]
const KO: Phrases = Phrases {
    full_house: "{cell}은(는) {house}의 마지막 빈 칸이므로 {digit}입니다.",
    hidden_single: "{house}에서 {digit}은(는) {cell}에만 들어갈 수 있습니다.",
    naked_single: "{cell}에 남은 후보는 {digit}뿐입니다.",
    pointing: "{house0}에서 {digit}은(는) {house1}에만 있으므로 {house1}의 나머지에서 빠집니다.",
    claiming: "{house0}에서 {digit}은(는) {house1} 안에만 있으므로 {house1}의 나머지에서 빠집니다.",
    naked_subset: "{houses}에서 {cells}에는 {digits}만 있으므로 다른 칸에서 이 숫자들이 빠집니다.",
    hidden_subset: "{house}에서 {digits}은(는) {cells}에만 들어가므로 이 칸들에는 다른 숫자가 없습니다.",
    fish: "{base}에서 {digit}은(는) {cover}에만 있습니다. 각 줄이 {digit} 하나씩을 차지하므로 {cover}의 나머지에서 빠집니다.",
    finned: "(핀이 한 박스에 있으므로 그 박스도 보는 칸만 {digit}이(가) 빠집니다)",
    finned_region: "(핀이 한 영역에 있으므로 그 영역도 보는 칸만 {digit}이(가) 빠집니다)",
    complex_fish: "{base}은(는) 각각 자기 {digit}이(가) 필요하고, 그것들은 모두 {cover}에 있습니다. 이 하우스들에는 {digit}이(가) 하나씩만 들어가므로 가득 차고, {cover}의 나머지에서 {digit}이(가) 빠집니다.",
    complex_fins: "(핀 {fins} 중 하나가 {digit}이면 예외이므로, 모든 핀을 보는 후보만 지워집니다)",
    cannibal: "[{cannibals}은(는) 두 커버 하우스에 동시에 있습니다. 거기에 {digit}이(가) 오면 둘을 한꺼번에 채워 베이스 하우스 하나가 비게 되므로, 이것도 지워집니다.|{cannibals}도 두 커버 하우스에 있으므로 지워집니다.]",
    template_set: "{digit}은(는) 모든 행, 열, 박스에 한 칸씩 필요합니다. 아직 가능한 모든 배치가 {cells}을(를) 쓰므로 {digit}이(가) 들어갑니다.",
    template_delete: "{digit}은(는) 모든 행, 열, 박스에 한 칸씩 필요합니다. 아직 가능한 어떤 배치도 여기서 지워지는 후보를 쓰지 않습니다.",
    chain3: "{digit}에 대해 {house0}와(과) {house1}의 강한 연결 때문에 {first} 또는 {last}이(가) {digit}입니다. 둘 다 보는 칸은 {digit}이(가) 될 수 없습니다.",
    empty_rectangle: "{digit}에 대해 {house0}의 빈 사각형과 {house1}의 강한 연결이 이를 배제합니다.",
    colors: "{digit}에 대해 켤레 쌍이 {cells}을(를) 참과 거짓으로 번갈아 연결합니다.",
    xy_wing: "축 {first} 때문에 {z}은(는) {second} 또는 {third}에 있습니다. 둘 다 보는 칸은 {z}이(가) 될 수 없습니다.",
    xyz_wing: "{first}, {second}, {third} 중 하나가 {z}입니다. 셋 모두를 보는 칸은 {z}이(가) 될 수 없습니다.",
    w_wing: "{first}와(과) {second}은(는) 같은 쌍을 가지고 강한 연결로 이어져 있으므로 하나는 {z}입니다.",
    x_chain: "{digit}에 대해 체인 {cells}은(는) 강한 연결과 약한 연결이 번갈아 나옵니다. {first} 또는 {last}이(가) {digit}이므로 둘 다 보는 칸은 {digit}이(가) 될 수 없습니다.",
    xy_chain: "두 후보 칸 {cells}이(가) 체인을 이룹니다. {first}이(가) {z}이(가) 아니면 {last}이(가) {z}이므로 둘 다 보는 칸은 {z}이(가) 될 수 없습니다.",
    remote_pair: "{cells}은(는) 모두 {digits}만 가지며 체인을 따라 번갈아 나옵니다. 홀수 거리의 두 칸을 보는 칸은 둘 다 될 수 없습니다.",
    aic: "체인 [{chain}에서|({n}개 연결, 아래 참조)에서] {start}이(가) 거짓이면 {end}이(가) 참이므로 둘 중 하나는 참이고, 둘 모두를 보는 후보는 지워집니다.",
    loop_false: "루프 [{chain} (= 강한 연결, - 약한 연결)|({n}개 연결, 아래 참조)]은(는) {start}을(를) 참으로 두고 시작해 {start}이(가) 거짓이 되어 돌아옵니다. {start}은(는) 참일 수 없습니다.",
    loop_true: "루프 [{chain} (= 강한 연결, - 약한 연결)|({n}개 연결, 아래 참조)]은(는) {start}을(를) 거짓으로 두고 시작해 {start}이(가) 참이 되어 돌아옵니다. {start}은(는) 참이어야 하므로 그 칸의 다른 숫자는 모두 지워집니다.",
    loop_pair: "체인 [{chain} (= 강한 연결, - 약한 연결)|({n}개 연결, 아래 참조)]에서 {start}이(가) 거짓이면 {end}이(가) 참입니다. 둘 중 하나가 그 칸을 채우므로 그 칸의 다른 숫자는 모두 지워집니다.",
    continuous_loop: "루프 [{chain}|({n}개 연결, 아래 참조)]은(는) 강한 연결(=)과 약한 연결(-)이 끝까지 번갈아 나오며 닫히므로 모든 연결의 한쪽 끝만 참입니다. 두 칸을 잇는 숫자는 두 칸을 모두 보는 칸에서 지워지고, 칸 안에서 이어진 칸에는 그 두 숫자만 남습니다.",
    through_sets: "{links}: 각각 거의 잠긴 집합(n칸, n+1개 숫자, 음영 표시된 칸)의 두 숫자를 잇습니다. 첫 숫자가 없는 집합은 잠기고 두 번째 숫자를 가집니다.",
    forced_cell: "{link}: {digit}이(가) 없으면 거의 잠긴 집합 {set}(n칸, n+1개 숫자, 음영 표시)은 잠기고, 나머지 숫자들이 {cell}에 {only}만 남깁니다.",
    uniqueness: "{cells}이(가) {digits}의 교환 가능한 사각형이 되면 해가 둘이 되므로 그럴 수 없습니다.",
    bug: "다른 빈 칸은 모두 후보가 둘입니다. {cell}은(는) {digit}이어야 하며, 아니면 해가 둘이 됩니다.",
    sue_de_coq: "[{crossing}({house0}와(과) {house1}이(가) 만나는 칸), {linecells}({house0}) 그리고 {boxcells}({house1})|{crossing}, {linecells}, {boxcells}]에는 {digits}만 있습니다. 숫자 수와 칸 수가 같고 양쪽에 함께 있는 숫자가 없으므로 각 숫자는 정확히 한 번 들어갑니다. 따라서 {house0}의 나머지에서 {linedigits}이(가) 빠지고, {house1}의 나머지에서 {boxdigits}이(가) 빠집니다.",
    avoidable1: "{first}, {second}, {third}은(는) 주어진 숫자가 아니라 풀면서 채운 숫자입니다. {last}이(가) {z}이면 두 숫자를 맞바꿀 수 있는 사각형이 되어 해가 둘이 됩니다.",
    avoidable2: "{first}와(과) {second}은(는) 주어진 숫자가 아니라 풀면서 채운 숫자입니다. {third}와(과) {last}이(가) 사각형을 완성하는 숫자가 되면 두 숫자를 맞바꿀 수 있어 해가 둘이 되므로, 둘 중 하나는 {z}입니다. 둘 다 보는 칸은 {z}이(가) 될 수 없습니다.",
    dual_kite: "두 연(2-String Kite, {digits})이 한 박스의 같은 두 칸을 지납니다. 각 연에서 행의 강한 연결과 열의 강한 연결 때문에 두 끝 중 하나가 그 연의 숫자이므로, 한 연의 두 끝을 모두 보는 칸은 그 숫자가 될 수 없습니다.",
    dual_er: "{digit}에 대해 {house0}의 빈 사각형이 두 강한 연결과 함께 작동합니다. 각각 연결의 먼 끝이나 박스의 줄이 {digit}을(를) 가지므로 둘 다 보는 칸은 {digit}이(가) 될 수 없습니다.",
    dual_kite_region: "두 연(2-String Kite, {digits})이 한 영역의 같은 두 칸을 지납니다. 각 연에서 행의 강한 연결과 열의 강한 연결 때문에 두 끝 중 하나가 그 연의 숫자이므로, 한 연의 두 끝을 모두 보는 칸은 그 숫자가 될 수 없습니다.",
    dual_er_region: "{digit}에 대해 {house0}의 빈 사각형이 두 강한 연결과 함께 작동합니다. 각각 연결의 먼 끝이나 영역의 줄이 {digit}을(를) 가지므로 둘 다 보는 칸은 {digit}이(가) 될 수 없습니다.",
    multi1: "{digit}에 대해 켤레 쌍이 서로 떨어진 두 묶음[({cells})]을 색칠합니다. 한 묶음의 색이 다른 묶음의 색을 보므로 둘 다 참일 수 없고, 그 반대 색 중 하나가 참입니다. 그 둘을 모두 보는 칸은 {digit}이(가) 될 수 없습니다.",
    multi2: "{digit}에 대해 켤레 쌍이 서로 떨어진 두 묶음[({cells})]을 색칠합니다. 한 색이 다른 묶음의 두 색을 모두 보는데 그중 하나는 참이므로, 그 색은 거짓이고 그 칸들은 {digit}이(가) 될 수 없습니다.",
    medusa_wrap: "후보가 둘인 칸과 켤레 쌍이 여러 숫자의 후보를 두 색으로 연결합니다. 한 색은 모두 참, 다른 색은 모두 거짓입니다. {colour}은(는) {why} 거짓이고, 그 후보들은 지워집니다.",
    medusa_blue: "파란색(원)",
    medusa_orange: "주황색(사각형)",
    medusa_two_digits: "{cell}에 두 숫자를 넣게 되므로",
    medusa_twice: "{house}에 {digit}을(를) 두 번 넣게 되므로",
    medusa_no_digit: "{cell}에 숫자가 남지 않게 되므로",
    medusa_trap: "후보가 둘인 칸과 켤레 쌍이 여러 숫자의 후보를 두 색으로 연결합니다. 한 색은 모두 참, 다른 색은 모두 거짓입니다. 어느 쪽이든 제거되는 후보는 참인 색과 같은 칸에 있거나 그 숫자를 봅니다.",
    reveal: "여기서는 적용되는 기법이 없습니다. 정답은 {cell}에 {digit}입니다.",
    als_xz: "[{houses}의 ]거의 잠긴 집합[(n칸, n+1개 숫자) {cells}]은(는) {x}(으)로 연결됩니다. 둘 중 하나만 그 숫자를 가질 수 있으므로 다른 하나는 잠기고, 어느 쪽이든 {z}은(는) 두 집합 중 하나에 있습니다[({chain})]. 두 집합의 모든 {z}을(를) 보는 칸은 {z}이(가) 될 수 없습니다.",
    als_xz_double: "[{houses}의 ]거의 잠긴 집합[(n칸, n+1개 숫자) {cells}]은(는) {x}(으)로 이중 연결됩니다. 각 집합이 그중 정확히 하나를 가지므로 둘 다 잠깁니다. 나머지 숫자는 각 집합 안에 남고 {x}은(는) 두 집합 안에 남습니다[({chain})].",
    als_xy_wing: "[{houses}의 ]거의 잠긴 집합[(n칸, n+1개 숫자) {cells}]은(는) {x}(으)로 연결된 윙을 이룹니다[({chain})]. 가운데 집합은 두 연결 숫자를 모두 잃을 수 없으므로 바깥 집합 하나가 잠겨 {z}을(를) 가집니다. 두 바깥 집합의 모든 {z}을(를) 보는 칸은 {z}이(가) 될 수 없습니다.",
    als_chain: "[{houses}의 ]거의 잠긴 집합[(n칸, n+1개 숫자) {cells}]은(는) {x}(으)로 연결된 체인을 이룹니다[({chain})]. 첫 집합에 {z}이(가) 없으면 그 집합이 잠기고, 각 연결이 다음 집합을 잠가 마지막 집합이 {z}을(를) 가집니다. 양 끝 집합의 모든 {z}을(를) 보는 칸은 {z}이(가) 될 수 없습니다.",
    death_blossom: "{cell}이(가) 무엇이든 그 숫자의 꽃잎 집합은 그 숫자를 잃고 잠깁니다[({chain})]. 따라서 {houses}의 꽃잎 중 하나가 {z}을(를) 가지며, 모든 꽃잎의 {z}을(를) 보는 칸은 {z}이(가) 될 수 없습니다.",
    removes: "제거: {elims}.",
    removes_count: "표시된 후보 {n}개를 지웁니다.",
    places: "배치: {places}.",
    and: "그리고",
    house_row: "{n}행",
    house_col: "{n}열",
    house_box: "{n}번 박스",
    house_region: "{n}번 영역",
    house_rows: "{n}행",
    house_cols: "{n}열",
    house_boxes: "{n}번 박스",
    house_regions: "{n}번 영역",
    forcing_contradiction: "{assumption}이라고 가정하면[: {walk}. 그러면| (아래에서 단계별로)] {why}, 따라서 {conclusion}.",
    forcing_cell: "{cell}에는 {digits} 중 하나가 들어갑니다.[ {branches}| 각 경우는 아래에서 단계별로 볼 수 있습니다.] 어느 경우든 {conclusion}.",
    forcing_unit: "{digit}은(는) {house}의 {cells} 중 한 곳에 들어갑니다.[ {branches}| 각 경우는 아래에서 단계별로 볼 수 있습니다.] 어느 경우든 {conclusion}.",
    forcing_branch: "{assumption}이면: {walk}.",
    forcing_both: "{cell}이(가) {digit}이면서 {digit}이 아니게 되므로",
    forcing_no_candidate: "{cell}에 남는 숫자가 없으므로",
    forcing_no_place: "{house}에 {digit}이(가) 들어갈 곳이 없으므로",
    forcing_nested: "(시도하면 실패)",
    page_branch: "{total}개 중 {n}번째 가지: {assumption}이면 {outcome}.",
    page_contradiction: "{assumption}이라고 가정하면 {why} 불가능합니다. 따라서 {conclusion}.",
    page_cell: "{cell}에는 {digits} 중 하나가 들어가고, 모든 가지가 같은 결과로 이어지므로 {conclusion}.",
    page_unit: "{digit}은(는) {house}의 {cells} 중 한 곳에 들어가고, 모든 가지가 같은 결과로 이어지므로 {conclusion}.",
    cage_combination: "케이지 {cells}의 {n}칸은 숫자 중복 없이 합이 {total}입니다: 케이지에 맞고 합이 {total}인 서로 다른 숫자 {n}개의 조합 중 제거된 후보를 쓰는 것은 없습니다.",
    cage_confinement: "케이지 {cells}에서 합이 {total}인 서로 다른 숫자의 조합은 모두 {digit}을(를) 포함하고, 그곳에서 {digit}은(는) {holders}에만 올 수 있습니다: 이들을 모두 보는 칸은 {digit}이(가) 아닙니다.",
    innies: "{houses}의 숫자 합은 {area}이고 완전히 안에 있는 케이지의 합은 {inside}이므로, 나머지 칸 {cells}의 합은 {total}입니다: 제거된 후보로는 그 합을 만들 수 없습니다.",
    outies: "{houses}의 숫자 합은 {area}이고 이를 덮는 케이지의 합은 {covering}이므로, 밖으로 나온 칸 {cells}의 합은 {total}입니다: 제거된 후보로는 그 합을 만들 수 없습니다.",
    innie_outie: "{houses}의 숫자 합은 {area}이고 이에 닿는 케이지의 합은 {cages}이므로, 케이지 밖의 안쪽 칸과 밖으로 나온 칸을 비교하면 {more}의 합이 {less}의 합보다 {diff} 큽니다: 제거된 후보로는 그렇게 될 수 없습니다.",
    cage_splitting: "{houses}의 숫자 합은 {area}이고 완전히 안에 있는 케이지의 합은 {inside}이므로, 케이지 {cells} 중 안쪽 칸 {part}의 합은 {total}이고 나머지 칸은 다른 숫자로 케이지 합의 나머지를 이룹니다: 이렇게 나누는 어떤 방법도 제거된 후보를 허용하지 않습니다.",
    little_killer_combination: "대각선 {cells}의 숫자 합은 {total}이고, 숫자는 서로 보지 않는 칸에서만 반복됩니다: 그렇게 채우는 방법 중 제거된 후보를 쓰는 것은 없습니다.",
    constraint_aic: "집과 규칙으로 이어진 체인 [{chain}에서|({n}개 연결, 아래 참조)에서] {start}이(가) 거짓이면 {end}이(가) 참이므로 둘 중 하나는 참이고, 둘 다 배제하는 후보는 지워집니다.",
    constraint_rule: "{rule} ({cells}): 제거된 후보는 이 규칙을 따를 수 없습니다.",
    constraint_rule_global: "{rule}: 제거된 후보는 이 규칙을 따를 수 없습니다.",
    constraint_trial: "{cell}이(가) {digit}이라면, 행·열·박스와 모든 규칙을 차례로 따를 때 {why}: 따라서 {cell}은(는) {digit}이(가) 아닙니다.",
    constraint_cell_trial: "{cell}은(는) {digits} 중 하나입니다; 각 경우에 행·열·박스와 모든 규칙을 차례로 따르면 제거된 후보가 배제됩니다 (또는 모순이 됩니다).",
    constraint_nested_trial: "{cell}이(가) {digit}이라면, 행·열·박스와 모든 규칙을 차례로 따르고, 그 상태에서 시도하면 실패하는 후보를 지워 가면({nested}) 어떤 칸이나 숫자가 들어갈 곳이 없어집니다: 따라서 {cell}은(는) {digit}이(가) 아닙니다.",
    constraint_trial_regions: "{cell}이(가) {digit}이라면, 행·열·영역과 모든 규칙을 차례로 따를 때 {why}: 따라서 {cell}은(는) {digit}이(가) 아닙니다.",
    constraint_cell_trial_regions: "{cell}은(는) {digits} 중 하나입니다; 각 경우에 행·열·영역과 모든 규칙을 차례로 따르면 제거된 후보가 배제됩니다 (또는 모순이 됩니다).",
    constraint_nested_trial_regions: "{cell}이(가) {digit}이라면, 행·열·영역과 모든 규칙을 차례로 따르고, 그 상태에서 시도하면 실패하는 후보를 지워 가면({nested}) 어떤 칸이나 숫자가 들어갈 곳이 없어집니다: 따라서 {cell}은(는) {digit}이(가) 아닙니다.",
    trial_why_any: "어떤 칸이나 숫자가 들어갈 곳이 없어집니다",
    trial_why_cell: "{cell}에 들어갈 숫자가 없어집니다",
    trial_why_place: "{house}에 {digit}이(가) 들어갈 곳이 없어집니다",
    trial_why_set: "케이지 {cells}에 합이 {total}인 서로 다른 숫자 조합이 남지 않습니다",
    rule_killer: "케이지의 숫자는 반복되지 않습니다",
    rule_little_killer: "리틀 킬러 대각선을 따라 있는 숫자의 합은 {total}입니다",
    rule_sandwich: "줄에서 1과 가장 큰 숫자 사이에 있는 숫자의 합은 {total}입니다",
    rule_arrow: "화살표 위 숫자의 합은 원 안의 수입니다",
    rule_thermo: "온도계를 따라 구부터 숫자가 커집니다",
    rule_kropki: "흰 점의 두 숫자는 1 차이이고, 검은 점의 한 숫자는 다른 숫자의 두 배입니다",
    rule_xv: "X의 두 숫자는 합이 10, V의 두 숫자는 합이 5입니다",
    rule_kropki_negative: "점이 없는 이웃 칸은 점의 관계를 갖지 않습니다",
    rule_xv_negative: "X나 V가 없는 이웃 칸은 합이 10이나 5가 아닙니다",
    rule_whispers: "저먼 위스퍼 선의 이웃 칸은 5 이상 차이 납니다",
    rule_renban: "렌반 선은 연속된 숫자를 순서 없이 담습니다",
    rule_palindrome: "회문 선은 양 끝에서 똑같이 읽힙니다",
    rule_diagonal: "대각선에는 각 숫자가 한 번씩 들어갑니다",
    rule_anti_knight: "나이트 한 수 거리의 칸은 숫자가 다릅니다",
    rule_anti_king: "킹 한 수 거리의 칸은 숫자가 다릅니다",
    rule_non_consecutive: "맞닿은 칸에는 연속된 숫자가 오지 않습니다",
    rule_extra_region: "추가 영역에는 숫자가 중복되지 않습니다",
    rule_disjoint: "박스 안 같은 자리의 칸은 숫자가 다릅니다",
    rule_parity: "칸의 표시는 홀수만 또는 짝수만 허용합니다",
};

/// A language's phrases: natively every language is built in; the app's wasm has English
/// built in and the others as read from their files (`file::install`), English until then.
#[cfg(not(target_arch = "wasm32"))]
fn phrases(lang: Lang) -> &'static Phrases {
    match lang {
        Lang::En => &EN,
        Lang::De => &DE,
        Lang::Es => &ES,
        Lang::Ko => &KO,
    }
}

/// The app's wasm: English, or the language's file once read.
// Not inlined: hundreds of callers would each carry the look-up.
#[cfg(target_arch = "wasm32")]
#[inline(never)]
fn phrases(lang: Lang) -> &'static Phrases {
    file::installed(lang).unwrap_or(&EN)
}

/// Fills a template: each `{key}` becomes its value; a key not given stays as written. The one
/// place templates are filled, the engine's sentences (`fill`, below) and the app's words
/// (`inkdoku_app::i18n::fill`) alike.
#[inline]
pub fn fill_template<V: AsRef<str>>(template: &str, values: &[(&str, V)]) -> String {
    let mut out = template.to_string();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), value.as_ref());
    }
    out
}

/// A sentence's template filled (the step's sentence, the forcing branches, houses); the tests
/// note every template filled, and look for keys left as written.
#[inline]
pub(crate) fn fill(template: &str, values: &[(&str, String)]) -> String {
    #[cfg(test)]
    tests::FILLED.with(|f| f.borrow_mut().insert(template.to_string()));
    fill_template(template, values)
}

/// Cells in words: each named ("r1c6, r2c6, r3c6"), or, in a brief sentence, in the compact
/// notation players write ("r123c6").
#[inline]
fn cells_text(size: Size, cells: &[Cell], brief: bool) -> String {
    if brief {
        return cells_compact(size, cells);
    }
    cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(", ")
}

/// A set of cells (a cage, the cells a sum is about) named in reading order, row by row: a
/// cage's cells come in the order its puzzle listed them, often a snake ("r2c6, r2c5"), which
/// reads as if the order meant something. Chains keep their own order (`cells_text`).
#[inline]
fn cell_set_text(size: Size, cells: &[Cell], brief: bool) -> String {
    let mut cells = cells.to_vec();
    crate::keyed_sort::sort_by_key(&mut cells, |c| c.index() as u64);
    cells_text(size, &cells, brief)
}

/// A chain through almost locked sets as players write it: each strong link inside a set as
/// `(z=x)cells`, the weak links between sets as ` - `: `(3=7)r1c23 - (7=3)r5c5`. A link from a
/// single cell into a set (a Death Blossom's stem) is written `3r2c2 - `.
#[inline]
fn als_chain_text(size: Size, links: &[Link]) -> String {
    let mut out = String::new();
    for (i, link) in links.iter().enumerate() {
        if link.strong {
            let mut cells = link.from.cells.clone();
            cells.extend(link.to.cells.iter().copied());
            crate::keyed_sort::sort_by_key(&mut cells, |c| c.index() as u64);
            cells.dedup();
            let digit = |d: Digit| size.digit_char(d);
            out.push_str(&format!("({}={}){}", digit(link.from.digit), digit(link.to.digit), cells_compact(size, &cells)));
        } else {
            if i == 0 {
                out.push_str(&link.from.name(size));
            }
            out.push_str(" - ");
        }
    }
    out.trim_end_matches(" - ").to_string()
}

/// A chain in Eureka notation, as it walks: `5r1c1=5r1c9-7r1c9=7r4c9` (`=` strong, `-` weak;
/// a grouped node names its cells together, `5r3c45`).
#[inline]
pub fn chain_text(size: Size, links: &[Link]) -> String {
    let mut out = links.first().map_or(String::new(), |l| l.from.name(size));
    for link in links {
        out.push(if link.strong { '=' } else { '-' });
        out.push_str(&link.to.name(size));
    }
    out
}

#[inline]
fn digits_text(size: Size, digits: DigitSet) -> String {
    digits.iter().map(|d| size.digit_char(d).to_string()).collect::<Vec<_>>().join(", ")
}

/// "2 (r3c5, r4c6); 7 (r1c1)": eliminations grouped by digit.
#[inline]
fn eliminations_text(size: Size, step: &Step) -> String {
    let digits: DigitSet = step.eliminations.iter().map(|c| c.digit).collect();
    digits
        .iter()
        .map(|d| {
            let cells: Vec<Cell> = step.eliminations.iter().filter(|c| c.digit == d).map(|c| c.cell).collect();
            format!("{} ({})", size.digit_char(d), cells_text(size, &cells, false))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Houses in words, those of a kind together as players say them: "row 3", "rows 2, 5 and 7",
/// "row 7, columns 1, 3, 4 and boxes 5, 9" (in the order given, a kind at its first place).
#[inline]
fn houses_text(houses: &[House], lang: Lang) -> String {
    let p = phrases(lang);
    let kind = |h: &House| match h {
        House::Row(_) => 0,
        House::Col(_) => 1,
        House::Box(_) => 2,
        House::Region(_) => 3,
    };
    let mut groups: Vec<(usize, Vec<String>)> = Vec::new();
    for h in houses {
        let n = (h.number() + 1).to_string();
        match groups.iter_mut().find(|(k, _)| *k == kind(h)) {
            Some((_, numbers)) if numbers.contains(&n) => {}
            Some((_, numbers)) => numbers.push(n),
            None => groups.push((kind(h), vec![n])),
        }
    }
    let and_list = |items: &[String]| match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), p.and),
    };
    let one_group = groups.len() == 1;
    let names: Vec<String> = groups
        .iter()
        .map(|(k, numbers)| {
            let (one, many) =
                [(p.house_row, p.house_rows), (p.house_col, p.house_cols), (p.house_box, p.house_boxes), (p.house_region, p.house_regions)]
                    [*k];
            // Inside a list of kinds, a kind's numbers take commas only, so "and" joins the kinds.
            let numbers_text = if one_group { and_list(numbers) } else { numbers.join(", ") };
            fill(if numbers.len() == 1 { one } else { many }, &[("n", numbers_text)])
        })
        .collect();
    and_list(&names)
}

/// The digit of a single-digit step (its pattern's candidates all share it).
#[inline]
fn pattern_digit(step: &Step) -> Option<Digit> {
    step.candidates.first().map(|c| c.digit).or_else(|| step.eliminations.first().map(|c| c.digit))
}

/// A Sue de Coq's parts: the crossing cells, the line's and the box's cells, and the digits
/// locked in each side (the step's houses are the line, then the box).
#[inline]
fn sue_de_coq_values(step: &Step, size: Size, brief: bool) -> Vec<(&'static str, String)> {
    let (Some(&line), Some(&bx)) = (step.houses.first(), step.houses.get(1)) else { return Vec::new() };
    let in_house = |h: House, c: Cell| size.houses_of(c).contains(&h);
    let part = |want_line: bool, want_box: bool| -> Vec<Cell> {
        step.cells.iter().copied().filter(|&c| in_house(line, c) == want_line && in_house(bx, c) == want_box).collect()
    };
    let digits_of = |cells: &[Cell]| -> DigitSet { step.candidates.iter().filter(|c| cells.contains(&c.cell)).map(|c| c.digit).collect() };
    let (crossing, line_cells, box_cells) = (part(true, true), part(true, false), part(false, true));
    let (v, a, b) = (digits_of(&crossing), digits_of(&line_cells), digits_of(&box_cells));
    vec![
        ("crossing", cells_text(size, &crossing, brief)),
        ("linecells", cells_text(size, &line_cells, brief)),
        ("boxcells", cells_text(size, &box_cells, brief)),
        ("linedigits", digits_text(size, (a | v).difference(b))),
        ("boxdigits", digits_text(size, (b | v).difference(a))),
    ]
}

/// A Franken or Mutant fish: base and cover houses (the step lists the bases, then as many
/// covers), the fins if any (base cells outside every cover, or in two bases), and the
/// cannibals if any (removed base cells); the briefest sentence leaves the notes on fins and
/// cannibals to the board.
#[inline]
fn complex_fish_text(step: &Step, size: Size, lang: Lang, form: Form, values: &[(&'static str, String)]) -> String {
    let p = phrases(lang);
    let brief = form != Form::Full;
    let k = step.houses.len() / 2;
    let (base, cover) = step.houses.split_at(k);
    let in_houses = |c: Cell, hs: &[House]| hs.iter().filter(|h| size.houses_of(c).contains(h)).count();
    let fins: Vec<Cell> = step.cells.iter().copied().filter(|&c| in_houses(c, cover) == 0 || in_houses(c, base) > 1).collect();
    let cannibals: Vec<Cell> = step.eliminations.iter().map(|e| e.cell).filter(|c| step.cells.contains(c)).collect();
    let mut v = values.to_vec();
    v.push(("base", houses_text(base, lang)));
    v.push(("cover", houses_text(cover, lang)));
    v.push(("fins", cells_text(size, &fins, brief)));
    v.push(("cannibals", cells_text(size, &cannibals, brief)));
    let mut s = fill(p.complex_fish, &v);
    if form == Form::Briefest {
        return s;
    }
    if !fins.is_empty() {
        s = format!("{s} {}", fill(p.complex_fins, &v));
    }
    if !cannibals.is_empty() {
        s = format!("{s} {}", fill(p.cannibal, &v));
    }
    s
}

impl Step {
    /// A plain English sentence: the technique, why, and what it places or removes.
    pub fn explanation(&self, size: Size) -> String {
        explain(self, size, Lang::En)
    }
}

/// The longest a hint's sentence may be, in characters, in every language: a longer proof is
/// followed link by link below the sentence (the hint panel's stepper), not read in it.
pub const SENTENCE_MAX: usize = 300;

/// How much a sentence spells out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// Every detail: chains in notation, each removal named, cells one by one.
    Full,
    /// Chains and branches counted and left to the stepper, cells in compact notation, the
    /// notes on almost locked sets left out.
    Brief,
    /// Brief, the removals counted and the notes on a fish's fins and cannibals left out (the
    /// board marks them).
    Briefest,
}

/// The sentence that explains a step, in a language: in plain words what the step shows and
/// what it changes, then the technique's name in brackets ("In column 7, 3 fits only in r6c7.
/// (Hidden Single)"). The fullest form within `SENTENCE_MAX` characters is chosen.
#[inline]
pub fn explain(step: &Step, size: Size, lang: Lang) -> String {
    let mut text = String::new();
    for form in [Form::Full, Form::Brief, Form::Briefest] {
        text = sentence(step, size, lang, form);
        if text.chars().count() <= SENTENCE_MAX {
            break;
        }
    }
    text
}

/// The sentence with every detail, however long: chains in notation, forcing branches link by
/// link, each removal named (for tools and tests; players get `explain`).
#[inline]
pub fn explain_fully(step: &Step, size: Size, lang: Lang) -> String {
    sentence(step, size, lang, Form::Full)
}

/// A template's details: `[full|brief]` keeps the part before the bar in a full sentence and
/// the part after it in a brief one (`[full]` keeps nothing in a brief one); they may nest.
#[inline]
fn details(text: &str, brief: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    resolve(&chars, &mut at, brief, false)
}

/// `details` from `at` to the end, or (`inside` brackets) to the closing bracket.
#[inline]
fn resolve(chars: &[char], at: &mut usize, brief: bool, inside: bool) -> String {
    let mut parts = vec![String::new()];
    while let Some(&c) = chars.get(*at) {
        *at += 1;
        let kept = match c {
            '[' => resolve(chars, at, brief, true),
            ']' if inside => break,
            '|' if inside => {
                parts.push(String::new());
                continue;
            }
            c => c.to_string(),
        };
        parts.last_mut().expect("parts starts with one").push_str(&kept);
    }
    if !inside {
        return parts.concat();
    }
    parts.into_iter().nth(usize::from(brief)).unwrap_or_default()
}

/// The text with its first letter a capital, unless it begins with a cell's name ("r3c5").
/// Every template that begins with a word begins with an ASCII letter, so ASCII case is enough
/// (and keeps Unicode's case tables out of the app's download).
#[inline]
fn capitalised(text: &str) -> String {
    let bytes = text.as_bytes();
    match bytes {
        [first, second, ..] if first.is_ascii_lowercase() && second.is_ascii_alphabetic() => {
            let mut out = text.to_string();
            out[..1].make_ascii_uppercase();
            out
        }
        _ => text.to_string(),
    }
}

/// The sentence of a variant's step: the sum a cage or the 45 rule makes, or the rule of the
/// constraint the step reads, named by its kind (`Step::constraint`).
#[inline]
fn variant_text(step: &Step, size: Size, lang: Lang, brief: bool) -> String {
    let p = phrases(lang);
    let total = step.total.unwrap_or(0);
    let side = size.side() as i32;
    let area = side * (side + 1) / 2 * step.houses.len() as i32;
    // A cage or the cells of a sum are a set: named in reading order (a rule's line keeps its
    // own order, below).
    let set = cell_set_text(size, &step.cells, brief);
    let holders: Vec<Cell> = step.candidates.iter().map(|c| c.cell).collect();
    let digit = step.candidates.first().map_or(String::new(), |c| size.digit_char(c.digit).to_string());
    let houses = houses_text(&step.houses, lang);
    match step.technique {
        Technique::CageCombination => {
            fill(p.cage_combination, &[("n", step.cells.len().to_string()), ("cells", set.clone()), ("total", total.to_string())])
        }
        Technique::CageConfinement => fill(
            p.cage_confinement,
            &[("total", total.to_string()), ("cells", set.clone()), ("digit", digit), ("holders", cell_set_text(size, &holders, brief))],
        ),
        Technique::Innies => fill(
            p.innies,
            &[
                ("houses", houses),
                ("area", area.to_string()),
                ("inside", (area - total).to_string()),
                ("cells", set.clone()),
                ("total", total.to_string()),
            ],
        ),
        Technique::Outies => fill(
            p.outies,
            &[
                ("houses", houses),
                ("area", area.to_string()),
                ("covering", (area + total).to_string()),
                ("cells", set.clone()),
                ("total", total.to_string()),
            ],
        ),
        Technique::InnieOutie => {
            // Innies are the cells inside the houses; the larger side of the difference first.
            let inside = |c: &&Cell| step.houses.iter().any(|&h| size.houses_of(**c).contains(&h));
            let (innies, outies): (Vec<Cell>, Vec<Cell>) = step.cells.iter().partition(inside);
            let (more, less) = if total >= 0 { (innies, outies) } else { (outies, innies) };
            fill(
                p.innie_outie,
                &[
                    ("houses", houses),
                    ("area", area.to_string()),
                    ("cages", (area - total).to_string()),
                    ("more", cell_set_text(size, &more, brief)),
                    ("less", cell_set_text(size, &less, brief)),
                    ("diff", total.abs().to_string()),
                ],
            )
        }
        Technique::CageSplitting => {
            // The step's candidates are the part inside's (`killer::cage_splitting`).
            let mut part: Vec<Cell> = step.candidates.iter().map(|c| c.cell).collect();
            part.dedup();
            fill(
                p.cage_splitting,
                &[
                    ("houses", houses),
                    ("area", area.to_string()),
                    ("inside", (area - total).to_string()),
                    ("cells", set.clone()),
                    ("part", cell_set_text(size, &part, brief)),
                    ("total", total.to_string()),
                ],
            )
        }
        Technique::LittleKillerCombination => {
            fill(p.little_killer_combination, &[("cells", cells_text(size, &step.cells, brief)), ("total", total.to_string())])
        }
        _ => {
            let kinds = [
                p.rule_killer,
                p.rule_little_killer,
                p.rule_sandwich,
                p.rule_arrow,
                p.rule_thermo,
                p.rule_kropki,
                p.rule_xv,
                p.rule_kropki_negative,
                p.rule_xv_negative,
                p.rule_whispers,
                p.rule_renban,
                p.rule_palindrome,
                p.rule_diagonal,
                p.rule_anti_knight,
                p.rule_anti_king,
                p.rule_non_consecutive,
                p.rule_extra_region,
                p.rule_disjoint,
                p.rule_parity,
            ];
            let kind = step.constraint.map_or(usize::MAX, usize::from);
            let rule = kinds.get(kind).map_or(String::new(), |t| fill(t, &[("total", total.to_string())]));
            // A rule over the whole grid: the removals name the cells.
            if matches!(kind, 7 | 8 | 13 | 14 | 15 | 17) || step.cells.is_empty() {
                fill(p.constraint_rule_global, &[("rule", rule)])
            } else {
                // A cage (kind 0) is a set; a line (a thermometer from its bulb, an arrow) keeps its order.
                let cells = if kind == 0 { set } else { cells_text(size, &step.cells, brief) };
                fill(p.constraint_rule, &[("rule", rule), ("cells", cells)])
            }
        }
    }
}

/// The sentence of a step in one form.
#[inline]
fn sentence(step: &Step, size: Size, lang: Lang, form: Form) -> String {
    use Technique::*;
    let p = phrases(lang);
    let brief = form != Form::Full;
    let cell = |i: usize| step.cells.get(i).map_or(String::new(), |&c| cell_name(size, c));
    let house = |i: usize| step.houses.get(i).map_or(String::new(), |&h| house_name(h, lang));
    let digit = |d: Option<Digit>| d.map_or(String::new(), |d| size.digit_char(d).to_string());
    let placed = step.placements.first();
    let pattern_digits: DigitSet = step.candidates.iter().map(|c| c.digit).collect();
    let z = step.eliminations.first().map(|c| c.digit);
    // A jigsaw's step names its region among its houses (a trial and a dual kite name the
    // region of their cells for this), and says "region" where a classic one says "box".
    let on_regions = step.houses.iter().any(|h| matches!(h, House::Region(_)));
    let values = |extra: Vec<(&'static str, String)>| {
        let mut v = vec![
            ("cell", placed.map_or(cell(0), |c| cell_name(size, c.cell))),
            ("digit", digit(placed.map(|c| c.digit).or_else(|| pattern_digit(step)))),
            ("house", house(0)),
            ("house0", house(0)),
            ("house1", house(1)),
            ("houses", houses_text(&step.houses, lang)),
            ("cells", cells_text(size, &step.cells, brief)),
            ("digits", digits_text(size, pattern_digits)),
            ("first", cell(0)),
            ("second", cell(1)),
            ("third", cell(2)),
            ("last", step.cells.last().map_or(String::new(), |&c| cell_name(size, c))),
            ("z", digit(z)),
        ];
        v.extend(extra);
        v
    };
    let why = match step.technique {
        FullHouse => fill(p.full_house, &values(vec![])),
        HiddenSingle => fill(p.hidden_single, &values(vec![])),
        NakedSingle => fill(p.naked_single, &values(vec![])),
        LockedCandidatesPointing => fill(p.pointing, &values(vec![])),
        LockedCandidatesClaiming => fill(p.claiming, &values(vec![])),
        LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad => fill(p.naked_subset, &values(vec![])),
        HiddenPair | HiddenTriple | HiddenQuad => fill(p.hidden_subset, &values(vec![])),
        XWing | Swordfish | Jellyfish | FinnedXWing | FinnedSwordfish | FinnedJellyfish | SashimiXWing | SashimiSwordfish
        | SashimiJellyfish => {
            // Base lines, cover lines, and on a jigsaw the fins' region.
            let k = step.houses.len() / 2;
            let base = houses_text(&step.houses[..k], lang);
            let cover = houses_text(&step.houses[k..2 * k], lang);
            let mut s = fill(p.fish, &values(vec![("base", base), ("cover", cover)]));
            if !matches!(step.technique, XWing | Swordfish | Jellyfish) {
                s = format!("{s} {}", fill(if on_regions { p.finned_region } else { p.finned }, &values(vec![])));
            }
            s
        }
        FrankenXWing
        | FrankenSwordfish
        | FrankenJellyfish
        | FinnedFrankenXWing
        | FinnedFrankenSwordfish
        | FinnedFrankenJellyfish
        | MutantXWing
        | MutantSwordfish
        | MutantJellyfish
        | FinnedMutantXWing
        | FinnedMutantSwordfish
        | FinnedMutantJellyfish
        | FinnedMutantSquirmbag
        | FinnedMutantWhale => complex_fish_text(step, size, lang, form, &values(vec![])),
        TemplateSet => fill(p.template_set, &values(vec![])),
        TemplateDelete => fill(p.template_delete, &values(vec![])),
        Skyscraper | TwoStringKite | TurbotFish => fill(p.chain3, &values(vec![])),
        EmptyRectangle => fill(p.empty_rectangle, &values(vec![])),
        DualTwoStringKite if on_regions => fill(p.dual_kite_region, &values(vec![])),
        DualTwoStringKite => fill(p.dual_kite, &values(vec![])),
        DualEmptyRectangle if on_regions => fill(p.dual_er_region, &values(vec![])),
        DualEmptyRectangle => fill(p.dual_er, &values(vec![])),
        SimpleColorsTrap | SimpleColorsWrap => fill(p.colors, &values(vec![])),
        MultiColors1 => fill(p.multi1, &values(vec![])),
        MultiColors2 => fill(p.multi2, &values(vec![])),
        Medusa3D => match step.broken {
            // A false colour removes its own candidates: which colour, and the rule it breaks
            // where. A trap removes only uncoloured ones.
            Some(broken) => {
                // The board draws the first link's first node's colour as blue circles.
                let first = step.chains.first().and_then(|c| c.first()).map(|l| Candidate::new(l.from.cells[0], l.from.digit));
                let blue_false = first.is_some_and(|c| step.eliminations.contains(&c));
                let why = match broken {
                    RuleBroken::TwoDigits(c) => fill(p.medusa_two_digits, &[("cell", cell_name(size, c))]),
                    RuleBroken::Twice(d, h) => {
                        fill(p.medusa_twice, &[("digit", size.digit_char(d).to_string()), ("house", house_name(h, lang))])
                    }
                    RuleBroken::NoDigit(c) => fill(p.medusa_no_digit, &[("cell", cell_name(size, c))]),
                    // A variant trial's (a colouring finds neither).
                    RuleBroken::NoPlace(..) | RuleBroken::NoSet => fill(p.trial_why_any, &[]),
                };
                let colour = if blue_false { p.medusa_blue } else { p.medusa_orange };
                fill(p.medusa_wrap, &values(vec![("colour", colour.to_string()), ("why", why)]))
            }
            None => fill(p.medusa_trap, &values(vec![])),
        },
        XYWing => fill(p.xy_wing, &values(vec![])),
        XYZWing => fill(p.xyz_wing, &values(vec![])),
        WWing => fill(p.w_wing, &values(vec![])),
        XChain => fill(p.x_chain, &values(vec![])),
        XYChain => fill(p.xy_chain, &values(vec![])),
        RemotePair => fill(p.remote_pair, &values(vec![])),
        Aic
        | GroupedAic
        | ConstraintAic
        | DiscontinuousNiceLoop
        | GroupedDiscontinuousNiceLoop
        | ContinuousNiceLoop
        | GroupedContinuousNiceLoop => {
            let links = step.chains.first().map_or(&[][..], |c| &c[..]);
            let start = links.first().map_or(String::new(), |l| l.from.name(size));
            let end = links.last().map_or(String::new(), |l| l.to.name(size));
            let template = match step.technique {
                Aic | GroupedAic => p.aic,
                ConstraintAic => p.constraint_aic,
                ContinuousNiceLoop | GroupedContinuousNiceLoop => p.continuous_loop,
                // A discontinuous loop that first takes its start as true (a weak first link)
                // shows it false; one that takes it as false shows it, or the digit it ends
                // on in the same cell, true.
                _ if links.first().is_some_and(|l| !l.strong) => p.loop_false,
                _ if start == end => p.loop_true,
                _ => p.loop_pair,
            };
            let n = links.len().to_string();
            let mut text = fill(template, &values(vec![("chain", chain_text(size, links)), ("n", n), ("start", start), ("end", end)]));
            // The notes on links through almost locked sets are for the full sentence only (the
            // board shades the sets, and the stepper names each link).
            if !brief {
                let between: Vec<String> =
                    links.iter().filter(|l| l.through_set() == Some(SetLink::Digits)).map(|l| l.notation(size)).collect();
                if !between.is_empty() {
                    text.push(' ');
                    text.push_str(&fill(p.through_sets, &[("links", between.join(", "))]));
                }
                // A link to a cell a set forces says which set, which cell and which digit.
                for l in links.iter().filter(|l| l.through_set() == Some(SetLink::ForcedCell)) {
                    let Some((node, forced)) = l.set_and_forced() else { continue };
                    text.push(' ');
                    text.push_str(&fill(
                        p.forced_cell,
                        &[
                            ("link", l.notation(size)),
                            ("digit", size.digit_char(node.digit).to_string()),
                            ("set", cells_compact(size, &l.set)),
                            ("cell", cells_compact(size, &forced.cells)),
                            ("only", size.digit_char(forced.digit).to_string()),
                        ],
                    ));
                }
            }
            text
        }
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5 | UniqueRectangle6
        | HiddenRectangle => {
            let corners = cells_text(size, &step.cells[..step.cells.len().min(4)], brief);
            fill(p.uniqueness, &values(vec![("cells", corners)]))
        }
        Bug1 => {
            let d = step.candidates.first().map(|c| c.digit);
            fill(p.bug, &values(vec![("digit", digit(d))]))
        }
        AvoidableRectangle1 => fill(p.avoidable1, &values(vec![])),
        AvoidableRectangle2 => fill(p.avoidable2, &values(vec![])),
        SueDeCoq => fill(p.sue_de_coq, &values(sue_de_coq_values(step, size, brief))),
        Reveal => fill(p.reveal, &values(vec![])),
        CageCombination | CageConfinement | Innies | Outies | InnieOutie | CageSplitting | LittleKillerCombination | ConstraintRule => {
            variant_text(step, size, lang, brief)
        }
        ConstraintTrial if step.candidates.len() > 1 => {
            fill(if on_regions { p.constraint_cell_trial_regions } else { p.constraint_cell_trial }, &values(vec![]))
        }
        ConstraintTrial => {
            let why = match step.broken {
                Some(RuleBroken::NoDigit(c)) => fill(p.trial_why_cell, &[("cell", cell_name(size, c))]),
                Some(RuleBroken::NoPlace(d, h)) => {
                    fill(p.trial_why_place, &[("digit", size.digit_char(d).to_string()), ("house", house_name(h, lang))])
                }
                Some(RuleBroken::NoSet) => fill(
                    p.trial_why_set,
                    &[
                        ("cells", cell_set_text(size, step.cells.get(1..).unwrap_or_default(), brief)),
                        ("total", step.total.unwrap_or(0).to_string()),
                    ],
                ),
                _ => fill(p.trial_why_any, &[]),
            };
            let mut with_why = values(vec![]);
            with_why.push(("why", why));
            fill(if on_regions { p.constraint_trial_regions } else { p.constraint_trial }, &with_why)
        }
        NestedConstraintTrial => {
            // The first candidate is the assumption; the rest were ruled out inside it.
            let inner = &step.candidates[step.candidates.len().min(1)..];
            let shown = if brief { inner.len().min(4) } else { inner.len() };
            let mut nested: Vec<String> =
                inner[..shown].iter().map(|c| format!("{}≠{}", cell_name(size, c.cell), size.digit_char(c.digit))).collect();
            if shown < inner.len() {
                nested.push("…".to_string());
            }
            let text = if on_regions { p.constraint_nested_trial_regions } else { p.constraint_nested_trial };
            fill(text, &values(vec![("nested", nested.join(", "))]))
        }
        ContradictionForcingChain
        | UnitForcingChain
        | CellForcingChain
        | ContradictionForcingNet
        | UnitForcingNet
        | CellForcingNet
        | NestedForcingNet => forcing::explain(step, size, lang),
        AlsXz | AlsXyWing | AlsXyChain | DeathBlossom => {
            let links: Vec<&Link> = step.chains.iter().flatten().collect();
            let linking: DigitSet = if step.technique == DeathBlossom {
                step.cells
                    .first()
                    .map_or(DigitSet::EMPTY, |&stem| step.candidates.iter().filter(|c| c.cell == stem).map(|c| c.digit).collect())
            } else {
                links.iter().filter(|l| !l.strong).map(|l| l.from.digit).collect()
            };
            let removed: DigitSet = step.eliminations.iter().map(|c| c.digit).collect();
            let chain = step.chains.iter().map(|c| als_chain_text(size, c)).collect::<Vec<_>>().join("; ");
            let template = match step.technique {
                AlsXz if linking.len() > 1 => p.als_xz_double,
                AlsXz => p.als_xz,
                AlsXyWing => p.als_xy_wing,
                AlsXyChain => p.als_chain,
                _ => p.death_blossom,
            };
            let extra = vec![("x", digits_text(size, linking)), ("z", digits_text(size, removed)), ("chain", chain)];
            fill(template, &values(extra))
        }
    };
    let mut out = capitalised(&details(&why, brief));
    if !step.eliminations.is_empty() {
        out.push(' ');
        let named = fill(p.removes, &[("elims", eliminations_text(size, step))]);
        let counted = fill(p.removes_count, &[("n", step.eliminations.len().to_string())]);
        // Counted only where that is shorter (one removal is shorter named).
        out.push_str(if form == Form::Briefest && counted.chars().count() < named.chars().count() { &counted } else { &named });
    } else if !step.placements.is_empty() && why.is_empty() {
        let places = step
            .placements
            .iter()
            .map(|c| format!("{}={}", cell_name(size, c.cell), size.digit_char(c.digit)))
            .collect::<Vec<_>>()
            .join(", ");
        out.push(' ');
        out.push_str(&fill(p.places, &[("places", places)]));
    }
    format!("{} ({})", out.trim(), technique_name(step.technique, lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;
    use crate::geometry::Candidate;
    use crate::position::Position;
    use crate::rating::solve_logically;
    use crate::step::{Contradiction, Forcing};
    use crate::techniques;
    use std::cell::RefCell;
    use std::collections::{BTreeSet, HashSet};

    thread_local! {
        /// Every template `fill` was given on this thread (each test has its own thread).
        pub(super) static FILLED: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
    }

    /// The `{placeholders}` of a template.
    fn placeholders(template: &str) -> BTreeSet<&str> {
        template.split('{').skip(1).filter_map(|rest| rest.split_once('}').map(|(key, _)| key)).collect()
    }

    #[test]
    fn a_template_is_filled_key_by_key_and_a_key_not_given_stays() {
        let template = "{a} and {b}, {a} again; {c}";
        assert_eq!(fill_template(template, &[("a", "1"), ("b", "two")]), "1 and two, 1 again; {c}");
        assert_eq!(fill_template(template, &[("c", String::from("3"))]), "{a} and {b}, {a} again; 3");
        assert_eq!(fill_template::<&str>("no key", &[]), "no key");
    }

    #[test]
    fn every_language_has_the_same_placeholders_in_every_template() {
        let en = phrases(Lang::En).entries();
        for lang in Lang::ALL {
            let entries = phrases(lang).entries();
            assert_eq!(entries.len(), en.len());
            for ((name, template), (_, english)) in entries.iter().zip(&en) {
                assert!(!template.trim().is_empty(), "{lang:?} {name} is empty");
                assert_eq!(placeholders(template), placeholders(english), "{lang:?} {name}: {template}");
                // A stray brace would read as a placeholder that is never filled.
                assert_eq!(template.matches('{').count(), template.matches('}').count(), "{lang:?} {name}: {template}");
            }
        }
    }

    /// Steps of every technique, made up so that every branch of `explain` is taken: loops that
    /// start true, false or on a pair, links through sets, finned and cannibal fish, a wrap and
    /// a trap, single and double ALS links, each kind of contradiction, placing and removing.
    fn made_up_steps() -> Vec<Step> {
        let size = Size::Nine;
        let cand = |r: usize, c: usize, d: u8| Candidate::new(size.cell(r, c), Digit::new(d).unwrap());
        let strong = |a: Candidate, b: Candidate| Link::cells(a, b, true);
        let weak = |a: Candidate, b: Candidate| Link::cells(a, b, false);
        let mut through_set = strong(cand(0, 0, 1), cand(0, 1, 2));
        through_set.set = vec![size.cell(0, 0), size.cell(0, 1)];
        let mut forcing_cell = strong(cand(0, 2, 3), cand(4, 4, 4));
        forcing_cell.set = vec![size.cell(0, 2), size.cell(0, 3)];
        let chains = [
            vec![weak(cand(0, 0, 1), cand(0, 8, 1)), strong(cand(0, 8, 1), cand(3, 8, 1))],
            vec![strong(cand(0, 0, 1), cand(0, 8, 1)), weak(cand(0, 8, 1), cand(0, 0, 1))],
            vec![strong(cand(0, 0, 1), cand(0, 8, 1)), weak(cand(0, 8, 1), cand(0, 8, 2)), strong(cand(0, 8, 2), cand(0, 0, 2))],
            vec![through_set, weak(cand(0, 1, 2), cand(0, 2, 3)), forcing_cell, weak(cand(4, 4, 4), cand(4, 5, 5))],
        ];
        let contradictions = [
            None,
            Some(Contradiction::Both(cand(1, 1, 5))),
            Some(Contradiction::NoCandidate(size.cell(1, 1))),
            Some(Contradiction::NoPlace(House::Box(4), Digit::new(6).unwrap())),
        ];
        let mut steps = Vec::new();
        for &t in Technique::ALL {
            for chain in &chains {
                for (i, contradiction) in contradictions.iter().enumerate() {
                    for eliminate in [None, Some(cand(4, 4, 1)), Some(cand(0, 0, 1))] {
                        let mut s = Step::new(t);
                        s.cells = vec![size.cell(0, 0), size.cell(0, 1), size.cell(1, 0), size.cell(8, 8)];
                        // Houses of one kind, and of several (both ways "rows 1 and 2" is written).
                        // A jigsaw's regions, one and several, in the last two.
                        s.houses = match i {
                            1 => vec![House::Col(0), House::Col(3), House::Box(0), House::Box(4)],
                            2 => vec![House::Region(2), House::Region(5), House::Row(0), House::Col(1)],
                            3 => vec![House::Region(3), House::Row(0), House::Col(0), House::Row(1)],
                            _ => vec![House::Row(0), House::Col(0), House::Box(0), House::Row(1)],
                        };
                        s.candidates = vec![cand(0, 0, 1), cand(0, 1, 2), cand(1, 0, 1), cand(8, 8, 2)];
                        s.chains = vec![chain.clone(), chain.clone()];
                        match eliminate {
                            Some(e) => s.eliminations.push(e),
                            None => s.placements.push(cand(2, 2, 7)),
                        }
                        // One branch assumes what its chain starts from, the other not (a
                        // literal a nested trial rules out).
                        let first = chain[0].from.clone();
                        let assumptions = vec![(Candidate::new(first.cells[0], first.digit), chain[0].strong), (cand(8, 8, 9), true)];
                        s.forcing = (i > 0 || eliminate.is_some()).then(|| Forcing {
                            assumptions,
                            contradiction: *contradiction,
                            nested: Vec::new(),
                            nesting: 1,
                        });
                        steps.push(s);
                    }
                }
            }
        }
        // A 3D Medusa whose colour is false, for each rule it can break.
        for broken in [
            RuleBroken::TwoDigits(size.cell(0, 0)),
            RuleBroken::Twice(Digit::new(4).unwrap(), House::Row(2)),
            RuleBroken::NoDigit(size.cell(5, 5)),
        ] {
            let mut s = Step::new(Technique::Medusa3D);
            s.chains = vec![chains[0].clone()];
            s.eliminations.push(cand(0, 0, 1));
            s.broken = Some(broken);
            steps.push(s);
        }
        // A trial on a cell's every digit.
        let mut s = Step::new(Technique::ConstraintTrial);
        s.cells = vec![size.cell(0, 0)];
        s.candidates = vec![cand(0, 0, 1), cand(0, 0, 2)];
        s.eliminations.push(cand(4, 4, 1));
        steps.push(s.clone());
        // A trial on one candidate, and the contradictions it names.
        s.candidates.truncate(1);
        steps.push(s.clone());
        for broken in [RuleBroken::NoDigit(size.cell(2, 2)), RuleBroken::NoPlace(Digit::new(4).unwrap(), House::Col(3)), RuleBroken::NoSet]
        {
            let mut s = s.clone();
            s.broken = Some(broken);
            s.cells.extend([size.cell(6, 1), size.cell(7, 1), size.cell(8, 0), size.cell(8, 1), size.cell(8, 2)]);
            s.total = Some(28);
            steps.push(s);
        }
        // A variant's step for every kind of constraint, on cells and not.
        for kind in 0..19u8 {
            for cells in [vec![size.cell(0, 0), size.cell(0, 1)], Vec::new()] {
                let mut s = Step::new(Technique::ConstraintRule);
                s.constraint = Some(kind);
                s.total = Some(12);
                s.cells = cells;
                s.eliminations.push(cand(0, 0, 3));
                steps.push(s);
            }
        }
        // On a jigsaw: the steps that then name a region among their houses (the trials, a
        // finned fish's fins, the dual patterns) say "region".
        let on_regions = [
            Technique::ConstraintTrial,
            Technique::NestedConstraintTrial,
            Technique::FinnedXWing,
            Technique::DualTwoStringKite,
            Technique::DualEmptyRectangle,
        ];
        let jigsaw: Vec<Step> = steps
            .iter()
            .filter(|s| on_regions.contains(&s.technique))
            .map(|s| {
                let mut s = s.clone();
                s.houses.push(House::Region(2));
                s
            })
            .collect();
        steps.extend(jigsaw);
        steps
    }

    /// The first step of a technique in a puzzle's logical solve.
    fn first_step(puzzle: &str, pick: impl Fn(&Step) -> bool) -> Step {
        let solve = solve_logically(&line::parse(puzzle).unwrap());
        solve.steps.into_iter().find(|s| pick(s)).expect("the step is in the solve")
    }

    /// The facts a page's links lead to (a link's head: true for a strong link).
    fn heads(step: &Step, links: &[(usize, usize)]) -> Vec<String> {
        links.iter().map(|&(b, i)| step.chains[b][i].implication(Size::Nine).split(" ⇒ ").nth(1).unwrap().to_string()).collect()
    }

    #[test]
    fn a_house_forcing_chain_is_paged_one_branch_per_place_then_the_conclusion() {
        // magictour top1465 (the e2e tests' Master puzzle): 1 in row 4 at r4c2, r4c3 or r4c5.
        let step = first_step("3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......", |s| {
            s.technique == Technique::UnitForcingChain
        });
        let forcing = step.forcing.as_ref().unwrap();
        let pages = proof_pages(&step, Size::Nine, Lang::En);
        assert_eq!(pages.len(), forcing.assumptions.len() + 1);
        let conclusion = literal_of(&step);
        for (k, page) in pages[..pages.len() - 1].iter().enumerate() {
            let (cand, on) = forcing.assumptions[k];
            let premise = format!("{}{}{}", cell_name(Size::Nine, cand.cell), if on { "=" } else { "≠" }, cand.digit);
            assert!(
                page.text.starts_with(&format!("Branch {} of {}: if {premise}, then {conclusion}", k + 1, pages.len() - 1)),
                "{}",
                page.text
            );
            assert_eq!(page.premise, Some(cand));
            // Only this branch's links, walked from its premise to the conclusion.
            assert!(page.links.iter().all(|&(b, _)| b == k), "{:?}", page.links);
            assert!(page.walk.starts_with(&premise) && page.walk.ends_with(&conclusion), "{}", page.walk);
            if !page.links.is_empty() {
                assert!(heads(&step, &page.links).contains(&conclusion));
            }
        }
        // Different branches draw different links, and the last page draws them all.
        assert_ne!(pages[0].links, pages[1].links);
        let last = pages.last().unwrap();
        assert_eq!(last.links.len(), step.chains.iter().map(Vec::len).sum::<usize>());
        assert_eq!(last.premise, None);
        assert!(
            last.text.starts_with("1 goes in row 4 at one of r4c2, r4c3, r4c5") && last.text.ends_with(&format!("so {conclusion}.")),
            "{}",
            last.text
        );
        for lang in Lang::ALL {
            let pages = proof_pages(&step, Size::Nine, lang);
            assert!(pages.iter().all(|p| !p.text.contains(['{', '}'])));
        }
    }

    /// `r9c5≠1`: the step's first removal (or placement), as the pages write it.
    fn literal_of(step: &Step) -> String {
        match (step.placements.first(), step.eliminations.first()) {
            (Some(c), _) => format!("{}={}", cell_name(Size::Nine, c.cell), c.digit),
            (None, Some(c)) => format!("{}≠{}", cell_name(Size::Nine, c.cell), c.digit),
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_contradiction_net_is_paged_one_branch_per_clashing_fact() {
        // magictour top1465's first puzzle: a contradiction net whose branch makes one
        // candidate both true and false: the page to "true", the page to "false", the clash.
        let step = first_step("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", |s| {
            s.technique == Technique::ContradictionForcingNet
                && matches!(s.forcing.as_ref().and_then(|f| f.contradiction), Some(Contradiction::Both(_)))
        });
        let Some(Contradiction::Both(c)) = step.forcing.as_ref().unwrap().contradiction else { unreachable!() };
        let pages = proof_pages(&step, Size::Nine, Lang::En);
        assert_eq!(pages.len(), 3, "{pages:?}");
        let name = cell_name(Size::Nine, c.cell);
        for (page, fact) in pages.iter().zip([format!("{name}={}", c.digit), format!("{name}≠{}", c.digit)]) {
            assert!(page.text.ends_with(&format!("then {fact}.")), "{}", page.text);
            assert!(page.walk.ends_with(&fact), "{}", page.walk);
            // Each link leads to a fact a later link starts from, or to the clash itself:
            // nothing the page does not need.
            let heads = heads(&step, &page.links);
            assert!(heads.contains(&fact));
            assert!(page.links.len() < step.chains[0].len(), "{} of {} links", page.links.len(), step.chains[0].len());
        }
        assert_ne!(pages[0].links, pages[1].links);
        let conclusion = literal_of(&step);
        assert!(
            pages[2].text.ends_with(&format!("would be both {} and not {}. That is impossible, so {conclusion}.", c.digit, c.digit)),
            "{}",
            pages[2].text
        );
    }

    #[test]
    fn only_forcing_steps_have_pages() {
        let step = first_step("3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......", |_| true);
        assert!(proof_pages(&step, Size::Nine, Lang::En).is_empty());
    }

    #[test]
    fn every_template_is_filled_in_every_language() {
        for step in made_up_steps() {
            for lang in Lang::ALL {
                for page in proof_pages(&step, Size::Nine, lang) {
                    assert!(!page.text.contains(['{', '}', '[', ']', '|']), "{lang:?} {:?}: {}", step.technique, page.text);
                }
                for form in [Form::Full, Form::Brief, Form::Briefest] {
                    let text = sentence(&step, Size::Nine, lang, form);
                    assert!(!text.contains(['{', '}', '[', ']', '|']), "{lang:?} {:?}: {text}", step.technique);
                }
            }
        }
        let filled = FILLED.with(|f| f.borrow().clone());
        for lang in Lang::ALL {
            for (name, template) in phrases(lang).entries() {
                // Words with no placeholder (`and`, `forcing_nested`) are used as they are.
                if !placeholders(template).is_empty() {
                    assert!(filled.contains(template), "{lang:?} {name} was never used: {template}");
                }
            }
        }
    }

    #[test]
    fn every_language_names_every_technique_differently_enough() {
        for &t in Technique::ALL {
            for lang in Lang::ALL {
                assert!(!technique_name(t, lang).is_empty());
            }
        }
        assert_eq!(technique_name(Technique::Swordfish, Lang::De), "Schwertfisch");
        assert_eq!(Lang::from_tag("de-AT"), Some(Lang::De));
        assert_eq!(Lang::from_tag("ko_KR"), Some(Lang::Ko));
        assert_eq!(Lang::from_tag("fr-FR"), None);
    }

    #[test]
    fn explanations_fill_every_placeholder_in_every_language() {
        let hard = line::parse("..59..4....7..5.8..6..1.5.3.....2..9...4.6...5..8.....9.6.4..3..4.1..7....3..91..").unwrap();
        let solve = solve_logically(&hard);
        let mut position = Position::from_grid(&hard);
        let mut seen = std::collections::HashSet::new();
        for step in &solve.steps {
            for t in techniques::ORDER {
                for s in techniques::find_every(&position, *t).into_iter().take(2) {
                    seen.insert(s.technique);
                    for lang in Lang::ALL {
                        let text = explain(&s, Size::Nine, lang);
                        assert!(!text.contains('{') && !text.contains('}'), "{lang:?}: {text}");
                        assert!(text.ends_with(&format!("({})", technique_name(s.technique, lang))), "{text}");
                        assert!(text.chars().count() <= SENTENCE_MAX, "{text}");
                        assert!(text.len() > technique_name(s.technique, lang).len() + 10, "{text}");
                    }
                }
            }
            position.apply(step);
        }
        assert!(seen.len() >= 8, "{seen:?}");
        let s = &solve.steps[0];
        assert!(explain(s, Size::Nine, Lang::En).contains(&cell_name(Size::Nine, s.placements[0].cell)));
    }
}
