"""Strings of the Score-matrix screen: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "lead": (
        "모든 단어 쌍의 중요도는 점수 score_ij = Q_i · K_j 로 계산됩니다. 실제로는 모든 토큰을 한 번에 처리해 "
        "**QKᵀ** (n×n 행렬)를 얻습니다. 행 i는 단어 i가 바라본 점수, 열 j는 단어 j가 받은 점수입니다.",
        "The importance of every pair of words is the score score_ij = Q_i · K_j. In practice all tokens are "
        "processed at once, giving **QKᵀ** (an n×n matrix). Row i holds the scores word i gives; column j those "
        "word j receives.",
    ),
    "matrix": ("Score 행렬 QKᵀ", "The score matrix QKᵀ"),
    "cell": ("칸 하나 고르기: 점수는 어디서 오는가?", "Pick a cell: where does its score come from?"),
    "picked": ("고른 칸", "picked cell"),
    "decomp_lead": (
        "score_ij = x_i · (W_Q W_Kᵀ) · x_jᵀ = Σ_a Σ_b x_ia · M_ab · x_jb. 아래 칸 (a, b)는 보는 단어의 축 a와 "
        "시선을 받는 단어의 축 b가 점수에 보탠 몫이며, 모두 더하면 정확히 점수가 됩니다 (어떤 가중치라도).",
        "score_ij = x_i · (W_Q W_Kᵀ) · x_jᵀ = Σ_a Σ_b x_ia · M_ab · x_jb. Cell (a, b) below is what the looking "
        "word's axis a and the looked-at word's axis b add to the score; together they add up exactly to the "
        "score (whatever the weights).",
    ),
    "contrib_chart": ("‘{i}’ → ‘{j}’: 축 쌍별 기여 (합 = {total:.2f})",
                      "‘{i}’ → ‘{j}’: contribution of each axis pair (sum = {total:.2f})"),
    "looker_axis": ("보는 단어의 축 a (행)", "looking word's axis a (rows)"),
    "looked_axis": ("시선을 받는 단어의 축 b →", "looked-at word's axis b →"),
    "m_chart": ("M = W_Q W_Kᵀ: 어떤 축이 어떤 축을 보는가", "M = W_Q W_Kᵀ: which axis looks at which"),
    "sum_check": ("기여의 합 {total:.4f} = 점수 {score:.4f}", "sum of contributions {total:.4f} = score {score:.4f}"),
    "path": ("점수가 가중치가 되는 길 (행 ‘{i}’)", "How a score becomes a weight (row ‘{i}’)"),
    "col_word": ("단어", "word"),
    "col_score": ("점수", "score"),
    "col_scaled": ("÷ T", "÷ T"),
    "col_exp": ("exp(· − 최댓값)", "exp(· − max)"),
    "col_weight": ("÷ 행 합 = 가중치", "÷ row sum = weight"),
    "path_caption": (
        "T = {t}. 각 행에서 최댓값을 빼고 exp를 취해도 결과는 같습니다 (넘침을 막는 계산 요령). 행 합 = {total}.",
        "T = {t}. Subtracting the row's maximum before exp changes nothing in the result (it only prevents "
        "overflow). Row sum = {total}.",
    ),
    "asym": ("누가 보는지가 중요할까? score_ij와 score_ji", "Does it matter who looks? score_ij and score_ji"),
    "asym_text": (
        "지금 M = W_Q W_Kᵀ가 대칭이 아니어서, ‘{i}’{i:이/가} ‘{j}’{j:을/를} 보는 점수({a:.2f})와 ‘{j}’{j:이/가} "
        "‘{i}’{i:을/를} 보는 점수({b:.2f})가 다릅니다 ({which}). M이 대칭이면 (W_Q = W_K일 때처럼) QKᵀ도 "
        "대칭이 되어 두 점수가 같아집니다.",
        "Here M = W_Q W_Kᵀ is not symmetric, so the score of ‘{i}’ looking at ‘{j}’ ({a:.2f}) differs from ‘{j}’ "
        "looking at ‘{i}’ ({b:.2f}) ({which}). With a symmetric M (as when W_Q = W_K), QKᵀ "
        "is symmetric too and the two are equal.",
    ),
    "asym_largest": ("차이가 가장 큰 쌍", "the pair with the largest gap"),
    "asym_largest_tied": ("차이가 가장 큰 {k}쌍 중 하나", "one of {k} pairs with the same largest gap"),
    "sym_m_text": (
        "지금 M = W_Q W_Kᵀ가 대칭이라 (W_Q = W_K일 때처럼) 어떤 문장이든 QKᵀ가 대칭입니다: score_ij = score_ji. "
        "W_Q와 W_K를 서로 다르게 하면 (예: ‘감정을 보는 시선’ 프리셋) 비대칭이 나타날 수 있습니다.",
        "Here M = W_Q W_Kᵀ is symmetric (as when W_Q = W_K), so QKᵀ is symmetric for any sentence: "
        "score_ij = score_ji. Make W_Q and W_K differ (e.g. the ‘look at emotion’ preset) and asymmetry can "
        "appear.",
    ),
    "sym_words_text": (
        "M = W_Q W_Kᵀ는 대칭이 아니지만, 이 문장의 단어들로는 차이가 드러나지 않습니다: 모든 쌍에서 "
        "score_ij − score_ji = x_i (M − Mᵀ) x_jᵀ = 0입니다 (단어가 하나이거나, 같은 단어가 되풀이되거나, M이 "
        "비대칭인 축에서 단어들의 값이 같을 때). 다른 단어를 넣어 보세요.",
        "M = W_Q W_Kᵀ is not symmetric, but the words of this sentence cannot show it: for every pair "
        "score_ij − score_ji = x_i (M − Mᵀ) x_jᵀ = 0 (one word, a repeated word, or words equal on the axes "
        "where M is not symmetric). Try other words.",
    ),
    "self_text": (
        "그래도 각 단어가 자기 자신을 가장 크게 보는 것은 아닙니다: 지금 ‘{i}’{i:은/는} 자기 자신({own:.2f})보다 "
        "‘{j}’({other:.2f}){j:을/를} 더 크게 봅니다. 점수는 방향뿐 아니라 길이에도 달려 있습니다.",
        "Even so, a word need not score itself highest: right now ‘{i}’ scores ‘{j}’ ({other:.2f}) "
        "above itself ({own:.2f}). A score depends on length as well as direction.",
    ),
    "shuffle": ("단어 순서 섞기", "Shuffle the words"),
    "shuffle_text": (
        "순서를 섞어도 점수는 같은 숫자가 자리만 바뀝니다 (행과 열이 함께 재배열). Attention만으로는 단어 순서를 "
        "알 수 없습니다. 실제 Transformer는 Attention에 들어가기 **전에** 입력 X에 위치 인코딩(positional encoding)을 "
        "더해 순서를 알려 줍니다 (①–⑥ 화면의 X에는 위치 인코딩을 더하지 않았습니다).",
        "Shuffled, the scores are the same numbers in new places (rows and columns permuted together). "
        "Attention alone has no sense of word order; a real Transformer adds positional encoding to the input X "
        "**before** attention (the X of screens ①–⑥ has none added).",
    ),
    "shuffled_chart": ("섞은 순서의 QKᵀ", "QKᵀ in the shuffled order"),
    "sqrt_title": ("T와 √d_k", "T and √d_k"),
    "sqrt_text": (
        "원 논문의 Attention은 softmax(QKᵀ/√d_k)입니다. Q와 K의 성분이 서로 독립이고 평균 0, 분산 1이면 점수의 "
        "퍼짐(표준편차)이 √d_k 배로 커지므로, 이를 나누어 softmax가 한쪽으로 포화되지 않게 합니다. 이 앱은 문서처럼 T를 자유롭게 두어 그 효과를 직접 "
        "보게 합니다 (지금 d_k = {dk}, √d_k = {sq:.2f}). 자세한 실험은 ③ Temperature 화면에 있습니다.",
        "The original paper's attention is softmax(QKᵀ/√d_k). When the entries of Q and K are independent with "
        "mean 0 and variance 1, the spread (standard deviation) of the scores grows like √d_k, so dividing by it keeps the softmax from saturating. Like the text, this app leaves T free so you can see "
        "its effect (here d_k = {dk}, √d_k = {sq:.2f}). The experiment is on the ③ Temperature screen.",
    ),
}
