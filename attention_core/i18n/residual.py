"""Strings of the Residual & LayerNorm screen: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "lead": (
        "**Residual Connection — 원래 나를 잊지 않기.** Attention이 모든 단어(자기 자신 포함)에게서 모아 온 정보는 "
        "입력 X를 **대신하지 않고, X에 더해집니다**. 그다음 LayerNorm이 단어마다 값의 크기를 고르게 맞춥니다.",
        "**Residual connection — not forgetting who you were.** What attention gathers from every word (itself "
        "included) does **not replace** the input X; it is **added to it**. LayerNorm then evens out the scale of each word.",
    ),
    "quote": (
        "이 Residual 구조 덕분에 새로운 정보와 기존 표현이 균형 있게 합쳐진다.",
        "Thanks to this residual structure, new information and the existing representation are combined in "
        "balance.",
    ),
    "per_word": (
        "μ와 σ²은 **단어(행) 하나 안에서**, 그 단어의 d = {d}개 특징(축)에 걸쳐 구합니다. 단어끼리 섞지 않습니다. "
        "ε = 10⁻⁵은 0으로 나누지 않기 위한 작은 수, γ와 β는 축마다 하나씩 있는 크기와 이동입니다.",
        "μ and σ² are taken **within one word (row)**, across its d = {d} features (axes); words are never mixed. "
        "ε = 10⁻⁵ keeps the division away from zero; γ and β are a scale and a shift, one per axis.",
    ),
    "drop": ("Residual 빼기 (X를 더하지 않기)", "Drop the residual (do not add X)"),
    "drop_help": (
        "켜면 LayerNorm에 Attention 결과만 들어갑니다. 단어가 자기 뜻을 얼마나 잃는지 아래에서 보세요.",
        "Switched on, LayerNorm gets the attention output alone. See below how much each word loses of itself.",
    ),
    "gb_title": ("γ (크기)와 β (이동) — 축마다 하나씩", "γ (scale) and β (shift), one per axis"),
    "gb_note": (
        "학습된 모델에서는 γ와 β도 학습으로 정해집니다 (처음 값 γ = 1, β = 0).",
        "In a trained model γ and β are learned too (they start at γ = 1, β = 0).",
    ),
    "add": ("원래의 나, 그리고 새로 모은 정보", "Who each word was, and what it gathered"),
    "add_note": (
        "더하려면 두 행렬의 크기(단어 수 × 축 수)가 같아야 합니다. 여기서는 W_V가 d_model × d_model이라 "
        "Attention 출력이 곧바로 X와 같은 크기입니다 (실제 Transformer에서는 W_O가 d_model로 되돌립니다).",
        "Adding needs both matrices to have the same shape (words × axes). Here W_V is d_model × d_model, so the "
        "attention output already has the shape of X (in a real Transformer W_O maps it back to d_model).",
    ),
    "x_chart": ("입력 X — 원래의 나", "Input X — who each word was"),
    "attn_chart": ("Attention(Q, K, V) — 새로 모은 정보", "Attention(Q, K, V) — what it gathered"),
    "z_chart": ("Z = X + Attention", "Z = X + Attention"),
    "z_chart_dropped": ("Z = Attention (X를 더하지 않음)", "Z = Attention (X not added)"),
    "norm": ("Add & Norm: Z = X + Attention, 그리고 단어마다 LayerNorm",
             "Add & Norm: Z = X + Attention, then LayerNorm word by word"),
    "norm_dropped": ("Residual 없이: Z = Attention, 그리고 단어마다 LayerNorm",
                     "Without the residual: Z = Attention, then LayerNorm word by word"),
    "ln_chart": ("LayerNorm(X + Attention)", "LayerNorm(X + Attention)"),
    "ln_chart_dropped": ("LayerNorm(Attention) — residual 없음", "LayerNorm(Attention) — no residual"),
    "stats_chart": ("단어마다 μ와 σ: {src} → ẑ (정규화 직후)", "μ and σ per word: {src} → ẑ (just normalised)"),
    "mean_before": ("μ({src})", "μ({src})"),
    "std_before": ("σ({src})", "σ({src})"),
    "mean_after": ("μ(ẑ)", "μ(ẑ)"),
    "std_after": ("σ(ẑ)", "σ(ẑ)"),
    "z_hat": (
        "ẑ = (z − μ) / √(σ² + ε): γ를 곱하고 β를 더하기 전, 정규화만 한 값.",
        "ẑ = (z − μ) / √(σ² + ε): the value just normalised, before γ scales and β shifts it.",
    ),
    "stats_note": (
        "그래서 ẑ는 어느 단어든 평균 0, 표준편차 1입니다 (ε 때문에 1보다 아주 조금 작습니다; ‘μ와 σ’ 그림의 평평한 두 선). γ, β를 바꾸면 위의 "
        "LayerNorm 그림은 축마다 늘어나고 옮겨지지만 이 0과 1은 그대로입니다: γ, β는 정규화 뒤에 적용됩니다.",
        "So ẑ has mean 0 and std 1 for every word (a hair under 1 because of ε; the two flat lines of the μ and σ chart). Changing γ or β stretches and "
        "shifts the LayerNorm chart above axis by axis, but these 0s and 1s stay: γ and β come after normalising.",
    ),
    "lost": ("Residual이 없으면 무엇을 잃나", "What is lost without the residual"),
    "lost_hint": (
        "위의 ‘Residual 빼기’ 스위치를 켜면, residual이 없을 때 각 단어가 자기 뜻을 얼마나 잃는지 보여 줍니다.",
        "Switch on ‘Drop the residual’ above to see how much of its own meaning each word loses without it.",
    ),
    "cos_chart": ("출력과 입력 X의 cosine 유사도 (1 = 같은 방향)", "Cosine similarity of output and input X "
                  "(1 = same direction)"),
    "cos_axis": ("cos(출력, X)", "cos(output, X)"),
    "with_res": ("Residual 있음", "with residual"),
    "without_res": ("Residual 없음", "without residual"),
    "lost_text": (
        "Residual이 없으면 단어의 출력은 **모든 단어(자기 자신 포함)의 V를 가중합한 것뿐**입니다. 자기 자신에게 준 "
        "가중치만큼은 자기 V가 남지만, 출력이 입력 X와 닮은 정도(cosine)는 떨어지고, 같은 단어들을 바라본 단어들은 "
        "거의 같은 벡터가 됩니다 (아래: 단어끼리의 cosine이 1에 가까워짐). 단어가 원래의 자기 뜻을 그만큼 잃는 것입니다.",
        "Without the residual a word's output is **only the weighted sum of every word's V (its own included)**. "
        "What it puts on itself keeps its own V in, but the output resembles the input X less (cosine), and words "
        "that looked at the same words end up with nearly the same vector (below: the cosine between words goes "
        "to 1). The word loses that much of its own meaning.",
    ),
    "pairs_chart": ("단어끼리 얼마나 닮았나 — {which}", "How alike the words are — {which}"),
    "next_title": (
        "실제 Encoder에서는 이다음에: Feed-Forward와 두 번째 Add & Norm, Post-LN과 Pre-LN",
        "What follows in a real encoder: feed-forward, a second Add & Norm, post-LN versus pre-LN",
    ),
    "next_ffn": (
        "Encoder 층 하나는 부분층(sublayer) 두 개로 되어 있고, 둘 다 뒤에 Add & Norm이 붙습니다.\n\n"
        "1. Attention → Add & Norm (⑤ 화면은 헤드 하나의 Attention 출력에 Add & Norm을 붙입니다. 실제 Encoder는 "
        "⑥ 화면처럼 여러 헤드를 씁니다)\n"
        "2. Feed-Forward 네트워크(FFN) → **두 번째 Add & Norm**. FFN은 단어마다 따로, 같은 가중치로 적용되며 "
        "단어 벡터를 넓게 펼쳤다가 (원 논문: 512 → 2048) ReLU를 거쳐 다시 줄입니다.",
        "One encoder layer has two sublayers, each followed by Add & Norm.\n\n"
        "1. Attention → Add & Norm (screen ⑤ adds and normalises the output of a single head; a real encoder "
        "uses several heads, as on screen ⑥)\n"
        "2. A feed-forward network (FFN) → **a second Add & Norm**. The FFN is applied to each word separately, "
        "with the same weights, widening the vector (original paper: 512 → 2048), applying ReLU and narrowing "
        "it again.",
    ),
    "next_order": (
        "더하기와 정규화의 순서에는 두 가지가 있습니다.",
        "There are two ways to order the adding and the normalising.",
    ),
    "post_ln": ("Post-LN (원 논문, 이 화면):", "Post-LN (the original paper, this screen):"),
    "pre_ln": ("Pre-LN (요즘 많은 모델):", "Pre-LN (common in modern models):"),
    "next_why": (
        "Pre-LN에서는 residual 길(x가 그대로 지나가는 길)이 정규화를 한 번도 거치지 않고 층에서 층으로 이어집니다. "
        "그래서 층이 깊어도 학습이 안정적이어서 GPT-2 이후 많은 모델이 이 방식을 쓰고, 맨 마지막에 LayerNorm을 "
        "한 번 더 둡니다.",
        "In pre-LN the residual path (where x passes through unchanged) runs from layer to layer without ever "
        "being normalised, so training stays stable even in deep stacks; many models since GPT-2 use it and add "
        "one final LayerNorm at the end.",
    ),
    "src_z": ("Z", "Z"),
    "src_attn": ("Attn", "Attn"),
}
