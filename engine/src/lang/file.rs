//! The engine's words of one language as read from a language file (issue 48). A player uses
//! one language, so the app's wasm has English built in and reads the others, when asked for,
//! from a file served with the page (`static/lang/<code>.txt`, one per language, made from
//! this crate's tables and the app's: `inkdoku_core::i18n::file`). The tables here stay the one
//! place a word is written; the files are their copy, checked against them by a test.
//!
//! A file is a header line, then one line per word: the app's words in the order of its `Ui`,
//! then the engine's phrases in the order of `Phrases`' fields, then the techniques' names in
//! `Technique::ALL`'s order. No names: the header carries a fingerprint of the build's English
//! words in the same order, so a file made for another build (a word more, less, moved or
//! reworded) is refused whole and the words stay English.

use super::{EN, Lang, Phrases};
use crate::step::Technique;
use std::sync::OnceLock;

/// The engine's words of a language read from its file.
pub struct Words {
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
pub fn read_words(reader: &mut Reader) -> Words {
    let mut phrases = EN.clone();
    phrases.read_from(reader);
    let mut techniques: Vec<&'static str> = Technique::ALL.iter().map(|&t| crate::techniques::about(t).names.en).collect();
    for name in &mut techniques {
        reader.put(name);
    }
    Words { phrases, techniques }
}

/// Keeps a language's words, read whole (`Reader::finish`), for the life of the page.
pub fn keep(lang: Lang, words: Words) {
    if READ[lang as usize].get().is_none() {
        let _ = READ[lang as usize].set(Box::leak(Box::new(words)));
    }
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
    lines: std::str::Lines<'static>,
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
        let mut lines = text.lines();
        let expected = lines.next().and_then(|h| h.split_once(MARK)).and_then(|(_, hex)| u64::from_str_radix(hex, 16).ok());
        Reader { lines, expected, english: fingerprint([]), read: 0, empty: None, short: false }
    }

    /// Writes the next line into `slot`, which holds the English word.
    #[inline(never)]
    pub fn put(&mut self, slot: &mut &'static str) {
        self.english = fingerprint_on(self.english, slot);
        self.read += 1;
        match self.lines.next() {
            Some(words) if !words.trim().is_empty() => *slot = words,
            // The header is line 1.
            Some(_) => _ = self.empty.get_or_insert(self.read + 1),
            None => self.short = true,
        }
    }

    /// Every word read, made for this build's words, and no line left over; or why not.
    pub fn finish(mut self) -> Result<(), String> {
        let Some(expected) = self.expected else { return Err("is not a language file (no header)".into()) };
        if self.lines.next().is_some() {
            return Err(format!("has more words than this build's {}", self.read));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `lang`'s engine words as a file has them, with its header.
    fn file_of(lang: Lang) -> String {
        let mut text = header(lang, word_list(Lang::En));
        for words in word_list(lang) {
            text.push('\n');
            text.push_str(words);
        }
        text
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
        assert_eq!(refused(german[..german.rfind('\n').unwrap()].to_string()), format!("has fewer words than this build's {count}"));
        let mut lines: Vec<&str> = german.lines().collect();
        lines[3] = " ";
        assert_eq!(refused(lines.join("\n")), "line 4 has no words");
        assert_eq!(refused(german.lines().skip(1).collect::<Vec<_>>().join("\n")), "is not a language file (no header)");
        assert_eq!(refused("<!DOCTYPE html><title>Not found</title>".to_string()), "is not a language file (no header)");
        let other = german.replacen(&header(Lang::De, word_list(Lang::En)), &header(Lang::De, word_list(Lang::En).into_iter().skip(1)), 1);
        assert_eq!(refused(other), "was made for another build (its English words differ)");
    }
}
