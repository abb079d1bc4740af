//! The engine's words of one language as read from a language file (issue 48). A player uses
//! one language, so the app's wasm has English built in and reads the others, when asked for,
//! from a file served with the page (`static/lang/<code>.txt`, one per language, made from
//! this crate's tables and the app's: `inkdoku_core::i18n::file`). The tables here stay the one
//! place a word is written; the files are their copy, checked against them by a test.
//!
//! A file is lines of `<name><TAB><words>`; the engine's are named `engine.<field>`, in the
//! order of `Phrases`' fields. A file from another build (a field more, less or moved) is
//! refused whole, with the line that does not fit.

use super::{EN, Lang, Phrases};
use std::sync::OnceLock;

/// The prefix of the engine's lines in a language file.
pub const PREFIX: &str = "engine.";

/// The languages read from their files, by `Lang as usize`, for the life of the page.
static READ: [OnceLock<&'static Phrases>; 4] = [const { OnceLock::new() }; 4];

/// A language's phrases, if its file has been read (`install`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(super) fn installed(lang: Lang) -> Option<&'static Phrases> {
    READ[lang as usize].get().copied()
}

/// Reads the engine's lines of `lang`'s file (`text`, kept for the life of the page: the
/// phrases are slices of it) and keeps them for `lang`'s sentences. Refused with the reason
/// when a line does not fit this build; nothing is kept then.
pub fn install(lang: Lang, text: &'static str) -> Result<(), String> {
    let mut phrases = EN.clone();
    let mut reader = Reader::new(text, PREFIX);
    phrases.read_from(&mut reader);
    reader.finish()?;
    if installed(lang).is_none() {
        let _ = READ[lang as usize].set(Box::leak(Box::new(phrases)));
    }
    Ok(())
}

/// Reads a language file's lines named `<prefix><name>`, one per word, into the words' places
/// in the build's order (`put`, called field by field: one call each, so the reader's code is
/// not repeated per word). Lines of other prefixes are another part's (the app's words,
/// `inkdoku_core::i18n::file`). Every word must be given, once, in order, with words.
pub struct Reader {
    text: &'static str,
    prefix: &'static str,
    /// Where the next line begins, and its number.
    at: usize,
    line: usize,
    /// The first line that did not fit.
    error: Option<String>,
}

impl Reader {
    pub fn new(text: &'static str, prefix: &'static str) -> Reader {
        Reader { text, prefix, at: 0, line: 0, error: None }
    }

    /// The next line of this reader's prefix: its number and what follows the prefix.
    fn next_line(&mut self) -> Option<(usize, &'static str)> {
        while self.at < self.text.len() {
            let rest = &self.text[self.at..];
            let line = rest.split('\n').next().unwrap_or(rest);
            self.at += line.len() + 1;
            self.line += 1;
            if let Some(own) = line.trim_end_matches('\r').strip_prefix(self.prefix) {
                return Some((self.line, own));
            }
        }
        None
    }

    /// Writes the next line's words into `slot`, the place of the word `name` (an array's
    /// words are each named `name[i]`), or notes why the line does not fit.
    #[inline(never)]
    pub fn put(&mut self, slot: &mut &'static str, name: &str) {
        if self.error.is_some() {
            return;
        }
        let prefix = self.prefix;
        let Some((at, line)) = self.next_line() else {
            self.error = Some(format!("{prefix}{name} is missing"));
            return;
        };
        let Some((found, words)) = line.split_once('\t') else {
            self.error = Some(format!("line {at}: no tab after {prefix}{line}"));
            return;
        };
        if !found.strip_prefix(name).is_some_and(|index| index.is_empty() || index.starts_with('[')) {
            self.error = Some(format!("line {at}: {prefix}{found} where {prefix}{name} belongs"));
        } else if words.trim().is_empty() {
            self.error = Some(format!("line {at}: {prefix}{found} has no words"));
        } else {
            *slot = words;
        }
    }

    /// Every word read, and no line of this prefix left over; or the first line that did not fit.
    pub fn finish(mut self) -> Result<(), String> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        match self.next_line() {
            Some((at, line)) => {
                Err(format!("line {at}: {}{} is not a word of this build", self.prefix, line.split('\t').next().unwrap_or(line)))
            }
            None => Ok(()),
        }
    }
}

/// The engine's words of `lang` by name, in the file's order (the file's writer, natively).
#[cfg(not(target_arch = "wasm32"))]
pub fn phrase_entries(lang: Lang) -> Vec<(String, &'static str)> {
    super::phrases(lang).entries().into_iter().map(|(name, words)| (format!("{PREFIX}{name}"), words)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `lang`'s engine lines as a file has them.
    fn file_of(lang: Lang) -> &'static str {
        let text: String = phrase_entries(lang).iter().map(|(name, words)| format!("{name}\t{words}\n")).collect();
        Box::leak(text.into_boxed_str())
    }

    #[test]
    fn a_file_of_the_engines_words_reads_back_to_the_built_in_phrases() {
        for lang in Lang::ALL {
            let mut read = EN.clone();
            // The app's own lines around them are skipped.
            let text: &'static str = Box::leak(format!("ui.digits\tZiffern\n{}ui.notes\tNotizen\n", file_of(lang)).into_boxed_str());
            let mut reader = Reader::new(text, PREFIX);
            read.read_from(&mut reader);
            reader.finish().unwrap();
            assert_eq!(read.entries(), super::super::phrases(lang).entries(), "{lang:?}");
        }
    }

    #[test]
    fn a_file_of_another_build_is_refused_with_the_line_that_does_not_fit() {
        let german = file_of(Lang::De);
        let first = german.lines().next().unwrap();
        let refused = |text: String| {
            let mut read = EN.clone();
            let mut reader = Reader::new(Box::leak(text.into_boxed_str()), PREFIX);
            read.read_from(&mut reader);
            reader.finish().unwrap_err()
        };
        // A word more at the end, a word less, two swapped, one without its tab or its words.
        assert_eq!(
            refused(format!("{german}engine.new_word\tNeu\n")),
            format!("line {}: engine.new_word is not a word of this build", german.lines().count() + 1)
        );
        let without_last = german.lines().take(german.lines().count() - 1).collect::<Vec<_>>().join("\n");
        assert!(refused(without_last).ends_with("is missing"));
        let mut lines: Vec<&str> = german.lines().collect();
        lines.swap(0, 1);
        assert_eq!(refused(lines.join("\n")), "line 1: engine.hidden_single where engine.full_house belongs");
        assert_eq!(refused(german.replacen(first, "engine.full_house Zelle", 1)), "line 1: no tab after engine.full_house Zelle");
        assert_eq!(refused(german.replacen(first, "engine.full_house\t ", 1)), "line 1: engine.full_house has no words");
        // Windows line ends read as well.
        let mut read = EN.clone();
        let mut reader = Reader::new(Box::leak(german.replace('\n', "\r\n").into_boxed_str()), PREFIX);
        read.read_from(&mut reader);
        assert_eq!(reader.finish(), Ok(()));
        assert!(refused(String::new()).ends_with("is missing"));
    }
}
