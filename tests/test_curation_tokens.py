"""Tokenizer and the exact prefix-filter Jaccard join."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from curation import _token_batch
from curation._token_batch import ranked_texts, text_jaccard_pairs
from curation._tokens import (
    _matches,
    _ranked_arrays,
    jaccard,
    jaccard_pairs,
    naive_jaccard_pairs,
    token_set,
    tokenize,
)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("The user's Checks don't pass", ["user", "check", "dont", "pass"]),
        ("Always run the compliance check", ["alway", "run", "compliance", "check"]),
        ("Never deploy on Fridays!", ["never", "deploy", "friday"]),
        ("It is what it is", []),
        ("Status: 3 retries, not 4", ["status", "3", "retrie", "not", "4"]),
        ("Café prices rose", ["café", "price", "rose"]),
    ],
)
def test_tokenize(text: str, tokens: list[str]) -> None:
    assert tokenize(text) == tokens


def test_negations_are_kept_as_tokens() -> None:
    assert "not" in token_set("do not deploy") and "never" in token_set("never deploy")


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [({"a", "b"}, {"a", "b"}, 1.0), ({"a", "b"}, {"b", "c"}, 1 / 3), (set(), set(), 0.0)],
)
def test_jaccard(a: set[str], b: set[str], expected: float) -> None:
    assert jaccard(frozenset(a), frozenset(b)) == pytest.approx(expected)


def random_sets(n: int, vocab: int, seed: int) -> list[frozenset[str]]:
    """Skewed token frequencies and families of overlapping sets, so pairs exist at any t."""
    rng = random.Random(seed)
    words = [f"w{k}" for k in range(vocab)]
    weights = [1 / (k + 1) for k in range(vocab)]
    sets: list[frozenset[str]] = []
    for _ in range(n):
        if sets and rng.random() < 0.5:
            parent = set(rng.choice(sets))
            for word in list(parent):
                if rng.random() < 0.2:
                    parent.discard(word)
            parent.update(rng.choices(words, weights, k=rng.randint(0, 2)))
            sets.append(frozenset(parent))
        else:
            sets.append(frozenset(rng.choices(words, weights, k=rng.randint(0, 12))))
    return sets


@pytest.mark.parametrize("threshold", [0.2, 0.4, 0.5, 0.6, 0.7, 0.75, 0.9, 1.0])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_prefix_filter_join_equals_all_pairs(threshold: float, seed: int) -> None:
    sets = random_sets(300, 60, seed)
    fast = jaccard_pairs(sets, threshold)
    slow = naive_jaccard_pairs(sets, threshold)
    assert fast[0].tolist() == slow[0].tolist()
    assert fast[1].tolist() == slow[1].tolist()
    assert fast[2] == pytest.approx(slow[2])
    assert len(slow[0]) > 0


@pytest.mark.parametrize("threshold", [0.5, 0.6])
def test_prefix_filter_join_respects_groups(threshold: float) -> None:
    sets = random_sets(200, 40, 7)
    groups = [("fact", "preference", "tool_output")[k % 3] for k in range(len(sets))]
    fast = jaccard_pairs(sets, threshold, groups)
    slow = naive_jaccard_pairs(sets, threshold, groups)
    assert fast[0].tolist() == slow[0].tolist() and fast[1].tolist() == slow[1].tolist()
    assert all(groups[i] == groups[j] for i, j in zip(*fast[:2], strict=True))


@settings(max_examples=60, deadline=None)
@given(
    sets=st.lists(st.frozensets(st.sampled_from("abcdefghijkl"), max_size=9), max_size=40),
    threshold=st.sampled_from([0.1, 0.3, 0.5, 0.6, 0.7, 0.8, 1.0]),
)
def test_count_and_position_filters_lose_no_pair(
    sets: list[frozenset[str]], threshold: float
) -> None:
    """Few tokens, many near-equal sets: the two-match prefixes and the small rows that
    need one match are both exercised, and the pairs are exactly all-pairs'."""
    fast = jaccard_pairs(sets, threshold)
    slow = naive_jaccard_pairs(sets, threshold)
    assert fast[0].tolist() == slow[0].tolist() and fast[1].tolist() == slow[1].tolist()
    assert fast[2] == pytest.approx(slow[2])


@pytest.mark.parametrize(
    ("size_a", "size_b", "overlap", "passes"),
    [
        (10, 10, 7, False),  # 7 / 13 = 0.538
        (5, 5, 4, True),  # 4 / 6 = 0.667
        (5, 4, 3, True),  # 3 / 6 = 0.5 ... at t = 0.5 exactly
    ],
)
def test_threshold_is_inclusive(size_a: int, size_b: int, overlap: int, passes: bool) -> None:
    a = frozenset(f"s{k}" for k in range(overlap)) | {f"a{k}" for k in range(size_a - overlap)}
    b = frozenset(f"s{k}" for k in range(overlap)) | {f"b{k}" for k in range(size_b - overlap)}
    t = 0.5 if size_b == 4 else 0.6
    assert (len(jaccard_pairs([a, b], t)[0]) == 1) is passes


def test_empty_sets_pair_with_nothing() -> None:
    assert len(jaccard_pairs([frozenset(), frozenset()], 0.5)[0]) == 0


def test_bad_threshold() -> None:
    with pytest.raises(ValueError):
        jaccard_pairs([frozenset({"a"})], 0.0)


HOSTILE_TEXTS = [
    "",
    "   ",
    "It is what it is",
    "The user's Checks don't pass",
    "Straße STRASSE strasse",
    "\ufb01le \ufb03 \uff21\uff22\uff23 \uff41\uff42\uff43",  # compatibility forms fold under NFKC
    "\u0301e starts with a combining mark",
    "ends with a Hangul lead \u1100",
    "\u1161 starts with a Hangul vowel",  # must not compose with the text before
    "A\u030a Å e\u0301 é",
    "ΟΔΟΣ οδος İstanbul",
    "it\u2019s rock'n'roll, isn\u2019t it's",
    "snake_case __init__ a_b",
    "Status: 3 retries, not 4; 3.14",
    "🙂 ok مرحبا שלום",
    "checks check CHECKS",
]


def batch_equals_one_by_one(texts: list[str]) -> None:
    batch = ranked_texts(texts)
    alone = _ranked_arrays([token_set(t) for t in texts])
    assert batch.sizes.tolist() == alone.sizes.tolist()
    assert batch.starts.tolist() == alone.starts.tolist()
    assert batch.flat.tolist() == alone.flat.tolist()


def test_batch_tokens_equal_token_set_on_hostile_text() -> None:
    batch_equals_one_by_one(HOSTILE_TEXTS)
    assert ranked_texts(HOSTILE_TEXTS).sizes[0] == 0 and ranked_texts([]).sizes.size == 0


def test_batch_tokens_across_chunk_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_token_batch, "_CHUNK", 3)
    batch_equals_one_by_one(HOSTILE_TEXTS)


def test_a_nul_inside_a_text_takes_the_plain_way() -> None:
    batch_equals_one_by_one(["user\x00checks", "user checks", "\x00"])


# letters that casefold, compose, expand or fold under NFKC, apostrophes, NUL
TRICKY = "aAbsS'\u2019_ -\u00df\ufb01\u0130\u03a3\u03c3\u03c21.\u0301\u030a\u1100\u1161\x00"


@settings(max_examples=80, deadline=None)
@given(
    texts=st.lists(
        st.text(alphabet=st.sampled_from(list(TRICKY))) | st.text(max_size=12), max_size=10
    )
)
def test_batch_tokens_equal_token_set_on_any_text(texts: list[str]) -> None:
    batch_equals_one_by_one(texts)


@pytest.mark.parametrize("threshold", [0.3, 0.6, 0.9])
def test_text_join_equals_the_set_join(threshold: float) -> None:
    rng = random.Random(5)
    words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "iota", "kappa"]
    texts = [" ".join(rng.choices(words, k=rng.randint(0, 7))) for _ in range(300)]
    groups = [k % 2 for k in range(len(texts))]
    by_text = text_jaccard_pairs(texts, threshold, groups)
    by_set = naive_jaccard_pairs([token_set(t) for t in texts], threshold, groups)
    assert by_text[0].tolist() == by_set[0].tolist() and by_text[1].tolist() == by_set[1].tolist()
    assert by_text[2] == pytest.approx(by_set[2]) and len(by_set[0]) > 0


@pytest.mark.parametrize("scale", [1, 2**55])  # one sort of both sides; the binary searches
def test_key_matches_equal_binary_search(scale: int) -> None:
    rng = np.random.default_rng(3)
    index_key = rng.integers(0, 50, size=400) * scale
    index_row = np.arange(400, dtype=np.int64) // 3
    probe_key = rng.integers(0, 60, size=700) * scale
    rows, lo, counts = _matches(index_key, index_row, probe_key)
    order = np.argsort(index_key, kind="stable")
    expected_lo = np.searchsorted(index_key[order], probe_key, side="left")
    expected_hi = np.searchsorted(index_key[order], probe_key, side="right")
    assert rows.tolist() == index_row[order].tolist()
    found = counts > 0
    assert found.any() and not found.all()
    assert counts.tolist() == (expected_hi - expected_lo).tolist()
    assert lo[found].tolist() == expected_lo[found].tolist()
