"""The inputs a T chart's sources name (figures/spec.py `SOURCES`), from the lesson's state: the numbers the browser
recomputes each declared quantity from at any T (ui/web/tcontrol/math.js). Nothing here looks at a chart's numbers:
a chart's builder says which quantity of which source each trace is; this gives that source's inputs.
"""

from __future__ import annotations

import numpy as np

from . import analysis, order, presets
from .figures.spec import QUANTITIES, source_inputs
from .positions import positional_encoding


def inputs(src: str, scenario, lesson, run=None) -> dict:
    """Source `src`'s inputs at the state (`scenario`, its `lesson` = analysis.compute(scenario), ⑦'s training `run`):
    arrays, None where an input is absent. KeyError for an unknown source, ValueError where the state has none."""
    s, tr = scenario, lesson.trace
    source_inputs(src)  # a known source
    if src == "main":
        return {"S": tr.scores, "allowed": None, "V": tr.v, "X": s.x, "gamma": s.gamma, "beta": s.beta}
    if src == "doc":
        return {"S": np.asarray([analysis.DOCUMENT_Z], dtype=float), "allowed": None}
    if src == "masked":
        m = order.masked_attention(s)
        return {"S": m.trace.scores, "allowed": m.allowed}
    if src == "heads" or src[1:].isdigit():  # every head, or head k ("h0", "h1", …)
        multi = lesson.multi
        if multi.temperature != s.temperature:
            raise ValueError("the heads do not use the sidebar's T")
        if src == "heads":
            return {"heads": [{"S": head.scores, "V": head.v} for head in multi.heads], "WO": s.multi_head_weights[3]}
        return {"S": multi.heads[int(src[1:])].scores, "allowed": None}
    if src in ("learned", "hand"):
        w_q, w_k = (run.w_q, run.w_k) if src == "learned" else presets.single_head_weights("emotion")[:2]
        if np.asarray(w_q).shape[0] != s.x.shape[1]:
            raise ValueError("the weights do not fit the sentence's X")
        return {"S": (s.x @ w_q) @ (s.x @ w_k).T, "allowed": None}
    alpha = float(s.pe_alpha) if src == "shuffle" else 0.0  # "shuffle0": without positions
    result = order.shuffle_experiment(s, alpha)
    return {"X": s.x, "P": alpha * positional_encoding(*s.x.shape) if alpha else None, "perm": result.perm,
            "Wq": s.w_q, "Wk": s.w_k, "Wv": s.w_v}


def _plain(v):
    """An input as JSON: arrays as lists of rows, the heads' list of {S, V} likewise."""
    if isinstance(v, list):
        return [{k: _plain(x) for k, x in h.items()} for h in v]
    return None if v is None else np.asarray(v).tolist()


def payload(traces, scenario, lesson, run=None) -> dict:
    """{source: {input: JSON}}: for each source `traces` names (spec `t.traces`), the inputs of it that the
    quantities they show need (QUANTITIES), and no more."""
    needs: dict[str, set[str]] = {}
    for trace in traces:
        needs.setdefault(trace["src"], set()).update(QUANTITIES[trace["q"]])
    return {src: {k: _plain(v) for k, v in inputs(src, scenario, lesson, run).items() if k in need}
            for src, need in needs.items()}
