"""The suite's own order: the browser files it hands out first exist (a renamed file would only lose its place)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import LONGEST_FIRST

E2E = Path(__file__).resolve().parent / "e2e"


def test_every_file_handed_out_first_is_a_browser_test_file_named_once():
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
    missing = [name for name in LONGEST_FIRST if not (E2E / f"{name}.py").is_file()]
    assert not missing, missing
