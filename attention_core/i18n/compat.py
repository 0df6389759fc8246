"""Strings of the notice the lecturer sees when this server runs without one of Streamlit's internals the app uses
(ui/compat.py; docs/internals.md): {key: (korean, english)}. "<use>" is what is missing, "<use>.effect" what may
happen without it."""

STRINGS: dict[str, tuple[str, str]] = {
    "title": ("이 서버의 Streamlit 버전에서 앱이 쓰는 내부 기능 일부를 찾지 못해, 그 기능 없이 실행 중입니다.",
              "This server's Streamlit lacks some of the internals the app uses: it runs without them."),
    "line": ("{what} 없이 실행 중: {effect}", "Running without {what}: {effect}"),
    "help": ("서버 기록(log)에 자세한 내용이 있습니다. 관리자에게 docs/internals.md를 알려 주세요.",
             "The server's log has the details; for whoever runs it: docs/internals.md."),
    "ok": ("확인", "Got it"),
    "script_runs": ("실행 순서 조절(gate)", "the run gate"),
    "script_runs.effect": ("학생들이 한꺼번에 답할 때 강의 화면이 늦게 바뀔 수 있습니다.",
                           "while the class answers at once, your screen may lag."),
    "lecturer": ("강의자 세션 알아보기", "knowing the lecturer's session"),
    "lecturer.effect": ("강의 화면이 학생들보다 먼저 처리되지 않아, 학생들이 한꺼번에 답할 때 늦게 바뀔 수 있습니다.",
                        "your runs do not go first; while the class answers at once, your screen may lag."),
    "page_move": ("떠난 페이지의 요청 옮기기", "moving a left page's requests"),
    "page_move.effect": ("화면 너비 측정이 꺼져, 차트가 1280 px 화면에 맞춰 그려집니다.",
                         "the screen-width measure is off: charts are laid out for a 1280 px screen."),
    "partial_runs": ("부분 다시 그리기", "partial redraws"),
    "partial_runs.effect": ("T를 움직이거나 누를 때마다 페이지 전체를 다시 그려 느려지고, 화면 너비 측정이 꺼집니다.",
                            "each T step and each press redraws the whole page (slower); the screen-width measure "
                            "is off."),
    "run_token": ("실행 표지", "the run marker"),
    "run_token.effect": ("같은 값에 묶인 두 컨트롤을 거의 동시에 바꾸면 한 번 더 눌러야 할 수 있습니다.",
                         "two controls of one value changed in the same moment may need a second try."),
    "widget_reports": ("브라우저가 그린 위젯 확인", "the check that the browser drew a widget"),
    "widget_reports.effect": ("페이지가 열리는 순간 정해진 값이 기본값으로 보일 수 있습니다.",
                              "a value set just as a page opens may show its default instead."),
    "component_json": ("브라우저 JSON 깊이 제한", "the bound on nested JSON from browsers"),
    "component_json.effect": ("조작된 메시지가 거절되는 대신 오류를 보일 수 있습니다.",
                              "a crafted message may show an error instead of being refused."),
}
