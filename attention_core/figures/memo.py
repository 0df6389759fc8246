"""Figures as their dicts, and the store that shares them: `Figure` (a go.Figure kept as its builder's dict),
`memoised` (every builder's figures by their arguments, shared by every session) and `for_touch` (a phone's copy).

Figures are written as plain dicts and wrapped without Plotly's property validation: validating every property
costs 10–30 ms a chart, most of a page's rerun. Their shape is pinned by tests/test_figures.py instead. They are not
even turned into Plotly's objects unless something reads them as such (`Figure`): the app sends and describes the
dicts themselves.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import threading
import weakref

import numpy as np
import plotly.graph_objects as go
from _plotly_utils.utils import convert_to_base64

from ..shared import Space
from .spec import AtT


def copied(spec):
    """`spec`'s dicts, lists and tuples copied, its leaves (numbers, strings, numpy arrays) shared."""
    if isinstance(spec, dict):
        return {k: copied(v) for k, v in spec.items()}
    if isinstance(spec, (list, tuple)):
        return type(spec)(copied(v) for v in spec)
    return spec


_BUILD = threading.Lock()
_PLOTLY_OWN = frozenset(go.Figure().__dict__)  # what a go.Figure keeps on itself (its objects, its state)


class Figure(go.Figure):
    """A figure kept as the plain dict its builder wrote (`spec`: {"data": [...], "layout": {...}, "frames"?}).

    Building Plotly's objects from a figure's dict (`go.Figure(spec, _validate=False)`) and copying them back
    out (`to_dict`, a deep copy) were the largest part of a page run under a class's load (docs/reliability.md),
    and the app needs neither: `st.plotly_chart` and `to_json` read only `to_dict()`, which here is the dict as
    sent (numpy arrays as Plotly's typed arrays, the same JSON `go.Figure` gives: tests/test_figures.py), made
    once per figure; the accessible description and the T control read `spec`. Anything else (`fig.data`,
    `fig.layout`, `update_layout`, ...) builds the Plotly objects once, on first use, and from then on the figure
    is an ordinary go.Figure. Figures are shared (memoised): read only, whichever way they are read."""

    def __init__(self, spec: dict) -> None:  # no go.Figure.__init__: that is what this defers
        self._spec = spec
        self._wire = None
        self._plain = None
        self._built = False

    @property
    def spec(self) -> dict:
        """The builder's dict itself (numpy arrays as they are): shared, read only."""
        return self._spec

    @property
    def unbuilt_spec(self) -> dict | None:
        """`spec` while the figure has not been turned into Plotly's objects (then they are what it holds)."""
        return None if self._built else self._spec

    def to_dict(self) -> dict:
        if self._built:  # read as Plotly objects: what they hold now
            return super().to_dict()
        wire = self._wire
        if wire is None:
            wire = copied(self._spec)
            convert_to_base64(wire)  # what go.Figure.to_dict does to numpy arrays
            self._wire = wire
        return wire

    def to_plotly_json(self) -> dict:
        return self.to_dict()

    def as_json_data(self) -> dict:
        """The figure as plain JSON values (what `to_json()` writes, parsed back: NaN as null, arrays as Plotly's
        typed arrays), made once per figure and shared, read only: a component's `data` (ui/live_chart.py)."""
        plain = self.__dict__.get("_plain")
        if plain is None:
            plain = self.__dict__["_plain"] = json.loads(self.to_json())
        return plain

    def __reduce__(self):
        return (Figure, (copy.deepcopy(self._spec),))

    def __getattr__(self, name: str):  # reached only for what the instance lacks: Plotly's objects, first use
        if name not in _PLOTLY_OWN:
            raise AttributeError(name)
        with _BUILD:
            if not self.__dict__.get("_built"):
                built = go.Figure(copied(self._spec), _validate=False)
                self.__dict__.update({k: v for k, v in built.__dict__.items()
                                      if k not in ("_spec", "_wire", "_plain", "_built")})
                self._built = True
        if name in self.__dict__:
            return self.__dict__[name]
        raise AttributeError(name)


def spec_of(fig) -> dict:
    """A figure's dict with numpy arrays: a `Figure`'s own (read only), or a go.Figure's copied out of it."""
    own = getattr(fig, "unbuilt_spec", None)
    if own is not None:
        return own
    out = {"data": [copy.deepcopy(tr._props) for tr in fig.data], "layout": copy.deepcopy(fig._layout)}
    if fig.frames:
        out["frames"] = [copy.deepcopy(fr._props) for fr in fig.frames]
    return out


# A figure depends only on its builder's arguments, so equal arguments give an equal figure: every builder below is
# memoised by its arguments (arrays by shape, dtype and bytes) in the process's shared store (attention_core/shared.py:
# bounded in bytes, least recently used out first), shared by every session of the process, so a T step rebuilds only
# the charts that depend on T, a page switch back rebuilds nothing, and a student on the lecturer's state builds
# nothing the lecturer has built. The cached figures are shared: nothing may change them (pages never do; `mark_x` and
# `box_column` work on a copy; a test checks it). Each carries its key (`shared_key`), which names it in the store
# for what is built from it (the T control's charts: ui/tcontrol.attach).


class _Unhashable(Exception):
    pass


def _frozen(v: object) -> object:
    if isinstance(v, AtT):  # a text that prints T: equal texts may have their T in other places
        return ("at_t", v.key())
    if isinstance(v, (str, int, float, bool, type(None))):
        return v
    if isinstance(v, np.ndarray):
        return ("nd", v.shape, v.dtype.str, v.tobytes())
    if isinstance(v, np.generic):
        return ("np", v.dtype.str, v.tobytes())
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, tuple(_frozen(x) for x in v))
    if isinstance(v, dict):
        return ("dict", tuple((k, _frozen(x)) for k, x in v.items()))
    if isinstance(v, range):
        return v
    if dataclasses.is_dataclass(v) and not isinstance(v, type):  # Axis, Mark
        return (type(v).__name__, tuple(_frozen(getattr(v, f.name)) for f in dataclasses.fields(v)))
    raise _Unhashable(type(v).__name__)


def memoised(fn):
    """`fn` (a figure builder) with its figures kept in the shared store by its arguments; `fn.memo` is its part of
    the store (`items`, `hits`, `misses`), for tests."""
    space = Space(f"fig:{fn.__module__.rsplit('.', 1)[-1]}.{fn.__qualname__}")

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            key = (_frozen(args), _frozen(kwargs))
        except _Unhashable:
            return fn(*args, **kwargs)

        def build():
            fig = fn(*args, **kwargs)
            if isinstance(fig, Figure):
                object.__setattr__(fig, "shared_key", (space.name, *key))  # not a Plotly property: past its check
            return fig

        return space.get_or_build(key, build)

    wrapper.memo = space
    return wrapper


_TOUCH: dict[int, tuple[weakref.ref, Figure]] = {}  # a figure's id → (the figure, its touch copy)
_TOUCH_LOCK = threading.Lock()


def for_touch(fig):
    """`fig` for a touch screen: no drag action and every axis fixed, so that a swipe across a chart scrolls the
    page. Plotly's default drag draws a zoom box, which on a phone takes the swipe: a student scrolling past a
    chart zoomed into it instead, with no toolbar to zoom back out.

    Figures are shared (memoised), so this is a new figure whose dict shares the original's data (only the layout's
    top level and its axes are new), made once per figure and kept while the figure lives (a figure built for one
    run takes its copy with it)."""
    spec = getattr(fig, "unbuilt_spec", None)
    if spec is None:  # an ordinary go.Figure (built for this run): copied and set
        if fig.layout.dragmode is False:
            return fig
        touch = go.Figure(fig)
        touch.update_layout(dragmode=False)
        touch.update_xaxes(fixedrange=True)
        touch.update_yaxes(fixedrange=True)
        return touch
    with _TOUCH_LOCK:
        kept = _TOUCH.get(id(fig))
    if kept is not None and kept[0]() is fig:
        return kept[1]
    layout = dict(spec.get("layout") or {})
    for name in {"xaxis", "yaxis", *(k for k in layout if k.startswith(("xaxis", "yaxis")))}:
        layout[name] = {**(layout.get(name) or {}), "fixedrange": True}
    layout["dragmode"] = False
    touch = Figure({**spec, "layout": layout})
    with _TOUCH_LOCK:
        _TOUCH[id(fig)] = (weakref.ref(fig), touch)
    weakref.finalize(fig, _TOUCH.pop, id(fig), None)  # gone with the figure, before its id can be reused
    return touch
