"""A synthetic tenant of N memories with planted structure, for ``memgov bench``.

What is planted (fractions of N, all deterministic for a seed):
- duplicate clusters (~5% of rows; sizes 2-8, a few of 20-40 "restatements"): texts that
  differ by filler words only (no value differs), embeddings at pairwise cosine ~0.94-0.99;
- near-threshold pairs (~1%): different texts whose embeddings sit at cosine ~0.90-0.95,
  so the neighbour search is tested where it is hardest;
- contradiction pairs (~1%, facts and preferences): the same statement with a different
  number, at cosine ~0.90-0.95;
- supersession groups (~8%, mostly tool outputs): entries sharing a key, newer values;
- lexical paraphrase clusters (~3%, sizes 3-8): one lesson reworded a word at a time
  (token Jaccard >= 0.6) at moderate cosine (~0.8): principle proposals, not duplicates;
- random recall history, importance, generality, proof and a few pinned entries.

Embeddings are synthetic unit vectors with topic structure (a shared direction, a topic
direction and noise: same-topic cosine ~0.3, others ~0.1), so partitioning the space is
not trivially easy; MiniLM is only used (optionally) for small N.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import numpy as np
import numpy.typing as npt

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
SYNTHETIC_MODEL = "synthetic-unit-384"
DAY = 86400.0
KINDS = ("tool_output", "conversation", "fact", "preference")
KIND_SHARE = (0.40, 0.30, 0.20, 0.10)
FILLERS = (
    "noted", "again", "today", "still", "indeed", "anyway", "confirmed", "recorded",
    "logged", "observed", "reported", "seen", "repeated", "restated", "mentioned",
)  # fmt: skip  # a flat list of names, read as a paragraph
LEADS = {
    "tool_output": ("tool", "returned"),
    "conversation": ("user", "asked"),
    "fact": ("system", "uses"),
    "preference": ("user", "prefers"),
}
_SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


@dataclass
class BenchData:
    """One tenant's memories as columns (row i of each is one memory)."""

    tenant: str
    model: str
    ids: list[uuid.UUID]
    kinds: list[str]
    contents: list[str]
    embeddings: F32
    supersession_keys: list[str | None]
    topics: list[str | None]
    created_at: F64  # POSIX seconds
    importance: F64
    generality: I64
    proven: I64
    recall_count: I64
    last_recalled_at: F64  # NaN when never recalled
    pinned: npt.NDArray[np.bool_]
    planted: dict[str, int] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.ids)

    def as_inputs(self, rows: range | list[int]) -> list[dict[str, Any]]:
        """Rows as ``remember_many`` mappings, pre-embedded."""
        out = []
        for i in rows:
            out.append(
                {
                    "content": self.contents[i],
                    "kind": self.kinds[i],
                    "importance": float(self.importance[i]),
                    "generality": int(self.generality[i]),
                    "proven": int(self.proven[i]),
                    "supersession_key": self.supersession_keys[i],
                    "pinned": bool(self.pinned[i]),
                    "embedding": self.embeddings[i],
                    "embedding_model": self.model,
                    "topic": self.topics[i],
                    "created_at": datetime.fromtimestamp(float(self.created_at[i]), UTC),
                    "id": self.ids[i],
                }
            )
        return out


def _vocabulary(size: int, rng: np.random.Generator) -> list[str]:
    words: set[str] = set()
    syl = np.asarray(_SYLLABLES)
    while len(words) < size:
        lengths = rng.integers(2, 5, size=size)
        for n in lengths:
            words.add("".join(rng.choice(syl, size=int(n))))
            if len(words) >= size:
                break
    return sorted(words)


_CHUNK_ROWS = 65_536


def _unit(x: npt.NDArray[np.floating[Any]]) -> F32:
    x = np.asarray(x, dtype=np.float32)
    return x / np.linalg.norm(x, axis=-1, keepdims=True)


def generate(
    n: int, *, seed: int = 7, dim: int = 384, tenant: str = "bench", model: str = SYNTHETIC_MODEL
) -> BenchData:
    """``n`` memories with planted duplicates, conflicts, keys, paraphrases and history."""
    rng = np.random.default_rng(seed)
    vocab = _vocabulary(max(4000, min(60000, n // 8)), rng)
    ranks = np.arange(len(vocab), dtype=np.float64)
    zipf = 1.0 / (ranks + 20.0) ** 1.05
    zipf /= zipf.sum()

    pool = np.searchsorted(np.cumsum(zipf), rng.random(16 * n + 1000)).clip(0, len(vocab) - 1)
    drawn = 0

    def words(k: int) -> list[str]:
        nonlocal drawn
        if drawn + k > len(pool):
            drawn = 0
        picked = [vocab[w] for w in pool[drawn : drawn + k].tolist()]
        drawn += k
        return picked

    n_topics = max(20, n // 400)
    shared = _unit(rng.standard_normal(dim))
    topic_dirs = _unit(rng.standard_normal((n_topics, dim)))

    def base_into(target: F32, rows: I64) -> None:
        # Row chunks draw the same normal stream as one (len(rows), dim) draw, so the data
        # is the same; one draw at 1M rows held ~5 GB of float64 temporaries, the bench's
        # peak resident set.
        topic = rng.integers(0, n_topics, size=len(rows))
        for start in range(0, len(rows), _CHUNK_ROWS):
            chunk = slice(start, start + _CHUNK_ROWS)
            noise = _unit(rng.standard_normal((len(rows[chunk]), dim)))
            target[rows[chunk]] = _unit(
                0.32 * shared + 0.5 * topic_dirs[topic[chunk]] + 0.8 * noise
            )

    def base_vectors(m: int) -> F32:
        out = np.empty((m, dim), dtype=np.float32)
        base_into(out, np.arange(m))
        return out

    def near(center: F32, sigma: float | F64, m: int) -> F32:
        noise = rng.standard_normal((m, dim)).astype(np.float32) / np.sqrt(dim)
        sig = np.asarray(sigma, dtype=np.float32).reshape(-1, 1) if np.ndim(sigma) else sigma
        return _unit(center[None, :] + sig * noise)

    kinds = list(rng.choice(KINDS, size=n, p=KIND_SHARE))
    contents: list[str] = [""] * n
    emb = np.empty((n, dim), dtype=np.float32)
    keys: list[str | None] = [None] * n
    topics: list[str | None] = [None] * n
    created = NOW.timestamp() - rng.uniform(0.0, 120.0, size=n) * DAY
    filled = np.zeros(n, dtype=bool)
    order = rng.permutation(n)
    cursor = 0
    planted = {
        "duplicate_clusters": 0,
        "duplicate_rows": 0,
        "near_threshold_pairs": 0,
        "contradiction_pairs": 0,
        "supersession_groups": 0,
        "supersession_rows": 0,
        "paraphrase_clusters": 0,
        "paraphrase_rows": 0,
    }

    def take(m: int) -> I64:
        nonlocal cursor
        rows = order[cursor : cursor + m]
        cursor += m
        filled[rows] = True
        return rows.astype(np.int64)

    def text_for(kind: str, body: list[str]) -> str:
        a, b = LEADS[kind]
        return f"{a} {body[0]} {b} " + " ".join(body[1:])

    # duplicate clusters
    budget = int(0.05 * n)
    while budget > 0:
        size = (
            int(rng.choice([2, 2, 2, 3, 3, 4, 5, 6, 8]))
            if rng.random() > 0.01
            else int(rng.integers(20, 41))
        )
        size = min(size, budget) if budget >= 2 else 0
        if size < 2:
            break
        rows = take(size)
        kind = kinds[int(rows[0])]
        body = words(int(rng.integers(6, 11)))
        center = base_vectors(1)[0]
        vecs = near(center, float(rng.uniform(0.12, 0.26)), size)
        for k, row in enumerate(rows.tolist()):
            kinds[row] = kind
            extra = [FILLERS[k % len(FILLERS)]] + ([FILLERS[k // len(FILLERS)]] if k >= 15 else [])
            contents[row] = text_for(kind, body + extra)
            emb[row] = vecs[k]
        planted["duplicate_clusters"] += 1
        planted["duplicate_rows"] += size
        budget -= size
    # near-threshold pairs: different texts, cosine ~0.90-0.95
    for _ in range(int(0.005 * n)):
        rows = take(2)
        center = base_vectors(1)[0]
        vecs = near(center, float(rng.uniform(0.2, 0.35)), 2)
        for k, row in enumerate(rows.tolist()):
            kinds[row] = kinds[int(rows[0])]
            contents[row] = text_for(kinds[row], words(int(rng.integers(6, 11))))
            emb[row] = vecs[k]
        planted["near_threshold_pairs"] += 1
    # contradiction pairs: same statement, another number
    for _ in range(int(0.005 * n)):
        rows = take(2)
        kind = "fact" if rng.random() < 0.7 else "preference"
        body = words(int(rng.integers(5, 9)))
        values = rng.choice(np.arange(2, 500), size=2, replace=False)
        vecs = near(base_vectors(1)[0], float(rng.uniform(0.15, 0.3)), 2)
        for k, row in enumerate(rows.tolist()):
            kinds[row] = kind
            contents[row] = text_for(kind, [*body, "limit", "is", str(int(values[k]))])
            emb[row] = vecs[k]
        planted["contradiction_pairs"] += 1
    # supersession groups: one key, values change over time
    budget = int(0.08 * n)
    while budget >= 2:
        size = min(int(rng.integers(2, 6)), budget)
        rows = take(size)
        kind = "tool_output" if rng.random() < 0.8 else "fact"
        body = words(4)
        key = f"{kind}:{body[0]}:{body[1]}:{planted['supersession_groups']}"
        vecs = near(base_vectors(1)[0], 0.5, size)
        for k, row in enumerate(rows.tolist()):
            kinds[row] = kind
            keys[row] = key
            status = str(100 + 7 * k + int(rng.integers(7)))
            contents[row] = text_for(kind, [*body, "status", status])
            emb[row] = vecs[k]
        planted["supersession_groups"] += 1
        planted["supersession_rows"] += size
        budget -= size
    # lexical paraphrase clusters: one lesson reworded, a word at a time
    budget = int(0.03 * n)
    while budget >= 3:
        size = min(int(rng.integers(3, 9)), budget)
        rows = take(size)
        kind = str(rng.choice(["fact", "conversation", "preference"]))
        body = words(10)
        topic = f"lesson-{planted['paraphrase_clusters']}"
        vecs = near(base_vectors(1)[0], 0.55, size)
        for k, row in enumerate(rows.tolist()):
            kinds[row] = kind
            swapped = list(body)
            swapped[1 + (k % 9)] = f"{body[1 + (k % 9)]}{_SYLLABLES[k % len(_SYLLABLES)]}x"
            contents[row] = text_for(kind, swapped)
            topics[row] = topic
            emb[row] = vecs[k]
        planted["paraphrase_clusters"] += 1
        planted["paraphrase_rows"] += size
        budget -= size
    # everything else: ordinary, unrelated entries
    rest = np.flatnonzero(~filled)
    base_into(emb, rest)
    for row in rest.tolist():
        contents[row] = text_for(kinds[row], words(int(rng.integers(6, 13))))
    # contents are unique per tenant: re-word any accidental repeat
    seen: set[str] = set()
    for row in range(n):
        while contents[row] in seen:
            contents[row] = contents[row] + " " + words(1)[0]
        seen.add(contents[row])

    recalled = rng.random(n) < 0.3
    last = np.where(recalled, NOW.timestamp() - rng.uniform(0, 60, size=n) * DAY, np.nan)
    last = np.where(last < created, created + 3600.0, last)
    return BenchData(
        tenant=tenant,
        model=model,
        ids=[uuid.UUID(bytes=rng.bytes(16), version=4) for _ in range(n)],
        kinds=[str(k) for k in kinds],
        contents=contents,
        embeddings=emb,
        supersession_keys=keys,
        topics=topics,
        created_at=created,
        importance=np.clip(rng.beta(2, 2, size=n), 0.0, 1.0),
        generality=(rng.random(n) < 0.05).astype(np.int64),
        proven=rng.poisson(0.5, size=n).astype(np.int64),
        recall_count=np.where(recalled, rng.geometric(0.3, size=n), 0).astype(np.int64),
        last_recalled_at=last,
        pinned=rng.random(n) < 0.003,
        planted=planted,
    )


_SENTENCES = (
    "The deploy to staging failed because the database migration timed out after {n} seconds",
    "User prefers short answers with code examples and no marketing language",
    "Always run the compliance check before merging changes to the billing service",
    "The weather lookup for Berlin returned {n} degrees and light rain this morning",
    "Customer asked for a refund on order {n} because the package arrived damaged",
    "Retry limit for the payments queue is {n} attempts with exponential backoff",
    "The on-call engineer restarted the ingestion worker after memory reached {n} percent",
    "Never deploy on Fridays unless the release manager has signed off on the change",
)


def english_texts(n: int) -> list[str]:
    """Short English memories for the embedding-throughput measurement (the generated
    pseudo-words split into unrealistically many word pieces)."""
    return [_SENTENCES[i % len(_SENTENCES)].format(n=17 + i) for i in range(n)]


def to_snapshot(data: BenchData) -> Any:
    """The generated tenant as the planner sees it after loading (every row active)."""
    from curation import MemorySnapshot

    n = len(data)
    return MemorySnapshot(
        tenant=data.tenant,
        embedding_model=data.model,
        ids=[str(i) for i in data.ids],
        kinds=list(data.kinds),
        contents=list(data.contents),
        embeddings=data.embeddings,
        importance=data.importance,
        generality=data.generality,
        proven=data.proven,
        recall_count=data.recall_count,
        created_at=data.created_at,
        last_recalled_at=data.last_recalled_at,
        pinned=data.pinned,
        supersession_keys=list(data.supersession_keys),
        versions=np.ones(n, dtype=np.int64),
        open_conflicts=np.zeros(n, dtype=np.int64),
        parent_ids=[None] * n,
        topics=list(data.topics),
    )
