"""Sessions share the server's modules: using the app must never change a module-level object of attention_core.

Every page is run several times under AppTest (in this process, so the pages import the very modules
checked here) with sentence, T, language, preset and X edits, in fresh sessions; every module-level value of every
attention_core module, the lexicon table, the presets' outputs and the Scenario/View defaults are
fingerprinted before and after and must be equal. Scenario arrays must be read-only.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
import pkgutil
from pathlib import PurePath
from types import ModuleType

import numpy as np
import pytest

import attention_core
from attention_core import lexicon, presets
from attention_core.i18n import text
from attention_core.lexicon import AXES
from attention_core.registry import PAGES
from attention_core.scenario import Scenario, View
from attention_core.ui import live_chart
from tests.app.conftest import assert_clean, edit_matrix, open_editors, open_page, state

ROUNDS = (  # (sentence, T, preset, language) of each round of use; every page runs 4-5 times a round
    ("고양이가 매트 위에 앉았다 고양이가", 0.5, "identity", "en"),
    ("나는 어제 슬픈 영화를 보았다", 2.0, "random", "en"),
)


def _modules() -> list[ModuleType]:
    names = [m.name for m in pkgutil.walk_packages(attention_core.__path__, "attention_core.")]
    return [attention_core, *(importlib.import_module(n) for n in sorted(names))]


def fingerprint(obj: object, seen: frozenset[int] = frozenset()) -> object:
    """A plain, comparable picture of a value's whole content (arrays by bytes, containers recursively)."""
    if isinstance(obj, (str, bytes, int, float, complex, bool, type(None), enum.Enum, PurePath)):
        return obj
    if id(obj) in seen:
        return ("cycle", type(obj).__qualname__)
    seen = seen | {id(obj)}
    if isinstance(obj, np.ndarray):
        return ("ndarray", obj.dtype.str, obj.shape, obj.tobytes())
    if isinstance(obj, np.generic):
        return ("scalar", obj.dtype.str, obj.tobytes())
    if isinstance(obj, dict):
        return ("dict", tuple((repr(k), fingerprint(v, seen)) for k, v in obj.items()))
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, tuple(fingerprint(v, seen) for v in obj))
    if isinstance(obj, (set, frozenset)):
        return (type(obj).__name__, tuple(sorted(repr(fingerprint(v, seen)) for v in obj)))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__qualname__,
                tuple((f.name, fingerprint(getattr(obj, f.name), seen)) for f in dataclasses.fields(obj)))
    if isinstance(obj, (ModuleType, type)) or callable(obj):
        return ("ref", id(obj))  # rebinding a module-level name to another function or class still shows
    if type(obj).__module__.startswith("attention_core") and hasattr(obj, "__dict__"):
        return (type(obj).__qualname__, fingerprint(vars(obj), seen))
    return ("object", type(obj).__qualname__, id(obj))


def module_state() -> dict[str, object]:
    """Every module-level name of every attention_core module, and what each lru_cache'd function holds."""
    out: dict[str, object] = {}
    for module in _modules():
        for name, value in vars(module).items():
            if name.startswith("__"):
                continue
            key = f"{module.__name__}.{name}"
            out[key] = fingerprint(value)
            if (callable(value) and hasattr(value, "cache_info") and getattr(value, "__module__", "") == module.__name__
                    and not any(p.default is p.empty for p in inspect.signature(value).parameters.values())):
                out[key + "()"] = fingerprint(value())
    return out


def preset_outputs() -> dict[str, object]:
    out: dict[str, object] = {}
    for preset in presets.SINGLE_HEAD_PRESETS:
        for seed in (0, 7):
            out[f"single:{preset}:{seed}"] = fingerprint(presets.single_head_weights(preset, seed))
    for recipe in presets.HEAD_RECIPES:
        for d_h in (1, 2, 4, 8):
            out[f"head:{recipe}:{d_h}"] = fingerprint(presets.head_recipe(recipe, d_h))
    for recipes in (presets.DEFAULT_HEAD_RECIPES[:2], presets.DEFAULT_HEAD_RECIPES):
        out[f"multi:{recipes}"] = fingerprint(presets.multi_head_weights(recipes))
    return out


def defaults() -> dict[str, object]:
    s = Scenario()
    return {"Scenario()": fingerprint(s), "Scenario().x": fingerprint(s.x), "Scenario().labels": s.labels,
            "Scenario().multi_head": fingerprint(s.multi_head_weights), "View()": fingerprint(View())}


def everything() -> dict[str, object]:
    return {**module_state(), **preset_outputs(), **defaults(), "lexicon.table()": fingerprint(lexicon.table())}


def scenario_arrays(s: Scenario) -> dict[str, np.ndarray]:
    arrays = {name: getattr(s, name) for name in ("x", "w_q", "w_k", "w_v", "gamma", "beta")}
    arrays.update({f"multi_head_weights[{i}]": w for i, w in enumerate(s.multi_head_weights)})
    return arrays


def use_every_page(sentence: str, t: float, preset: str, lang: str) -> list[Scenario]:
    """A fresh session walks through every page and, on each, sets T, the preset, an X cell and the language."""
    at = open_page("home")
    at.text_input(key="sb:sentence").input(sentence).run()
    seen = []
    for i, spec in enumerate(PAGES):
        at.switch_page(spec.file).run()
        at.select_slider(key="sb:T").set_value(t).run()
        at.selectbox(key="sb:preset").set_value(preset if i % 2 else "emotion").run()
        if any(str(e.key).startswith("edit:x:") for e in open_editors(at).data_editor):
            edit_matrix(at, "x", {0: {text(state(at).view.lang, "axis.emotion"): 0.77}})
        at.segmented_control(key="sb:lang").set_value(lang if i % 2 else "ko").run()
        assert_clean(at)
        s = state(at).scenario
        assert (s.sentence, s.temperature) == (sentence, t), spec.key
        seen.append(s)
    return seen


# The module-level objects every session writes to, on purpose: the charts' text alternatives, described once per
# shared (memoised, never changed) figure and language under a lock, dropped with their figure
# (tests/test_accessible.py); the reload store (?sid=), which keeps each session's encoded state under an
# unguessable id of its own (tests/test_store.py: isolation, bounds, expiry).
SHARED_BY_DESIGN = ["attention_core.accessible._MEMO", "attention_core.shared.STORE", "attention_core.ui.state.STORE"]


def test_using_every_page_mutates_no_module_level_object():
    lexicon.table()  # the table is read once per process; read it before the first picture
    live_chart._component()  # registered once per process, by the first live chart (in whichever test comes first)
    before = everything()
    hits = lexicon.table.cache_info().hits
    scenarios = [s for rnd in ROUNDS for s in use_every_page(*rnd)]
    after = everything()
    assert lexicon.table.cache_info().hits > hits, "the pages did not use this process's attention_core"
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert changed == SHARED_BY_DESIGN, f"module-level objects changed by using the app: {changed}"
    for s in scenarios:  # what the sessions built is read-only too
        for name, arr in scenario_arrays(s).items():
            assert not arr.flags.writeable, name


def test_scenario_arrays_are_read_only():
    base = Scenario()
    made = [
        base,
        base.with_sentence("고양이가 매트 위에 앉았다")[0],
        base.with_preset("random", 3),
        base.with_preset("identity"),
        base.with_temperature(0.5),
        base.with_heads(4),
        base.with_x(np.full((base.n, len(AXES)), 0.25)),
        base.with_matrix("w_q", np.ones_like(base.w_q)),
        base.with_matrix("gamma", np.full(len(AXES), 2.0)),
    ]
    for s in made:
        for name, arr in scenario_arrays(s).items():
            assert not arr.flags.writeable, name
            with pytest.raises(ValueError, match="read-only"):
                arr[(0,) * arr.ndim] = 42.0
    assert not np.array_equal(made[6].x, base.x) and base.x[0, 0] != 0.25  # edits made new arrays


def test_presets_hand_out_fresh_arrays():
    """A caller that writes into a preset's output must not change the next caller's."""
    first = presets.single_head_weights("emotion")
    first[0][...] = 99.0
    assert not np.any(presets.single_head_weights("emotion")[0] == 99.0)
    w_q, _ = presets.head_recipe("grammar", 2)
    w_q[...] = 99.0
    assert not np.any(presets.head_recipe("grammar", 2)[0] == 99.0)


def test_memoised_figures_are_shared_and_never_changed():
    """Figures are memoised by their arguments and shared by every session: using the pages again with the same
    inputs takes them from the store, and leaves every stored figure exactly as it was built."""
    from attention_core import figures

    stores = [fn.memo for fn in vars(figures).values() if callable(fn) and hasattr(fn, "memo")]
    assert len(stores) >= 10
    use_every_page(*ROUNDS[0])
    before = {(i, key): fingerprint(fig.to_plotly_json())
              for i, store in enumerate(stores) for key, fig in store.items.items()}
    hits = sum(store.hits for store in stores)
    use_every_page(*ROUNDS[0])
    assert sum(store.hits for store in stores) > hits + 20
    after = {(i, key): fingerprint(fig.to_plotly_json())
             for i, store in enumerate(stores) for key, fig in store.items.items() if (i, key) in before}
    assert len(after) > 20
    assert [k for k in after if after[k] != before[k]] == []
