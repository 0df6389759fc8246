"""An independent float64 reference written with plain Python loops (no numpy broadcasting, no matmul)."""

from __future__ import annotations

import math


def matmul(a, b):
    rows, inner, cols = len(a), len(b), len(b[0])
    return [[math.fsum(a[i][t] * b[t][j] for t in range(inner)) for j in range(cols)] for i in range(rows)]


def transpose(a):
    return [list(col) for col in zip(*a, strict=False)]


def softmax_row(z, temperature=1.0):
    m = max(z)
    e = [math.exp((v - m) / temperature) for v in z]
    s = math.fsum(e)
    return [v / s for v in e]


def attention(x, w_q, w_k, w_v, temperature=1.0, mask=None):
    q, k, v = matmul(x, w_q), matmul(x, w_k), matmul(x, w_v)
    n = len(x)
    scores = [[math.fsum(q[i][t] * k[j][t] for t in range(len(q[i]))) for j in range(n)] for i in range(n)]
    weights = []
    for i in range(n):
        allowed = [j for j in range(n) if mask is None or mask[i][j]]
        row = softmax_row([scores[i][j] for j in allowed], temperature)
        full = [0.0] * n
        for j, w in zip(allowed, row, strict=False):
            full[j] = w
        weights.append(full)
    return {"q": q, "k": k, "v": v, "scores": scores, "weights": weights, "output": matmul(weights, v)}


def layer_norm_row(z, gamma=None, beta=None, eps=1e-5):
    d = len(z)
    mean = math.fsum(z) / d
    var = math.fsum((v - mean) ** 2 for v in z) / d
    g = gamma if gamma is not None else [1.0] * d
    b = beta if beta is not None else [0.0] * d
    return [g[t] * (z[t] - mean) / math.sqrt(var + eps) + b[t] for t in range(d)]


def multi_head(x, w_q, w_k, w_v, w_o, n_heads, temperature=None):
    d_h = len(w_q[0]) // n_heads
    d_hv = len(w_v[0]) // n_heads
    t = math.sqrt(d_h) if temperature is None else temperature
    concat = [[] for _ in x]
    for h in range(n_heads):
        q_cols = [row[h * d_h:(h + 1) * d_h] for row in w_q]
        k_cols = [row[h * d_h:(h + 1) * d_h] for row in w_k]
        v_cols = [row[h * d_hv:(h + 1) * d_hv] for row in w_v]
        out = attention(x, q_cols, k_cols, v_cols, t)["output"]
        for i, row in enumerate(out):
            concat[i].extend(row)
    return concat, matmul(concat, w_o)


def positional_encoding(n, d, base=10000.0):
    """PE[p][c] from the paper's formula, one cell at a time: c = 2i is sin, c = 2i + 1 is cos."""
    table = []
    for p in range(n):
        row = []
        for c in range(d):
            i2 = c - c % 2  # 2i
            angle = p / base ** (i2 / d)
            row.append(math.sin(angle) if c % 2 == 0 else math.cos(angle))
        table.append(row)
    return table


def causal(n):
    return [[j <= i for j in range(n)] for i in range(n)]


def sentiment_loss(x, y, w_q, w_k, a, b, temperature=1.0, valence=1):
    """Screen ⑦'s loss with loops: mean over words of BCE(sigmoid(a·(weights·x)_i[valence] + b), y)."""
    w = attention(x, w_q, w_k, [[1.0 if i == j else 0.0 for j in range(len(x[0]))] for i in range(len(x[0]))],
                  temperature)["weights"]
    total = []
    for i in range(len(x)):
        z = a * math.fsum(w[i][j] * x[j][valence] for j in range(len(x))) + b
        softplus = max(z, 0.0) + math.log1p(math.exp(-abs(z)))  # log(1 + e^z) without overflow
        total.append(softplus - y * z)  # −y log σ(z) − (1 − y) log(1 − σ(z))
    return math.fsum(total) / len(total)
