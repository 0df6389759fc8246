"""Every page's figures reach the browser as the JSON Plotly's own objects give, without the server building them.

`figures.Figure` keeps a builder's dict and sends it as it is (docs/reliability.md: building and copying Plotly's
objects was the largest part of a page run under a class's load). Two claims, checked on every page and after a T
step: what is sent equals `go.Figure(spec).to_json()` (so the browser draws the same chart), and nothing on the
way (the T control, the accessible description, the "numbers as a table" switch) turned a figure into Plotly's
objects.
"""

from __future__ import annotations

import json

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from attention_core import figures, shared
from attention_core.registry import PAGE_KEYS
from tests.app.conftest import open_page


def _builders():
    return [getattr(figures, name) for name in sorted(figures.BUILDERS)] + [
        fn for fn in vars(figures).values() if callable(fn) and hasattr(fn, "memo")]


def _memoised() -> list[tuple[str, figures.Figure]]:
    seen, out = set(), []
    for fn in _builders():
        store = getattr(fn, "memo", None)
        if store is None or id(store) in seen:
            continue
        seen.add(id(store))
        out += [(fn.__name__, fig) for fig in store.items.values()]
    return out


def _forget() -> None:
    shared.STORE.clear()


@pytest.mark.parametrize("key", PAGE_KEYS)
def test_every_figure_is_sent_as_plotly_would_send_it_and_none_is_built(key):
    _forget()
    at = open_page(key)
    at = at.select_slider(key="sb:T").set_value(0.5).run()  # a T step: the T parts again, through the T control
    assert not at.exception
    made = _memoised()
    assert made, key  # the page drew figures through the builders
    for name, fig in made:
        assert isinstance(fig, figures.Figure), (key, name, type(fig))
        assert not fig._built, (key, name)  # read from its dict, never as Plotly objects
        sent = json.loads(pio.to_json(fig, validate=False))
        plotly = json.loads(go.Figure(figures.copied(fig.spec), _validate=False).to_json(validate=False))
        assert sent == plotly, (key, name)
