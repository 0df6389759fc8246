"""A chart's text alternative, made from the figure's own data: its accessible name and its numbers as tables.

`describe(fig, lang)` reads what a Plotly figure draws (heatmap z/x/y, bar and line traces, the text of
labelled points, the fixed hover text of single lines) and returns a `Description`: a one-sentence name that
says what the chart shows and its most important numbers, in the UI language, and the same numbers as
`Table`s with row and column headers. `table_html` writes a table as HTML (<caption>, <th scope>) that
screen readers can walk cell by cell. Pages never write any of this: `Page.chart` calls it for every figure.

No Streamlit and no Plotly import: a figure is read through `to_plotly_json()` (or given as that dict).
"""

from __future__ import annotations

import base64
import functools
import html
import re
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from . import theme
from .analysis import winners
from .i18n import text

NAME_ROWS = 8  # the name lists the largest cell of at most this many rows, then "… and k more"
NAME_ITEMS = 3  # bars and points: this many of the largest in the name
_TAG = re.compile(r"<[^>]+>")
_FORMAT = re.compile(r"%\{z:\.(\d+)f\}")


@dataclass(frozen=True)
class Table:
    """One matrix or series of a chart: a caption, the corner header, row and column headers, formatted cells."""

    caption: str
    corner: str
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]  # cells[i][j] belongs to rows[i] and cols[j]


class Description:
    """A chart's accessible name, and its tables, made only when first asked for (a closed switch needs none)."""

    def __init__(self, name: str, make_tables: Callable[[], tuple[Table, ...]]) -> None:
        self.name = name
        self._make_tables = make_tables

    @functools.cached_property
    def tables(self) -> tuple[Table, ...]:
        return self._make_tables()


def plain(label: object) -> str:
    """A Plotly label as text: <br> becomes a space, other tags go."""
    return " ".join(_TAG.sub("", str(label).replace("<br>", " ")).split())


def _title(obj: object) -> str:
    if isinstance(obj, dict):
        return plain(obj.get("text") or "")
    return plain(obj or "")


def _num(v: object, decimals: int = 2) -> str:
    if v is None:
        return ""
    try:
        f = float(v)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return plain(v)
    if not np.isfinite(f):
        return ""
    if f != int(f) or decimals:
        return fixed(f, decimals)
    return f"{int(f)}"


def fixed(f: float, decimals: int) -> str:
    """`f` to `decimals` places with a true minus sign; a number that prints as zero prints "0.00", never "−0.00"
    (the chart beside it prints 0.00: a tiny negative, or −0.0)."""
    out = f"{f:.{decimals}f}"
    if float(out) == 0:
        out = f"{0.0:.{decimals}f}"
    return out.replace("-", "−")


def _is_mask(trace: dict) -> bool:
    """The grey overlay a heatmap draws over masked cells (one colour at both ends of its scale)."""
    scale = trace.get("colorscale")
    return (isinstance(scale, (list, tuple)) and len(scale) > 0
            and all(isinstance(s, (list, tuple)) and s[1] == theme.MASKED_COLOR for s in scale))


def _axis_title(layout: dict, trace: dict, which: str) -> str:
    ref = trace.get(f"{which}axis") or which
    key = f"{which}axis" + ref[1:]
    return _title((layout.get(key) or {}).get("title"))


def _ticks(layout: dict, trace: dict, which: str, values) -> list[str]:
    """What the axis writes for each value: its ticktext where the axis maps tickvals to text."""
    ref = trace.get(f"{which}axis") or which
    axis = layout.get(f"{which}axis" + ref[1:]) or {}
    names = dict(zip(map(_key, axis.get("tickvals") or ()), axis.get("ticktext") or ()))
    return [plain(names[_key(v)]) if _key(v) in names else _label(v) for v in values]


def _key(v: object) -> object:
    try:
        return round(float(v), 9)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(v)


def _label(v: object) -> str:
    return f"{v:.3g}" if isinstance(v, (float, np.floating)) else plain(v)


def _panel_titles(layout: dict) -> list[str]:
    """Subplot titles: annotations written above the plot area (paper-referenced), in order."""
    return [plain(a.get("text", "")) for a in layout.get("annotations") or ()
            if a.get("xref", "paper") == "paper" and a.get("yref", "paper") == "paper" and a.get("text")]


def _heatmap_table(trace: dict, layout: dict, mask: dict | None, caption: str, corner: str,
                   lang: str, with_cells: bool) -> tuple[Table, str]:
    """The matrix as a table (masked cells say so) and the name's "largest per row" over its open cells."""
    z = np.asarray(trace.get("z"), dtype=float)
    if z.ndim == 1:
        z = z[None, :]
    n_rows, n_cols = z.shape
    xs = _ticks(layout, trace, "x", trace.get("x") if trace.get("x") is not None else range(n_cols))[:n_cols]
    ys = _ticks(layout, trace, "y", trace.get("y") if trace.get("y") is not None else range(n_rows))[:n_rows]
    found = _FORMAT.search(str(trace.get("texttemplate") or ""))
    decimals = int(found.group(1)) if found else 2
    hidden = np.zeros(z.shape, dtype=bool)
    if mask is not None:
        mz = np.asarray(mask.get("z"), dtype=float)
        if mz.shape == z.shape:
            hidden = np.isfinite(mz)
    masked = f"{theme.MASKED_SYMBOL} {text(lang, 'a11y.masked')}"
    cells = () if not with_cells else tuple(
        tuple(masked if h else "" if not np.isfinite(v) else fixed(v, decimals) for v, h in zip(row, hid))
        for row, hid in zip(z.tolist(), hidden.tolist()))
    open_z = np.where(hidden | ~np.isfinite(z), -np.inf, z)
    items = []
    for i, row in enumerate(open_z):  # each row's largest open cell; on a tie every tied column is named
        top = row.max(initial=-np.inf)
        if np.isfinite(top):
            tied = [xs[j] for _, j in winners(row[None, :])]  # the app's tie rule: the same as printed, or within tol
            items.append(f"{ys[i]} → {', '.join(map(str, tied))} {_num(top)}")
    return Table(caption, corner, tuple(ys), tuple(xs), cells), _listed(items, NAME_ROWS, lang)


def _is_number(cell: str) -> bool:
    try:
        float(cell.replace("−", "-"))
    except ValueError:
        return False
    return True


def _listed(items: Sequence[str], limit: int, lang: str) -> str:
    shown = ", ".join(items[:limit])
    if len(items) > limit:
        shown += " " + text(lang, "a11y.more", n=len(items) - limit)
    return shown


def _hover_text(trace: dict) -> str:
    """A single line's fixed hover text (no %{…} placeholders), e.g. "슬픈 → 장면이었다: 0.120"."""
    template = trace.get("hovertemplate")
    if not isinstance(template, str) or "%{" in template:
        return ""
    return plain(template.split("<extra>")[0])


def _series(traces: list[dict], layout: dict, panels: list[str], lang: str) -> tuple[Table, list[str]]:
    """Bars and lines as one table: rows = the categories or x values, one column per trace."""
    rows: list[str] = []
    cols: list[str] = []
    columns: list[dict[str, str]] = []
    for k, tr in enumerate(traces):
        horizontal = tr.get("orientation") == "h"
        cats = tr.get("y" if horizontal else "x")
        vals = tr.get("x" if horizontal else "y")
        if vals is None:
            continue
        vals = list(np.asarray(vals, dtype=object).ravel())
        cats = list(range(1, len(vals) + 1)) if cats is None else list(np.asarray(cats, dtype=object).ravel())
        name = plain(tr.get("name") or "")
        if not name:
            name = (panels[k] if len(panels) >= len(traces)
                    else _axis_title(layout, tr, "y") or text(lang, "a11y.value"))
        col: dict[str, str] = {}
        for label, v in zip(_ticks(layout, tr, "x" if not horizontal else "y", cats), vals):
            if label not in rows:
                rows.append(label)
            col[label] = _num(v)
        cols.append(name if name not in cols else f"{name} ({len(cols) + 1})")
        columns.append(col)
    cells = tuple(tuple(col.get(r, "") for col in columns) for r in rows)
    corner = _axis_title(layout, traces[0], "x") if traces else ""
    return Table("", corner or text(lang, "a11y.label"), tuple(rows), tuple(cols), cells), cols


def decoded(obj):
    """Plotly's typed-array specs ({"dtype": "f8", "bdata": <base64>, "shape": "4, 4"}) as numpy arrays."""
    if isinstance(obj, dict):
        if "bdata" in obj and "dtype" in obj:
            arr = np.frombuffer(base64.b64decode(obj["bdata"]), dtype=np.dtype(obj["dtype"]))
            shape = obj.get("shape")
            return arr.reshape([int(n) for n in str(shape).split(",")]) if shape else arr
        return {k: decoded(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [decoded(v) for v in obj]
    return obj


_MEMO: dict[tuple[int, str], tuple[weakref.ref, Description]] = {}
_MEMO_LOCK = threading.Lock()


def describe(fig, lang: str) -> Description:
    """The accessible name and the tables of a Plotly figure (a go.Figure or its `to_plotly_json()` dict).

    Figures are memoised and shared (figures.memoised): a figure seen before is described once per language,
    for as long as it lives. A figure is never changed once built, so its description does not go stale.
    """
    if isinstance(fig, dict):
        return _describe(fig, lang)
    # a chart sent with the T control's inputs is described by its shared figure: it differs only in layout.meta,
    # which no description reads
    fig = getattr(fig, "source", fig)
    key = (id(fig), lang)
    with _MEMO_LOCK:
        hit = _MEMO.get(key)
    if hit is not None and hit[0]() is fig:
        return hit[1]
    described = _describe(fig, lang)
    with _MEMO_LOCK:
        for k in [k for k, (ref, _) in _MEMO.items() if ref() is None]:
            del _MEMO[k]
        _MEMO[key] = (weakref.ref(fig), described)
    return described


def _describe(fig, lang: str) -> Description:
    spec = _spec(fig)
    name, _ = _read(spec, lang, with_cells=False)
    return Description(name, lambda: _read(spec, lang, with_cells=True)[1])


def visible_title(fig) -> str:
    """A figure's title as the page shows it, as plain text ("" when it has none): what names a chart where the
    lecturer picks what a scene's caption is about."""
    fig = getattr(fig, "source", fig)
    spec = getattr(fig, "unbuilt_spec", None)
    if spec is None and isinstance(fig, dict):
        spec = fig
    title = (spec.get("layout") or {}).get("title") if spec is not None else {"text": fig.layout.title.text}
    return html.unescape(_title(title))


def _spec(fig) -> dict:
    """The figure's data and layout as plain dicts with numpy arrays."""
    fig = getattr(fig, "unbuilt_spec", None) or fig  # figures.Figure: the dict its builder wrote
    return decoded({"data": list(fig.get("data") or ()), "layout": fig.get("layout") or {}} if isinstance(fig, dict)
                   else {"data": [tr.to_plotly_json() for tr in fig.data], "layout": fig.layout.to_plotly_json()})


def _read(spec: dict, lang: str, with_cells: bool) -> tuple[str, tuple[Table, ...]]:
    """The name and the tables (a heatmap's cells formatted only `with_cells`; the name never needs them)."""
    data: list[dict] = list(spec.get("data") or ())
    layout: dict = dict(spec.get("layout") or {})
    title = _title(layout.get("title"))
    panels = _panel_titles(layout)
    parts: list[str] = []
    tables: list[Table] = []
    summaries: list[str] = []

    heatmaps = [tr for tr in data if tr.get("type") == "heatmap" and not _is_mask(tr)]
    masks = [tr for tr in data if tr.get("type") == "heatmap" and _is_mask(tr)]
    if heatmaps:
        for k, tr in enumerate(heatmaps):
            caption = panels[k] if len(heatmaps) > 1 and len(panels) >= len(heatmaps) else (
                title if len(heatmaps) == 1 else f"{title} ({k + 1})")
            corner = " / ".join(t for t in (_axis_title(layout, tr, "y"), _axis_title(layout, tr, "x")) if t)
            mask = next((m for m in masks if (m.get("xaxis") or "x") == (tr.get("xaxis") or "x")), None)
            table, largest = _heatmap_table(tr, layout, mask, caption, corner, lang, with_cells)
            sums = [s for s in data if s.get("type") == "scatter" and s.get("mode") == "text"
                    and (s.get("xaxis") or "x") == (tr.get("xaxis") or "x") and s.get("text") is not None
                    and len(set(map(str, s.get("x") or ()))) == 1 and len(s.get("text")) == len(table.rows)]
            summaries.append(largest)
            if sums and with_cells:  # the row sums written right of a weights matrix
                sigma = plain((sums[0].get("x") or ["Σ"])[0])
                table = Table(table.caption, table.corner, table.rows, (*table.cols, sigma),
                              tuple((*row, plain(s)) for row, s in zip(table.cells, sums[0]["text"])))
            tables.append(table)
        if len(tables) == 1:
            t0 = tables[0]
            parts.append(text(lang, "a11y.matrix", rows=len(t0.rows), cols=len(heatmaps[0].get("z")[0])
                              if np.ndim(heatmaps[0].get("z")) == 2 else len(t0.cols)))
            if t0.corner:
                parts.append(t0.corner)
            parts.append(text(lang, "a11y.largest_per_row", cells=summaries[0]))
        else:
            names = [f"{t.caption} ({len(t.rows)} × {len(np.atleast_2d(tr.get('z'))[0])})"
                     for t, tr in zip(tables, heatmaps)]
            parts.append(text(lang, "a11y.panels", n=len(tables), names=_listed(names, NAME_ROWS, lang)))
        # cells marked on the matrix (the picked cell, a guess, the winners): rings anchored at a cell's index
        cols, rows = list(heatmaps[0].get("x") or ()), list(heatmaps[0].get("y") or ())
        marked: dict[str, list[str]] = {}
        for shape in layout.get("shapes") or ():
            i, j = shape.get("yanchor"), shape.get("xanchor")
            if not (shape.get("name") and isinstance(i, (int, float)) and isinstance(j, (int, float))):
                continue
            i, j = int(i), int(j)
            if 0 <= i < len(rows) and 0 <= j < len(cols):
                marked.setdefault(plain(shape["name"]), []).append(f"{plain(rows[i])} → {plain(cols[j])}")
        parts.extend(f"{mark}: {', '.join(cells)}" for mark, cells in marked.items())
    else:
        bars = [tr for tr in data if tr.get("type") == "bar"]
        lines = [tr for tr in data if tr.get("type") == "scatter" and tr.get("hoverinfo") != "skip"
                 and tr.get("mode") != "text" and tr.get("y") is not None
                 and not any(v is None for v in tr.get("x") or ()) and not _hover_text(tr)
                 and not _is_arrow(tr)]
        if bars:
            table, _ = _series(bars, layout, panels, lang)
            tables.append(Table(title, table.corner, table.rows, table.cols, table.cells))
            parts.append(text(lang, "a11y.bars", n=sum(len(r) for r in table.cells if r)))
            for j, col in enumerate(table.cols[:NAME_ITEMS + 1]):
                values = sorted(((float(r[j].replace("−", "-")), table.rows[i]) for i, r in enumerate(table.cells)
                                 if _is_number(r[j])), reverse=True)
                if not values:
                    continue
                top = ", ".join(f"{w} {_num(v)}" for v, w in values[:NAME_ITEMS])
                head = f"{col}: " if len(table.cols) > 1 else ""
                parts.append(head + text(lang, "a11y.largest", items=top) + "; "
                             + text(lang, "a11y.smallest", item=f"{values[-1][1]} {_num(values[-1][0])}"))
        elif lines:
            table, _ = _series(lines, layout, panels, lang)
            tables.append(Table(title, table.corner, table.rows, table.cols, table.cells))
            x_name = table.corner
            parts.append(text(lang, "a11y.lines", n=len(table.cols), x=x_name,
                              first=table.rows[0] if table.rows else "", last=table.rows[-1] if table.rows else ""))
            for j, col in enumerate(table.cols):
                values = [(i, float(r[j].replace("−", "-"))) for i, r in enumerate(table.cells) if _is_number(r[j])]
                if not values:
                    continue
                top_i, top = max(values, key=lambda p: p[1])
                parts.append(text(lang, "a11y.line", name=col, start=_num(values[0][1]), end=_num(values[-1][1]),
                                  top=_num(top), x=x_name, at=table.rows[top_i]))
        points = _points(data, layout)
        if points is not None:
            tables.append(Table(title, points.corner, points.rows, points.cols, points.cells))
            items = [f"{r} ({', '.join(c)})" for r, c in zip(points.rows, points.cells)]
            parts.append(text(lang, "a11y.points", n=len(items), items=_listed(items, NAME_ROWS, lang)))
        fixed = [h for h in map(_hover_text, data) if h]
        if fixed:
            tables.append(Table(title, text(lang, "a11y.label"), tuple(str(k + 1) for k in range(len(fixed))),
                                (text(lang, "a11y.value"),), tuple((h,) for h in fixed)))
            parts.append(_listed(fixed, NAME_ROWS, lang))
    head = title or text(lang, "a11y.chart")
    return (". ".join([head, "; ".join(p for p in parts if p)]) if parts else head), tuple(tables)


def _is_arrow(trace: dict) -> bool:
    symbol = (trace.get("marker") or {}).get("symbol")
    return isinstance(symbol, (list, tuple)) and "arrow" in symbol


def _points(data: list[dict], layout: dict) -> Table | None:
    """Arrows' tips with their labels: rows = labels, columns = the two axes."""
    rows: list[str] = []
    cells: list[tuple[str, str]] = []
    x_title = y_title = ""
    for tr in data:
        if tr.get("type") != "scatter" or not _is_arrow(tr):
            continue
        x_title, y_title = _axis_title(layout, tr, "x"), _axis_title(layout, tr, "y")
        xs, ys, symbols = list(tr.get("x") or ()), list(tr.get("y") or ()), list(tr["marker"]["symbol"])
        tips = [k for k, s in enumerate(symbols) if s == "arrow" and k < len(xs) and xs[k] is not None]
        labels = _arrow_labels(data, tr, len(tips))
        for k, label in zip(tips, labels):
            rows.append(label)
            cells.append((_num(xs[k]), _num(ys[k])))
    if not rows:
        return None
    return Table("", "", tuple(rows), (x_title or "x", y_title or "y"), tuple(cells))


def _arrow_labels(data: list[dict], arrows: dict, n: int) -> list[str]:
    """The names of an arrow trace's tips: the text of the label trace drawn in its colour, else its name."""
    color = (arrows.get("line") or {}).get("color")
    for tr in data:
        if tr.get("mode") == "text" and (tr.get("textfont") or {}).get("color") == color and tr is not arrows:
            texts = [plain(t) for t in tr.get("text") or ()]
            if len(texts) >= n:
                return texts[:n]
    name = plain(arrows.get("name") or "")
    return [f"{name} {k + 1}" if n > 1 else name for k in range(n)]


def table_html(table: Table, lang: str, name: str | None = None,
               bars: Mapping[int, Sequence[float]] | None = None) -> str:
    """One table as HTML with a caption, column headers (scope="col") and row headers (scope="row"). `name`: the
    region's name when it is not the caption's; `bars`: column j → each row's share of 1, drawn as a bar behind the
    cell's number (theme.TABLE_BAR_COLOR, the style sheet's `td.attention-bar`)."""
    e = html.escape
    bars = bars or {}

    def cell(i: int, j: int, c: str) -> str:
        if j not in bars:
            return f"<td>{e(c)}</td>"
        return f'<td class="attention-bar" style="--w: {bars[j][i] * 100:.1f}%">{e(c)}</td>'

    head = "".join(f'<th scope="col">{e(c)}</th>' for c in table.cols)
    body = "".join(
        f'<tr><th scope="row">{e(r)}</th>' + "".join(cell(i, j, c) for j, c in enumerate(cells)) + "</tr>"
        for i, (r, cells) in enumerate(zip(table.rows, table.cells)))
    caption = f"<caption>{e(table.caption)}</caption>" if table.caption else ""
    # the box scrolls sideways where the table is wider than its column: a keyboard reaches it, and it is named
    # (WCAG 2.1.1; axe's scrollable-region-focusable)
    name = e(name or table.caption or table.corner or text(lang, "a11y.table_switch"))
    return (f'<div class="a11y-table" lang="{e(lang)}" tabindex="0" role="region" aria-label="{name}">'
            f'<table>{caption}<thead><tr><th scope="col">{e(table.corner)}'
            f"</th>{head}</tr></thead><tbody>{body}</tbody></table></div>")
