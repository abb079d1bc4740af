//! The words of one language as a file served with the page (issue 48): the app's wasm has
//! English built in, and a player whose language is another reads its file
//! (`static/lang/<code>.txt`) before its words are shown. The file is this crate's `Ui` and
//! the engine's phrases of that language, made from the tables in the source (the one place a
//! word is written: `the_language_files_are_the_sources_words` checks the files against them,
//! and `INKDOKU_LANG_WRITE=1 cargo test -p inkdoku-core the_language_files` writes them again).
//!
//! Lines `ui.<name><TAB><words>` (an array's entries `ui.<name>[<i>]`) in `Ui`'s order, then
//! the engine's (`inkdoku_engine::lang::install`). A file from another build is refused whole
//! with the line that does not fit, and the words stay English.

use super::{EN, Lang, Ui};
use inkdoku_engine::lang::Reader;
use std::sync::OnceLock;

/// The prefix of the app's lines in a language file.
const PREFIX: &str = "ui.";

/// The languages read from their files, by `Lang as usize`, for the life of the page.
static READ: [OnceLock<&'static Ui>; 4] = [const { OnceLock::new() }; 4];

/// Where `lang`'s file is, beside the page.
pub fn path(lang: Lang) -> String {
    format!("lang/{}.txt", lang.code())
}

/// A language's words, if its file has been read (`install`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(super) fn installed(lang: Lang) -> Option<&'static Ui> {
    READ[lang as usize].get().copied()
}

/// Whether `lang`'s words can be shown without reading its file: English, a language built in
/// (natively, every one), or one read already.
pub fn is_ready(lang: Lang) -> bool {
    lang == Lang::En || cfg!(not(target_arch = "wasm32")) || installed(lang).is_some()
}

/// Reads `lang`'s file and keeps its words, the app's and the engine's, for the life of the
/// page (the words are slices of `text`, kept for it). Refused with the reason when a line
/// does not fit this build: then nothing is kept, and `lang` shows English.
pub fn install(lang: Lang, text: String) -> Result<(), String> {
    let text: &'static str = Box::leak(text.into_boxed_str());
    let mut ui = EN.clone();
    let mut reader = Reader::new(text, PREFIX);
    ui.read_from(&mut reader);
    reader.finish()?;
    inkdoku_engine::lang::install(lang, text)?;
    if installed(lang).is_none() {
        let _ = READ[lang as usize].set(Box::leak(Box::new(ui)));
    }
    Ok(())
}

/// The language the stored settings (`raw`, their JSON) ask for, read before the app starts to
/// know which file to read first; None when they ask for none or cannot be read (the start
/// reads them again and says what was wrong: `storage::load_settings`).
pub fn stored_language(raw: Option<&str>) -> Option<Lang> {
    #[derive(serde::Deserialize)]
    struct Chosen {
        language: Option<Lang>,
    }
    serde_json::from_str::<Chosen>(raw?).ok()?.language
}

/// A field of `Ui`: a template, or an array of them (each named `name[i]` in a file).
pub(super) trait Words {
    /// Reads the field from a language file's next lines.
    fn read(&mut self, name: &str, reader: &mut Reader);
    /// The field's templates by name (the file's writer, natively).
    #[cfg(not(target_arch = "wasm32"))]
    fn list(&self, name: &str, out: &mut Vec<(String, &'static str)>);
}

impl Words for &'static str {
    fn read(&mut self, name: &str, reader: &mut Reader) {
        reader.put(self, name);
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn list(&self, name: &str, out: &mut Vec<(String, &'static str)>) {
        out.push((name.to_string(), self));
    }
}

impl<const N: usize> Words for [&'static str; N] {
    fn read(&mut self, name: &str, reader: &mut Reader) {
        for slot in self {
            reader.put(slot, name);
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn list(&self, name: &str, out: &mut Vec<(String, &'static str)>) {
        out.extend(self.iter().enumerate().map(|(i, w)| (format!("{name}[{i}]"), *w)));
    }
}

/// `lang`'s file as the build serves it: every word of the app's and of the engine's, one a
/// line (natively, from the tables built in).
#[cfg(not(target_arch = "wasm32"))]
pub fn text(lang: Lang) -> String {
    let ui = super::ui(lang).entries().into_iter().map(|(name, words)| (format!("{PREFIX}{name}"), words));
    let mut out = format!(
        "# inkdoku's words in {} ({}): made from core/src/i18n.rs and engine/src/lang, do not edit.\n",
        lang.native_name(),
        lang.code()
    );
    for (name, words) in ui.chain(inkdoku_engine::lang::phrase_entries(lang)) {
        // A line break or tab in a word would end its line: the templates have none.
        assert!(!words.contains(['\n', '\r', '\t']), "{name} has a line break or tab: {words:?}");
        out.push_str(&format!("{name}\t{words}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The languages served as files: all but English, which is built in.
    const FILED: [Lang; 3] = [Lang::De, Lang::Es, Lang::Ko];

    #[test]
    fn the_language_files_are_the_sources_words() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/lang");
        for lang in FILED {
            let file = dir.join(format!("{}.txt", lang.code()));
            if std::env::var("INKDOKU_LANG_WRITE").is_ok() {
                std::fs::write(&file, text(lang)).unwrap();
            }
            let served = std::fs::read_to_string(&file).unwrap_or_default();
            assert!(
                served == text(lang),
                "{} differs from the words in the source: write it again with `INKDOKU_LANG_WRITE=1 cargo test -p inkdoku-core the_language_files`",
                file.display()
            );
        }
        // No other language's file lies there (English is built in).
        let mut names: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        assert_eq!(names, ["de.txt", "es.txt", "ko.txt"]);
    }

    #[test]
    fn a_language_file_reads_back_to_the_words_built_in() {
        for lang in FILED {
            let text: &'static str = Box::leak(text(lang).into_boxed_str());
            let mut read = EN.clone();
            let mut reader = Reader::new(text, PREFIX);
            read.read_from(&mut reader);
            reader.finish().unwrap();
            assert_eq!(read.entries(), super::super::ui(lang).entries(), "{lang:?}");
            assert_ne!(read.entries(), EN.entries(), "{lang:?}");
        }
        // Installed, German is kept (Korean is the next test's, which installs none: the
        // tests share the page's languages).
        install(Lang::De, text(Lang::De)).unwrap();
        assert_eq!(installed(Lang::De).unwrap().entries(), super::super::ui(Lang::De).entries());
    }

    #[test]
    fn the_stored_settings_language_is_read_without_the_rest() {
        let settings = crate::state::Settings { language: Some(Lang::Ko), ..Default::default() };
        assert_eq!(stored_language(Some(&serde_json::to_string(&settings).unwrap())), Some(Lang::Ko));
        assert_eq!(stored_language(Some(r#"{"language":"es"}"#)), Some(Lang::Es));
        assert_eq!(stored_language(Some(r#"{"language":null,"level":"easy"}"#)), None);
        assert_eq!(stored_language(Some("{damaged")), None);
        assert_eq!(stored_language(Some(r#"{"language":"fr"}"#)), None);
        assert_eq!(stored_language(None), None);
    }

    #[test]
    fn a_damaged_language_file_is_refused_and_nothing_of_it_kept() {
        // Korean's app words whole, its engine words cut short: refused, and not kept.
        let korean = text(Lang::Ko);
        let cut = korean.lines().filter(|l| !l.starts_with("engine.rule_parity")).collect::<Vec<_>>().join("\n");
        assert_eq!(install(Lang::Ko, cut), Err("engine.rule_parity is missing".to_string()));
        assert!(installed(Lang::Ko).is_none());
        // A page that is not a language file (a server's error page).
        let page = "<!DOCTYPE html><title>Not found</title>".to_string();
        assert_eq!(install(Lang::Ko, page), Err("ui.digits is missing".to_string()));
        assert!(installed(Lang::Ko).is_none());
        // An app word renamed in another build.
        let renamed = korean.replacen("ui.notes\t", "ui.note\t", 1);
        assert_eq!(install(Lang::Ko, renamed), Err("line 4: ui.note where ui.notes belongs".to_string()));
        assert!(installed(Lang::Ko).is_none());
    }
}
