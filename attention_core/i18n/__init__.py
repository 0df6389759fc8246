"""Every visible string in Korean and English: `text(lang, key, **params)`.

Each screen keeps its strings in its own module as {key: (korean, english)}; keys are prefixed by
the module name ("gaze.title"). Pure Python: no Streamlit here.
"""

from __future__ import annotations

import importlib
import string

from ..registry import LANGS, PAGES, SHARED_STRINGS
from .josa import format_particle, is_particle_spec

CATALOGUE: dict[str, tuple[str, str]] = {}
for _name in (*SHARED_STRINGS, *(spec.strings for spec in PAGES)):
    for _key, _pair in importlib.import_module(f"{__name__}.{_name}").STRINGS.items():
        CATALOGUE[_key if _name == "common" else f"{_name}.{_key}"] = _pair


class _Formatter(string.Formatter):
    """str.format plus particle blanks: `{word:이/가}` is the particle that follows `word` (see josa)."""

    def format_field(self, value: object, format_spec: str) -> str:
        if is_particle_spec(format_spec):
            return format_particle(value, format_spec)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def fill(template: str, **params: object) -> str:
    """`template` with its {blanks} filled, particles chosen by the word before them."""
    return _FORMATTER.vformat(template, (), params)


def text(lang: str, key: str, **params: object) -> str:
    """The string `key` in `lang` ("ko" or "en") with its {blanks} filled; the key itself if unknown."""
    pair = CATALOGUE.get(key)
    if pair is None:
        return key
    template = pair[LANGS.index(lang)] if lang in LANGS else pair[0]
    return fill(template, **params) if params else template


def isolated(word: str) -> str:
    """A user's word set apart from the text around it for the bidirectional algorithm (Unicode's first-strong
    isolate … pop directional isolate): a right-to-left word in a list of words keeps the list's order and its
    quotes and commas where they belong."""
    return f"\u2068{word}\u2069"


def nonzero_text(x: float) -> str:
    """A weight with enough digits that one above 0 never reads as 0 (a masked cell's): 0.42, 0.0041, 4.1e-07."""
    if x == 0 or round(x, 2) != 0:
        return f"{x:.2f}"
    return f"{x:.2g}"


def error_text(lang: str, err: Exception) -> str:
    """A translated message for an InputError (by its key), else the error's own English text."""
    key = f"err.{getattr(err, 'key', '')}"
    if key in CATALOGUE:
        params = dict(getattr(err, "params", {}))
        reason = f"reason.{params.get('what', '')}"
        if key in ("err.state_invalid", "err.lesson_invalid") and reason in CATALOGUE:  # why a link or file cannot be read, in plain words
            params["what"] = text(lang, reason, field=params.get("field", ""))
        try:
            return text(lang, key, **params)
        except (KeyError, IndexError):
            pass
    return str(err)
