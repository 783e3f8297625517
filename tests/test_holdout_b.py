"""Integrity of hold-out set B (evaluation/holdout_b): its counts, histories, renderings and
labelled pairs. Nothing here runs a change detector."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from itertools import pairwise

from holdout_helpers import LABELS, assert_renders_every_fact, assert_spread_over_families

from evaluation.benchmarks.holdout_store import holdout_data
from evaluation.holdout import PAIR_KINDS
from evaluation.holdout_b import HOLDOUT_SEED, families, holdout_histories, holdout_pairs, render


def test_the_set_is_deterministic() -> None:
    assert holdout_histories() == holdout_histories()
    assert holdout_pairs() == holdout_pairs()
    assert isinstance(HOLDOUT_SEED, int)


def test_eight_domains_of_eight_subjects_sharing_a_slot() -> None:
    subjects = holdout_histories()
    by_domain = Counter(subject.domain for subject in subjects)
    assert len(by_domain) == 8
    assert set(by_domain.values()) == {8}
    assert len({subject.id for subject in subjects}) == len(subjects)
    for domain in by_domain:
        slots = {(s.slot, s.attribute) for s in subjects if s.domain == domain}
        assert len(slots) == 1, domain


def test_histories_are_ordered_aware_changing_and_asked_without_a_time() -> None:
    for subject in holdout_histories():
        assert 2 <= len(subject.facts) <= 4, subject.id
        times = [fact.valid_from for fact in subject.facts]
        assert all(t.utcoffset() == timedelta(0) for t in times)
        assert times == sorted(times) and len(set(times)) == len(times), subject.id
        values = [fact.value for fact in subject.facts]
        assert all(a != b for a, b in pairwise(values)), subject.id
        assert subject.current_value == values[-1]
        assert subject.current_value not in subject.stale_values or values.count(values[-1]) > 1
        assert len(subject.questions) == 2
        for question in subject.questions:
            assert question.endswith("?") and subject.entity in question
            assert not any(str(year) in question for year in range(2020, 2030))


def test_eight_families_render_every_fact_with_its_value() -> None:
    names = families()
    assert len(names) == 8 and len(set(names)) == 8
    for subject in holdout_histories():
        texts = set()
        for family in names:
            memories = render(family, subject)
            assert_renders_every_fact(memories, subject)
            assert [m.is_current for m in memories][-1] is True
            assert not any(m.is_current for m in memories[:-1])
            for memory in memories:
                assert memory.value in memory.text, (family, memory.text)
                assert memory.family == family and memory.subject_id == subject.id
            texts.add(memories[-1].text)
        assert len(texts) == 8, subject.id


def test_the_current_value_is_the_last_rendered_memory() -> None:
    for subject in holdout_histories():
        for family in families():
            current = [m for m in render(family, subject) if m.is_current]
            assert [m.value for m in current] == [subject.current_value]
            assert current[0].valid_from == max(f.valid_from for f in subject.facts)


def test_every_pair_kind_has_at_least_twenty_balanced_pairs() -> None:
    pairs = holdout_pairs()
    domains = {s.id.split("/")[1]: s.domain for s in holdout_histories()}
    for kind in PAIR_KINDS:
        of_kind = [p for p in pairs if p.kind == kind]
        assert len(of_kind) >= 20, kind
        assert_spread_over_families(of_kind, families())
        per_domain = Counter(domains[p.older.subject_id.split("/")[1]] for p in of_kind)
        assert len(per_domain) == 8 and len(set(per_domain.values())) == 1, kind


def test_labels_follow_kinds() -> None:
    subjects = {s.id: s for s in holdout_histories()}
    for pair in holdout_pairs():
        assert pair.label == LABELS[pair.kind], pair
        older, newer = pair.older, pair.newer
        assert older.valid_from < newer.valid_from, pair
        assert older.value in older.text and newer.value in newer.text, pair
        if pair.label == "change":
            assert older.subject_id == newer.subject_id and older.value != newer.value
            values = [f.value for f in subjects[older.subject_id].facts]
            assert values.index(newer.value, 1) == values.index(older.value) + 1 or (
                values.count(newer.value) > 1
            )
        elif pair.label == "same_value":
            assert older.subject_id == newer.subject_id and older.value == newer.value
        else:
            assert older.subject_id != newer.subject_id or pair.kind in {
                "multi_valued",
                "recurring_event",
            }
            if pair.kind in {"multi_valued", "recurring_event"}:
                assert older.value != newer.value
                assert older.subject_id.startswith(("multi/", "event/"))
    cross = [p for p in holdout_pairs() if p.kind == "cross_family_positive"]
    assert all(p.older.family != p.newer.family for p in cross)
    cross_subject = [p for p in holdout_pairs() if p.kind == "cross_subject"]
    assert all(
        p.older.subject_id in subjects and p.newer.subject_id in subjects for p in cross_subject
    )
    assert any(p.note == "same value" for p in cross_subject)


def test_the_store_benchmark_reads_set_b_like_set_a() -> None:
    subjects = holdout_histories()
    for family in families():
        data = holdout_data("b", family)
        assert len(data.facts) == 8
        assert sum(len(facts) for facts in data.facts.values()) == sum(
            len(s.facts) for s in subjects
        )
        questions = [q for qs in data.questions.values() for q in qs]
        assert len(questions) == 2 * len(subjects)


def test_each_family_keeps_its_own_shape() -> None:
    for subject in holdout_histories():
        for fact, log, table, value_first, key_value in zip(
            subject.facts,
            render("log_line", subject),
            render("table_row", subject),
            render("value_first", subject),
            render("key_value", subject),
            strict=True,
        ):
            assert log.text.startswith(fact.valid_from.isoformat())
            assert table.text.startswith("| ") and table.text.endswith(" |")
            assert f"{fact.valid_from:%Y-%m-%d}" in table.text
            assert value_first.text.startswith(fact.value)
            assert key_value.text.endswith(f": {fact.value}")
        corrections = render("correction", subject)[1:]
        for fact, previous, memory in zip(
            subject.facts[1:], subject.facts, corrections, strict=False
        ):
            assert previous.value in memory.text.replace(fact.value, "", 1)
