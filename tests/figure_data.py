"""Figure JSON as the browser receives it, decoded back to numpy for assertions, and the text it draws.

Plotly serialises numpy arrays as typed-array specs ({"dtype": "f8", "bdata": <base64>, "shape": "4, 4"});
plotly.js decodes them in the browser, plotly.py has no decoder. This one uses plotly's own dtype table
(`_plotly_utils.utils.plotlyjsShortTypes`) and is checked against plotly's encoder in tests/test_figure_data.py.
"""

from __future__ import annotations

import base64
import re
from decimal import ROUND_HALF_UP, Decimal

import numpy as np
from _plotly_utils.utils import plotlyjsShortTypes

_DTYPES = {short: np.dtype(name) for name, short in plotlyjsShortTypes.items()}


def decode_typed_arrays(obj):
    """Typed-array specs back to numpy arrays, recursively through dicts and lists."""
    if isinstance(obj, dict):
        if "bdata" in obj and "dtype" in obj:
            arr = np.frombuffer(base64.b64decode(obj["bdata"]), dtype=_DTYPES[obj["dtype"]])
            shape = obj.get("shape")
            return arr.reshape([int(n) for n in str(shape).split(",")]) if shape else arr
        return {k: decode_typed_arrays(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [decode_typed_arrays(v) for v in obj]
    return obj


_FIELD = re.compile(r"%\{(\w+)(?::([^}]*))?\}")
_FIXED = re.compile(r"^\.(\d+)f$")


def shown_text(template: str, **fields: object) -> str:
    """A Plotly text or hover template filled the way plotly.js shows it, for the forms the app uses:
    `%{name}` and fixed decimals `%{name:.2f}`; `<br>` becomes a line break and `<extra>…</extra>` is
    dropped. Any other form fails the test that uses it (extend this rather than guessing)."""

    def fill(match: re.Match) -> str:
        name, spec = match.group(1), match.group(2)
        assert name in fields, (name, template)
        value = fields[name]
        if spec is None:
            return f"{value:g}" if isinstance(value, float) else str(value)
        fixed = _FIXED.match(spec)
        assert fixed, f"unsupported format {spec!r} in {template!r}"
        # d3-format's "f" is JavaScript's toFixed: exact binary ties round away from zero (0.125 → "0.13")
        places = Decimal(1).scaleb(-int(fixed.group(1)))
        shown = Decimal(float(value)).quantize(places, rounding=ROUND_HALF_UP)  # type: ignore[arg-type]
        return str(abs(shown) if shown == 0 else shown)  # d3 drops the sign of a value that rounds to 0

    text = re.sub(r"<extra>.*?</extra>", "", template)
    return _FIELD.sub(fill, text).replace("<br>", "\n")


def cell_texts(trace) -> list[list[str]] | None:
    """The number (or text) drawn in each cell of a heatmap trace, row by row; None when cells carry none."""
    if not trace.texttemplate:
        return None
    z = np.asarray(trace.z, dtype=float)
    text = np.asarray(trace.text, dtype=object) if trace.text is not None else np.full(z.shape, "", dtype=object)
    return [[shown_text(trace.texttemplate, z=z[i, j], text=text[i, j]) for j in range(z.shape[1])]
            for i in range(z.shape[0])]


def bar_texts(trace) -> list[str] | None:
    """The number drawn on each bar of a bar trace; None when the bars carry none."""
    if not trace.texttemplate:
        return None
    return [shown_text(trace.texttemplate, y=float(y), x=x) for x, y in zip(trace.x, trace.y, strict=True)]


def hover_text(trace, row: int, col: int) -> str:
    """What hovering cell (row, col) of a heatmap trace shows."""
    return shown_text(trace.hovertemplate, x=trace.x[col], y=trace.y[row], z=float(np.asarray(trace.z)[row][col]))
