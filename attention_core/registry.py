"""One place for the facts the whole project shares: the screens, the languages and the limits.

The frame draws its links from `PAGES`, the i18n catalogue loads the modules it names, and the tests,
the benchmark and the load test read the same tuples. Adding a screen = one page file, one `PAGES` line
and its strings module. Plain Python, no imports from the rest of the package (the benchmark's bare
page loads this file alone).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageSpec:
    """A screen: its key (links, i18n prefix "page.<key>"), its script, its menu icon, its strings module."""

    key: str
    file: str
    icon: str
    strings: str


# In step order: the sidebar, Home's step list, presenter mode's walk and the tests follow this tuple.
PAGES: tuple[PageSpec, ...] = (
    PageSpec("home", "app.py", "🏠", "home"),
    PageSpec("gaze", "pages/1_gaze.py", "👁", "gaze"),
    PageSpec("score", "pages/2_score.py", "🔢", "score"),
    PageSpec("temperature", "pages/3_temperature.py", "🌡", "temperature"),
    PageSpec("value", "pages/4_value.py", "🎁", "value"),
    PageSpec("residual", "pages/5_residual.py", "➕", "residual"),
    PageSpec("multihead", "pages/6_multihead.py", "🧩", "multihead"),
    PageSpec("learn", "pages/7_learn.py", "🎓", "learn"),
    PageSpec("order", "pages/8_order.py", "🔀", "order"),
)
PAGE_KEYS: tuple[str, ...] = tuple(p.key for p in PAGES)
# String modules with no page of their own ("common" keys carry no prefix).
SHARED_STRINGS: tuple[str, ...] = ("common", "lecture", "views", "classroom", "a11y", "words", "compat")


def page_spec(key: str) -> PageSpec:
    """The screen with this key (KeyError for an unknown one)."""
    for spec in PAGES:
        if spec.key == key:
            return spec
    raise KeyError(key)


# Languages: code → its own name, as the language switch shows it. The first is the default.
LANGUAGES: dict[str, str] = {"ko": "한국어", "en": "English"}
LANGS: tuple[str, ...] = tuple(LANGUAGES)
DEFAULT_LANG = LANGS[0]

# Limits on what a user (or a link, or a file) may give.
MAX_WORDS = 64  # words in a sentence; more are dropped with a message
MAX_CHARS = 5000  # characters in the sentence box
MAX_WORD_CHARS = 30  # characters in one word
MAX_ABS = 100.0  # |cell| of X and of every weight matrix, so nothing overflows exp()
CELL_STEP = 0.01  # the editors' step; links and files keep this many decimals
T_MIN, T_MAX = 0.01, 100.0  # the temperature's bounds
SEED_MAX = 2**31 - 1  # largest seed of the "random" preset

# The T slider's steps: log-spaced, so the sharp end (T < 1) gets as many steps as the flat end.
T_OPTIONS: tuple[float, ...] = (
    0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0,
    1.2, 1.4, 1.6, 1.8, 2.0, 2.5, 3.0, 4.0, 5.0, 7.0, 10.0, 15.0, 20.0,
)


def t_options(t: float) -> list[float]:
    """The steps a T control offers at T = `t`: T_OPTIONS, and `t` itself when a link set it between them."""
    return sorted(set(T_OPTIONS) | {t})
