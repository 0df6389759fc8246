"""Strings of the lecture tools (presenter mode, predict-then-reveal, compare, export): {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "tools": ("강의 도구", "Lecture tools"),
    "presenter": ("발표 모드", "Presenter mode"),
    "presenter_help": (
        "큰 글씨, 접힌 사이드바, 페이지 위의 문장·T, 이전/다음 단계 버튼 (PageUp / PageDown 키, 발표용 리모컨).",
        "Large text, sidebar folded away, sentence and T on the page, previous/next step buttons "
        "(PageUp / PageDown keys, as a presentation clicker sends).",
    ),
    "prev": ("이전 단계", "Previous step"),
    "next": ("다음 단계", "Next step"),
    "step_of": ("{k} / {n} 단계", "Step {k} of {n}"),
    # predict, then reveal
    "hide": ("결과 가리기 (예측 후 공개)", "Hide the result (predict, then reveal)"),
    "hidden": (
        "결과가 가려져 있습니다. 어느 칸이 가장 클까요? 학생들의 예측을 고른 뒤 공개하세요.",
        "The result is hidden. Which cell will be the largest? Pick the class's guess, then reveal.",
    ),
    "hidden_part": ("결과를 공개하면 여기에 나타납니다 (답을 알려 주기 때문에 가려 두었습니다).",
                    "Shown once the result is revealed (it would give the answer away)."),
    "guess_row": ("예측: 행", "Guess: row"),
    "guess_col": ("예측: 열", "Guess: column"),
    "reveal": ("공개!", "Reveal!"),
    "guess": ("학생들의 예측", "the class's guess"),
    "winner": ("정답 (가장 큰 칸)", "the winner (largest cell)"),
    "largest_one": ("가장 큰 칸은 {cells} ({value:.2f})입니다.", "The largest cell is {cells} ({value:.2f})."),
    "largest_tied": ("가장 큰 칸은 {k}칸이 같습니다 (모두 {value:.2f}): {cells}.",
                     "{k} cells tie for the largest (each {value:.2f}): {cells}."),
    "more_cells": (" 외 {k}칸", " and {k} more"),
    "right": ("정답입니다! {largest}", "Right! {largest}"),
    "wrong": ("{largest} 예측한 칸은 {guess:.2f}{guess:.2f|이었/였}습니다.",
              "{largest} The guessed cell holds {guess:.2f}."),
    "again": ("다시 가리기", "Hide again"),
    # compare
    "snapshot": ("지금 상태를 A로 저장", "Save this state as A"),
    "snapshot_saved": ("지금 상태를 비교 기준 A로 저장했습니다. 단어·가중치·T를 바꿔 보세요.",
                       "Saved this state as snapshot A. Now change a word, a weight or T."),
    "snapshot_clear": ("A 지우기", "Clear A"),
    "compare": ("비교: 지금(B) − 저장한 상태(A)", "Compare: now (B) − saved state (A)"),
    "compare_none": ("아직 바뀐 것이 없습니다: B − A = 0.", "Nothing has changed yet: B − A = 0."),
    "compare_shape": (
        "A는 단어가 {a}개, 지금은 {b}개입니다. 비교하려면 단어 수가 같아야 합니다 (단어를 바꾸는 것은 됩니다).",
        "A has {a} words and now there are {b}. To compare, the number of words must match (changing a word "
        "is fine).",
    ),
    "d_scores": ("점수 B − A", "scores B − A"),
    "d_weights": ("가중치 B − A", "weights B − A"),
    "d_output": ("출력 B − A", "output B − A"),
    "largest": ("가장 크게 바뀐 곳", "Largest changes"),
    # export
    "export": ("내보내기", "Export"),
    "matrix": ("행렬", "Matrix"),
    "csv": ("CSV", "CSV"),
    "latex": ("LaTeX", "LaTeX"),
    "png_hint": ("그림은 각 차트 오른쪽 위 카메라 버튼으로 2배 해상도 PNG로 저장됩니다.",
                 "Charts: the camera button at each chart's top right saves a 2× PNG."),
    "json_down": ("상태를 JSON 파일로 저장", "Save the state as a JSON file"),
    "json_up": ("JSON 파일에서 상태 불러오기", "Load a state from a JSON file"),
    "json_loaded": ("파일의 상태를 불러왔습니다.", "Loaded the state from the file."),
    "json_failed": ("이 파일은 불러올 수 없습니다. 아무것도 바꾸지 않았습니다: {reason}",
                    "This file could not be loaded; nothing was changed: {reason}"),
}
