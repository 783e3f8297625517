"""Labelled (older, newer) pairs built from the hold-out histories and relations.

Positives: the same subject and slot with a new value, in every family (all earlier/later
fact pairs) and across two families. Negatives, which must never be read as a change:
another subject with the same slot (same or different value), another slot of the same
entity, a multi-valued relation, a recurring event, an added value ("also", "another"),
and the same value restated later in other words (``same_value``). Sampling is seeded, so
one seed gives one list.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import timedelta
from itertools import combinations, permutations
from typing import Literal

from evaluation.holdout.families import date_forms, families, render_fact
from evaluation.holdout.histories import holdout_histories
from evaluation.holdout.model import LabeledPair, Memory, Subject
from evaluation.holdout.relations import MULTI_VALUED, RECURRING, Relation

HOLDOUT_SEED = 28
_RESTATE_WITHIN_DAYS = 400
_Unrelated = Literal["cross_subject", "other_slot"]


def holdout_pairs(seed: int = HOLDOUT_SEED) -> list[LabeledPair]:
    """Every labelled pair of the hold-out set, in a fixed order for a given seed."""
    rng = random.Random(seed)
    subjects = holdout_histories()
    names = families()
    return [
        *_positives(subjects, names),
        *_cross_family_positives(subjects, names, rng),
        *_restatements(subjects, names, rng),
        *_cross_subject(subjects, names, rng),
        *_other_slot(subjects, names, rng),
        *_relation_pairs(MULTI_VALUED + RECURRING),
    ]


def _positives(subjects: list[Subject], names: list[str]) -> Iterator[LabeledPair]:
    for family in names:
        for subject in subjects:
            for i, j in combinations(range(len(subject.facts)), 2):
                older, newer = render_fact(family, subject, i), render_fact(family, subject, j)
                yield LabeledPair(older, newer, "change", "positive", f"{family} {i}->{j}")


def _cross_family_positives(
    subjects: list[Subject], names: list[str], rng: random.Random
) -> Iterator[LabeledPair]:
    family_pairs = list(permutations(names, 2))
    for subject in subjects:
        for i, j in combinations(range(len(subject.facts)), 2):
            for older_family, newer_family in rng.sample(family_pairs, 2):
                older = render_fact(older_family, subject, i)
                newer = render_fact(newer_family, subject, j)
                note = f"{older_family} -> {newer_family} {i}->{j}"
                yield LabeledPair(older, newer, "change", "cross_family_positive", note)


def _restatements(
    subjects: list[Subject], names: list[str], rng: random.Random
) -> Iterator[LabeledPair]:
    """Each fact restated later in another family; one per subject in its own family."""
    for subject in subjects:
        for index in range(len(subject.facts)):
            older_family, newer_family = rng.sample(names, 2)
            yield _restated(subject, index, older_family, newer_family, rng)
        family = rng.choice(names)
        yield _restated(subject, rng.randrange(len(subject.facts)), family, family, rng)


def _restated(
    subject: Subject, index: int, older_family: str, newer_family: str, rng: random.Random
) -> LabeledPair:
    start = subject.facts[index].valid_from
    days_valid = _RESTATE_WITHIN_DAYS + 1
    if index + 1 < len(subject.facts):
        days_valid = min(days_valid, (subject.facts[index + 1].valid_from - start).days)
    later = start + timedelta(days=rng.randint(1, days_valid - 1))
    older = render_fact(older_family, subject, index)
    newer = render_fact(newer_family, subject, index, valid_from=later)
    note = f"{older_family} -> {newer_family}"
    return LabeledPair(older, newer, "same_value", "restatement", note)


def _cross_subject(
    subjects: list[Subject], names: list[str], rng: random.Random
) -> Iterator[LabeledPair]:
    """Two subjects of one slot in one family: two facts at random, and every shared value."""
    for first, second in _two_sharing(subjects, lambda subject: subject.slot):
        yield from _at_random(first, second, rng.sample(names, 2), rng, "cross_subject")
        for i, j in _shared_values(first, second):
            yield _unrelated(rng.choice(names), (first, i), (second, j), "cross_subject")


def _two_sharing(
    subjects: list[Subject], key: Callable[[Subject], str]
) -> Iterator[tuple[Subject, Subject]]:
    """Every two subjects with the same ``key``, group by group in order of appearance."""
    groups: dict[str, list[Subject]] = defaultdict(list)
    for subject in subjects:
        groups[key(subject)].append(subject)
    for group in groups.values():
        yield from combinations(group, 2)


def _shared_values(first: Subject, second: Subject) -> Iterator[tuple[int, int]]:
    for i, fact in enumerate(first.facts):
        for j, other in enumerate(second.facts):
            if fact.value == other.value:
                yield i, j


def _other_slot(
    subjects: list[Subject], names: list[str], rng: random.Random
) -> Iterator[LabeledPair]:
    """Two slots of one entity (a person's city and employer) in one family."""
    for first, second in _two_sharing(subjects, lambda subject: subject.entity):
        yield from _at_random(first, second, rng.sample(names, 4), rng, "other_slot")


def _at_random(
    first: Subject,
    second: Subject,
    in_families: list[str],
    rng: random.Random,
    kind: _Unrelated,
) -> Iterator[LabeledPair]:
    """A fact of ``first`` and one of ``second``, drawn at random, in each of ``in_families``."""
    for family in in_families:
        i, j = rng.randrange(len(first.facts)), rng.randrange(len(second.facts))
        yield _unrelated(family, (first, i), (second, j), kind)


def _unrelated(
    family: str,
    first: tuple[Subject, int],
    second: tuple[Subject, int],
    kind: _Unrelated,
) -> LabeledPair:
    """The earlier of two facts as the older memory; a tie puts the second a day later."""
    (a, i), (b, j) = first, second
    if b.facts[j].valid_from < a.facts[i].valid_from:
        (a, i), (b, j) = (b, j), (a, i)
    older = render_fact(family, a, i)
    newer_at = max(b.facts[j].valid_from, older.valid_from + timedelta(days=1))
    newer = render_fact(family, b, j, valid_from=newer_at)
    same = "same value" if a.facts[i].value == b.facts[j].value else "different value"
    return LabeledPair(older, newer, "unrelated", kind, f"{family}: {a.id} vs {b.id}, {same}")


def _relation_pairs(relations: tuple[Relation, ...]) -> Iterator[LabeledPair]:
    """Every earlier/later item pair: the newer in each wording, and in each addition."""
    for relation in relations:
        styles = relation.statements
        for i, j in combinations(range(len(relation.items)), 2):
            old_style, old_template = styles[i % len(styles)]
            older = _relation_memory(relation, i, old_style, old_template)
            for style, template in styles:
                newer = _relation_memory(relation, j, style, template)
                note = f"{relation.id} {old_style} -> {style}"
                yield LabeledPair(older, newer, "unrelated", relation.kind, note)
            for template in relation.additions:
                newer = _relation_memory(relation, j, "addition", template)
                yield LabeledPair(older, newer, "unrelated", "addition", f"{relation.id}")


def _relation_memory(relation: Relation, index: int, style: str, template: str) -> Memory:
    item = relation.items[index]
    text = template.format_map({"v": item.value, **date_forms(item.valid_from)})
    if style == "chat":
        text = text.lower()
    return Memory(
        text=text,
        valid_from=item.valid_from,
        subject_id=relation.id,
        value=item.value,
        is_current=True,
        family=f"relation:{style}",
    )
