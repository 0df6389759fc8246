"""A T step redraws only the T parts (`Page.follows_t`): it must show what a whole page at the new T shows.

For every page (and the multi-head heads following T, ⑧ with positions and a mask, presenter mode, the
on-page T, the B − A compare), one session steps a T slider with the partial redraw on; a second session
in the same state steps it with whole-page runs. Checked:
- the step's run drew every T part of the page and nothing outside them;
- every T part it drew equals the same part of the whole page at the new T;
- everything outside the T parts is the same at the old and the new T (so a T step leaves nothing stale).
Widget values written by the server (`set_value`) are left out: whether a run writes them depends on the
session's history, not on T. The share link is compared by its state (AppTest gives the two runs different
page URLs; the browser tests check the link itself).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from attention_core import codec, learn
from attention_core.registry import PAGES, page_spec
from attention_core.scenario import Scenario, View
from attention_core.ui import compat, frame, tparts
from attention_core.ui.state import AppState
from tests.app.conftest import (
    T_TABLE,
    assert_clean,
    chart,
    open_drawer,
    open_page,
    release_control,
    state,
    t_controls,
)

pytestmark = pytest.mark.partial_t

T_OLD, T_NEW = 1.0, 2.0
PART = "t-part-"


def _proto_bytes(node) -> bytes:
    proto = type(node.proto)()
    proto.CopyFrom(node.proto)
    fields = proto.DESCRIPTOR.fields_by_name
    if "set_value" in fields:
        if proto.set_value:  # a value the server wrote: what the browser holds otherwise
            for name in ("value", "raw_value", "raw_values"):
                if name in fields:
                    proto.ClearField(name)
        proto.ClearField("set_value")
    if "deferred_file_id" in fields:  # a download made at the click: a new random id every run
        proto.ClearField("deferred_file_id")
    if "code_text" in fields and "?s=" in proto.code_text:  # the share link: its state, not AppTest's page URL
        proto.code_text = proto.code_text[proto.code_text.index("?s="):]
    return proto.SerializeToString(deterministic=True)


def _walk(node, part: str | None, out: dict[str | None, list[bytes]]) -> None:
    key = getattr(node, "key", None)
    if isinstance(key, str) and key.startswith(PART):
        part = key
    if getattr(node, "proto", None) is not None and getattr(node, "type", None) != "flex_container":
        out.setdefault(part, []).append(_proto_bytes(node))  # plain containers hold no text of their own
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            _walk(child, part, out)


def parts(at) -> dict[str | None, list[bytes]]:
    """The page's elements by T part (None: outside every part), main area and sidebar."""
    out: dict[str | None, list[bytes]] = {}
    for root in (at.main, at.sidebar):
        _walk(root, None, out)
    return out


def link(temperature: float, scenario: dict, view: dict) -> str:
    return codec.encode_link(replace(Scenario(), temperature=temperature, **scenario), View(**view))


# (page, scenario fields, view fields, the T slider stepped, a button pressed first: the B − A compare's
# snapshot)
CASES = [
    *[(spec.key, {}, {}, "sb:T", None) for spec in PAGES],
    ("multihead", {"head_temperature": "shared"}, {}, "sb:T", None),  # the heads follow the sidebar T
    ("order", {"pe_alpha": 1.0, "mask": "causal"}, {}, "sb:T", None),
    ("home", {}, {"presenter": True}, "pr:T", None),
    ("value", {}, {"presenter": True}, "pr:T", None),
    ("temperature", {}, {}, "temperature:T", None),
    ("residual", {}, {}, "sb:T", "tl:snapshot"),
]


def session(key: str, scenario: dict, view: dict, button: str | None):
    at = open_page(key, {"s": link(T_OLD, scenario, view)})
    if button:
        open_drawer(at, "tl:box")
        at.button(key=button).click().run()
        at.run()  # a notice ("saved") shows once: gone from both sessions before they are compared
        assert_clean(at)
    return at


@pytest.mark.parametrize(("key", "scenario", "view", "slider", "button"), CASES,
                         ids=[f"{c[0]}-{c[3]}" + ("-" + ",".join(c[1]) if c[1] else "") + ("-" + ",".join(c[2]) if c[2]
                              else "") + (f"-{c[4]}" if c[4] else "") for c in CASES])
def test_a_t_step_redraws_its_parts_as_the_whole_page_would(key, scenario, view, slider, button, monkeypatch):
    at = session(key, scenario, view, button)
    before = parts(at)
    # the share link is in the sidebar T's part where that is the page's only one (frame.sidebar_t_rest)
    alone = {f"{PART}{key}-slider_sb_T"} == {k for k in before if k}
    assert {f"{PART}{key}-slider_sb_T"} | (set() if alone else {f"{PART}{key}-frame_tail"}) <= set(before), \
        sorted(k for k in before if k)
    if alone:
        assert "?s=" in at.sidebar.code[0].value, "the share link is drawn in the sidebar T's part"

    browser = state(at).t_browser  # a T table outside the parts (②): the browser redraws it, a slider step cannot
    at.select_slider(key=slider).set_value(T_NEW).run()
    assert_clean(at)
    step = parts(at)
    if not browser:
        assert step.get(None, []) == [], "a T step drew elements outside the T parts"
    assert set(step) - {None} == set(before) - {None}, "a T step must redraw every T part, and only them"

    whole_at = session(key, scenario, view, button)
    monkeypatch.setattr(tparts, "PARTIAL_T_REDRAW", False)
    whole_at.select_slider(key=slider).set_value(T_NEW).run()
    assert_clean(whole_at)
    whole = parts(whole_at)
    assert set(whole) == set(before)
    if browser:  # the Streamlit slider's step is the whole page; outside the parts only the T tables change with T
        assert step == whole, "a step the browser did not draw must draw the whole page"
        tables = [T_TABLE.encode() in b for b in before[None]]
        assert any(tables) and tables == [T_TABLE.encode() in b for b in whole[None]]
        before[None] = [b for b, table in zip(before[None], tables) if not table]
        whole[None] = [b for b, table in zip(whole[None], tables) if not table]
    for name in sorted(k for k in whole if k):
        changed = [(i, a[:160], b[:160]) for i, (a, b) in enumerate(zip(step[name], whole[name])) if a != b]
        assert step[name] == whole[name], f"{name} after a T step differs from the whole page at T = {T_NEW}: {changed}"
    changed = [(i, a[:160], b[:160]) for i, (a, b) in enumerate(zip(before[None], whole[None])) if a != b]
    assert before[None] == whole[None], f"outside the T parts, elements change with T (put them in a T part): {changed}"


def test_during_auto_training_a_t_step_redraws_the_learned_weights_at_the_new_t():
    """⑦'s auto-training fragment draws the weights at T as a T part inside it; each of its own runs trains
    on (so it cannot be compared with a whole page), but a T step must redraw that part alone, at the new T."""
    at = session("learn", {}, {}, "ln:auto")
    at.select_slider(key="sb:T").set_value(T_NEW).run()
    assert_clean(at)
    step = parts(at)
    assert step.get(None, []) == [] and f"{PART}learn-weights_at_t" in step
    s, run = state(at).scenario, state(at).training.current()
    assert s.temperature == T_NEW
    np.testing.assert_allclose(np.array(chart(at, "weights-learned").data[0].z),
                               learn.sentence_weights(s.x, run.w_q, run.w_k, T_NEW))


class _Recorder:
    """What a T control's callback does to the page: the scenario it stores and the T-part runs it asks for."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario, self.updates, self.redraws = scenario, [], 0

    def update(self, scenario: Scenario) -> None:
        self.updates.append(scenario)
        self.scenario = scenario

    def redraw_t(self, drawn: bool = True) -> None:
        self.redraws += 1


def test_a_report_of_the_t_already_shown_redraws_nothing():
    """A T control reporting the T the page already shows (it comes with a rerun sent while the browser still held
    the page it was leaving) asks for no T-part run: one started the instant the new page's run ended has blanked
    the page (docs/reliability.md). A new T is stored and redraws the parts once."""
    p = _Recorder(replace(Scenario(), temperature=T_OLD))
    tparts.step_t(p, p.scenario.with_temperature(T_OLD))
    assert (p.updates, p.redraws) == ([], 0)
    tparts.step_t(p, p.scenario.with_temperature(T_NEW))
    assert p.scenario.temperature == T_NEW and len(p.updates) == 1 and p.redraws == 1


class _Storage:
    def resolve_target(self, keys):
        return [f"id-{k}" for k in keys]


class _Ctx:
    page_script_hash = "page"
    fragment_storage = _Storage()

    def __init__(self, running: list[str]) -> None:
        self.fragment_ids_this_run = running


@pytest.mark.parametrize(("parts", "running", "asked"), [
    (("t-part:gaze:slider_sb_T",), ["id-t-part:gaze:slider_sb_T"], []),  # ①: the control's own part, alone
    (("t-part:x:slider_sb_T", "t-part:x:weights"), ["id-t-part:x:slider_sb_T"],
     [["t-part:x:slider_sb_T", "t-part:x:weights"]]),  # more parts than the control's: asked for by name
    (("t-part:gaze:slider_sb_T",), [], [["t-part:gaze:slider_sb_T"]]),  # a control outside its part
])
def test_a_t_step_whose_parts_are_the_controls_own_is_one_run(parts, running, asked, monkeypatch):
    """Streamlit answers a request for parts by name with two runs (the first cut short at once), which in the
    browser cost about as much as a bare page's whole step. Where the page's only T part is the one the control
    sits in (① and ⑥'s sidebar), the run Streamlit already started for the control is the T step: nothing is
    asked for, and the run counts as a T step."""
    ctx, asks = _Ctx(running), []
    monkeypatch.setattr(compat, "_ctx", lambda: ctx)
    monkeypatch.setattr(frame.st, "rerun", asks.append)
    state = AppState(Scenario(), View())
    state.t_parts, state.t_parts_script = parts, "page"
    frame.Page("gaze", state).redraw_t()
    assert asks == asked
    assert state.t_ids == {f"id-{k}" for k in parts}
    assert tparts.in_t_step(state) == (not asked)


@pytest.mark.parametrize("drawn", [True, False])
def test_on_a_page_with_a_t_table_a_step_the_browser_did_not_draw_is_a_whole_page(drawn, monkeypatch):
    """②'s weight path is no T part: the T control redraws it in the browser, so its step is the control's own
    part's run. A step the browser did not draw (the Streamlit slider, a failed preview) asks for no parts: the
    callback's run is the whole page, which draws the table at the new T."""
    part = "t-part:score:slider_sb_T"
    ctx, asks = _Ctx([f"id-{part}"]), []
    monkeypatch.setattr(compat, "_ctx", lambda: ctx)
    monkeypatch.setattr(frame.st, "rerun", asks.append)
    state = AppState(Scenario(), View())
    state.t_parts, state.t_parts_script, state.t_browser = (part,), "page", True
    frame.Page("score", state).redraw_t(drawn)
    assert asks == []
    assert state.t_ids == (frozenset({f"id-{part}"}) if drawn else frozenset())
    assert tparts.in_t_step(state) == drawn  # the control's own part's run is the step; else the whole page


@pytest.mark.parametrize("sent", [2.0, {"t": 2.0, "drawn": False}])
def test_once_the_control_has_told_a_t_the_streamlit_sliders_are_drawn_no_more(sent):
    """The Streamlit slider beside each T control stands in where the control's module cannot run (and AppTest
    drives it). Once a control has told the server a T (drawn in the browser first or not), its module runs in
    this browser: no page of the session draws the sliders, every control stays, and T is the one sent."""
    at = open_page("temperature")
    assert {"sb:T", "temperature:T"} <= {s.key for s in at.select_slider}
    assert t_controls(at) == ["tc:temperature:T", "tc:sb:T"]
    release_control(at, "tc:sb:T", sent)
    assert_clean(at)
    assert state(at).scenario.temperature == 2.0 and state(at).t_control_runs
    at.run()
    assert_clean(at)
    assert [s.key for s in at.select_slider] == ["temperature:dk"]  # ③'s d_k slider, no T slider
    assert t_controls(at) == ["tc:temperature:T", "tc:sb:T"]
    at.switch_page(page_spec("value").file).run()
    assert_clean(at)
    assert not at.select_slider and t_controls(at) == ["tc:sb:T"] and state(at).scenario.temperature == 2.0
