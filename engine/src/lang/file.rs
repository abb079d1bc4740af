//! The engine's words of one language as read from a language file (issue 48). A player uses
//! one language, so the app's wasm has English built in and reads the others, when asked for,
//! from a file served with the page (`static/lang/<code>.txt`, one per language, made from
//! this crate's tables and the app's: `inkdoku_core::i18n::file`). The tables here stay the one
//! place a word is written; the files are their copy, checked against them by a test.
//!
//! A file is two parts, each a header line and then one line per word: the app's words in the
//! order of its `Ui`, then the engine's (`part`): its phrases in the order of `Phrases`' fields,
//! then the techniques' names in `Technique::ALL`'s order. The app reads its part and hands the
//! engine's, as text, to the engine worker with each hint it asks for (`install`), where the
//! hint's words are made: the app's wasm links neither these words nor the sentences. No
//! names: each header carries a fingerprint of the build's English words of its part in the
//! same order, so a part made for another build (a word more, less, moved or reworded) is
//! refused whole and its words stay English.

use super::{EN, Lang, Phrases};
use crate::step::Technique;
use std::sync::OnceLock;

/// The engine's words of a language read from its file.
struct Words {
    phrases: Phrases,
    /// The techniques' names, by `Technique as usize`.
    techniques: Vec<&'static str>,
}

/// The languages read from their files, by `Lang as usize`, for the life of the page.
static READ: [OnceLock<&'static Words>; 4] = [const { OnceLock::new() }; 4];

/// A language's phrases, if its file has been read (`keep`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(super) fn installed(lang: Lang) -> Option<&'static Phrases> {
    READ[lang as usize].get().map(|read| &read.phrases)
}

/// A technique's name in a language, if its file has been read (`keep`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(super) fn technique_name(t: Technique, lang: Lang) -> Option<&'static str> {
    READ[lang as usize].get().map(|read| read.techniques[t as usize])
}

/// Reads the engine's part of a language file: its phrases, then its techniques' names.
fn read_words(reader: &mut Reader) -> Words {
    let mut phrases = EN.clone();
    phrases.read_from(reader);
    let mut techniques: Vec<&'static str> = Technique::ALL.iter().map(|&t| crate::techniques::about(t).names.en).collect();
    for name in &mut techniques {
        reader.put(name);
    }
    Words { phrases, techniques }
}

/// Keeps a language's words, read whole (`Reader::finish`), for the life of the page.
fn keep(lang: Lang, words: Words) {
    if READ[lang as usize].get().is_none() {
        let _ = READ[lang as usize].set(Box::leak(Box::new(words)));
    }
}

/// Reads the engine's part of `lang`'s file (`part`, as the app hands it on with a hint's
/// request) and keeps its words for the life of the worker, unless they are kept already.
/// Refused with the reason when it was not made for this build: then nothing is kept, and
/// `lang`'s sentences are English.
pub fn install(lang: Lang, text: &str) -> Result<(), String> {
    if READ[lang as usize].get().is_some() {
        return Ok(());
    }
    let mut reader = Reader::new(Box::leak(text.into()));
    let words = read_words(&mut reader);
    reader.finish()?;
    keep(lang, words);
    Ok(())
}

/// The fingerprint of words in order: FNV-1a over each word and a line break.
fn fingerprint<'a>(words: impl IntoIterator<Item = &'a str>) -> u64 {
    words.into_iter().fold(0xcbf2_9ce4_8422_2325, fingerprint_on)
}

/// `fingerprint` continued over one more word.
fn fingerprint_on(hash: u64, word: &str) -> u64 {
    word.bytes().chain([b'\n']).fold(hash, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The header's mark before the fingerprint of the English words.
const MARK: &str = " english:";

/// Whether a line is a header (`header`'s).
fn is_header(line: &str) -> bool {
    line.starts_with("# inkdoku's words in ") && line.contains(MARK)
}

/// The header of a language file whose words, in English, are `english` (the writer's).
pub fn header<'a>(lang: Lang, english: impl IntoIterator<Item = &'a str>) -> String {
    format!(
        "# inkdoku's words in {}, made from core/src/i18n.rs and engine/src/lang; do not edit.{MARK}{:016x}",
        lang.native_name(),
        fingerprint(english)
    )
}

/// Reads a language file word by word into the places of the English words, in the build's
/// order (`put`, called field by field: one call each, so the reader's code is not repeated
/// per word), fingerprinting the English words it replaces; `finish` then checks the file was
/// made for these words.
pub struct Reader {
    /// The text after the lines read so far.
    rest: &'static str,
    /// The file's fingerprint, and the one of the English words read over so far.
    expected: Option<u64>,
    english: u64,
    read: usize,
    /// The first line without words; whether the file ended before the words did.
    empty: Option<usize>,
    short: bool,
}

impl Reader {
    pub fn new(text: &'static str) -> Reader {
        let mut reader = Reader { rest: text, expected: None, english: fingerprint([]), read: 0, empty: None, short: false };
        reader.expected = reader.line().and_then(|h| h.split_once(MARK)).and_then(|(_, hex)| u64::from_str_radix(hex, 16).ok());
        reader
    }

    /// The next line, without its line end (`\n` or `\r\n`), as `str::lines` reads it.
    fn line(&mut self) -> Option<&'static str> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = self.rest.split_once('\n').unwrap_or((self.rest, ""));
        self.rest = rest;
        Some(line.strip_suffix('\r').unwrap_or(line))
    }

    /// Writes the next line into `slot`, which holds the English word.
    #[inline(never)]
    pub fn put(&mut self, slot: &mut &'static str) {
        self.english = fingerprint_on(self.english, slot);
        self.read += 1;
        match self.line() {
            Some(words) if !words.trim().is_empty() => *slot = words,
            // The header is line 1.
            Some(_) => _ = self.empty.get_or_insert(self.read + 1),
            None => self.short = true,
        }
    }

    /// Every word read, made for this build's words, and no line left over; or why not.
    pub fn finish(mut self) -> Result<(), String> {
        let left = self.line().is_some();
        match self.expected {
            Some(_) if left => Err(format!("has more words than this build's {}", self.read)),
            _ => self.check(),
        }
    }

    /// Every word of a file's first part read, made for this build's words, and the next part
    /// (its header first) left: that part's text; or why not.
    pub fn finish_part(self) -> Result<&'static str, String> {
        match self.rest.lines().next() {
            Some(next) if is_header(next) => self.check().map(|()| self.rest),
            Some(_) => Err(format!("has more words than this build's {}", self.read)),
            None => self.check().and(Err("has no hint words (its second part)".into())),
        }
    }

    /// Every word read, made for this build's words; or why not.
    fn check(&self) -> Result<(), String> {
        let Some(expected) = self.expected else { return Err("is not a language file (no header)".into()) };
        if self.short {
            return Err(format!("has fewer words than this build's {}", self.read));
        }
        if let Some(line) = self.empty {
            return Err(format!("line {line} has no words"));
        }
        if expected != self.english {
            return Err("was made for another build (its English words differ)".into());
        }
        Ok(())
    }
}

/// The engine's words of `lang`, in the file's order (the file's writer, natively).
#[cfg(not(target_arch = "wasm32"))]
pub fn word_list(lang: Lang) -> Vec<&'static str> {
    let phrases = super::phrases(lang).entries().into_iter().map(|(_, words)| words);
    phrases.chain(Technique::ALL.iter().map(|&t| super::technique_name(t, lang))).collect()
}

/// The engine's part of `lang`'s file: its header, then its words, a line each (the file's
/// writer, natively; `inkdoku_core::i18n::file` puts the app's part before it).
#[cfg(not(target_arch = "wasm32"))]
pub fn part(lang: Lang) -> String {
    lines(header(lang, word_list(Lang::En)), word_list(lang))
}

/// A file's part: its header, then each word on a line of its own, every line ended.
#[cfg(not(target_arch = "wasm32"))]
pub fn lines<'a>(header: String, words: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = header;
    out.push('\n');
    for words in words {
        // A line break in a word would end its line: the templates have none.
        assert!(!words.contains(['\n', '\r']), "a line break in {words:?}");
        out.push_str(words);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `lang`'s engine words as a file has them, with its header.
    fn file_of(lang: Lang) -> String {
        part(lang)
    }

    fn read(text: String) -> Result<Words, String> {
        let mut reader = Reader::new(Box::leak(text.into_boxed_str()));
        let words = read_words(&mut reader);
        reader.finish().map(|()| words)
    }

    #[test]
    fn a_file_of_the_engines_words_reads_back_to_the_built_in_ones() {
        for lang in Lang::ALL {
            let words = read(file_of(lang)).unwrap();
            assert_eq!(words.phrases.entries(), super::super::phrases(lang).entries(), "{lang:?}");
            let names: Vec<&str> = Technique::ALL.iter().map(|&t| super::super::technique_name(t, lang)).collect();
            assert_eq!(words.techniques, names);
        }
        // Kept, Spanish's sentences and technique names are the page's.
        keep(Lang::Es, read(file_of(Lang::Es)).unwrap());
        assert_eq!(installed(Lang::Es).unwrap().entries(), super::super::phrases(Lang::Es).entries());
        assert_eq!(technique_name(Technique::Swordfish, Lang::Es), Some("Pez espada"));
        // Windows line ends read as well.
        assert!(read(file_of(Lang::De).replace('\n', "\r\n")).is_ok());
    }

    #[test]
    fn a_file_of_another_build_is_refused_and_says_why() {
        let german = file_of(Lang::De);
        let count = word_list(Lang::En).len();
        let refused = |text: String| read(text).err().unwrap();
        // A word more at the end, a word less, one without words, no header, other English.
        assert_eq!(refused(format!("{german}\nNeu")), format!("has more words than this build's {count}"));
        let cut = german.trim_end();
        assert_eq!(refused(cut[..cut.rfind('\n').unwrap()].to_string()), format!("has fewer words than this build's {count}"));
        let mut lines: Vec<&str> = german.lines().collect();
        lines[3] = " ";
        assert_eq!(refused(lines.join("\n")), "line 4 has no words");
        assert_eq!(refused(german.lines().skip(1).collect::<Vec<_>>().join("\n")), "is not a language file (no header)");
        assert_eq!(refused("<!DOCTYPE html><title>Not found</title>".to_string()), "is not a language file (no header)");
        let other = german.replacen(&header(Lang::De, word_list(Lang::En)), &header(Lang::De, word_list(Lang::En).into_iter().skip(1)), 1);
        assert_eq!(refused(other), "was made for another build (its English words differ)");
    }

    #[test]
    fn the_worker_installs_a_part_once_and_refuses_a_bad_one() {
        // Korean's part cut short, then a server's error page: refused, nothing kept.
        let korean = part(Lang::Ko);
        let count = word_list(Lang::En).len();
        let cut: String = korean.lines().take(50).map(|l| format!("{l}\n")).collect();
        assert_eq!(install(Lang::Ko, &cut), Err(format!("has fewer words than this build's {count}")));
        assert_eq!(install(Lang::Ko, "<!DOCTYPE html><title>Not found</title>"), Err("is not a language file (no header)".into()));
        assert!(installed(Lang::Ko).is_none());
        // Whole, kept; asked again (the app sends it with every hint), it is not read again.
        install(Lang::Ko, &korean).unwrap();
        assert_eq!(installed(Lang::Ko).unwrap().entries(), super::super::phrases(Lang::Ko).entries());
        assert_eq!(install(Lang::Ko, "not read"), Ok(()));
    }
}
