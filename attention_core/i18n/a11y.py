"""Strings of the charts' text alternatives, the table switch and the skip link: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "chart": ("차트", "Chart"),
    "matrix": ("{rows} × {cols} 행렬", "{rows} × {cols} matrix"),
    "axes": ("행: {rows}, 열: {cols}", "rows: {rows}, columns: {cols}"),
    "largest_per_row": ("행마다 가장 큰 값: {cells}", "largest per row: {cells}"),
    "panels": ("패널 {n}개: {names}", "{n} panels: {names}"),
    "bars": ("막대 {n}개", "{n} bars"),
    "largest": ("가장 큰 값 {items}", "largest {items}"),
    "smallest": ("가장 작은 값 {item}", "smallest {item}"),
    "lines": ("곡선 {n}개, 가로축 {x} {first}–{last}", "{n} lines over {x} {first}–{last}"),
    "line": ("{name}: {start}에서 {end}까지, 가장 큰 값 {top} ({x} = {at})",
             "{name}: from {start} to {end}, largest {top} at {x} = {at}"),
    "points": ("점 {n}개: {items}", "{n} points: {items}"),
    "more": ("… 외 {n}개", "… and {n} more"),
    "masked": ("가림", "masked"),
    "table_switch": ("숫자를 표로 보기", "Numbers as a table"),
    "table_none": ("이 차트에는 표로 보일 숫자가 없습니다.", "This chart has no numbers to show as a table."),
    "value": ("값", "value"),
    "label": ("항목", "item"),
    "skip_to_chart": ("차트로 건너뛰기", "Skip to the chart"),
    "step_frame": ("⏭ 한 장 넘기기", "⏭ next frame"),
}
