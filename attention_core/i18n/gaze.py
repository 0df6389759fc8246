"""Strings of the Q/K gaze screen: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "lead": (
        "각 단어는 두 가지 시선을 만듭니다. **Q는 나의 시선**, **K는 그 시선에 비춰진 상대방의 모습**입니다.",
        "Every word makes two gazes. **Q is my gaze**; **K is how another word appears to that gaze**.",
    ),
    "q_role": ("Q (Query): 내가 정보를 얻고 싶은 상대는 누구인가?",
               "Q (Query): whom do I want to get information from?"),
    "k_role": ("K (Key): 내가 상대에게 어떤 반응을 줄 수 있는가? — 곧 남의 시선에 내가 어떻게 걸리는가입니다. "
               "실제로 건네주는 내용은 V가 정합니다 (④).",
               "K (Key): what response can I give to another? — that is, how I can be matched by another's gaze. "
               "What I actually hand over is V (④)."),
    "focus_axes": (
        "문서: W_Q, W_K는 모든 임베딩 정보를 보지 않고, 특정 의미 축에만 집중하도록 학습된다. W_Q나 W_K의 한 행(의미 "
        "축)이 모두 0이면 그 시선은 그 축을 전혀 읽지 않고, 0이 아닌 값의 크기가 얼마나 많이 읽는지 알려 줍니다.",
        "The text: W_Q and W_K do not look at all of the embedding; they are trained to focus on particular axes "
        "of meaning. A row (axis) of W_Q or W_K that is all zeros is not read by that gaze at all; the size of "
        "the non-zero values tells how much an axis is read.",
    ),
    "reads_some": ("지금 {m}{m:은/는} {axes} 축만 읽습니다 (나머지 행은 0).",
                   "Right now {m} reads only these axes: {axes} (its other rows are 0)."),
    "reads_all": (
        "지금 {m}에는 0인 행이 없어 모든 축을 조금씩이라도 읽습니다 (단위행렬·무작위 프리셋과 학습된 행렬이 그렇습니다).",
        "Right now {m} has no zero row, so it reads every axis at least a little (so do the identity and random "
        "presets, and learned matrices).",
    ),
    "x_title": ("X: 단어 임베딩 (행 = 단어, 열 = 의미 축)", "X: word embeddings (rows = words, columns = axes)"),
    "wq_title": ("W_Q: 시선을 만드는 행렬 (행 = 의미 축)", "W_Q: makes the gaze (rows = axes)"),
    "wk_title": ("W_K: 비춰진 모습을 만드는 행렬 (행 = 의미 축)", "W_K: makes the appearance (rows = axes)"),
    "q_chart": ("Q = X·W_Q (각 단어의 시선)", "Q = X·W_Q (each word's gaze)"),
    "k_chart": ("K = X·W_K (각 단어가 비춰진 모습)", "K = X·W_K (how each word appears)"),
    "gaze_of": ("‘{word}’의 시선", "The gaze of ‘{word}’"),
    "dots_chart": ("Q_{word} · K_j: ‘{word}’{word:이/가} 각 단어를 바라본 점수", "Q_{word} · K_j: how ‘{word}’ scores each word"),
    "terms_chart": (
        "차원별 곱 Q_{word},c · K_j,c (행을 더하면 점수)",
        "Per-dimension products Q_{word},c · K_j,c (each row sums to the score)",
    ),
    "score": ("점수", "score"),
    "geometry": ("기하로 보기: 두 차원의 화살표", "Geometric view: arrows in two dimensions"),
    "geometry_help": (
        "Q_i(주황)와 모든 K_j(초록)를 고른 두 차원에 그립니다. 내적은 Q_i · K_j = |Q_i| |K_j| cos θ: 방향이 같을수록, "
        "그리고 화살표가 길수록 큽니다 (같은 방향이라도 더 긴 K가 더 큰 점수를 받습니다). "
        "두 차원만의 내적(부분 점수)을 전체 점수와 나란히 봅니다.",
        "Q_i (orange) and every K_j (green) drawn in two chosen dimensions. The dot product is "
        "Q_i · K_j = |Q_i| |K_j| cos θ: the more they point the same way and the longer the arrows, the larger it "
        "is (of two keys pointing the same way, the longer one scores more). The two-dimension dot product (partial "
        "score) is set beside the full score.",
    ),
    "dim_a": ("가로 차원", "Horizontal dimension"),
    "dim_b": ("세로 차원", "Vertical dimension"),
    "arrows_chart": ("Q_{word}{word:와/과} K_j (차원 {a}, {b})", "Q_{word} and K_j (dimensions {a}, {b})"),
    "coincident": (
        "K {words}: 차원 {a}, {b}에서 같은 점입니다. 화살표가 겹쳐 하나로 보이고, 이름을 한 라벨에 함께 적었습니다.",
        "K {words}: the same point in dimensions {a}, {b}. Their arrows coincide and are drawn as one, "
        "named together in one label.",
    ),
    "partial": ("두 차원만의 내적", "dot product in these two dimensions"),
    "full": ("전체 점수 Q_i·K_j", "full score Q_i·K_j"),
    "partial_caption": (
        "부분 점수와 전체 점수의 차이는 그림에 없는 나머지 차원에서 옵니다.",
        "The difference between the partial and the full score comes from the dimensions not drawn.",
    ),
    "partial_same": (
        "여기서는 부분 점수와 전체 점수가 같습니다: 그림에 없는 나머지 차원은 이 단어의 점수에 보태는 것이 없습니다.",
        "Here the partial and the full scores are equal: the dimensions not drawn add nothing to this word's scores.",
    ),
    "partial_all": (
        "Q와 K의 차원이 이 두 개뿐이라, 부분 점수가 곧 전체 점수입니다.",
        "Q and K have these two dimensions only, so the partial score is the full score.",
    ),
    "edit": ("행렬 고치기", "Edit the matrices"),
}
