"""A chart's text alternative, made from the figure itself: its accessible name and its numbers as tables.

`describe(fig, lang)` reads what the figure's builder says it shows (its chart spec, `layout.meta["chart"]`, whose
shape attention_core/figures/spec.py documents: the matrices with their row and column labels and how their numbers
are printed, the series of bars or lines, the arrows' tips, fixed sentences, the marked cells) and the numbers of the
traces the spec names, and returns a `Description`: a one-sentence name that says what the chart shows and its most
important numbers, in the UI language, and the same numbers as `Table`s with row and column headers. `table_html`
writes a table as HTML (<caption>, <th scope>) that screen readers can walk cell by cell. Pages never write any of
this: `Page.chart` calls it for every figure. A figure without a chart spec is named by its title alone.

No Streamlit and no Plotly import: a figure is read through its dict (`to_plotly_json()`, or given as that dict).
"""

from __future__ import annotations

import base64
import functools
import html
import re
import threading
import weakref
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from . import theme
from .analysis import winners
from .i18n import text

NAME_ROWS = 8  # the name lists the largest cell of at most this many rows, then "… and k more"
NAME_ITEMS = 3  # bars and points: this many of the largest in the name
_TAG = re.compile(r"<[^>]+>")
CHART_SPEC = 1  # the version of the chart spec read here (figures.spec.VERSION)


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


def _chart(layout: dict) -> dict | None:
    """The figure's chart spec (figures/spec.py: what its builder says it shows), or None."""
    meta = layout.get("meta")
    chart = meta.get("chart") if isinstance(meta, dict) else None
    return chart if isinstance(chart, dict) and chart.get("v") == CHART_SPEC else None


def _label(v: object) -> str:
    return f"{v:.3g}" if isinstance(v, (float, np.floating)) else plain(v)


def _heatmap_table(z, rows: list[str], cols: list[str], mask, decimals: int, caption: str, corner: str,
                   lang: str, with_cells: bool) -> tuple[Table, str]:
    """The matrix as a table (masked cells say so) and the name's "largest per row" over its open cells."""
    z = np.asarray(z, dtype=float)
    if z.ndim == 1:
        z = z[None, :]
    n_rows, n_cols = z.shape
    xs, ys = cols[:n_cols], rows[:n_rows]
    hidden = np.zeros(z.shape, dtype=bool)
    if mask is not None:
        mz = np.asarray(mask, dtype=float)
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


def _series(part: dict, data: list[dict], lang: str) -> Table:
    """A bars or lines part as one table: rows = the categories, one column per series."""
    rows: list[str] = []
    cols: list[str] = []
    columns: list[dict[str, str]] = []
    for series in part["series"]:
        tr = data[series["trace"]]
        vals = tr.get(series["values"])
        if vals is None:
            continue
        vals = list(np.asarray(vals, dtype=object).ravel())
        if part.get("rows") is not None:
            labels = [plain(r) for r in part["rows"]]
        else:
            cats = tr.get("y" if series["values"] == "x" else "x")
            cats = list(range(1, len(vals) + 1)) if cats is None else list(np.asarray(cats, dtype=object).ravel())
            labels = [_label(c) for c in cats]
        name = plain(series.get("name") or "") or text(lang, "a11y.value")
        col: dict[str, str] = {}
        for label, v in zip(labels, vals):
            if label not in rows:
                rows.append(label)
            col[label] = _num(v, part.get("decimals", 2))
        cols.append(name if name not in cols else f"{name} ({len(cols) + 1})")
        columns.append(col)
    cells = tuple(tuple(col.get(r, "") for col in columns) for r in rows)
    corner = plain(part.get("corner") or "")
    return Table("", corner or text(lang, "a11y.label"), tuple(rows), tuple(cols), cells)


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
    """The name and the tables (a matrix's cells formatted only `with_cells`; the name never needs them), from what
    the figure's builder says it shows (its chart spec): a figure without one is named by its title alone."""
    data: list[dict] = list(spec.get("data") or ())
    layout: dict = dict(spec.get("layout") or {})
    title = _title(layout.get("title"))
    head = title or text(lang, "a11y.chart")
    chart = _chart(layout)
    if chart is None:
        return head, ()
    parts: list[str] = []
    tables: list[Table] = []
    matrices = [p for p in chart.get("parts") or () if p["kind"] == "matrix"]
    others = [p for p in chart.get("parts") or () if p["kind"] != "matrix"]
    if matrices:
        summaries: list[str] = []
        for k, part in enumerate(matrices):
            caption = plain(part["caption"]) if part.get("caption") is not None else (
                title if len(matrices) == 1 else f"{title} ({k + 1})")
            z = data[part["trace"]].get("z")
            mask = data[part["mask"]].get("z") if part.get("mask") is not None else None
            table, largest = _heatmap_table(z, [plain(r) for r in part["rows"]], [plain(c) for c in part["cols"]],
                                            mask, part["decimals"], caption, plain(part.get("corner") or ""), lang,
                                            with_cells)
            summaries.append(largest)
            if part.get("sums") is not None and with_cells:  # the row sums written right of a weights matrix
                sums = data[part["sums"]]
                sigma = plain((sums.get("x") or ["Σ"])[0])
                table = Table(table.caption, table.corner, table.rows, (*table.cols, sigma),
                              tuple((*row, plain(s)) for row, s in zip(table.cells, sums["text"])))
            tables.append(table)
        if len(tables) == 1:
            t0, z0 = tables[0], np.atleast_2d(data[matrices[0]["trace"]].get("z"))
            parts.append(text(lang, "a11y.matrix", rows=len(t0.rows), cols=z0.shape[1]))
            if t0.corner:
                parts.append(t0.corner)
            parts.append(text(lang, "a11y.largest_per_row", cells=summaries[0]))
        else:
            names = [f"{t.caption} ({len(t.rows)} × {np.atleast_2d(data[p['trace']].get('z')).shape[1]})"
                     for t, p in zip(tables, matrices)]
            parts.append(text(lang, "a11y.panels", n=len(tables), names=_listed(names, NAME_ROWS, lang)))
        # cells marked on the matrix (the picked cell, a guess, the winners)
        rows, cols = matrices[0]["rows"], matrices[0]["cols"]
        marked: dict[str, list[str]] = {}
        for name, i, j in chart.get("cells") or ():
            if 0 <= i < len(rows) and 0 <= j < len(cols):
                marked.setdefault(plain(name), []).append(f"{plain(rows[i])} → {plain(cols[j])}")
        parts.extend(f"{mark}: {', '.join(cells)}" for mark, cells in marked.items())
    else:
        bars = [p for p in others if p["kind"] == "bars"]
        lines = [p for p in others if p["kind"] == "lines"]
        if bars:
            table = _series(bars[0], data, lang)
            tables.append(Table(title, table.corner, table.rows, table.cols, table.cells))
            parts.append(text(lang, "a11y.bars", n=sum(len(r) for r in table.cells if r)))
            for j, col in enumerate(table.cols[:NAME_ITEMS + 1]):
                values = sorted(((float(r[j].replace("−", "-")), table.rows[i]) for i, r in enumerate(table.cells)
                                 if _is_number(r[j])), reverse=True)
                if not values:
                    continue
                top = ", ".join(f"{w} {_num(v)}" for v, w in values[:NAME_ITEMS])
                head_ = f"{col}: " if len(table.cols) > 1 else ""
                parts.append(head_ + text(lang, "a11y.largest", items=top) + "; "
                             + text(lang, "a11y.smallest", item=f"{values[-1][1]} {_num(values[-1][0])}"))
        elif lines:
            table = _series(lines[0], data, lang)
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
        for part in (p for p in others if p["kind"] == "points"):
            x_name, y_name = (plain(c) for c in part["cols"])
            points = Table(title, "", tuple(plain(r) for r in part["rows"]), (x_name or "x", y_name or "y"),
                           tuple((_num(x), _num(y)) for x, y in part["xy"]))
            tables.append(points)
            items = [f"{r} ({', '.join(c)})" for r, c in zip(points.rows, points.cells)]
            parts.append(text(lang, "a11y.points", n=len(items), items=_listed(items, NAME_ROWS, lang)))
        said = [plain(t) for p in others if p["kind"] == "texts" for t in p["texts"]]
        if said:
            tables.append(Table(title, text(lang, "a11y.label"), tuple(str(k + 1) for k in range(len(said))),
                                (text(lang, "a11y.value"),), tuple((h,) for h in said)))
            parts.append(_listed(said, NAME_ROWS, lang))
    return (". ".join([head, "; ".join(p for p in parts if p)]) if parts else head), tuple(tables)


def table_html(table: Table, lang: str, name: str | None = None,
               bars: Mapping[int, Sequence[float]] | None = None, marked: Collection[tuple[int, int]] = ()) -> str:
    """One table as HTML with a caption, column headers (scope="col") and row headers (scope="row"). `name`: the
    region's name when it is not the caption's; `bars`: column j → each row's share of 1, drawn as a bar behind the
    cell's number (theme.TABLE_BAR_COLOR, the style sheet's `td.attention-bar`); `marked`: the cells (i, j) shaded
    (the style sheet's `td.attention-marked`)."""
    e = html.escape
    bars = bars or {}

    def cell(i: int, j: int, c: str) -> str:
        if (i, j) in marked:
            return f'<td class="attention-marked">{e(c)}</td>'
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
