"""Integrity of hold-out set C (evaluation/holdout_c): its domains, histories, wording
families and labelled pairs, and one family run on the store. Nothing here judges how well
the change detector does on the set."""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import timedelta
from itertools import pairwise

from holdout_helpers import (
    LABELS,
    assert_every_arm_answered,
    assert_renders_every_fact,
    assert_spread_over_families,
    run_one_family,
    set_digest,
)

from curation import MemoryStore
from evaluation.benchmarks.holdout_store import holdout_data, holdout_families
from evaluation.benchmarks.timeqa_run import run_timeqa
from evaluation.holdout import PAIR_KINDS, Memory
from evaluation.holdout_c import HOLDOUT_SEED, families, holdout_histories, holdout_pairs, render

YEAR = re.compile(r"\b(19|20)\d\d\b")


def _digest(hash_seed: str) -> str:
    return set_digest("evaluation.holdout_c", hash_seed, "p.older.text + p.newer.text + p.label")


def test_the_set_is_deterministic_across_processes() -> None:
    assert holdout_histories() == holdout_histories()
    assert holdout_pairs() == holdout_pairs()
    assert isinstance(HOLDOUT_SEED, int)
    first = _digest("1")
    assert len(first) == 64 and first == _digest("12345")


def test_at_least_eight_domains_of_eight_subjects_each_with_one_slot() -> None:
    subjects = holdout_histories()
    by_domain = Counter(subject.domain for subject in subjects)
    assert len(by_domain) >= 8
    assert set(by_domain.values()) == {8}
    assert len({subject.id for subject in subjects}) == len(subjects)
    for domain in by_domain:
        slots = {(s.slot, s.attribute) for s in subjects if s.domain == domain}
        assert len(slots) == 1, domain
        entities = [s.entity for s in subjects if s.domain == domain]
        assert len(set(entities)) == 8, domain


def test_histories_change_over_time_with_distinct_values() -> None:
    lengths: Counter[int] = Counter()
    for subject in holdout_histories():
        lengths[len(subject.facts)] += 1
        assert 2 <= len(subject.facts) <= 5, subject.id
        times = [fact.valid_from for fact in subject.facts]
        assert all(t.utcoffset() == timedelta(0) for t in times)
        assert all(a < b for a, b in pairwise(times)), subject.id
        values = [fact.value for fact in subject.facts]
        assert len(set(values)) == len(values), subject.id
        assert subject.current_value == values[-1]
        assert subject.current_value not in subject.stale_values
    assert set(lengths) == {2, 3, 4, 5}


def test_questions_ask_for_the_current_value_in_several_wordings() -> None:
    asked: list[str] = []
    for subject in holdout_histories():
        assert len(subject.questions) >= 3 and len(set(subject.questions)) == len(subject.questions)
        for question in subject.questions:
            assert question.endswith("?") and subject.entity in question, question
            assert not YEAR.search(question), question
        asked += subject.questions
    assert any(q.startswith("What's ") and q.endswith(" now?") for q in asked)
    assert any(q.startswith("Latest ") for q in asked)
    assert any(q.startswith("As of today, ") for q in asked)


def test_at_least_eight_families_render_every_fact_with_its_value() -> None:
    names = families()
    assert len(names) >= 8 and len(set(names)) == len(names)
    assert holdout_families("c") == list(names)
    for subject in holdout_histories():
        last_texts = set()
        for family in names:
            memories = render(family, subject)
            assert_renders_every_fact(memories, subject)
            for memory in memories:
                assert memory.value in memory.text, (family, memory.text)
                assert memory.family == family and memory.subject_id == subject.id
            last_texts.add(memories[-1].text)
        assert len(last_texts) == len(names), subject.id


def test_every_current_value_is_in_its_subjects_last_memory() -> None:
    for subject in holdout_histories():
        for family in families():
            memories = render(family, subject)
            assert [m.is_current for m in memories] == [False] * (len(memories) - 1) + [True]
            assert memories[-1].value == subject.current_value
            assert subject.current_value in memories[-1].text


def _keeps_shape(family: str, memory: Memory, entity: str, *, dated_values: bool = False) -> bool:
    """Whether ``memory`` (about ``entity``) has ``family``'s shape; ``dated_values``: its
    value or occasion may hold a year of its own (events, deadlines), so the no-date rule
    looks at the ISO date."""
    text, value, at = memory.text, memory.value, memory.valid_from
    iso = f"{at:%Y-%m-%d}"
    if family == "tool_json":
        record = json.loads(text)
        stamps = [v for v in record.values() if v.startswith(iso)]
        return value in record.values() and len(stamps) == 1
    if family == "changelog":
        return text.startswith((iso, f"[{iso}]"))
    if family == "email":
        greeting = text.startswith(("Hi ", "Hello ", "Dear "))
        return greeting and f"{at.day} {at:%B %Y}" in text and bool(re.search(r", \w+$", text))
    if family == "crm_note":
        return f"{at:%m/%d/%y}" in text
    if family == "second_person":
        return bool(re.search(r"\byou", text, re.IGNORECASE))
    if family == "status_bullet":
        return text.startswith(("- ", "• ", "* "))
    if family == "support_qa":
        return "?" in text and any(mark in text for mark in ("A: ", "Agent: ", "Bot: "))
    if family == "value_mid":
        rest = text.replace(value, "")
        undated = iso not in text if dated_values else not YEAR.search(rest)
        middle = not text.startswith(value) and not text.rstrip(".").endswith(value)
        return middle and undated
    if family == "lower_chat":
        rest = text.replace(value, "").removeprefix("FYI ").removeprefix("PSA ")
        return rest == rest.lower() or (entity in rest and rest.replace(entity, "").islower())
    raise AssertionError(f"no shape written down for family {family!r}")


def test_each_family_keeps_its_shape_in_histories_and_pairs() -> None:
    for subject in holdout_histories():
        dated = subject.domain == "projects"
        for family in families():
            for memory in render(family, subject):
                shaped = _keeps_shape(family, memory, subject.entity, dated_values=dated)
                assert shaped, (family, memory.text)
    entities = {s.id: s.entity for s in holdout_histories()}
    for pair in holdout_pairs():
        for memory in (pair.older, pair.newer):
            # a pair's memory is about a subject's slot, or its other slot, relation or event
            entity = next(e for i, e in entities.items() if f"{i}/" in f"{memory.subject_id}/")
            shaped = _keeps_shape(memory.family, memory, entity, dated_values=True)
            assert shaped, memory.text


def test_each_family_varies_its_habits_and_the_slots_name() -> None:
    for family in families():
        for domain in {s.domain for s in holdout_histories()}:
            skeletons = set()
            for subject in (s for s in holdout_histories() if s.domain == domain):
                for memory in render(family, subject):
                    text = memory.text.replace(memory.value, "V")
                    text = re.sub(re.escape(subject.entity), "E", text, flags=re.IGNORECASE)
                    skeletons.add(re.sub(r"\d+", "9", text))
            assert len(skeletons) >= 3, (family, domain, skeletons)
    infra = [m.text for s in holdout_histories() if s.domain == "infra" for m in render("email", s)]
    infra += [
        m.text for s in holdout_histories() if s.domain == "infra" for m in render("lower_chat", s)
    ]
    synonyms = ("runs out of", "hosted in", "deployed to", "region")
    assert sum(any(word in t for t in infra) for word in synonyms) >= 3


def test_every_pair_kind_has_at_least_sixty_four_pairs_over_every_family() -> None:
    pairs = holdout_pairs()
    domains = {s.id: s.domain for s in holdout_histories()}
    for kind in PAIR_KINDS:
        of_kind = [p for p in pairs if p.kind == kind]
        assert len(of_kind) >= 64, kind
        assert_spread_over_families(of_kind, families())
        per_domain = Counter(
            next(d for i, d in domains.items() if i in p.older.subject_id) for p in of_kind
        )
        assert set(per_domain) == set(domains.values()), kind


def test_labels_follow_kinds() -> None:
    subjects = {s.id: s for s in holdout_histories()}
    for pair in holdout_pairs():
        older, newer = pair.older, pair.newer
        assert pair.label == LABELS[pair.kind], pair
        assert older.valid_from < newer.valid_from, pair
        assert older.value in older.text and newer.value in newer.text, pair
        if pair.label == "change":
            values = [f.value for f in subjects[older.subject_id].facts]
            assert older.subject_id == newer.subject_id
            assert values.index(newer.value) == values.index(older.value) + 1
        elif pair.label == "same_value":
            assert older.subject_id == newer.subject_id and older.value == newer.value
            assert older.text != newer.text
            facts = subjects[older.subject_id].facts
            later = [f.valid_from for f in facts if f.valid_from > older.valid_from]
            assert not later or newer.valid_from < later[0], "restated after a change"
        elif pair.kind in {"multi_valued", "recurring_event"}:
            assert older.subject_id == newer.subject_id
            assert older.subject_id.startswith(("multi/", "event/"))
            assert older.value != newer.value
        else:
            assert older.subject_id != newer.subject_id, pair
    cross = [p for p in holdout_pairs() if p.kind == "cross_family_positive"]
    assert all(p.older.family != p.newer.family for p in cross)


def test_negatives_are_built_as_their_kind_says() -> None:
    subjects = {s.id: s for s in holdout_histories()}
    pairs = holdout_pairs()
    cross = [p for p in pairs if p.kind == "cross_subject"]
    for pair in cross:
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        assert older.domain == newer.domain and older.entity != newer.entity
        assert newer.entity.lower() in pair.newer.text.lower()
    assert sum(p.note == "same value" and p.older.value == p.newer.value for p in cross) >= 8
    for pair in (p for p in pairs if p.kind == "other_slot"):
        fact, side = (
            (pair.older, pair.newer)
            if pair.older.subject_id in subjects
            else (pair.newer, pair.older)
        )
        entity = subjects[fact.subject_id].entity
        assert side.subject_id not in subjects
        assert entity.lower() in side.text.lower() and entity.lower() in fact.text.lower()
    for pair in (p for p in pairs if p.kind == "recurring_event"):
        older_occasion, newer_occasion = pair.note.split(" then ")
        assert older_occasion.lower() in pair.older.text.lower()
        assert newer_occasion.lower() in pair.newer.text.lower()
    for pair in (p for p in pairs if p.kind == "addition"):
        subject = subjects[pair.older.subject_id]
        assert pair.older.value == subject.current_value
        assert pair.newer.subject_id.startswith(f"multi/{subject.id}/")
        assert pair.newer.value != subject.current_value


def test_the_store_benchmark_reads_set_c_like_the_others() -> None:
    subjects = holdout_histories()
    for family in families():
        data = holdout_data("c", family)
        assert set(data.facts) == {s.domain for s in subjects}
        assert sum(len(f) for f in data.facts.values()) == sum(len(s.facts) for s in subjects)
        questions = [q for qs in data.questions.values() for q in qs]
        assert len(questions) == sum(len(s.questions) for s in subjects)
        assert all(q.current & q.stale == frozenset() for q in questions)


def test_one_family_of_one_domain_runs_through_the_store_runner(store: MemoryStore) -> None:
    data = holdout_data("c", "crm_note")
    asked = len(data.questions["infra"])
    result = run_timeqa("holdout-c", store, k=5, curate=True, data=data, relations=["infra"])
    assert result["questions"]["total"] == asked == 24
    assert_every_arm_answered(result, asked)
    assert result["curation"]["memories"] == len(data.facts["infra"])


def test_the_cli_runs_one_family_of_set_c(cli_env: dict[str, str]) -> None:
    result = run_one_family(cli_env, "c", "value_mid", holdout_histories())
    assert set(result["arms"]["curated"]["by_relation"]) == {s.domain for s in holdout_histories()}
