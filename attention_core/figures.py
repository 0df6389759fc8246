"""Plotly figure builders: arrays and labels in, a `Figure` (a go.Figure) out. No Streamlit, no math beyond layout.

Heatmap convention: row 0 at the top (matrix order), every word a tick label, numbers in cells
while readable (`texttemplate`, never per-cell annotations), hover naming row word, column word
and value, a diverging scale centred on 0 for signed matrices and a 0–1 sequential scale for weights.

Figures are written as plain dicts and wrapped without Plotly's property validation
without Plotly's property validation: validating every property costs 10–30 ms a chart, most of a page's rerun.
Their shape is pinned by tests/test_figures.py instead. They are not even turned into Plotly's objects unless
something reads them as such (`Figure`): the app sends and describes the dicts themselves.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import threading
import unicodedata
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go
from _plotly_utils.utils import convert_to_base64
from plotly.colors import get_colorscale, sample_colorscale

from . import theme

# The builders a page calls through `page.fig` (ui.frame.Charts), which binds the presenter styling once.
BUILDERS = frozenset({
    "heatmap", "bars", "grouped_bars", "curves", "arrows", "stacked_contributions", "weight_lines", "heatmap_grid",
    "line_rows", "bars_grid", "training_curves", "replay_heatmap", "temperature_player",
})
BOTTOM_LEGEND = {"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom", "x": 0, "xanchor": "left"}
_GRID = "#eee"
# Named scales resolved to explicit stops once: unvalidated figures reach plotly.js as written, and
# plotly.js knows neither the "_r" suffix nor Python's spelling of every ColorBrewer name.
_DIVERGING = get_colorscale(theme.DIVERGING)
_SEQUENTIAL = get_colorscale(theme.SEQUENTIAL)


@dataclass(frozen=True)
class Axis:
    """One side of a matrix chart: its tick labels (distinct), the axis title, and what hover calls a tick
    (the title when not given)."""

    labels: Sequence[str]
    title: str = ""
    hover: str = ""


@dataclass(frozen=True)
class Mark:
    """A cell outlined on a heatmap, with a short legend name (e.g. the class's guess). The ring is drawn black or
    white against its cell (`ring_color`), told apart by `dash`; `color` names the mark's meaning for callers."""

    row: int
    col: int
    color: str
    name: str
    dash: str = "solid"  # a guess is dashed, an answer solid: the ring's own colour follows the cell beneath it


# --- figures as their dicts ------------------------------------------------------------------------------------
def copied(spec):
    """`spec`'s dicts, lists and tuples copied, its leaves (numbers, strings, numpy arrays) shared."""
    if isinstance(spec, dict):
        return {k: copied(v) for k, v in spec.items()}
    if isinstance(spec, (list, tuple)):
        return type(spec)(copied(v) for v in spec)
    return spec


_BUILD = threading.Lock()
_PLOTLY_OWN = frozenset(go.Figure().__dict__)  # what a go.Figure keeps on itself (its objects, its state)


class Figure(go.Figure):
    """A figure kept as the plain dict its builder wrote (`spec`: {"data": [...], "layout": {...}, "frames"?}).

    Building Plotly's objects from a figure's dict (`go.Figure(spec, _validate=False)`) and copying them back
    out (`to_dict`, a deep copy) were the largest part of a page run under a class's load (docs/reliability.md),
    and the app needs neither: `st.plotly_chart` and `to_json` read only `to_dict()`, which here is the dict as
    sent (numpy arrays as Plotly's typed arrays, the same JSON `go.Figure` gives: tests/test_figures.py), made
    once per figure; the accessible description and the T control read `spec`. Anything else (`fig.data`,
    `fig.layout`, `update_layout`, ...) builds the Plotly objects once, on first use, and from then on the figure
    is an ordinary go.Figure. Figures are shared (memoised): read only, whichever way they are read."""

    def __init__(self, spec: dict) -> None:  # no go.Figure.__init__: that is what this defers
        self._spec = spec
        self._wire = None
        self._built = False

    @property
    def spec(self) -> dict:
        """The builder's dict itself (numpy arrays as they are): shared, read only."""
        return self._spec

    @property
    def unbuilt_spec(self) -> dict | None:
        """`spec` while the figure has not been turned into Plotly's objects (then they are what it holds)."""
        return None if self._built else self._spec

    def to_dict(self) -> dict:
        if self._built:  # read as Plotly objects: what they hold now
            return super().to_dict()
        wire = self._wire
        if wire is None:
            wire = copied(self._spec)
            convert_to_base64(wire)  # what go.Figure.to_dict does to numpy arrays
            self._wire = wire
        return wire

    def to_plotly_json(self) -> dict:
        return self.to_dict()

    def __reduce__(self):
        return (Figure, (copy.deepcopy(self._spec),))

    def __getattr__(self, name: str):  # reached only for what the instance lacks: Plotly's objects, first use
        if name not in _PLOTLY_OWN:
            raise AttributeError(name)
        with _BUILD:
            if not self.__dict__.get("_built"):
                built = go.Figure(copied(self._spec), _validate=False)
                self.__dict__.update({k: v for k, v in built.__dict__.items()
                                      if k not in ("_spec", "_wire", "_built")})
                self._built = True
        if name in self.__dict__:
            return self.__dict__[name]
        raise AttributeError(name)


def spec_of(fig) -> dict:
    """A figure's dict with numpy arrays: a `Figure`'s own (read only), or a go.Figure's copied out of it."""
    own = getattr(fig, "unbuilt_spec", None)
    if own is not None:
        return own
    out = {"data": [copy.deepcopy(tr._props) for tr in fig.data], "layout": copy.deepcopy(fig._layout)}
    if fig.frames:
        out["frames"] = [copy.deepcopy(fr._props) for fr in fig.frames]
    return out


# --- memoised figures -------------------------------------------------------------------------------------------
# A figure depends only on its builder's arguments, so equal arguments give an equal figure: every builder below is
# memoised by its arguments (arrays by shape, dtype and bytes), shared by every session of the process, so a T step
# rebuilds only the charts that depend on T and a page switch back rebuilds nothing. The cached figures are shared:
# nothing may change them (pages never do; `mark_x` and `box_column` work on a copy; a test checks it).
MEMO_SIZE = 2048


class _Unhashable(Exception):
    pass


def _frozen(v: object) -> object:
    if isinstance(v, (str, int, float, bool, type(None))):
        return v
    if isinstance(v, np.ndarray):
        return ("nd", v.shape, v.dtype.str, v.tobytes())
    if isinstance(v, np.generic):
        return ("np", v.dtype.str, v.tobytes())
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, tuple(_frozen(x) for x in v))
    if isinstance(v, dict):
        return ("dict", tuple((k, _frozen(x)) for k, x in v.items()))
    if isinstance(v, range):
        return v
    if dataclasses.is_dataclass(v) and not isinstance(v, type):  # Axis, Mark
        return (type(v).__name__, tuple(_frozen(getattr(v, f.name)) for f in dataclasses.fields(v)))
    raise _Unhashable(type(v).__name__)


class _Memo:
    """A least-recently-used store of figures by (builder, arguments), safe across the server's threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict = OrderedDict()
        self.lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key):
        with self.lock:
            fig = self.items.get(key)
            if fig is not None:
                self.items.move_to_end(key)
                self.hits += 1
            else:
                self.misses += 1
            return fig

    def put(self, key, fig) -> None:
        with self.lock:
            self.items[key] = fig
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


def memoised(fn):
    store = _Memo(MEMO_SIZE)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            key = (_frozen(args), _frozen(kwargs))
        except _Unhashable:
            return fn(*args, **kwargs)
        fig = store.get(key)
        if fig is None:
            fig = fn(*args, **kwargs)
            store.put(key, fig)
        return fig

    wrapper.memo = store
    return wrapper




_TOUCH: dict[int, tuple[weakref.ref, Figure]] = {}  # a figure's id → (the figure, its touch copy)
_TOUCH_LOCK = threading.Lock()


def for_touch(fig):
    """`fig` for a touch screen: no drag action and every axis fixed, so that a swipe across a chart scrolls the
    page. Plotly's default drag draws a zoom box, which on a phone takes the swipe: a student scrolling past a
    chart zoomed into it instead, with no toolbar to zoom back out.

    Figures are shared (memoised), so this is a new figure whose dict shares the original's data (only the layout's
    top level and its axes are new), made once per figure and kept while the figure lives (a figure built for one
    run takes its copy with it)."""
    spec = getattr(fig, "unbuilt_spec", None)
    if spec is None:  # an ordinary go.Figure (built for this run): copied and set
        if fig.layout.dragmode is False:
            return fig
        touch = go.Figure(fig)
        touch.update_layout(dragmode=False)
        touch.update_xaxes(fixedrange=True)
        touch.update_yaxes(fixedrange=True)
        return touch
    with _TOUCH_LOCK:
        kept = _TOUCH.get(id(fig))
    if kept is not None and kept[0]() is fig:
        return kept[1]
    layout = dict(spec.get("layout") or {})
    for name in {"xaxis", "yaxis", *(k for k in layout if k.startswith(("xaxis", "yaxis")))}:
        layout[name] = {**(layout.get(name) or {}), "fixedrange": True}
    layout["dragmode"] = False
    touch = Figure({**spec, "layout": layout})
    with _TOUCH_LOCK:
        _TOUCH[id(fig)] = (weakref.ref(fig), touch)
    weakref.finalize(fig, _TOUCH.pop, id(fig), None)  # gone with the figure, before its id can be reused
    return touch


# Plotly's toolbar buttons a chart does not show: only the PNG export stays (zooming a matrix whose every cell is
# named on hover and in its table adds little). One button keeps the toolbar narrow enough (theme.MODEBAR_PX) for the
# titles, which wrap short of it, never to run under it.
MODEBAR_REMOVED = ["zoom2d", "pan2d", "select2d", "lasso2d", "zoomIn2d", "zoomOut2d", "autoScale2d", "resetScale2d"]


def chart_config(filename: str) -> dict:
    """The chart toolbar: PNG export at 2× with a sensible name, no Plotly logo."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in filename)[:60] or "chart"
    return {
        "displaylogo": False,
        "toImageButtonOptions": {"format": "png", "scale": theme.EXPORT_SCALE, "filename": safe},
        "modeBarButtonsToRemove": MODEBAR_REMOVED,
    }


def _wide(c: str) -> bool:
    """Drawn about 1 em wide: Hangul and CJK, and arrows (→ ↓), which the Hangul font draws full width."""
    return unicodedata.east_asian_width(c) in "WF" or "\u2190" <= c <= "\u21ff"


def text_width(label: str, size: int) -> float:
    """Approximate rendered width in px: wide glyphs (`_wide`) ≈ 1 em, others ≈ 0.6 em."""
    return sum(size * (theme.WIDE_GLYPH_EM if _wide(c) else theme.NARROW_GLYPH_EM) for c in str(label))


def _margins(size: int, title: str, rows: Sequence[str] = (), y_title: str = "", bottom: Sequence[str] = (),
             bottom_angle: int = 0, x_title_bottom: str = "") -> dict:
    """Margins that fit the tick labels and titles (Plotly's automargin does not run in every host)."""
    ticks = 0.0
    if len(bottom):
        widest = max(text_width(x, size) for x in bottom)
        # a turned label hangs down by its length · sin 45°, plus half a line for its own height
        ticks = (widest * theme.ROTATED_EM + size * theme.ROTATED_LINE_EM) if bottom_angle else size * theme.TICKS_EM
    widest_row = max((text_width(r, size) for r in rows), default=30)  # no row labels: room for a tick number
    left = theme.ROW_LABEL_PAD_PX + widest_row + (size * theme.Y_TITLE_EM if y_title else 0)
    top = theme.EDGE_PX + (size * theme.TITLE_EM if title else 0)
    low = theme.EDGE_PX + ticks + (size * theme.X_TITLE_EM if x_title_bottom else 0)
    return {"l": int(left), "r": theme.EDGE_PX, "t": int(top), "b": int(low)}


def legend_px(names, size: int, width_px: float = 480) -> int:
    """Height of a horizontal legend under the chart: its entries wrap into rows of about `width_px`."""
    rows, used = 1, 0.0
    for w in (text_width(str(n), size) + theme.LEGEND_SWATCH_PX for n in names):
        if used and used + w > width_px:
            rows, used = rows + 1, 0.0
        used += w
    return int(rows * size * theme.LEGEND_ROW_EM + size * 0.6)  # + the gap between plot and legend


def _words(title: str) -> list[str]:
    """The title's words, a bracketed group ("(step 0)", "(행)") kept as one: a line never starts inside it."""
    words: list[str] = []
    depth = 0
    for word in title.split(" "):
        if depth > 0 and words:
            words[-1] += " " + word
        else:
            words.append(word)
        depth = max(0, depth + word.count("(") + word.count("[") - word.count(")") - word.count("]"))
    return words


def wrap(title: str, size: int, max_px: float = 380) -> str:
    """Break a long title into lines (<br>) of at most about `max_px` pixels, at spaces outside brackets (inside a
    bracket too, when the bracket alone is wider than that). Where that leaves one word alone on the last line, the
    lines are made as even as that many lines allow."""
    words = [part for word in _words(title)
             for part in (word.split(" ") if text_width(word, size) > max_px else [word])]

    def greedy(limit: float) -> list[str]:
        lines, line = [], ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if line and text_width(candidate, size) > limit:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
        return lines

    lines = greedy(max_px)
    if len(lines) > 1 and len(_words(lines[-1])) == 1:  # the narrowest width that still needs no more lines
        low, high = max(text_width(w, size) for w in words), max_px
        while high - low > 1:
            mid = (low + high) / 2
            low, high = (mid, high) if len(greedy(mid)) > len(lines) else (low, mid)
        lines = greedy(high)
    return "<br>".join(lines)


def plain(text: object) -> str:
    """Text shown as typed: Plotly renders a few HTML tags in labels, so < and > are escaped (our <br> stays)."""
    return str(text).replace("<br>", "\0").replace("<", "&lt;").replace(">", "&gt;").replace("\0", "<br>")


def _plain_all(values):
    if isinstance(values, str):
        return plain(values)
    if isinstance(values, np.ndarray):
        return np.vectorize(plain, otypes=[object])(values) if values.dtype == object else values
    if isinstance(values, (list, tuple)):
        return [_plain_all(v) for v in values]
    return values


def _escape_labels(data: list[dict], layout: dict) -> None:
    """Every word that reaches the chart (ticks, categories, hover data, texts, trace names) shown as plain text."""
    for trace in data:
        for attr in ("text", "customdata", "name", "x", "y"):
            value = trace.get(attr)
            if value is None or (attr in "xy" and not any(isinstance(v, str) for v in np.ravel(value))):
                continue
            trace[attr] = _plain_all(value)
    for key, axis in layout.items():
        if key.startswith(("xaxis", "yaxis")):
            for attr in ("ticktext", "tickvals", "categoryarray"):
                if axis.get(attr) is not None:
                    axis[attr] = [plain(t) if isinstance(t, str) else t for t in axis[attr]]


def _font_size(presenter: bool) -> int:
    return theme.FONT_SIZE_PRESENTER if presenter else theme.FONT_SIZE


def _least(presenter: bool, normal: int) -> int:
    """The smallest font size a chart may shrink its text to: `normal`, or in presenter mode the room's minimum."""
    return theme.PRESENTER_MIN_PX if presenter else normal


def _small(size: int, presenter: bool) -> int:
    """The font of secondary text (colour bar ticks, small panels' labels): a little smaller, never below the room's
    minimum in presenter mode, nor below theme.MIN_TEXT_PX."""
    return max(size - 2, _least(presenter, theme.MIN_TEXT_PX))


def _room_width(width_px: float, presenter: bool, room: float | None = None) -> float:
    """The width a chart is laid out for: in presenter mode the sidebar is folded and the page is wider, by `room`
    (the page's measured width over FULL_WIDTH_PX) or, not measured, by theme.PRESENTER_WIDTH_SCALE (a laptop's)."""
    return width_px * (room or theme.PRESENTER_WIDTH_SCALE) if presenter else width_px


def numbers_left_out(fig: go.Figure) -> bool:
    """The chart would print numbers in its cells but they do not fit at a readable size: hover shows them."""
    meta = spec_of(fig)["layout"].get("meta")
    return bool(isinstance(meta, dict) and meta.get("numbers_left_out"))


def _figure(
    data: list[dict], layout: dict, title: str, height: int, presenter: bool, margin: dict | None = None,
    title_lift: float = 0, title_px: float | None = None,
) -> go.Figure:
    """Fonts, size, margins and the title (placed `title_lift` px above the plot area's top, wrapped to `title_px`,
    by default a half-width chart's), then the Figure."""
    size = _font_size(presenter)
    _escape_labels(data, layout)
    title_px = (title_px or _room_width(theme.TITLE_WIDTH_PX, presenter)) - theme.MODEBAR_PX  # the toolbar's corner
    title = wrap(plain(title), size + 2, max_px=title_px)
    extra_lines = title.count("<br>")
    line_px = (size + 2) * theme.TITLE_LINE_EM
    margin = dict(margin or theme.MARGIN)
    margin["t"] += int(line_px * extra_lines)
    height = _fit_y_titles(layout, size, height, presenter, margin)
    # Plotly anchors a multi-line title by its first line, so place that line above the ones below it.
    first_line_px = height - margin["t"] + theme.TITLE_PAD_PX + title_lift + line_px * extra_lines
    layout.setdefault("font", {"family": theme.FONT_FAMILY, "size": size})
    layout.update(
        title={"text": title, "font": {"size": size + 2}, "x": 0, "xanchor": "left", "xref": "container",
               "pad": {"l": theme.TITLE_PAD_PX},
               "y": min(first_line_px / height, 1.0), "yref": "container", "yanchor": "bottom"},
        height=height,
        margin=margin,
        hoverlabel={"font": {"family": theme.FONT_FAMILY}},
        plot_bgcolor="white",
        template={},
    )
    return Figure({"data": data, "layout": layout})


def _grown(layout: dict, height: int) -> None:
    """The figure's height set to `height` after it was built, its title kept where it was from the top (`_figure`
    places it as a fraction of the height, from the bottom)."""
    title, old = layout.get("title"), layout["height"]
    if isinstance(title, dict) and title.get("yref") == "container" and "y" in title:
        title["y"] = 1.0 - (1.0 - title["y"]) * old / height
    layout["height"] = height


def _fit_y_titles(layout: dict, size: int, height: int, presenter: bool, margin: dict) -> int:
    """A turned y-axis title longer than the plot is tall would run past it into the chart's title: the chart
    grows until the title fits on one line (as a heatmap does, in presenter mode up to
    theme.PRESENTER_TITLE_GROWTH_MAX_PX), and past that the title wraps to the plot's height, with the margin on
    its side widened by a line for each line it gains. Returns the chart's height."""
    cap = theme.PRESENTER_TITLE_GROWTH_MAX_PX if presenter else theme.HEATMAP_MAX_HEIGHT
    titles = []
    for key, axis in layout.items():
        title = axis.get("title") if key.startswith("yaxis") and isinstance(axis, dict) else None
        text = title.get("text") if isinstance(title, dict) else title
        if isinstance(text, str) and text and "<br>" not in text:
            titles.append((axis, title, text))
    need = max((text_width(text, size) for _, _, text in titles), default=0)
    if need > height - margin["t"] - margin["b"]:
        height = int(max(height, min(cap, need + size + margin["t"] + margin["b"])))
    plot_px = height - margin["t"] - margin["b"]
    for axis, title, text in titles:
        if plot_px <= 0 or text_width(text, size) <= plot_px:
            continue
        wrapped = wrap(text, size, max_px=plot_px)
        if isinstance(title, dict):
            title["text"] = wrapped
        else:
            axis["title"] = {"text": wrapped}
        side = "r" if axis.get("side") == "right" else "l"
        margin[side] += int(size * theme.TITLE_LINE_EM * wrapped.count("<br>"))
    return height


def _axis(**props) -> dict:
    return {k: v for k, v in props.items() if v is not None}


def heatmap_height(n_rows: int, presenter: bool = False, extra: int = 0) -> int:
    """A heatmap's height for `n_rows` rows (and `extra` px of margins beyond the usual), within the theme's bounds."""
    per_row = theme.HEATMAP_ROW_PX + (theme.PRESENTER_ROW_PX if presenter else 0)
    height = n_rows * per_row + theme.HEATMAP_FRAME_PX + extra
    return int(np.clip(height, theme.HEATMAP_MIN_HEIGHT, theme.HEATMAP_MAX_HEIGHT))


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


def number_box(z: np.ndarray, decimals: int, size: int) -> tuple[float, float]:
    """The width and height in px of the widest number of `z` printed at `size` (digits are narrow glyphs; a line of
    digits is about theme.DIGIT_LINE_EM tall)."""
    widest = max((len(f"{v:.{decimals}f}") for v in np.ravel(z)), default=1)
    return widest * theme.NARROW_GLYPH_EM * size, size * theme.DIGIT_LINE_EM


def cell_text_size(z: np.ndarray, decimals: int, cell_w: float, cell_h: float, size: int,
                   least: int = theme.CELL_TEXT_MIN_SIZE, reserve: float = 0.0) -> int | None:
    """The font size at which the numbers fit their cells (down to `least`), or None; `reserve` px on every side
    of a cell stay free for the marks' rings."""
    for s in range(size, least - 1, -1):
        w, h = number_box(z, decimals, s)
        if w + theme.CELL_PAD_PX + 2 * reserve <= cell_w and h + 2 * reserve <= cell_h:
            return s
    return None


def mark_rings(depth: int) -> float:
    """The px a cell keeps free on every side for `depth` nested rings (and the cell gap outside them)."""
    return (1 + depth * (theme.MARK_LINE_PX + theme.MARK_GAP_PX)) if depth else 0.0


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


def thinned(labels: Sequence[str], step_px: float, size: int, rotated: bool,
            diagonal: bool = False, least: int = theme.TICK_MIN_SIZE) -> tuple[list[str], int]:
    """Every k-th label (k ≥ 1) and the tick font size, so that labels `step_px` apart never overlap.

    Rotated (or row) labels need about one line height each; upright ones their own width. Hover still
    names every word: the axis keeps all categories, only the printed ticks are thinned.
    """
    labels = list(labels)

    def need(s: int) -> float:
        if diagonal:
            return s * theme.DIAGONAL_EM
        return s * theme.LINE_EM if rotated else max((text_width(x, s) for x in labels), default=0) + theme.TICK_GAP_PX

    for s in range(size, least - 1, -1):
        if need(s) <= step_px:
            return labels, s
    s = least
    k = int(np.ceil(need(s) / max(step_px, 1e-9)))
    return labels[::k], s


@memoised
def heatmap(
    values: np.ndarray,
    row_axis: Axis,
    col_axis: Axis,
    *,
    title: str = "",
    kind: str = "signed",
    decimals: int = 2,
    text: bool | None = None,
    row_sums: bool = False,
    marks: Sequence[Mark] = (),
    presenter: bool = False,
    height: int | None = None,
    show_scale: bool = True,
    limit: float | None = None,
    width_px: float = theme.HALF_WIDTH_PX,
    masked: np.ndarray | None = None,
    masked_label: str = "masked",
    room: float | None = None,
    span: tuple[float, float] | None = None,
    max_height: int | None = None,
) -> go.Figure:
    """A labelled matrix heatmap; `kind` "signed" (diverging, centred on 0) or "weights" (0–1). `max_height`: the
    tallest it may be drawn (presenter mode's window, less what stays above it: ui.room.height), its rows shorter.
    `span`: the lowest and highest the values reach (e.g. over every T): the signed scale (unless `limit`) and the
    size of the cell numbers are fitted to it instead of to `values`, so they stay put while the values move.

    Rows and columns are category axes named by their (distinct) labels, so hover reads the words
    from the axes and no per-cell label array travels to the browser. `limit` shares one signed scale
    (±limit) with other charts; `width_px` is the width the chart gets on the page: from it follow the
    cell size, whether numbers fit in the cells, and how many tick labels can be printed. `masked` (bool,
    True = masked) draws those cells grey with a ✕ and a `masked_label` hover instead of a value, so a masked
    0 never looks computed (row sums still add the row's values).
    """
    z = np.asarray(values, dtype=float)
    n_rows, n_cols = z.shape
    rows, cols = [str(r) for r in row_axis.labels], [str(c) for c in col_axis.labels]
    x_title, y_title = col_axis.title, row_axis.title
    hover_row, hover_col = row_axis.hover or y_title or "row", col_axis.hover or x_title or "column"
    if len(set(rows)) != n_rows or len(set(cols)) != n_cols:
        raise ValueError("heatmap labels must be distinct (repeated words are labelled apart: 슬픈¹, 슬픈²)")
    size = _font_size(presenter)
    width_px = _room_width(width_px, presenter, room)
    hidden = None if masked is None else np.asarray(masked, dtype=bool)
    if hidden is not None and hidden.shape != z.shape:
        raise ValueError("the masked cells must have the matrix's shape")
    hover_decimals = max(decimals, theme.HOVER_DECIMALS)
    data: list[dict] = [{
        "type": "heatmap", "z": z if hidden is None else np.where(hidden, np.nan, z), "x": cols, "y": rows,
        "hovertemplate": f"{hover_row}: %{{y}}<br>{hover_col}: %{{x}}<br>%{{z:.{hover_decimals}f}}<extra></extra>",
        "xgap": 1, "ygap": 1, "showscale": show_scale, "hoverongaps": False,
        "colorbar": {"thickness": theme.COLORBAR_THICKNESS_PX, "len": 0.9,
                     "tickfont": {"size": _small(size, presenter)}},
        **_scale(z, kind, limit if limit is not None or span is None else scale_limit(np.asarray(span))),
    }]
    if hidden is not None and hidden.any():
        data.append({
            "type": "heatmap", "z": np.where(hidden, 1.0, np.nan), "x": cols, "y": rows, "name": masked_label,
            "colorscale": [[0.0, theme.MASKED_COLOR], [1.0, theme.MASKED_COLOR]], "zmin": 0, "zmax": 1,
            "showscale": False, "xgap": 1, "ygap": 1, "hoverongaps": False,
            "hovertemplate": f"{hover_row}: %{{y}}<br>{hover_col}: %{{x}}<br>{plain(masked_label)}<extra></extra>",
            # a text per cell (a constant texttemplate would be drawn on the gaps too)
            "text": np.where(hidden, theme.MASKED_SYMBOL, "").tolist(), "texttemplate": "%{text}",
            "textfont": {"color": theme.MASKED_TEXT_COLOR},
        })
    ticks = list(cols)
    sigma = "Σ" if "Σ" not in cols else "Σ∑"
    if row_sums:
        ticks.append(sigma)
    widest = max((text_width(c, size) for c in cols), default=0)
    # turned when crowded, or when upright labels would fill more than 4/5 of the width
    rotate = theme.TICK_ANGLE if n_cols > theme.ROTATE_TICKS_AFTER or widest * n_cols > width_px * 0.8 else 0
    sums_px = int(text_width("1.00", size) + theme.TITLE_PAD_PX if row_sums else 0)  # the Σ column's numbers
    extra_r = sums_px + (theme.COLORBAR_PX if show_scale else 0)

    def fitted_margin(x_labels: Sequence[str], x_size: int, y_labels: Sequence[str], y_size: int) -> dict:
        low = _margins(x_size, title, bottom=x_labels, bottom_angle=rotate, x_title_bottom=x_title)
        m = _margins(y_size, title, rows=y_labels, y_title=y_title)
        legend = legend_px(dict.fromkeys(k.name for k in marks), size, width_px) if marks else 0
        m["b"] = low["b"] + legend  # the marks' legend under the chart
        m["t"] = _margins(size, title)["t"]
        m["r"] += extra_r  # the Σ numbers written right of the matrix, then the colour bar
        return m

    margin = fitted_margin(ticks, size, rows, size)
    fixed_height = height is not None
    height = height or heatmap_height(n_rows, presenter, margin["t"] + margin["b"] - 60)
    if max_height is not None:
        height = min(height, max_height)
    cell_w = max(1.0, (width_px - margin["l"] - margin["r"]) / len(ticks))
    cell_h = max(1.0, (height - margin["t"] - margin["b"]) / n_rows)
    if not rotate and widest + theme.TICK_GAP_PX > cell_w:  # upright labels would run into each other: turn them
        rotate = theme.TICK_ANGLE
        margin = fitted_margin(ticks, size, rows, size)
    least = _least(presenter, theme.TICK_MIN_SIZE)
    x_shown, x_size = thinned(cols, cell_w, size, rotated=bool(rotate), diagonal=bool(rotate), least=least)
    y_shown, y_size = thinned(rows, cell_h, size, rotated=True, least=least)
    margin = fitted_margin([*x_shown, *ticks[n_cols:]], x_size, y_shown, y_size)
    if y_title and not fixed_height:  # tall enough for the rotated y title on one line (wrapped, it lost glyphs)
        cap = theme.PRESENTER_TITLE_GROWTH_MAX_PX if presenter else theme.HEATMAP_MAX_HEIGHT
        cap = min(cap, max_height) if max_height is not None else cap
        height = int(max(height, min(cap, text_width(plain(y_title), size) + size + margin["t"] + margin["b"])))
        cell_h = max(1.0, (height - margin["t"] - margin["b"]) / n_rows)
    if y_title:  # a rotated title longer than the plot is tall runs into the chart title: wrap it
        y_title = wrap(plain(y_title), size, max_px=max(80.0, height - margin["t"] - margin["b"]))
        margin["l"] += int(size * theme.TITLE_LINE_EM * y_title.count("<br>"))
    depth = max((sum((m.row, m.col) == (k.row, k.col) for m in marks) for k in marks), default=0)
    cell_size = max(size - 1, _least(presenter, theme.CELL_TEXT_MIN_SIZE))
    fits = z if span is None else np.asarray(span)
    text_size = (cell_text_size(fits, decimals, cell_w, cell_h, cell_size, _least(presenter, theme.CELL_TEXT_MIN_SIZE),
                                reserve=mark_rings(depth))
                 if text is None or (text and presenter) else (cell_size if text else None))
    if text_size:
        data[0]["texttemplate"] = f"%{{z:.{decimals}f}}"
        data[0]["textfont"] = {"size": text_size}
    if row_sums:
        sum_size = cell_size if presenter else min(size - 1, max(theme.CELL_TEXT_MIN_SIZE, cell_h))
        # rows closer than a line of these numbers: every k-th row's sum (64 rows of "1.00" ran into each other)
        every = max(1, int(np.ceil(sum_size * theme.LINE_EM / cell_h)))
        data.append({
            "type": "scatter", "x": [sigma] * n_rows, "y": rows, "mode": "text", "cliponaxis": False,
            "text": [f"{s:.2f}" if r % every == 0 else "" for r, s in enumerate(z.sum(axis=1))],
            "textposition": "middle right", "textfont": {"color": theme.NEUTRAL_COLOR, "size": sum_size},
            "hoverinfo": "skip", "showlegend": False,
        })
    shapes = _rings(marks, z, data[0], cell_w, cell_h)
    for name, dash in dict.fromkeys((m.name, m.dash) for m in marks):  # one legend entry per kind of mark
        first = next(m for m in marks if (m.name, m.dash) == (name, dash))
        data.append({"type": "scatter", "x": [cols[first.col]], "y": [rows[first.row]], "mode": "lines",
                     "name": name, "hoverinfo": "skip",
                     "line": {"color": theme.MARK_DARK, "dash": dash, "width": theme.MARK_LINE_PX}})
    if row_sums:
        x_shown = [*[c for c in x_shown if c != sigma], sigma]
    layout = {
        "xaxis": {"type": "category", "categoryorder": "array", "categoryarray": ticks, "tickmode": "array",
                  "tickvals": x_shown, "ticktext": x_shown, "side": "bottom", "tickangle": rotate,
                  "tickfont": {"size": x_size},
                  "title": {"text": x_title, "standoff": int(size * theme.X_TITLE_GAP_EM)},
                  "range": [-0.5, len(ticks) - 0.5],
                  "showgrid": False, "zeroline": False},
        "yaxis": {"type": "category", "categoryorder": "array", "categoryarray": rows, "tickmode": "array",
                  "tickvals": y_shown, "ticktext": y_shown, "autorange": "reversed",
                  "title": {"text": y_title, "standoff": int(size * theme.Y_TITLE_GAP_EM)},
                  "tickfont": {"size": y_size}, "showgrid": False, "zeroline": False},
        "legend": BOTTOM_LEGEND, "showlegend": bool(marks),
    }
    if shapes:
        layout["shapes"] = shapes
    if text is not False and not text_size:
        layout["meta"] = {"numbers_left_out": True}
    if show_scale:
        data[0]["colorbar"].update(x=1.0, xanchor="left", xpad=4 + sums_px)
    return _figure(data, layout, title, height, presenter, margin, title_px=width_px - 2 * theme.TITLE_PAD_PX)


def _rings(marks: Sequence[Mark], z: np.ndarray, trace: dict, cell_w: float, cell_h: float) -> list[dict]:
    """Each mark as a ring inside its cell, clear of the number in the middle: a rectangle of fixed px size around
    the cell's centre (so a cell drawn wider than laid out only leaves more room), the first mark on a cell
    outermost. Each ring is black or white against the colour of the cell beneath it (`ring_color`)."""
    shapes = []
    for k, mark in enumerate(marks):
        depth = sum((m.row, m.col) == (mark.row, mark.col) for m in marks[:k])  # marks on this cell before it
        inset = 1 + depth * (theme.MARK_LINE_PX + theme.MARK_GAP_PX) + theme.MARK_LINE_PX / 2  # to the line's middle
        half_w, half_h = max(1.0, cell_w / 2 - inset), max(1.0, cell_h / 2 - inset)
        color = ring_color(cell_color(float(z[mark.row, mark.col]), trace["colorscale"], trace["zmin"],
                                      trace["zmax"]))
        shapes.append({
            "type": "rect", "xref": "x", "yref": "y", "xsizemode": "pixel", "ysizemode": "pixel",
            "xanchor": mark.col, "yanchor": mark.row, "x0": -half_w, "x1": half_w, "y0": -half_h, "y1": half_h,
            "line": {"color": color, "width": theme.MARK_LINE_PX, "dash": mark.dash},
            "fillcolor": "rgba(0,0,0,0)", "name": mark.name, "layer": "above",
        })
    return shapes


def _bar_values(decimals: int, show: bool = True) -> dict:
    return {"texttemplate": f"%{{y:.{decimals}f}}", "textposition": "outside", "cliponaxis": False} if show else {}


@memoised
def bars(
    values: Sequence[float],
    labels: Sequence[str],
    *,
    title: str = "",
    y_title: str = "",
    color: str = theme.KEY_COLOR,
    y_range: tuple[float, float] | None = None,
    decimals: int = 2,
    highlight: int | None = None,
    presenter: bool = False,
    height: int = 300,
    width_px: float = theme.TITLE_WIDTH_PX,
    room: float | None = None,
) -> go.Figure:
    """Vertical bars with their values printed on them; the title wrapped for `width_px`, the width it gets."""
    n = len(values)
    data = [{
        "type": "bar", "x": list(range(n)), "y": list(values),
        "marker": {"color": [theme.QUERY_COLOR if i == highlight else color for i in range(n)]},
        "customdata": list(labels), "hovertemplate": "%{customdata}: %{y:.3f}<extra></extra>",
        **_bar_values(decimals),
    }]
    angle = theme.TICK_ANGLE if len(labels) > theme.ROTATE_TICKS_AFTER else 0
    layout = {
        "xaxis": {"tickmode": "array", "tickvals": list(range(n)), "ticktext": list(labels), "tickangle": angle},
        "yaxis": _axis(title={"text": y_title}, range=list(y_range) if y_range else None, gridcolor=_GRID),
    }
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("-0.00",), y_title=y_title, bottom=labels, bottom_angle=angle)
    margin["t"] += size  # room for the value printed above the tallest bar
    return _figure(data, layout, title, height, presenter, margin,
                   title_px=_room_width(width_px, presenter, room) - 2 * theme.TITLE_PAD_PX)


@memoised
def grouped_bars(
    series: dict[str, Sequence[float]],
    labels: Sequence[str],
    *,
    title: str = "",
    y_title: str = "",
    y_range: tuple[float, float] | None = None,
    decimals: int = 2,
    presenter: bool = False,
    height: int = 320,
    colors: Sequence[str] = theme.SERIES,
    width_px: float = theme.FULL_WIDTH_PX,
    room: float | None = None,
) -> go.Figure:
    """One group of bars per label, one bar per series, laid out for `width_px`: crowded labels turn and are
    thinned to every k-th (hover names every one), and each bar prints its value only where the number fits over
    the bar at a readable size (64 words' bars are a few px wide: their numbers were specks)."""
    labels = list(labels)
    k = max(1, len(series))
    width_px = _room_width(width_px, presenter, room)  # presenter mode: the page's measured width
    size, angle, margin, step_px, shown, tick_size = _column_labels(labels, title, y_title, width_px, presenter)
    bar_px = step_px * (1 - GROUP_GAP) / k
    show = text_width("-0." + "0" * decimals, _least(presenter, theme.CELL_TEXT_MIN_SIZE)) <= bar_px
    data = [{
        "type": "bar", "name": name, "x": labels, "y": list(vals), "marker": {"color": color},
        "hovertemplate": f"{name}<br>%{{x}}: %{{y:.3f}}<extra></extra>", **_bar_values(decimals, show=show),
    } for (name, vals), color in zip(series.items(), colors)]
    layout = {
        "barmode": "group", "bargap": GROUP_GAP, "legend": BOTTOM_LEGEND,
        "xaxis": {"type": "category", "tickmode": "array", "tickvals": shown, "ticktext": shown, "tickangle": angle,
                  "tickfont": {"size": tick_size}},
        "yaxis": _axis(title={"text": y_title}, range=list(y_range) if y_range else None, gridcolor=_GRID),
    }
    if show:
        margin["t"] += size  # the value printed above the tallest bar
    margin["b"] += legend_px(series, size, width_px=width_px - 2 * theme.EDGE_PX)
    return _figure(data, layout, title, height, presenter, margin)


GROUP_GAP = 0.2  # Plotly's gap between groups of bars, as a share of a group's step


def _column_labels(labels: Sequence[str], title: str, y_title: str, width_px: float, presenter: bool):
    """A chart with one column per label laid out for `width_px`: its font size, the labels' angle (turned once
    crowded), its margins, each column's width in px, and the labels printed (every k-th where they would
    overlap: hover names every one) with their font size."""
    size = _font_size(presenter)
    angle = theme.TICK_ANGLE if len(labels) > theme.ROTATE_TICKS_AFTER else 0
    margin = _margins(size, title, rows=("-0.00",), y_title=y_title, bottom=labels, bottom_angle=angle)
    step_px = max(1.0, width_px - margin["l"] - margin["r"]) / max(len(labels), 1)
    shown, tick_size = thinned(labels, step_px, size, rotated=bool(angle), diagonal=bool(angle),
                               least=_least(presenter, theme.TICK_MIN_SIZE))
    return size, angle, margin, step_px, shown, tick_size


def _cycle(colors: Sequence[str], n: int) -> list[str]:
    return [colors[i % len(colors)] for i in range(n)]


@memoised
def curves(
    x: Sequence[float],
    ys: dict[str, Sequence[float]],
    *,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    log_x: bool = False,
    marker_x: float | None = None,
    marker_label: str = "",
    presenter: bool = False,
    height: int = 340,
    highlight: str | None = None,
    x_ticks: Sequence[float] | None = None,
    y_range: tuple[float, float] | None = None,
    y_from_zero: bool = False,
) -> go.Figure:
    """Lines sharing one x axis, optionally logarithmic, with a vertical line at `marker_x`; the line named
    `highlight` (the looking word) is drawn in the looking word's orange, the others never are. `x_ticks`: the
    x values to label (as {:g}); `y_range` fixes the y axis, `y_from_zero` starts it at 0."""
    xs = list(x)
    others = iter(_cycle(theme.SERIES, len(ys)))
    colors = [theme.QUERY_COLOR if name == highlight else next(others) for name in ys]
    every = max(1, len(xs) // 8)  # a marker on every k-th point: each line has its shape as well as its dash
    marker_sizes = [8 if i % every == 0 else 0 for i in range(len(xs))]
    data = [{
        "type": "scatter", "x": xs, "y": list(y), "mode": "lines+markers", "name": name,
        "line": {"color": color, "width": 3 if name == highlight else 2, "dash": dash},
        "marker": {"symbol": symbol, "size": marker_sizes, "color": color},
        "hovertemplate": f"{name}<br>%{{x:.3g}} → %{{y:.3f}}<extra></extra>",
    } for (name, y), color, dash, symbol in zip(ys.items(), colors, _cycle(theme.DASHES, len(ys)),
                                                _cycle(theme.SYMBOLS, len(ys)))]
    layout = {
        "xaxis": {"title": {"text": x_title}, "type": "log" if log_x else "linear", "gridcolor": _GRID},
        "yaxis": {"title": {"text": y_title}, "gridcolor": _GRID},
        "legend": BOTTOM_LEGEND,
    }
    if x_ticks is not None:
        layout["xaxis"].update(tickvals=list(x_ticks), ticktext=[f"{v:g}" for v in x_ticks])
    if y_range is not None:
        layout["yaxis"]["range"] = list(y_range)
    if y_from_zero:
        layout["yaxis"]["rangemode"] = "tozero"
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("0.000",), y_title=y_title, bottom=("1",), x_title_bottom=x_title)
    margin["b"] += legend_px(ys, size)
    lift = 0
    if marker_x is not None:
        _vertical_mark(layout, marker_x, marker_label, log_x, (min(xs), max(xs)))
        # a fixed x axis over the data (and the line): where the line is does not move the axis, so a T preview
        # that moves the line draws what the server draws
        ends = np.array([min(min(xs), marker_x), max(max(xs), marker_x)], dtype=float)
        ends = np.log10(ends) if log_x else ends
        pad = theme.CURVE_RANGE_PAD * ((ends[1] - ends[0]) or 1.0)
        layout["xaxis"]["range"] = [float(ends[0] - pad), float(ends[1] + pad)]
        if marker_label:  # the label's own row between the title and the plot
            lift = int(size * theme.LINE_EM)
            margin["t"] += lift
    return _figure(data, layout, title, height, presenter, margin, lift)


def _vertical_mark(layout: dict, x: float, label: str, log: bool, x_span: tuple[float, float]) -> None:
    """A dashed vertical line at data value x, labelled just above the plot, where no curve goes, running into
    the half of the x axis (`x_span`) that has more room (on a log axis Plotly reads an annotation's x as log10(x)
    while it reads a shape's x as the data value)."""
    layout.setdefault("shapes", []).append({
        "type": "line", "x0": x, "x1": x, "y0": 0, "y1": 1, "xref": "x", "yref": "y domain",
        "line": {"color": theme.TRUTH_COLOR, "dash": "dash", "width": 1.5},
    })
    if label:
        where = (lambda v: float(np.log10(v))) if log else float
        lo, hi = where(x_span[0]), where(x_span[1])
        left = hi <= lo or (where(x) - lo) / (hi - lo) <= 0.5
        layout.setdefault("annotations", []).append({
            "x": where(x), "y": 1, "xref": "x", "yref": "y domain", "text": plain(label), "showarrow": False,
            "xanchor": "left" if left else "right", "yanchor": "bottom", "xshift": 4 if left else -4,
        })


def mark_x(fig: go.Figure, x: float, label: str = "") -> go.Figure:
    """A copy of `fig` with a dashed vertical line at data value x, labelled above the plot (right on a log x axis
    too), with a row made for the label under the title."""
    spec = copied(spec_of(fig))  # figures are shared (memoised): never change one
    layout = spec["layout"]
    mark: dict = {}
    xs = [float(v) for trace in spec["data"] for v in _values(trace.get("x"))]
    _vertical_mark(mark, x, label, (layout.get("xaxis") or {}).get("type") == "log",
                   (min(xs, default=x), max(xs, default=x)))
    layout["shapes"] = [*(layout.get("shapes") or ()), *mark["shapes"]]
    if mark.get("annotations"):
        layout["annotations"] = [*(layout.get("annotations") or ()), *mark["annotations"]]
    if label:
        row = int(((layout.get("font") or {}).get("size") or theme.FONT_SIZE) * theme.LINE_EM)
        height = layout.get("height")
        margin = layout.setdefault("margin", {})
        margin["t"] = (margin.get("t") or 0) + row
        title = layout.get("title")
        if isinstance(title, dict) and title.get("y") is not None and height:
            title["y"] = min(title["y"] + row / height, 1.0)
    return Figure(spec)


def _values(v) -> Sequence:
    """A trace's array as a sequence (none when unset)."""
    return () if v is None else v


ARROW_REF_PX = 300  # the smallest plot side the arrows chart is laid out for (a phone's column)
_LABEL_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1),
                     (0, 2), (2, 0), (0, -2), (-2, 0), (2, 2), (-2, 2), (2, -2), (-2, -2),
                     (0, 3), (3, 0), (0, -3), (-3, 0))


@dataclass(frozen=True)
class LabelLayout:
    """Where each label's centre goes (data units) and its box in reference pixels (x0, y0, x1, y1), y up."""

    centers: np.ndarray  # (m, 2)
    boxes: np.ndarray  # (m, 4)
    px_per_unit: float


def _overlap(a: np.ndarray, b: np.ndarray, gap: float = 2.0) -> bool:
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1])


def _place(anchors: np.ndarray, texts: Sequence[str], size: int, scale: float,
           obstacles: np.ndarray) -> tuple[list, list]:
    line = size * 1.3
    blocked = [np.array([x - 4, y - 4, x + 4, y + 4]) for x, y in np.vstack([obstacles, anchors]) * scale]
    centers, boxes = [], []
    for (px, py), text in zip(anchors * scale, texts, strict=True):
        w, h = text_width(text, size) + 4, line
        best = None
        for dx, dy in _LABEL_DIRECTIONS:
            cx, cy = px + dx * (w / 2 + 8), py + dy * (h / 2 + 8)
            box = np.array([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2])
            if not any(_overlap(box, other) for other in blocked):
                best = (cx, cy, box)
                break
        if best is None:  # crowded: stack it above everything placed so far
            top = max(b[3] for b in blocked) + 2
            best = (px, top + h / 2, np.array([px - w / 2, top, px + w / 2, top + h]))
        blocked.append(best[2])
        centers.append((best[0] / scale, best[1] / scale))
        boxes.append(best[2])
    return centers, boxes


def place_labels(anchors: np.ndarray, texts: Sequence[str], size: int, obstacles: np.ndarray | None = None,
                 fit_px: float = ARROW_REF_PX) -> LabelLayout:
    """Put each text next to its anchor point so that no two label boxes overlap (greedy, nearest spot first).

    The scale is chosen so that the points, the labels and a 6 % margin fit in `fit_px` pixels each way, the
    smallest plot the chart is drawn in: drawn larger (equal aspect), the points move apart while the text
    keeps its size, so labels that were apart stay apart.
    """
    anchors = np.asarray(anchors, dtype=float).reshape(-1, 2)
    obstacles = np.zeros((0, 2)) if obstacles is None else np.asarray(obstacles, dtype=float).reshape(-1, 2)
    pts = np.vstack([anchors, obstacles])
    span = float(max(np.max(pts.max(axis=0) - pts.min(axis=0)), 1e-6))
    scale = fit_px / span
    for _ in range(8):
        centers, boxes = _place(anchors, texts, size, scale, obstacles)
        b = np.array(boxes).reshape(-1, 4)
        lo = np.minimum(pts.min(axis=0) * scale, b[:, :2].min(axis=0))
        hi = np.maximum(pts.max(axis=0) * scale, b[:, 2:].max(axis=0))
        extent = float(np.max(hi - lo)) * 1.12  # with the 6 % margin on each side
        if extent <= fit_px + 0.5:
            break
        scale *= 0.98 * fit_px / extent  # the labels keep their size: shrink the points' part until all fits
    return LabelLayout(np.array(centers).reshape(-1, 2), np.array(boxes).reshape(-1, 4), scale)


@memoised
def arrows(
    origin_label: str,
    query: tuple[float, float],
    keys: np.ndarray,
    key_labels: Sequence[str],
    *,
    groups: Sequence[Sequence[int]] | None = None,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    presenter: bool = False,
    height: int = 460,
) -> go.Figure:
    """Q_i and every K_j as arrows from the origin in two chosen dimensions (arrowheads as markers).

    Keys in one of `groups` (coincident endpoints) share one label, "a = b"; labels are placed apart
    (`place_labels`); the axes fit the arrows and labels with a margin, at equal scale.
    """
    keys = np.asarray(keys, dtype=float).reshape(-1, 2)
    query = np.array(query, dtype=float)
    groups = [list(g) for g in groups] if groups is not None else [[j] for j in range(len(keys))]
    size = _font_size(presenter)
    xs, ys = [], []
    for kx, ky in keys:
        xs += [0.0, float(kx), None]
        ys += [0.0, float(ky), None]
    pts = np.vstack([keys, query[None, :], np.zeros((1, 2))])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    margin = _margins(size, title, rows=("-0.0",), y_title=y_title, bottom=("1",), x_title_bottom=x_title)
    texts = [" = ".join(key_labels[j] for j in g) for g in groups] + [f"Q {origin_label}"]
    anchors = np.vstack([keys[[g[0] for g in groups]], query[None, :]])
    along = np.linspace(0.0, 1.0, 12)[:, None, None] * np.vstack([keys, query[None, :]])[None, :, :]
    placed = place_labels(anchors, texts, size, obstacles=along.reshape(-1, 2),  # keep off the arrows
                          fit_px=min(ARROW_REF_PX, height - margin["t"] - margin["b"]))
    boxes = placed.boxes / placed.px_per_unit
    lo = np.minimum(lo, boxes[:, :2].min(axis=0))
    hi = np.maximum(hi, boxes[:, 2:].max(axis=0))
    pad = 0.06 * float(np.max(hi - lo))
    n_keys = len(groups)
    data = [
        {"type": "scatter", "x": xs, "y": ys, "mode": "lines+markers", "name": "K",
         "line": {"color": theme.KEY_COLOR, "width": 2},
         "marker": {"symbol": ["circle-open", "arrow", "circle-open"] * len(keys), "size": [1, 13, 1] * len(keys),
                    "angleref": "previous", "color": theme.KEY_COLOR},
         "hoverinfo": "skip", "showlegend": False},
        {"type": "scatter", "x": [0.0, float(query[0])], "y": [0.0, float(query[1])], "mode": "lines+markers",
         "name": "Q", "line": {"color": theme.QUERY_COLOR, "width": 4},
         "marker": {"symbol": ["circle-open", "arrow"], "size": [1, 18], "angleref": "previous",
                    "color": theme.QUERY_COLOR},
         "hovertemplate": f"Q {plain(origin_label)}: (%{{x:.2f}}, %{{y:.2f}})<extra></extra>", "showlegend": False},
        {"type": "scatter", "x": placed.centers[:n_keys, 0], "y": placed.centers[:n_keys, 1], "mode": "text",
         "text": texts[:n_keys], "textposition": "middle center", "textfont": {"color": theme.KEY_COLOR},
         "customdata": [[texts[k], float(keys[g[0], 0]), float(keys[g[0], 1])] for k, g in enumerate(groups)],
         "hovertemplate": "K %{customdata[0]}: (%{customdata[1]:.2f}, %{customdata[2]:.2f})<extra></extra>",
         "showlegend": False, "name": "K labels"},
        {"type": "scatter", "x": placed.centers[n_keys:, 0], "y": placed.centers[n_keys:, 1], "mode": "text",
         "text": texts[n_keys:], "textposition": "middle center", "textfont": {"color": theme.QUERY_COLOR},
         "hoverinfo": "skip", "showlegend": False, "name": "Q label"},
    ]
    axis = {"zeroline": True, "zerolinecolor": "#bbb", "gridcolor": _GRID}
    layout = {"xaxis": {"title": {"text": x_title}, "range": [float(lo[0] - pad), float(hi[0] + pad)], **axis},
              "yaxis": {"title": {"text": y_title}, "range": [float(lo[1] - pad), float(hi[1] + pad)],
                        "scaleanchor": "x", "scaleratio": 1, **axis}}
    return _figure(data, layout, title, height, presenter, margin)


@memoised
def stacked_contributions(
    parts: np.ndarray,
    part_labels: Sequence[str],
    axis_labels: Sequence[str],
    total: np.ndarray,
    *,
    title: str = "",
    total_label: str = "Σ",
    y_title: str = "",
    presenter: bool = False,
    height: int = 380,
    focus: int | None = None,
    span: tuple[float, float] | None = None,
) -> go.Figure:
    """One bar segment per word j (weight_ij · V_j) on every axis, stacked, with the sum marked.

    `parts` is a sequence of rows (one per label); see analysis.largest_parts to fold many words into one.
    Row `focus` is the looking word's own part: orange, as the looking word is everywhere; no other is.
    `span` (analysis.contributions_span): the lowest and highest the stack reaches at any T; the value axis then
    stays put while T moves (with a line for the sums' labels at either end), else it fits these bars.
    """
    others = iter(_cycle(theme.SERIES, len(part_labels)))
    colors = [theme.QUERY_COLOR if j == focus else next(others) for j in range(len(part_labels))]
    data = [{
        "type": "bar", "name": label, "x": list(axis_labels), "y": np.asarray(row),
        "marker": {"color": colors[j]},
        "hovertemplate": f"{plain(label)}<br>%{{x}}: %{{y:.3f}}<extra></extra>",
    } for j, (row, label) in enumerate(zip(parts, part_labels))]
    total = np.asarray(total, dtype=float)
    data.append({
        "type": "scatter", "name": total_label, "x": list(axis_labels), "y": total, "mode": "markers",
        "marker": {"symbol": "line-ew-open", "size": 28, "color": theme.TRUTH_COLOR,
                   "line": {"width": 3, "color": theme.TRUTH_COLOR}},
        "hovertemplate": f"{plain(total_label)}<br>%{{x}}: %{{y:.3f}}<extra></extra>",
    })
    # Each sum's value past the end of its stack on the sum's side (above for ≥ 0, below for < 0), clear of the
    # bars, and inside the plot: the y range leaves one line of text beyond the stacks on the sides that have one.
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("-0.00",), y_title=y_title, bottom=axis_labels)
    stack = np.asarray(parts, dtype=float).reshape(len(part_labels), -1)
    up, down = np.clip(stack, 0, None).sum(axis=0), np.clip(stack, None, 0).sum(axis=0)
    below = total < 0
    ends = np.where(below, down, up)
    notes = [{"x": name, "y": float(end), "xref": "x", "yref": "y", "text": f"{v:.2f}", "showarrow": False,
              "yanchor": "top" if b else "bottom", "yshift": -2 if b else 2}
             for name, end, v, b in zip(axis_labels, ends, total, below)]
    hi, lo = max(float(up.max(initial=0.0)), 0.0), min(float(down.min(initial=0.0)), 0.0)
    title_lines = wrap(plain(title), size + 2, max_px=_room_width(theme.TITLE_WIDTH_PX, presenter)).count("<br>")
    plot_px = max(height - margin["t"] - margin["b"] - title_lines * (size + 2) * theme.TITLE_LINE_EM, 1)
    line = (size * theme.LINE_EM + theme.TICK_GAP_PX) / plot_px  # one line of text, as a share of the plot
    top, bottom = (line if (~below).any() else 0.0), (line if below.any() else 0.0)
    if span is not None:  # the reach at any T: the axis stays put while T moves, with a line for labels each side
        lo, hi = min(lo, span[0]), max(hi, span[1])
        top, bottom = (line if hi > 0 else 0.0), (line if lo < 0 else 0.0)
    extent = max(hi - lo, 1e-9) / max(1.0 - top - bottom - 0.04, 0.5)  # and 2 % of air at either end
    y_range = [lo - (bottom + 0.02) * extent, hi + (top + 0.02) * extent]
    # The words beside the bars, clear of the axis ticks; past 16 words a legend is no help (hover names them).
    layout = {
        "barmode": "relative", "showlegend": len(part_labels) <= 16,
        "legend": {"orientation": "v", "x": 1.02, "xanchor": "left", "y": 1, "yanchor": "top"},
        "yaxis": {"title": {"text": y_title}, "gridcolor": _GRID, "zeroline": True, "zerolinecolor": "#999",
                  "range": y_range},
        "annotations": notes,
    }
    return _figure(data, layout, title, height, presenter, margin)


@memoised
def weight_lines(
    weights_row: np.ndarray,
    labels: Sequence[str],
    focus: int,
    *,
    title: str = "",
    presenter: bool = False,
    height: int = 260,
    width_px: float = theme.TITLE_WIDTH_PX,
    room: float | None = None,
) -> go.Figure:
    """The chosen word (top) linked to every word (bottom) by a line whose thickness is the weight; the title wrapped
    for `width_px`, the width it gets."""
    n = len(labels)
    top5 = float(np.sort(weights_row)[-min(5, n)])  # with many words only the five largest are labelled
    drawn = float(np.sort(weights_row)[-min(16, n)])  # and only the 16 thickest lines are drawn (one trace each)
    data = [{
        "type": "scatter", "x": [focus, j], "y": [1, 0], "mode": "lines",
        "line": {"width": 1 + 24 * float(w), "color": theme.WEIGHT_COLOR}, "opacity": 0.35 + 0.65 * float(w),
        "hovertemplate": f"{plain(labels[focus])} → {plain(labels[j])}: {w:.3f}<extra></extra>", "showlegend": False,
    } for j, w in enumerate(weights_row) if w >= drawn]
    data.append({
        "type": "scatter", "x": list(range(n)), "y": [0] * n, "mode": "markers+text",
        "text": [f"{lab}<br>{w:.2f}" if n <= 10 or w >= top5 else "" for lab, w in zip(labels, weights_row)],
        "textposition": "bottom center", "marker": {"size": 10, "color": theme.KEY_COLOR}, "hoverinfo": "skip",
        "showlegend": False,
    })
    data.append({
        "type": "scatter", "x": [focus], "y": [1], "mode": "markers+text", "text": [labels[focus]],
        "textposition": "top center", "marker": {"size": 14, "color": theme.QUERY_COLOR}, "hoverinfo": "skip",
        "showlegend": False,
    })
    layout = {"xaxis": {"visible": False, "range": [-0.7, n - 0.3]}, "yaxis": {"visible": False, "range": [-0.6, 1.4]}}
    return _figure(data, layout, title, height, presenter,
                   title_px=_room_width(width_px, presenter, room) - 2 * theme.TITLE_PAD_PX)


def _grid_axes(layout: dict, index: int, x_domain: list[float], y_domain: list[float]) -> tuple[str, str]:
    """Axis names (x, y / x2, y2 …) of panel `index`, anchored to each other, with their domains set."""
    suffix = "" if index == 0 else str(index + 1)
    layout[f"xaxis{suffix}"] = {"domain": x_domain, "anchor": f"y{suffix}"}
    layout[f"yaxis{suffix}"] = {"domain": y_domain, "anchor": f"x{suffix}"}
    return f"x{suffix}", f"y{suffix}"


def _panel_title(text: str, x_domain: list[float], y_top: float, size: int) -> dict:
    return {"text": plain(text), "x": (x_domain[0] + x_domain[1]) / 2, "y": y_top, "xref": "paper", "yref": "paper",
            "xanchor": "center", "yanchor": "bottom", "showarrow": False, "font": {"size": size}}


def _domains(n: int, gap: float) -> list[list[float]]:
    """`n` equal spans of [0, 1] separated by `gap` (fractions of the whole)."""
    width = (1 - gap * (n - 1)) / n
    return [[k * (width + gap), k * (width + gap) + width] for k in range(n)]


@memoised
def heatmap_grid(
    panels: Sequence[tuple],
    *,
    columns: int,
    title: str = "",
    presenter: bool = False,
    height: int | None = None,
    text: bool = False,
    width_px: float = theme.FULL_WIDTH_PX,
    shared_rows: bool = False,
    room: float | None = None,
    limits: dict[str, float] | None = None,
) -> go.Figure:
    """Small heatmaps side by side: panels of (title, values, row labels, col labels, kind[, scale group]).
    `limits`: a signed scale group's ± (e.g. the largest |value| its panels reach over every T, so that the scale
    stays put while T moves the cells), instead of its panels' own largest |value|.

    Panels with the same scale group share one colour scale (same range) and one colour bar, drawn right of
    the group's rightmost panel; a panel without a group has its own scale and its own colour bar. Gaps
    between panels are sized from the labels and the colour bars, so nothing runs into its neighbour.
    `shared_rows`: every panel has the same rows, so only the first column prints the row labels.
    """
    size = _font_size(presenter)
    small = _small(size, presenter)
    width_px = _room_width(width_px, presenter, room)
    least = _least(presenter, theme.TICK_MIN_SIZE)
    row_px = max(text_width(r, small) for p in panels for r in p[2]) + 16
    side_px = theme.COLORBAR_PX + (0 if shared_rows else row_px)
    # fewer panels a row (down to two) rather than smaller or missing labels: each column label gets its room
    n_cols = max(len(p[3]) for p in panels)
    paper_px = width_px - row_px - 12 - theme.COLORBAR_PX - 10
    while columns > 2 and (_domains(columns, min(0.3, side_px / width_px))[0][1] * paper_px / n_cols
                           < small * theme.DIAGONAL_EM):
        columns -= 1
    rows = -(-len(panels) // columns)
    groups = [p[5] if len(p) > 5 and p[5] else f"_own{k}" for k, p in enumerate(panels)]
    col_px = max(text_width(c, small) for p in panels for c in p[3]) * 0.72 + small
    n_max = max(np.asarray(p[1]).shape[0] for p in panels)
    panel_px = max(150, min(420, n_max * 24 + 30))
    gap_px = col_px + size * 2.2
    body_px = rows * panel_px + (rows - 1) * gap_px
    x_domains = _domains(columns, min(0.3, side_px / width_px))
    y_domains = [[1 - d[1], 1 - d[0]] for d in _domains(rows, gap_px / body_px if rows > 1 else 0)]
    places = [divmod(idx, columns) for idx in range(len(panels))]
    data, layout, notes = [], {}, []
    for g_index, group in enumerate(dict.fromkeys(groups)):
        members = [k for k, g in enumerate(groups) if g == group]
        kind = panels[members[0]][4]
        scale = _scale(np.zeros(1), kind, (limits or {}).get(group) or scale_limit(*(panels[k][1] for k in members)))
        right = max(places[k][1] for k in members)
        y0 = min(y_domains[places[k][0]][0] for k in members if places[k][1] == right)
        y1 = max(y_domains[places[k][0]][1] for k in members if places[k][1] == right)
        name = "coloraxis" if g_index == 0 else f"coloraxis{g_index + 1}"  # plotly.js has no "coloraxis1"
        layout[name] = {
            "colorscale": scale["colorscale"], "cmin": scale["zmin"], "cmax": scale["zmax"],
            "colorbar": {"x": x_domains[right][1], "xanchor": "left", "xpad": 4, "y": (y0 + y1) / 2,
                         "yanchor": "middle", "len": y1 - y0, "lenmode": "fraction", "thickness": 8,
                         "tickfont": {"size": max(small - 1, least)}},  # least: never under MIN_TEXT_PX
        }
        for k in members:
            groups[k] = name
    for idx, (name, z, r_labels, c_labels, _kind, *_) in enumerate(panels):
        r, c = places[idx]
        z = np.asarray(z, dtype=float)
        xa, ya = _grid_axes(layout, idx, x_domains[c], y_domains[r])
        r_labels, c_labels = [str(r) for r in r_labels], [str(c) for c in c_labels]
        trace = {
            "type": "heatmap", "z": z, "x": c_labels, "y": r_labels, "xaxis": xa, "yaxis": ya,
            "coloraxis": groups[idx], "xgap": 1, "ygap": 1,
            "hovertemplate": "%{y} · %{x}<br>%{z:.3f}<extra></extra>",
        }
        paper_px = width_px - row_px - 12 - theme.COLORBAR_PX - 10  # the plotting area inside the margins
        cell_w = (x_domains[c][1] - x_domains[c][0]) * paper_px / max(1, z.shape[1])
        text_size = (cell_text_size(z, 2, cell_w, panel_px / max(1, z.shape[0]), small,
                                    _least(presenter, theme.CELL_TEXT_MIN_SIZE)) if text else None)
        if text and not text_size:
            layout["meta"] = {"numbers_left_out": True}
        if text_size:
            trace["texttemplate"] = "%{z:.2f}"
            trace["textfont"] = {"size": text_size}
        data.append(trace)
        # small panels: labels that would overlap are thinned to every k-th (hover names every one)
        x_shown, x_size = thinned(c_labels, cell_w, small, rotated=True, diagonal=True, least=least)
        y_shown, y_size = thinned(r_labels, panel_px / max(1, z.shape[0]), small, rotated=True, least=least)
        layout[f"xaxis{xa[1:]}"].update(type="category", categoryorder="array", categoryarray=c_labels,
                                        tickmode="array", tickvals=x_shown, ticktext=x_shown,
                                        tickangle=theme.TICK_ANGLE, tickfont={"size": x_size}, showgrid=False)
        layout[f"yaxis{ya[1:]}"].update(type="category", categoryorder="array", categoryarray=r_labels,
                                        tickmode="array", tickvals=y_shown, ticktext=y_shown,
                                        tickfont={"size": y_size}, autorange="reversed", showgrid=False,
                                        showticklabels=not shared_rows or c == 0)
        notes.append(_panel_title(name, x_domains[c], y_domains[r][1], size))
    layout["annotations"] = notes
    layout["font"] = {"family": theme.FONT_FAMILY, "size": small}
    margin = _margins(small, title, rows=[r for p in panels for r in p[2]],
                      bottom=[c for p in panels for c in p[3]], bottom_angle=theme.TICK_ANGLE)
    margin["r"] += theme.COLORBAR_PX
    lift = int(size * 1.8)  # the first row's panel titles sit between the plots and the figure title
    margin["t"] += lift
    return _figure(data, layout, title, height or int(body_px + margin["t"] + margin["b"]), presenter, margin, lift)


@memoised
def line_rows(
    x_labels: Sequence[str],
    rows: Sequence[tuple[str, Sequence[float]]],
    *,
    title: str = "",
    y_title: str = "",
    y_range: tuple[float, float] | None = None,
    presenter: bool = False,
    height: int = 300,
    width_px: float = theme.HALF_WIDTH_PX,
    room: float | None = None,
) -> go.Figure:
    """Each row (name, values over the same labels) as markers and lines, e.g. mean and std per word.
    `y_range`: the lowest and highest the rows reach (e.g. over every T): a fixed value axis around it.
    Laid out for `width_px`: labels that would overlap are thinned to every k-th (hover names every one), the
    markers shrink with the space a word has, and the legend's rows are counted at that width."""
    n = len(x_labels)
    width_px = _room_width(width_px, presenter, room)  # presenter mode: the page's measured width
    size, angle, margin, step_px, shown, tick_size = _column_labels(x_labels, title, y_title, width_px, presenter)
    marker = round(min(9.0, max(4.0, step_px * 0.45)), 1)
    data = [{
        "type": "scatter", "x": list(range(n)), "y": list(vals), "name": name, "mode": "lines+markers",
        "line": {"color": color, "dash": dash}, "marker": {"symbol": symbol, "size": marker},
        "customdata": list(x_labels), "hovertemplate": f"{plain(name)}<br>%{{customdata}}: %{{y:.3f}}<extra></extra>",
    } for (name, vals), color, dash, symbol in zip(rows, _cycle(theme.SERIES, len(rows)),
                                                   _cycle(theme.DASHES, len(rows)), _cycle(theme.SYMBOLS, len(rows)))]
    layout = {
        # the words sit at 0 … n−1 on a numeric axis: no zero line there (it ran through the first word like a mark)
        "xaxis": {"tickmode": "array", "tickvals": [list(x_labels).index(x) for x in shown], "ticktext": list(shown),
                  "tickangle": angle, "tickfont": {"size": tick_size}, "range": [-0.5, n - 0.5],
                  "zeroline": False, "showgrid": False},
        "yaxis": {"title": {"text": y_title}, "gridcolor": _GRID, "zeroline": True, "zerolinecolor": "#999",
                  **({"range": _padded(*y_range)} if y_range else {})},
        "legend": BOTTOM_LEGEND,
    }
    margin["b"] += legend_px([name for name, _ in rows], size, width_px=width_px - 2 * theme.EDGE_PX)
    return _figure(data, layout, title, height, presenter, margin)


def _padded(lo: float, hi: float) -> list[float]:
    """[lo, hi] with room for the markers: a twentieth of the span (or 0.5 when it is one value) each side."""
    pad = 0.05 * (hi - lo) if hi > lo else 0.5
    return [lo - pad, hi + pad]


@memoised
def bars_grid(
    panels: Sequence[tuple[str, Sequence[float]]],
    labels: Sequence[str],
    *,
    title: str = "",
    y_range: tuple[float, float] = (0.0, 1.0),
    decimals: int = 2,
    highlight: int | None = None,
    presenter: bool = False,
    height: int = 300,
) -> go.Figure:
    """Small bar charts side by side over the same labels and y range: panels of (panel title, values)."""
    size = _font_size(presenter)
    small = _small(size, presenter)
    colors = [theme.QUERY_COLOR if i == highlight else theme.KEY_COLOR for i in range(len(labels))]
    angle = theme.TICK_ANGLE if len(labels) * len(panels) > 12 else 0
    x_domains = _domains(len(panels), 0.02)
    data, layout, notes = [], {}, []
    for c, (name, vals) in enumerate(panels):
        xa, ya = _grid_axes(layout, c, x_domains[c], [0.0, 1.0])
        data.append({
            "type": "bar", "x": list(range(len(labels))), "y": list(vals), "xaxis": xa, "yaxis": ya,
            "marker": {"color": colors}, "customdata": list(labels), "showlegend": False,
            "hovertemplate": f"{plain(name)}<br>%{{customdata}}: %{{y:.3f}}<extra></extra>",
            **_bar_values(decimals, show=len(labels) <= 6),
        })
        layout[f"xaxis{xa[1:]}"].update(tickmode="array", tickvals=list(range(len(labels))), ticktext=list(labels),
                                        tickangle=angle)
        layout[f"yaxis{ya[1:]}"].update(range=list(y_range), gridcolor=_GRID, showticklabels=c == 0,
                                        **({"matches": "y"} if c else {}))
        notes.append(_panel_title(name, x_domains[c], 1.0, size))
    layout["annotations"] = notes
    layout["font"] = {"family": theme.FONT_FAMILY, "size": small}
    margin = _margins(small, title, rows=("0.0",), bottom=labels, bottom_angle=angle)
    lift = int(size * 1.8) + small  # the panel titles, and the values printed above the bars
    margin["t"] += lift
    return _figure(data, layout, title, height, presenter, margin, lift)


@memoised
def training_curves(
    loss_steps: Sequence[int],
    losses: Sequence[float],
    measure_steps: Sequence[int],
    measures: dict[str, Sequence[float]],
    *,
    title: str = "",
    x_title: str = "",
    loss_name: str = "loss",
    loss_title: str = "",
    measure_title: str = "",
    presenter: bool = False,
    height: int = 330,
) -> go.Figure:
    """A training run: the loss against the step (left axis) and measures in 0–1 (right axis)."""
    data = [{
        "type": "scatter", "x": list(loss_steps), "y": list(losses), "mode": "lines", "name": loss_name,
        "line": {"color": theme.TRUTH_COLOR, "width": 2},
        "hovertemplate": f"{loss_name}<br>%{{x}} → %{{y:.4f}}<extra></extra>",
    }]
    # each measure has its own dash and marker as well as its colour (WCAG 1.4.1): the loss is the solid line
    dashes = [d for d in theme.DASHES if d != "solid"] or list(theme.DASHES)
    for (name, values), color, dash, symbol in zip(measures.items(), _cycle(theme.SERIES, len(measures)),
                                                   _cycle(dashes, len(measures)),
                                                   _cycle(theme.SYMBOLS, len(measures))):
        data.append({
            "type": "scatter", "x": list(measure_steps), "y": list(values), "mode": "lines+markers", "name": name,
            "yaxis": "y2", "line": {"color": color, "width": 2, "dash": dash}, "marker": {"size": 6, "symbol": symbol},
            "hovertemplate": f"{name}<br>%{{x}} → %{{y:.3f}}<extra></extra>",
        })
    top = max([*losses, 0.0]) or 1.0
    layout = {
        "xaxis": {"title": {"text": x_title}, "gridcolor": _GRID, "rangemode": "tozero"},
        "yaxis": {"title": {"text": loss_title}, "gridcolor": _GRID, "range": [0, top * 1.05]},
        "yaxis2": {"title": {"text": measure_title}, "overlaying": "y", "side": "right", "range": [0, 1.02],
                   "showgrid": False, "tickmode": "array", "tickvals": [0, 0.2, 0.4, 0.6, 0.8, 1.0]},
        "legend": BOTTOM_LEGEND,
    }
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("0.00",), y_title=loss_title, bottom=("1",), x_title_bottom=x_title)
    margin["r"] = int(12 + text_width("0.0", size) + size * 1.8)
    margin["b"] += legend_px([loss_name, *measures], size, width_px=260)  # a half-width chart's legend
    return _figure(data, layout, title, height, presenter, margin)


def box_column(fig: go.Figure, col: int, color: str) -> go.Figure:
    """A copy of `fig` (a category-axis heatmap) with column `col` outlined, e.g. the looked-at emotion axis."""
    spec = copied(spec_of(fig))  # figures are shared (memoised): never change one
    layout = spec["layout"]
    layout["shapes"] = [*(layout.get("shapes") or ()), *(  # over a halo, as a mark
        {"type": "rect", "xref": "x", "yref": "y domain", "x0": col - 0.5, "x1": col + 0.5, "y0": 0, "y1": 1,
         "line": line, "fillcolor": "rgba(0,0,0,0)"}
        for line in ({"color": theme.MARK_HALO_COLOR, "width": 7}, {"color": color, "width": 3}))]
    return Figure(spec)


@memoised
def replay_heatmap(
    frames: Sequence[np.ndarray],
    names: Sequence[str],
    row_axis: Axis,
    col_axis: Axis,
    *,
    title: str = "",
    buttons: tuple[str, str, str] = ("▶", "⏸", "⏮"),
    prefix: str = "",
    box_col: int | None = None,
    presenter: bool = False,
    frame_ms: int = 120,
) -> go.Figure:
    """One heatmap per frame (a diverging scale fixed over all frames), with play, pause, rewind and a slider.

    The animation runs in the browser (Plotly frames): no script run while it plays. Frame 0 is shown first.
    """
    frames = [np.asarray(f, dtype=float) for f in frames]
    names = [str(n) for n in names]
    base = heatmap(frames[0], row_axis, col_axis, title=title, presenter=presenter)
    fig = copied(base.spec)  # the builder's own dict, shared: copied before it is changed
    top = max(float(np.max(np.abs(f))) for f in frames) or 1.0
    fig["data"][0].update(z=frames[0], zmin=-top, zmax=top)
    fig["frames"] = [{"name": name, "data": [{"type": "heatmap", "z": z}], "traces": [0]}
                     for name, z in zip(names, frames)]
    still = {"mode": "immediate", "frame": {"duration": 0, "redraw": True}, "transition": {"duration": 0}}
    play, pause, rewind = buttons
    size = _font_size(presenter)
    layout = fig["layout"]
    extra = int(size * 9)
    below = layout["margin"]["b"]  # the tick labels' room under the plot; the controls go under that
    layout["margin"]["b"] += extra
    _grown(layout, layout["height"] + extra)
    y = -below / (layout["height"] - layout["margin"]["t"] - layout["margin"]["b"])  # in plot fractions
    layout["updatemenus"] = [{
        "type": "buttons", "direction": "left", "showactive": False, "x": 0, "xanchor": "left", "y": y,
        "yanchor": "top", "pad": {"t": 8, "l": 0},
        "buttons": [
            {"label": play, "method": "animate",
             "args": [None, {"fromcurrent": True, "frame": {"duration": frame_ms, "redraw": True},
                             "transition": {"duration": 0}}]},
            {"label": pause, "method": "animate", "args": [[None], still]},
            {"label": rewind, "method": "animate", "args": [[names[0]], still]},
        ],
    }]
    layout["sliders"] = [{
        "active": 0, "x": 0.0, "len": 1.0, "y": y, "yanchor": "top", "pad": {"t": 44},
        "currentvalue": {"prefix": prefix, "font": {"size": size}},
        "steps": [{"label": name, "method": "animate", "args": [[name], still]} for name in names],
    }]
    if box_col is not None:
        layout.setdefault("shapes", []).append({
            "type": "rect", "xref": "x", "yref": "y domain", "x0": box_col - 0.5, "x1": box_col + 0.5, "y0": 0,
            "y1": 1, "line": {"color": theme.KEY_COLOR, "width": 3}, "fillcolor": "rgba(0,0,0,0)"})
    return Figure(fig)


PLAYER_HEATMAP_SHARE = 0.58  # of the player's width, beside its curve


@memoised
def temperature_player(
    weights: Sequence[np.ndarray],
    temps: Sequence[float],
    entropy: Sequence[float],
    row_axis: Axis,
    col_axis: Axis,
    *,
    title: str = "",
    curve_title: str = "",
    curve_x_title: str = "T",
    buttons: tuple[str, str] = ("▶ T", "■"),
    prefix: str = "T = ",
    presenter: bool = False,
    frame_ms: int = 350,
    width_px: float = theme.FULL_WIDTH_PX,
) -> go.Figure:
    """The attention weights at every T (one frame each) beside their mean entropy over T, with a marker on the
    frame's T; ▶ plays every T in order, ⏸ stops, the slider picks one.

    Everything runs in the browser (Plotly frames and animation): no script run while it plays, and the app's T
    is not touched. The frames are the given matrices as they are (computed by the app's softmax). Frame 0 shows
    first, so the figure does not depend on the current T and is not re-sent when T changes. `width_px`: the width
    the chart gets; the heatmap is laid out for its share of it (its cell numbers and tick labels fitted there), and
    on a narrow screen (a phone) the curve goes under the heatmap instead of beside it.
    """
    weights = [np.asarray(w, dtype=float) for w in weights]
    temps = [float(t) for t in temps]
    entropy = [float(h) for h in entropy]
    if not (len(weights) == len(temps) == len(entropy)) or not temps:
        raise ValueError("one matrix and one entropy per T")
    names = [f"{t:g}" for t in temps]
    stacked = width_px < theme.PLAYER_SIDE_BY_SIDE_PX
    share = 1.0 if stacked else PLAYER_HEATMAP_SHARE
    base = heatmap(weights[0], row_axis, col_axis, title=title, kind="weights", presenter=presenter, show_scale=False,
                   width_px=width_px * share)
    fig = copied(base.spec)  # the builder's own dict, shared: copied before it is changed
    size = _font_size(presenter)
    layout = fig["layout"]
    span = [float(np.log10(min(temps) / 1.3)), float(np.log10(max(temps) * 1.3))]  # room for the marker at the ends
    layout["xaxis2"] = {"type": "log", "anchor": "y2", "title": {"text": curve_x_title}, "range": span,
                        "tickvals": [0.1, 1, 10], "ticktext": ["0.1", "1", "10"], "showgrid": True}
    layout["yaxis2"] = {"anchor": "x2", "rangemode": "tozero", "title": {"text": curve_title}}
    if stacked:  # the curve under the heatmap: below the heatmap's own tick labels and axis title, then its own
        margin = layout["margin"]
        heat_area = layout["height"] - margin["t"] - margin["b"]
        curve_px = int(size * theme.PLAYER_CURVE_EM)
        below_heat = margin["b"] + int(size * 2)  # the heatmap's tick labels and x title, then a gap: between
        curve_below = int(size * 5)  # the curve's ticks and x title
        area = heat_area + below_heat + curve_px
        layout["yaxis"]["domain"] = [(below_heat + curve_px) / area, 1.0]
        layout["xaxis2"]["domain"], layout["yaxis2"]["domain"] = [0.0, 1.0], [0.0, curve_px / area]
        margin["b"] = curve_below
        _grown(layout, margin["t"] + area + margin["b"])
    else:
        layout["xaxis"]["domain"] = [0.0, share]
        layout["xaxis2"]["domain"] = [share + 0.12, 1.0]
    fig["data"] = [fig["data"][0],  # the heatmap (trace 0) and the entropy curve with its marker (traces 1, 2)
                   {"type": "scatter", "x": temps, "y": entropy, "xaxis": "x2", "yaxis": "y2", "mode": "lines",
                    "line": {"color": theme.NEUTRAL_COLOR, "width": 2}, "hoverinfo": "skip", "showlegend": False},
                   {"type": "scatter", "x": [temps[0]], "y": [entropy[0]], "xaxis": "x2", "yaxis": "y2",
                    "mode": "markers", "marker": {"size": 14, "color": theme.QUERY_COLOR}, "showlegend": False,
                    "hovertemplate": "T = %{x:g}<br>H = %{y:.3f}<extra></extra>"}]
    fig["frames"] = [{"name": name, "traces": [0, 2],
                      "data": [{"type": "heatmap", "z": w}, {"type": "scatter", "x": [t], "y": [h]}]}
                     for name, w, t, h in zip(names, weights, temps, entropy)]
    still = {"mode": "immediate", "frame": {"duration": 0, "redraw": True}, "transition": {"duration": 0}}
    play, pause = buttons
    extra = int(size * 8)
    below = layout["margin"]["b"]
    layout["margin"]["b"] += extra
    _grown(layout, layout["height"] + extra)
    y = -below / (layout["height"] - layout["margin"]["t"] - layout["margin"]["b"])
    layout["updatemenus"] = [{
        "type": "buttons", "direction": "left", "showactive": False, "x": 0, "xanchor": "left", "y": y,
        "yanchor": "top", "pad": {"t": 8, "l": 0},
        "buttons": [
            {"label": play, "method": "animate",
             "args": [names, {"mode": "immediate", "frame": {"duration": frame_ms, "redraw": True},
                              "transition": {"duration": 0}}]},
            {"label": pause, "method": "animate", "args": [[None], still]},
        ],
    }]
    layout["sliders"] = [{
        "active": 0, "x": 0.0, "len": 1.0, "y": y, "yanchor": "top", "pad": {"t": 44},
        "currentvalue": {"prefix": prefix, "font": {"size": size}},
        "steps": [{"label": name, "method": "animate", "args": [[name], still]} for name in names],
    }]
    return Figure(fig)
