"""Colour: the scales (resolved from theme.py once), the colour a cell is painted, and WCAG contrast."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from plotly.colors import get_colorscale, sample_colorscale

from .. import theme

# Named scales resolved to explicit stops once: unvalidated figures reach plotly.js as written, and
# plotly.js knows neither the "_r" suffix nor Python's spelling of every ColorBrewer name.
_DIVERGING = get_colorscale(theme.DIVERGING)
_SEQUENTIAL = get_colorscale(theme.SEQUENTIAL)


def scale_limit(*arrays: np.ndarray) -> float:
    """The largest |value| over `arrays`: one symmetric scale (−m … m) for signed matrices compared side by side."""
    m = max((float(np.max(np.abs(a))) for a in map(np.asarray, arrays) if a.size), default=0.0)
    return m or 1.0


def _scale(z: np.ndarray, kind: str, limit: float | None = None) -> dict:
    """Colour scale and range: weights on a fixed 0–1 sequential scale; signed values centred on 0 (±`limit`
    when panels share one scale, else ± this matrix's largest |value|)."""
    if kind == "weights":
        return {"colorscale": _SEQUENTIAL, "zmin": theme.SEQUENTIAL_RANGE[0], "zmax": theme.SEQUENTIAL_RANGE[1]}
    m = limit if limit is not None else scale_limit(z)
    return {"colorscale": _DIVERGING, "zmin": -m, "zmax": m}



def cell_color(value: float, colorscale: Sequence, zmin: float, zmax: float) -> str:
    """The colour plotly.js paints a cell of `value` (linear RGB between the scale's stops), as "rgb(r, g, b)"."""
    t = 0.0 if zmax == zmin else float(np.clip((value - zmin) / (zmax - zmin), 0.0, 1.0))
    return sample_colorscale(list(colorscale), [t], colortype="rgb")[0]


def _channels(color: str) -> tuple[float, float, float]:
    if color.startswith("#"):
        return tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    r, g, b = (float(v) for v in color[color.index("(") + 1:color.index(")")].split(",")[:3])
    return r / 255, g / 255, b / 255


def luminance(color: str) -> float:
    """WCAG relative luminance of "#rrggbb" or "rgb(r, g, b)"."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in _channels(color)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 … 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ring_color(cell: str) -> str:
    """Black or white, whichever stands out more from the cell colour (at least 4.58:1 for any colour)."""
    return max((theme.MARK_DARK, theme.MARK_LIGHT), key=lambda c: contrast(c, cell))
