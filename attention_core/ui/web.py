"""The app's web code, kept as files in `ui/web/` and read once at import, and the one way data goes into a script.

Every script and style sheet the app sends lives in `ui/web/` (no Python file holds JavaScript or CSS;
tests/test_web_js.py checks it): classic scripts for `st.html` (`a11y.js`, `clicker.js`, `owner.js`,
`class-cookie.js`), the components' ES modules (`room.js`, `live-chart.js`, `tcontrol/shim.js`), the T control's
library (`tcontrol/`: math.js, draw.js, control.js, put together by ui/tcontrol.py) and the style sheets (`*.css`).

A script's data is JSON written by `script_json` (attention_core/inline.py, which the offline lesson's page uses too):
every character that could end the script element or the string it sits in (`<`, `>`, `&`, U+2028, U+2029) is
escaped, so no text from a user, a link or a file can close the `<script>` and start markup of its own.

Theme values reach the style sheets as CSS custom properties: `theme_style()` is one generated `:root { … }` block
(`inline.theme_root`) that sets `--attention-<name>` for each theme.py constant in THEMED (`FOCUS_COLOR` →
`--attention-focus-color`, a `*_PX` size with its unit), and the sheets say `var(--attention-focus-color)`. It is
sent with the accessibility style sheet (`a11y.install`), which every page, the class page included, draws at the
start of every whole run,
before any sheet that uses it (the presenter's, the scene bar's, the class card's come later in the same run). Why
custom properties rather than placeholders filled in the text: it is the simpler of the two, with no substitution
step in Python, so the files are plain CSS sent as they are (nothing half-filled can reach the browser, and a
browser, an editor or a linter reads them as written) and each value keeps one name from theme.py to the page. Its
cost: a sheet's text names the property, not the value, and means nothing without the `:root` block;
tests/test_web_js.py checks that every `var(--attention-…)` a sheet uses is set here (and every value set is used).
When the sheets moved here, every element's computed style in presenter mode, on a phone and on the class pages was
compared with the literal values' and found the same.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import streamlit as st

from ..codec import nesting
from ..inline import THEMED as THEMED  # re-exported: the tests and the style sheets' check read them here
from ..inline import css_var as css_var
from ..inline import script_json, theme_root
from . import compat

WEB = Path(__file__).resolve().parent / "web"
MAX_COMPONENT_JSON_DEPTH = 32  # what the app's components send nests 4 deep at most


@cache
def asset(name: str) -> str:
    """The text of `ui/web/<name>`, read once per process."""
    return (WEB / name).read_text(encoding="utf-8")


# The scripts and modules that read Streamlit's or Plotly's undocumented surface through `window.attentionCompat`:
# `ui/web/compat.js` goes in front of each (the first copy in a tab defines it; see compat.js). live-chart.js uses it
# too, without it in front: its module travels with every live chart of every run, and waits for the copy the page's
# own scripts (a11y.js, the T control's library) define.
USES_COMPAT = frozenset({"a11y.js", "clicker.js", "room.js"})


@cache
def compat_js() -> str:
    """`ui/web/compat.js` with its version: a hash of its text (a tab left open over a new version defines it anew)."""
    text = asset("compat.js")
    return text.replace("__COMPAT_VERSION__", hashlib.sha256(text.encode("utf-8")).hexdigest()[:12])


def module(name: str) -> str:
    """A component's ES module `ui/web/<name>`, with compat.js in front when it uses it (USES_COMPAT)."""
    return compat_js() + "\n" + asset(name) if name in USES_COMPAT else asset(name)


def script(name: str, data: object = None) -> str:
    """`<script>` with the file `ui/web/<name>`, its `__DATA__` replaced by `data` (`script_json`); a file without
    `__DATA__` is sent as it is (`data` None); compat.js in front of a script that uses it (USES_COMPAT)."""
    text = asset(name)
    if "__DATA__" in text:
        text = text.replace("__DATA__", script_json(data))
    elif data is not None:
        raise ValueError(f"ui/web/{name} takes no data")
    return script_element(compat_js() + "\n" + text if name in USES_COMPAT else text)


def script_element(text: str) -> str:
    """`<script>` with `text`, a script put together by its module (ui/tcontrol.py's library)."""
    return f"<script>{text}</script>"


def style(*names: str) -> str:
    """`<style>` with the files `ui/web/<name>`, in order."""
    return "<style>\n" + "".join(asset(name) for name in names) + "</style>"


def theme_style() -> str:
    """`<style>:root { … }</style>`: the THEMED values of theme.py as CSS custom properties (`*_PX` in px)."""
    return "<style>\n" + theme_root() + "</style>"


class _AsWritten:
    """Markup handed to `st.html` as written: Streamlit takes an object's `_repr_html_()` (its documented first choice)
    without dedenting and stripping it, which for a plain string costs every whole run 1.2–1.5 ms for the T control's
    62 kB library and 2.8 ms for all of a page's scripts and style sheets (docs/lecture-hall.md)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_html_(self) -> str:
        return self.text


def html(body: str, js: bool = False) -> None:
    """`st.html(body)`, sent as written: the app's own scripts and style sheets (`script`, `style`…), whose text needs
    no tidying; `js`: run its scripts (`unsafe_allow_javascript`)."""
    st.html(_AsWritten(body), unsafe_allow_javascript=js)


def keep_owner(owner: str) -> None:
    """Set this browser's owner cookie (`ui/web/owner.js`; ui/state.py explains it)."""
    html(script("owner.js", owner), js=True)


class _BoundedJson:
    """`json` as Streamlit's component deserialiser sees it: JSON text nested deeper than MAX_COMPONENT_JSON_DEPTH is
    refused as undecodable (what Streamlit does with any undecodable value) before `json.loads` recurses into it. A
    browser can send any text as a component's value or event (facts: a few thousand `[` make `json.loads` raise
    RecursionError, which Streamlit's run would show as an exception instead of calling the app's callback)."""

    JSONDecodeError = json.JSONDecodeError

    def loads(self, s, *args, **kwargs):
        text = s.decode("utf-8", "replace") if isinstance(s, (bytes, bytearray)) else s
        if isinstance(text, str) and nesting(text) > MAX_COMPONENT_JSON_DEPTH:
            raise json.JSONDecodeError("nested too deep", text[:40], 0)
        return json.loads(s, *args, **kwargs)

    def __getattr__(self, name: str):
        return getattr(json, name)


def bound_component_json() -> bool:
    """Make Streamlit's components-v2 deserialiser refuse deeply nested JSON from the browser (once per process;
    through `compat`, use `component_json`: False where it cannot, and Streamlit's own parser reads them)."""
    return compat.replace_component_json(_BoundedJson())
