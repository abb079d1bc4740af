//! The browser: the ports' implementations (`browser_ports`) and the page's long-lived effects
//! (autosave, the clock's ticks, visibility, keys, focus, the service worker).
pub mod effects;
pub mod focus;
pub mod idb;
pub mod ink_worker;
pub mod lang_files;
pub mod platform;
pub mod pwa;
pub mod room;
pub mod tabs;
pub mod web_storage;
pub mod worker;

use crate::ports::{Ports, TabLock};
use std::rc::Rc;

/// The browser's ports: localStorage, the Web Workers, `Date.now` and `setTimeout`.
pub fn browser_ports() -> Ports {
    Ports {
        storage: Rc::new(web_storage::LOCAL),
        spare: Rc::new(web_storage::SESSION),
        lasting: Rc::new(idb::Idb),
        engine: Rc::new(worker::EngineChannel),
        ink: Rc::new(ink_worker::InkChannel),
        clock: Rc::new(platform::PageClock::default()),
        lock: tabs::WebLocks::find().map(|l| Rc::new(l) as Rc<dyn TabLock>),
        channel: Rc::new(tabs::Broadcast::open()),
        clipboard: Rc::new(platform::PageClipboard),
        sharing: Rc::new(platform::PageSharing),
        files: Rc::new(platform::PageFiles),
        random: Rc::new(platform::PageRandom),
        room: Rc::new(room::Relay::default()),
        premade: Rc::new(platform::PremadeFile),
        device: Rc::new(platform::PageDevice),
    }
}
