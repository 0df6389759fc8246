"""▶ play T on the Temperature screen: the frames are the app's own softmax at every T option, the entropy
marker follows them, and the player changes nothing of the lesson (the sidebar T stays)."""

import json

import numpy as np

from attention_core import analysis, softmax
from attention_core.registry import T_OPTIONS
from tests.app.conftest import assert_clean, charts, open_page, state
from tests.figure_data import decode_typed_arrays


def player(at) -> dict | None:
    """The player's figure as the browser receives it (typed arrays decoded), or None when it is not drawn."""
    found = [c for c in charts(at) if c.proto.id.endswith("-chart:t-player")]
    return decode_typed_arrays(json.loads(found[0].proto.spec)) if found else None


def test_the_player_frames_are_the_softmax_at_every_t_option():
    at = open_page("temperature")
    assert player(at) is None  # closed until asked for
    at.text_input(key="sb:sentence").input("고양이가 매트 위에 앉았다 오늘").run()
    at.select_slider(key="sb:T").set_value(2.0).run()
    at.toggle(key="temperature:play").set_value(True).run()
    assert_clean(at)
    s = state(at).scenario
    assert s.temperature == 2.0 and at.select_slider(key="sb:T").value == 2.0  # the player leaves T alone
    scores = analysis.compute(s).trace.scores
    fig = player(at)
    frames = fig["frames"]
    assert [f["name"] for f in frames] == [f"{t:g}" for t in T_OPTIONS]
    for f, t in zip(frames, T_OPTIONS, strict=True):
        z = np.asarray(f["data"][0]["z"], dtype=float)
        want = np.vstack([softmax(row, temperature=t) for row in scores])
        np.testing.assert_allclose(z, want, rtol=1e-12, atol=1e-15)
        safe = np.where(want > 0, want, 1.0)
        h = float(np.mean(-np.sum(want * np.log(safe), axis=1)))
        assert list(f["data"][1]["x"]) == [t] and abs(float(f["data"][1]["y"][0]) - h) < 1e-12
    np.testing.assert_allclose(np.asarray(fig["data"][0]["z"], dtype=float), frames[0]["data"][0]["z"])
    play = fig["layout"]["updatemenus"][0]["buttons"][0]
    assert play["method"] == "animate" and play["args"][0] == [f["name"] for f in frames]
    assert play["label"] == "▶ T 재생"


def test_the_player_is_the_same_whatever_t_is():
    """It shows every T, so a T step does not change it (the browser does not redraw it)."""
    at = open_page("temperature")
    at.toggle(key="temperature:play").set_value(True).run()
    before = [c.proto.spec for c in charts(at) if c.proto.id.endswith("-chart:t-player")]
    at.select_slider(key="sb:T").set_value(0.3).run()
    assert_clean(at)
    after = [c.proto.spec for c in charts(at) if c.proto.id.endswith("-chart:t-player")]
    assert len(before) == 1 and before == after
