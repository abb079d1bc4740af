//! The app's words in English, German, Spanish and Korean (the engine has the technique names
//! and hint sentences: `inkdoku_engine::lang`). Chosen from the browser's language, or in
//! Settings. Strings with `{placeholders}` are filled with `fill`. The app's wasm builds in
//! English only; the other languages' words, these and the engine's, come from a file each,
//! made from this source and read before they are shown (`file`, issue 48). A word is still
//! added here, in every language; its test then says to write the files again.

use crate::ports::{Failure, PlatformError};
use inkdoku_engine::format::Rule;
use inkdoku_engine::game::ActionError;
pub use inkdoku_engine::lang::Lang;
use inkdoku_engine::rating::Level;
use inkdoku_engine::variant::{CellNote, Constraint, Dot, LineKind, Puzzle, Source, Violation};
use inkdoku_engine::{Cell, Grid, House, Size};

mod file;
pub use file::{hint_words, install, is_ready, path, stored_language};

/// Declares `Ui` from one list of its fields, and `Ui::read_from`, every template by name (an
/// array's by name and index): the order of a language file (`file`), and for the tests that
/// check every language against English, `Ui::entries`.
macro_rules! ui_words {
    ($(#[$struct_doc:meta])* pub struct Ui { $($(#[$doc:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$struct_doc])*
        #[derive(Clone)]
        pub struct Ui {
            $($(#[$doc])* pub $field: $ty,)*
        }

        impl Ui {
            /// Every template read from a language file, in this order (`file`).
            fn read_from(&mut self, reader: &mut inkdoku_engine::lang::Reader) {
                $(file::Words::read(&mut self.$field, reader);)*
            }

            /// Every template, by name.
            #[cfg(test)]
            pub(crate) fn entries(&self) -> Vec<(String, &'static str)> {
                let mut out = Vec::new();
                $(file::Words::list(&self.$field, stringify!($field), &mut out);)*
                out
            }
        }
    };
}

ui_words! {
/// Every string the interface shows. A `{e}` in a message is a reason in the same language
/// (`storage::describe`, `browser_reason`), never an engine's or a browser's own text.
pub struct Ui {
    // controls
    digits: &'static str,
    editing: &'static str,
    notes: &'static str,
    erase: &'static str,
    undo: &'static str,
    redo: &'static str,
    game: &'static str,
    done: &'static str,
    cancel: &'static str,
    hint: &'static str,
    check: &'static str,
    solve: &'static str,
    solve_cell: &'static str,
    solve_row: &'static str,
    solve_column: &'static str,
    solve_all: &'static str,
    undo_mistakes: &'static str,
    restart: &'static str,
    /// The menu of marked positions (savepoints).
    marks: &'static str,
    mark_position: &'static str,
    /// A marked position, by the play time it was marked at ({t}).
    back_to_mark: &'static str,
    position_marked: &'static str,
    back_at_mark: &'static str,
    already_at_mark: &'static str,
    no_such_mark: &'static str,
    new_game: &'static str,
    share: &'static str,
    settings: &'static str,
    apply_hint: &'static str,
    /// The hint card's close button (its visible text is `close`).
    close_hint: &'static str,
    steps_taken: &'static str,
    /// Where a hint whose sentence was shortened shows its whole proof.
    whole_proof: &'static str,
    chain_links: &'static str,
    previous_link: &'static str,
    next_link: &'static str,
    all_links: &'static str,
    link_of: &'static str,
    /// A forcing step's proof paged branch by branch (`NetSteps`).
    branches: &'static str,
    previous_branch: &'static str,
    next_branch: &'static str,
    branches_intro: &'static str,
    /// The legend of a hint's drawn links: its name, then strong and weak.
    link_legend: &'static str,
    strong_link: &'static str,
    weak_link: &'static str,
    /// The note on the candidate colours, the first time "Show candidates" is on.
    candidate_note: &'static str,
    got_it: &'static str,
    controls: &'static str,
    // status bar and board
    entering: &'static str,
    time: &'static str,
    grid: &'static str,
    cell_given: &'static str,
    cell_digit: &'static str,
    cell_empty: &'static str,
    cell_notes: &'static str,
    /// Added to a cell's label: its corner marks ({n}), its centre marks.
    cell_corner: &'static str,
    cell_centre: &'static str,
    /// The input modes for corner and centre marks.
    corner_mode: &'static str,
    centre_mode: &'static str,
    /// Colour mode, its palette ("Colour {n}: {name}"), the colours' names, painting
    /// candidates, clearing; in a cell's label: its colours ({n}), a candidate's colour.
    colour_mode: &'static str,
    palette: &'static str,
    colour_swatch: &'static str,
    colour_names: [&'static str; 9],
    paint_candidates: &'static str,
    clear_colours: &'static str,
    cell_colours: &'static str,
    cell_candidate_colour: &'static str,
    no_such_colour: &'static str,
    conflict: &'static str,
    incorrect: &'static str,
    no_candidate_left: &'static str,
    levels: [&'static str; 7],
    // dialogs
    welcome_back: &'static str,
    welcome_text: &'static str,
    continue_: &'static str,
    size: &'static str,
    level: &'static str,
    symmetry: &'static str,
    symmetries: [&'static str; 4],
    start: &'static str,
    daily_puzzle: &'static str,
    enter_puzzle: &'static str,
    paste_puzzle: &'static str,
    open_file: &'static str,
    print_puzzles_button: &'static str,
    close: &'static str,
    making_puzzle: &'static str,
    making_puzzles: &'static str,
    discard_title: &'static str,
    discard_text: &'static str,
    daily_title: &'static str,
    /// New game's choice of kind (`state::Kind`): its legend, then Classic and Killer.
    kind: &'static str,
    kinds: [&'static str; 2],
    /// The daily killer: its button, the question before it replaces a game, and the status
    /// once it is on the board ({date}).
    daily_killer: &'static str,
    daily_killer_title: &'static str,
    daily_killer_ready: &'static str,
    games_in_progress: &'static str,
    resume_game: &'static str,
    start_new_game: &'static str,
    keep_playing: &'static str,
    toggles: [&'static str; 8],
    language: &'static str,
    language_auto: &'static str,
    ok: &'static str,
    congratulations: &'static str,
    time_label: &'static str,
    best_new_before: &'static str,
    best_first: &'static str,
    best_time: &'static str,
    best_helped: &'static str,
    won_together: &'static str,
    won_together_helped: &'static str,
    share_progress: &'static str,
    share_link: &'static str,
    copy_text: &'static str,
    save_file: &'static str,
    print: &'static str,
    open_title: &'static str,
    open_text: &'static str,
    open_puzzle: &'static str,
    print_title: &'static str,
    puzzles: &'static str,
    per_page: &'static str,
    make_and_print: &'static str,
    other_tab_title: &'static str,
    other_tab_text: &'static str,
    play_here: &'static str,
    just_watch: &'static str,
    update_ready: &'static str,
    reload: &'static str,
    caption: &'static str,
    puzzle_image: &'static str,
    // messages
    saved_data: &'static str,
    not_a_puzzle: &'static str,
    not_playable: &'static str,
    save_corrupt: &'static str,
    kept_as: &'static str,
    not_kept: &'static str,
    settings_corrupt: &'static str,
    cannot_save: &'static str,
    cannot_save_settings: &'static str,
    storage_full: &'static str,
    no_storage: &'static str,
    storage_refused: &'static str,
    given_cannot_change: &'static str,
    // engine and browser refusals, in plain words (their technical text goes to the console)
    nothing_to_undo: &'static str,
    nothing_to_redo: &'static str,
    move_not_fitting: &'static str,
    browser_lacks: &'static str,
    browser_refused: &'static str,
    browser_failed: &'static str,
    ink_failed: &'static str,
    share_title: &'static str,
    read_only: &'static str,
    nothing_to_undo_right: &'static str,
    undid: &'static str,
    wrong_digits: &'static str,
    looking_for_hint: &'static str,
    no_hint: &'static str,
    checked_solved: &'static str,
    checked_twice: &'static str,
    checked_more: &'static str,
    checked_dead: &'static str,
    checked_so_far: &'static str,
    link_damaged: &'static str,
    link_newer: &'static str,
    /// A puzzle with rules inkdoku does not play: `{rules}` names them.
    link_variant: &'static str,
    /// The Share dialog's link to the puzzle in SudokuPad.
    open_in_sudokupad: &'static str,
    details: &'static str,
    /// Before a message's technical details, which stay in English for a bug report.
    details_lead: &'static str,
    /// The candidate colours of "Show candidates", explained (Settings, and said once when it is
    /// first turned on): the red candidate, the blue one.
    candidate_legend: [&'static str; 2],
    worker_failed: &'static str,
    too_hard: &'static str,
    open_here_title: &'static str,
    open_here_text: &'static str,
    open_here: &'static str,
    previous_restored: &'static str,
    following: &'static str,
    scratchpad: &'static str,
    change_to: &'static str,
    other_digits: &'static str,
    correction: &'static str,
    hand_title: &'static str,
    hand_explain: &'static str,
    hand_none: &'static str,
    hand_count: &'static str,
    hand_forget_one: &'static str,
    hand_forget_all: &'static str,
    hand_learned: &'static str,
    hand_corrupt: &'static str,
    pen_tip: &'static str,
    // the focus view (small screens)
    board_view: &'static str,
    whole_board: &'static str,
    view_window: &'static str,
    view_up: &'static str,
    view_down: &'static str,
    view_left: &'static str,
    view_right: &'static str,
    scratched_digit: &'static str,
    scratched_notes: &'static str,
    struck_note: &'static str,
    scratched_ink: &'static str,
    cell_candidates: &'static str,
    fill_notes: &'static str,
    clear_notes: &'static str,
    notes_filled: &'static str,
    notes_cleared: &'static str,
    checked_wrong_one: &'static str,
    checked_wrong_many: &'static str,
    checked_lost: &'static str,
    checked_so_far_one: &'static str,
    undid_one: &'static str,
    filled_cell: &'static str,
    filled_house: &'static str,
    /// A house in words, by kind: row, column, box, a jigsaw's region (`house_name`), as the
    /// engine's hint sentences name them (`inkdoku_engine::lang::house_name`, which the tests
    /// keep these equal to: the app's wasm links none of the engine's words).
    houses: [&'static str; 4],
    filled_all: &'static str,
    no_solution_to_use: &'static str,
    select_cell: &'static str,
    new_puzzle: &'static str,
    /// A new killer of the level asked for ({level}), and one of another level, the nearest the
    /// generator made when none of the level asked for ({asked}) came within its attempts.
    new_killer: &'static str,
    killer_nearer: &'static str,
    cancelled: &'static str,
    type_puzzle: &'static str,
    grid_empty: &'static str,
    checking: &'static str,
    one_solution: &'static str,
    rated: &'static str,
    no_solution: &'static str,
    many_solutions: &'static str,
    no_text_puzzle: &'static str,
    unchanged: &'static str,
    made_instead: &'static str,
    opened: &'static str,
    progress_unusable: &'static str,
    // a file's progress that can't be restored; a full storage (`controller::keeping`)
    file_progress_title: &'static str,
    file_progress_damaged: &'static str,
    file_progress_other: &'static str,
    file_progress_newer: &'static str,
    storage_full_title: &'static str,
    storage_full_text: &'static str,
    storage_full_lasting: &'static str,
    storage_full_spare: &'static str,
    storage_full_nowhere: &'static str,
    storage_full_free: &'static str,
    remove_oldest_game: &'static str,
    remove_drawings: &'static str,
    storage_freed: &'static str,
    storage_still_full: &'static str,
    welcome_older: &'static str,
    no_solution_long: &'static str,
    many_solutions_long: &'static str,
    shared: &'static str,
    link_copied: &'static str,
    together: &'static str,
    together_copied: &'static str,
    together_joined: &'static str,
    together_players: &'static str,
    together_alone: &'static str,
    together_you: &'static str,
    player_n: &'static str,
    together_offline: &'static str,
    together_away: &'static str,
    together_only_you: &'static str,
    peer_here: &'static str,
    peer_away: &'static str,
    together_insecure: &'static str,
    together_nobody: &'static str,
    together_kept: &'static str,
    together_partner: &'static str,
    together_by_hand: &'static str,
    together_live: &'static str,
    together_share_live: &'static str,
    together_qr: &'static str,
    together_key_damaged: &'static str,
    together_full: &'static str,
    together_refused: &'static str,
    play_alone: &'static str,
    together_left: &'static str,
    relay_setting: &'static str,
    relay_own: &'static str,
    relay_bad: &'static str,
    cannot_share: &'static str,
    puzzle_copied: &'static str,
    cannot_copy: &'static str,
    cannot_read_clipboard: &'static str,
    saved_as: &'static str,
    cannot_save_file: &'static str,
    cannot_read_file: &'static str,
    cannot_open_file: &'static str,
    the_link: &'static str,
    the_clipboard: &'static str,
    the_pasted_text: &'static str,
    the_file: &'static str,
    daily_ready: &'static str,
    print_ready: &'static str,
    play_here_now: &'static str,
    eraser: &'static str,
    ink_declined: &'static str,
    ink_unavailable: &'static str,
    /// The crash message (`crash.rs`): its title, its text, the Reload link, the details'
    /// heading.
    crash_title: &'static str,
    crash_text: &'static str,
    crash_reload: &'static str,
    crash_details: &'static str,
    /// The rules of other apps' puzzles that inkdoku does not play, in `Rule`'s order
    /// (`rule_name`).
    rules: [&'static str; 21],
    /// What a variant's constraints say about a cell, in its accessible name (`cell_note`), in
    /// `CELL_NOTE`'s order.
    cell_note: [&'static str; 17],
    /// The Rules panel: its button and title, "by {author}", and what it says with no rules text.
    rules_title: &'static str,
    rules_by: &'static str,
    rules_none: &'static str,
    /// What the Rules panel says for a killer with no rules text (New game → Killer's).
    rules_killer: &'static str,
    /// Check on a variant: a cage over or under its sum ({cell}, {got}, {sum}), a cage with a
    /// repeat, and any other broken constraint ({what}: `constraint_names`).
    checked_cage_sum: &'static str,
    checked_cage_repeat: &'static str,
    checked_broken: &'static str,
    /// The kinds of constraint, for Check (`constraint_name`), in `Constraint`'s order.
    constraint_names: [&'static str; 20],
    /// A hint on a variant that the classic techniques can't give.
    hint_variant: &'static str,
    /// The Share dialog's link to the puzzle in f-puzzles.
    open_fpuzzles: &'static str,
}
}

/// A house in words: "row 3", "Zeile 3", "fila 3", "3행" (a check's message, Solve's).
pub fn house_name(t: &Ui, h: House) -> String {
    let kind = match h {
        House::Row(_) => 0,
        House::Col(_) => 1,
        House::Box(_) => 2,
        House::Region(_) => 3,
    };
    fill(t.houses[kind], &[("n", &(h.number() + 1).to_string())])
}

/// One of the app's templates filled: each `{name}` becomes its value, as the engine fills its
/// sentences (`inkdoku_engine::lang::fill_template`, the one place templates are filled). In the
/// tests, a template whose placeholder is not given a value fails the test that fills it.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    #[cfg(test)]
    tests::every_placeholder_given(template, values);
    inkdoku_engine::lang::fill_template(template, values)
}

pub static EN: Ui = Ui {
    digits: "Digits",
    editing: "Editing",
    notes: "Notes",
    erase: "Erase",
    undo: "Undo",
    redo: "Redo",
    game: "Game",
    done: "Done",
    cancel: "Cancel",
    hint: "Hint",
    check: "Check",
    solve: "Solve",
    solve_cell: "Solve cell",
    solve_row: "Solve row",
    solve_column: "Solve column",
    solve_all: "Solve all",
    undo_mistakes: "Undo mistakes",
    restart: "Restart",
    marks: "Marks",
    mark_position: "Mark this position",
    back_to_mark: "Back to {t}",
    position_marked: "Position marked at {t}: try a branch, then go back to it from Marks.",
    back_at_mark: "Back at the position marked at {t}. Undo returns to where you were.",
    already_at_mark: "The board is already as marked at {t}.",
    no_such_mark: "That marked position no longer exists.",
    new_game: "New game",
    share: "Share",
    settings: "Settings",
    apply_hint: "Apply hint",
    close_hint: "Close hint",
    steps_taken: "Steps taken",
    whole_proof: "The whole proof",
    chain_links: "The chain, link by link",
    previous_link: "Previous link",
    next_link: "Next link",
    all_links: "Whole chain",
    link_of: "Link {n} of {total}",
    branches: "The proof, branch by branch",
    previous_branch: "Previous branch",
    next_branch: "Next branch",
    branches_intro: "The proof in {total} parts: step through them with ▶.",
    link_legend: "How links are drawn",
    strong_link: "strong link (= in a chain): one of the two is true",
    weak_link: "weak link (- in a chain): not both are true",
    candidate_note: "Candidate colours",
    got_it: "Got it",
    controls: "Controls",
    entering: "Entering a puzzle",
    time: "Time",
    grid: "Sudoku grid",
    cell_given: "Row {r}, column {c}, {d}, given",
    cell_digit: "Row {r}, column {c}, {d}",
    cell_empty: "Row {r}, column {c}, empty",
    cell_notes: "Row {r}, column {c}, empty, notes {n}",
    cell_corner: "corner {n}",
    cell_centre: "centre {n}",
    corner_mode: "Corner",
    centre_mode: "Centre",
    colour_mode: "Colour",
    palette: "Colours",
    colour_swatch: "Colour {n}: {name}",
    colour_names: ["orange", "sky blue", "green", "yellow", "blue", "red", "pink", "grey", "indigo"],
    paint_candidates: "Paint candidates",
    clear_colours: "Clear colours",
    cell_colours: "colours {n}",
    cell_candidate_colour: "{d} in colour {c}",
    no_such_colour: "That colour is not on the palette.",
    conflict: "conflict",
    incorrect: "incorrect",
    no_candidate_left: "no candidate left",
    levels: ["Easy", "Medium", "Hard", "Expert", "Extreme", "Master", "Needs trial"],
    welcome_back: "Welcome back",
    welcome_text: "Your game is where you left it.",
    continue_: "Continue",
    size: "Size",
    level: "Level",
    symmetry: "Symmetry",
    symmetries: ["None", "Rotational (180°)", "Mirror", "Diagonal"],
    start: "Start",
    daily_puzzle: "Daily puzzle",
    enter_puzzle: "Enter a puzzle",
    paste_puzzle: "Paste puzzle",
    open_file: "Open file",
    print_puzzles_button: "Print puzzles…",
    close: "Close",
    making_puzzle: "Making a puzzle…",
    making_puzzles: "Making puzzles…",
    discard_title: "Start a new game?",
    discard_text: "The game in progress is kept: New game brings it back.",
    daily_title: "Start the daily puzzle?",
    kind: "Type",
    kinds: ["Classic", "Killer"],
    daily_killer: "Daily killer",
    daily_killer_title: "Start the daily killer?",
    daily_killer_ready: "Daily killer, {date}.",
    games_in_progress: "Games in progress",
    resume_game: "{what} · {time}",
    start_new_game: "Start new game",
    keep_playing: "Keep playing",
    toggles: [
        "Show conflicts",
        "Show incorrect numbers",
        "Highlight same digits",
        "Show candidates",
        "Remove notes when a digit is placed",
        "Ask before a new game",
        "Left-handed layout",
        "Show a cell's candidates on hover or long press",
    ],
    language: "Language",
    language_auto: "Browser's language",
    ok: "OK",
    congratulations: "Congratulations!",
    time_label: "Time: {t}",
    best_new_before: "A new best time! (before: {t})",
    best_first: "Your first time at this level.",
    best_time: "Best time: {t}",
    best_helped: "Solved with help: no best time recorded.",
    won_together: "Solved together in {t}.",
    won_together_helped: "Solved together, with help, in {t}.",
    share_progress: "Include my progress and notes",
    share_link: "Share link",
    copy_text: "Copy as text",
    save_file: "Save file",
    print: "Print",
    open_title: "Open this puzzle?",
    open_text: "The game in progress will be replaced.",
    open_puzzle: "Open puzzle",
    print_title: "Print puzzles",
    puzzles: "Puzzles",
    per_page: "Per page",
    make_and_print: "Make and print",
    other_tab_title: "inkdoku is open in another tab",
    other_tab_text: "The game is played there. This tab follows it, read-only, so neither overwrites the other.",
    play_here: "Play here",
    just_watch: "Just watch",
    update_ready: "A new version of inkdoku is ready.",
    reload: "Reload",
    caption: "{level} · {size} · seed {seed}",
    puzzle_image: "{size} puzzle",
    saved_data: "Saved data",
    not_a_puzzle: "Not a puzzle",
    not_playable: "Not playable",
    save_corrupt: "Your saved game was damaged and could not be read, so a new game starts. {kept}",
    kept_as: "Its text was kept aside under \"{key}\".",
    not_kept: "It could not be kept.",
    settings_corrupt: "Your settings were damaged and could not be read, so the defaults are used.",
    cannot_save: "Your game could not be saved: {e}.",
    cannot_save_settings: "Your settings could not be saved: {e}.",
    storage_full: "the browser's storage for this site is full",
    no_storage: "this browser gives the page no local storage",
    storage_refused: "the browser refused to store it",
    given_cannot_change: "That cell holds a given; it cannot change.",
    nothing_to_undo: "Nothing to undo.",
    nothing_to_redo: "Nothing to redo.",
    move_not_fitting: "That move does not fit this grid.",
    browser_lacks: "this browser cannot do that",
    browser_refused: "the browser did not allow it",
    browser_failed: "the browser could not do it",
    ink_failed: "Handwriting stopped for a moment: please write it again.",
    share_title: "A Sudoku from inkdoku",
    read_only: "This tab only follows: the game is played in another tab.",
    nothing_to_undo_right: "Nothing to undo: every digit so far is right.",
    undid: "Undid {n} moves, back to the last position that can still be solved.",
    wrong_digits: "Not every digit is right: look again at {cells}.",
    looking_for_hint: "Looking for a hint…",
    no_hint: "No hint: the grid is solved or a digit is wrong.",
    checked_solved: "Solved — well done!",
    checked_twice: "{d} appears twice in {house}: {cells}.",
    checked_more: "{d} appears twice in {house}: {cells} ({n} rules broken in all).",
    checked_dead: "No digit can go in {cells} any more.",
    checked_so_far: "No mistakes so far; {n} cells to go.",
    link_damaged: "The link is damaged or cut short (perhaps it was not copied whole).",
    link_newer: "The link was made by a newer inkdoku: update the app to open it.",
    link_variant: "{source} holds a puzzle with rules inkdoku does not play: {rules}. inkdoku plays classic Sudoku and its common variants.",
    open_in_sudokupad: "Open in SudokuPad",
    details: "Details",
    details_lead: "What the app reported, in English for a bug report:",
    candidate_legend: [
        "Red: it can be placed now (the only candidate of its cell, or the only place for its digit in a row, column or box).",
        "Blue: one of the only two places for its digit in its box.",
    ],
    worker_failed: "The puzzle engine stopped unexpectedly and starts again on its own: please try again.",
    too_hard: "This puzzle could not be checked within a few seconds (it may have no solution, or very many).",
    open_here_title: "Open this puzzle here?",
    open_here_text: "inkdoku is open in another tab. Open the puzzle from the link here, and play it in this tab? The game you had stays as your previous game (New game → Previous game).",
    open_here: "Open here",
    previous_restored: "Back to your previous game.",
    following: "This tab follows the game played in another tab.",
    scratchpad: "Scratchpad",
    change_to: "Change to {d}",
    other_digits: "Other digits",
    correction: "Correction",
    hand_title: "Your handwriting",
    hand_explain: "The pen learns from the digits you correct. They stay on this device and are never shared.",
    hand_none: "Nothing learned yet. When the pen misreads a digit, pick the right one on the chip beside it.",
    hand_count: "Drawings learned: {n}",
    hand_forget_one: "Forget this {d}",
    hand_forget_all: "Forget them all",
    hand_learned: "Learned: written like this, the pen reads {d}.",
    hand_corrupt: "The pen's learned drawings could not be read; it starts afresh.",
    pen_tip: "Write digits right in the cells, with your pen or finger.",
    board_view: "Board view",
    whole_board: "Whole board",
    view_window: "rows {r0}–{r1}, columns {c0}–{c1}",
    view_up: "Show the boxes above",
    view_down: "Show the boxes below",
    view_left: "Show the boxes to the left",
    view_right: "Show the boxes to the right",
    scratched_digit: "Scratched out {d} in {cell}: Undo brings it back.",
    scratched_notes: "Scratched out the notes in {cell}: Undo brings them back.",
    struck_note: "Struck out {d} in {cell}: Undo brings it back.",
    scratched_ink: "Scratched out pencil strokes: Undo brings them back.",
    cell_candidates: "Row {r}, column {c}, empty, candidates {n}",
    fill_notes: "Fill all notes",
    clear_notes: "Clear all notes",
    notes_filled: "Notes filled from the candidates.",
    notes_cleared: "All notes cleared.",
    checked_wrong_one: "{cells} is not right.",
    checked_wrong_many: "{cells} are not right.",
    checked_lost: "The candidates of {cells} leave out the right digit: look at the notes there again.",
    checked_so_far_one: "No mistakes so far; 1 cell to go.",
    undid_one: "Undid 1 move, back to the last position that can still be solved.",
    filled_cell: "Filled {cell} from the solution.",
    filled_house: "Filled {house} from the solution.",
    houses: ["row {n}", "column {n}", "box {n}", "region {n}"],
    filled_all: "Filled every cell from the solution.",
    no_solution_to_use: "This puzzle has no known unique solution, so it can't be solved for you.",
    select_cell: "Select a cell first.",
    new_puzzle: "New {size} {level} puzzle.",
    new_killer: "New {level} killer.",
    killer_nearer: "No {asked} killer could be made in time; this one, the nearest made, is {level}.",
    cancelled: "Cancelled.",
    type_puzzle: "Type the puzzle's digits, then press Done.",
    grid_empty: "The grid is empty: type the puzzle's digits first.",
    checking: "Checking the puzzle…",
    one_solution: "The puzzle has exactly one solution.{rated} Have fun!",
    rated: " It rates {level}.",
    no_solution: "This puzzle has no solution: check the digits you typed.",
    many_solutions: "This puzzle has more than one solution: add givens until only one remains.",
    no_text_puzzle: "{source} holds no puzzle inkdoku can read.",
    unchanged: "Your game is unchanged.",
    made_instead: "A new puzzle is made instead.",
    opened: "Opened a {size} puzzle{rated}.",
    progress_unusable: "The link's progress does not fit this puzzle, so it starts from the givens.",
    file_progress_title: "Progress not restored",
    file_progress_damaged: "The progress and notes saved in {name} are damaged, so its puzzle opened from the givens.",
    file_progress_other: "The progress and notes saved in {name} belong to another puzzle, so this puzzle opened from its givens.",
    file_progress_newer: "The progress and notes in {name} were saved by a newer inkdoku (update the app to restore them), so its puzzle opened from the givens.",
    storage_full_title: "Storage full",
    storage_full_text: "This site's storage in the browser is full, so your last moves could not be saved there.",
    storage_full_lasting: "They are saved in another of the browser's stores for now: a reload keeps them, and so does closing the tab.",
    storage_full_spare: "They are kept in this tab for now: a reload keeps them, closing the tab loses them.",
    storage_full_nowhere: "They are kept only while this page stays open.",
    storage_full_free: "Free space by removing:",
    remove_oldest_game: "The oldest kept game ({when})",
    remove_drawings: "Learned drawings ({n})",
    storage_freed: "Space freed: your game is saved.",
    storage_still_full: "The storage is still full: your game is not saved yet.",
    welcome_older: "Your last moves could not be saved (the storage was full): this is your game as it was last saved.",
    no_solution_long: "This puzzle has no solution.",
    many_solutions_long: "This puzzle has more than one solution; inkdoku plays puzzles with exactly one.",
    shared: "Shared.",
    link_copied: "Link copied to the clipboard.",
    together: "Solve together",
    together_copied: "Link copied: whoever opens it solves this puzzle with you, live.",
    together_joined: "You joined: you solve this puzzle together.",
    together_players: "Together: {n} players",
    together_alone: "Together: just you so far",
    together_you: "You are Player {n}",
    player_n: "Player {n}",
    together_offline: "Offline — your moves will be shared when the connection is back.",
    together_away: "Together: offline",
    together_only_you: "Together: only you are here",
    peer_here: "{who}: here",
    peer_away: "{who}: away",
    together_insecure: "Solving together needs a secure page (https); your moves stay on this device.",
    together_nobody: "No one else is here yet — if you expected others, check the link.",
    together_kept: "{who}'s {d} kept in {cell}.",
    together_partner: "A partner",
    together_by_hand: "The browser refused to copy: copy the live link below by hand.",
    together_live: "Live link: whoever opens it plays this board with you",
    together_share_live: "Share the live link",
    together_qr: "The live link as a QR code",
    together_key_damaged: "The link's room key is damaged, so the puzzle opens for you alone.",
    together_full: "This game already has as many players as it can take.",
    together_refused: "The other players cannot be reached ({e}); your moves are kept and will be shared.",
    play_alone: "Play alone",
    together_left: "You play alone now; the others keep the shared board.",
    relay_setting: "Relay for solving together",
    relay_own: "this app's own",
    relay_bad: "A relay's address starts with wss://, ws://, https:// or http://.",
    cannot_share: "Could not share the link: {e}.",
    puzzle_copied: "Puzzle copied to the clipboard.",
    cannot_copy: "Could not copy: {e}.",
    cannot_read_clipboard: "Could not read the clipboard: {e}.",
    saved_as: "Saved as {name}.",
    cannot_save_file: "Could not save the file: {e}.",
    cannot_read_file: "Could not read {name}: {e}.",
    cannot_open_file: "Could not open a file: {e}.",
    the_link: "The link",
    the_clipboard: "The clipboard",
    the_pasted_text: "The pasted text",
    the_file: "The file “{name}”",
    daily_ready: "Daily puzzle, {date}.",
    print_ready: "{n} puzzles ready to print.",
    play_here_now: "You play here now.",
    eraser: "Eraser",
    ink_declined: "Not sure what that is: write it again, or erase it.",
    ink_unavailable: "Handwriting is off in this browser; use the pad or the keyboard.",
    crash_title: "Something went wrong",
    crash_text: "inkdoku ran into an error it cannot recover from. Your game is saved: reload to continue where you were.",
    crash_reload: "Reload",
    crash_details: "Details for the developers",
    rules: [
        "killer cages",
        "little killer sums",
        "sandwich sums",
        "thermometers",
        "arrows",
        "diagonals",
        "anti-knight",
        "anti-king",
        "disjoint groups",
        "non-consecutive",
        "odd/even cells",
        "minimum/maximum cells",
        "extra regions",
        "irregular regions",
        "quadruples",
        "dots (difference, ratio, XV)",
        "lines",
        "clones",
        "clues outside the grid",
        "drawn shapes or text",
        "other rules",
    ],
    cell_note: [
        "cage of {n} cells, sum {s}",
        "cage of {n} cells",
        "thermometer, cell {p} of {n} from the bulb",
        "arrow circle, shaft of {n} cells",
        "on an arrow's shaft of {n} cells",
        "white dot with {cell}",
        "black dot with {cell}",
        "{x} with {cell}",
        "on a German whispers line of {n} cells",
        "on a renban line of {n} cells",
        "on a palindrome line of {n} cells",
        "on a diagonal",
        "in an extra region of {n} cells",
        "even",
        "odd",
        "on a little killer diagonal, sum {s}",
        "in a row or column with sandwich sum {s}",
    ],
    rules_title: "Rules",
    rules_by: "by {author}",
    rules_none: "The puzzle comes with no rules text: the usual Sudoku rules, and what is drawn.",
    rules_killer: "Killer sudoku: the usual Sudoku rules, and the digits in each dashed cage add up to the small number in its corner, with no digit repeated in a cage.",
    checked_cage_sum: "The cage at {cell} adds up to {got}, not {sum}.",
    checked_cage_repeat: "The cage at {cell} holds a digit twice.",
    checked_broken: "The {what} at {cell} is broken.",
    constraint_names: [
        "cage",
        "little killer clue",
        "sandwich clue",
        "arrow",
        "thermometer",
        "dot",
        "X or V",
        "dot rule",
        "XV rule",
        "whispers line",
        "renban line",
        "palindrome line",
        "diagonal",
        "anti-knight rule",
        "anti-king rule",
        "non-consecutive rule",
        "extra region",
        "disjoint groups rule",
        "odd or even cell",
        "region",
    ],
    hint_variant: "The next step needs the variant's own logic, which inkdoku does not explain yet.",
    open_fpuzzles: "Open in f-puzzles",
};

// Not in the app's wasm: read from static/lang at run time (`file`).
#[cfg(not(target_arch = "wasm32"))]
pub static DE: Ui = Ui {
    digits: "Ziffern",
    editing: "Bearbeiten",
    notes: "Notizen",
    erase: "Löschen",
    undo: "Zurück",
    redo: "Vorwärts",
    game: "Spiel",
    done: "Fertig",
    cancel: "Abbrechen",
    hint: "Tipp",
    check: "Prüfen",
    solve: "Lösen",
    solve_cell: "Zelle lösen",
    solve_row: "Zeile lösen",
    solve_column: "Spalte lösen",
    solve_all: "Alles lösen",
    undo_mistakes: "Fehler rückgängig",
    restart: "Neu beginnen",
    marks: "Merken",
    mark_position: "Stellung markieren",
    back_to_mark: "Zurück zu {t}",
    position_marked: "Stellung bei {t} markiert: Probiere einen Zweig und kehre über „Merken“ zurück.",
    back_at_mark: "Zurück bei der Stellung von {t}. Rückgängig bringt dich dorthin, wo du warst.",
    already_at_mark: "Das Brett ist schon wie bei {t} markiert.",
    no_such_mark: "Diese markierte Stellung gibt es nicht mehr.",
    new_game: "Neues Spiel",
    share: "Teilen",
    settings: "Optionen",
    apply_hint: "Tipp anwenden",
    close_hint: "Tipp schließen",
    steps_taken: "Bisherige Schritte",
    whole_proof: "Der ganze Beweis",
    chain_links: "Die Kette, Glied für Glied",
    previous_link: "Vorheriges Glied",
    next_link: "Nächstes Glied",
    all_links: "Ganze Kette",
    link_of: "Glied {n} von {total}",
    branches: "Der Beweis, Zweig für Zweig",
    previous_branch: "Vorheriger Zweig",
    next_branch: "Nächster Zweig",
    branches_intro: "Der Beweis in {total} Teilen: mit ▶ einzeln ansehen.",
    link_legend: "Wie Glieder gezeichnet sind",
    strong_link: "starkes Glied (= in einer Kette): eines der beiden ist wahr",
    weak_link: "schwaches Glied (- in einer Kette): nicht beide sind wahr",
    candidate_note: "Farben der Kandidaten",
    got_it: "Verstanden",
    controls: "Bedienung",
    entering: "Rätsel eingeben",
    time: "Zeit",
    grid: "Sudoku-Gitter",
    cell_given: "Zeile {r}, Spalte {c}, {d}, vorgegeben",
    cell_digit: "Zeile {r}, Spalte {c}, {d}",
    cell_empty: "Zeile {r}, Spalte {c}, leer",
    cell_notes: "Zeile {r}, Spalte {c}, leer, Notizen {n}",
    cell_corner: "Ecke {n}",
    cell_centre: "Mitte {n}",
    corner_mode: "Ecke",
    centre_mode: "Mitte",
    colour_mode: "Farbe",
    palette: "Farben",
    colour_swatch: "Farbe {n}: {name}",
    colour_names: ["Orange", "Himmelblau", "Grün", "Gelb", "Blau", "Rot", "Rosa", "Grau", "Indigo"],
    paint_candidates: "Kandidaten färben",
    clear_colours: "Farben löschen",
    cell_colours: "Farben {n}",
    cell_candidate_colour: "{d} in Farbe {c}",
    no_such_colour: "Diese Farbe gibt es nicht.",
    conflict: "Konflikt",
    incorrect: "falsch",
    no_candidate_left: "kein Kandidat mehr",
    levels: ["Leicht", "Mittel", "Schwer", "Experte", "Extrem", "Meister", "Nur mit Probieren"],
    welcome_back: "Willkommen zurück",
    welcome_text: "Dein Spiel ist da, wo du aufgehört hast.",
    continue_: "Weiterspielen",
    size: "Größe",
    level: "Schwierigkeit",
    symmetry: "Symmetrie",
    symmetries: ["Keine", "Drehung (180°)", "Spiegelung", "Diagonale"],
    start: "Starten",
    daily_puzzle: "Rätsel des Tages",
    enter_puzzle: "Rätsel eingeben",
    paste_puzzle: "Rätsel einfügen",
    open_file: "Datei öffnen",
    print_puzzles_button: "Rätsel drucken…",
    close: "Schließen",
    making_puzzle: "Rätsel wird erstellt…",
    making_puzzles: "Rätsel werden erstellt…",
    discard_title: "Neues Spiel beginnen?",
    discard_text: "Das laufende Spiel bleibt erhalten: Neues Spiel holt es zurück.",
    daily_title: "Rätsel des Tages beginnen?",
    kind: "Art",
    kinds: ["Klassisch", "Killer"],
    daily_killer: "Killer des Tages",
    daily_killer_title: "Killer des Tages beginnen?",
    daily_killer_ready: "Killer des Tages, {date}.",
    games_in_progress: "Laufende Spiele",
    resume_game: "{what} · {time}",
    start_new_game: "Neues Spiel beginnen",
    keep_playing: "Weiterspielen",
    toggles: [
        "Konflikte zeigen",
        "Falsche Zahlen zeigen",
        "Gleiche Ziffern hervorheben",
        "Kandidaten zeigen",
        "Notizen beim Setzen einer Ziffer entfernen",
        "Vor neuem Spiel nachfragen",
        "Linkshänder-Anordnung",
        "Kandidaten einer Zelle beim Zeigen oder langen Drücken",
    ],
    language: "Sprache",
    language_auto: "Sprache des Browsers",
    ok: "OK",
    congratulations: "Herzlichen Glückwunsch!",
    time_label: "Zeit: {t}",
    best_new_before: "Neue Bestzeit! (vorher: {t})",
    best_first: "Dein erstes Mal auf dieser Stufe.",
    best_time: "Bestzeit: {t}",
    best_helped: "Mit Hilfe gelöst: keine Bestzeit.",
    won_together: "Gemeinsam gelöst in {t}.",
    won_together_helped: "Gemeinsam mit Hilfe gelöst in {t}.",
    share_progress: "Meinen Fortschritt und meine Notizen mitschicken",
    share_link: "Link teilen",
    copy_text: "Als Text kopieren",
    save_file: "Datei speichern",
    print: "Drucken",
    open_title: "Dieses Rätsel öffnen?",
    open_text: "Das laufende Spiel wird ersetzt.",
    open_puzzle: "Rätsel öffnen",
    print_title: "Rätsel drucken",
    puzzles: "Rätsel",
    per_page: "Pro Seite",
    make_and_print: "Erstellen und drucken",
    other_tab_title: "inkdoku ist in einem anderen Tab offen",
    other_tab_text: "Dort wird gespielt. Dieser Tab folgt nur lesend, damit keiner den anderen überschreibt.",
    play_here: "Hier spielen",
    just_watch: "Nur zusehen",
    update_ready: "Eine neue Version von inkdoku ist bereit.",
    reload: "Neu laden",
    caption: "{level} · {size} · Startwert {seed}",
    puzzle_image: "{size}-Rätsel",
    saved_data: "Gespeicherte Daten",
    not_a_puzzle: "Kein Rätsel",
    not_playable: "Nicht spielbar",
    save_corrupt: "Dein gespeichertes Spiel war beschädigt und ließ sich nicht lesen, darum beginnt ein neues Spiel. {kept}",
    kept_as: "Sein Text wurde unter „{key}“ aufbewahrt.",
    not_kept: "Er konnte nicht aufbewahrt werden.",
    settings_corrupt: "Deine Einstellungen waren beschädigt und ließen sich nicht lesen, darum gelten die Standardwerte.",
    cannot_save: "Dein Spiel konnte nicht gespeichert werden: {e}.",
    cannot_save_settings: "Deine Einstellungen konnten nicht gespeichert werden: {e}.",
    storage_full: "der Speicher des Browsers für diese Seite ist voll",
    no_storage: "dieser Browser gibt der Seite keinen lokalen Speicher",
    storage_refused: "der Browser hat das Speichern abgelehnt",
    given_cannot_change: "Diese Zelle ist vorgegeben und kann nicht geändert werden.",
    nothing_to_undo: "Nichts rückgängig zu machen.",
    nothing_to_redo: "Nichts wiederherzustellen.",
    move_not_fitting: "Dieser Zug passt nicht zu diesem Gitter.",
    browser_lacks: "dieser Browser kann das nicht",
    browser_refused: "der Browser hat es nicht erlaubt",
    browser_failed: "der Browser hat es nicht geschafft",
    ink_failed: "Die Handschrifterkennung war kurz weg: bitte schreib es noch einmal.",
    share_title: "Ein Sudoku aus inkdoku",
    read_only: "Dieser Tab folgt nur: gespielt wird in einem anderen Tab.",
    nothing_to_undo_right: "Nichts rückgängig zu machen: jede Ziffer bisher stimmt.",
    undid: "{n} Züge rückgängig gemacht, zurück zur letzten noch lösbaren Stellung.",
    wrong_digits: "Nicht jede Ziffer stimmt: sieh dir {cells} noch einmal an.",
    looking_for_hint: "Suche einen Tipp…",
    no_hint: "Kein Tipp: das Gitter ist gelöst oder eine Ziffer ist falsch.",
    checked_solved: "Gelöst – gut gemacht!",
    checked_twice: "Die {d} steht doppelt in {house}: {cells}.",
    checked_more: "Die {d} steht doppelt in {house}: {cells} (insgesamt {n} Regelverstöße).",
    checked_dead: "In {cells} passt keine Ziffer mehr.",
    checked_so_far: "Bisher kein Fehler; noch {n} Zellen.",
    link_damaged: "Der Link ist beschädigt oder abgeschnitten (vielleicht wurde er nicht vollständig kopiert).",
    link_newer: "Der Link stammt von einem neueren inkdoku: aktualisiere die App, um ihn zu öffnen.",
    link_variant: "{source} enthält ein Rätsel mit Regeln, die inkdoku nicht spielt: {rules}. inkdoku spielt klassisches Sudoku und seine gängigen Varianten.",
    open_in_sudokupad: "In SudokuPad öffnen",
    details: "Einzelheiten",
    details_lead: "Was die App gemeldet hat, auf Englisch für einen Fehlerbericht:",
    candidate_legend: [
        "Rot: kann jetzt gesetzt werden (einziger Kandidat der Zelle oder einziger Platz der Ziffer in Zeile, Spalte oder Block).",
        "Blau: einer von nur zwei Plätzen der Ziffer in ihrem Block.",
    ],
    worker_failed: "Die Rätsel-Engine ist unerwartet stehen geblieben und startet von selbst neu: bitte versuch es noch einmal.",
    too_hard: "Dieses Rätsel ließ sich nicht in wenigen Sekunden prüfen (vielleicht hat es keine Lösung oder sehr viele).",
    open_here_title: "Dieses Rätsel hier öffnen?",
    open_here_text: "inkdoku ist in einem anderen Tab offen. Das Rätsel aus dem Link hier öffnen und in diesem Tab spielen? Dein bisheriges Spiel bleibt als vorheriges Spiel erhalten (Neues Spiel → Vorheriges Spiel).",
    open_here: "Hier öffnen",
    previous_restored: "Zurück zum vorherigen Spiel.",
    following: "Dieser Tab folgt dem Spiel in einem anderen Tab.",
    scratchpad: "Skizze",
    change_to: "Ändern in {d}",
    other_digits: "Andere Ziffern",
    correction: "Korrektur",
    hand_title: "Deine Handschrift",
    hand_explain: "Der Stift lernt aus den Ziffern, die du korrigierst. Sie bleiben auf diesem Gerät und werden nie geteilt.",
    hand_none: "Noch nichts gelernt. Liest der Stift eine Ziffer falsch, wähle die richtige auf dem Chip daneben.",
    hand_count: "Gelernte Zeichnungen: {n}",
    hand_forget_one: "Diese {d} vergessen",
    hand_forget_all: "Alle vergessen",
    hand_learned: "Gelernt: So geschrieben liest der Stift {d}.",
    hand_corrupt: "Die gelernten Zeichnungen des Stifts waren nicht lesbar; er beginnt von vorn.",
    pen_tip: "Schreib Ziffern direkt in die Zellen, mit Stift oder Finger.",
    board_view: "Brettansicht",
    whole_board: "Ganzes Brett",
    view_window: "Zeilen {r0}–{r1}, Spalten {c0}–{c1}",
    view_up: "Die Blöcke darüber zeigen",
    view_down: "Die Blöcke darunter zeigen",
    view_left: "Die Blöcke links zeigen",
    view_right: "Die Blöcke rechts zeigen",
    scratched_digit: "{d} in {cell} durchgestrichen: Rückgängig holt sie zurück.",
    scratched_notes: "Notizen in {cell} durchgestrichen: Rückgängig holt sie zurück.",
    struck_note: "{d} in {cell} gestrichen: Rückgängig holt sie zurück.",
    scratched_ink: "Skizzenstriche durchgestrichen: Rückgängig holt sie zurück.",
    cell_candidates: "Zeile {r}, Spalte {c}, leer, Kandidaten {n}",
    fill_notes: "Alle Notizen füllen",
    clear_notes: "Alle Notizen löschen",
    notes_filled: "Notizen aus den Kandidaten gefüllt.",
    notes_cleared: "Alle Notizen gelöscht.",
    checked_wrong_one: "{cells} stimmt nicht.",
    checked_wrong_many: "{cells} stimmen nicht.",
    checked_lost: "Die Kandidaten von {cells} schließen die richtige Ziffer aus: sieh dir die Notizen dort noch einmal an.",
    checked_so_far_one: "Bisher kein Fehler; noch 1 Zelle.",
    undid_one: "1 Zug rückgängig gemacht, zurück zur letzten noch lösbaren Stellung.",
    filled_cell: "{cell} aus der Lösung gefüllt.",
    filled_house: "Aus der Lösung gefüllt: {house}.",
    houses: ["Zeile {n}", "Spalte {n}", "Block {n}", "Gebiet {n}"],
    filled_all: "Alle Zellen aus der Lösung gefüllt.",
    no_solution_to_use: "Für dieses Rätsel ist keine eindeutige Lösung bekannt; es kann nicht gelöst werden.",
    select_cell: "Wähle zuerst eine Zelle.",
    new_puzzle: "Neues {size}-Rätsel, {level}.",
    new_killer: "Neues Killer-Sudoku, {level}.",
    killer_nearer: "Kein Killer-Sudoku der Stufe „{asked}“ ließ sich rechtzeitig erstellen; dieses, das nächstliegende, hat die Stufe „{level}“.",
    cancelled: "Abgebrochen.",
    type_puzzle: "Gib die Ziffern des Rätsels ein und drücke dann Fertig.",
    grid_empty: "Das Gitter ist leer: gib zuerst die Ziffern des Rätsels ein.",
    checking: "Rätsel wird geprüft…",
    one_solution: "Das Rätsel hat genau eine Lösung.{rated} Viel Spaß!",
    rated: " Schwierigkeit: {level}.",
    no_solution: "Dieses Rätsel hat keine Lösung: prüfe die eingegebenen Ziffern.",
    many_solutions: "Dieses Rätsel hat mehr als eine Lösung: gib Ziffern hinzu, bis nur eine bleibt.",
    no_text_puzzle: "{source} enthält kein Rätsel, das inkdoku lesen kann.",
    unchanged: "Dein Spiel bleibt unverändert.",
    made_instead: "Stattdessen wird ein neues Rätsel erstellt.",
    opened: "Ein {size}-Rätsel geöffnet{rated}.",
    progress_unusable: "Der Fortschritt aus dem Link passt nicht zu diesem Rätsel; es beginnt bei den Vorgaben.",
    file_progress_title: "Fortschritt nicht wiederhergestellt",
    file_progress_damaged: "Der in {name} gespeicherte Fortschritt samt Notizen ist beschädigt, darum beginnt das Rätsel bei den Vorgaben.",
    file_progress_other: "Der in {name} gespeicherte Fortschritt samt Notizen gehört zu einem anderen Rätsel, darum beginnt dieses Rätsel bei den Vorgaben.",
    file_progress_newer: "Der Fortschritt samt Notizen in {name} stammt von einem neueren inkdoku (aktualisiere die App, um ihn wiederherzustellen), darum beginnt das Rätsel bei den Vorgaben.",
    storage_full_title: "Speicher voll",
    storage_full_text: "Der Speicher des Browsers für diese Seite ist voll, darum ließen sich deine letzten Züge dort nicht speichern.",
    storage_full_lasting: "Sie sind vorerst in einem anderen Speicher des Browsers gesichert: Neu laden behält sie, Schließen des Tabs auch.",
    storage_full_spare: "Sie sind vorerst in diesem Tab aufbewahrt: Neu laden behält sie, Schließen des Tabs verliert sie.",
    storage_full_nowhere: "Sie bleiben nur erhalten, solange diese Seite offen ist.",
    storage_full_free: "Schaffe Platz, indem du entfernst:",
    remove_oldest_game: "Das älteste aufbewahrte Spiel ({when})",
    remove_drawings: "Gelernte Zeichnungen ({n})",
    storage_freed: "Platz geschaffen: dein Spiel ist gespeichert.",
    storage_still_full: "Der Speicher ist noch voll: dein Spiel ist noch nicht gespeichert.",
    welcome_older: "Deine letzten Züge ließen sich nicht speichern (der Speicher war voll): das ist dein Spiel, wie es zuletzt gespeichert wurde.",
    no_solution_long: "Dieses Rätsel hat keine Lösung.",
    many_solutions_long: "Dieses Rätsel hat mehr als eine Lösung; inkdoku spielt nur Rätsel mit genau einer.",
    shared: "Geteilt.",
    link_copied: "Link in die Zwischenablage kopiert.",
    together: "Gemeinsam lösen",
    together_copied: "Link kopiert: Wer ihn öffnet, löst dieses Rätsel live mit dir.",
    together_joined: "Du bist dabei: Ihr löst dieses Rätsel gemeinsam.",
    together_players: "Gemeinsam: {n} Spieler",
    together_alone: "Gemeinsam: bisher nur du",
    together_you: "Du bist Spieler {n}",
    player_n: "Spieler {n}",
    together_offline: "Offline – deine Züge werden geteilt, sobald die Verbindung zurück ist.",
    together_away: "Gemeinsam: offline",
    together_only_you: "Gemeinsam: nur du bist da",
    peer_here: "{who}: da",
    peer_away: "{who}: weg",
    together_insecure: "Gemeinsam lösen braucht eine sichere Seite (https); deine Züge bleiben auf diesem Gerät.",
    together_nobody: "Noch ist niemand sonst hier – falls du andere erwartest, prüfe den Link.",
    together_kept: "{d} von {who} bleibt in {cell}.",
    together_partner: "Ein Mitspieler",
    together_by_hand: "Der Browser hat das Kopieren abgelehnt: Kopiere den Live-Link unten von Hand.",
    together_live: "Live-Link: Wer ihn öffnet, spielt dieses Brett mit dir",
    together_share_live: "Live-Link teilen",
    together_qr: "Der Live-Link als QR-Code",
    together_key_damaged: "Der Raumschlüssel des Links ist beschädigt; das Rätsel öffnet sich nur für dich.",
    together_full: "Dieses Spiel hat schon so viele Spieler, wie es aufnehmen kann.",
    together_refused: "Die anderen sind nicht erreichbar ({e}); deine Züge bleiben erhalten und werden geteilt.",
    play_alone: "Allein spielen",
    together_left: "Du spielst jetzt allein; die anderen behalten das gemeinsame Brett.",
    relay_setting: "Relay für gemeinsames Lösen",
    relay_own: "das eigene dieser App",
    relay_bad: "Die Adresse eines Relays beginnt mit wss://, ws://, https:// oder http://.",
    cannot_share: "Der Link konnte nicht geteilt werden: {e}.",
    puzzle_copied: "Rätsel in die Zwischenablage kopiert.",
    cannot_copy: "Kopieren nicht möglich: {e}.",
    cannot_read_clipboard: "Die Zwischenablage ließ sich nicht lesen: {e}.",
    saved_as: "Gespeichert als {name}.",
    cannot_save_file: "Die Datei konnte nicht gespeichert werden: {e}.",
    cannot_read_file: "{name} ließ sich nicht lesen: {e}.",
    cannot_open_file: "Es ließ sich keine Datei öffnen: {e}.",
    the_link: "Der Link",
    the_clipboard: "Die Zwischenablage",
    the_pasted_text: "Der eingefügte Text",
    the_file: "Die Datei „{name}“",
    daily_ready: "Rätsel des Tages, {date}.",
    print_ready: "{n} Rätsel bereit zum Drucken.",
    play_here_now: "Du spielst jetzt hier.",
    eraser: "Radierer",
    ink_declined: "Nicht sicher, was das ist: schreib es noch einmal oder radiere es weg.",
    ink_unavailable: "Handschrift ist in diesem Browser aus; nutze die Tasten oder die Tastatur.",
    crash_title: "Etwas ist schiefgegangen",
    crash_text: "inkdoku ist auf einen Fehler gestoßen, von dem es sich nicht erholen kann. Dein Spiel ist gespeichert: lade neu, um dort weiterzumachen, wo du warst.",
    crash_reload: "Neu laden",
    crash_details: "Einzelheiten für die Entwickler",
    rules: [
        "Killerkäfige",
        "Little-Killer-Summen",
        "Sandwich-Summen",
        "Thermometer",
        "Pfeile",
        "Diagonalen",
        "Anti-Springer",
        "Anti-König",
        "disjunkte Gruppen",
        "nicht aufeinanderfolgend",
        "gerade/ungerade Felder",
        "Minimum-/Maximum-Felder",
        "Zusatzbereiche",
        "unregelmäßige Bereiche",
        "Quadrupel",
        "Punkte (Differenz, Verhältnis, XV)",
        "Linien",
        "Klone",
        "Hinweise außerhalb des Gitters",
        "gezeichnete Formen oder Text",
        "weitere Regeln",
    ],
    cell_note: [
        "Käfig aus {n} Zellen, Summe {s}",
        "Käfig aus {n} Zellen",
        "Thermometer, Zelle {p} von {n} ab der Kugel",
        "Pfeilkreis, Schaft aus {n} Zellen",
        "auf einem Pfeilschaft aus {n} Zellen",
        "weißer Punkt mit {cell}",
        "schwarzer Punkt mit {cell}",
        "{x} mit {cell}",
        "auf einer German-Whispers-Linie aus {n} Zellen",
        "auf einer Renban-Linie aus {n} Zellen",
        "auf einer Palindrom-Linie aus {n} Zellen",
        "auf einer Diagonale",
        "in einer Zusatzregion aus {n} Zellen",
        "gerade",
        "ungerade",
        "auf einer Little-Killer-Diagonale, Summe {s}",
        "in einer Zeile oder Spalte mit Sandwich-Summe {s}",
    ],
    rules_title: "Regeln",
    rules_by: "von {author}",
    rules_none: "Das Rätsel hat keinen Regeltext: die üblichen Sudoku-Regeln und was eingezeichnet ist.",
    rules_killer: "Killer-Sudoku: die üblichen Sudoku-Regeln, und die Ziffern in jedem gestrichelten Käfig ergeben zusammen die kleine Zahl in seiner Ecke; in einem Käfig wiederholt sich keine Ziffer.",
    checked_cage_sum: "Der Käfig bei {cell} ergibt {got}, nicht {sum}.",
    checked_cage_repeat: "Der Käfig bei {cell} enthält eine Ziffer doppelt.",
    checked_broken: "Die Bedingung „{what}“ bei {cell} ist verletzt.",
    constraint_names: [
        "Käfig",
        "Little-Killer-Hinweis",
        "Sandwich-Hinweis",
        "Pfeil",
        "Thermometer",
        "Punkt",
        "X oder V",
        "Punkt-Regel",
        "XV-Regel",
        "Whispers-Linie",
        "Renban-Linie",
        "Palindrom-Linie",
        "Diagonale",
        "Anti-Springer-Regel",
        "Anti-König-Regel",
        "Nicht-aufeinanderfolgend-Regel",
        "Zusatzregion",
        "Disjunkte-Gruppen-Regel",
        "gerade oder ungerade Zelle",
        "Region",
    ],
    hint_variant: "Der nächste Schritt braucht die eigene Logik der Variante, die inkdoku noch nicht erklärt.",
    open_fpuzzles: "In f-puzzles öffnen",
};

// Not in the app's wasm: read from static/lang at run time (`file`).
#[cfg(not(target_arch = "wasm32"))]
pub static ES: Ui = Ui {
    digits: "Cifras",
    editing: "Edición",
    notes: "Notas",
    erase: "Vaciar",
    undo: "Deshacer",
    redo: "Rehacer",
    game: "Juego",
    done: "Listo",
    cancel: "Cancelar",
    hint: "Pista",
    check: "Comprobar",
    solve: "Resolver",
    solve_cell: "Resolver celda",
    solve_row: "Resolver fila",
    solve_column: "Resolver columna",
    solve_all: "Resolver todo",
    undo_mistakes: "Deshacer errores",
    restart: "Reiniciar",
    marks: "Marcas",
    mark_position: "Marcar esta posición",
    back_to_mark: "Volver a {t}",
    position_marked: "Posición marcada a las {t} de juego: prueba una rama y vuelve desde Marcas.",
    back_at_mark: "De vuelta en la posición marcada a las {t}. Deshacer te lleva a donde estabas.",
    already_at_mark: "El tablero ya está como se marcó a las {t}.",
    no_such_mark: "Esa posición marcada ya no existe.",
    new_game: "Nuevo juego",
    share: "Compartir",
    settings: "Ajustes",
    apply_hint: "Aplicar pista",
    close_hint: "Cerrar pista",
    steps_taken: "Pasos dados",
    whole_proof: "La prueba completa",
    chain_links: "La cadena, enlace a enlace",
    previous_link: "Enlace anterior",
    next_link: "Enlace siguiente",
    all_links: "Cadena entera",
    link_of: "Enlace {n} de {total}",
    branches: "La prueba, rama a rama",
    previous_branch: "Rama anterior",
    next_branch: "Rama siguiente",
    branches_intro: "La prueba en {total} partes: recórrelas con ▶.",
    link_legend: "Cómo se dibujan los enlaces",
    strong_link: "enlace fuerte (= en una cadena): uno de los dos es cierto",
    weak_link: "enlace débil (- en una cadena): no los dos a la vez",
    candidate_note: "Colores de los candidatos",
    got_it: "Entendido",
    controls: "Controles",
    entering: "Introduciendo un sudoku",
    time: "Tiempo",
    grid: "Cuadrícula de sudoku",
    cell_given: "Fila {r}, columna {c}, {d}, dada",
    cell_digit: "Fila {r}, columna {c}, {d}",
    cell_empty: "Fila {r}, columna {c}, vacía",
    cell_notes: "Fila {r}, columna {c}, vacía, notas {n}",
    cell_corner: "esquina {n}",
    cell_centre: "centro {n}",
    corner_mode: "Esquina",
    centre_mode: "Centro",
    colour_mode: "Color",
    palette: "Colores",
    colour_swatch: "Color {n}: {name}",
    colour_names: ["naranja", "celeste", "verde", "amarillo", "azul", "rojo", "rosa", "gris", "índigo"],
    paint_candidates: "Colorear candidatos",
    clear_colours: "Borrar colores",
    cell_colours: "colores {n}",
    cell_candidate_colour: "{d} en color {c}",
    no_such_colour: "Ese color no está en la paleta.",
    conflict: "conflicto",
    incorrect: "incorrecta",
    no_candidate_left: "sin candidatos",
    levels: ["Fácil", "Medio", "Difícil", "Experto", "Extremo", "Maestro", "Requiere prueba"],
    welcome_back: "Bienvenido de nuevo",
    welcome_text: "Tu partida está donde la dejaste.",
    continue_: "Continuar",
    size: "Tamaño",
    level: "Nivel",
    symmetry: "Simetría",
    symmetries: ["Ninguna", "Rotación (180°)", "Espejo", "Diagonal"],
    start: "Empezar",
    daily_puzzle: "Sudoku del día",
    enter_puzzle: "Introducir un sudoku",
    paste_puzzle: "Pegar sudoku",
    open_file: "Abrir archivo",
    print_puzzles_button: "Imprimir sudokus…",
    close: "Cerrar",
    making_puzzle: "Creando un sudoku…",
    making_puzzles: "Creando sudokus…",
    discard_title: "¿Empezar un juego nuevo?",
    discard_text: "La partida en curso se guarda: Juego nuevo la recupera.",
    daily_title: "¿Empezar el sudoku del día?",
    kind: "Tipo",
    kinds: ["Clásico", "Killer"],
    daily_killer: "Killer del día",
    daily_killer_title: "¿Empezar el killer del día?",
    daily_killer_ready: "Killer del día, {date}.",
    games_in_progress: "Partidas en curso",
    resume_game: "{what} · {time}",
    start_new_game: "Empezar juego nuevo",
    keep_playing: "Seguir jugando",
    toggles: [
        "Mostrar conflictos",
        "Mostrar números incorrectos",
        "Resaltar cifras iguales",
        "Mostrar candidatos",
        "Quitar notas al colocar una cifra",
        "Preguntar antes de un juego nuevo",
        "Disposición para zurdos",
        "Candidatos de una casilla al pasar o mantener pulsado",
    ],
    language: "Idioma",
    language_auto: "Idioma del navegador",
    ok: "Aceptar",
    congratulations: "¡Enhorabuena!",
    time_label: "Tiempo: {t}",
    best_new_before: "¡Nuevo récord! (antes: {t})",
    best_first: "Tu primera vez en este nivel.",
    best_time: "Mejor tiempo: {t}",
    best_helped: "Resuelto con ayuda: no cuenta como récord.",
    won_together: "Resuelto juntos en {t}.",
    won_together_helped: "Resuelto juntos, con ayuda, en {t}.",
    share_progress: "Incluir mi progreso y mis notas",
    share_link: "Compartir enlace",
    copy_text: "Copiar como texto",
    save_file: "Guardar archivo",
    print: "Imprimir",
    open_title: "¿Abrir este sudoku?",
    open_text: "Se sustituirá la partida en curso.",
    open_puzzle: "Abrir sudoku",
    print_title: "Imprimir sudokus",
    puzzles: "Sudokus",
    per_page: "Por página",
    make_and_print: "Crear e imprimir",
    other_tab_title: "inkdoku está abierto en otra pestaña",
    other_tab_text: "Allí se juega. Esta pestaña solo la sigue, sin escribir, para que ninguna sobrescriba a la otra.",
    play_here: "Jugar aquí",
    just_watch: "Solo mirar",
    update_ready: "Hay una versión nueva de inkdoku.",
    reload: "Recargar",
    caption: "{level} · {size} · semilla {seed}",
    puzzle_image: "sudoku de {size}",
    saved_data: "Datos guardados",
    not_a_puzzle: "No es un sudoku",
    not_playable: "No se puede jugar",
    save_corrupt: "Tu partida guardada estaba dañada y no se pudo leer, así que empieza una nueva. {kept}",
    kept_as: "Su texto se guardó aparte como «{key}».",
    not_kept: "No se pudo conservar.",
    settings_corrupt: "Tus ajustes estaban dañados y no se pudieron leer, así que se usan los predeterminados.",
    cannot_save: "No se pudo guardar tu partida: {e}.",
    cannot_save_settings: "No se pudieron guardar tus ajustes: {e}.",
    storage_full: "el almacenamiento del navegador para este sitio está lleno",
    no_storage: "este navegador no da almacenamiento local a la página",
    storage_refused: "el navegador se negó a guardarlo",
    given_cannot_change: "Esa celda es una pista dada; no se puede cambiar.",
    nothing_to_undo: "No hay nada que deshacer.",
    nothing_to_redo: "No hay nada que rehacer.",
    move_not_fitting: "Esa jugada no encaja en esta cuadrícula.",
    browser_lacks: "este navegador no puede hacerlo",
    browser_refused: "el navegador no lo permitió",
    browser_failed: "el navegador no lo consiguió",
    ink_failed: "El reconocimiento de escritura se detuvo un momento: vuelve a escribirlo.",
    share_title: "Un sudoku de inkdoku",
    read_only: "Esta pestaña solo sigue: se juega en otra pestaña.",
    nothing_to_undo_right: "Nada que deshacer: todas las cifras son correctas.",
    undid: "Se deshicieron {n} jugadas, hasta la última posición que aún tiene solución.",
    wrong_digits: "No todas las cifras son correctas: revisa {cells}.",
    looking_for_hint: "Buscando una pista…",
    no_hint: "Sin pista: la cuadrícula está resuelta o hay una cifra equivocada.",
    checked_solved: "¡Resuelto! ¡Muy bien!",
    checked_twice: "El {d} aparece dos veces en la {house}: {cells}.",
    checked_more: "El {d} aparece dos veces en la {house}: {cells} ({n} reglas incumplidas en total).",
    checked_dead: "Ya no cabe ninguna cifra en {cells}.",
    checked_so_far: "Sin errores por ahora; faltan {n} celdas.",
    link_damaged: "El enlace está dañado o cortado (quizá no se copió entero).",
    link_newer: "El enlace es de un inkdoku más nuevo: actualiza la aplicación para abrirlo.",
    link_variant: "{source} contiene un sudoku con reglas que inkdoku no juega: {rules}. inkdoku juega el sudoku clásico y sus variantes habituales.",
    open_in_sudokupad: "Abrir en SudokuPad",
    details: "Detalles",
    details_lead: "Lo que informó la aplicación, en inglés para un informe de error:",
    candidate_legend: [
        "Rojo: se puede colocar ya (único candidato de su celda, o único lugar de su cifra en una fila, columna o caja).",
        "Azul: uno de los dos únicos lugares de su cifra en su caja.",
    ],
    worker_failed: "El motor de sudokus se detuvo de forma inesperada y se reinicia solo: inténtalo de nuevo.",
    too_hard: "No se pudo comprobar este sudoku en unos segundos (quizá no tenga solución, o tenga muchísimas).",
    open_here_title: "¿Abrir este sudoku aquí?",
    open_here_text: "inkdoku está abierto en otra pestaña. ¿Abrir aquí el sudoku del enlace y jugarlo en esta pestaña? La partida que tenías queda como partida anterior (Nuevo juego → Partida anterior).",
    open_here: "Abrir aquí",
    previous_restored: "De vuelta a tu partida anterior.",
    following: "Esta pestaña sigue la partida que se juega en otra.",
    scratchpad: "Dibujo libre",
    change_to: "Cambiar a {d}",
    other_digits: "Otras cifras",
    correction: "Corrección",
    hand_title: "Tu letra",
    hand_explain: "El lápiz aprende de las cifras que corriges. Se quedan en este dispositivo y nunca se comparten.",
    hand_none: "Aún no ha aprendido nada. Si el lápiz lee mal una cifra, elige la correcta en la etiqueta de al lado.",
    hand_count: "Trazos aprendidos: {n}",
    hand_forget_one: "Olvidar este {d}",
    hand_forget_all: "Olvidarlos todos",
    hand_learned: "Aprendido: escrito así, el lápiz lee {d}.",
    hand_corrupt: "No se pudieron leer los trazos aprendidos del lápiz; empieza de nuevo.",
    pen_tip: "Escribe las cifras directamente en las celdas, con el lápiz o el dedo.",
    board_view: "Vista del tablero",
    whole_board: "Tablero entero",
    view_window: "filas {r0}–{r1}, columnas {c0}–{c1}",
    view_up: "Mostrar las cajas de arriba",
    view_down: "Mostrar las cajas de abajo",
    view_left: "Mostrar las cajas de la izquierda",
    view_right: "Mostrar las cajas de la derecha",
    scratched_digit: "Tachado el {d} de {cell}: Deshacer lo recupera.",
    scratched_notes: "Tachadas las notas de {cell}: Deshacer las recupera.",
    struck_note: "Tachado el {d} de {cell}: Deshacer lo recupera.",
    scratched_ink: "Trazos tachados: Deshacer los recupera.",
    cell_candidates: "Fila {r}, columna {c}, vacía, candidatos {n}",
    fill_notes: "Rellenar notas",
    clear_notes: "Borrar notas",
    notes_filled: "Notas rellenadas con los candidatos.",
    notes_cleared: "Notas borradas.",
    checked_wrong_one: "{cells} no es correcta.",
    checked_wrong_many: "{cells} no son correctas.",
    checked_lost: "Los candidatos de {cells} dejan fuera la cifra correcta: revisa las notas ahí.",
    checked_so_far_one: "Sin errores por ahora; falta 1 celda.",
    undid_one: "Se deshizo 1 jugada, hasta la última posición que aún tiene solución.",
    filled_cell: "{cell} rellenada con la solución.",
    filled_house: "Rellenado con la solución: {house}.",
    houses: ["fila {n}", "columna {n}", "caja {n}", "región {n}"],
    filled_all: "Todas las celdas rellenadas con la solución.",
    no_solution_to_use: "Este sudoku no tiene una solución única conocida; no se puede resolver por ti.",
    select_cell: "Selecciona primero una celda.",
    new_puzzle: "Nuevo sudoku de {size}, {level}.",
    new_killer: "Nuevo killer, {level}.",
    killer_nearer: "No se pudo crear a tiempo un killer de nivel {asked}; este, el más cercano, es de nivel {level}.",
    cancelled: "Cancelado.",
    type_puzzle: "Escribe las cifras del sudoku y pulsa Listo.",
    grid_empty: "La cuadrícula está vacía: escribe primero las cifras del sudoku.",
    checking: "Comprobando el sudoku…",
    one_solution: "El sudoku tiene exactamente una solución.{rated} ¡A disfrutar!",
    rated: " Nivel: {level}.",
    no_solution: "Este sudoku no tiene solución: revisa las cifras que escribiste.",
    many_solutions: "Este sudoku tiene más de una solución: añade pistas hasta que quede una.",
    no_text_puzzle: "{source} no contiene un sudoku que inkdoku pueda leer.",
    unchanged: "Tu partida no ha cambiado.",
    made_instead: "En su lugar se crea un sudoku nuevo.",
    opened: "Se abrió un sudoku de {size}{rated}.",
    progress_unusable: "El progreso del enlace no encaja en este sudoku; empieza desde las pistas dadas.",
    file_progress_title: "Progreso no restaurado",
    file_progress_damaged: "El progreso y las notas guardados en {name} están dañados, así que el sudoku empieza desde las pistas dadas.",
    file_progress_other: "El progreso y las notas guardados en {name} son de otro sudoku, así que este empieza desde las pistas dadas.",
    file_progress_newer: "El progreso y las notas de {name} los guardó un inkdoku más nuevo (actualiza la app para recuperarlos), así que el sudoku empieza desde las pistas dadas.",
    storage_full_title: "Almacenamiento lleno",
    storage_full_text: "El almacenamiento del navegador para este sitio está lleno, así que tus últimas jugadas no se pudieron guardar allí.",
    storage_full_lasting: "Se guardan por ahora en otro almacenamiento del navegador: recargar las conserva, y cerrar la pestaña también.",
    storage_full_spare: "Se guardan por ahora en esta pestaña: recargar las conserva, cerrar la pestaña las pierde.",
    storage_full_nowhere: "Solo se conservan mientras esta página siga abierta.",
    storage_full_free: "Libera espacio quitando:",
    remove_oldest_game: "La partida guardada más antigua ({when})",
    remove_drawings: "Dibujos aprendidos ({n})",
    storage_freed: "Espacio liberado: tu partida está guardada.",
    storage_still_full: "El almacenamiento sigue lleno: tu partida aún no está guardada.",
    welcome_older: "Tus últimas jugadas no se pudieron guardar (el almacenamiento estaba lleno): esta es tu partida tal como se guardó por última vez.",
    no_solution_long: "Este sudoku no tiene solución.",
    many_solutions_long: "Este sudoku tiene más de una solución; inkdoku solo juega sudokus con una.",
    shared: "Compartido.",
    link_copied: "Enlace copiado al portapapeles.",
    together: "Resolver juntos",
    together_copied: "Enlace copiado: quien lo abra resolverá este sudoku contigo, en directo.",
    together_joined: "Te has unido: resolvéis este sudoku juntos.",
    together_players: "Juntos: {n} jugadores",
    together_alone: "Juntos: de momento solo tú",
    together_you: "Eres el jugador {n}",
    player_n: "Jugador {n}",
    together_offline: "Sin conexión: tus jugadas se compartirán cuando vuelva la conexión.",
    together_away: "Juntos: sin conexión",
    together_only_you: "Juntos: solo estás tú",
    peer_here: "{who}: conectado",
    peer_away: "{who}: ausente",
    together_insecure: "Resolver juntos necesita una página segura (https); tus jugadas se quedan en este dispositivo.",
    together_nobody: "Todavía no hay nadie más: si esperabas a otros, revisa el enlace.",
    together_kept: "Se mantiene el {d} de {who} en {cell}.",
    together_partner: "Otro jugador",
    together_by_hand: "El navegador no permitió copiar: copia a mano el enlace en vivo de abajo.",
    together_live: "Enlace en vivo: quien lo abra juega este tablero contigo",
    together_share_live: "Compartir el enlace en vivo",
    together_qr: "El enlace en vivo como código QR",
    together_key_damaged: "La clave de sala del enlace está dañada; el sudoku se abre solo para ti.",
    together_full: "Esta partida ya tiene todos los jugadores que admite.",
    together_refused: "No se puede llegar a los demás jugadores ({e}); tus jugadas se guardan y se compartirán.",
    play_alone: "Jugar solo",
    together_left: "Ahora juegas solo; los demás conservan el tablero compartido.",
    relay_setting: "Relé para resolver juntos",
    relay_own: "el de esta app",
    relay_bad: "La dirección de un relé empieza por wss://, ws://, https:// o http://.",
    cannot_share: "No se pudo compartir el enlace: {e}.",
    puzzle_copied: "Sudoku copiado al portapapeles.",
    cannot_copy: "No se pudo copiar: {e}.",
    cannot_read_clipboard: "No se pudo leer el portapapeles: {e}.",
    saved_as: "Guardado como {name}.",
    cannot_save_file: "No se pudo guardar el archivo: {e}.",
    cannot_read_file: "No se pudo leer {name}: {e}.",
    cannot_open_file: "No se pudo abrir un archivo: {e}.",
    the_link: "El enlace",
    the_clipboard: "El portapapeles",
    the_pasted_text: "El texto pegado",
    the_file: "El archivo «{name}»",
    daily_ready: "Sudoku del día, {date}.",
    print_ready: "{n} sudokus listos para imprimir.",
    play_here_now: "Ahora juegas aquí.",
    eraser: "Goma",
    ink_declined: "No sé qué es eso: escríbelo otra vez o bórralo.",
    ink_unavailable: "La escritura a mano no está disponible en este navegador; usa el teclado numérico o el teclado.",
    crash_title: "Algo ha fallado",
    crash_text: "inkdoku ha tenido un error del que no puede recuperarse. Tu partida está guardada: recarga para seguir donde estabas.",
    crash_reload: "Recargar",
    crash_details: "Detalles para los desarrolladores",
    rules: [
        "jaulas killer",
        "sumas little killer",
        "sumas sándwich",
        "termómetros",
        "flechas",
        "diagonales",
        "anti-caballo",
        "anti-rey",
        "grupos disjuntos",
        "no consecutivos",
        "casillas par/impar",
        "casillas mínimo/máximo",
        "regiones extra",
        "regiones irregulares",
        "cuádruples",
        "puntos (diferencia, razón, XV)",
        "líneas",
        "clones",
        "pistas fuera de la cuadrícula",
        "formas o texto dibujados",
        "otras reglas",
    ],
    cell_note: [
        "jaula de {n} casillas, suma {s}",
        "jaula de {n} casillas",
        "termómetro, casilla {p} de {n} desde el bulbo",
        "círculo de flecha, cuerpo de {n} casillas",
        "en el cuerpo de una flecha de {n} casillas",
        "punto blanco con {cell}",
        "punto negro con {cell}",
        "{x} con {cell}",
        "en una línea German whispers de {n} casillas",
        "en una línea renban de {n} casillas",
        "en una línea palíndromo de {n} casillas",
        "en una diagonal",
        "en una región extra de {n} casillas",
        "par",
        "impar",
        "en una diagonal little killer, suma {s}",
        "en una fila o columna con suma sándwich {s}",
    ],
    rules_title: "Reglas",
    rules_by: "de {author}",
    rules_none: "El puzzle no trae texto de reglas: las reglas habituales del sudoku y lo que está dibujado.",
    rules_killer: "Killer sudoku: las reglas habituales del sudoku, y las cifras de cada jaula punteada suman el número pequeño de su esquina, sin repetir ninguna cifra en una jaula.",
    checked_cage_sum: "La jaula en {cell} suma {got}, no {sum}.",
    checked_cage_repeat: "La jaula en {cell} tiene un dígito repetido.",
    checked_broken: "No se cumple la restricción «{what}» en {cell}.",
    constraint_names: [
        "jaula",
        "pista little killer",
        "pista sándwich",
        "flecha",
        "termómetro",
        "punto",
        "X o V",
        "regla de puntos",
        "regla XV",
        "línea whispers",
        "línea renban",
        "línea palíndromo",
        "diagonal",
        "regla anti-caballo",
        "regla anti-rey",
        "regla no consecutiva",
        "región extra",
        "regla de grupos disjuntos",
        "casilla par o impar",
        "región",
    ],
    hint_variant: "El siguiente paso necesita la lógica propia de la variante, que inkdoku aún no explica.",
    open_fpuzzles: "Abrir en f-puzzles",
};

// Not in the app's wasm: read from static/lang at run time (`file`).
#[cfg(not(target_arch = "wasm32"))]
pub static KO: Ui = Ui {
    digits: "숫자",
    editing: "편집",
    notes: "메모",
    erase: "지우기",
    undo: "실행 취소",
    redo: "다시 실행",
    game: "게임",
    done: "완료",
    cancel: "취소",
    hint: "힌트",
    check: "검사",
    solve: "풀기",
    solve_cell: "칸 풀기",
    solve_row: "행 풀기",
    solve_column: "열 풀기",
    solve_all: "모두 풀기",
    undo_mistakes: "실수 되돌리기",
    restart: "다시 시작",
    marks: "표시",
    mark_position: "이 위치 표시",
    back_to_mark: "{t}(으)로 돌아가기",
    position_marked: "{t}에 위치를 표시했습니다. 다른 수를 시도한 뒤 표시 메뉴에서 돌아오세요.",
    back_at_mark: "{t}에 표시한 위치로 돌아왔습니다. 실행 취소하면 전 위치로 갑니다.",
    already_at_mark: "보드가 이미 {t}에 표시한 그대로입니다.",
    no_such_mark: "그 표시한 위치는 더 이상 없습니다.",
    new_game: "새 게임",
    share: "공유",
    settings: "설정",
    apply_hint: "힌트 적용",
    close_hint: "힌트 닫기",
    steps_taken: "진행한 단계",
    whole_proof: "전체 증명",
    chain_links: "체인을 한 연결씩",
    previous_link: "이전 연결",
    next_link: "다음 연결",
    all_links: "체인 전체",
    link_of: "연결 {n} / {total}",
    branches: "증명을 가지별로",
    previous_branch: "이전 가지",
    next_branch: "다음 가지",
    branches_intro: "증명은 {total}부분입니다: ▶로 하나씩 보세요.",
    link_legend: "연결을 그리는 방식",
    strong_link: "강한 연결 (체인의 =): 둘 중 하나는 참",
    weak_link: "약한 연결 (체인의 -): 둘 다 참일 수는 없음",
    candidate_note: "후보 숫자의 색",
    got_it: "알겠습니다",
    controls: "조작",
    entering: "퍼즐 입력 중",
    time: "시간",
    grid: "스도쿠 격자",
    cell_given: "{r}행 {c}열, {d}, 주어진 숫자",
    cell_digit: "{r}행 {c}열, {d}",
    cell_empty: "{r}행 {c}열, 빈 칸",
    cell_notes: "{r}행 {c}열, 빈 칸, 메모 {n}",
    cell_corner: "모서리 {n}",
    cell_centre: "가운데 {n}",
    corner_mode: "모서리",
    centre_mode: "가운데",
    colour_mode: "색",
    palette: "색상표",
    colour_swatch: "색 {n}: {name}",
    colour_names: ["주황", "하늘색", "초록", "노랑", "파랑", "빨강", "분홍", "회색", "남색"],
    paint_candidates: "후보 칠하기",
    clear_colours: "색 지우기",
    cell_colours: "색 {n}",
    cell_candidate_colour: "{d}: 색 {c}",
    no_such_colour: "팔레트에 없는 색입니다.",
    conflict: "충돌",
    incorrect: "틀림",
    no_candidate_left: "남은 후보 없음",
    levels: ["쉬움", "보통", "어려움", "전문가", "극한", "마스터", "추측 필요"],
    welcome_back: "다시 오신 것을 환영합니다",
    welcome_text: "게임은 그만둔 곳에 그대로 있습니다.",
    continue_: "계속하기",
    size: "크기",
    level: "난이도",
    symmetry: "대칭",
    symmetries: ["없음", "회전 (180°)", "좌우 대칭", "대각선"],
    start: "시작",
    daily_puzzle: "오늘의 퍼즐",
    enter_puzzle: "퍼즐 입력",
    paste_puzzle: "퍼즐 붙여넣기",
    open_file: "파일 열기",
    print_puzzles_button: "퍼즐 인쇄…",
    close: "닫기",
    making_puzzle: "퍼즐을 만드는 중…",
    making_puzzles: "퍼즐들을 만드는 중…",
    discard_title: "새 게임을 시작할까요?",
    discard_text: "진행 중인 게임은 보관됩니다. 새 게임에서 다시 열 수 있습니다.",
    daily_title: "오늘의 퍼즐을 시작할까요?",
    kind: "종류",
    kinds: ["클래식", "킬러"],
    daily_killer: "오늘의 킬러",
    daily_killer_title: "오늘의 킬러를 시작할까요?",
    daily_killer_ready: "오늘의 킬러, {date}.",
    games_in_progress: "진행 중인 게임",
    resume_game: "{what} · {time}",
    start_new_game: "새 게임 시작",
    keep_playing: "계속 하기",
    toggles: [
        "충돌 표시",
        "틀린 숫자 표시",
        "같은 숫자 강조",
        "후보 표시",
        "숫자를 놓으면 메모 지우기",
        "새 게임 전에 묻기",
        "왼손잡이 배치",
        "가리키거나 길게 누르면 칸의 후보 표시",
    ],
    language: "언어",
    language_auto: "브라우저 언어",
    ok: "확인",
    congratulations: "축하합니다!",
    time_label: "시간: {t}",
    best_new_before: "새 최고 기록! (이전: {t})",
    best_first: "이 난이도는 처음입니다.",
    best_time: "최고 기록: {t}",
    best_helped: "도움을 받아 풀었으므로 기록에 남지 않습니다.",
    won_together: "함께 {t} 만에 풀었습니다.",
    won_together_helped: "도움을 받아 함께 {t} 만에 풀었습니다.",
    share_progress: "진행 상황과 메모 포함",
    share_link: "링크 공유",
    copy_text: "텍스트로 복사",
    save_file: "파일 저장",
    print: "인쇄",
    open_title: "이 퍼즐을 열까요?",
    open_text: "진행 중인 게임이 바뀝니다.",
    open_puzzle: "퍼즐 열기",
    print_title: "퍼즐 인쇄",
    puzzles: "퍼즐 수",
    per_page: "페이지당",
    make_and_print: "만들고 인쇄",
    other_tab_title: "inkdoku가 다른 탭에서 열려 있습니다",
    other_tab_text: "게임은 그 탭에서 진행됩니다. 이 탭은 읽기 전용으로 따라가므로 서로 덮어쓰지 않습니다.",
    play_here: "여기서 하기",
    just_watch: "보기만 하기",
    update_ready: "inkdoku의 새 버전이 준비되었습니다.",
    reload: "새로고침",
    caption: "{level} · {size} · 시드 {seed}",
    puzzle_image: "{size} 퍼즐",
    saved_data: "저장된 데이터",
    not_a_puzzle: "퍼즐이 아닙니다",
    not_playable: "플레이할 수 없습니다",
    save_corrupt: "저장된 게임이 손상되어 읽을 수 없으므로 새 게임을 시작합니다. {kept}",
    kept_as: "원문은 \"{key}\"에 따로 보관했습니다.",
    not_kept: "보관할 수 없었습니다.",
    settings_corrupt: "설정이 손상되어 읽을 수 없으므로 기본값을 사용합니다.",
    cannot_save: "게임을 저장할 수 없습니다: {e}.",
    cannot_save_settings: "설정을 저장할 수 없습니다: {e}.",
    storage_full: "이 사이트의 브라우저 저장 공간이 가득 찼습니다",
    no_storage: "이 브라우저는 페이지에 로컬 저장소를 주지 않습니다",
    storage_refused: "브라우저가 저장을 거부했습니다",
    given_cannot_change: "주어진 숫자가 있는 칸은 바꿀 수 없습니다.",
    nothing_to_undo: "되돌릴 것이 없습니다.",
    nothing_to_redo: "다시 할 것이 없습니다.",
    move_not_fitting: "그 수는 이 격자에 맞지 않습니다.",
    browser_lacks: "이 브라우저에서는 할 수 없습니다",
    browser_refused: "브라우저가 허용하지 않았습니다",
    browser_failed: "브라우저가 해내지 못했습니다",
    ink_failed: "손글씨 인식이 잠시 멈췄습니다. 다시 써 주세요.",
    share_title: "inkdoku의 스도쿠",
    read_only: "이 탭은 따라가기만 합니다. 게임은 다른 탭에서 진행 중입니다.",
    nothing_to_undo_right: "되돌릴 것이 없습니다. 지금까지의 숫자는 모두 맞습니다.",
    undid: "{n}수를 되돌려, 아직 풀 수 있는 마지막 상태로 돌아갔습니다.",
    wrong_digits: "틀린 숫자가 있습니다: {cells}을(를) 다시 보세요.",
    looking_for_hint: "힌트를 찾는 중…",
    no_hint: "힌트 없음: 격자가 다 풀렸거나 틀린 숫자가 있습니다.",
    checked_solved: "다 풀었습니다. 잘했어요!",
    checked_twice: "{house}에 {d}이(가) 두 번 있습니다: {cells}.",
    checked_more: "{house}에 {d}이(가) 두 번 있습니다: {cells} (규칙 위반 총 {n}개).",
    checked_dead: "{cells}에는 더 이상 들어갈 숫자가 없습니다.",
    checked_so_far: "아직 실수 없음, {n}칸 남았습니다.",
    link_damaged: "링크가 손상되었거나 잘렸습니다(전체가 복사되지 않았을 수 있습니다).",
    link_newer: "더 새로운 inkdoku에서 만든 링크입니다. 열려면 앱을 업데이트하세요.",
    link_variant: "{source}에는 inkdoku가 지원하지 않는 규칙이 있는 퍼즐이 있습니다: {rules}. inkdoku는 클래식 스도쿠와 흔한 변형을 지원합니다.",
    open_in_sudokupad: "SudokuPad에서 열기",
    details: "자세히",
    details_lead: "앱이 보고한 내용 (오류 보고용 영어 원문):",
    candidate_legend: [
        "빨강: 지금 놓을 수 있음 (칸의 유일한 후보, 또는 행·열·박스에서 그 숫자의 유일한 자리).",
        "파랑: 박스 안에서 그 숫자가 들어갈 수 있는 두 자리 중 하나.",
    ],
    worker_failed: "퍼즐 엔진이 예기치 않게 멈췄다가 스스로 다시 시작합니다. 다시 시도해 주세요.",
    too_hard: "이 퍼즐은 몇 초 안에 확인할 수 없었습니다(풀이가 없거나 아주 많을 수 있습니다).",
    open_here_title: "이 퍼즐을 여기서 열까요?",
    open_here_text: "inkdoku가 다른 탭에서 열려 있습니다. 링크의 퍼즐을 여기서 열어 이 탭에서 풀까요? 하던 게임은 이전 게임으로 남습니다(새 게임 → 이전 게임).",
    open_here: "여기서 열기",
    previous_restored: "이전 게임으로 돌아왔습니다.",
    following: "이 탭은 다른 탭에서 하는 게임을 따라갑니다.",
    scratchpad: "연습장",
    change_to: "{d}(으)로 바꾸기",
    other_digits: "다른 숫자",
    correction: "고치기",
    hand_title: "내 글씨",
    hand_explain: "펜은 내가 고친 숫자에서 배웁니다. 이 기기에만 남고 공유되지 않습니다.",
    hand_none: "아직 배운 글씨가 없습니다. 펜이 숫자를 잘못 읽으면 옆의 칩에서 맞는 숫자를 고르세요.",
    hand_count: "배운 글씨: {n}개",
    hand_forget_one: "이 {d} 잊기",
    hand_forget_all: "모두 잊기",
    hand_learned: "배웠습니다: 이렇게 쓰면 펜이 {d}(으)로 읽습니다.",
    hand_corrupt: "펜이 배운 글씨를 읽을 수 없어 처음부터 다시 배웁니다.",
    pen_tip: "펜이나 손가락으로 칸에 바로 숫자를 쓰세요.",
    board_view: "보드 보기",
    whole_board: "전체 보드",
    view_window: "{r0}–{r1}행, {c0}–{c1}열",
    view_up: "위쪽 박스 보기",
    view_down: "아래쪽 박스 보기",
    view_left: "왼쪽 박스 보기",
    view_right: "오른쪽 박스 보기",
    scratched_digit: "{cell}의 {d}을(를) 지웠습니다. 되돌리기로 살릴 수 있습니다.",
    scratched_notes: "{cell}의 메모를 지웠습니다. 되돌리기로 살릴 수 있습니다.",
    struck_note: "{cell}의 후보 {d}를 지웠습니다. 되돌리기로 살릴 수 있습니다.",
    scratched_ink: "연습장 획을 지웠습니다. 되돌리기로 살릴 수 있습니다.",
    cell_candidates: "{r}행 {c}열, 빈 칸, 후보 {n}",
    fill_notes: "메모 모두 채우기",
    clear_notes: "메모 모두 지우기",
    notes_filled: "후보로 메모를 채웠습니다.",
    notes_cleared: "메모를 모두 지웠습니다.",
    checked_wrong_one: "{cells}의 숫자가 틀렸습니다.",
    checked_wrong_many: "{cells}의 숫자가 틀렸습니다.",
    checked_lost: "{cells}의 후보에 맞는 숫자가 빠져 있습니다: 그곳의 메모를 다시 보세요.",
    checked_so_far_one: "아직 실수 없음, 1칸 남았습니다.",
    undid_one: "1수를 되돌려, 아직 풀 수 있는 마지막 상태로 돌아갔습니다.",
    filled_cell: "{cell}을(를) 정답으로 채웠습니다.",
    filled_house: "{house}을(를) 정답으로 채웠습니다.",
    houses: ["{n}행", "{n}열", "{n}번 박스", "{n}번 영역"],
    filled_all: "모든 칸을 정답으로 채웠습니다.",
    no_solution_to_use: "이 퍼즐은 알려진 유일한 해가 없어 대신 풀 수 없습니다.",
    select_cell: "먼저 칸을 고르세요.",
    new_puzzle: "새 {size} {level} 퍼즐입니다.",
    new_killer: "새 {level} 킬러 퍼즐입니다.",
    killer_nearer: "{asked} 킬러를 제시간에 만들지 못했습니다. 가장 가까운 {level} 킬러 퍼즐입니다.",
    cancelled: "취소했습니다.",
    type_puzzle: "퍼즐의 숫자를 입력한 뒤 완료를 누르세요.",
    grid_empty: "격자가 비어 있습니다. 먼저 퍼즐의 숫자를 입력하세요.",
    checking: "퍼즐을 확인하는 중…",
    one_solution: "이 퍼즐의 해는 정확히 하나입니다.{rated} 즐거운 시간 되세요!",
    rated: " 난이도: {level}.",
    no_solution: "이 퍼즐은 해가 없습니다. 입력한 숫자를 확인하세요.",
    many_solutions: "이 퍼즐은 해가 둘 이상입니다. 해가 하나가 될 때까지 숫자를 더하세요.",
    no_text_puzzle: "{source}에는 inkdoku가 읽을 수 있는 퍼즐이 없습니다.",
    unchanged: "게임은 그대로입니다.",
    made_instead: "대신 새 퍼즐을 만듭니다.",
    opened: "{size} 퍼즐을 열었습니다{rated}.",
    progress_unusable: "링크의 진행 상황이 이 퍼즐에 맞지 않아 주어진 숫자부터 시작합니다.",
    file_progress_title: "진행 상황을 복원하지 못했습니다",
    file_progress_damaged: "{name}에 저장된 진행 상황과 메모가 손상되어 퍼즐을 주어진 숫자부터 시작합니다.",
    file_progress_other: "{name}에 저장된 진행 상황과 메모는 다른 퍼즐의 것이어서 이 퍼즐을 주어진 숫자부터 시작합니다.",
    file_progress_newer: "{name}의 진행 상황과 메모는 더 새로운 inkdoku가 저장한 것이어서(앱을 업데이트하면 복원할 수 있습니다) 퍼즐을 주어진 숫자부터 시작합니다.",
    storage_full_title: "저장 공간 가득 참",
    storage_full_text: "이 사이트의 브라우저 저장 공간이 가득 차서 마지막 수를 그곳에 저장하지 못했습니다.",
    storage_full_lasting: "지금은 브라우저의 다른 저장소에 보관됩니다: 새로고침해도, 탭을 닫아도 남습니다.",
    storage_full_spare: "지금은 이 탭에 보관됩니다: 새로고침하면 남지만 탭을 닫으면 사라집니다.",
    storage_full_nowhere: "이 페이지가 열려 있는 동안에만 보관됩니다.",
    storage_full_free: "다음을 지워 공간을 확보하세요:",
    remove_oldest_game: "가장 오래된 보관 게임({when})",
    remove_drawings: "학습한 글씨({n})",
    storage_freed: "공간을 확보했습니다: 게임이 저장되었습니다.",
    storage_still_full: "저장 공간이 아직 가득 찼습니다: 게임이 아직 저장되지 않았습니다.",
    welcome_older: "마지막 수를 저장하지 못했습니다(저장 공간이 가득 찼습니다): 마지막으로 저장된 때의 게임입니다.",
    no_solution_long: "이 퍼즐은 해가 없습니다.",
    many_solutions_long: "이 퍼즐은 해가 둘 이상입니다. inkdoku는 해가 하나인 퍼즐만 합니다.",
    shared: "공유했습니다.",
    link_copied: "링크를 클립보드에 복사했습니다.",
    together: "함께 풀기",
    together_copied: "링크를 복사했습니다: 링크를 여는 사람과 이 퍼즐을 실시간으로 함께 풉니다.",
    together_joined: "참가했습니다: 이 퍼즐을 함께 풉니다.",
    together_players: "함께: {n}명",
    together_alone: "함께: 아직 나 혼자",
    together_you: "나는 플레이어 {n}",
    player_n: "플레이어 {n}",
    together_offline: "오프라인 — 연결이 돌아오면 내 수가 공유됩니다.",
    together_away: "함께: 오프라인",
    together_only_you: "함께: 지금은 나만 있음",
    peer_here: "{who}: 접속 중",
    peer_away: "{who}: 자리 비움",
    together_insecure: "함께 풀기에는 보안 페이지(https)가 필요합니다. 내 수는 이 기기에만 남습니다.",
    together_nobody: "아직 아무도 없습니다 — 다른 사람을 기다린다면 링크를 확인하세요.",
    together_kept: "{cell}에 {who}의 {d}이(가) 남았습니다.",
    together_partner: "다른 참가자",
    together_by_hand: "브라우저가 복사를 거부했습니다. 아래 실시간 링크를 직접 복사하세요.",
    together_live: "실시간 링크: 여는 사람은 누구나 이 판을 함께 풉니다",
    together_share_live: "실시간 링크 공유",
    together_qr: "실시간 링크 QR 코드",
    together_key_damaged: "링크의 방 키가 손상되어 혼자 푸는 퍼즐로 엽니다.",
    together_full: "이 게임은 이미 받을 수 있는 만큼 플레이어가 있습니다.",
    together_refused: "다른 플레이어에게 연결할 수 없습니다 ({e}). 내 수는 저장되었다가 공유됩니다.",
    play_alone: "혼자 하기",
    together_left: "이제 혼자 풉니다. 다른 사람들은 공유 보드를 계속 사용합니다.",
    relay_setting: "함께 풀기 릴레이",
    relay_own: "이 앱의 기본 릴레이",
    relay_bad: "릴레이 주소는 wss://, ws://, https:// 또는 http://로 시작합니다.",
    cannot_share: "링크를 공유할 수 없습니다: {e}.",
    puzzle_copied: "퍼즐을 클립보드에 복사했습니다.",
    cannot_copy: "복사할 수 없습니다: {e}.",
    cannot_read_clipboard: "클립보드를 읽을 수 없습니다: {e}.",
    saved_as: "{name}(으)로 저장했습니다.",
    cannot_save_file: "파일을 저장할 수 없습니다: {e}.",
    cannot_read_file: "{name}을(를) 읽을 수 없습니다: {e}.",
    cannot_open_file: "파일을 열 수 없습니다: {e}.",
    the_link: "링크",
    the_clipboard: "클립보드",
    the_pasted_text: "붙여넣은 텍스트",
    the_file: "파일 “{name}”",
    daily_ready: "오늘의 퍼즐, {date}.",
    print_ready: "퍼즐 {n}개를 인쇄할 준비가 되었습니다.",
    play_here_now: "이제 여기서 합니다.",
    eraser: "지우개",
    ink_declined: "무엇인지 잘 모르겠습니다. 다시 쓰거나 지우세요.",
    ink_unavailable: "이 브라우저에서는 손글씨 인식을 쓸 수 없습니다. 숫자 버튼이나 키보드를 쓰세요.",
    crash_title: "문제가 발생했습니다",
    crash_text: "inkdoku에 복구할 수 없는 오류가 생겼습니다. 게임은 저장되어 있으니 새로고침하면 하던 곳에서 이어집니다.",
    crash_reload: "새로고침",
    crash_details: "개발자를 위한 자세한 정보",
    rules: [
        "킬러 케이지",
        "리틀 킬러 합",
        "샌드위치 합",
        "온도계",
        "화살표",
        "대각선",
        "안티 나이트",
        "안티 킹",
        "분리 그룹",
        "비연속",
        "홀수/짝수 칸",
        "최소/최대 칸",
        "추가 영역",
        "불규칙 영역",
        "쿼드러플",
        "점(차이, 비율, XV)",
        "선",
        "클론",
        "격자 밖 힌트",
        "그려진 도형이나 글자",
        "기타 규칙",
    ],
    cell_note: [
        "{n}칸 케이지, 합 {s}",
        "{n}칸 케이지",
        "온도계, 구에서 {n}칸 중 {p}번째",
        "화살표 원, 화살 {n}칸",
        "{n}칸 화살 위",
        "{cell}과 흰 점",
        "{cell}과 검은 점",
        "{cell}과 {x}",
        "{n}칸 저먼 위스퍼 선 위",
        "{n}칸 렌반 선 위",
        "{n}칸 회문 선 위",
        "대각선 위",
        "{n}칸 추가 영역 안",
        "짝수",
        "홀수",
        "리틀 킬러 대각선 위, 합 {s}",
        "샌드위치 합 {s}인 행 또는 열",
    ],
    rules_title: "규칙",
    rules_by: "출제: {author}",
    rules_none: "이 퍼즐에는 규칙 설명이 없습니다: 보통 스도쿠 규칙과 그려진 것을 따릅니다.",
    rules_killer: "킬러 스도쿠: 보통 스도쿠 규칙에 더해, 점선 케이지 안 숫자들의 합은 모서리의 작은 숫자와 같고, 한 케이지 안에서 같은 숫자는 반복되지 않습니다.",
    checked_cage_sum: "{cell}의 케이지 합이 {sum}이 아니라 {got}입니다.",
    checked_cage_repeat: "{cell}의 케이지에 같은 숫자가 두 번 있습니다.",
    checked_broken: "{cell}의 {what} 조건이 깨졌습니다.",
    constraint_names: [
        "케이지",
        "리틀 킬러 힌트",
        "샌드위치 힌트",
        "화살표",
        "온도계",
        "점",
        "X 또는 V",
        "점 규칙",
        "XV 규칙",
        "위스퍼 선",
        "렌반 선",
        "회문 선",
        "대각선",
        "안티 나이트 규칙",
        "안티 킹 규칙",
        "비연속 규칙",
        "추가 영역",
        "분리 그룹 규칙",
        "홀짝 칸",
        "영역",
    ],
    hint_variant: "다음 단계에는 변형 규칙 고유의 논리가 필요한데, inkdoku는 아직 설명하지 못합니다.",
    open_fpuzzles: "f-puzzles에서 열기",
};

/// The strings of a language: natively every language is built in; the app's wasm has
/// English built in and the others as read from their files (`install`), English until then.
#[cfg(not(target_arch = "wasm32"))]
pub fn ui(lang: Lang) -> &'static Ui {
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
pub fn ui(lang: Lang) -> &'static Ui {
    file::installed(lang).unwrap_or(&EN)
}

/// Why the game refused an action, in the player's words. (The engine's own text, which is
/// English, is for the console: `ActionError`'s `Display`.)
pub fn action_refused(t: &Ui, e: &ActionError) -> &'static str {
    match e {
        ActionError::Given => t.given_cannot_change,
        ActionError::NoSolution => t.no_solution_to_use,
        ActionError::NothingToUndo => t.nothing_to_undo,
        ActionError::NothingToRedo => t.nothing_to_redo,
        ActionError::NoSuchMark(_) => t.no_such_mark,
        ActionError::NoSuchColour(_) => t.no_such_colour,
        ActionError::CellOutside(_)
        | ActionError::DigitOutside { .. }
        | ActionError::HouseOutside(_)
        | ActionError::BadStroke
        | ActionError::BoardSize => t.move_not_fitting,
    }
}

/// Why the browser could not do something (share, copy, read a file), in the player's words;
/// the browser's own message is for the console.
pub fn browser_reason(t: &Ui, e: &PlatformError) -> &'static str {
    match e.failure {
        Failure::Unsupported => t.browser_lacks,
        Failure::Refused => t.browser_refused,
        Failure::Failed => t.browser_failed,
    }
}

/// A rule of another app's puzzle (killer cages, thermometers…) in the player's words.
pub fn rule_name(lang: Lang, rule: Rule) -> &'static str {
    ui(lang).rules[rule as usize]
}

/// The rules' names in the player's words, joined.
pub fn rule_names(lang: Lang, rules: &[Rule]) -> String {
    rules.iter().map(|&r| rule_name(lang, r)).collect::<Vec<_>>().join(", ")
}

/// What a variant's constraint says about a cell, in the player's words ("cage of 3 cells,
/// sum 15").
pub fn cell_note(t: &Ui, size: Size, note: &CellNote) -> String {
    let n = |v: usize| v.to_string();
    let w = &t.cell_note;
    let name = |c: Cell| inkdoku_engine::geometry::cell_name(size, c);
    match note {
        CellNote::Cage { cells, sum: Some(s) } => fill(w[0], &[("n", &n(*cells)), ("s", &s.to_string())]),
        CellNote::Cage { cells, sum: None } => fill(w[1], &[("n", &n(*cells))]),
        CellNote::Thermometer { position, length } => fill(w[2], &[("p", &n(*position)), ("n", &n(*length))]),
        CellNote::ArrowCircle { shaft } => fill(w[3], &[("n", &n(*shaft))]),
        CellNote::ArrowShaft { length } => fill(w[4], &[("n", &n(*length))]),
        CellNote::Dot { dot: Dot::White, with } => fill(w[5], &[("cell", &name(*with))]),
        CellNote::Dot { dot: Dot::Black, with } => fill(w[6], &[("cell", &name(*with))]),
        CellNote::Xv { sum, with } => fill(w[7], &[("x", if *sum == 10 { "X" } else { "V" }), ("cell", &name(*with))]),
        CellNote::Line { kind, length } => {
            let i = match kind {
                LineKind::Whispers => 8,
                LineKind::Renban => 9,
                LineKind::Palindrome => 10,
            };
            fill(w[i], &[("n", &n(*length))])
        }
        CellNote::Diagonal { .. } => w[11].to_string(),
        CellNote::ExtraRegion { cells } => fill(w[12], &[("n", &n(*cells))]),
        CellNote::Parity { even } => w[if *even { 13 } else { 14 }].to_string(),
        CellNote::LittleKiller { sum, .. } => fill(w[15], &[("s", &sum.to_string())]),
        CellNote::Sandwich { sum, .. } => fill(w[16], &[("s", &sum.to_string())]),
    }
}

/// What Check says of the first broken constraint of a variant ("The cage at r1c1 adds up to
/// 17, not 15.").
pub fn broken_constraint(t: &Ui, puzzle: &Puzzle, grid: &Grid, v: &Violation) -> String {
    let size = puzzle.size();
    let at = v.cells.first().map(|&c| inkdoku_engine::geometry::cell_name(size, c)).unwrap_or_default();
    let constraint = match v.source {
        Source::Constraint(i) => puzzle.constraints.get(i),
        Source::Region(_) => return fill(t.checked_broken, &[("what", t.constraint_names[19]), ("cell", &at)]),
    };
    if let Some(Constraint::Killer { cells, sum }) = constraint {
        let first = cells.iter().min_by_key(|c| c.index()).map(|&c| inkdoku_engine::geometry::cell_name(size, c)).unwrap_or_default();
        let digits: Vec<u16> = cells.iter().filter_map(|&c| grid.get(c)).map(|d| u16::from(d.get())).collect();
        // The distinct digits as bits (a digit is at most 16): no sort compiled for this alone.
        let seen = digits.iter().fold(0u32, |bits, &d| bits | 1 << d);
        if (seen.count_ones() as usize) < digits.len() {
            return fill(t.checked_cage_repeat, &[("cell", &first)]);
        }
        if let Some(sum) = sum {
            let got: u16 = digits.iter().sum();
            return fill(t.checked_cage_sum, &[("cell", &first), ("got", &got.to_string()), ("sum", &sum.to_string())]);
        }
    }
    let kind = constraint.map_or(19, constraint_kind);
    fill(t.checked_broken, &[("what", t.constraint_names[kind]), ("cell", &at)])
}

/// The index of a constraint's kind in `Ui::constraint_names`.
fn constraint_kind(c: &Constraint) -> usize {
    c.kind_index()
}

/// What the Rules panel says: the setter's rules text; for a puzzle without one, the killer's
/// rules when cages are all it has (a killer made by New game), else the usual rules and what
/// is drawn.
pub fn rules_text(lang: Lang, puzzle: Option<&Puzzle>) -> String {
    let Some(puzzle) = puzzle else { return ui(lang).rules_none.to_string() };
    if !puzzle.about.rules.is_empty() {
        return puzzle.about.rules.clone();
    }
    let killer = |c: &Constraint| matches!(c, Constraint::Killer { .. });
    if !puzzle.constraints.is_empty() && puzzle.constraints.iter().all(killer) {
        ui(lang).rules_killer.to_string()
    } else {
        ui(lang).rules_none.to_string()
    }
}

/// A level's name.
pub fn level_name(lang: Lang, level: Level) -> &'static str {
    ui(lang).levels[level as usize]
}

/// The first of the languages a browser asks for (its tags, most wanted first) that inkdoku
/// has, else English.
pub fn first_known(tags: &[String]) -> Lang {
    tags.iter().find_map(|t| Lang::from_tag(t)).unwrap_or(Lang::En)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_tells_a_cage_holding_a_digit_twice_from_a_cage_off_its_sum() {
        use inkdoku_engine::Digit;
        let size = Size::Nine;
        let cells = vec![size.cell(0, 0), size.cell(1, 1), size.cell(2, 2)];
        let puzzle =
            Puzzle { constraints: vec![Constraint::Killer { cells: cells.clone(), sum: Some(15) }], ..Puzzle::classic(Grid::new(size)) };
        let v = Violation { source: Source::Constraint(0), cells: cells.clone() };
        let said = |digits: [u8; 3]| {
            let mut grid = Grid::new(size);
            for (&c, d) in cells.iter().zip(digits) {
                grid.set(c, Digit::new(d));
            }
            broken_constraint(ui(Lang::En), &puzzle, &grid, &v)
        };
        assert_eq!(said([3, 9, 3]), "The cage at r1c1 holds a digit twice.");
        assert_eq!(said([3, 4, 5]), "The cage at r1c1 adds up to 12, not 15.");
    }

    #[test]
    fn houses_are_named_as_the_engines_hint_sentences_name_them() {
        for lang in Lang::ALL {
            for h in [House::Row(2), House::Col(0), House::Box(8), House::Region(4)] {
                assert_eq!(house_name(ui(lang), h), inkdoku_engine::lang::house_name(h, lang), "{lang:?}");
            }
        }
        assert_eq!(house_name(ui(Lang::De), House::Col(6)), "Spalte 7");
    }

    #[test]
    fn the_first_language_the_browser_asks_for_that_inkdoku_has_is_chosen() {
        let tags = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(first_known(&tags(&["fr-FR", "de-AT", "en-US"])), Lang::De);
        assert_eq!(first_known(&tags(&["ko_KR"])), Lang::Ko);
        assert_eq!(first_known(&tags(&["fr", "it"])), Lang::En);
        assert_eq!(first_known(&[]), Lang::En);
    }

    use std::collections::BTreeSet;

    /// The `{placeholders}` of a template.
    fn placeholders(template: &str) -> BTreeSet<&str> {
        template.split('{').skip(1).filter_map(|rest| rest.split_once('}').map(|(key, _)| key)).collect()
    }

    /// `fill`'s check in the tests: every placeholder of `template` has a value.
    pub(super) fn every_placeholder_given(template: &str, values: &[(&str, &str)]) {
        for key in placeholders(template) {
            assert!(values.iter().any(|(k, _)| *k == key), "fill left {{{key}}} unfilled in {template:?}");
        }
    }

    #[test]
    fn every_language_has_the_same_placeholders_in_every_template() {
        let en = ui(Lang::En).entries();
        assert!(en.len() > 250, "{} templates", en.len());
        for lang in LANGS {
            let entries = ui(lang).entries();
            assert_eq!(entries.len(), en.len());
            for ((name, template), (_, english)) in entries.iter().zip(&en) {
                assert!(!template.trim().is_empty(), "{lang:?} {name} is empty");
                assert_eq!(placeholders(template), placeholders(english), "{lang:?} {name}: {template}");
                // A stray brace would read as a placeholder that is never filled.
                assert_eq!(template.matches('{').count(), template.matches('}').count(), "{lang:?} {name}: {template}");
            }
        }
    }

    /// The source files under `dir`, with their text.
    fn sources(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }

    /// The text of a call's arguments, from just after its `(` to its `)`.
    fn arguments(text: &str) -> &str {
        let (mut depth, mut in_string, mut escaped) = (1, false, false);
        for (i, ch) in text.char_indices() {
            match ch {
                _ if escaped => escaped = false,
                '\\' if in_string => escaped = true,
                '"' => in_string = !in_string,
                '(' | '[' if !in_string => depth += 1,
                ')' | ']' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        return &text[..i];
                    }
                }
                _ => {}
            }
        }
        text
    }

    #[test]
    fn every_fill_in_the_source_gives_exactly_the_placeholders_of_its_template() {
        // Every `fill(<…>.field, &[("key", …), …])` of the app: the keys given are the
        // template's placeholders (the same in every language, by the test above). A call whose
        // template is a variable is checked by `fill` itself whenever a test runs it.
        let english: std::collections::BTreeMap<String, &str> = ui(Lang::En).entries().into_iter().collect();
        let mut files = Vec::new();
        // The core's source and the app's (`../src`), whose messages are filled from these
        // templates too.
        let core = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        sources(&core.join("src"), &mut files);
        sources(&core.join("../src"), &mut files);
        let (mut checked, mut by_variable) = (0, Vec::new());
        // This file's own calls are its tests'.
        for (path, text) in files.iter().filter(|(path, _)| !path.ends_with("i18n.rs")) {
            for (at, _) in text.match_indices("fill(") {
                let before = text[..at].chars().next_back();
                // `fill_notes(`, `getrandom::fill(`, `fn fill(` are other things.
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') || text[..at].ends_with("fn ") {
                    continue;
                }
                let args = arguments(&text[at + 5..]);
                let Some((template, values)) = args.split_once(',') else { continue };
                let template = template.trim();
                let field = template.rsplit('.').next().unwrap_or(template);
                let Some(english) = english.get(field).filter(|_| template.contains('.')) else {
                    by_variable.push(format!("{path}: fill({args})"));
                    continue;
                };
                let given: BTreeSet<&str> = values
                    .split("(\"")
                    .skip(1)
                    .filter_map(|rest| rest.split_once('"').filter(|(_, after)| after.trim_start().starts_with(',')).map(|(key, _)| key))
                    .collect();
                assert_eq!(given, placeholders(english), "{path}: fill({args}) for {english:?}");
                checked += 1;
            }
        }
        // The scan finds the calls (not none by a change of spelling); few name a variable (a
        // choice of two templates: the cell label's, checked below; Check's, Undo's, a file's).
        assert!(checked >= 50, "{checked} calls checked");
        assert!(by_variable.len() <= 8, "{by_variable:#?}");
    }

    #[test]
    fn the_browser_too_old_message_has_every_language() {
        // `static/compat.js` runs where the wasm cannot, so its words can't come from here; it
        // has them in every language the app has.
        let compat = include_str!("../../static/compat.js");
        for lang in LANGS {
            assert!(compat.contains(&format!("\n    {}: [", lang.code())), "{lang:?}");
        }
    }

    const LANGS: [Lang; 4] = [Lang::En, Lang::De, Lang::Es, Lang::Ko];

    /// Every refusal the engine can give, with made-up details.
    fn every_action_error() -> Vec<ActionError> {
        vec![
            ActionError::CellOutside(300),
            ActionError::DigitOutside { digit: 12, size: inkdoku_engine::Size::Nine },
            ActionError::Given,
            ActionError::NoSolution,
            ActionError::HouseOutside("row 17".into()),
            ActionError::BadStroke,
            ActionError::BoardSize,
            ActionError::NothingToUndo,
            ActionError::NothingToRedo,
        ]
    }

    #[test]
    fn engine_refusals_are_said_in_the_players_language() {
        for e in every_action_error() {
            let english = action_refused(ui(Lang::En), &e);
            // Never the engine's own (English, technical) text.
            assert_ne!(english, e.to_string());
            for lang in LANGS {
                let said = action_refused(ui(lang), &e);
                assert!(!said.is_empty() && !said.contains('{'), "{lang:?}: {said}");
                assert!(!said.contains(&e.to_string()), "{lang:?} carries the engine's text: {said}");
                if lang != Lang::En {
                    assert_ne!(said, english, "{lang:?} says {e:?} in English");
                }
            }
        }
    }

    #[test]
    fn browser_failures_are_said_in_the_players_language() {
        // The browser's message (in English here) is the detail, never the words shown.
        let detail = "Write permission denied.".to_string();
        let failures = [
            PlatformError::from_name("NotAllowedError", detail.clone()),
            PlatformError::from_name("SecurityError", detail.clone()),
            PlatformError::from_name("NotSupportedError", detail.clone()),
            PlatformError::from_name("", detail.clone()),
            PlatformError::missing("this browser has no clipboard access"),
        ];
        for lang in LANGS {
            let t = ui(lang);
            for e in &failures {
                let said = fill(t.cannot_copy, &[("e", browser_reason(t, e))]);
                assert!(!said.contains("permission") && !said.contains("clipboard access") && !said.contains('{'), "{lang:?}: {said}");
                if lang != Lang::En {
                    assert_ne!(browser_reason(t, e), browser_reason(ui(Lang::En), e), "{lang:?}");
                }
            }
            // Three different reasons, three different sentences.
            let reasons: std::collections::BTreeSet<&str> = failures.iter().map(|e| browser_reason(t, e)).collect();
            assert_eq!(reasons.len(), 3, "{lang:?}");
        }
    }

    #[test]
    fn variant_rules_are_named_in_the_players_language() {
        use Rule::*;
        let all = [
            KillerCages,
            LittleKillers,
            Sandwiches,
            Thermometers,
            Arrows,
            Diagonals,
            AntiKnight,
            AntiKing,
            DisjointGroups,
            NonConsecutive,
            OddEven,
            MinMax,
            ExtraRegions,
            IrregularRegions,
            Quadruples,
            Dots,
            Lines,
            Clones,
            OutsideClues,
            Drawings,
            Other,
        ];
        for rule in all {
            // The English words are the engine's.
            assert_eq!(rule_name(Lang::En, rule), rule.name());
        }
        for lang in LANGS {
            let names: std::collections::BTreeSet<&str> = all.iter().map(|&r| rule_name(lang, r)).collect();
            assert_eq!(names.len(), all.len(), "{lang:?}: two rules share a name");
        }
        assert_eq!(rule_names(Lang::De, &[KillerCages, Thermometers]), "Killerkäfige, Thermometer");
    }

    #[test]
    fn no_message_carries_a_raw_error() {
        // These messages used to embed an English error text; now they say it in their words.
        for lang in LANGS {
            let t = ui(lang);
            for template in [t.ink_unavailable, t.ink_failed, t.progress_unusable, t.storage_refused, t.worker_failed] {
                assert!(!template.contains('{'), "{lang:?}: {template}");
            }
        }
        // The test for "writing is off" keys on the English words.
        assert!(ui(Lang::En).ink_unavailable.starts_with("Handwriting is off"));
    }

    #[test]
    fn the_rules_panel_gives_a_made_killer_its_rules_and_keeps_a_setters_text() {
        use inkdoku_engine::generator::{Options, Symmetry};
        let options = Options { size: Size::Nine, level: Level::Easy, symmetry: Symmetry::None, seed: 3 };
        let mut killer = inkdoku_engine::killer_generator::generate(&options, &mut |_| true).expect("a killer").puzzle;
        for lang in Lang::ALL {
            assert_eq!(rules_text(lang, Some(&killer)), ui(lang).rules_killer, "{lang:?}");
            assert_eq!(rules_text(lang, None), ui(lang).rules_none);
        }
        // Cages and another rule: what is drawn, not the killer's rules alone.
        killer.constraints.push(Constraint::AntiKnight);
        assert_eq!(rules_text(Lang::En, Some(&killer)), ui(Lang::En).rules_none);
        // The setter's words come first.
        killer.about.rules = "Normal sudoku rules apply.".into();
        assert_eq!(rules_text(Lang::De, Some(&killer)), "Normal sudoku rules apply.");
    }
}
