//! The words of one language as a file served with the page (issue 48): the app's wasm has
//! English built in, and a player whose language is another reads its file
//! (`static/lang/<code>.txt`) before its words are shown. The file is this crate's `Ui`, then
//! the engine's words of that language (its hint sentences' templates and the techniques'
//! names: `inkdoku_engine::lang::part`), made from the tables in the source, the one place a
//! word is written: `the_language_files_are_the_sources_words` checks the files against them,
//! and `INKDOKU_LANG_WRITE=1 cargo test -p inkdoku-core the_language_files` writes them again.
//!
//! Each part is a header with the fingerprint of the build's English words of that part, then
//! one word a line, in `Ui`'s order (an array's in its order) for the app's part. The app reads
//! its part, and a part made for another build is refused whole (`inkdoku_engine::lang::Reader`):
//! the words stay English. The engine's part it keeps as text and hands to the engine worker
//! with each hint it asks for (`hint_words`), where the hint's words are made and that part
//! is read and checked the same way (`inkdoku_engine::lang::install`).

use super::{EN, Lang, Ui};
use inkdoku_engine::lang::Reader;
use std::sync::OnceLock;

/// The languages read from their files, by `Lang as usize`, for the life of the page: the
/// app's words, and the engine's part of the file as text (`hint_words`).
static READ: [OnceLock<(&'static Ui, &'static str)>; 4] = [const { OnceLock::new() }; 4];

/// Where `lang`'s file is, beside the page.
pub fn path(lang: Lang) -> String {
    format!("lang/{}.txt", lang.code())
}

/// A language's words, if its file has been read (`install`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(super) fn installed(lang: Lang) -> Option<&'static Ui> {
    READ[lang as usize].get().map(|(ui, _)| *ui)
}

/// The engine's part of `lang`'s file, for the engine worker to make a hint's words in `lang`
/// (`Task::Hint`'s `words`): none for English, nor natively (the engine has every language
/// built in there), nor when the file was refused (the hint's words are English then).
pub fn hint_words(lang: Lang) -> Option<&'static str> {
    READ[lang as usize].get().map(|(_, engine)| *engine)
}

/// Whether `lang`'s words can be shown without reading its file: English, a language built in
/// (natively, every one), or one read already.
pub fn is_ready(lang: Lang) -> bool {
    lang == Lang::En || cfg!(not(target_arch = "wasm32")) || installed(lang).is_some()
}

/// Reads `lang`'s file and keeps its words, the app's, and the engine's part as text, for the
/// life of the page (the words are slices of `text`, kept for it). Refused with the reason
/// when the app's part was not made for this build: then nothing is kept, and `lang` shows
/// English.
pub fn install(lang: Lang, text: String) -> Result<(), String> {
    let mut reader = Reader::new(Box::leak(text.into_boxed_str()));
    let mut ui = EN.clone();
    ui.read_from(&mut reader);
    let engine = reader.finish_part()?;
    if installed(lang).is_none() {
        let _ = READ[lang as usize].set((Box::leak(Box::new(ui)), engine));
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

/// A field of `Ui`: a template, or an array of them.
pub(super) trait Words {
    /// Reads the field from a language file's next lines.
    fn read(&mut self, reader: &mut Reader);
    /// The field's templates by name (`name[i]` for an array's), for the tests (the writer's).
    #[cfg(test)]
    fn list(&self, name: &str, out: &mut Vec<(String, &'static str)>);
}

impl Words for &'static str {
    fn read(&mut self, reader: &mut Reader) {
        reader.put(self);
    }

    #[cfg(test)]
    fn list(&self, name: &str, out: &mut Vec<(String, &'static str)>) {
        out.push((name.to_string(), self));
    }
}

impl<const N: usize> Words for [&'static str; N] {
    fn read(&mut self, reader: &mut Reader) {
        for slot in self {
            reader.put(slot);
        }
    }

    #[cfg(test)]
    fn list(&self, name: &str, out: &mut Vec<(String, &'static str)>) {
        out.extend(self.iter().enumerate().map(|(i, w)| (format!("{name}[{i}]"), *w)));
    }
}

/// The app's words of `lang`, in a file's order (the tests' writer).
#[cfg(test)]
fn word_list(lang: Lang) -> Vec<&'static str> {
    super::ui(lang).entries().into_iter().map(|(_, words)| words).collect()
}

/// `lang`'s file as the build serves it: the app's part, then the engine's.
#[cfg(test)]
pub fn text(lang: Lang) -> String {
    let ui = inkdoku_engine::lang::lines(inkdoku_engine::lang::header(lang, word_list(Lang::En)), word_list(lang));
    ui + &inkdoku_engine::lang::part(lang)
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
            let mut reader = Reader::new(Box::leak(text(lang).into_boxed_str()));
            let mut read = EN.clone();
            read.read_from(&mut reader);
            // The engine's part is left, as the engine writes it, for the worker.
            assert_eq!(reader.finish_part(), Ok(inkdoku_engine::lang::part(lang).as_str()), "{lang:?}");
            assert_eq!(read.entries(), super::super::ui(lang).entries(), "{lang:?}");
            assert_ne!(read.entries(), EN.entries(), "{lang:?}");
        }
        // Installed, German is kept, and its engine part is what a hint hands on (Korean is
        // the next test's, which installs none: the tests share the page's languages).
        install(Lang::De, text(Lang::De)).unwrap();
        assert_eq!(installed(Lang::De).unwrap().entries(), super::super::ui(Lang::De).entries());
        assert_eq!(hint_words(Lang::De), Some(inkdoku_engine::lang::part(Lang::De).as_str()));
        assert_eq!(hint_words(Lang::En), None);
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
        // Korean's words cut short: refused, and not kept.
        let korean = text(Lang::Ko);
        let cut = korean.lines().take(100).collect::<Vec<_>>().join("\n");
        let count = word_list(Lang::En).len();
        assert_eq!(install(Lang::Ko, cut), Err(format!("has fewer words than this build's {count}")));
        assert!(installed(Lang::Ko).is_none());
        // A word more in the app's part; the engine's part gone.
        let engine = inkdoku_engine::lang::part(Lang::Ko);
        let app = korean.strip_suffix(&engine).unwrap();
        assert_eq!(install(Lang::Ko, format!("{app}더\n{engine}")), Err(format!("has more words than this build's {count}")));
        assert_eq!(install(Lang::Ko, app.to_string()), Err("has no hint words (its second part)".to_string()));
        // A page that is not a language file (a server's error page).
        let page = "<!DOCTYPE html><title>Not found</title>".to_string();
        assert_eq!(install(Lang::Ko, page), Err("is not a language file (no header)".to_string()));
        // Two words swapped in the English of another build: its fingerprint differs.
        let mut english = word_list(Lang::En);
        english.swap(1, 2);
        let other = korean.replacen(korean.lines().next().unwrap(), &inkdoku_engine::lang::header(Lang::Ko, english), 1);
        assert_eq!(install(Lang::Ko, other), Err("was made for another build (its English words differ)".to_string()));
        assert!(installed(Lang::Ko).is_none());
    }
}
