"""The T control: one browser-side control for the sidebar's, ③'s and the presenter bar's T.

A Streamlit components-v2 component (`ui/web/tcontrol/control.js`, with the math of `ui/web/tcontrol/math.js` put in
front of it). While the hand drags or steps it, the browser recomputes every T chart on the page from the inputs the
server attached to it and redraws it in place on the chart `st.plotly_chart` drew (ui/web/tcontrol/draw.js: only what T
moved, through Plotly's own heatmap code; Plotly.update for the rest). Once the hand
stops (release, or a pause after key presses) it sends the final T, once; that run is the usual T step (the T
parts redraw from the canonical state), so the state, link, tables and captions agree and the server's charts
replace the preview.

`attach` is what makes a chart follow the control: `Page.chart` calls it for every chart drawn inside a T part.
It reads what the chart's builder says follows T (the chart spec's `t`, attention_core/figures/spec.py: each trace's
quantity and the source of its inputs, as the page declared them with `figures.shows`; a title or a line's label
that prints T, `figures.at_t`) and writes it with the sources' inputs (S, mask, V, X, γ, β, …: `t_inputs`) into
the figure's `layout.meta`. A trace the chart does not declare stays as the server drew it until the run after the
release redraws it; nothing is guessed from a chart's numbers.

The Streamlit slider is still drawn next to the control: AppTest drives T through it, and in a browser where the
module cannot run it is the control (the module hides it once it runs).
"""

from __future__ import annotations

import hashlib
import re

import plotly.graph_objects as go
import streamlit as st

from .. import figures, t_inputs
from ..shared import Space
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
# compat.js first (ui/web.py): draw.js and control.js reach Plotly's and Streamlit's undocumented surface through it.
_CODE = "\n".join((web.compat_js(), MATH_JS, DRAW_JS, _as_script("control.js")))
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
    web.html(web.script_element(LIBRARY_JS), js=True)


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


# --- what a chart shows at another T, and the inputs the browser needs to redraw it -----------------------------

# Sources whose inputs are a session's own (⑦'s training run): a chart that names one is attached per run.
_OWN_SOURCES = frozenset({"learned"})


def attach(p, fig: go.Figure) -> go.Figure:
    """`fig` with what the browser needs to redraw it at any T (a copy), or `fig` itself: what its builder says
    follows T (its chart spec's `t`, figures/spec.py: each trace's quantity and source, the title's T, the line at T,
    ④'s sums) and the inputs of the sources that names (`t_inputs.payload`), as `layout.meta.attention_t`.

    The inputs depend only on the figure and the lesson state, so a memoised figure's copy is made once per state in
    the process and shared (attention_core/shared.py, under the figure's key and `Scenario.key`): every student on
    the lecturer's state gets the same copy, whose dict as sent (`Figure.to_dict`) is then made once, not per run."""
    chart = figures.spec.of(fig)
    follow = chart.get("t") if chart is not None else None
    if not follow or not (follow.get("traces") or follow.get("marks") or follow.get("title")):
        return fig
    traces = list(follow.get("traces") or ())
    source = getattr(fig, "shared_key", None)
    if source is None or any(trace.get("src") in _OWN_SOURCES for trace in traces):
        return _attached(p, fig, follow, traces)
    return _ATTACHED.get_or_build((source, p.scenario.key), lambda: _attached(p, fig, follow, traces))


_ATTACHED = Space("t-chart")


def _attached(p, fig: go.Figure, follow: dict, traces: list) -> go.Figure:
    training = getattr(getattr(p, "_state", None), "training", None)
    try:
        sources = t_inputs.payload(traces, p.scenario, p.lesson, getattr(training, "run", None))
    except (KeyError, ValueError, IndexError):  # a chart draws without the browser preview rather than not at all
        return fig
    meta = {"v": figures.spec.VERSION, **follow, "traces": traces, "sources": sources}
    spec = figures.spec_of(fig)
    kept = spec.get("layout", {}).get("meta")
    kept = kept if isinstance(kept, dict) else {}  # the chart spec, figures.numbers_left_out's flag
    return _with_meta(fig, spec, {**kept, "attention_t": meta})


def _with_meta(fig: go.Figure, spec: dict, meta: dict) -> figures.Figure:
    """The figure as it is sent with its `layout.meta` replaced: the figure is neither changed nor copied (its dict
    is shared, read only, within `Page.chart`). Its accessible description is the figure's own (`source`): the
    meta is not described."""
    out = figures.Figure({**spec, "layout": {**spec.get("layout", {}), "meta": meta}})
    object.__setattr__(out, "source", getattr(fig, "source", fig))  # not a Plotly property: set past its check
    return out
