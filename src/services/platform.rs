//! The browser's facilities, behind small functions: the page address, sharing, the clipboard,
//! downloading and opening files, printing.
//!
//! Newer APIs (Web Share, the async clipboard) are looked up at run time and used when the
//! browser has them, so the app degrades instead of failing where they are missing.

use crate::ports::{PlatformError, Shared, Timer};
use gloo_timers::callback::Timeout;
use js_sys::{Function, Object, Promise, Reflect};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The page's clock and timers (`crate::ports::Clock`). A timer set and not yet run is kept
/// here by its number, so that `cancel` can drop it (a dropped gloo `Timeout` is cleared).
#[derive(Default)]
pub struct PageClock {
    timers: Rc<RefCell<Vec<(u32, Timeout)>>>,
    next: Cell<u32>,
}

impl crate::ports::Clock for PageClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }

    fn after(&self, ms: u32, then: Box<dyn FnOnce()>) -> Timer {
        let id = self.next.get();
        self.next.set(id.wrapping_add(1));
        let timers = self.timers.clone();
        let timeout = Timeout::new(ms, move || {
            // It runs: no longer one to cancel. Its handle goes after `then` (wasm-bindgen frees
            // a closure dropped while it runs once it returns).
            let ran = take(&timers, id);
            then();
            drop(ran);
        });
        self.timers.borrow_mut().push((id, timeout));
        Timer(id)
    }

    fn cancel(&self, timer: Timer) {
        drop(take(&self.timers, timer.0));
    }

    fn today(&self) -> String {
        let d = js_sys::Date::new_0();
        format!("{:04}-{:02}-{:02}", d.get_full_year(), d.get_month() + 1, d.get_date())
    }
}

/// The device the page runs on (`crate::ports::Device`).
pub struct PageDevice;

impl crate::ports::Device for PageDevice {
    fn touch_screen(&self) -> bool {
        web_sys::window().is_some_and(|w| w.navigator().max_touch_points() > 0)
    }

    fn online(&self) -> bool {
        web_sys::window().is_none_or(|w| w.navigator().on_line())
    }
}

/// Takes the timer `id` out of `timers` (the borrow ends before the handle is dropped).
fn take(timers: &RefCell<Vec<(u32, Timeout)>>, id: u32) -> Option<Timeout> {
    let mut timers = timers.borrow_mut();
    let at = timers.iter().position(|(i, _)| *i == id)?;
    Some(timers.swap_remove(at).1)
}

/// The book of premade first puzzles, fetched from beside the page (`crate::ports::Premade`).
pub struct PremadeFile;

impl crate::ports::Premade for PremadeFile {
    fn fetch(&self, done: Box<dyn FnOnce(Result<String, String>)>) {
        wasm_bindgen_futures::spawn_local(async move { done(fetch_text(inkdoku_engine::book::FILE).await) });
    }
}

/// The text of the file at `url`, or why not (a failed fetch, a status that is not OK).
pub(crate) async fn fetch_text(url: &str) -> Result<String, String> {
    let why = |e: JsValue| error_of(e).detail;
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url)).await.map_err(why)?;
    let field = |name: &str| Reflect::get(&response, &name.into()).unwrap_or(JsValue::UNDEFINED);
    if field("ok") != JsValue::TRUE {
        return Err(format!("{url}: status {}", field("status").as_f64().unwrap_or(0.0) as u32));
    }
    let text = field("text").dyn_into::<Function>().map_err(|_| "no text()".to_string())?;
    let promise: Promise = text.call0(&response).map_err(why)?.dyn_into().map_err(|_| "text() is no promise".to_string())?;
    JsFuture::from(promise).await.map_err(why)?.as_string().ok_or_else(|| "no text".into())
}

fn error_of(e: JsValue) -> PlatformError {
    let text = |key: &str| Reflect::get(&e, &key.into()).ok().and_then(|m| m.as_string());
    let detail = text("message").or_else(|| e.as_string()).unwrap_or_default();
    PlatformError::from_name(&text("name").unwrap_or_default(), detail)
}

/// The app's address without query or fragment (where share links point).
pub fn app_url() -> String {
    let Some(w) = web_sys::window() else { return String::new() };
    let l = w.location();
    format!("{}{}", l.origin().unwrap_or_default(), l.pathname().unwrap_or_default())
}

fn navigator_member(name: &str) -> Option<JsValue> {
    let nav = web_sys::window()?.navigator();
    Reflect::get(&nav, &name.into()).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

/// Shares a link through the Web Share API where there is one, else copies it.
pub async fn share_link(title: &str, url: &str) -> Result<Shared, PlatformError> {
    let nav = web_sys::window().ok_or_else(|| PlatformError::missing("no window"))?.navigator();
    if let Some(share) = navigator_member("share").and_then(|f| f.dyn_into::<Function>().ok()) {
        let data = Object::new();
        let _ = Reflect::set(&data, &"title".into(), &title.into());
        let _ = Reflect::set(&data, &"url".into(), &url.into());
        if let Ok(promise) = share.call1(&nav, &data)
            && let Ok(promise) = promise.dyn_into::<Promise>()
        {
            return match JsFuture::from(promise).await {
                Ok(_) => Ok(Shared::Sheet),
                // Dismissing the sheet is a choice, not an error: fall back to copying.
                Err(_) => copy_text(url).await.map(|_| Shared::Copied),
            };
        }
    }
    copy_text(url).await.map(|_| Shared::Copied)
}

/// Writes text to the clipboard.
pub async fn copy_text(text: &str) -> Result<(), PlatformError> {
    let clipboard = navigator_member("clipboard").ok_or_else(|| PlatformError::missing("this browser has no clipboard access"))?;
    let write: Function = Reflect::get(&clipboard, &"writeText".into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| PlatformError::missing("this browser cannot write to the clipboard"))?;
    let promise: Promise = write.call1(&clipboard, &text.into()).map_err(error_of)?.dyn_into().map_err(error_of)?;
    JsFuture::from(promise).await.map(|_| ()).map_err(error_of)
}

/// Reads text from the clipboard (the browser may ask the player first).
pub async fn read_clipboard() -> Result<String, PlatformError> {
    let clipboard = navigator_member("clipboard").ok_or_else(|| PlatformError::missing("this browser has no clipboard access"))?;
    let read: Function = Reflect::get(&clipboard, &"readText".into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| PlatformError::missing("this browser cannot read the clipboard"))?;
    let promise: Promise = read.call0(&clipboard).map_err(error_of)?.dyn_into().map_err(error_of)?;
    let text = JsFuture::from(promise).await.map_err(error_of)?;
    Ok(text.as_string().unwrap_or_default())
}

/// The page's clipboard (`crate::ports::Clipboard`).
pub struct PageClipboard;

impl crate::ports::Clipboard for PageClipboard {
    fn write(&self, text: String, done: Box<dyn FnOnce(Result<(), PlatformError>)>) {
        wasm_bindgen_futures::spawn_local(async move { done(copy_text(&text).await) });
    }
    fn read(&self, done: Box<dyn FnOnce(Result<String, PlatformError>)>) {
        wasm_bindgen_futures::spawn_local(async move { done(read_clipboard().await) });
    }
}

/// The browser's random source, `crypto.getRandomValues` (`crate::ports::Random`).
pub struct PageRandom;

impl crate::ports::Random for PageRandom {
    /// Falls back on the time where the browser has no crypto source: a seed only needs to
    /// differ from the last one.
    fn seed(&self) -> u64 {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            return js_sys::Date::now() as u64;
        }
        u64::from_le_bytes(bytes)
    }
}

/// The page's address and the Web Share API (`crate::ports::Sharing`).
pub struct PageSharing;

impl crate::ports::Sharing for PageSharing {
    fn address(&self) -> String {
        web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default()
    }
    fn app_url(&self) -> String {
        app_url()
    }
    fn share(&self, title: String, url: String, done: Box<dyn FnOnce(Result<Shared, PlatformError>)>) {
        wasm_bindgen_futures::spawn_local(async move { done(share_link(&title, &url).await) });
    }
    fn show_address(&self, url: &str) {
        // replaceState fires no hashchange: the app does not open its own link again.
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(url));
        }
    }
}

/// Downloads, the file picker and the print dialog (`crate::ports::Files`).
pub struct PageFiles;

impl crate::ports::Files for PageFiles {
    fn download(&self, file_name: &str, text: &str) -> Result<(), PlatformError> {
        download(file_name, text)
    }
    fn open(&self, accept: &str, on_file: Box<dyn Fn(String, Result<String, PlatformError>)>) -> Result<(), PlatformError> {
        open_file(accept, on_file)
    }
    fn print(&self) {
        print()
    }
}

/// Offers text as a file download.
fn download(file_name: &str, text: &str) -> Result<(), PlatformError> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or_else(|| PlatformError::missing("no document"))?;
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(error_of)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(error_of)?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a").map_err(error_of)?.unchecked_into();
    a.set_href(&url);
    a.set_download(file_name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Lets the player pick a text file; calls back with its name and text.
fn open_file(accept: &str, on_file: impl Fn(String, Result<String, PlatformError>) + 'static) -> Result<(), PlatformError> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or_else(|| PlatformError::missing("no document"))?;
    let input: web_sys::HtmlInputElement = document.create_element("input").map_err(error_of)?.unchecked_into();
    input.set_type("file");
    input.set_accept(accept);
    let picked = input.clone();
    let on_file = std::rc::Rc::new(on_file);
    let on_change = Closure::<dyn FnMut()>::new(move || {
        let Some(file) = picked.files().and_then(|f| f.get(0)) else { return };
        let name = file.name();
        let promise = file.text();
        let on_file = on_file.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let text = JsFuture::from(promise).await.map(|t| t.as_string().unwrap_or_default()).map_err(error_of);
            on_file(name, text);
        });
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The input lives until the player picks (or never does); its handler must too.
    on_change.forget();
    input.click();
    Ok(())
}

/// Opens the browser's print dialog.
fn print() {
    if let Some(w) = web_sys::window() {
        let _ = w.print();
    }
}

/// The language the browser asks for, if inkdoku has it (else English).
pub fn browser_lang() -> crate::i18n::Lang {
    let tags: Vec<String> = web_sys::window()
        .map(|w| w.navigator())
        .map(|nav| nav.languages().iter().filter_map(|v| v.as_string()).chain(nav.language()).collect())
        .unwrap_or_default();
    crate::i18n::first_known(&tags)
}
