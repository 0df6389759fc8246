"""The notice under a screen's title about the sentence's words that are not rows of the word table.

A word made up from the hash is a warning; a word found once a particle was split off, or read from its form
and the open lexicons, an informational caption (docs/lexicon.md). Pure Python: the frame draws the texts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import isolated, text

GUESSED = ("morphology", "words_ko", "vader", "wordnet")
LIMIT = 8  # words named in one notice; the rest are counted


def _how(lang: str, how: str, tense: int) -> str:
    label = text(lang, f"how.{how}")
    if tense < 0 and how not in ("past",):
        return text(lang, "how.tense_past", how=label)
    if tense > 0:
        return text(lang, "how.tense_future", how=label)
    return label


def _lexicons(lang: str, via: tuple[str, ...]) -> str:
    """The lexicons a meaning was read from, by name ("VADER · WordNet"); the Korean word list only when alone."""
    names = [v for v in via if v != "words_ko"] or list(via)
    return " · ".join(text(lang, f"lex.{v}") for v in names)


def guessed_item(lang: str, w, escape: Callable[[str], str] = str) -> str:
    """One guessed word (a scenario.WordSource): how it was read, from which stem and which lexicons."""
    word = isolated(escape(w.word))
    if w.stem:
        return text(lang, "msg.guess_stem", word=word, stem=isolated(escape(w.stem)), how=_how(lang, w.how or "compound",
                    w.tense), lexicons=_lexicons(lang, w.via))
    if w.how:
        return text(lang, "msg.guess_form", word=word, how=_how(lang, w.how, w.tense))
    if w.gloss:
        return text(lang, "msg.guess_gloss", word=word, gloss=escape(w.gloss), lexicons=_lexicons(lang, w.via))
    return text(lang, "msg.guess_lexicon", word=word, lexicons=_lexicons(lang, w.via))


def _listed(lang: str, items: list[str]) -> str:
    shown = items[:LIMIT]
    if len(items) > LIMIT:
        shown.append(text(lang, "msg.guess_more", count=len(items) - LIMIT))
    return ", ".join(shown)


def word_notice(lang: str, sources: Iterable, escape: Callable[[str], str] = str) -> tuple[str, str]:
    """(warning, caption) for a scenario's word_sources: the warning names the made-up words (with the words
    found by a stem beside them, as before); the caption the stems (when nothing is made up) and the guesses."""
    sources = list(sources)
    hashed = [w.word for w in sources if w.source == "hash"]
    stems = [w for w in sources if w.source == "stem"]
    guessed = [w for w in sources if w.source in GUESSED]
    stem_text = text(lang, "msg.stem_words", pairs=", ".join(f"{isolated(escape(w.word))} → {isolated(escape(w.stem))}"
                                                             for w in stems))
    guess_text = text(lang, "msg.guessed_words", items=_listed(lang, [guessed_item(lang, w, escape) for w in guessed]))
    warning, caption = [], []
    if hashed:
        warning.append(text(lang, "msg.hashed_words", words=", ".join(f"‘{isolated(escape(w))}’" for w in hashed),
                            panel=text(lang, "words.title")))
        if stems:
            warning.append(stem_text)
    elif stems:
        caption.append(stem_text)
    if guessed:
        caption.append(guess_text)
    return " ".join(warning), " ".join(caption)
