"""Strings of the V / weighted-sum screen: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "lead": (
        "**Q와 K가 누가 중요한가를 정했다면, V는 Embedding 벡터의 요소 중 어떤 요소를 받아올지를 제안한다.** "
        "각 단어는 건네줄 정보 V를 만들고, Attention 가중치만큼 모든 단어(자기 자신 포함)의 V를 받아 더합니다.",
        "**If Q and K decided who matters, V proposes which elements of the embedding vector to take.** "
        "Each word makes V, the information it hands over, and takes in every word's V (its own included) in "
        "proportion to the attention weights.",
    ),
    "wv_role": (
        "W_V는 모든 단어에 공통적으로 적용되는 정보 제공자 역할의 행렬이다.",
        "W_V is the information-provider matrix, applied in common to every word.",
    ),
    "sum_role": (
        "→ 각 단어는 자신이 주목한 단어들의 정보를 가중합하여 문맥을 반영한 표현이 된다.",
        "→ Each word takes a weighted sum of the information of the words it attends to, and so becomes a "
        "representation that reflects its context.",
    ),
    "v_section": ("V = X·W_V: 각 단어가 건네줄 정보", "V = X·W_V: what each word hands over"),
    "wv_editor": ("W_V (행 = 의미 축, 열 = V의 차원)", "W_V (rows = named axes, columns = V dimensions)"),
    "wv_read": (
        "열 v_c는 의미 축을 섞는 비율입니다: $V_{{jc}} = \\sum_a x_{{ja}}\\, W_V[a, c]$. W_V는 d_model × d_model ({d}×{d})이라 "
        "출력이 X와 같은 크기가 되고, 다음 단계(Residual)에서 X + Attention을 더할 수 있습니다.",
        "Column v_c says how the named axes are mixed: $V_{{jc}} = \\sum_a x_{{ja}}\\, W_V[a, c]$. W_V is d_model × d_model "
        "({d}×{d}), so the output has the shape of X and the next step (residual) can add X + Attention.",
    ),
    "identity": (
        "지금 W_V = I (단위행렬)입니다: 각 단어는 자기 임베딩을 그대로 건네주므로 V = X이고, v1…v{d}{d:은/는} 곧 의미 축 "
        "(감정, 긍정·부정 …)입니다. 대각선 밖의 칸을 바꾸면 한 축의 정보를 다른 차원에 실어 건넵니다.",
        "Right now W_V = I (the identity): each word hands over its own embedding unchanged, so V = X and "
        "v1…v{d} are the named axes themselves (emotion, valence …). Change an off-diagonal cell to pass one "
        "axis's information on in another dimension.",
    ),
    "who_vs_what": (
        "W_V를 고쳐도 가중치는 그대로입니다 (누구를 볼지는 Q와 K가 정합니다). 바뀌는 것은 건네지는 내용입니다.",
        "Editing W_V leaves the weights as they are (Q and K decide whom to look at); it changes what is handed "
        "over.",
    ),
    "v_chart": ("V = X·W_V (각 단어가 건네줄 정보)", "V = X·W_V (what each word hands over)"),
    "v_dim": ("V의 차원 →", "V dimension →"),
    "word_axis": ("단어 (행)", "word (rows)"),
    "sum_section": ("가중합: 가중치 · V", "The weighted sum: weights · V"),
    "weights_chart": ("Attention 가중치 (T = {t:g})", "Attention weights (T = {t:g})"),
    "out_chart": ("출력 = 가중치 · V (문맥을 반영한 표현)", "Output = weights · V (the context-aware representation)"),
    "sum_read": (
        "출력의 행 i = 가중치의 행 i로 V의 모든 행을 섞은 것. 가중치 한 행의 합이 1이므로, 출력은 V 행들의 "
        "‘가중 평균’입니다.",
        "Row i of the output mixes every row of V with row i of the weights. Each row of weights sums to 1, so "
        "the output is a weighted average of V's rows.",
    ),
    "word_section": ("‘{word}’의 새 벡터는 어디서 왔나", "Where the new vector of ‘{word}’ comes from"),
    "stack_chart": (
        "‘{word}’: 단어별 몫 w_ij·V_j를 쌓으면 출력이 된다",
        "‘{word}’: the shares w_ij·V_j stack up to its output",
    ),
    "total_label": ("합 = 출력", "sum = output"),
    "lines_chart": (
        "‘{word}’{word:은/는} 누구에게서 받았나 (굵기 = 가중치)",
        "Whom ‘{word}’ takes from (thickness = weight)",
    ),
    "stack_read": (
        "한 색 = 한 단어 j가 보탠 몫 $w_{{ij}} V_j$. 차원마다 몫을 모두 더한 값(검은 가로선)이 "
        "출력의 ‘{word}’ 행과 정확히 같습니다. ‘{word}’{word:이/가} 가장 많이 보는 단어는 ‘{top}’ (가중치 {w:.2f})입니다. "
        "몫의 크기는 가중치뿐 아니라 V_j의 크기에도 달려 있습니다.",
        "One colour = the share $w_{{ij}} V_j$ of one word j. On every dimension the shares add up to the black mark, "
        "which is exactly the output row of ‘{word}’. ‘{word}’ looks most at ‘{top}’ (weight {w:.2f}); how large a "
        "share is depends on the size of V_j as well as on the weight.",
    ),
    "lines_read": (
        "‘{word}’{word:이/가} 가장 많이 보는 단어는 ‘{top}’ (가중치 {w:.2f})입니다.",
        "‘{word}’ looks most at ‘{top}’ (weight {w:.2f}).",
    ),
    "more": ("조금 더: 가중치와 V가 하는 일", "More: what the weights and V each do"),
    "more_text": (
        "- **가중치(누구에게서)**: Q와 K, 그리고 T가 정합니다. 가중치 한 행의 합은 언제나 1이고, 나누는 방식만 "
        "다릅니다. 받아 온 정보의 크기까지 같은 것은 아닙니다: 부호가 다른 V끼리는 서로 지워질 수 있습니다. T가 작으면 한 단어에게서 거의 다 받고, 크면 모두에게서 고르게 받습니다.\n"
        "- **V(무엇을)**: W_V가 정합니다. W_V의 한 행(의미 축)을 0으로 만들면 그 축의 정보는 누구도 건네지 "
        "않습니다.\n"
        "- 출력은 아직 ‘받아 온 정보’뿐입니다. 다음 단계(Residual)에서 원래의 나(X)를 다시 더합니다.",
        "- **The weights (from whom)**: set by Q, K and T. Each row of weights sums to 1; only the split differs. "
        "That does not make what is taken in equally large: V's of opposite sign can cancel. A small T takes almost everything from one word; a large T "
        "takes evenly from all.\n"
        "- **V (what)**: set by W_V. Set a row of W_V (a named axis) to 0 and nobody hands over that axis.\n"
        "- The output is only the information taken in so far. The next step (residual) adds the original "
        "self (X) back.",
    ),
    "others": ("그 밖의 단어 {k}개", "{k} other words"),
}
