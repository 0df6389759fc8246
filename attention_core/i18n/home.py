"""Strings of the Home screen: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "lead": (
        "Transformer 인코더의 Attention 한 층을, 문장 속 단어들이 서로를 바라보는 **시선의 이야기**로 따라갑니다. "
        "왼쪽에서 문장과 T를 바꾸면 모든 그림이 바로 따라 바뀝니다.",
        "Follow one attention layer of a Transformer encoder as a **story of gazes** between the words of a "
        "sentence. Change the sentence or T on the left and every chart follows at once.",
    ),
    "lead.presenter": (  # presenter mode folds the sidebar away: the sentence and T are at the top of the page
        "Transformer 인코더의 Attention 한 층을, 문장 속 단어들이 서로를 바라보는 **시선의 이야기**로 따라갑니다. "
        "맨 위에서 문장과 T를 바꾸면 모든 그림이 바로 따라 바뀝니다.",
        "Follow one attention layer of a Transformer encoder as a **story of gazes** between the words of a "
        "sentence. Change the sentence or T at the top of the page and every chart follows at once.",
    ),
    "summary": ("핵심 요약", "Key summary"),
    "s1": ("Attention은 단어 간 의미 관계를 동적으로 반영하는 구조이다.",
           "Attention is a structure that reflects the meaning relations between words, dynamically."),
    "s2": ("각 단어는 Query(Q)와 Key(K)라는 시선을 만들어 서로를 평가하고,",
           "Each word casts its gaze as a Query (Q) and shows itself as a Key (K); with them the words score one "
           "another."),
    "s3": ("그 중요도를 softmax(QKᵀ / T)로 정규화한 뒤,", "The scores are normalised with softmax(QKᵀ / T) into weights of importance."),
    "s4": ("Value(V)에서 정보를 받아온다.", "Then each word takes in information from the Values (V)."),
    "s5": ("Temperature는 이 집중의 강도를 조절하며,", "The temperature controls how sharply attention focuses."),
    "s6": ("최종적으로 각 단어는 문맥이 반영된 벡터로 다시 표현된다.",
           "In the end every word is expressed again as a vector that carries its context."),
    "pipeline": ("한눈에 보기: 지금 문장의 모든 단계", "At a glance: every stage for the current sentence"),
    "go": ("이 단계로 가기", "Go to this step"),
    "p_x": ("X 임베딩", "X embeddings"),
    "p_q": ("Q = X·W_Q", "Q = X·W_Q"),
    "p_k": ("K = X·W_K", "K = X·W_K"),
    "p_scores": ("QKᵀ", "QKᵀ"),
    "p_weights": ("softmax(QKᵀ/T)", "softmax(QKᵀ/T)"),
    "p_v": ("V = X·W_V", "V = X·W_V"),
    "p_out": ("가중합 (Attention)", "weighted sum (Attention)"),
    "p_norm": ("LayerNorm(X + Attention)", "LayerNorm(X + Attention)"),
    "steps": ("단계별로 보기", "Step by step"),
    "d_gaze": ("각 단어의 시선(Q)과, 그 시선에 비친 모습(K).", "Each word's gaze (Q) and how it appears to a gaze (K)."),
    "d_score": ("모든 단어 쌍의 점수 QKᵀ, 그리고 점수가 어디서 오는지.",
                "The score of every pair of words, QKᵀ, and where each score comes from."),
    "d_temperature": ("T가 집중을 날카롭게 또는 고르게 만드는 방법.", "How T makes attention sharp or spread out."),
    "d_value": ("각 단어가 건네주는 정보 V와 그 가중합.", "What each word hands over (V), and the weighted sum."),
    "d_residual": ("원래 나를 잊지 않기: X + Attention, 그리고 LayerNorm.",
                   "Not forgetting oneself: X + Attention, then LayerNorm."),
    "d_multihead": ("여러 개의 시선(Head)을 나란히.", "Several gazes (heads) side by side."),
    "d_learn": ("W_Q와 W_K가 감정 축을 보도록 학습되는 모습을 직접 보기.",
                "Watch W_Q and W_K learn to look at the emotion axis."),
    "d_order": ("Attention이 모르는 순서: 위치 인코딩, 그리고 인코더와 디코더를 가르는 마스크.",
                "The order attention cannot see: positional encoding, and the mask that tells encoder from decoder."),
    "share_chart": ("T = {t:g}: 단어마다 ‘{a}’ + ‘{b}’에 두는 가중치 (%)",
                    "T = {t:g}: each word's weight on ‘{a}’ + ‘{b}’ (%)"),
    "share_axis": ("가중치 (%)", "weight (%)"),
}
