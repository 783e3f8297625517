"""Integrity of the hold-out wording set (evaluation/holdout): its counts, its histories,
its renderings and its labelled pairs. Nothing here runs a change detector."""

from __future__ import annotations

import calendar
import re
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from itertools import combinations

import pytest
from holdout_helpers import assert_renders_every_fact

from evaluation.holdout import (
    PAIR_KINDS,
    LabeledPair,
    Memory,
    Subject,
    UnknownFamilyError,
    families,
    holdout_histories,
    holdout_pairs,
    render,
)

MONTHS = [name.lower() for name in calendar.month_name[1:]]
YEAR = re.compile(r"\b(19|20)\d\d\b")


@pytest.fixture(scope="module")
def subjects() -> list[Subject]:
    return holdout_histories()


@pytest.fixture(scope="module")
def pairs() -> list[LabeledPair]:
    return holdout_pairs()


def test_enough_subjects_domains_and_families(subjects: list[Subject]) -> None:
    assert len(subjects) >= 60
    assert len({s.id for s in subjects}) == len(subjects)
    assert all(re.fullmatch(r"[a-z]+/[a-z0-9-]+/[a-z_]+", s.id) for s in subjects)
    domains = Counter(s.domain for s in subjects)
    assert len(domains) >= 4 and min(domains.values()) >= 5, domains
    assert {"sports", "services"}.isdisjoint(domains)
    assert all(2 <= len(s.facts) <= 4 for s in subjects)
    assert len(families()) >= 8 and len(set(families())) == len(families())


def test_current_value_is_the_latest_and_the_others_are_stale(subjects: list[Subject]) -> None:
    for subject in subjects:
        times = [fact.valid_from for fact in subject.facts]
        assert times == sorted(times) and len(set(times)) == len(times), subject.id
        assert all(t.tzinfo is UTC for t in times), subject.id
        latest = max(subject.facts, key=lambda fact: fact.valid_from)
        assert subject.current_value == latest.value
        values = [fact.value for fact in subject.facts]
        assert len(set(values)) == len(values), subject.id  # stale never equals current
        assert set(subject.stale_values) == set(values) - {subject.current_value}


def test_values_include_dates_weekdays_amounts_versions_plans_and_lower_case(
    subjects: list[Subject],
) -> None:
    values = {(s.slot, fact.value) for s in subjects for fact in s.facts}

    def some(test: Callable[[str, str], bool]) -> bool:
        return any(test(slot, value) for slot, value in values)

    assert some(lambda _s, v: _is_date(v))
    assert some(lambda _s, v: v in {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"})
    assert some(lambda _s, v: v[:1] in "€$£" and any(c.isdigit() for c in v))
    assert some(lambda _s, v: re.fullmatch(r"\d+\.\d+\.\d+", v) is not None)
    assert some(lambda s, v: s == "plan" and v[:1].isupper())
    assert some(lambda _s, v: v.islower() and v.isalpha())


def _is_date(value: str) -> bool:
    try:
        datetime.strptime(value, "%d %B %Y")
    except ValueError:
        return False
    return True


def test_questions_name_the_subject_and_no_time(subjects: list[Subject]) -> None:
    for subject in subjects:
        assert len(set(subject.questions)) >= 3, subject.id
        for question in subject.questions:
            assert question.endswith("?") and subject.entity in question, question
            assert not YEAR.search(question), question


@pytest.mark.parametrize("family", families())
def test_every_family_renders_every_fact(family: str, subjects: list[Subject]) -> None:
    for subject in subjects:
        memories = render(family, subject)
        assert_renders_every_fact(memories, subject)
        assert [m.is_current for m in memories] == [False] * (len(memories) - 1) + [True]
        for memory in memories:
            assert memory.subject_id == subject.id and memory.family == family
            assert memory.value.lower() in memory.text.lower(), memory.text
            assert subject.entity.lower() in memory.text.lower(), memory.text


def test_no_two_families_write_a_fact_in_the_same_form(subjects: list[Subject]) -> None:
    names = families()
    for subject in subjects:
        rendered = {family: render(family, subject) for family in names}
        for index in range(len(subject.facts)):
            forms = {f: _form(rendered[f][index], subject) for f in names}
            for first, second in combinations(names, 2):
                assert forms[first] != forms[second], (subject.id, index, first, second)


def _form(memory: Memory, subject: Subject) -> str:
    """The text with the subject, the values and every date masked: what is left is form."""
    text = memory.text.lower().replace(subject.entity.lower(), "<e>")
    for value in sorted((f.value.lower() for f in subject.facts), key=len, reverse=True):
        text = text.replace(value, "<v>")
    for month in MONTHS:
        text = text.replace(month, "<m>").replace(month[:3], "<m>")
    return re.sub(r"\d+", "#", text)


def test_unknown_family_is_a_typed_error_naming_it(subjects: list[Subject]) -> None:
    with pytest.raises(UnknownFamilyError, match="family='tweet'"):
        render("tweet", subjects[0])


def test_pair_counts_per_label_kind_and_family(pairs: list[LabeledPair]) -> None:
    labels = Counter(p.label for p in pairs)
    assert labels["change"] >= 300
    assert labels["unrelated"] + labels["same_value"] >= 300
    kinds = Counter(p.kind for p in pairs)
    assert set(kinds) == set(PAIR_KINDS)
    assert min(kinds.values()) >= 50, kinds
    notes = Counter(p.note.rsplit(", ", 1)[-1] for p in pairs if p.kind == "cross_subject")
    assert notes["same value"] >= 30 and notes["different value"] >= 100, notes
    for family in families():
        in_family = [p for p in pairs if p.newer.family == family]
        by_kind = Counter(p.kind for p in in_family if p.older.family == family)
        assert by_kind["positive"] >= 100, (family, by_kind)
        assert by_kind["cross_subject"] >= 10 and by_kind["other_slot"] >= 5, (family, by_kind)
        assert any(p.kind == "restatement" for p in in_family), family
        assert any(p.kind == "cross_family_positive" for p in in_family), family


def test_pairs_are_labelled_by_what_they_are_about(
    pairs: list[LabeledPair], subjects: list[Subject]
) -> None:
    by_id = {s.id: s for s in subjects}
    expected_label = {"positive": "change", "cross_family_positive": "change"}
    expected_label["restatement"] = "same_value"
    for pair in pairs:
        older, newer = pair.older, pair.newer
        assert older.valid_from < newer.valid_from, pair
        assert older.valid_from.tzinfo is UTC and newer.valid_from.tzinfo is UTC
        assert pair.label == expected_label.get(pair.kind, "unrelated"), pair
        same_subject = older.subject_id == newer.subject_id
        if pair.kind in {"positive", "cross_family_positive"}:
            assert same_subject and older.value != newer.value, pair
        elif pair.kind == "restatement":
            assert same_subject and older.value == newer.value, pair
        elif pair.kind == "cross_subject":
            first, second = by_id[older.subject_id], by_id[newer.subject_id]
            assert first.entity != second.entity and first.slot == second.slot, pair
        elif pair.kind == "other_slot":
            first, second = by_id[older.subject_id], by_id[newer.subject_id]
            assert first.entity == second.entity and first.slot != second.slot, pair
        else:  # multi-valued, recurring, addition: one relation, never a history subject
            assert same_subject and older.subject_id not in by_id, pair
            assert older.is_current and newer.is_current, pair


def test_no_text_pair_carries_two_labels(pairs: list[LabeledPair]) -> None:
    labels: dict[tuple[str, str], set[str]] = {}
    for pair in pairs:
        labels.setdefault((pair.older.text, pair.newer.text), set()).add(pair.label)
    assert all(len(found) == 1 for found in labels.values())


def test_output_is_deterministic_and_seeded(
    pairs: list[LabeledPair], subjects: list[Subject]
) -> None:
    assert holdout_histories() == subjects
    assert holdout_pairs() == pairs
    assert [render(f, s) for f in families() for s in subjects[:5]] == [
        render(f, s) for f in families() for s in subjects[:5]
    ]
    assert holdout_pairs(seed=7) != pairs
    assert len(holdout_pairs(seed=7)) == len(pairs)
