"""Integrity of hold-out set D (evaluation/holdout_d): its domains, histories, wording
families and labelled pairs, and that the store benchmark reads it. Nothing here judges how
well the change detector does on the set; nothing here needs the database."""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import timedelta
from itertools import pairwise

from holdout_helpers import (
    LABELS,
    assert_renders_every_fact,
    assert_spread_over_families,
    set_digest,
)

from evaluation.holdout import (
    PAIR_KINDS,
    PAIR_LABELS,
    LabeledPair,
    Memory,
    Subject,
)
from evaluation.holdout_d import HOLDOUT_SEED, families, holdout_histories, holdout_pairs, render

YEAR = re.compile(r"\b(19|20)\d\d\b")
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
WEEKDAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
DATE_WORDS = re.compile(rf"\b({MONTHS}|{WEEKDAYS}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b")


def _digest(hash_seed: str) -> str:
    return set_digest(
        "evaluation.holdout_d", hash_seed, "p.older.text + p.newer.text + p.label + p.kind + p.note"
    )


def _subjects() -> dict[str, Subject]:
    return {subject.id: subject for subject in holdout_histories()}


def _changing(subject: Subject) -> bool:
    return len({fact.value for fact in subject.facts}) > 1


def _mentions(text: str, words: str) -> bool:
    return words.lower() in text.lower()


def test_the_set_is_deterministic_across_processes() -> None:
    assert isinstance(HOLDOUT_SEED, int)
    first = _digest("1")
    assert len(first) == 64 and first == _digest("4242")


def test_nine_domains_of_eight_entities_sharing_one_slot() -> None:
    subjects = holdout_histories()
    by_domain = Counter(subject.domain for subject in subjects)
    assert len(by_domain) == 9 and set(by_domain.values()) == {8}
    assert len(_subjects()) == len(subjects) == 72
    for domain in by_domain:
        own = [s for s in subjects if s.domain == domain]
        assert len({(s.slot, s.attribute) for s in own}) == 1, domain
        assert len({s.entity for s in own}) == 8, domain
        assert all(s.id.startswith(f"{domain}/") and s.id.isascii() for s in own)
        assert sum(_changing(s) for s in own) == 6, domain


def test_changing_subjects_take_two_to_five_distinct_values_and_stable_ones_keep_theirs() -> None:
    lengths: Counter[int] = Counter()
    for subject in holdout_histories():
        times = [fact.valid_from for fact in subject.facts]
        assert all(t.utcoffset() == timedelta(0) for t in times), subject.id
        assert all(a < b for a, b in pairwise(times)), subject.id
        values = [fact.value for fact in subject.facts]
        assert subject.current_value == values[-1]
        if _changing(subject):
            lengths[len(values)] += 1
            assert 2 <= len(values) <= 5 and len(set(values)) == len(values), subject.id
            assert subject.current_value not in subject.stale_values
        else:
            assert len(values) in (1, 2) and set(subject.stale_values) <= {values[-1]}
        # no value hides inside another, so "the text mentions the value" means that value
        assert not any(a != b and a in b for a in values for b in values), subject.id
    assert set(lengths) == {2, 3, 4, 5}


def test_entities_of_a_domain_share_values_except_mayors() -> None:
    for domain in {s.domain for s in holdout_histories()}:
        own = [s for s in holdout_histories() if s.domain == domain]
        currents = Counter(s.current_value for s in own)
        values = [{f.value for f in s.facts} for s in own]
        shared = sum(len(a & b) for n, a in enumerate(values) for b in values[n + 1 :])
        if domain == "mayors":
            assert shared == 0
        else:
            assert max(currents.values()) >= 2, domain


def test_questions_ask_for_the_current_value_in_several_natural_wordings() -> None:
    asked: list[str] = []
    for subject in holdout_histories():
        questions = subject.questions
        assert len(questions) >= 3 and len(set(questions)) == len(questions), subject.id
        for question in questions:
            assert question.endswith("?") and subject.entity in question, question
            assert not YEAR.search(question), question
            assert subject.current_value not in question, question
        asked += questions
    for opening in ("What's the latest ", "Who currently ", "When was the last time "):
        assert sum(q.startswith(opening) for q in asked) >= 8, opening
    assert sum(" now?" in q or "currently" in q or "right now" in q for q in asked) >= 72


def test_every_family_renders_every_fact_mentioning_its_entity_and_value() -> None:
    names = families()
    assert len(names) >= 8 and len(set(names)) == len(names)
    for subject in holdout_histories():
        last_texts = set()
        for family in names:
            memories = render(family, subject)
            assert_renders_every_fact(memories, subject)
            for memory in memories:
                assert memory.text.strip() and memory.value in memory.text, memory
                assert _mentions(memory.text, subject.entity), memory.text
                assert memory.family == family and memory.subject_id == subject.id
            current = [m.value == subject.current_value for m in memories]
            assert [m.is_current for m in memories] == current
            assert memories[-1].is_current
            last_texts.add(memories[-1].text)
        assert len(last_texts) == len(names), subject.id


def _keeps_shape(memory: Memory, entity: str, previous: str | None) -> bool:
    """Whether ``memory`` (about ``entity``, following ``previous``) has its family's shape."""
    text, value, at = memory.text, memory.value, memory.valid_from
    family = memory.family
    if family == "tool_json":
        record = json.loads(text)
        flat = {**record, **record.get("result", {})}
        day = f"{at:%Y-%m-%d}"
        stamps = [v for v in flat.values() if isinstance(v, str) and v.startswith(day)]
        return value in flat.values() and len(stamps) == 1
    if family == "kv_log":
        return bool(re.search(r"^\w+(=|: )", text)) and f"{at:%Y-%m-%d}" in text
    if family == "commit_line":
        return "\n" not in text and not text.endswith(".")
    if family == "bullets":
        header, *lines = text.split("\n")
        marks = {line[:2] for line in lines}
        return header.endswith(":") and len(marks) == 1 and marks <= {"- ", "* ", "• "}
    if family == "value_first":
        return 0 <= text.lower().find(value.lower()) <= 4
    if family == "relative_time":
        relative = ("last week", "Starting ", "yesterday", "today", "Effective", "this morning")
        return any(word in text for word in relative) and bool(YEAR.search(text))
    if family == "correction":
        if previous is None:
            return text.startswith(("Noted: ", "For the record, ", "Logging this: "))
        if previous == value:
            return text.startswith(("Confirmed again", "Still true", "Double-checked"))
        return previous in text.replace(value, "")
    if family == "qa_pair":
        return "?" in text and text.rindex("?") < text.rindex(value)
    if family == "chat_lower":
        rest = text.replace(value, "").replace(previous or value, "")
        rest = re.sub(re.escape(entity), "", rest, flags=re.IGNORECASE)
        return rest == rest.lower()
    raise AssertionError(f"no shape written down for family {family!r}")


def test_each_family_keeps_its_shape() -> None:
    for subject in holdout_histories():
        for family in families():
            memories = render(family, subject)
            previous = [None, *[m.value for m in memories[:-1]]]
            for memory, before in zip(memories, previous, strict=True):
                assert _keeps_shape(memory, subject.entity, before), (family, memory.text)


def _skeleton(text: str, *names: str) -> str:
    for name in sorted((n for n in names if n), key=len, reverse=True):
        text = re.sub(re.escape(name), "X", text, flags=re.IGNORECASE)
    return re.sub(r"\d+", "9", DATE_WORDS.sub("M", text))


def test_each_family_varies_its_templates_within_every_domain() -> None:
    for family in families():
        for domain in {s.domain for s in holdout_histories()}:
            skeletons = {
                _skeleton(m.text.split("\n")[0], m.value, s.entity)
                for s in holdout_histories()
                if s.domain == domain
                for m in render(family, s)
            }
            assert len(skeletons) >= 3, (family, domain, skeletons)


def test_pairs_cover_every_kind_label_family_and_domain() -> None:
    pairs = holdout_pairs()
    assert len(pairs) >= 500
    assert set(Counter(p.label for p in pairs)) == set(PAIR_LABELS)
    domain_of = {s.id: s.domain for s in holdout_histories()}
    for kind in PAIR_KINDS:
        of_kind = [p for p in pairs if p.kind == kind]
        assert len(of_kind) >= 64, kind
        assert_spread_over_families(of_kind, families())
        domains = {
            next(d for i, d in domain_of.items() if f"/{i}/" in f"/{p.older.subject_id}/")
            for p in of_kind
        }
        assert domains == set(domain_of.values()), kind


def _single_valued(pair: LabeledPair) -> bool:
    return pair.older.subject_id in _subjects() and pair.newer.subject_id in _subjects()


def test_labels_follow_kinds_and_the_histories() -> None:
    subjects = _subjects()
    for pair in holdout_pairs():
        older, newer = pair.older, pair.newer
        assert pair.label == LABELS[pair.kind], pair
        assert older.valid_from < newer.valid_from, pair
        assert older.value in older.text and newer.value in newer.text, pair
        assert older.text != newer.text, pair
        if pair.label == "change":
            values = [f.value for f in subjects[older.subject_id].facts]
            assert older.subject_id == newer.subject_id and older.value != newer.value
            assert values.index(newer.value) == values.index(older.value) + 1
            assert not older.is_current
        elif pair.label == "same_value":
            assert older.subject_id == newer.subject_id and older.value == newer.value
            facts = subjects[older.subject_id].facts
            changes = [
                f.valid_from
                for f in facts
                if f.valid_from > older.valid_from and f.value != older.value
            ]
            assert not changes or newer.valid_from < changes[0], "restated after a change"
            assert older.is_current == newer.is_current
    cross = [p for p in holdout_pairs() if p.kind == "cross_family_positive"]
    assert all(p.older.family != p.newer.family for p in cross)
    positive = [p for p in holdout_pairs() if p.kind == "positive"]
    assert all(p.older.family == p.newer.family for p in positive)
    changing = sum(len(set(f.value for f in s.facts)) - 1 for s in subjects.values())
    assert len(positive) == len(cross) == changing


def test_no_negative_states_a_new_value_of_one_subjects_slot() -> None:
    for pair in holdout_pairs():
        if pair.label != "unrelated":
            continue
        same_slot = pair.older.subject_id == pair.newer.subject_id
        if _single_valued(pair):
            assert not same_slot, pair
        else:
            assert not same_slot or pair.older.subject_id.startswith(("multi/", "event/")), pair


def test_negatives_are_built_as_their_kind_and_note_say() -> None:
    subjects = _subjects()
    pairs = holdout_pairs()
    cross = [p for p in pairs if p.kind == "cross_subject"]
    for pair in cross:
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        assert older.domain == newer.domain and older.entity != newer.entity
        assert _mentions(pair.newer.text, newer.entity)
        assert not _mentions(pair.newer.text, older.entity)
        assert (pair.note == "same value") == (pair.older.value == pair.newer.value), pair
    notes = Counter(p.note for p in cross)
    assert notes["same value"] >= 24 and notes["same slot"] >= 16 and notes["template twin"] >= 16
    for pair in (p for p in cross if p.note == "template twin"):
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        first, second = (m.text.split("\n")[0] for m in (pair.older, pair.newer))
        old_names = (older.entity, pair.older.value, *[f.value for f in older.facts])
        new_names = (newer.entity, pair.newer.value, *[f.value for f in newer.facts])
        assert _skeleton(first, *old_names) == _skeleton(second, *new_names), pair
    others = [p for p in pairs if p.kind == "other_slot"]
    for pair in others:
        fact, side = (
            (pair.older, pair.newer)
            if pair.older.subject_id in subjects
            else (pair.newer, pair.older)
        )
        subject = subjects[fact.subject_id]
        assert side.subject_id.startswith(f"other/{subject.id}/")
        assert fact.value == subject.current_value
        assert _mentions(side.text, subject.entity) and _mentions(fact.text, subject.entity)
        assert (side.value == fact.value) == (pair.note == "same value, other slot"), pair
    same_context = Counter(p.note for p in others)
    assert same_context["same value, other slot"] + same_context["same number, other unit"] >= 16
    for pair in (p for p in pairs if p.kind in ("multi_valued", "recurring_event")):
        assert pair.older.subject_id == pair.newer.subject_id
        assert pair.older.value != pair.newer.value
    for pair in (p for p in pairs if p.kind == "recurring_event"):
        older_occasion, newer_occasion = pair.note.split(" then ")
        assert older_occasion != newer_occasion
        assert older_occasion in pair.older.text and newer_occasion in pair.newer.text
    for pair in (p for p in pairs if p.kind == "addition"):
        subject = subjects[pair.older.subject_id]
        assert pair.older.value == subject.current_value and pair.older.is_current
        assert pair.newer.subject_id.startswith(f"multi/{subject.id}/")
        assert pair.newer.value != subject.current_value


def test_the_store_benchmark_reads_set_d_like_the_others() -> None:
    from evaluation.benchmarks.holdout_store import holdout_data, holdout_families

    subjects = holdout_histories()
    assert holdout_families("d") == list(families())
    for family in families():
        data = holdout_data("d", family)
        assert set(data.facts) == {s.domain for s in subjects}
        assert sum(len(f) for f in data.facts.values()) == sum(len(s.facts) for s in subjects)
        questions = [q for qs in data.questions.values() for q in qs]
        assert len(questions) == sum(len(s.questions) for s in subjects)
        by_id = _subjects()
        for question in questions:
            subject = by_id[question.subject_index]
            values = {fact.value for fact in subject.facts}
            assert question.current == {subject.current_value} and question.current <= values
            assert question.stale == values - question.current
            assert question.question in subject.questions
