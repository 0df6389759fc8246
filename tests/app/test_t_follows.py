"""Every chart part that T changes follows the T control in the browser.

Each page is opened at T = 1 and at T = 2 (plus ⑥ with the heads following the sidebar T, and ⑧ with positions
and the causal mask). Whatever differs between the two in a chart (a trace's numbers, texts, line widths, hover
text; the title; an annotation; a shape) must be something the browser redraws from `layout.meta.attention_t`
(tcontrol.attach): a trace it recomputes (with its printed numbers when it prints them), the title's T (and
Home's pair of words), the line at T of a chart over T and its label. What cannot follow goes on EXEMPT, with why.
"""

from __future__ import annotations

import functools
import json
from dataclasses import replace

import pytest

from attention_core import codec
from attention_core.registry import PAGES
from attention_core.scenario import Scenario, View
from tests.app.conftest import charts, figure_json, open_page
from tests.figure_data import decode_typed_arrays

CASES = [(spec.key, {}) for spec in PAGES] + [("multihead", {"head_temperature": "shared"}),
                                               ("order", {"pe_alpha": 1.0, "mask": "causal"}),
                                               ("residual", {"drop": True})]  # ⑤ without the residual

# (page, chart, what) that changes with T and is drawn again only by the server's run after the release, with why
# (none today: a new entry needs its reason)
EXEMPT: dict[tuple[str, str, str], str] = {}


def figures_at(key: str, t: float, settings: dict) -> dict[str, dict]:
    settings = dict(settings)
    drop = settings.pop("drop", False)
    link = codec.encode_link(replace(Scenario(), temperature=t, **settings), View())
    at = open_page(key, query={"s": link})
    if drop:
        at.toggle(key="residual:drop").set_value(True).run()
    return {c.proto.id.rsplit("-chart:", 1)[-1]: decode_typed_arrays(figure_json(c)) for c in charts(at)}


def dumped(v) -> str:
    return json.dumps(v, sort_keys=True, default=str)


def unfollowed(key: str, name: str, a: dict, b: dict) -> list[str]:
    """What differs between chart `name` at T = 1 (`a`) and T = 2 (`b`) and the control does not redraw."""
    meta = (a.get("layout", {}).get("meta") or {}).get("attention_t", {})
    specs = {spec["i"]: spec for spec in meta.get("traces", [])}
    out = []
    if len(a["data"]) != len(b["data"]):
        out.append("the number of traces")
    for i, (ta, tb) in enumerate(zip(a["data"], b["data"], strict=False)):
        changed = sorted(k for k in set(ta) | set(tb) if dumped(ta.get(k)) != dumped(tb.get(k)))
        spec = specs.get(i)
        followed = set() if spec is None else ({"line", "opacity", "hovertemplate"} if spec["axis"] == "line"
                                               else {spec["axis"]} | ({"text"} if spec.get("text") is not None
                                                                      else set()))
        if set(changed) - followed:
            out.append(f"trace {i}")
    la, lb = a.get("layout", {}), b.get("layout", {})
    title_a, title_b = ((layout.get("title") or {}).get("text") for layout in (la, lb))
    if title_a != title_b and "title" not in meta:
        out.append("title")
    for k in sorted((set(la) | set(lb)) - {"meta", "title", "annotations", "shapes"}):
        if dumped(la.get(k)) != dumped(lb.get(k)):
            out.append(f"layout.{k}")
    marks = meta.get("marks", [])
    for part, field in (("annotations", "note"), ("shapes", "shape")):
        moved = {m[field] for m in marks if field in m}
        if part == "annotations" and "sums" in meta:  # ④'s sums beside the stacks
            moved |= set(meta["sums"]["notes"])
        pa, pb = la.get(part) or [], lb.get(part) or []
        if len(pa) != len(pb) or any(dumped(x) != dumped(y) for k, (x, y) in enumerate(zip(pa, pb)) if k not in moved):
            out.append(part)
    return out


@functools.cache
def page_unfollowed(case: int) -> dict[str, list[str]]:
    """Chart name → what T changes in it and the control does not redraw, on case `case` of CASES."""
    key, settings = CASES[case]
    at_1, at_2 = figures_at(key, 1.0, settings), figures_at(key, 2.0, settings)
    assert set(at_1) == set(at_2), key
    return {name: unfollowed(key, name, at_1[name], at_2[name]) for name in at_1}


@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{k}-{'-'.join(s) or 'default'}" for k, s in CASES])
def test_everything_t_changes_on_a_page_follows_the_control(case):
    key, settings = CASES[case]
    missing = {name: left for name, what in page_unfollowed(case).items()
               if (left := [w for w in what if (key, name, w) not in EXEMPT])}
    assert missing == {}, (key, settings, missing)


def test_every_exemption_is_still_needed():
    """An exemption whose chart now follows (or no longer changes with T) is taken off the list."""
    seen = {(CASES[case][0], name, w) for case in range(len(CASES))
            for name, what in page_unfollowed(case).items() for w in what}
    assert set(EXEMPT) <= seen, set(EXEMPT) - seen
