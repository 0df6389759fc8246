"""Layout shared by every builder: font sizes, margins fitted to the labels, the title, the toolbar, and `_figure`,
which turns a builder's traces and layout into the `Figure`."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from .. import theme
from . import spec
from .memo import Figure, spec_of
from .text import _escape_labels, plain, text_width, thinned, wrap

# The builders a page calls through `page.fig` (ui.frame.Charts), which binds the presenter styling once.
BUILDERS = frozenset({
    "heatmap", "bars", "grouped_bars", "curves", "arrows", "stacked_contributions", "weight_lines", "heatmap_grid",
    "line_rows", "bars_grid", "training_curves", "replay_heatmap", "temperature_player",
})
BOTTOM_LEGEND = {"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom", "x": 0, "xanchor": "left"}
_GRID = "#eee"


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
    title_lift: float = 0, title_px: float | None = None, chart: dict | None = None,
) -> go.Figure:
    """Fonts, size, margins and the title (placed `title_lift` px above the plot area's top, wrapped to `title_px`,
    by default a half-width chart's), then the Figure, with `chart` (what it shows: spec.py) in `layout.meta`. A
    title that prints T (`spec.at_t`) is followed by the T control: its template goes in the chart's `t`."""
    size = _font_size(presenter)
    _escape_labels(data, layout)
    title_px = (title_px or _room_width(theme.TITLE_WIDTH_PX, presenter)) - theme.MODEBAR_PX  # the toolbar's corner
    shown = wrap(plain(title), size + 2, max_px=title_px)
    if chart is not None:
        chart = {"v": spec.VERSION, **chart}
        if isinstance(title, spec.AtT):
            t = chart.setdefault("t", {})
            t["title"] = spec.template_in(shown, title, plain)
            if title.pair is not None:  # its words as the title draws them
                t["pair"] = {**title.pair, "labels": [plain(w) for w in title.pair["labels"]]}
        layout.setdefault("meta", {})["chart"] = chart
    title = shown
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


def _bar_values(decimals: int, show: bool = True) -> dict:
    return {"texttemplate": f"%{{y:.{decimals}f}}", "textposition": "outside", "cliponaxis": False} if show else {}
