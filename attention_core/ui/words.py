"""A word's meaning in one gesture: the drawer "단어의 뜻 정하기 / Set a word's meaning".

Under the word notice (which names it, so it is one click from there) and always on ①. Pick a word of the
sentence; "means like…" copies a known word's values (부끄럼이 → like 슬픈: a word of the table, or any word the
lexicon reads without the hash, typed); eight labelled sliders set the named axes one by one. The result is the
word's row of X, an edit like the matrix editor's (`Scenario.with_word`): it shows on every screen and travels in
share links, lesson files and the class's frozen questions.
"""

from __future__ import annotations

from functools import cache

import streamlit as st

from .. import lexicon
from ..errors import InputError
from ..lexicon import AXES
from .frame import Page, md
from .guard import guarded

DRAWER = "words:meaning"
WORD, LIKE, RESET = "words:word", "words:like", "words:reset"
SLIDER_STEP = 0.01  # the editors' step


@cache
def _known_words(lang: str) -> tuple[str, ...]:
    """The word table's words, those of `lang` first (what "means like…" offers before anything is typed)."""
    rows = lexicon.table_languages()
    first = sorted(w for w, row_lang in rows.items() if row_lang == lang)
    return tuple(first + sorted(w for w, row_lang in rows.items() if row_lang != lang))


def _chosen(p: Page) -> str:
    """The word the drawer edits: the one picked last if it is still in the sentence, else the first made up from the
    hash, else the first guessed, else the first word."""
    tokens = p.scenario.tokens
    picked = p._state.kept.get(WORD)
    if picked in tokens:
        return picked
    sources = p.scenario.word_sources
    made_up = [w.word for w in sources if w.source == "hash"]
    guessed = [w.word for w in sources if w.source not in ("table", "edited")]
    return (made_up or guessed or [tokens[0]])[0]


def panel(p: Page) -> None:
    """The drawer; its content is built only while it is open (ui/drawers.py)."""
    with p.drawer(p.t("words.title"), DRAWER) as open_:
        if open_:
            _content(p)


def _content(p: Page) -> None:
    s = p.scenario
    tokens = list(dict.fromkeys(s.tokens))  # each word once: an edit is the word's, wherever it occurs
    word = _chosen(p)
    st.caption(p.t("words.help"))

    p.seed(WORD, word, shown=tuple(tokens))

    def picked() -> None:
        ok, value = p.take(WORD, tokens)
        if ok and value in tokens:
            p._state.kept[WORD] = value

    left, right = st.columns(2)
    left.selectbox(p.t("words.word"), tokens, key=WORD, on_change=guarded(p, picked))

    known = _known_words(p.lang)
    p.seed(LIKE, None, shown=(word, p.lang))

    def liked() -> None:
        ok, value = p.take(LIKE)
        if not ok or not value:
            return
        found = lexicon.lookup(str(value)[:lexicon.MAX_LOOKUP_CHARS])
        if found.source == "hash":  # nothing known of it: its values would mean nothing
            p.notify("warning", p.t("words.like_unknown", word=md(str(value)[:30])))
            p._reseed(LIKE)
            return
        try:
            p.update(p.scenario.with_word(word, found.values))
        except InputError as err:
            p.notify("error", p.error(err))
            return
        p.notify("success", p.t("words.like_done", word=md(word), like=md(str(value))))

    right.selectbox(p.t("words.like"), known, key=LIKE, accept_new_options=True,
                    placeholder=p.t("words.like_placeholder"), on_change=guarded(p, liked),
                    help=p.t("words.like_help"))

    row = s.x[s.tokens.index(word)]
    source = next(w for w in s.word_sources if w.word == word)
    said = source.source if source.source in ("table", "stem", "hash", "edited") else "guessed"
    st.caption(p.t(f"words.source_{said}", word=md(word)))
    columns = st.columns(4)
    for a, axis in enumerate(AXES):
        key = f"words:axis:{axis.key}"
        value = float(row[a])
        low, high = (-1.0 if axis.signed else 0.0), 1.0
        low, high = min(low, value), max(high, value)  # an edit past the usual range (the matrix editor allows it)
        p.seed(key, value, shown=(word, low, high))

        def moved(a: int = a, key: str = key) -> None:
            ok, value = p.take(key)
            if not ok or value is None:
                return
            values = [float(v) for v in p.scenario.x[p.scenario.tokens.index(word)]]
            values[a] = float(value)
            try:
                p.update(p.scenario.with_word(word, values))
            except InputError as err:
                p.notify("error", p.error(err))

        columns[a % 4].slider(axis.ko if p.lang == "ko" else axis.en, min_value=low, max_value=high,
                              step=SLIDER_STEP, key=key, on_change=guarded(p, moved), format="%.2f")
    if source.source == "edited":

        def reset() -> None:
            p.update(p.scenario.with_word(word, lexicon.embed(word)))

        st.button(p.t("words.reset", word=word), key=RESET, icon=":material/undo:", on_click=guarded(p, reset))
