"""The app's web code, kept as files in `ui/web/` and read once at import, and the one way data goes into a script.

A script's data is JSON written by `script_json`: every character that could end the script element or the string
it sits in (`<`, `>`, `&`, U+2028, U+2029) is escaped, so no text from a user, a link or a file can close the
`<script>` and start markup of its own.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import streamlit as st

from ..codec import nesting

WEB = Path(__file__).resolve().parent / "web"
MAX_COMPONENT_JSON_DEPTH = 32  # what the app's components send nests 4 deep at most
_UNSAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026", 0x2028: "\\u2028", 0x2029: "\\u2029"}


@cache
def asset(name: str) -> str:
    """The text of `ui/web/<name>`, read once per process."""
    return (WEB / name).read_text(encoding="utf-8")


def script_json(value: object) -> str:
    """`value` as JSON that is safe inside a `<script>` element."""
    return json.dumps(value, ensure_ascii=False).translate(_UNSAFE)


def script(name: str, data: object) -> str:
    """`<script>` with the file `ui/web/<name>`, its `__DATA__` replaced by `data` (`script_json`)."""
    return f"<script>{asset(name).replace('__DATA__', script_json(data))}</script>"


def keep_owner(owner: str) -> None:
    """Set this browser's owner cookie (`ui/web/owner.js`; ui/state.py explains it)."""
    st.html(script("owner.js", owner), unsafe_allow_javascript=True)


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


def bound_component_json() -> None:
    """Make Streamlit's components-v2 deserialiser refuse deeply nested JSON from the browser (once per process)."""
    from streamlit.components.v2.bidi_component import serialization

    if not isinstance(serialization.json, _BoundedJson):
        serialization.json = _BoundedJson()
