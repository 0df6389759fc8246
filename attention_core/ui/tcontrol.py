"""The T control: one browser-side control for the sidebar's, ③'s and the presenter bar's T.

A Streamlit components-v2 component (`ui/web/tcontrol/control.js`, with the math of `ui/web/tcontrol/math.js` put in
front of it). While the hand drags or steps it, the browser recomputes every T chart on the page from the inputs the
server attached to it and redraws it in place on the chart `st.plotly_chart` drew (ui/web/tcontrol/draw.js: only what T
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

import hashlib
import re

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from .. import analysis, figures, learn, presets
from ..attention import layer_norm
from ..positions import positional_encoding
from . import web

_EXPORT = re.compile(r"^export (?:default )?", re.MULTILINE)


def _as_script(name: str) -> str:
    """`ui/web/tcontrol/<name>`, an ES module with one export, as a part of the classic script LIBRARY_JS: the
    `export` (`export default`) keyword taken off its declaration, so that the page runs the same text as when the
    files were plain scripts. (The files are ES modules to Node, ui/web/tcontrol/package.json: tests/js imports
    math.js as it is.)"""
    module = web.asset(f"tcontrol/{name}")
    if len(_EXPORT.findall(module)) != 1:
        raise RuntimeError(f"ui/web/tcontrol/{name} must export one declaration, at the start of a line")
    return _EXPORT.sub("", module)


MATH_JS = _as_script("math.js")  # `tmath`
DRAW_JS = web.asset("tcontrol/draw.js")  # `tdraw`

# The control's code (math, drawing, the control: 35 kB) travels once per page, not with every control. A
# component's code is sent with each of its elements, and every T step's run sends the T controls again (they
# are T parts, so that one control moving moves the others): the sidebar's and ③'s or the presenter bar's, 70 kB
# a step before. The code is one script element on the page (`library`), outside the T parts: a step does not
# resend it, and a whole run with the same code sends only its hash (Streamlit's message cache). It installs the
# control's mount function (control.js's `mount`) once per browser tab (ui/web/tcontrol/library.js, its __CODE__
# the code); the component's own module is a few lines that call it.
_CODE = "\n".join((MATH_JS, DRAW_JS, _as_script("control.js")))
# The mount function's name (MOUNT in library.js and shim.js) carries the code's hash: a tab left open over a new
# version of the app (a redeploy) runs the new code, not the one it installed first.
MOUNT = "__attentionTControl_" + hashlib.sha256(_CODE.encode("utf-8")).hexdigest()[:12]
LIBRARY_JS = web.asset("tcontrol/library.js").replace("MOUNT", MOUNT).replace("__CODE__", _CODE)
# st.html's sanitiser (DOMPurify, SAFE_FOR_XML) drops a script whose text has "<" before a letter or "/": each such
# "<" (in the code's strings, template literals and comments only, e.g. "<br>") is written as the escape \x3C,
# which JavaScript reads as the same "<" in all three.
LIBRARY_JS = re.sub(r"<(?=[/\w!])", r"\\x3C", LIBRARY_JS)

# The component's module (ui/web/tcontrol/shim.js): the control itself, once the library has run (it is usually
# there first; if this element is drawn before the library's, it waits a frame at a time, for at most 15 s). Where
# scripts cannot run at all, neither runs, and the Streamlit slider beside it stays the control.
SHIM_JS = web.asset("tcontrol/shim.js").replace("MOUNT", MOUNT)

_component = st.components.v2.component("attention_t_control", js=SHIM_JS, isolate_styles=False)


def library() -> None:
    """The T control's code, once on the page (outside every T part): see LIBRARY_JS."""
    st.html(web.script_element(LIBRARY_JS), unsafe_allow_javascript=True)


def css_key(key: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in key)


def control(p, key: str, options: list[float], label: str, help_text: str, on_change) -> None:
    """The browser control for widget `key` (drawn after its fallback slider, in the same keyed container)."""
    t = p.scenario.temperature
    data = {"t": t, "options": options, "label": label, "help": help_text, "key": css_key(key)}
    _component(key=f"tc:{key}", data=data, on_t_change=on_change, height="content")


def reported(key: str) -> tuple[float | None, bool]:
    """In the control's callback: the T it sent (None if none) and whether the browser drew it first (control.js
    sends a bare number after its preview, {"t": T, "drawn": false} where the preview could not run)."""
    result = st.session_state.get(f"tc:{key}")
    value = result.get("t") if result is not None else None
    drawn = True
    if isinstance(value, dict):
        value, drawn = value.get("t"), value.get("drawn") is not False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value), drawn
    return None, drawn


# --- what a chart shows, and the inputs the browser needs to redraw it ------------------------------------------

def _rows(a: np.ndarray | None) -> list | None:
    return None if a is None else np.asarray(a).tolist()


_STATS = ("mean", "std")


class _Sources:
    """The lesson's inputs at the current T, and every quantity the browser can recompute from them."""

    def __init__(self, p) -> None:
        s, lesson = p.scenario, p.lesson
        tr = lesson.trace
        self.p, self.t = p, s.temperature
        self.inputs: dict[str, dict] = {
            "main": {"S": tr.scores, "allowed": None, "V": tr.v, "X": s.x, "gamma": s.gamma, "beta": s.beta},
            "doc": {"S": np.asarray([analysis.DOCUMENT_Z], dtype=float), "allowed": None},
        }
        self.matrices = {("main", "W"): tr.weights, ("main", "O"): tr.output, ("main", "Z"): lesson.residual,
                         ("main", "LN"): lesson.normalized, ("main", "LN0"): lesson.normalized_without_residual}
        (a, b), share = analysis.most_looked_pair(tr.weights)
        self.pair = (a, b)
        self.vectors = {("main", "H"): analysis.entropy(tr.weights),
                        ("main", "EH"): analysis.effective_words(tr.weights),
                        ("main", "share"): share,
                        # ⑤ without the residual: how much of each word's X survives LayerNorm, with and without
                        ("main", "cosLN"): analysis.cosine(lesson.normalized, s.x),
                        ("main", "cosLN0"): analysis.cosine(lesson.normalized_without_residual, s.x)}
        self.row_sources = {"main": tr.weights,
                            "doc": analysis.document_example((self.t,))}
        self.matrices[("main", "pairLN")] = analysis.pair_cosines(lesson.normalized)  # ⑤'s word pairs
        self.matrices[("main", "pairLN0")] = analysis.pair_cosines(lesson.normalized_without_residual)
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
            w_o = s.multi_head_weights[3]
            self.inputs["heads"] = {"heads": [{"S": head.scores, "V": head.v} for head in multi.heads], "WO": w_o}
            self.matrices[("heads", "concat")] = multi.concat
            self.matrices[("heads", "MO")] = multi.output
        self._contrib = None
        self._shares: set[tuple[int, int]] = set()  # the (row, col) shares matched to a bar so far
        self._stats = None
        self._later = False

    def contributions(self) -> np.ndarray:
        """C[i, j] = W[i, j] · V[j]: word j's share of word i's output, (n, n, d_v)."""
        if self._contrib is None:
            tr = self.inputs["main"]
            self._contrib = self.matrices[("main", "W")][:, :, None] * np.asarray(tr["V"])[None, :, :]
        return self._contrib

    def stats(self) -> dict:
        """⑤'s lines: μ and σ over each word's row (analysis.row_stats) of Z, of the attention output, and of
        their LayerNorm before γ, β ("Zhat", "Ohat")."""
        if self._stats is None:
            out = {}
            for q in ("Z", "O"):
                m = self.matrices[("main", q)]
                for name, a in ((q, m), (f"{q}hat", layer_norm(m))):
                    for stat, line in zip(_STATS, analysis.row_stats(a), strict=True):
                        out[(name, stat)] = line
            self._stats = out
        return self._stats

    def later(self) -> None:
        """The sources only some screens draw, added once a matrix matched none of the others: ⑦'s weights under
        the learned and the hand-set W_Q, W_K, and ⑧'s shuffle experiment without and with positions."""
        if self._later:
            return
        self._later = True
        s = self.p.scenario
        training = getattr(getattr(self.p, "_state", None), "training", None)
        run = getattr(training, "run", None)
        hand_q, hand_k, _ = presets.single_head_weights("emotion")
        for name, (w_q, w_k) in (("learned", (run.w_q, run.w_k) if run is not None else (None, None)),
                                 ("hand", (hand_q, hand_k))):
            if w_q is None or np.asarray(w_q).shape[0] != s.x.shape[1]:
                continue
            scores = (s.x @ w_q) @ (s.x @ w_k).T
            self.inputs[name] = {"S": scores, "allowed": None}
            self.matrices[(name, "W")] = learn.sentence_weights(s.x, w_q, w_k, self.t)
        if s.n > 1:
            for name, alpha in (("shuffle0", 0.0), ("shuffle", float(s.pe_alpha))):
                if name == "shuffle" and alpha == 0:
                    continue
                result = analysis.shuffle_experiment(s, alpha)
                pe = alpha * positional_encoding(*s.x.shape) if alpha else None
                self.inputs[name] = {"X": s.x, "P": pe, "perm": result.perm, "Wq": s.w_q, "Wk": s.w_k, "Wv": s.w_v}
                self.matrices[(name, "D")] = result.delta

    def match(self, values: np.ndarray) -> dict | None:
        """The spec of the quantity `values` is (matrix or line), or None."""
        if values.ndim == 2:
            hide = np.isnan(values)
            spec = self._match_matrix(values, hide)
            if spec is None and not self._later:
                self.later()
                spec = self._match_matrix(values, hide)
            return spec
        if values.ndim != 1 or np.isnan(values).any():
            return None
        for src, w in self.row_sources.items():
            if w.shape[1] == values.shape[0]:
                hits = _equal_rows(w, values)
                if hits.size:
                    return {"axis": "y", "src": src, "q": "W", "row": int(hits[0])}
        for (src, q), v in self.vectors.items():
            if v.shape == values.shape and _same(values, v, None):
                return {"axis": "y", "src": src, "q": q}
        for q in ("O", "Z", "LN", "LN0"):  # a word's row of a later matrix (④'s Σ marks: its output)
            m = self.matrices[("main", q)]
            if m.shape[1] == values.shape[0]:
                hits = _equal_rows(m, values)
                if hits.size:
                    return {"axis": "y", "src": "main", "q": q, "row": int(hits[0])}
        for (q, stat), v in self.stats().items():
            if v.shape == values.shape and _same(values, v, None):
                return {"axis": "y", "src": "main", "q": q, "stat": stat}
        c = self.contributions()
        if c.shape[2] == values.shape[0]:
            flat = c.reshape(-1, c.shape[2])
            hits = _equal_rows(flat, values)
            # the first pair not taken yet: equal words have equal shares, each its own bar
            for hit in hits:
                i, j = divmod(int(hit), c.shape[1])
                if (i, j) not in self._shares and np.any(c[i, j] != 0):
                    self._shares.add((i, j))
                    return {"axis": "y", "src": "main", "q": "C", "row": i, "col": j}
        return None

    def _match_matrix(self, values: np.ndarray, hide: np.ndarray) -> dict | None:
        for (src, q), m in self.matrices.items():
            if m.shape == values.shape and _same(values, m, hide):
                spec = {"axis": "z", "src": src, "q": q}
                if hide.any():
                    spec["hide"] = hide.tolist()
                return spec
        return None

    def payload(self, used: set[str], quantities: set[str]) -> dict:
        out = {}
        for name in used:
            src = self.inputs[name]
            if name == "main":
                entry = {"S": _rows(src["S"]), "allowed": None}
                cosines = {"cosLN", "cosLN0", "pairLN", "pairLN0"}
                if quantities & {"O", "Z", "LN", "LN0", "C", "rest", "Zhat", "Ohat", *cosines}:
                    entry["V"] = _rows(src["V"])
                if quantities & {"Z", "LN", "Zhat", "cosLN", "cosLN0", "pairLN"}:
                    entry["X"] = _rows(src["X"])
                if quantities & {"LN", "LN0", *cosines}:
                    entry["gamma"], entry["beta"] = _rows(src["gamma"]), _rows(src["beta"])
            elif name == "heads":
                entry = {"heads": [{"S": _rows(h["S"]), "V": _rows(h["V"])} for h in src["heads"]]}
                if "MO" in quantities:
                    entry["WO"] = _rows(src["WO"])
            else:
                entry = {k: _rows(v) for k, v in src.items()}
            out[name] = entry
        return out


def _equal_rows(m: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The indices of the rows of `m` equal to the line `values` (to a relative 1e-12, as `_same`)."""
    return np.flatnonzero(np.all(np.abs(m - values) <= 1e-12 * (1 + np.abs(values)), axis=1))


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


def _weight_line(trace, w: np.ndarray) -> dict | None:
    """④'s line from word i to word j whose thickness, opacity and hover text are the weight W[i, j]
    (figures.weight_lines): its spec, with the hover text as a template ({w} for the weight), or None."""
    x, width = trace.x, trace.line.width if trace.line is not None else None
    if trace.mode != "lines" or x is None or len(x) != 2 or width is None or trace.opacity is None:
        return None
    try:
        i, j = int(x[0]), int(x[1])
    except (TypeError, ValueError):
        return None
    if not (0 <= i < w.shape[0] and 0 <= j < w.shape[1]):
        return None
    v = float(w[i, j])
    tail = f": {v:.3f}<extra></extra>"
    hover = trace.hovertemplate or ""
    if width != 1 + 24 * v or trace.opacity != 0.35 + 0.65 * v or not hover.endswith(tail):
        return None
    return {"axis": "line", "src": "main", "q": "W", "row": i, "col": j,
            "hover": hover[: -len(tail)] + ": {w}<extra></extra>"}


def _weight_labels(trace, w: np.ndarray, labels: list[str]) -> dict | None:
    """④'s words under the lines, each with its weight W[i, j] printed f"{w:.2f}" (all of them up to 10 words, else
    those of the five largest weights): its spec (the words, the row, which rule), or None."""
    text = trace.text if not isinstance(trace.text, str) else None
    if text is None or trace.mode != "markers+text" or len(text) != w.shape[1] or w.shape[1] < 2:
        return None
    n = w.shape[1]
    words = [figures.plain(word) for word in labels]  # as the chart prints them
    if len(words) != n:
        return None
    for i in range(w.shape[0]):
        row = w[i]
        top5 = float(np.sort(row)[-min(5, n)])
        shown = [n <= 10 or v >= top5 for v in row]
        if all((t == f"{words[j]}<br>{v:.2f}") if shown[j] else t == "" for j, (t, v) in enumerate(zip(text, row))):
            return {"axis": "text", "src": "main", "q": "W", "row": i, "words": words,
                    "top": None if n <= 10 else 5, "text": 2}
    return None


def _rest_of_stack(fig: _Read, traces: list[dict], sources: _Sources) -> list[dict]:
    """④'s "other words" segment (analysis.largest_parts): the bar whose numbers are the sum of the shares of every
    word but the ones the stack shows, for the words shown as they are now."""
    parts = [t for t in traces if t["q"] == "C"]
    if not parts or len({t["row"] for t in parts}) != 1:
        return []
    i, shown = parts[0]["row"], sorted({t["col"] for t in parts})
    others = [j for j in range(sources.contributions().shape[1]) if j not in shown]
    if not others:
        return []
    rest = sources.contributions()[i][others].sum(axis=0)
    done = {t["i"] for t in traces}
    for k, trace in enumerate(fig.data):
        values = _numbers(trace.y) if trace.type == "bar" and k not in done else None
        if values is not None and values.shape == rest.shape and _same(values, rest, None):
            return [{"i": k, "axis": "y", "src": "main", "q": "rest", "row": i, "cols": shown}]
    return []


def _sums_beside(fig: _Read, traces: list[dict]) -> dict | None:
    """④'s sums printed past the end of each stack (figures.stacked_contributions): the annotation of each of the
    Σ marks' points, at the end of its stack on its sign's side, printing the sum to 2 decimals; where the browser
    rewrites them ({"notes": annotation per point, "marks": the Σ trace, "bars": the stack's bar traces})."""
    marks = [t for t in traces if t["q"] == "O" and t.get("row") is not None and fig.data[t["i"]].type == "scatter"]
    notes = list(fig.layout.annotations or ())
    if len(marks) != 1 or not notes:
        return None
    total = np.asarray(fig.data[marks[0]["i"]].y, dtype=float)
    bars = [k for k, tr in enumerate(fig.data) if tr.type == "bar"]
    if not bars or len(notes) != len(total):
        return None
    stack = np.asarray([np.asarray(fig.data[k].y, dtype=float) for k in bars])
    if stack.shape[1] != len(total):
        return None
    up, down = np.clip(stack, 0, None).sum(axis=0), np.clip(stack, None, 0).sum(axis=0)
    for c, note in enumerate(notes):
        below = total[c] < 0
        end = (down if below else up)[c]
        if ((note.xref, note.yref) != ("x", "y") or note.text != f"{total[c]:.2f}" or note.y != end
                or note.yanchor != ("top" if below else "bottom")):
            return None
    return {"notes": list(range(len(notes))), "marks": marks[0]["i"], "bars": bars, "decimals": 2}


def _marks_at(fig: _Read, t: float) -> list[dict]:
    """The vertical line at T on a chart over T (③'s curves) and the label on it that prints T: where the
    browser moves them ({"shape": k} / {"note": k, "log": …, "text": the label with {T} for T})."""
    if not fig.layout.shapes:
        return []
    log = fig.layout.xaxis is not None and fig.layout.xaxis.type == "log"
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


def _pair_title(title: str, labels: list[str], pair: tuple[int, int]) -> str | None:
    """`title` with the words of the most looked-at pair (a, b) as {A} and {B}, in that order, outside any {T};
    None when they are not there, or the template would not give `title` back."""
    a, b = (labels[k] for k in pair)
    parts = title.split("{T}")
    out, wanted = [], [("{A}", a), ("{B}", b)]
    for part in parts:
        while wanted:
            at = part.find(wanted[0][1])
            if at < 0:
                break
            mark, word = wanted.pop(0)
            out.append(part[:at] + mark)
            part = part[at + len(word):]
        out.append(part)
        out.append("{T}")
    template = "".join(out[:-1])
    return template if not wanted and template.replace("{A}", a).replace("{B}", b) == title else None


def attach(p, fig: go.Figure) -> go.Figure:
    """`fig` with the T inputs of the traces it can redraw in the browser (a copy), or `fig` itself."""
    try:
        sources = _Sources(p)
    except Exception:  # a chart draws without the browser preview rather than not at all
        return fig
    original, fig = fig, _Read(fig)
    traces = []
    for i, trace in enumerate(fig.data):
        kind = trace.type
        if kind not in ("heatmap", "bar", "scatter"):
            continue
        if kind == "scatter":  # ④'s lines and the weights printed under them
            spec = _weight_line(trace, sources.matrices[("main", "W")])
            spec = spec or _weight_labels(trace, sources.matrices[("main", "W")], list(p.scenario.labels))
            if spec is not None:
                traces.append({"i": i, **spec})
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
            elif kind == "scatter" and not ((spec.get("row") is not None and spec["q"] in ("O", "Z", "LN", "LN0"))
                                            or "stat" in spec):
                # marks follow T when they print their numbers, show a word's row of the output (④'s Σ) or ⑤'s
                # μ/σ of a matrix: a line's few values can match a quantity by chance (a mean of 0 is the entropy
                # of one word)
                continue
            traces.append({"i": i, **spec})
    traces += _rest_of_stack(fig, traces, sources)
    # LayerNorm's mean is 0 by construction: a line of zeros is its mean only beside another of ⑤'s lines of the
    # same matrix
    def zero_mean(t: dict) -> bool:
        return t.get("stat") == "mean" and t["q"].endswith("hat")

    bases = {t["q"].removesuffix("hat") for t in traces if "stat" in t and not zero_mean(t)}
    for t in traces:  # a line of zeros matched the first such mean: it is the one of the matrix beside it
        if zero_mean(t) and len(bases) == 1:
            t["q"] = f"{next(iter(bases))}hat"
    traces = [t for t in traces if not zero_mean(t) or t["q"].removesuffix("hat") in bases]
    marks = _marks_at(fig, sources.t)
    sums = _sums_beside(fig, traces)
    if not traces and not marks:
        return original
    meta = {"traces": traces,
            "sources": sources.payload({t["src"] for t in traces}, {t["q"] for t in traces})}
    if marks:
        meta["marks"] = marks
    if sums:
        meta["sums"] = sums
    title = fig.layout.title
    title = title.text if isinstance(title, _Props) else title
    title = title if isinstance(title, str) else None
    t_text = f"{sources.t:g}"
    for form in (f"T = {t_text}", f"T={t_text}", f"T: {t_text}"):
        if title and form in title:
            meta["title"] = title.replace(form, form[: -len(t_text)] + "{T}")
            break
    if any(t["q"] == "share" for t in traces):  # Home's share chart names the pair the share is of
        labels = list(p.scenario.labels)
        named = _pair_title(meta.get("title", title or ""), labels, sources.pair)
        if named is not None:
            meta["title"], meta["pair"] = named, {"src": "main", "labels": labels}
    kept = fig.spec.get("layout", {}).get("meta")
    kept = kept if isinstance(kept, dict) else {}  # e.g. figures.numbers_left_out's flag
    return _with_meta(original, fig.spec, {**kept, "attention_t": meta})


class _Props:
    """A figure dict's entry read as Plotly reads its objects (`trace.x`, `layout.title.text`): an unset property
    is None, a dict is read the same way, a list of dicts as a list of them."""

    __slots__ = ("_d",)

    def __init__(self, d: dict) -> None:
        self._d = d

    def __getattr__(self, name: str):
        v = self._d.get(name)
        if isinstance(v, dict):
            return _Props(v)
        if isinstance(v, (list, tuple)) and v and all(isinstance(x, dict) for x in v):
            return tuple(_Props(x) for x in v)
        return v


class _Read:
    """A figure read through its dict (figures.spec_of): `.data` its traces, `.layout` its layout (_Props)."""

    def __init__(self, fig: go.Figure) -> None:
        self.spec = figures.spec_of(fig)
        self.data = tuple(_Props(tr) for tr in self.spec.get("data") or ())
        self.layout = _Props(self.spec.get("layout") or {})


def _with_meta(fig: go.Figure, spec: dict, meta: dict) -> figures.Figure:
    """The figure as it is sent with its `layout.meta` replaced: the figure is neither changed nor copied (its dict
    is shared, read only, within `Page.chart`). Its accessible description is the figure's own (`source`): the
    meta is not described."""
    out = figures.Figure({**spec, "layout": {**spec.get("layout", {}), "meta": meta}})
    object.__setattr__(out, "source", getattr(fig, "source", fig))  # not a Plotly property: set past its check
    return out
