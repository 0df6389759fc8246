"""The floor: a bare Streamlit page with a sidebar T slider and heatmaps of given sizes, nothing else.

    streamlit run bench/bare_app.py   →   /?spec=<chart>;<chart>…   or   /?charts=5&n=16
                                          (&frag=1: slider in a fragment; &markdown=K, &select=K…: see EXTRA)

A chart is `<width % of the main column>x<height px>:<depends on T: 1|0>:<rows>x<cols>,<rows>x<cols>…`
(one go.Heatmap per `rows x cols`, side by side on their own axes), so the benchmark can ask for exactly
the charts, sizes and T-dependence a page of the app has. `?charts=C&n=N` is C charts of one N×N heatmap each.
Heatmap values are random, seeded by T when the chart depends on T; no cell text, no app logic.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import streamlit as st


def _registry():
    """attention_core/registry.py loaded as a file: the app's T steps, without importing the app's package."""
    path = Path(__file__).resolve().parents[1] / "attention_core" / "registry.py"
    spec = importlib.util.spec_from_file_location("_attention_registry", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


T_OPTIONS = _registry().T_OPTIONS


def parse_spec(spec: str) -> list[tuple[int, int, bool, list[tuple[int, int]]]]:
    """`50x400:1:8x8,8x8;…` → [(width %, height px, depends_on_t, [(rows, cols), …]), …]."""
    charts = []
    for part in filter(None, spec.split(";")):
        size, dep, shapes = part.split(":")
        w, h = (int(v) for v in size.split("x"))
        cells = [tuple(int(v) for v in s.split("x")) for s in shapes.split(",") if s]
        charts.append((w, h, dep == "1", cells))
    return charts


def figure(chart: int, t_index: int, height: int, depends: bool, shapes: list[tuple[int, int]]) -> go.Figure:
    """Heatmaps of random data (seeded by T when the chart depends on it), one per shape, side by side."""
    rng = np.random.default_rng([chart, t_index if depends else 0])
    fig = go.Figure()
    k = len(shapes)
    for i, (rows, cols) in enumerate(shapes):
        suffix = "" if i == 0 else str(i + 1)
        fig.add_trace(go.Heatmap(z=rng.standard_normal((rows, cols)), xaxis=f"x{suffix}", yaxis=f"y{suffix}",
                                 showscale=False))
        lo, hi = i / k, (i + 1) / k - (0.02 if i < k - 1 else 0)
        fig.layout[f"xaxis{suffix}"] = {"domain": [lo, hi], "anchor": f"y{suffix}"}
        fig.layout[f"yaxis{suffix}"] = {"anchor": f"x{suffix}"}
    fig.update_layout(height=height, margin={"l": 40, "r": 10, "t": 30, "b": 30})
    return fig


# One element of each kind bench/elements.py can put on the page, K times (`&<kind>=K`), outside the T fragment.
EXTRA = {
    "markdown": lambda i: st.markdown(f"Paragraph {i}: some **bold** text and a [link](https://example.com) to read."),
    "caption": lambda i: st.caption(f"A caption {i} with some words in it."),
    "html": lambda i: st.html(f"<p>Paragraph {i}: some <b>bold</b> text.</p>"),
    "latex": lambda i: st.latex(r"\mathrm{score}_{ij} = Q_i \cdot K_j"),
    "code": lambda i: st.code(f"http://localhost:8501/score?s={i}" + "x" * 60, language=None),
    "link": lambda i: st.page_link(f"https://example.com/{i}", label=f"Step {i}: a page"),
    "button": lambda i: st.button(f"Button {i}", key=f"button{i}"),
    "toggle": lambda i: st.toggle(f"Toggle {i}", key=f"toggle{i}"),
    "segmented": lambda i: st.segmented_control(f"Choice {i}", ["a", "b"], key=f"segmented{i}"),
    "text": lambda i: st.text_input(f"Text {i}", value="a sentence", key=f"text{i}"),
    "select": lambda i: st.selectbox(f"Pick {i}", ["a", "b", "c"], key=f"select{i}"),
}


def main() -> None:
    started = time.perf_counter()
    st.set_page_config(page_title="floor", layout="wide", initial_sidebar_state="expanded")
    params = st.query_params
    if "spec" in params:
        charts = parse_spec(params["spec"])
    else:
        n = int(params.get("n", 8))
        charts = [(100, 400, True, [(n, n)])] * int(params.get("charts", 1))
    if params.get("frag"):  # the slider in a fragment, as the app's T parts are (bench/elements.py)
        with st.sidebar:
            st.fragment(lambda: st.select_slider("Temperature T", options=T_OPTIONS, value=1.0, key="T"))()
        t = st.session_state["T"]
    else:
        with st.sidebar:
            t = st.select_slider("Temperature T", options=T_OPTIONS, value=1.0, key="T")
    t_index = T_OPTIONS.index(t)
    for kind, draw in EXTRA.items():  # elements a T step never touches (bench/elements.py): &markdown=K, &select=K…
        for i in range(int(params.get(kind, 0))):
            draw(i)
    for c, (width, height, depends, shapes) in enumerate(charts):
        holder = st.columns([width, 100 - width])[0] if 5 <= width <= 95 else st.container()
        holder.plotly_chart(figure(c, t_index, height, depends, shapes), theme=None, key=f"c{c}")
    path = os.environ.get("BENCH_TIMING_LOG")
    if path:
        n_max = max((r for *_, shapes in charts for r, _ in shapes), default=0)
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"page": "floor", "n": n_max, "ms": round((time.perf_counter() - started) * 1000, 3),
                                "t": time.time()}) + "\n")


if __name__ == "__main__":  # `streamlit run` executes the file as __main__
    main()
