"""Every visible string exists in Korean and English with the same blanks, and every key used exists."""

import re
import string
from pathlib import Path

from attention_core.i18n import CATALOGUE, error_text, text
from attention_core.lexicon import AXES
from attention_core.presets import HEAD_RECIPES, SINGLE_HEAD_PRESETS
from attention_core.registry import PAGE_KEYS

ROOT = Path(__file__).resolve().parents[1]


def blanks(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_string_has_both_languages_with_the_same_blanks():
    for key, (ko, en) in CATALOGUE.items():
        assert ko.strip() and en.strip(), key
        assert blanks(ko) == blanks(en), key
    korean = [key for key, (ko, _) in CATALOGUE.items() if re.search(r"[가-힣]", ko)]
    assert len(korean) >= 0.9 * len(CATALOGUE)  # the rest are formulas and names such as "QKᵀ"


def test_every_literal_key_used_in_the_code_exists():
    used = set()
    for path in [ROOT / "app.py", *ROOT.glob("pages/*.py"), *ROOT.glob("attention_core/ui/*.py")]:
        source = path.read_text(encoding="utf-8")
        for m in re.finditer(r"""\b(?:p|page|self)\.tm?\(\s*["']([a-z_]+\.[a-z0-9_]+)["']""", source):
            used.add(m.group(1))
    missing = sorted(k for k in used if k not in CATALOGUE)
    assert not missing, missing
    assert len(used) > 100


def test_named_things_are_translated():
    for key in [f"axis.{a.key}" for a in AXES] + [f"preset.{p}" for p in SINGLE_HEAD_PRESETS] + [
            f"recipe.{r}" for r in HEAD_RECIPES] + [f"page.{k}" for k in PAGE_KEYS] + [
            f"home.d_{k}" for k in PAGE_KEYS[1:]]:
        assert key in CATALOGUE, key


def test_errors_are_translated_by_key():
    from attention_core import InputError

    err = InputError("cell_not_number", "x", name="W_Q", row="감정", col="q1", value="abc")
    assert "숫자가 아닙니다" in error_text("ko", err) and "is not a number" in error_text("en", err)
    assert text("en", "no.such.key") == "no.such.key"


BAD_STATES = [b"{", b"\xff\xfe", b"[]", b'{"format": "attention-lesson", "version": 1}', "", "%%%", "aGVsbG8"]


def test_unreadable_links_and_files_are_explained_in_plain_words():
    import json

    from attention_core import InputError, codec, scenes
    from attention_core.scenario import Scenario, View

    doc = json.loads(codec.to_json(Scenario(), View()))
    doc["seed"] = -5
    cases = [(codec.from_json, b) for b in BAD_STATES[:4]] + [(codec.decode_link, t) for t in BAD_STATES[4:]]
    cases += [(codec.from_json, json.dumps(doc).encode()), (scenes.from_json, b"{"), (scenes.from_json, b"[]"),
              (scenes.decode_link, "%%%")]
    for load, data in cases:
        try:
            load(data)
        except InputError as err:
            ko, en = error_text("ko", err), error_text("en", err)
        else:
            raise AssertionError(data)
        for word in ("KeyError", "TypeError", "not JSON", "not readable", "truncated", "not a lesson"):
            assert word not in ko, (data, ko)
        assert re.search(r": .*[가-힣]", ko) and en.endswith("."), (ko, en)  # the reason itself is Korean
        assert "Error" not in en, en
    err = InputError("state_invalid", "x", what="missing", field="temperature")
    assert "‘temperature’ 항목이 없습니다" in error_text("ko", err)
    assert "the entry ‘temperature’ is missing" in error_text("en", err)
