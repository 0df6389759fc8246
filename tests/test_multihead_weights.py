"""The multi-head screen's weights: hand-set recipes (8 distinct, labels that know when they do not fit) or
the single-head weights of screens ①–⑤, and links/files written before that choice existed."""

import json

import numpy as np
import pytest

from attention_core import InputError, analysis, codec, presets
from attention_core.scenario import Scenario, View


def test_one_shared_head_at_the_sidebar_t_equals_the_single_head_weights():
    for preset in ("emotion", "identity", "random"):
        s = (Scenario().with_preset(preset).with_temperature(0.7).with_heads(1).with_head_weights("shared")
             .with_head_temperature("shared"))
        lesson = analysis.compute(s)
        np.testing.assert_allclose(lesson.multi.heads[0].weights, lesson.trace.weights, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(lesson.multi.output, lesson.trace.output, rtol=1e-12, atol=1e-15)


def test_one_shared_head_at_root_d_h_is_not_screen_3_unless_t_matches():
    s = Scenario().with_heads(1).with_head_weights("shared")  # T = √d_k = 2, sidebar T = 1
    lesson = analysis.compute(s)
    assert s.mh_temperature == pytest.approx(2.0)
    assert not np.allclose(lesson.multi.heads[0].weights, lesson.trace.weights)
    same = analysis.compute(s.with_temperature(2.0))
    np.testing.assert_allclose(same.multi.heads[0].weights, same.trace.weights, rtol=1e-12)


def test_shared_heads_must_split_d_k_and_the_preset_can_lower_them():
    s = Scenario().with_preset("identity").with_heads(8).with_head_weights("shared")  # d_k = 8
    assert s.n_heads == 8 and s.head_dim == 1
    lowered = s.with_preset("emotion")  # d_k = 4: 8 heads cannot split it
    assert lowered.n_heads == 4 and lowered.head_dim == 1
    with pytest.raises(InputError):
        lowered.with_heads(8)
    assert Scenario().with_heads(8).with_head_weights("shared").n_heads == 4
    with pytest.raises(InputError):
        Scenario().with_head_weights("mine")


def test_eight_recipes_are_distinct_and_only_a_too_wide_one_is_partial():
    assert len(set(presets.HEAD_RECIPES)) == 8
    s = Scenario().with_heads(8)
    assert sorted(s.head_recipes) == sorted(presets.HEAD_RECIPES)  # no repeats at 8 heads
    partial = [r for r in s.head_recipes if not presets.recipe_fits(r, s.head_dim)]
    assert partial == ["grammar"]  # two columns, modifier→noun and noun→predicate, in a head of width 1
    w_q, w_k = presets.head_recipe("grammar", 1)
    assert w_q[:, 0].any() and w_k[:, 0].any()  # what is left is its first column
    assert all(presets.recipe_fits(r, 2) for r in presets.HEAD_RECIPES)


def test_old_links_and_files_open_with_the_recipes_and_new_ones_keep_the_choice():
    s = Scenario().with_heads(4).with_head_weights("shared")
    back, _ = codec.decode_link(codec.encode_link(s, View()))
    assert back.head_weights == "shared" and back.n_heads == 4
    new = codec.link_payload(s, View())
    added = set(new) - set(codec.link_payload(Scenario().with_heads(4), View()))
    assert len(added) == 1  # the switch is one entry of the link, absent by default ...
    before = {k: v for k, v in new.items() if k not in added}  # ... so a link written before it lacks it
    assert codec.state_from_payload(before)[0].head_weights == "recipes"
    assert codec.decode_link(codec.encode_link(Scenario().with_heads(4), View()))[0].head_weights == "recipes"
    doc = json.loads(codec.to_json(s, View()))
    assert doc["head_weights"] == "shared"
    assert codec.from_json(json.dumps(doc))[0].head_weights == "shared"
    del doc["head_weights"]  # ... and neither do older files
    assert codec.from_json(json.dumps(doc))[0].head_weights == "recipes"
    doc["head_weights"] = 3
    with pytest.raises(InputError):
        codec.from_json(json.dumps(doc))
