//! The rooms: who is in each, the frames kept for late joiners, and the limits that keep one
//! room or one address from taking the relay over. Rooms are independent of each other, which
//! is what lets relays scale out by room id (docs/architecture.md, "Solving together").

use axum::body::Bytes;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The relay's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest frame, in bytes (a 16x16 "fill notes" move sealed is about 30 KB).
    pub max_frame: usize,
    /// Frames kept per room for late joiners (the oldest go first) …
    pub kept_frames: usize,
    /// … and their bytes.
    pub kept_bytes: usize,
    pub players_per_room: usize,
    /// Open connections from one address (a household behind one address plays several rooms).
    pub connections_per_address: usize,
    pub max_rooms: usize,
    /// Frames a player may send per second, on average …
    pub frames_per_second: f64,
    /// … and in a burst.
    pub burst: f64,
    /// A room nobody is in is forgotten after this long.
    pub room_idle: Duration,
    /// Frames waiting for one slow player before they are let go.
    pub queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_frame: 64 * 1024,
            kept_frames: 4096,
            // A whole 9x9 game sealed is about 150 KB; a 16x16 one with notes filled in, 1 MB.
            kept_bytes: 1024 * 1024,
            players_per_room: 8,
            connections_per_address: 32,
            // With the two above, at most 4 GB kept in all (typically a few hundred KB a room).
            max_rooms: 4096,
            frames_per_second: 30.0,
            burst: 120.0,
            room_idle: Duration::from_secs(7 * 24 * 3600),
            queue: 1024,
        }
    }
}

/// What the relay sends a player.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    /// Another player's frame.
    Frame(Bytes),
    /// How many players the room has now.
    Players(usize),
}

/// Why a player cannot join.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    RoomFull,
    RelayFull,
}

/// A player in a room: their number, what the relay sends them, and the frames kept so far.
pub struct Joined {
    pub player: u64,
    pub inbox: mpsc::Receiver<Out>,
    pub kept: Vec<Bytes>,
}

struct Room {
    players: HashMap<u64, mpsc::Sender<Out>>,
    kept: VecDeque<Bytes>,
    kept_bytes: usize,
    last_active: Instant,
}

#[derive(Default)]
struct State {
    rooms: HashMap<String, Room>,
    per_address: HashMap<IpAddr, usize>,
    next_player: u64,
}

/// Every room of this relay.
pub struct Rooms {
    pub limits: Limits,
    state: Mutex<State>,
}

impl Rooms {
    pub fn new(limits: Limits) -> Rooms {
        Rooms { limits, state: Mutex::new(State::default()) }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave the maps half changed (each change is one
        // call), so the state is still good to use.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts a connection from `address`; false when it has as many as it may.
    pub fn admit(&self, address: IpAddr) -> bool {
        let mut s = self.state();
        let open = s.per_address.entry(address).or_insert(0);
        if *open >= self.limits.connections_per_address {
            return false;
        }
        *open += 1;
        true
    }

    /// A connection from `address` has ended.
    pub fn release(&self, address: IpAddr) {
        let mut s = self.state();
        if let Some(open) = s.per_address.get_mut(&address) {
            *open -= 1;
            if *open == 0 {
                s.per_address.remove(&address);
            }
        }
    }

    /// A player joins `room` (made when new): they get the frames kept so far, and everyone
    /// the new count of players.
    pub fn join(&self, room: &str, now: Instant) -> Result<Joined, Refusal> {
        let mut s = self.state();
        if !s.rooms.contains_key(room) && s.rooms.len() >= self.limits.max_rooms {
            Self::forget_idle(&mut s, now, self.limits.room_idle);
            if s.rooms.len() >= self.limits.max_rooms {
                return Err(Refusal::RelayFull);
            }
        }
        s.next_player += 1;
        let player = s.next_player;
        let r = s.rooms.entry(room.to_owned()).or_insert_with(|| Room {
            players: HashMap::new(),
            kept: VecDeque::new(),
            kept_bytes: 0,
            last_active: now,
        });
        if r.players.len() >= self.limits.players_per_room {
            return Err(Refusal::RoomFull);
        }
        let (sender, inbox) = mpsc::channel(self.limits.queue);
        r.players.insert(player, sender);
        r.last_active = now;
        let kept = r.kept.iter().cloned().collect();
        Self::tell_count(r);
        Ok(Joined { player, inbox, kept })
    }

    /// Passes `frame` from `player` to the others in `room`, and keeps it when `keep`. A player
    /// whose queue is full is let go (their inbox closes).
    pub fn relay(&self, room: &str, player: u64, frame: Bytes, keep: bool, now: Instant) {
        let mut s = self.state();
        let Some(r) = s.rooms.get_mut(room) else { return };
        r.last_active = now;
        if keep {
            r.kept_bytes += frame.len();
            r.kept.push_back(frame.clone());
            while r.kept.len() > self.limits.kept_frames || r.kept_bytes > self.limits.kept_bytes {
                let old = r.kept.pop_front().expect("more kept than the limits, so not empty");
                r.kept_bytes -= old.len();
            }
        }
        let before = r.players.len();
        r.players.retain(|&id, to| id == player || to.try_send(Out::Frame(frame.clone())).is_ok());
        if r.players.len() != before {
            Self::tell_count(r);
        }
    }

    /// A player leaves; the others hear the new count.
    pub fn leave(&self, room: &str, player: u64, now: Instant) {
        let mut s = self.state();
        if let Some(r) = s.rooms.get_mut(room) {
            r.players.remove(&player);
            r.last_active = now;
            Self::tell_count(r);
        }
    }

    fn tell_count(r: &mut Room) {
        let n = r.players.len();
        r.players.retain(|_, to| to.try_send(Out::Players(n)).is_ok());
    }

    /// Forgets the rooms nobody has been in for the idle time.
    pub fn sweep(&self, now: Instant) {
        Self::forget_idle(&mut self.state(), now, self.limits.room_idle);
    }

    fn forget_idle(s: &mut State, now: Instant, idle: Duration) {
        s.rooms.retain(|_, r| !r.players.is_empty() || now.duration_since(r.last_active) < idle);
    }

    /// Rooms held, and frames kept in all of them (for the log and the tests).
    pub fn census(&self) -> (usize, usize) {
        let s = self.state();
        (s.rooms.len(), s.rooms.values().map(|r| r.kept.len()).sum())
    }
}

/// A player's allowance of frames: `burst` at most, refilled at `rate` a second.
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(rate: f64, burst: f64, now: Instant) -> Bucket {
        Bucket { tokens: burst, rate, burst, last: now }
    }

    /// Takes one frame's token; false when there is none.
    pub fn take(&mut self, now: Instant) -> bool {
        let refill = now.saturating_duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Limits {
        Limits { kept_frames: 3, kept_bytes: 10, players_per_room: 2, max_rooms: 2, queue: 4, ..Limits::default() }
    }

    #[test]
    fn kept_frames_stay_within_both_limits_oldest_going_first() {
        let rooms = Rooms::new(small());
        let now = Instant::now();
        let a = rooms.join("room", now).unwrap();
        for f in ["aaaa", "bbbb", "cc", "dd"] {
            rooms.relay("room", a.player, Bytes::from(f), true, now);
        }
        rooms.relay("room", a.player, Bytes::from("not kept"), false, now);
        let later = rooms.join("room", now).unwrap();
        assert_eq!(later.kept, [Bytes::from("bbbb"), Bytes::from("cc"), Bytes::from("dd")]);
    }

    #[test]
    fn a_full_room_and_a_full_relay_refuse() {
        let rooms = Rooms::new(small());
        let now = Instant::now();
        let _a = rooms.join("one", now).unwrap();
        let _b = rooms.join("one", now).unwrap();
        assert_eq!(rooms.join("one", now).err(), Some(Refusal::RoomFull));
        let _c = rooms.join("two", now).unwrap();
        assert_eq!(rooms.join("three", now).err(), Some(Refusal::RelayFull));
    }

    #[test]
    fn an_idle_empty_room_is_forgotten_and_its_place_reused() {
        let rooms = Rooms::new(small());
        let now = Instant::now();
        let a = rooms.join("one", now).unwrap();
        rooms.leave("one", a.player, now);
        let _b = rooms.join("two", now).unwrap();
        assert_eq!(rooms.join("three", now).err(), Some(Refusal::RelayFull));
        let week = now + rooms.limits.room_idle;
        assert!(rooms.join("three", week).is_ok());
        assert_eq!(rooms.census().0, 2, "'one' was forgotten, 'two' has a player");
    }

    #[test]
    fn a_player_who_does_not_read_is_let_go_and_the_others_are_told() {
        let rooms = Rooms::new(small());
        let now = Instant::now();
        let mut a = rooms.join("room", now).unwrap();
        let slow = rooms.join("room", now).unwrap();
        for i in 0..10u8 {
            rooms.relay("room", a.player, Bytes::from(vec![0, i]), false, now);
        }
        drop(slow);
        let mut heard = Vec::new();
        while let Ok(out) = a.inbox.try_recv() {
            heard.push(out);
        }
        assert_eq!(heard.last(), Some(&Out::Players(1)));
    }

    #[test]
    fn connections_per_address() {
        let rooms = Rooms::new(Limits { connections_per_address: 2, ..Limits::default() });
        let ip: IpAddr = [10, 0, 0, 1].into();
        assert!(rooms.admit(ip) && rooms.admit(ip));
        assert!(!rooms.admit(ip));
        rooms.release(ip);
        assert!(rooms.admit(ip));
    }

    #[test]
    fn the_bucket_refills_at_its_rate() {
        let t0 = Instant::now();
        let mut b = Bucket::new(10.0, 3.0, t0);
        assert!((0..3).all(|_| b.take(t0)));
        assert!(!b.take(t0));
        assert!(b.take(t0 + Duration::from_millis(100)));
        assert!(!b.take(t0 + Duration::from_millis(100)));
    }
}
