"""Tokenizer and the exact prefix-filter Jaccard join."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from curation._tokens import (
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
