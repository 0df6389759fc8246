"""Strings about how the screens are drawn (colour scales, coinciding lines, long sentences) and the
multi-head weight switch: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "same_sep": (" = ", " = "),
    "curves_same": (
        "‘=’로 묶인 단어들은 점수 행이 같아 곡선이 완전히 겹칩니다: 선 하나로 그렸습니다.",
        "Words joined by ‘=’ have the same row of scores, so their curves coincide exactly: one line is drawn.",
    ),
    "home_scales": (
        "색 척도: 빨강 = 양수, 파랑 = 음수 (0 = 흰색), 가중치는 0–1의 초록 (음수가 없습니다). Q와 K, V와 출력은 "
        "서로 견주는 짝이라 척도와 색 막대를 하나씩 함께 씁니다. X, 점수, 가중치, LayerNorm은 다른 종류의 값이라 "
        "각자 자기 척도와 색 막대가 있습니다.",
        "Colour scales: red = positive, blue = negative (0 = white); the weights are green from 0 to 1 (they are "
        "never negative). Q and K, and V and the output, are pairs to compare, so each pair shares one scale "
        "and one colour bar. X, the scores, the weights and LayerNorm are different kinds of value, so each "
        "has its own scale and colour bar.",
    ),
    "residual_scale": (
        "네 행렬이 색 척도 하나(같은 범위, 색 막대 하나)를 함께 씁니다: 같은 색은 어느 패널에서나 같은 값입니다.",
        "The four matrices share one colour scale (same range, one colour bar): a colour means the same value "
        "in every panel.",
    ),
    "residual_grid": ("X, Attention, Z, LayerNorm(Z): 색 척도 하나", "X, Attention, Z, LayerNorm(Z) on one scale"),
    # outside presenter mode a chart is laid out for a narrow column (a laptop's half page, a phone), whatever the
    # screen: on a wide screen its cells come out larger than that, so the sentence says what the layout assumed
    "numbers_hover": (
        "이 그림은 좁은 단에 맞춰 그려지는데, 거기서는 칸 안의 숫자가 읽을 수 있는 크기(11px)보다 작아지므로 숫자를 "
        "생략했습니다. 칸을 가리키면(휴대폰에서는 누르면) 그 칸의 행과 열, 값이 나오고, 위의 ‘숫자를 표로 보기’에서 "
        "모든 숫자를 볼 수 있습니다.",
        "The chart is laid out for a narrow column, where numbers in its cells would be smaller than a readable "
        "size (11 px), so they are left out: hover over a cell (tap it on a phone) for its row, column and value, "
        "or open ‘Numbers as a table’ above for every number.",
    ),
    # presenter mode lays the charts out for the screen's measured width: there the cells are too small
    "numbers_hover.presenter": (
        "칸이 좁아 읽을 수 있는 크기의 숫자가 들어가지 않아 칸 안의 숫자를 생략했습니다. 칸을 가리키면 그 칸의 행과 "
        "열, 값이 나오고, 위의 ‘숫자를 표로 보기’에서 모든 숫자를 볼 수 있습니다.",
        "The cells are too small for numbers of a readable size, so they are left out: hover over a cell for its "
        "row, column and value, or open ‘Numbers as a table’ above for every number.",
    ),
    # multi-head
    "separate": (
        "**이 화면의 가중치는 ①–⑤ 화면과 따로 있습니다.** 헤드마다 손으로 정한 시선(레시피)을 쓰므로, 가중치 "
        "프리셋이나 ①에서 고친 W_Q, W_K, W_V는 여기 그림을 바꾸지 않습니다. 같은 가중치로 보려면 아래 "
        "‘①–⑤와 같은 가중치’를 켜세요.",
        "**This screen's weights are separate from screens ①–⑤.** Each head uses a hand-set gaze (a recipe), so "
        "the weight preset and the W_Q, W_K, W_V edited on ① do not change these charts. To use the same "
        "weights, switch on ‘same weights as ①–⑤’ below.",
    ),
    "shared_weights": ("①–⑤와 같은 가중치", "Same weights as ①–⑤"),
    "shared_weights_help": (
        "켜면 헤드들이 ①–⑤의 W_Q, W_K, W_V를 열 블록으로 나눠 씁니다 (W_O = I). 헤드 1개에 ①–⑤와 같은 T면 ③의 "
        "가중치와 똑같습니다.",
        "On: the heads split the W_Q, W_K, W_V of screens ①–⑤ into column blocks (W_O = I). With 1 head and the "
        "T of screens ①–⑤, the weights equal those of ③.",
    ),
    "shared_on": (
        "지금 헤드들은 ①–⑤의 W_Q, W_K (폭 d_k = {dk}), W_V를 나눠 씁니다: 헤드 수는 {dk}{dk:와/과} {dv}{dv:을/를} 함께 나누는 "
        "수({choices})만 됩니다.",
        "The heads now split the W_Q, W_K (width d_k = {dk}) and W_V of screens ①–⑤: the number of heads must "
        "divide both {dk} and {dv} ({choices}).",
    ),
    "same_as_single": (
        "헤드 1개, ①–⑤와 같은 가중치, T = {t:g}: 이 헤드의 가중치는 ③ 화면의 가중치와 같습니다.",
        "One head, the weights of ①–⑤ and T = {t:g}: this head's weights are those of screen ③.",
    ),
    "not_same_t": (
        "헤드 1개에 같은 가중치지만 T = √d_h = {t:.2f}이고 ③은 ①–⑤의 T = {sidebar:g}{sidebar:g|을/를} 씁니다. "
        "‘①–⑤의 T 쓰기’를 켜면 ③과 같아집니다.",
        "One head with the same weights, but T = √d_h = {t:.2f} while ③ uses the T of ①–⑤, {sidebar:g}. "
        "Switch on ‘use the T of ①–⑤’ to match ③.",
    ),
    "shared_head": ("헤드 {h} (열 {a}–{b})", "Head {h} (columns {a}–{b})"),
    "partial": (
        "d_h = {d_h}: 이 시선은 열 {need}개가 필요한데 {d_h}개만 들어갑니다. 라벨의 앞부분({kept})만 남습니다.",
        "d_h = {d_h}: this gaze needs {need} columns and only {d_h} fit. Only the first part of its label "
        "({kept}) remains.",
    ),
    "partial_short": ("{name}, 일부만", "{name}, partly"),
    "fav_wrap": (
        "헤드가 많으면 표가 좁은 화면에서 잘리지 않도록 헤드 {k}개씩 나눠 보입니다.",
        "With many heads the table is shown {k} heads at a time, so that it never runs off the screen.",
    ),
    "first.grammar": ("수식어→명사", "modifier→noun"),
    "weights_word": ("가중치", "weights"),
}
