"""How long and how much memory each decoder of outside input takes on the hostile corpus, beside valid input.

    python bench/hostile.py [--reps 30]

Every way in is bounded (docs/security.md): a link, a file or a class request is read or refused within 100 ms and
bounded memory. For each decoder (share link, lesson link, state file, lesson file) this runs the known bombs of
`tests/hostile.py` and a valid document of the same kind (the built-in lesson; a ten-word state with edited
matrices) `--reps` times each, interleaved, and prints the median and the maximum time, the ratio of the bomb's
median to the valid document's with a bootstrap 95 % interval, and the peak memory of one decode (tracemalloc).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from attention_core import codec, scenes  # noqa: E402
from attention_core.errors import InputError  # noqa: E402
from tests.hostile import BOMBS, DECODERS, VALID_LINK, VALID_SCENARIO, pack_json  # noqa: E402

VALID = {
    "share link": pack_json(VALID_LINK),
    "lesson link": scenes.encode_link(scenes.builtin()),
    "state file": codec.to_json(VALID_SCENARIO, codec.View()),
    "lesson file": scenes.to_json(scenes.builtin()),
}


def once(decode, value) -> float:
    started = time.perf_counter()
    with contextlib.suppress(InputError):
        decode(value)
    return (time.perf_counter() - started) * 1000


def peak_bytes(decode, value) -> int:
    tracemalloc.start()
    try:
        once(decode, value)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def ratio_interval(a: list[float], b: list[float], n: int = 2000) -> tuple[float, float]:
    rng = random.Random(0)
    ratios = sorted(statistics.median(rng.choices(a, k=len(a))) / statistics.median(rng.choices(b, k=len(b)))
                    for _ in range(n))
    return ratios[int(0.025 * n)], ratios[int(0.975 * n)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=30)
    args = ap.parse_args()
    print("| input | median ms | max ms | × valid (95 % CI) | peak memory |")
    print("|---|---|---|---|---|")
    for kind, decode in DECODERS.items():
        valid = VALID[kind]
        for i, bomb in enumerate(BOMBS[kind]):
            times: dict[str, list[float]] = {"bomb": [], "valid": []}
            for _ in range(args.reps):  # interleaved: the machine's load falls on both alike
                times["bomb"].append(once(decode, bomb))
                times["valid"].append(once(decode, valid))
            low, high = ratio_interval(times["bomb"], times["valid"])
            ratio = statistics.median(times["bomb"]) / statistics.median(times["valid"])
            print(f"| {kind} #{i} | {statistics.median(times['bomb']):.2f} | {max(times['bomb']):.2f} | "
                  f"{ratio:.2f} ({low:.2f}–{high:.2f}) | {peak_bytes(decode, bomb) / 1e6:.1f} MB |")
        print(f"| {kind}, valid | {statistics.median(times['valid']):.2f} | {max(times['valid']):.2f} | 1 | "
              f"{peak_bytes(decode, valid) / 1e6:.1f} MB |")


if __name__ == "__main__":
    main()
