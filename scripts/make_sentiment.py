"""Write attention_core/data/sentiment.csv: short Korean and English sentences for screen ⑦.

Each sentence has exactly one emotional word (lexicon emotion ≥ 0.7, |valence| ≥ 0.5) in a frame of
plain words (emotion ≤ 0.3, |valence| ≤ 0.1); its label is the sign of that word's valence (1 = positive).
The emotional words in HELD_OUT appear only in test sentences, so the screen can show that the model
learned where to look (the emotion axis), not a list of words. Run from the repository root:

    python scripts/make_sentiment.py

The CSV is committed; tests/test_learn.py checks its rules against the lexicon.
"""

from __future__ import annotations

import csv
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from attention_core import lexicon  # noqa: E402
from attention_core.learn import DATASET_PATH, EMOTIONAL_MIN, NEUTRAL_MAX, VALENCE_MIN  # noqa: E402

# Frames by the emotional word's role; "{}" is where the emotional word goes.
FRAMES: dict[str, tuple[str, ...]] = {
    "ko_adj": (
        "{} 영화였다", "{} 장면이었다", "정말 {} 영화였다", "매우 {} 장면이었다", "그 {} 장면이었다",
        "나는 어제 {} 영화를 보았다", "우리는 오늘 {} 영화를 보았다", "그녀는 {} 장면을 만들었다",
        "그 배우는 {} 장면을 만들었다", "{} 아이가 책을 읽었다", "{} 남자가 문을 닫았다", "{} 아이가 학교에 갔다",
        "그는 어제 {} 영화를 보았다", "{} 고양이가 매트 위에 앉았다",
    ),
    "ko_pred": ("나는 지금 {}", "나는 정말 {}", "오늘 나는 {}", "그녀는 오늘 {}", "우리는 지금 정말 {}",
                "그는 매우 {}"),
    "ko_cried": ("그녀는 어제 {}", "아이가 공원에서 {}", "그 배우는 정말 {}", "남자가 천천히 {}", "나는 어제 {}",
                 "그 아이가 조용히 {}"),
    "ko_loves": ("나는 영화를 {}", "그녀는 책을 {}", "우리는 지금 책을 {}", "아이가 책을 {}"),
    "ko_subj": ("{} 밤을 채웠다", "어제 {} 밤을 채웠다", "{} 천천히 찾아왔다", "오늘 {} 찾아왔다", "{} 방을 채웠다",
                "그 밤 {} 조용히 찾아왔다"),
    "en_adj": (
        "the movie was {}", "the scene was really {}", "it was a {} movie", "i saw a {} movie yesterday",
        "she was {} today", "the {} child sat on the mat", "a {} man closed the door", "we watched a {} film",
        "he is very {}", "the music was {}", "the night was {}", "the story was {}", "this room is {}",
        "the actor made a {} scene",
    ),
    "en_pred": ("she was {} today", "she is {} now", "he was very {}", "the man was {} yesterday", "the child is {}",
                "the woman was really {}"),
    "en_noun": ("the movie was about {}", "the book was about {}", "the song was about {}", "{} filled the night",
                "{} filled the room", "the story was about {}"),
    "en_cried": ("the child {} yesterday", "she {} in the park", "the actor {}", "the man {} slowly",
                 "i {} today", "the woman {} in the room"),
    "en_loves": ("i {} the movie", "we {} the music", "the child {} the book", "she {} the story",
                 "he {} the song"),
}
WORDS: dict[str, tuple[str, ...]] = {
    "ko_adj": ("슬픈", "아름다운", "행복한", "화난", "기쁜", "즐거운", "신나는", "무서운", "외로운", "우울한", "따뜻한",
               "끔찍한", "멋진", "괴로운", "사랑스러운"),
    "ko_pred": ("슬프다", "행복하다", "무섭다", "좋다"),
    "ko_cried": ("울었다", "웃었다"),
    "ko_loves": ("사랑한다",),
    "ko_subj": ("슬픔이", "기쁨이", "두려움이", "분노가", "행복이", "외로움이", "사랑이", "눈물이"),
    "en_adj": ("sad", "beautiful", "happy", "angry", "scary", "lonely", "warm", "terrible", "wonderful", "awful",
               "lovely", "gloomy", "cheerful"),
    "en_pred": ("glad", "excited", "afraid", "sad", "happy", "lonely"),
    "en_noun": ("love", "tears", "joy", "fear", "hate", "sadness", "happiness", "anger", "loneliness"),
    "en_cried": ("cried", "laughed"),
    "en_loves": ("loved", "hated", "enjoyed"),
}
HELD_OUT = ("사랑스러운", "끔찍한", "두려움이", "행복이", "lovely", "gloomy", "hated", "enjoyed")
PER_WORD = 4  # sentences per (role, emotional word)
TEST_SHARE = 0.18  # of the sentences with seen words, besides every held-out word's sentences


def check(sentence: str, emotional: str) -> None:
    for w in sentence.split():
        v = lexicon.table()[lexicon.normalize(w)]  # KeyError: the word is not in the lexicon
        emotion, valence = v[lexicon.AXIS_INDEX["emotion"]], v[lexicon.AXIS_INDEX["valence"]]
        if w == emotional:
            assert emotion >= EMOTIONAL_MIN and abs(valence) >= VALENCE_MIN, w
        else:
            assert emotion <= NEUTRAL_MAX and abs(valence) <= 0.1, (sentence, w)


def rows() -> list[tuple[str, str, int, str]]:
    rng = random.Random(7)
    out, seen = [], set()
    for role, frames in FRAMES.items():
        lang = role[:2]
        for word in WORDS[role]:
            valence = lexicon.table()[word][lexicon.AXIS_INDEX["valence"]]
            for frame in rng.sample(frames, min(PER_WORD, len(frames))):
                sentence = frame.format(word)
                if sentence in seen:
                    continue
                check(sentence, word)
                seen.add(sentence)
                split = "test" if word in HELD_OUT or rng.random() < TEST_SHARE else "train"
                out.append((sentence, lang, int(valence > 0), split))
    return out


def main() -> None:
    data = rows()
    with DATASET_PATH.open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(("sentence", "lang", "label", "split"))
        writer.writerows(data)
    test = [r for r in data if r[3] == "test"]
    print(f"{len(data)} sentences, {len(test)} held out, "
          f"{sum(any(w in HELD_OUT for w in r[0].split()) for r in test)} of them with unseen words")


if __name__ == "__main__":
    main()
