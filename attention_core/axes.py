"""The named semantic axes of the word vectors (docs/lexicon.md): real embedding dimensions have no names;
ours are named so the idea can be seen."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Axis:
    """One named embedding dimension; `signed` axes run from −1 to 1, the others from 0 to 1."""

    key: str
    ko: str
    en: str
    signed: bool


AXES: tuple[Axis, ...] = (
    Axis("emotion", "감정", "emotion", False),
    Axis("valence", "긍정·부정", "valence", True),
    Axis("entity", "명사성", "entity", False),
    Axis("predicate", "서술성", "predicate", False),
    Axis("modifier", "수식성", "modifier", False),
    Axis("visual", "시각", "visual", False),
    Axis("tense", "시제", "tense", True),
    Axis("person", "사람", "person", False),
)
AXIS_KEYS: tuple[str, ...] = tuple(a.key for a in AXES)
D_MODEL = len(AXES)
AXIS_INDEX = {key: i for i, key in enumerate(AXIS_KEYS)}
