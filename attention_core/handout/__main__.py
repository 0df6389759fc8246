"""`python -m attention_core.handout LESSON.json -o lesson.html [--app-url URL] [--lang ko|en]`: the lesson file
(a lecturer's own, saved from the app's scene list, or the built-in one with `--builtin`) as one offline web page.

A lesson that does not validate writes no file: the app's message goes to stderr and the exit code is 2 (1 for a
file that cannot be read or written at all).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import scenes
from ..errors import InputError
from ..i18n import error_text
from ..registry import LANGS
from . import build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m attention_core.handout",
                                     description="Write a lesson as one self-contained, offline HTML page.")
    parser.add_argument("lesson", nargs="?", help="the lesson file (JSON, as the app saves it)")
    parser.add_argument("--builtin", action="store_true", help="the built-in lesson instead of a file")
    parser.add_argument("-o", "--output", required=True, help="the HTML file to write")
    parser.add_argument("--app-url", default=None, help="the live app's address, for each scene's link back to it")
    parser.add_argument("--lang", choices=LANGS, default=LANGS[0], help="the language the page opens in")
    args = parser.parse_args(argv)
    if bool(args.lesson) == args.builtin:
        parser.error("give a lesson file or --builtin (one of them)")
    try:
        if args.builtin:
            lesson = scenes.builtin()
        else:
            with open(args.lesson, "rb") as f:  # no more than a lesson may hold, and one byte to tell it is more
                raw = f.read(scenes.MAX_FILE_BYTES + 1)
            lesson = scenes.from_json(raw)
        page = build(lesson, args.app_url, args.lang)
    except InputError as err:
        print(error_text(args.lang, err), file=sys.stderr)
        return 2
    except OSError as err:
        print(f"{args.lesson}: {err.strerror or err}", file=sys.stderr)
        return 1
    out = Path(args.output)
    tmp = out.with_name(out.name + ".part")
    try:
        tmp.write_text(page, encoding="utf-8")
        tmp.replace(out)
    except OSError as err:
        print(f"{out}: {err.strerror or err}", file=sys.stderr)
        return 1
    print(f"{out}: {len(lesson)} scenes, {out.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
