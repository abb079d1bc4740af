//! The app's outside world, behind small traits, so that its logic (the controller, storage
//! records, the pen's flow from ink to a digit, its learning) runs and is tested natively: the
//! browser's implementations live in the app's `services/` (`services::browser_ports`:
//! localStorage, the workers, the page's clock and timers); `fakes` has in-memory ones for the
//! native tests (this crate's, and the app's through the `fakes` feature).
//!
//! ```text
//!  controller ──store.ports()──▶ KeyValue      localStorage       │ fakes::Memory (can be full)
//!                               (spare)       sessionStorage     │ fakes::Memory
//!                               LaterStore    IndexedDB          │ fakes::Later  (answers now or by hand)
//!                               EngineWorker  the engine worker  │ fakes::Engine (answers by hand)
//!                               InkWorker     the ink worker     │ fakes::Ink    (reads by hand)
//!                               Clock         Date.now, timeouts │ fakes::Clock  (time set by hand)
//!                               TabLock       Web Locks          │ fakes::Locks  (shared by tabs)
//!                               TabChannel    BroadcastChannel   │ fakes::Bus    (shared by tabs)
//!                               Clipboard     the async clipboard│ fakes::Clipboard (can refuse)
//!                               Sharing       the page's address, Web Share │ fakes::Sharing (answers as set)
//!                               Files         download, file picker, print │ fakes::Files (kept)
//!                               Random        crypto.getRandomValues │ fakes::Random (seeds set by hand)
//!                               Room          WebSocket + WebCrypto │ fakes::Hub (delivers by hand)
//!                               Premade       the book beside the page │ fakes::Premade (answers by hand)
//!                               Device        navigator.maxTouchPoints, onLine │ fakes::Device (set by hand)
//! ```

pub mod hand;

pub use hand::Handwriting;
use inkdoku_engine::protocol::{Reply, Task};
use inkdoku_engine::together::link::RoomKey;
use std::rc::Rc;

// ---------------------------------------------------------------- values that cross the ports

/// Why a write failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The storage quota is used up.
    Full,
    /// The page has no local storage (private modes, policies).
    NoStorage,
    /// Another refusal, with the browser's error name.
    Refused(String),
}

/// What kind of failure it was: it decides the player's words (`i18n::browser_reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The browser lacks the facility (no clipboard access, no Web Share).
    Unsupported,
    /// The browser or the player did not allow it (a permission, a policy).
    Refused,
    /// Anything else.
    Failed,
}

/// Why the browser could not do something. The detail is the browser's own message (English,
/// or the browser's language): for the console, never for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlatformError {
    pub failure: Failure,
    pub detail: String,
}

impl PlatformError {
    /// A facility this browser doesn't have.
    pub fn missing(what: &str) -> PlatformError {
        PlatformError { failure: Failure::Unsupported, detail: what.to_string() }
    }

    /// From a DOMException's name (`NotAllowedError`, …) and message.
    pub fn from_name(name: &str, detail: String) -> PlatformError {
        let failure = match name {
            "NotAllowedError" | "SecurityError" => Failure::Refused,
            "NotSupportedError" => Failure::Unsupported,
            _ => Failure::Failed,
        };
        PlatformError { failure, detail }
    }
}

/// How a link was passed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// Through the system's share sheet.
    Sheet,
    /// Copied to the clipboard.
    Copied,
}

/// The ink worker's answer for a drawing (the ink worker's protocol, which the worker uses too).
pub use inkdoku_ink_protocol::Recognition;

// ---------------------------------------------------------------- the ports

/// A string store that survives reloads (localStorage).
pub trait KeyValue {
    fn get(&self, key: &str) -> Option<String>;
    fn set(&self, key: &str, value: &str) -> Result<(), SaveError>;
    fn remove(&self, key: &str);
}

/// A string store that outlives the tab and answers later (IndexedDB): where the game goes
/// when localStorage is full (`storage::save_game`). Each `done` runs once.
pub trait LaterStore {
    /// The value of `key` (None when there is none or the store can't be read).
    fn get(&self, key: &str, done: Box<dyn FnOnce(Option<String>)>);
    /// Writes `value`; `done` hears whether it is stored for good.
    fn set(&self, key: &str, value: String, done: Box<dyn FnOnce(Result<(), SaveError>)>);
    /// Removes `key` (after the writes asked for before it).
    fn remove(&self, key: &str);
}

/// The engine worker: a task in, every progress message and then the answer out.
pub trait EngineWorker {
    /// Sends a task; `on_reply` gets its replies. Returns the request's id.
    fn request(&self, task: Task, on_reply: Box<dyn FnMut(Reply)>) -> Result<u32, String>;
    /// Stops all work in progress; pending callbacks are dropped.
    fn cancel_all(&self);
    /// Starts the worker if it isn't running (its download and compile), with no request: so
    /// that the first request after a premade first puzzle does not wait for them.
    fn start(&self);
}

/// What the ink worker says of itself, apart from its answers.
#[derive(Clone, Debug, PartialEq)]
pub enum InkStatus {
    /// The model is loaded: drawings are read from now on.
    Ready,
    /// It could not start (the reason, for the console): writing is off.
    Unavailable(String),
    /// It was working and failed: the next drawing starts a fresh one.
    Crashed,
}

/// Strokes of `[x, y, pressure]` points in cell coordinates (0..1), as the ink worker reads them.
pub use inkdoku_ink_protocol::Strokes as CellStrokes;

/// The ink worker: reads the digit (or letter) of a cell's strokes.
pub trait InkWorker {
    /// Starts it if it isn't running; `on_status` hears it become ready, fail to start or crash.
    fn start(&self, on_status: Box<dyn FnMut(InkStatus)>) -> Result<(), String>;
    /// Hands it the player's corrected drawings (all of them: they replace what it had).
    fn teach(&self, hand: &Handwriting);
    /// Reads `strokes`, answering a value from 1 to `max_digit`, or declining; `done` gets the
    /// answer or an error text.
    fn recognize(&self, strokes: CellStrokes, max_digit: u8, done: Box<dyn FnOnce(Result<Recognition, String>)>);
}

/// A timer set on the Clock port (`Clock::after`), to call off with `Clock::cancel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timer(pub u32);

/// Time: the page's clock and one-shot timers.
pub trait Clock {
    /// Milliseconds since the epoch.
    fn now_ms(&self) -> f64;
    /// Runs `then` once, after `ms` milliseconds, unless the timer is cancelled first.
    fn after(&self, ms: u32, then: Box<dyn FnOnce()>) -> Timer;
    /// Calls `timer` off: its `then` never runs (nothing happens if it ran already).
    fn cancel(&self, timer: Timer);
    /// Today's date where the player is, as YYYY-MM-DD (the daily puzzle's).
    fn today(&self) -> String;
}

/// The device the page runs on.
pub trait Device {
    /// Whether its screen takes touch (a finger or a pen; the browser's `maxTouchPoints`).
    fn touch_screen(&self) -> bool;
    /// Whether it is online, as far as the browser knows (`navigator.onLine`).
    fn online(&self) -> bool;
}

/// The lock that makes one tab the playing one (the Web Locks API).
pub trait TabLock {
    /// Asks for the game's lock: granted only if free, or with `steal` taken from its holder.
    /// `on_granted` runs once with the answer; `on_lost` runs if a later steal takes it away.
    fn request(&self, steal: bool, on_granted: Box<dyn FnOnce(bool)>, on_lost: Box<dyn FnOnce()>);
}

/// Messages between the tabs of the app (a BroadcastChannel: never delivered to the sender).
pub trait TabChannel {
    fn post(&self, text: &str);
    fn listen(&self, on_message: Box<dyn FnMut(String)>);
}

/// The clipboard (the browser's async Clipboard API; it may ask the player, or refuse).
pub trait Clipboard {
    /// Writes `text`; `done` hears whether it was.
    fn write(&self, text: String, done: Box<dyn FnOnce(Result<(), PlatformError>)>);
    /// Reads the text on the clipboard.
    fn read(&self, done: Box<dyn FnOnce(Result<String, PlatformError>)>);
}

/// Links in and out: the page's address (a shared link arrives in it), where the app's links
/// point, and the system's share sheet.
pub trait Sharing {
    /// The page's whole address, query and fragment included.
    fn address(&self) -> String;
    /// The app's address without query or fragment.
    fn app_url(&self) -> String;
    /// Shares `url` through the share sheet where there is one, else copies it; `done` hears how.
    fn share(&self, title: String, url: String, done: Box<dyn FnOnce(Result<Shared, PlatformError>)>);
    /// Puts `url` in the address bar without loading it (the live link while in a room, so
    /// that it can be copied from there too, and a reload rejoins).
    fn show_address(&self, url: &str);
}

/// Files and paper: a download, the file picker, the print dialog.
pub trait Files {
    /// Offers `text` as a file download named `file_name`.
    fn download(&self, file_name: &str, text: &str) -> Result<(), PlatformError>;
    /// Lets the player pick a file of the `accept` types; `on_file` gets its name and text.
    fn open(&self, accept: &str, on_file: Box<dyn Fn(String, Result<String, PlatformError>)>) -> Result<(), PlatformError>;
    /// Opens the browser's print dialog.
    fn print(&self);
}

/// Chance: the seeds of new puzzles (and a tab's identity). A port, so that a test knows
/// which puzzle "New game" makes.
pub trait Random {
    /// A fresh 64-bit seed.
    fn seed(&self) -> u64;
}

/// What the connection to a room reports (`Room::join`).
#[derive(Clone, Debug, PartialEq)]
pub enum RoomEvent {
    /// Connected: the relay's kept frames follow, then the first `Players`.
    Connected,
    /// What a player said (opened with the room's key): a peer's, or, among the kept frames,
    /// ours from an earlier connection. The bytes inside the seal (`Said::from_bytes`).
    Said(Vec<u8>),
    /// How many players are in the room now (us included). The first after `Connected` also
    /// says that every kept frame has been delivered.
    Players(usize),
    /// A frame that could not be opened (another key, damaged): the reason, for the console.
    Unreadable(String),
    /// The connection ended, or could not be made: the relay's reason when it gave one.
    Disconnected(String),
    /// The page cannot seal frames (no WebCrypto: a page not served over https, or from a
    /// local name): no connection is made, and trying again will not help.
    Insecure,
}

/// The room of players who solve one puzzle together: a connection to the relay, each frame
/// sealed with the room's key (AES-GCM) before it leaves.
pub trait Room {
    /// Connects to the room of `key` on `relay` (empty: this app's own; else as the setting
    /// says), leaving any other; `on_event` hears what happens.
    fn join(&self, relay: &str, key: RoomKey, on_event: Box<dyn FnMut(RoomEvent)>);
    /// Seals and sends `frame` (`Said::to_bytes`), to be kept for later joiners when `keep`.
    /// False when not connected (nothing is sent).
    fn send(&self, keep: bool, frame: Vec<u8>) -> bool;
    /// Closes the connection.
    fn leave(&self);
}

/// The book of premade first puzzles served beside the page (`inkdoku_engine::book`): a first
/// visit's first puzzle comes from it, so that it needs no engine worker.
pub trait Premade {
    /// The book's text; `done` hears it, or why it could not be had (for the console).
    fn fetch(&self, done: Box<dyn FnOnce(Result<String, String>)>);
}

/// The outside world as the app sees it.
#[derive(Clone)]
pub struct Ports {
    pub storage: Rc<dyn KeyValue>,
    /// Where the game also goes when `storage` is full, at once (sessionStorage: kept across
    /// reloads of the tab; `storage::save_game`).
    pub spare: Rc<dyn KeyValue>,
    /// Where the game goes when `storage` is full, to outlive the tab (IndexedDB).
    pub lasting: Rc<dyn LaterStore>,
    pub engine: Rc<dyn EngineWorker>,
    pub ink: Rc<dyn InkWorker>,
    pub clock: Rc<dyn Clock>,
    /// None where the browser has no Web Locks API (the tab then simply plays).
    pub lock: Option<Rc<dyn TabLock>>,
    pub channel: Rc<dyn TabChannel>,
    pub clipboard: Rc<dyn Clipboard>,
    pub sharing: Rc<dyn Sharing>,
    pub files: Rc<dyn Files>,
    pub random: Rc<dyn Random>,
    pub room: Rc<dyn Room>,
    pub premade: Rc<dyn Premade>,
    pub device: Rc<dyn Device>,
}

/// In-memory stand-ins for the native tests (the app's tests switch them on with the `fakes`
/// feature).
#[cfg(any(test, feature = "fakes"))]
pub mod fakes {
    use super::*;
    use std::cell::{Cell, RefCell};
    use std::collections::BTreeMap;

    /// A cell and a digit that is wrong there (not the solution's) though no peer has it yet: a
    /// mistake for the tests of Check and undo back to solvable to find.
    pub fn wrong_but_allowed(game: &inkdoku_engine::game::Game) -> (inkdoku_engine::Cell, inkdoku_engine::Digit) {
        let solution = game.solution().cloned().expect("a puzzle with its solution");
        let candidates = game.candidates();
        game.size()
            .cells()
            .filter(|&c| game.digit(c).is_none())
            .find_map(|c| candidates[c.index()].iter().find(|&d| Some(d) != solution.get(c)).map(|d| (c, d)))
            .expect("a cell with two candidates")
    }

    /// A stroke down the middle of a 9x9 grid's cell `c` (a 1, as far as geometry is
    /// concerned), grid coordinates: what the pen's tests write.
    pub fn stroke_in(c: inkdoku_engine::Cell) -> Vec<[f32; 3]> {
        let (row, col) = (c.index() / 9, c.index() % 9);
        let x = (col as f32 + 0.5) / 9.0;
        (0..12).map(|i| [x + i as f32 * 0.001, (row as f32 + 0.2 + i as f32 * 0.05) / 9.0, 0.5]).collect()
    }

    /// localStorage in a map; `full` makes every write fail as a full quota does, and so does
    /// a write that would take the keys and values past `quota` characters.
    #[derive(Default)]
    pub struct Memory {
        pub items: RefCell<BTreeMap<String, String>>,
        pub full: Cell<bool>,
        pub quota: Cell<Option<usize>>,
    }

    impl Memory {
        /// Characters stored (keys and values), as a browser counts against its quota.
        pub fn used(&self) -> usize {
            self.items.borrow().iter().map(|(k, v)| k.len() + v.len()).sum()
        }
    }

    impl KeyValue for Memory {
        fn get(&self, key: &str) -> Option<String> {
            self.items.borrow().get(key).cloned()
        }
        fn set(&self, key: &str, value: &str) -> Result<(), SaveError> {
            let replaced = self.items.borrow().get(key).map_or(0, |v| key.len() + v.len());
            if self.full.get() || self.quota.get().is_some_and(|q| self.used() - replaced + key.len() + value.len() > q) {
                return Err(SaveError::Full);
            }
            self.items.borrow_mut().insert(key.to_string(), value.to_string());
            Ok(())
        }
        fn remove(&self, key: &str) {
            self.items.borrow_mut().remove(key);
        }
    }

    type Answer = Box<dyn FnOnce()>;

    /// IndexedDB in a map. Answers come at once, or, with `hold` set, wait in order until
    /// `answer` (a write lands when it is answered); `unavailable` refuses everything, as a
    /// browser without IndexedDB does.
    #[derive(Default)]
    pub struct Later {
        pub items: Rc<RefCell<BTreeMap<String, String>>>,
        pub hold: Cell<bool>,
        pub unavailable: Cell<bool>,
        waiting: RefCell<Vec<Answer>>,
    }

    impl Later {
        /// Runs the answers held so far, oldest first.
        pub fn answer(&self) {
            let waiting: Vec<Answer> = std::mem::take(&mut *self.waiting.borrow_mut());
            for answer in waiting {
                answer();
            }
        }

        pub fn waiting(&self) -> usize {
            self.waiting.borrow().len()
        }

        fn run(&self, answer: Answer) {
            if self.hold.get() { self.waiting.borrow_mut().push(answer) } else { answer() }
        }
    }

    impl LaterStore for Later {
        fn get(&self, key: &str, done: Box<dyn FnOnce(Option<String>)>) {
            let (items, key, off) = (self.items.clone(), key.to_string(), self.unavailable.get());
            self.run(Box::new(move || done(if off { None } else { items.borrow().get(&key).cloned() })));
        }
        fn set(&self, key: &str, value: String, done: Box<dyn FnOnce(Result<(), SaveError>)>) {
            let (items, key, off) = (self.items.clone(), key.to_string(), self.unavailable.get());
            self.run(Box::new(move || {
                if off {
                    return done(Err(SaveError::NoStorage));
                }
                items.borrow_mut().insert(key, value);
                done(Ok(()))
            }));
        }
        fn remove(&self, key: &str) {
            let (items, key) = (self.items.clone(), key.to_string());
            self.run(Box::new(move || {
                items.borrow_mut().remove(&key);
            }));
        }
    }

    type OnReply = Box<dyn FnMut(Reply)>;
    type Then = Box<dyn FnOnce()>;

    /// An engine worker answered by the test: requests wait in `asked` until `answer`.
    #[derive(Default)]
    pub struct Engine {
        pub asked: RefCell<Vec<(u32, Task, Option<OnReply>)>>,
        pub cancelled: Cell<usize>,
        /// Starts asked for without a request (`EngineWorker::start`).
        pub started: Cell<usize>,
        /// `Task::Read` waits in `asked` as any request (else it is answered at once).
        pub hold_reads: Cell<bool>,
    }

    impl Engine {
        /// The task of the last request.
        pub fn last_task(&self) -> Option<Task> {
            self.asked.borrow().last().map(|(_, t, _)| t.clone())
        }

        /// Answers the request `id` (the callback runs outside the borrow: it may ask again).
        pub fn answer(&self, id: u32, reply: Reply) {
            let progress = matches!(reply, Reply::Progress { .. });
            let callback = self.asked.borrow_mut().iter_mut().find(|(i, _, _)| *i == id).and_then(|(_, _, c)| c.take());
            if let Some(mut callback) = callback {
                callback(reply);
                if progress {
                    let mut asked = self.asked.borrow_mut();
                    if let Some(slot) = asked.iter_mut().find(|(i, _, _)| *i == id) {
                        slot.2.get_or_insert(callback);
                    }
                }
            }
        }

        /// Answers the request `id` as the engine worker would: the engine's own protocol
        /// handler, run here (progress messages included).
        pub fn answer_truly(&self, id: u32) {
            let Some(task) = self.asked.borrow().iter().find(|(i, _, _)| *i == id).map(|(_, t, _)| t.clone()) else { return };
            let text = inkdoku_engine::protocol::encode(&inkdoku_engine::protocol::Request { id, task });
            let mut replies = Vec::new();
            let last = inkdoku_engine::protocol::handle(&text, &mut |r| replies.push(r));
            replies.push(last);
            for reply in replies {
                self.answer(id, reply);
            }
        }

        /// The id of the last request.
        pub fn last_id(&self) -> u32 {
            self.asked.borrow().last().map_or(0, |(id, _, _)| *id)
        }
    }

    impl EngineWorker for Engine {
        fn request(&self, task: Task, on_reply: OnReply) -> Result<u32, String> {
            let id = self.asked.borrow().len() as u32 + 1;
            let read = matches!(task, Task::Read { .. });
            self.asked.borrow_mut().push((id, task, Some(on_reply)));
            // What a player opens is read by the engine's own reader at once, as the app read
            // it before reading moved to the worker (issue 48); a test of the wait holds it.
            if read && !self.hold_reads.get() {
                self.answer_truly(id);
            }
            Ok(id)
        }
        fn cancel_all(&self) {
            self.cancelled.set(self.cancelled.get() + 1);
            self.asked.borrow_mut().iter_mut().for_each(|(_, _, c)| *c = None);
        }
        fn start(&self) {
            self.started.set(self.started.get() + 1);
        }
    }

    type OnBook = Box<dyn FnOnce(Result<String, String>)>;

    /// The book beside the page, fetched by hand: a fetch waits in `asked` until `answer`.
    #[derive(Default)]
    pub struct Premade {
        pub asked: RefCell<Vec<OnBook>>,
    }

    impl Premade {
        /// Answers the fetches waiting, oldest first, with `book` (its text, or why not).
        pub fn answer(&self, book: Result<&str, &str>) {
            let waiting: Vec<OnBook> = std::mem::take(&mut *self.asked.borrow_mut());
            for done in waiting {
                done(book.map(str::to_string).map_err(str::to_string));
            }
        }
    }

    impl super::Premade for Premade {
        fn fetch(&self, done: OnBook) {
            self.asked.borrow_mut().push(done);
        }
    }

    type Done = Box<dyn FnOnce(Result<Recognition, String>)>;
    type OnStatus = Box<dyn FnMut(InkStatus)>;

    /// An ink worker read by the test: drawings wait in `asked` until `read`; `ready` and
    /// `crash` say what the real one says of itself.
    #[derive(Default)]
    pub struct Ink {
        pub starts: Cell<usize>,
        on_status: RefCell<Option<OnStatus>>,
        /// Each drawing asked for: its strokes, the highest value allowed, who waits.
        pub asked: RefCell<Vec<(CellStrokes, u8, Option<Done>)>>,
        /// How many drawings each `teach` handed over.
        pub taught: RefCell<Vec<usize>>,
    }

    impl Ink {
        /// Says `status`, as the worker's messages do.
        pub fn status(&self, status: InkStatus) {
            let taken = self.on_status.borrow_mut().take();
            if let Some(mut on_status) = taken {
                on_status(status);
                self.on_status.borrow_mut().get_or_insert(on_status);
            }
        }

        /// The model has loaded.
        pub fn ready(&self) {
            self.status(InkStatus::Ready);
        }

        /// It could not load.
        pub fn unavailable(&self, why: &str) {
            self.status(InkStatus::Unavailable(why.to_string()));
        }

        /// How many drawings wait for an answer.
        pub fn waiting(&self) -> usize {
            self.asked.borrow().iter().filter(|(_, _, d)| d.is_some()).count()
        }

        /// Answers the oldest drawing still waiting (the callback runs outside the borrow).
        pub fn read(&self, answer: Result<Recognition, String>) {
            let done = self.asked.borrow_mut().iter_mut().find_map(|(_, _, d)| d.take());
            done.expect("a drawing waiting to be read")(answer);
        }

        /// Answers the oldest waiting drawing with `digit` (runner-up `second`), sure of it.
        pub fn read_as(&self, digit: u8, second: u8) {
            self.read(Ok(Recognition::Digit { digit, confidence: 0.97, second, picture: 0.97 }));
        }

        /// Answers the oldest waiting drawing with `digit`, sure of it from the pen's path but
        /// not from the picture (`picture`).
        pub fn read_by_path(&self, digit: u8, second: u8, picture: f32) {
            self.read(Ok(Recognition::Digit { digit, confidence: 0.97, second, picture }));
        }
    }

    impl InkWorker for Ink {
        fn start(&self, on_status: OnStatus) -> Result<(), String> {
            self.starts.set(self.starts.get() + 1);
            *self.on_status.borrow_mut() = Some(on_status);
            Ok(())
        }
        fn teach(&self, hand: &Handwriting) {
            self.taught.borrow_mut().push(hand.samples.len());
        }
        fn recognize(&self, strokes: CellStrokes, max_digit: u8, done: Done) {
            self.asked.borrow_mut().push((strokes, max_digit, Some(done)));
        }
    }

    /// A clock that moves only when told (`advance`), running the timers that fall due (in the
    /// order of their time, then of their setting) and never a cancelled one.
    #[derive(Default)]
    pub struct Clock {
        pub now: Cell<f64>,
        /// Each timer's time and what it runs (taken when it runs or is cancelled); a timer's
        /// number is its place here.
        timers: RefCell<Vec<(f64, Option<Then>)>>,
    }

    impl Clock {
        pub fn advance(&self, ms: f64) {
            let until = self.now.get() + ms;
            loop {
                let due = {
                    let mut timers = self.timers.borrow_mut();
                    timers
                        .iter_mut()
                        .filter(|(at, f)| *at <= until && f.is_some())
                        .min_by(|a, b| a.0.total_cmp(&b.0))
                        .map(|(at, f)| (*at, f.take()))
                };
                let Some((at, Some(f))) = due else { break };
                self.now.set(at);
                f();
            }
            self.now.set(until);
        }
    }

    impl super::Clock for Clock {
        fn now_ms(&self) -> f64 {
            self.now.get()
        }
        fn after(&self, ms: u32, then: Then) -> Timer {
            let mut timers = self.timers.borrow_mut();
            timers.push((self.now.get() + ms as f64, Some(then)));
            Timer(timers.len() as u32 - 1)
        }
        fn cancel(&self, timer: Timer) {
            if let Some((_, then)) = self.timers.borrow_mut().get_mut(timer.0 as usize) {
                *then = None;
            }
        }
        /// The date of `now` in UTC (days since the epoch, by the civil calendar).
        fn today(&self) -> String {
            let days = (self.now.get() / 86_400_000.0).floor() as i64;
            // Howard Hinnant's days-to-civil.
            let z = days + 719_468;
            let era = z.div_euclid(146_097);
            let doe = z - era * 146_097;
            let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
            let mp = (5 * doy + 2) / 153;
            let day = doy - (153 * mp + 2) / 5 + 1;
            let month = if mp < 10 { mp + 3 } else { mp - 9 };
            let year = yoe + era * 400 + i64::from(month <= 2);
            format!("{year:04}-{month:02}-{day:02}")
        }
    }

    /// A device with a touch screen or without (`touch`, none unless set), online unless
    /// `offline` is set.
    #[derive(Default)]
    pub struct Device {
        pub touch: Cell<bool>,
        pub offline: Cell<bool>,
    }

    impl super::Device for Device {
        fn touch_screen(&self) -> bool {
            self.touch.get()
        }
        fn online(&self) -> bool {
            !self.offline.get()
        }
    }

    /// Who holds the game's lock (a tab's number) and what to tell it when it is stolen.
    #[derive(Default)]
    pub struct Locks {
        holder: RefCell<Option<(usize, Option<Then>)>>,
    }

    impl Locks {
        pub fn holder(&self) -> Option<usize> {
            self.holder.borrow().as_ref().map(|(tab, _)| *tab)
        }
    }

    /// One tab's handle on the lock; answers come a moment later, as the browser's do.
    struct LockHandle {
        locks: Rc<Locks>,
        tab: usize,
        clock: Rc<Clock>,
    }

    impl TabLock for LockHandle {
        fn request(&self, steal: bool, on_granted: Box<dyn FnOnce(bool)>, on_lost: Then) {
            let (locks, tab) = (self.locks.clone(), self.tab);
            super::Clock::after(
                self.clock.as_ref(),
                0,
                Box::new(move || {
                    let free = locks.holder.borrow().is_none();
                    if !free && !steal {
                        on_granted(false);
                        return;
                    }
                    let before = locks.holder.borrow_mut().replace((tab, Some(on_lost)));
                    if let Some((_, Some(lost))) = before {
                        lost();
                    }
                    on_granted(true);
                }),
            );
        }
    }

    type Listener = Rc<RefCell<Box<dyn FnMut(String)>>>;

    /// The tabs' channel: every listener but the sender's hears a message, a moment later;
    /// a frozen tab hears nothing.
    #[derive(Default)]
    pub struct Bus {
        listeners: RefCell<Vec<(usize, Listener)>>,
        pub frozen: RefCell<Vec<usize>>,
    }

    struct BusHandle {
        bus: Rc<Bus>,
        tab: usize,
        clock: Rc<Clock>,
    }

    impl TabChannel for BusHandle {
        fn post(&self, text: &str) {
            let (bus, from, text) = (self.bus.clone(), self.tab, text.to_string());
            let deliver = move || {
                let listeners: Vec<(usize, Listener)> = bus.listeners.borrow().clone();
                for (tab, listener) in listeners {
                    if tab != from && !bus.frozen.borrow().contains(&tab) {
                        (listener.borrow_mut())(text.clone());
                    }
                }
            };
            super::Clock::after(self.clock.as_ref(), 0, Box::new(deliver));
        }

        fn listen(&self, on_message: Box<dyn FnMut(String)>) {
            self.bus.listeners.borrow_mut().push((self.tab, Rc::new(RefCell::new(on_message))));
        }
    }

    /// The clipboard in a string; with `refuse` set, it fails as a browser that refuses does.
    #[derive(Default)]
    pub struct Clipboard {
        pub text: RefCell<Option<String>>,
        pub refuse: RefCell<Option<PlatformError>>,
    }

    impl super::Clipboard for Clipboard {
        fn write(&self, text: String, done: Box<dyn FnOnce(Result<(), PlatformError>)>) {
            let answer = match self.refuse.borrow().clone() {
                Some(e) => Err(e),
                None => {
                    *self.text.borrow_mut() = Some(text);
                    Ok(())
                }
            };
            done(answer);
        }
        fn read(&self, done: Box<dyn FnOnce(Result<String, PlatformError>)>) {
            let answer = match self.refuse.borrow().clone() {
                Some(e) => Err(e),
                None => Ok(self.text.borrow().clone().unwrap_or_default()),
            };
            done(answer);
        }
    }

    /// Sharing at `https://inkdoku.example/`: each link shared is kept in `shared` (title, url)
    /// and answered with `answer` (the share sheet, unless the test says otherwise).
    pub struct Sharing {
        pub shared: RefCell<Vec<(String, String)>>,
        pub answer: RefCell<Result<Shared, PlatformError>>,
        /// What the address bar shows (a test puts a link there; `show_address` writes it);
        /// empty until set.
        pub address: RefCell<String>,
    }

    impl Default for Sharing {
        fn default() -> Sharing {
            Sharing { shared: RefCell::default(), answer: RefCell::new(Ok(Shared::Sheet)), address: RefCell::default() }
        }
    }

    impl super::Sharing for Sharing {
        fn address(&self) -> String {
            self.address.borrow().clone()
        }
        fn app_url(&self) -> String {
            "https://inkdoku.example/".into()
        }
        fn share(&self, title: String, url: String, done: Box<dyn FnOnce(Result<Shared, PlatformError>)>) {
            self.shared.borrow_mut().push((title, url));
            let answer = self.answer.borrow().clone();
            done(answer);
        }
        fn show_address(&self, url: &str) {
            *self.address.borrow_mut() = url.to_owned();
        }
    }

    /// Files kept in `downloaded` (name, text); the picker answers with the file in `picked`
    /// (its name and text, or why it could not be read), taking it, and never when there is
    /// none (the player closed it); prints counted.
    #[derive(Default)]
    pub struct Files {
        pub downloaded: RefCell<Vec<(String, String)>>,
        pub picked: RefCell<Option<(String, Result<String, PlatformError>)>>,
        pub printed: Cell<usize>,
    }

    impl super::Files for Files {
        fn download(&self, file_name: &str, text: &str) -> Result<(), PlatformError> {
            self.downloaded.borrow_mut().push((file_name.into(), text.into()));
            Ok(())
        }
        fn open(&self, _accept: &str, on_file: Box<dyn Fn(String, Result<String, PlatformError>)>) -> Result<(), PlatformError> {
            let picked = self.picked.borrow_mut().take();
            if let Some((name, text)) = picked {
                on_file(name, text);
            }
            Ok(())
        }
        fn print(&self) {
            self.printed.set(self.printed.get() + 1);
        }
    }

    /// Seeds in order from `next` (set by the test), one more each draw: repeatable, and two
    /// draws never alike.
    pub struct Random {
        pub next: Cell<u64>,
    }

    impl Default for Random {
        fn default() -> Random {
            Random { next: Cell::new(1) }
        }
    }

    impl super::Random for Random {
        fn seed(&self) -> u64 {
            let seed = self.next.get();
            self.next.set(seed.wrapping_add(1));
            seed
        }
    }

    type OnRoomEvent = Box<dyn FnMut(RoomEvent)>;

    /// A relay for players of several `World`s (share one `Rc<Hub>`): frames wait in `flight`
    /// until `deliver`; the kept ones are replayed to whoever joins. `offline` cuts a player off.
    #[derive(Default)]
    pub struct Hub {
        /// (to player, what); delivered in order by `deliver`.
        pub flight: RefCell<Vec<(usize, RoomEvent)>>,
        kept: RefCell<Vec<Vec<u8>>>,
        members: RefCell<Vec<Option<OnRoomEvent>>>,
        online: RefCell<Vec<bool>>,
        /// Players whose joins fail (their network is down).
        cut_off: RefCell<std::collections::BTreeSet<usize>>,
        /// Players whose page has no WebCrypto (plain http on a non-local name).
        pub insecure: RefCell<std::collections::BTreeSet<usize>>,
    }

    impl Hub {
        fn in_room(&self) -> usize {
            self.online.borrow().iter().filter(|&&o| o).count()
        }

        fn tell_all(&self, except: Option<usize>) {
            let n = self.in_room();
            let online = self.online.borrow().clone();
            for (to, _) in online.iter().enumerate().filter(|(i, o)| **o && Some(*i) != except) {
                self.flight.borrow_mut().push((to, RoomEvent::Players(n)));
            }
        }

        /// Delivers everything in flight, oldest first (and what that makes others send).
        pub fn deliver(&self) {
            loop {
                let next = {
                    let mut flight = self.flight.borrow_mut();
                    if flight.is_empty() { None } else { Some(flight.remove(0)) }
                };
                let Some((to, event)) = next else { break };
                let callback = self.members.borrow_mut()[to].take();
                if let Some(mut callback) = callback {
                    callback(event);
                    let mut members = self.members.borrow_mut();
                    if members[to].is_none() {
                        members[to] = Some(callback);
                    }
                }
            }
        }

        /// The player's network goes down (the connection drops, joins fail) or comes back
        /// (their app's next try to join works).
        pub fn set_online(&self, player: usize, online: bool) {
            if online {
                self.cut_off.borrow_mut().remove(&player);
                return;
            }
            self.cut_off.borrow_mut().insert(player);
            if self.online.borrow()[player] {
                self.online.borrow_mut()[player] = false;
                self.flight.borrow_mut().retain(|(to, _)| *to != player);
                self.flight.borrow_mut().push((player, RoomEvent::Disconnected("gone".into())));
                self.tell_all(None);
            }
        }

        pub fn is_online(&self, player: usize) -> bool {
            self.online.borrow().get(player).copied().unwrap_or(false)
        }

        /// Frames the relay keeps.
        pub fn kept(&self) -> usize {
            self.kept.borrow().len()
        }

        /// A frame the relay kept from before (as an older app sent it), replayed to whoever joins.
        pub fn keep_frame(&self, frame: Vec<u8>) {
            self.kept.borrow_mut().push(frame);
        }

        /// A connection to the room's path that never proves the key (a bare WebSocket, or a
        /// client with another key): the relay counts it like any other. Returns its number.
        pub fn bare_join(&self) -> usize {
            let player = self.members.borrow().len();
            self.members.borrow_mut().push(None);
            self.online.borrow_mut().push(true);
            self.tell_all(None);
            player
        }

        /// A frame from `from` that no one can open (sealed with another key, or none).
        pub fn unreadable_from(&self, from: usize) {
            let online = self.online.borrow().clone();
            for (to, _) in online.iter().enumerate().filter(|(i, o)| **o && *i != from) {
                self.flight.borrow_mut().push((to, RoomEvent::Unreadable("not sealed with this room's key".into())));
            }
        }

        /// A player's handle on the hub.
        pub fn handle(self: &Rc<Hub>) -> HubHandle {
            let player = self.members.borrow().len();
            self.members.borrow_mut().push(None);
            self.online.borrow_mut().push(false);
            HubHandle { hub: self.clone(), player }
        }
    }

    /// One player's connection to a `Hub` (players are numbered from 0 as their tabs open).
    pub struct HubHandle {
        pub hub: Rc<Hub>,
        pub player: usize,
    }

    impl Room for HubHandle {
        fn join(&self, _relay: &str, _key: RoomKey, on_event: Box<dyn FnMut(RoomEvent)>) {
            let hub = &self.hub;
            hub.members.borrow_mut()[self.player] = Some(on_event);
            if hub.insecure.borrow().contains(&self.player) {
                hub.flight.borrow_mut().push((self.player, RoomEvent::Insecure));
                return;
            }
            if hub.cut_off.borrow().contains(&self.player) {
                hub.flight.borrow_mut().push((self.player, RoomEvent::Disconnected("unreachable".into())));
                return;
            }
            hub.online.borrow_mut()[self.player] = true;
            let mut flight = vec![(self.player, RoomEvent::Connected)];
            flight.extend(hub.kept.borrow().iter().map(|frame| (self.player, RoomEvent::Said(frame.clone()))));
            hub.flight.borrow_mut().extend(flight);
            hub.tell_all(None);
        }
        fn send(&self, keep: bool, frame: Vec<u8>) -> bool {
            let hub = &self.hub;
            if !hub.is_online(self.player) {
                return false;
            }
            if keep {
                hub.kept.borrow_mut().push(frame.clone());
            }
            let online = hub.online.borrow().clone();
            for (to, _) in online.iter().enumerate().filter(|(i, o)| **o && *i != self.player) {
                hub.flight.borrow_mut().push((to, RoomEvent::Said(frame.clone())));
            }
            true
        }
        fn leave(&self) {
            let hub = &self.hub;
            if hub.is_online(self.player) {
                hub.online.borrow_mut()[self.player] = false;
                hub.flight.borrow_mut().retain(|(to, _)| *to != self.player);
                hub.tell_all(None);
            }
            hub.members.borrow_mut()[self.player] = None;
        }
    }

    /// One browser profile: storage, the lock and the channel are shared by its tabs; each call
    /// of `ports` (or `store`) is another tab.
    pub struct World {
        pub storage: Rc<Memory>,
        /// The spare store (sessionStorage): kept across a reload, gone with the tab (tests
        /// that open a new tab clear it).
        pub spare: Rc<Memory>,
        /// The lasting spare store (IndexedDB): shared by the tabs, outlives them.
        pub lasting: Rc<Later>,
        pub engine: Rc<Engine>,
        pub ink: Rc<Ink>,
        pub clock: Rc<Clock>,
        pub locks: Rc<Locks>,
        pub bus: Rc<Bus>,
        pub clipboard: Rc<Clipboard>,
        pub sharing: Rc<Sharing>,
        pub files: Rc<Files>,
        pub random: Rc<Random>,
        /// The relay: give two worlds the same hub for two players.
        pub hub: Rc<Hub>,
        pub premade: Rc<Premade>,
        pub device: Rc<Device>,
        tabs: Cell<usize>,
    }

    impl Default for World {
        fn default() -> World {
            let clock = Clock::default();
            clock.now.set(1_800_000_000_000.0);
            World {
                storage: Rc::default(),
                spare: Rc::default(),
                lasting: Rc::default(),
                engine: Rc::default(),
                ink: Rc::default(),
                clock: Rc::new(clock),
                locks: Rc::default(),
                bus: Rc::default(),
                clipboard: Rc::default(),
                sharing: Rc::default(),
                files: Rc::default(),
                random: Rc::default(),
                hub: Rc::default(),
                premade: Rc::default(),
                device: Rc::default(),
                tabs: Cell::new(0),
            }
        }
    }

    impl World {
        /// Another player's browser, on the same relay as this one's (its own seeds).
        pub fn beside(&self) -> World {
            World { hub: self.hub.clone(), random: Rc::new(Random { next: Cell::new(1_000) }), ..World::default() }
        }

        /// The outside world of a new tab (tabs are numbered from 0 in the order they come).
        pub fn ports(&self) -> Ports {
            let tab = self.tabs.get();
            self.tabs.set(tab + 1);
            Ports {
                storage: self.storage.clone(),
                spare: self.spare.clone(),
                lasting: self.lasting.clone(),
                engine: self.engine.clone(),
                ink: self.ink.clone(),
                clock: self.clock.clone(),
                lock: Some(Rc::new(LockHandle { locks: self.locks.clone(), tab, clock: self.clock.clone() })),
                channel: Rc::new(BusHandle { bus: self.bus.clone(), tab, clock: self.clock.clone() }),
                clipboard: self.clipboard.clone(),
                sharing: self.sharing.clone(),
                files: self.files.clone(),
                random: self.random.clone(),
                room: Rc::new(self.hub.handle()),
                premade: self.premade.clone(),
                device: self.device.clone(),
            }
        }
    }
}
