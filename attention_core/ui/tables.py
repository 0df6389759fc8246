"""Tables of numbers. `number_table`: Streamlit's data grid normally (sortable, scrollable), and in presenter mode an
HTML table whose text the presenter style sheet sets at the room's size (the grid draws on a canvas at its own
small size, which no style sheet reaches). `weight_path_table`: ②'s weight path, an HTML table in every mode, which
the T control redraws in the browser."""

from __future__ import annotations

import functools
import html
import json
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
import streamlit as st

from .. import analysis, theme
from ..accessible import Table, fixed, table_html
from ..i18n import text
from ..registry import LANGUAGES

T_TABLE_CLASS = "attention-t-table"  # a table the T control redraws in the browser (ui/web/tcontrol/control.js: tables)
PATH_DECIMALS = 3
WEIGHT_PATH_KEY = "table:weight-path"


def number_table(p, table: pd.DataFrame, decimals: Mapping[str, int] | None = None,
                 bars: Mapping[str, tuple[float, float]] | None = None) -> None:
    """`table` with column c printed to `decimals[c]` places; a column of `bars` (c → (lo, hi)) also draws each
    value as a bar on that scale (a weight's share of 1)."""
    decimals, bars = dict(decimals or {}), dict(bars or {})
    if not p.presenter:
        config = {c: st.column_config.NumberColumn(format=f"%.{d}f") for c, d in decimals.items()}
        for c, (lo, hi) in bars.items():
            config[c] = st.column_config.ProgressColumn(format=f"%.{decimals.get(c, 2)}f", min_value=lo, max_value=hi)
        st.dataframe(table, width="stretch", column_config=config)
        return
    styled = table.style.format({c: f"{{:.{d}f}}" for c, d in decimals.items()})
    for c, (lo, hi) in bars.items():
        styled = styled.bar(subset=[c], vmin=lo, vmax=hi, color=theme.TABLE_BAR_COLOR)
    st.table(styled)


@functools.lru_cache(maxsize=len(LANGUAGES))
def document_table(lang: str) -> str:
    """③'s table of the text's example: at each of the text's T, the softmax computed here and the values printed in
    the text, with their sums; where a computed value and the printed one differ (at two decimals), both cells
    shaded. An HTML table (accessible.table_html), made once per language: it depends on nothing else, and the pandas
    Styler that `st.table` needed for the shading cost every whole run of ③ its largest element
    (docs/lecture-hall.md)."""
    cmp = analysis.document_comparison()
    rows, cells, marked = [], [], []
    for r, temp in enumerate(cmp["temps"]):
        for source, values, total in (("computed", cmp["computed"][r], cmp["computed_sum"][r]),
                                      ("printed", cmp["printed"][r], cmp["printed_sum"][r])):
            rows.append(f"T = {temp:g} · {text(lang, f'temperature.{source}')}")
            cells.append(tuple(f"{v:.2f}" for v in (*values, total)))
            marked += [(len(rows) - 1, j) for j, d in enumerate(cmp["differs"][r]) if bool(d)]
    cols = (*document_labels(), text(lang, "temperature.sum"))
    table = Table("", "T", tuple(rows), cols, tuple(cells))
    return table_html(table, lang, name=text(lang, "temperature.table_title"), marked=frozenset(marked))


def document_labels() -> list[str]:
    """The text's three scores as ③ labels them (its bars and its table)."""
    return [f"z{'₁₂₃'[k]} = {z:.1f}" for k, z in enumerate(analysis.DOCUMENT_Z)]


def t_text(t: float) -> str:
    """T as the pages print it (f"{t:g}"); ui/web/tcontrol/math.js's tText prints the same for every T in
    [T_MIN, T_MAX] (tests/test_web_js.py)."""
    return f"{t:g}"


def weight_path_table(p, words: Sequence[str], scores_row: np.ndarray, name: str, caption_key: str) -> None:
    """One row's way from scores to weights (analysis.weight_path: score, ÷ T, exp(· − max), ÷ row sum), each number
    printed to PATH_DECIMALS places, the weights also as bars, and `caption_key`'s sentence ({t}: T, {total}: the
    row sum) under it: an HTML table drawn at the state's T.

    It is no T part: the T control redraws it in the browser from the row's scores, at every T it previews and at
    the T each of its runs confirms (ui/web/tcontrol/control.js: `tables`, the math of its math.js: `weightPath`), so a
    T step of the control does not send it again; the page says so (`Page.t_in_browser`), and a step the browser
    did not draw (the Streamlit slider, a failed preview) redraws the whole page. A table is text the presenter
    style sheet sets at the room's size, and a screen reader reads it as a table (the data grid draws on a canvas)."""
    p.t_in_browser()
    t = p.scenario.temperature
    path = analysis.weight_path(np.asarray(scores_row, dtype=float), t)
    cols = (p.t("score.col_score"), p.t("score.col_scaled"), p.t("score.col_exp"), p.t("score.col_weight"))
    cells = tuple(tuple(fixed(float(path[q][k]), PATH_DECIMALS) for q in ("scores", "scaled", "exp", "weights"))
                  for k in range(len(words)))
    table = Table("", p.t("score.col_word"), tuple(words), cols, cells)
    template = p.t(caption_key, t="{T}", total="{SUM}")
    caption = template.replace("{T}", t_text(t)).replace("{SUM}", fixed(float(path["weights"].sum()), PATH_DECIMALS))
    data = json.dumps({"scores": [float(v) for v in scores_row], "decimals": PATH_DECIMALS, "caption": template},
                      ensure_ascii=False)
    # the rows scroll in a box of their own past about a dozen words (its header stays), as the data grid's did;
    # the sentence stays under the box
    e = html.escape
    with st.container(key=WEIGHT_PATH_KEY):  # a scene's caption can be about it (Page.focusable)
        st.html(f'<div class="{T_TABLE_CLASS}" data-t="{t!r}" data-path="{e(data)}">'
                f'{table_html(table, p.lang, name=name, bars={3: path["weights"]})}'
                f'<p class="attention-t-caption">{e(caption)}</p></div>')
    p.focusable.append((WEIGHT_PATH_KEY, name))
