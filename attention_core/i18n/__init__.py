"""Every visible string in Korean and English: `text(lang, key, **params)`.

Each screen keeps its strings in its own module as {key: (korean, english)}; keys are prefixed by
the module name ("gaze.title"). Pure Python: no Streamlit here.
"""

from __future__ import annotations

from . import common, gaze, home, lecture, multihead, residual, score, temperature, value

LANGS = ("ko", "en")
CATALOGUE: dict[str, tuple[str, str]] = {}
for _module in (common, home, gaze, score, temperature, value, residual, multihead, lecture):
    _prefix = _module.__name__.rsplit(".", 1)[-1]
    for _key, _pair in _module.STRINGS.items():
        CATALOGUE[_key if _prefix == "common" else f"{_prefix}.{_key}"] = _pair


def text(lang: str, key: str, **params: object) -> str:
    """The string `key` in `lang` ("ko" or "en") with its {blanks} filled; the key itself if unknown."""
    pair = CATALOGUE.get(key)
    if pair is None:
        return key
    template = pair[0] if lang == "ko" else pair[1]
    return template.format(**params) if params else template


def error_text(lang: str, err: Exception) -> str:
    """A translated message for an InputError (by its key), else the error's own English text."""
    key = f"err.{getattr(err, 'key', '')}"
    if key in CATALOGUE:
        try:
            return text(lang, key, **getattr(err, "params", {}))
        except (KeyError, IndexError):
            pass
    return str(err)
