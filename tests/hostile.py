"""What a curious student might paste or upload, for the tests (tests/test_hostile.py) and the benchmark
(bench/hostile.py): the decoders of everything that comes from outside, valid documents to mutate, and the known
bombs (deep nesting, width blanks in captions, huge and non-finite numbers, lone surrogates, long lists)."""

from __future__ import annotations

import base64
import copy
import json
import zlib
from collections.abc import Callable

from attention_core import codec, scenes
from attention_core.scenario import Scenario, View


def token(raw: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode("ascii").rstrip("=")


def pack_json(value: object) -> str:
    return token(json.dumps(value, ensure_ascii=True).encode())  # ensure_ascii: lone surrogates travel as \ud800


# what a decoded share link or lesson is shown with: its caption filled, its state encoded again (the reload store)
def shown_link(t: object) -> object:
    out = codec.decode_link(t)
    codec.encode_link(*out)
    return out


def shown_lesson(lesson: tuple[scenes.Scene, ...]) -> tuple[scenes.Scene, ...]:
    for scene in lesson[:2]:
        for lang in ("ko", "en"):
            assert len(scene.caption_shown(lang)) < 20 * scenes.MAX_CAPTION_CHARS
    scenes.encode_link(lesson)
    return lesson


DECODERS: dict[str, Callable[[object], object]] = {
    "share link": shown_link,
    "lesson link": lambda t: shown_lesson(scenes.decode_link(t)),
    "state file": lambda text: codec.encode_link(*codec.from_json(text)),
    "lesson file": lambda text: shown_lesson(scenes.from_json(text)),
}

def deep(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "[" else ('{"a":' * depth + "1" + "}" * depth)


def paths(doc: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in a decoded document where a value sits (keys and list indices)."""
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:6]):
            out += paths(value, (*prefix, i))
    return out


def mutated(doc: object, path: tuple, value: object) -> object:
    doc = copy.deepcopy(doc)
    if not path:
        return value
    at = doc
    for step in path[:-1]:
        at = at[step]
    at[path[-1]] = value
    return doc


VALID_SCENARIO = Scenario().with_sentence("나는 어제 슬픈 영화를 보았다")[0].with_x([[0.5] * 8] * 5).with_matrix(
    "w_q", [[0.1 * (i - j) for j in range(4)] for i in range(8)])
VALID_LINK = codec.link_payload(VALID_SCENARIO, View(lang="en", focus=2, cell=(1, 3), presenter=True))
VALID_LESSON = scenes.document(scenes.builtin()[:3])
VALID_STATE = json.loads(codec.to_json(VALID_SCENARIO, View()))

BOMBS = {
    "share link": [token(b"[" * 5000), token(deep(3000, "{").encode()), pack_json({"v": 1, "s": "a", "x": "[" * 9}),
                   token(b'{"v":1,"s":"a","t":1e999}'), token(b'{"v":1,"s":"a","t":' + b"9" * 5000 + b"}"),
                   token(b'{"v":1,"s":"\\ud800"}'), token(b'{"v":1,"s":"a","t":NaN}'),
                   pack_json({"v": 1, "s": "a", "q": [[0, 1]] * 40_000})],
    "lesson link": [token(b"[" * 5000), token(deep(3000, "{").encode())]
                   + [pack_json(mutated(VALID_LESSON, ("scenes", 0, "caption", "en"), cap))
                      for cap in ("{T:>999999999}" * 8, "{word[0]:^400000000}", "{w[0][0]:,>300000000.2f}",
                                  "{T:{T}}", "{word.__class__}", "{T!r}")],
    "state file": ["[" * 5000, deep(3000, "{"), '{"format": "attention-lesson", "version": 1e999}'],
    "lesson file": ["[" * 5000, deep(3000, "{"),
                    json.dumps(mutated(VALID_LESSON, ("scenes", 0, "caption", "ko"), "{T:>999999999}" * 8))],
}
