"""Claims: the statements one long memory makes, each embedded on its own at write time.

A dialogue turn often states many things at once (a user's long message, an assistant's
list), and one vector for the whole turn — truncated at the model's input length — matches
a question about one of them weakly: the turn that answers it is not near the top. So the
kinds the policy names (dialogue turns by default) are split into claims when written,
each claim embedded, and curated recall scores such an entry by a blend of its whole-text
similarity and its best-matching claim's. When two hits' best-matching claims say the
same thing and the later one was written well after the earlier (another conversation),
the later ranks first if it is nearly as relevant: an update of a claim, not of a whole
turn. Nothing is archived or demoted by it: only near-equals are reordered.

Pure functions over texts and arrays; the store keeps the claims (``memory_claim``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

MIN_CLAIM_WORDS = 3
MAX_CLAIMS = 32
MAX_CLAIM_CHARS = 1000

_MARKER = re.compile(r"^\s*(?:[-*\u2022]+|\d{1,3}[.)]|#+)\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")
_WORD = re.compile(r"\w+")

FloatArray = npt.NDArray[np.float64]


def split_claims(content: str, *, max_claims: int = MAX_CLAIMS) -> list[str]:
    """The sentences and list items of ``content`` with at least ``MIN_CLAIM_WORDS`` words,
    in order, each once, at most ``max_claims``. Empty when there are fewer than two: a
    one-statement text is its own claim, and its whole-text vector already says it."""
    found: list[str] = []
    for line in content.splitlines():
        line = _MARKER.sub("", line).strip()
        if not line:
            continue
        for sentence in _SENTENCE_END.split(line):
            sentence = sentence.strip()[:MAX_CLAIM_CHARS]
            if len(_WORD.findall(sentence)) >= MIN_CLAIM_WORDS:
                found.append(sentence)
    claims = list(dict.fromkeys(found))[:max_claims]
    return claims if len(claims) > 1 else []


def blended_similarity(whole: FloatArray, best_claim: FloatArray, whole_share: float) -> FloatArray:
    """``whole_share`` x the whole-text similarity + the rest x the best claim's (an entry
    without claims passes its whole-text similarity as its best claim: unchanged)."""
    best = np.maximum(best_claim, whole)
    return whole_share * whole + (1.0 - whole_share) * best


def newer_claims_first(
    score: FloatArray,
    created_at: Sequence[float] | FloatArray,
    claim_vectors: npt.NDArray[np.float32],
    *,
    margin: float,
    cosine: float,
    apart_seconds: float,
) -> FloatArray:
    """Scores in which, among the hits within ``margin`` of the best, a hit ranks just
    above an older one whose best-matching claim says the same as its own (cosine >=
    ``cosine``) when it was written more than ``apart_seconds`` later. Older entries are
    handled first, so a chain of updates ends with the newest on top; every other score
    is unchanged. ``claim_vectors[i]`` is hit i's best-matching claim (unit length).

    The band is the best hit's, not each pair's: a pairwise margin let later, loosely
    similar turns of other conversations push LoCoMo's evidence out of the top 10."""
    lifted = np.array(score, dtype=np.float64, copy=True)
    if len(lifted) < 2:
        return lifted
    times = np.asarray(created_at, dtype=np.float64)
    near = [i for i in range(len(lifted)) if score[i] >= float(np.max(score)) - margin]
    order = sorted(near, key=lambda i: (times[i], i))
    vectors = np.asarray(claim_vectors, dtype=np.float64)
    same = vectors @ vectors.T
    for position, newer in enumerate(order):
        for older in order[:position]:
            if times[newer] - times[older] <= apart_seconds or same[newer, older] < cosine:
                continue
            if lifted[newer] <= lifted[older]:
                lifted[newer] = lifted[older] + 1e-6
    return lifted
