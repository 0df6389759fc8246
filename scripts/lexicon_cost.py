"""What the word lookup costs (docs/lexicon.md, "Cost"): import time, and the time and memory the first word the
table does not hold adds when it loads the open lexicons and the Korean word list.

    python scripts/lexicon_cost.py        # run from the repository root; prints one line per run
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 5
PROBE = """
import time
def rss():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) / 1024 for line in f if line.startswith("VmRSS"))
t0, r0 = time.perf_counter(), rss()
import attention_core
from attention_core import lexicon
t1, r1 = time.perf_counter(), rss()
lexicon.lookup("슬픈")
t2, r2 = time.perf_counter(), rss()
lexicon.lookup("그리웠다"); lexicon.lookup("calm")
t3, r3 = time.perf_counter(), rss()
for word in ("떠나가는", "기뻐서", "times", "rage", "퀀텀얽힘체") * 20:
    lexicon.lookup(word + str(time.perf_counter_ns() % 7))
t4 = time.perf_counter()
print(f"{t1 - t0:.2f} {r1 - r0:.1f} {t3 - t2:.3f} {r3 - r2:.1f} {(t4 - t3) / 100 * 1000:.2f}")
"""


def main() -> int:
    print("import s | import MB | first unknown word s | lexicons MB | ms per further new word")
    for _ in range(RUNS):
        out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True)
        print(" | ".join(out.stdout.split()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
