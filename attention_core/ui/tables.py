"""A table of numbers: Streamlit's data grid normally (sortable, scrollable), and in presenter mode an HTML table
whose text the presenter style sheet sets at the room's size (the grid draws on a canvas at its own small size,
which no style sheet reaches)."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
import streamlit as st

from .. import theme


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
