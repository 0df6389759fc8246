"""The T control: one browser-side control for the sidebar's, ③'s and the presenter bar's T.

A Streamlit components-v2 component (`tcontrol/control.js`, with the math of `tcontrol/math.js` put in front of
it). While the hand drags or steps it, the browser recomputes every T chart on the page from the inputs the
server attached to it and redraws it in place on the chart `st.plotly_chart` drew (tcontrol/draw.js: only what T
moved, through Plotly's own heatmap code; Plotly.update for the rest). Once the hand
stops (release, or a pause after key presses) it sends the final T, once; that run is the usual T step (the T
parts redraw from the canonical state), so the state, link, tables and captions agree and the server's charts
replace the preview.

`attach` is what makes a chart follow the control: `Page.chart` calls it for every chart drawn inside a T part.
It finds which quantity each trace shows by comparing the trace's numbers with the lesson's at the current T
(the weights, the output, X + output, LayerNorm with and without the residual, a row of the weights, one word's
share of a row's output, the entropy and exp(H); the masked weights; each head's weights when the heads follow
the sidebar T), and writes the inputs those need (S, mask, V, X, γ, β) into the figure's `layout.meta`. A trace
that matches nothing stays as the server drew it until the run after the release redraws it.

The Streamlit slider is still drawn next to the control: AppTest drives T through it, and in a browser where the
module cannot run it is the control (the module hides it once it runs).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from .. import analysis

_HERE = Path(__file__).with_name("tcontrol")
MATH_JS = (_HERE / "math.js").read_text(encoding="utf-8")
DRAW_JS = (_HERE / "draw.js").read_text(encoding="utf-8")
CONTROL_JS = "\n".join((MATH_JS, DRAW_JS, (_HERE / "control.js").read_text(encoding="utf-8")))

_component = st.components.v2.component("attention_t_control", js=CONTROL_JS, isolate_styles=False)


def css_key(key: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in key)


def control(p, key: str, options: list[float], label: str, help_text: str, on_change) -> None:
    """The browser control for widget `key` (drawn after its fallback slider, in the same keyed container)."""
    t = p.scenario.temperature
    data = {"t": t, "options": options, "label": label, "help": help_text, "key": css_key(key)}
    _component(key=f"tc:{key}", data=data, on_t_change=on_change, height="content")


def reported(key: str) -> float | None:
    """In the control's callback: the T it sent, or None."""
    result = st.session_state.get(f"tc:{key}")
    value = result.get("t") if result is not None else None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


# --- what a chart shows, and the inputs the browser needs to redraw it ------------------------------------------

def _rows(a: np.ndarray | None) -> list | None:
    return None if a is None else np.asarray(a).tolist()


class _Sources:
    """The lesson's inputs at the current T, and every quantity the browser can recompute from them."""

    def __init__(self, p) -> None:
        s, lesson = p.scenario, p.lesson
        tr = lesson.trace
        self.t = s.temperature
        self.inputs: dict[str, dict] = {
            "main": {"S": tr.scores, "allowed": None, "V": tr.v, "X": s.x, "gamma": s.gamma, "beta": s.beta},
            "doc": {"S": np.asarray([analysis.DOCUMENT_Z], dtype=float), "allowed": None},
        }
        self.matrices = {("main", "W"): tr.weights, ("main", "O"): tr.output, ("main", "Z"): lesson.residual,
                         ("main", "LN"): lesson.normalized, ("main", "LN0"): lesson.normalized_without_residual}
        self.vectors = {("main", "H"): analysis.entropy(tr.weights),
                        ("main", "EH"): analysis.effective_words(tr.weights)}
        self.row_sources = {"main": tr.weights,
                            "doc": analysis.document_example((self.t,))}
        if s.mask != "none" or s.pe_alpha:
            m = analysis.masked_attention(s)
            self.inputs["masked"] = {"S": m.trace.scores, "allowed": m.allowed}
            self.matrices[("masked", "W")] = m.trace.weights
            self.row_sources["masked"] = m.trace.weights
        multi = lesson.multi
        if multi.temperature == self.t:  # the heads follow the sidebar T
            for h, head in enumerate(multi.heads):
                self.inputs[f"h{h}"] = {"S": head.scores, "allowed": None}
                self.matrices[(f"h{h}", "W")] = head.weights
        self._contrib = None

    def contributions(self) -> np.ndarray:
        """C[i, j] = W[i, j] · V[j]: word j's share of word i's output, (n, n, d_v)."""
        if self._contrib is None:
            tr = self.inputs["main"]
            self._contrib = self.matrices[("main", "W")][:, :, None] * np.asarray(tr["V"])[None, :, :]
        return self._contrib

    def match(self, values: np.ndarray) -> dict | None:
        """The spec of the quantity `values` is (matrix or line), or None."""
        if values.ndim == 2:
            hide = np.isnan(values)
            for (src, q), m in self.matrices.items():
                if m.shape == values.shape and _same(values, m, hide):
                    spec = {"axis": "z", "src": src, "q": q}
                    if hide.any():
                        spec["hide"] = hide.tolist()
                    return spec
            return None
        if values.ndim != 1 or np.isnan(values).any():
            return None
        for src, w in self.row_sources.items():
            if w.shape[1] == values.shape[0]:
                hits = np.flatnonzero(np.all(np.abs(w - values) <= 1e-12 * (1 + np.abs(values)), axis=1))
                if hits.size:
                    return {"axis": "y", "src": src, "q": "W", "row": int(hits[0])}
        for (src, q), v in self.vectors.items():
            if v.shape == values.shape and _same(values, v, None):
                return {"axis": "y", "src": src, "q": q}
        for q in ("O", "Z", "LN", "LN0"):  # a word's row of a later matrix (④'s Σ marks: its output)
            m = self.matrices[("main", q)]
            if m.shape[1] == values.shape[0]:
                hits = np.flatnonzero(np.all(np.abs(m - values) <= 1e-12 * (1 + np.abs(values)), axis=1))
                if hits.size:
                    return {"axis": "y", "src": "main", "q": q, "row": int(hits[0])}
        c = self.contributions()
        if c.shape[2] == values.shape[0]:
            flat = c.reshape(-1, c.shape[2])
            hits = np.flatnonzero(np.all(np.abs(flat - values) <= 1e-12 * (1 + np.abs(values)), axis=1))
            if hits.size:
                i, j = divmod(int(hits[0]), c.shape[1])
                if np.any(c[i, j] != 0):
                    return {"axis": "y", "src": "main", "q": "C", "row": i, "col": j}
        return None

    def payload(self, used: set[str], quantities: set[str]) -> dict:
        out = {}
        for name in used:
            src = self.inputs[name]
            entry = {"S": _rows(src["S"]), "allowed": _rows(src.get("allowed"))}
            if name == "main":
                if quantities & {"O", "Z", "LN", "LN0", "C"}:
                    entry["V"] = _rows(src["V"])
                if quantities & {"Z", "LN"}:
                    entry["X"] = _rows(src["X"])
                if quantities & {"LN", "LN0"}:
                    entry["gamma"], entry["beta"] = _rows(src["gamma"]), _rows(src["beta"])
            out[name] = entry
        return out


def _same(a: np.ndarray, b: np.ndarray, hide: np.ndarray | None) -> bool:
    if hide is not None and hide.any():
        keep = ~hide
        return bool(np.all(np.abs(a[keep] - b[keep]) <= 1e-12 * (1 + np.abs(b[keep]))))
    return bool(np.all(np.abs(a - b) <= 1e-12 * (1 + np.abs(b))))


def _numbers(v) -> np.ndarray | None:
    if v is None or isinstance(v, str):
        return None
    try:
        a = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        return None
    return a if a.size else None


def _printed(trace, values: np.ndarray) -> int | None:
    """The decimals of a trace's `text` when it prints each of its numbers as f"{v:.{d}f}" (④'s Σ marks), or None."""
    text = trace.text if not isinstance(trace.text, str) else None
    if text is None or values.ndim != 1 or len(text) != len(values):
        return None
    for d in range(7):
        if all(t == f"{v:.{d}f}" for t, v in zip(text, values)):
            return d
    return None


def _marks_at(fig: go.Figure, t: float) -> list[dict]:
    """The vertical line at T on a chart over T (③'s curves) and the label on it that prints T: where the
    browser moves them ({"shape": k} / {"note": k, "log": …, "text": the label with {T} for T})."""
    if not fig.layout.shapes:
        return []
    log = fig.layout.xaxis.type == "log"
    marks = [{"shape": k} for k, sh in enumerate(fig.layout.shapes)
             if sh.type == "line" and sh.xref == "x" and sh.x0 == sh.x1 == t]
    if not marks:
        return []
    where, t_text = (float(np.log10(t)) if log else t), f"{t:g}"
    for k, note in enumerate(fig.layout.annotations or ()):
        text = note.text or ""
        if note.xref == "x" and note.x is not None and abs(note.x - where) <= 1e-12 * (1 + abs(where)):
            mark = {"note": k, "log": log}
            if t_text in text:
                mark["text"] = text.replace(t_text, "{T}")
            marks.append(mark)
    return marks


def attach(p, fig: go.Figure) -> go.Figure:
    """`fig` with the T inputs of the traces it can redraw in the browser (a copy), or `fig` itself."""
    try:
        sources = _Sources(p)
    except Exception:  # a chart draws without the browser preview rather than not at all
        return fig
    traces = []
    for i, trace in enumerate(fig.data):
        kind = trace.type
        if kind not in ("heatmap", "bar", "scatter"):
            continue
        axis = "z" if kind == "heatmap" else ("x" if kind == "bar" and trace.orientation == "h" else "y")
        values = _numbers(getattr(trace, axis))
        if values is None or (axis == "z") != (values.ndim == 2):
            continue
        spec = sources.match(values)
        if spec is not None and spec["axis"] != "z":
            spec["axis"] = axis
        if spec is not None:
            decimals = _printed(trace, values)
            if decimals is not None:
                spec["text"] = decimals
            elif kind == "scatter" and not (spec.get("row") is not None and spec["q"] in ("O", "Z", "LN", "LN0")):
                # marks follow T when they print their numbers or show a word's row of the output (④'s Σ): a
                # line's few values can match a quantity by chance (a mean of 0 is the entropy of one word)
                continue
            traces.append({"i": i, **spec})
    marks = _marks_at(fig, sources.t)
    if not traces and not marks:
        return fig
    meta = {"traces": traces,
            "sources": sources.payload({t["src"] for t in traces}, {t["q"] for t in traces})}
    if marks:
        meta["marks"] = marks
    title = fig.layout.title.text if fig.layout.title is not None else None
    t_text = f"{sources.t:g}"
    for form in (f"T = {t_text}", f"T={t_text}", f"T: {t_text}"):
        if title and form in title:
            meta["title"] = title.replace(form, form[: -len(t_text)] + "{T}")
            break
    out = go.Figure(fig.to_dict(), _validate=False)  # figures are shared (memoised): never change one
    out.layout.meta = {"attention_t": meta}
    return out
