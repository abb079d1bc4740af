//! Solving together, natively, wired: two players (two `World`s, one relay `Hub`) from the link
//! to the win — moves seen on both sides, a player offline who keeps playing and catches up,
//! Undo of one's own moves, a reload that rejoins from storage, the win on both boards, the
//! address bar and the Share dialog. The room's rules alone (merging, presence, numbers, the
//! roll call, a damaged record, the kept-digit notice, live ink's pace) are the core's tests
//! (`core/src/together/tests.rs`).

use super::*;
use crate::ports::KeyValue as _;
use crate::ports::fakes::{StoreOn as _, World};
use crate::state::RoomView;
use crate::storage::{GAME_KEY, StoredGame};
use inkdoku_core::saving::SAVE_AFTER_MS;
use inkdoku_engine::lang::Lang;

const PUZZLE: &str = "#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

fn open(world: &World, store: Store, link: &str) {
    assert!(open_text(store, link, "the link"));
    world.engine.answer_truly(world.engine.last_id());
}

/// The first empty cell and its answer.
fn next_answer(store: Store) -> (Cell, Digit) {
    store.game.with_untracked(|g| {
        let solution = g.solution().cloned().expect("a solution");
        let cell = (0..81).map(Cell::new).find(|&c| g.digit(c).is_none()).expect("an empty cell");
        (cell, solution.get(cell).expect("solved"))
    })
}

fn digit_at(store: Store, cell: Cell) -> Option<Digit> {
    store.game.with_untracked(|g| g.board().entries.get(cell))
}

/// The other players as the room line lists them ("Player 2: here"), after "Together: …" and
/// "You are Player n".
fn listed(store: Store) -> Vec<String> {
    room_line(store).expect("in a room").0.split(" · ").skip(2).map(String::from).collect()
}

fn room(store: Store) -> RoomView {
    store.room.get_untracked().expect("in a room")
}

/// Player A opens a puzzle and asks to solve it together; player B opens the link A shared.
fn two_players() -> (World, World, Owner, Store, Owner, Store) {
    let a = World::default();
    let b = a.beside();
    let (owner_a, pa) = a.store(Lang::En);
    open(&a, pa, PUZZLE);
    let (cell, digit) = next_answer(pa);
    write(pa, cell, digit);
    solve_together(pa);
    a.hub.deliver();
    let (_, url) = a.sharing.shared.borrow().last().cloned().expect("a link shared");
    assert!(url.contains("&together="), "{url}");
    assert_eq!(pa.status.get_untracked(), "Shared.");
    let (owner_b, pb) = b.store(Lang::En);
    open(&b, pb, url.trim_start_matches("https://inkdoku.example/"));
    a.hub.deliver();
    // B has the board A had when the room began.
    assert_eq!(digit_at(pb, cell), Some(digit));
    // B takes a number once A has said theirs.
    b.clock.advance(f64::from(ROLL_MS));
    a.hub.deliver();
    (a, b, owner_a, pa, owner_b, pb)
}

/// Another player opens A's live link (their world beside A's, their own player id).
fn newcomer(a: &World, seed: u64) -> (World, Owner, Store) {
    let world = a.beside();
    world.random.next.set(seed);
    let (owner, store) = world.store(Lang::En);
    let (_, url) = a.sharing.shared.borrow().last().cloned().expect("a link shared");
    open(&world, store, url.trim_start_matches("https://inkdoku.example/"));
    world.hub.deliver();
    (world, owner, store)
}

#[test]
fn two_players_see_each_other_s_moves_and_numbers() {
    let (a, _b, _oa, pa, _ob, pb) = two_players();
    assert_eq!(pb.status.get_untracked(), crate::i18n::ui(Lang::En).together_joined);
    assert_eq!((room(pa).number, room(pb).number), (1, 2));
    assert_eq!((room(pa).players, room(pb).players), (2, 2));
    // A move of each, seen by the other.
    let (cell, digit) = next_answer(pa);
    write(pa, cell, digit);
    a.hub.deliver();
    assert_eq!(digit_at(pb, cell), Some(digit));
    let (note_cell, _) = next_answer(pb);
    tap(pb, note_cell);
    // What the browser's selection effect does (services/effects.rs).
    tell_presence(pb);
    write_as(pb, note_cell, Digit::new(3).unwrap(), InputMode::Notes);
    a.hub.deliver();
    assert!(pa.game.with_untracked(|g| g.board().pencil.notes[note_cell.index()].contains(Digit::new(3).unwrap())));
    // Where B is shows on A's side.
    assert_eq!(room(pa).peers.iter().find(|p| p.number == 2).and_then(|p| p.cell), Some(note_cell));
    // The play time is the room's longest: B's, told with B's presence, is A's too.
    games::games(pb, inkdoku_core::games::Input::PlayTime(90_000));
    tell_presence(pb);
    a.hub.deliver();
    assert_eq!((pa.elapsed.get_untracked(), crate::controller::current_record(pa).meta.elapsed_ms), (90_000, 90_000));
}

#[test]
fn offline_a_player_keeps_playing_and_their_moves_are_shared_when_back() {
    let (a, b, _oa, pa, _ob, pb) = two_players();
    a.hub.set_online(1, false);
    a.hub.deliver();
    assert!(!room(pb).online);
    assert_eq!(pb.status.get_untracked(), crate::i18n::ui(Lang::En).together_offline);
    // B plays on alone; A too.
    let (b_cell, b_digit) = next_answer(pb);
    write(pb, b_cell, b_digit);
    let (a_cell, a_digit) = {
        let (c, d) = next_answer(pa);
        if c == b_cell {
            // Not the cell B wrote: the next one.
            pa.game.with_untracked(|g| {
                let s = g.solution().cloned().unwrap();
                let c = (0..81).map(Cell::new).find(|&c| g.digit(c).is_none() && c != b_cell).unwrap();
                (c, s.get(c).unwrap())
            })
        } else {
            (c, d)
        }
    };
    write(pa, a_cell, a_digit);
    a.hub.deliver();
    assert_eq!(digit_at(pa, b_cell), None, "B's move waits");
    assert_eq!(digit_at(pb, a_cell), None, "A's move waits");
    // B's network comes back; its app tries again after its wait.
    a.hub.set_online(1, true);
    b.clock.advance(1_000.0);
    a.hub.deliver();
    assert!(room(pb).online);
    assert_eq!(digit_at(pa, b_cell), Some(b_digit));
    assert_eq!(digit_at(pb, a_cell), Some(a_digit));
    assert_eq!(pa.game.with_untracked(|g| g.board().clone()), pb.game.with_untracked(|g| g.board().clone()));
}

#[test]
fn undo_takes_back_my_move_only() {
    let (a, _b, _oa, pa, _ob, pb) = two_players();
    let (cell, digit) = next_answer(pa);
    write(pa, cell, digit);
    a.hub.deliver();
    let (other, other_digit) = next_answer(pb);
    write(pb, other, other_digit);
    a.hub.deliver();
    assert!(can_undo(pa) && !can_redo(pa));
    undo(pa);
    assert!(!can_undo(pa) && can_redo(pa), "nothing more of A's to undo");
    a.hub.deliver();
    for p in [pa, pb] {
        assert_eq!(digit_at(p, cell), None, "A's move undone on both sides");
        assert_eq!(digit_at(p, other), Some(other_digit), "B's move stays");
    }
    redo(pa);
    a.hub.deliver();
    assert_eq!(digit_at(pb, cell), Some(digit));
}

fn stored(world: &World) -> Option<StoredGame> {
    world.storage.get(GAME_KEY).map(|text| serde_json::from_str(&text).unwrap())
}

/// A's tab after a move of B's: the game A stored (its autosave, once the wait after B's move
/// merged is over), with its room, and then A's tab gone (it left the room). Returns the
/// world, the tabs' owners (kept alive), B's tab, B's move and A's stored record.
fn a_tab_closed_after_b_moved() -> (World, [Owner; 2], Store, (Cell, Digit), StoredGame) {
    let (a, _b, oa, pa, ob, pb) = two_players();
    a.clock.advance(f64::from(SAVE_AFTER_MS));
    let (cell, digit) = next_answer(pb);
    write(pb, cell, digit);
    a.hub.deliver();
    let before = stored(&a).expect("A's game saved since the room began");
    assert_eq!(before.game.digit(cell), None, "B's move not saved yet: the wait after it runs");
    a.clock.advance(f64::from(SAVE_AFTER_MS - 1));
    assert_eq!(stored(&a), Some(before), "one save per burst: after the wait");
    a.clock.advance(1.0);
    let record = stored(&a).expect("saved");
    assert_eq!(record.game.board().entries.get(cell), Some(digit), "B's move merged and saved with A's game");
    assert_eq!(record.meta.together.as_ref().map(|t| t.number), Some(1), "with A's room");
    pa.ports().room.leave();
    a.hub.deliver();
    (a, [oa, ob], pb, (cell, digit), record)
}

#[test]
fn a_reload_rejoins_the_room_with_the_board_as_it_was() {
    let (a, _owners, pb, (cell, digit), record) = a_tab_closed_after_b_moved();
    // The reloaded tab: the stored game, then its room again.
    let (_owner, again) = a.store(Lang::En);
    games::games(again, inkdoku_core::games::Input::Reloaded(record));
    resume_together(again);
    a.hub.deliver();
    assert_eq!(digit_at(again, cell), Some(digit));
    assert_eq!(room(again).number, 1, "the same player as before");
    let (next, next_digit) = next_answer(again);
    write(again, next, next_digit);
    a.hub.deliver();
    assert_eq!(digit_at(pb, next), Some(next_digit));
    // Undo still knows the moves made before the reload.
    undo(again);
    a.hub.deliver();
    assert_eq!(digit_at(pb, next), None);
}

#[test]
fn the_win_comes_once_on_both_boards() {
    let (a, _b, _oa, pa, _ob, pb) = two_players();
    let mut turn = 0;
    while !pa.game.with_untracked(|g| g.is_solved()) {
        let p = if turn % 2 == 0 { pa } else { pb };
        let (cell, digit) = next_answer(p);
        write(p, cell, digit);
        a.hub.deliver();
        turn += 1;
        assert!(turn < 100);
    }
    for p in [pa, pb] {
        assert!(p.game.with_untracked(|g| g.is_solved()));
        // Nobody used help: a shared solve, not "solved with help", and no best time kept.
        assert!(
            matches!(p.dialog.get_untracked(), Some(Dialog::Won { new_best: false, best_ms: None, together: Some(false), .. })),
            "{:?}",
            p.dialog.get_untracked()
        );
        assert!(p.meta.with_untracked(|m| m.won));
    }
}

#[test]
fn a_shared_win_is_with_help_for_everyone_when_one_player_used_help() {
    let (a, _b, _oa, pa, _ob, pb) = two_players();
    // Player B fills one cell from the solution; player A writes the rest by hand.
    pb.session_mut(|s| s.select(Some(next_answer(pb).0)));
    solve(pb, SolveScope::Cell);
    a.hub.deliver();
    let mut turns = 0;
    while !pa.game.with_untracked(|g| g.is_solved()) {
        let (cell, digit) = next_answer(pa);
        write(pa, cell, digit);
        a.hub.deliver();
        turns += 1;
        assert!(turns < 100);
    }
    for p in [pa, pb] {
        assert!(
            matches!(p.dialog.get_untracked(), Some(Dialog::Won { best_ms: None, together: Some(true), .. })),
            "{:?}",
            p.dialog.get_untracked()
        );
    }
}

#[test]
fn a_damaged_room_key_opens_the_puzzle_to_play_alone_and_says_so() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::De);
    open(&world, store, &format!("{PUZZLE}&together=damaged"));
    assert_eq!(store.game.with_untracked(|g| g.givens().filled_count()), 32);
    assert!(!is_together(store));
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::De).together_key_damaged);
}

#[test]
fn play_alone_leaves_the_room_and_keeps_the_board() {
    let (a, _b, _oa, pa, _ob, pb) = two_players();
    let board = pb.game.with_untracked(|g| g.board().clone());
    play_alone(pb);
    a.hub.deliver();
    assert!(!is_together(pb) && pb.meta.with_untracked(|m| m.together.is_none()));
    assert_eq!(pb.game.with_untracked(|g| g.board().clone()), board);
    assert_eq!(room(pa).players, 1);
    // Their moves are theirs alone now.
    let (cell, digit) = next_answer(pb);
    write(pb, cell, digit);
    a.hub.deliver();
    assert_eq!(digit_at(pa, cell), None);
}

#[test]
fn the_relay_setting_is_checked_by_the_core_and_saved_or_refused_in_the_player_s_words() {
    // What is a relay address is the core's (`core/src/together/tests.rs`); here, its wiring.
    let world = World::default();
    let (_owner, store) = world.store(Lang::Es);
    set_relay(store, "ftp://relay.example");
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::Es).relay_bad);
    assert_eq!(store.settings.with_untracked(|s| s.relay.clone()), "");
    set_relay(store, " wss://relay.example/inkdoku ");
    assert_eq!(store.settings.with_untracked(|s| s.relay.clone()), "wss://relay.example/inkdoku");
    assert_eq!(store.status.get_untracked(), "");
}

#[test]
fn offline_the_line_stays_until_the_room_is_back_and_no_player_count_is_shown() {
    let (a, b, _oa, pa, _ob, pb) = two_players();
    let t = crate::i18n::ui(Lang::En);
    assert!(room_line(pb).unwrap().0.starts_with("Together: 2 players"), "{:?}", room_line(pb));
    a.hub.set_online(1, false);
    a.hub.deliver();
    assert_eq!(room_line(pb).unwrap(), ("Together: offline · You are Player 2".to_string(), false), "no count from before the drop");
    // A move of B's own clears the status line, but the trouble is still true: it stays.
    let (cell, digit) = next_answer(pb);
    write(pb, cell, digit);
    assert_eq!(pb.status.get_untracked(), t.together_offline);
    // A failed try to connect again keeps it too.
    b.clock.advance(1_000.0);
    a.hub.deliver();
    assert_eq!(pb.status.get_untracked(), t.together_offline);
    // Really back (the room's frames in): the line goes, the count is the relay's.
    a.hub.set_online(1, true);
    b.clock.advance(2_000.0);
    a.hub.deliver();
    assert_eq!(pb.status.get_untracked(), "");
    assert!(room_line(pb).unwrap().0.starts_with("Together: 2 players"));
    assert_eq!(digit_at(pa, cell), Some(digit));
    write(pb, next_answer(pb).0, next_answer(pb).1);
    assert_eq!(pb.status.get_untracked(), "", "back: a move says nothing of trouble");
}

#[test]
fn without_webcrypto_the_player_is_told_a_secure_page_is_needed_and_no_retry_is_made() {
    let a = World::default();
    a.hub.insecure.borrow_mut().insert(0);
    let (_owner, pa) = a.store(Lang::De);
    open(&a, pa, PUZZLE);
    solve_together(pa);
    a.hub.deliver();
    let t = crate::i18n::ui(Lang::De);
    assert_eq!(pa.status.get_untracked(), t.together_insecure);
    assert_ne!(pa.status.get_untracked(), t.together_offline);
    let (cell, digit) = next_answer(pa);
    write(pa, cell, digit);
    assert_eq!(pa.status.get_untracked(), t.together_insecure, "a move does not hide it");
    a.clock.advance(60_000.0);
    a.hub.deliver();
    assert!(a.hub.flight.borrow().is_empty(), "no try again: waiting will not bring WebCrypto");
    assert_eq!(digit_at(pa, cell), Some(digit), "the player plays on");
}

#[test]
fn a_link_to_an_empty_room_says_so_after_a_while_and_a_real_room_does_not() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::En);
    let key = inkdoku_engine::together::link::RoomKey([7; 32]);
    let link = inkdoku_engine::together::link::with_room(PUZZLE, &key);
    open(&world, store, &link);
    world.hub.deliver();
    assert!(is_together(store));
    world.clock.advance(f64::from(ALONE_MS) - 1.0);
    assert_ne!(store.status.get_untracked(), crate::i18n::ui(Lang::En).together_nobody, "not at once");
    world.clock.advance(1.0);
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).together_nobody);
    // B, who joined A's room, hears nothing of the kind.
    let (_a, b, _oa, _pa, _ob, pb) = two_players();
    b.clock.advance(f64::from(ALONE_MS) * 2.0);
    assert_eq!(pb.status.get_untracked(), crate::i18n::ui(Lang::En).together_joined);
}

#[test]
fn the_live_link_is_at_hand_in_the_address_bar_and_from_share_even_when_copying_is_refused() {
    let (a, b, _oa, pa, _ob, pb) = two_players();
    let (_, first) = a.sharing.shared.borrow().last().cloned().unwrap();
    // Both address bars hold the live link while in the room.
    assert_eq!(*a.sharing.address.borrow(), first);
    assert_eq!(*b.sharing.address.borrow(), first, "the joiner's too");
    assert_eq!(live_link(pb).as_deref(), Some(first.as_str()));
    // After some moves, Share gives the same room again (not the plain puzzle link).
    let (cell, digit) = next_answer(pa);
    write(pa, cell, digit);
    a.hub.deliver();
    share_live(pb);
    let (_, again) = b.sharing.shared.borrow().last().cloned().unwrap();
    assert_eq!(again, first);
    // The browser refuses to copy: the Share dialog (with the link in it) opens again, and says so.
    *b.sharing.answer.borrow_mut() = Err(crate::ports::PlatformError::from_name("NotAllowedError", "denied".into()));
    share_live(pb);
    assert_eq!(pb.dialog.get_untracked(), Some(Dialog::Share));
    assert_eq!(pb.status.get_untracked(), crate::i18n::ui(Lang::En).together_by_hand);
    // Playing alone puts the plain address back.
    play_alone(pb);
    assert_eq!(*b.sharing.address.borrow(), "https://inkdoku.example/");
    assert_eq!(live_link(pb), None);
}

#[test]
fn a_move_the_relay_kept_in_the_json_form_of_before_is_read_by_a_player_who_joins() {
    let (a, _b, _oa, pa, _ob, _pb) = two_players();
    // An older app in the room (before the binary form) wrote a digit; the relay kept its frame,
    // sealed, as it keeps every move, and cannot read it to upgrade it.
    let (cell, digit) = next_answer(pa);
    let old = format!(r#"{{"kind":"op","stamp":{{"clock":50,"player":99}},"writes":[[{},0,{}]]}}"#, cell.index(), digit.get());
    a.hub.keep_frame(old.into_bytes());
    let c = a.beside();
    let (_oc, pc) = c.store(Lang::En);
    let url = a.sharing.shared.borrow().last().cloned().expect("a link shared").1;
    open(&c, pc, url.trim_start_matches("https://inkdoku.example/"));
    a.hub.deliver();
    assert_eq!(digit_at(pc, cell), Some(digit), "the old frame's digit is on the newcomer's board");
    // The newcomer's own moves go out in the binary form, and the others read them.
    let (next, next_digit) = next_answer(pc);
    write(pc, next, next_digit);
    a.hub.deliver();
    assert_eq!(digit_at(pa, next), Some(next_digit));
}

#[test]
fn only_players_who_prove_the_key_are_counted() {
    let (a, _b, _oa, pa, _ob, pb) = two_players();
    for p in [pa, pb] {
        assert!(room_line(p).unwrap().0.starts_with("Together: 2 players"), "{:?}", room_line(p));
    }
    // A bare WebSocket to the room's path, and a client whose frames are sealed with another key.
    let _bare = a.hub.bare_join();
    let wrong = a.hub.bare_join();
    a.hub.deliver();
    a.hub.unreadable_from(wrong);
    a.hub.deliver();
    assert_eq!((room(pa).players, room(pb).players), (4, 4), "the relay counts connections");
    for (p, other) in [(pa, 2), (pb, 1)] {
        assert!(room_line(p).unwrap().0.starts_with("Together: 2 players"), "{:?}", room_line(p));
        assert_eq!(listed(p), vec![format!("Player {other}: here")]);
    }
    // Nor does a bare connection keep a player who opened a link alone from hearing that the
    // link may be wrong.
    let world = World::default();
    let (_owner, store) = world.store(Lang::En);
    let link = inkdoku_engine::together::link::with_room(PUZZLE, &inkdoku_engine::together::link::RoomKey([9; 32]));
    let _bare = world.hub.bare_join();
    open(&world, store, &link);
    world.hub.deliver();
    assert_eq!(room(store).players, 2);
    world.clock.advance(f64::from(ALONE_MS));
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).together_nobody);
    assert!(room_line(store).unwrap().0.starts_with("Together: just you so far"), "{:?}", room_line(store));
}

#[test]
fn a_partner_whose_page_is_hidden_for_a_while_shows_as_away() {
    // The beat's rules are the core's (`core/src/together/tests.rs`); here, the page's
    // visibility and the Clock port's timers reaching it.
    let (a, b, _oa, pa, _ob, pb) = two_players();
    let beats = |n: u32| {
        for _ in 0..n {
            a.clock.advance(f64::from(BEAT_MS));
            b.clock.advance(f64::from(BEAT_MS));
            a.hub.deliver();
        }
    };
    beats(4);
    assert_eq!((listed(pa), listed(pb)), (vec!["Player 2: here".to_string()], vec!["Player 1: here".to_string()]));
    pb.visible.set(false);
    beats(3);
    assert_eq!(listed(pa), ["Player 2: away"]);
    assert_eq!(listed(pb), ["Player 1: here"], "B still sees A");
}

#[test]
fn a_newcomer_whose_line_drops_before_it_has_a_number_is_not_welcomed_twice_and_takes_one_when_back() {
    let (a, _b, _oa, _pa, _ob, _pb) = two_players();
    let (c, _oc, pc) = newcomer(&a, 2_000);
    assert_eq!(pc.status.get_untracked(), crate::i18n::ui(Lang::En).together_joined);
    // C is the room's third member (A, B, C).
    a.hub.set_online(2, false);
    a.hub.deliver();
    assert_eq!(pc.status.get_untracked(), crate::i18n::ui(Lang::En).together_offline);
    a.hub.set_online(2, true);
    c.clock.advance(1_000.0);
    a.hub.deliver();
    // Back: the offline line goes, and no second welcome covers what the status said.
    assert_eq!(pc.status.get_untracked(), "");
    assert_eq!(room(pc).number, 0);
    c.clock.advance(f64::from(ROLL_MS));
    a.hub.deliver();
    assert_eq!(room(pc).number, 3);
}
