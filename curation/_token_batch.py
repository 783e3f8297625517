"""Many texts' token sets at once, as the ranked arrays the Jaccard join reads.

``token_set`` per text costs a normalisation, a regex scan, a frozenset and a cached
call per word in Python; at 1M texts that was half of principle clustering. Here a chunk
of texts is joined with NUL (which PostgreSQL text never holds, and which neither NFKC
nor casefolding creates, composes across or folds into a word), normalised and scanned
once; each distinct raw word is mapped to its token once; de-duplication within a text
and the rarest-first ranking are numpy sorts. The result is exactly
``_ranked_arrays([token_set(t) for t in texts])`` (tested on hostile text).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable, Sequence

import numpy as np

from curation._arrays import unique_sorted
from curation._tokens import (
    _WORD,
    IdxArray,
    JaccardPairs,
    _Ranked,
    _token_of,
    jaccard_pairs_ranked,
    token_set,
)

_END = "\x00"
_WORD_OR_END = re.compile(_WORD.pattern + "|" + _END)
_CHUNK = 20_000
_STOP = -1  # a stopword's id
_SEPARATOR = -2  # the end of a text


def _token_ids(texts: Sequence[str]) -> tuple[IdxArray, IdxArray, list[str]]:
    """(owner, token id) of every token occurrence, and the tokens by id."""
    tokens: list[str] = []
    token_ids: dict[str, int] = {}
    lookup: dict[str, int] = {_END: _SEPARATOR}
    owners: list[IdxArray] = []
    ids: list[IdxArray] = []
    for c0 in range(0, len(texts), _CHUNK):
        chunk = texts[c0 : c0 + _CHUNK]
        joined = _END.join(chunk) + _END
        if joined.count(_END) != len(chunk):  # a NUL inside a text: the plain way
            return _fallback(texts)
        words = _WORD_OR_END.findall(unicodedata.normalize("NFKC", joined).casefold())
        for raw in set(words).difference(lookup):
            token = _token_of(raw)
            if token is None:
                lookup[raw] = _STOP
            else:
                lookup[raw] = token_ids.setdefault(token, len(tokens))
                if lookup[raw] == len(tokens):
                    tokens.append(token)
        found = np.fromiter(map(lookup.__getitem__, words), np.int64, count=len(words))
        ends = found == _SEPARATOR
        owner = np.cumsum(ends) - ends + c0
        keep = found >= 0
        owners.append(owner[keep])
        ids.append(found[keep])
    if not owners:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), tokens
    return np.concatenate(owners), np.concatenate(ids), tokens


def _fallback(texts: Sequence[str]) -> tuple[IdxArray, IdxArray, list[str]]:
    """Texts holding a NUL (never from the store): one token set per text."""
    sets = [token_set(t) for t in texts]
    tokens = sorted(set().union(*sets)) if sets else []
    number = {t: k for k, t in enumerate(tokens)}
    owner = np.repeat(np.arange(len(sets), dtype=np.int64), [len(s) for s in sets])
    ids = np.fromiter((number[t] for s in sets for t in s), np.int64, count=len(owner))
    return owner, ids, tokens


def ranked_texts(texts: Sequence[str]) -> _Ranked:
    """Every text's distinct tokens as ranks, rarest first (ties by token), set after set:
    what ``_ranked_arrays`` gives for the texts' token sets."""
    owner, ids, tokens = _token_ids(texts)
    width = max(1, len(tokens))
    key = unique_sorted(owner * width + ids)  # one occurrence per (text, token), text order
    owner, ids = key // width, key % width
    sizes = np.bincount(owner, minlength=len(texts)).astype(np.int64)
    freq = np.bincount(ids, minlength=len(tokens)).tolist()
    order = sorted(range(len(tokens)), key=lambda k: (freq[k], tokens[k]))
    rank_of = np.empty(len(tokens), dtype=np.int64)
    rank_of[order] = np.arange(len(tokens), dtype=np.int64)
    flat = np.sort(owner * width + rank_of[ids]) % width
    starts = np.zeros(len(texts), dtype=np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    return _Ranked(flat, sizes, starts)


def text_jaccard_pairs(
    texts: Sequence[str], threshold: float, groups: Sequence[Hashable] | None = None
) -> JaccardPairs:
    """``jaccard_pairs`` over the texts' token sets, without building the sets."""
    return jaccard_pairs_ranked(ranked_texts(texts), threshold, groups)
