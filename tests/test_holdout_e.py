"""What is particular to hold-out set E (evaluation/holdout_e): its domains, values,
wording families and labelled pairs; the checks it shares with set D are in
test_holdout_common.py. Nothing here judges the change detector or needs the database."""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime

import holdout_checks as checks

import evaluation.holdout_e as holdout_e
from evaluation.holdout import Memory, Subject
from evaluation.holdout_e import families, holdout_histories, holdout_pairs, render
from evaluation.holdout_e.domains import domain, domains

REMINDERS = ("Reminder", "Don't forget", "Going forward", "Heads up", "Please", "Remember")


def _subjects() -> dict[str, Subject]:
    return checks.subjects_by_id(holdout_e)


def _domain_of(subject_id: str) -> str:
    parts = subject_id.split("/")
    return parts[1] if parts[0] in ("multi", "event") else parts[0]


def _multi_slot_domains() -> set[str]:
    return {d.name for d in domains() if any(len(h) > 1 for h in d.entities.values())}


def test_nine_domains_where_most_entities_carry_several_slots() -> None:
    subjects = holdout_histories()
    by_domain = Counter(subject.domain for subject in subjects)
    assert len(by_domain) == 9 and min(by_domain.values()) >= 8
    assert len(_subjects()) == len(subjects) >= 90
    assert len(_multi_slot_domains()) >= 5
    for name in by_domain:
        own = [s for s in subjects if s.domain == name]
        assert all(s.id.startswith(f"{name}/") and s.id.isascii() for s in own)
        assert len({s.entity for s in own}) >= 6, name
        assert (
            sum(checks.changing(s) for s in own) >= 5
            and sum(not checks.changing(s) for s in own) >= 1
        )
        per_entity = Counter(s.entity for s in own)
        if name in _multi_slot_domains():
            assert sum(n >= 2 for n in per_entity.values()) >= 3, name
        slots = {s.slot: s.attribute for s in own}
        assert all(s.attribute == slots[s.slot] for s in own)
        twin, other = domain(name).twins[0]
        assert twin in per_entity and other in per_entity, name
        assert twin[:3] == other[:3], (twin, other)  # near twins: "LT-0417" and "LT-0471"


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    assert any(re.fullmatch(rf"\d+ ({checks.MONTHS}) 20\d\d", v) for v in values)  # a date
    assert any(re.fullmatch(checks.WEEKDAYS, v) for v in values)  # a weekday
    assert any(re.fullmatch(r"\d\d:\d\d", v) for v in values)  # a time of day
    assert any(re.fullmatch(r"[\d,]+ (calls|requests) per \w+", v) for v in values)  # a rate
    assert any(re.fullmatch(r"\d+ (days|months|years|hours)", v) for v in values)  # a duration
    assert any(re.fullmatch(r"[A-Z]\d+", v) for v in values)  # an identifier
    assert any(len(v.split()) >= 4 for v in values)  # a free phrase


def test_questions_ask_for_the_current_value_in_several_natural_wordings() -> None:
    asked = checks.questions_asked(holdout_e)
    for phrase in ("most recent", "latest", "last set", "last changed", "now?", "currently"):
        assert sum(phrase in q for q in asked) >= 8, phrase
    assert len({q.split()[0] for q in asked}) >= 6


def _dates(at: datetime) -> tuple[str, ...]:
    return (f"{at:%Y-%m-%d}", f"{at.day} {at:%B %Y}", f"{at:%b} {at.day}, {at.year}")


def _without(text: str, *values: str | None) -> str:
    for value in sorted((v for v in values if v), key=len, reverse=True):
        text = text.replace(value, "")
    return text


def _keeps_shape(memory: Memory, tool: str, previous: str | None) -> bool:
    """Whether ``memory`` (following ``previous``) has its family's shape."""
    text, value, at, family = memory.text, memory.value, memory.valid_from, memory.family
    dated = any(date in text for date in _dates(at))
    if family == "undated":
        rest = _without(text, value, previous)
        return not checks.YEAR.search(rest) and not checks.DATE_WORDS.search(rest)
    if not dated:
        return False
    if family == "table_row":
        return all(line.startswith("|") and line.endswith("|") for line in text.split("\n"))
    if family == "arrow_log":
        return bool(re.search(r"\[[^\]]*\d{4}[^\]]*\]", text)) and "\n" not in text
    if family == "tool_result":
        return tool in text and f"{at:%Y-%m-%d}" in text
    if family == "diary":
        return any(date in text[:30] for date in _dates(at))
    if family == "passive_dated":
        starts = ("On ", f"{at:%Y-%m-%d}", "As of ")
        return text.startswith(starts) and " was " in text
    if family == "reminder":
        return text.startswith((*REMINDERS, "Still applies", "Also remember", "New, as of"))
    if family == "value_first":
        return text.startswith(value)
    if family == "faq":
        question, *answer = text.split("\n")
        return "?" in question and bool(answer)
    if family == "from_to":
        if previous is not None and previous != value:
            return f"from {previous} to {value}" in text
        return f"to {value}" in text or f"{value} as" in text or f"at {value}" in text
    raise AssertionError(f"no shape written down for family {family!r}")


def test_each_family_keeps_its_shape_and_only_undated_leaves_the_date_out() -> None:
    for subject in holdout_histories():
        tool = domain(subject.domain).tool
        for family in families():
            memories = render(family, subject)
            previous = [None, *[m.value for m in memories[:-1]]]
            for memory, before in zip(memories, previous, strict=True):
                assert _keeps_shape(memory, tool, before), (family, memory.text)


def _skeletons(family: str, name: str) -> set[str]:
    """The shapes of domain ``name``'s statements in ``family``, names and values masked."""
    keys = {slot: spec.key for slot, spec in domain(name).slots.items()}
    own = [s for s in holdout_histories() if s.domain == name]
    return {
        checks.skeleton(m.text, s.entity, s.attribute, keys[s.slot], *[f.value for f in s.facts])
        for s in own
        for m in render(family, s)
    }


def test_each_family_varies_its_templates_within_every_domain_but_a_tool_keeps_one() -> None:
    for name in {s.domain for s in holdout_histories()}:
        for family in families():
            skeletons = _skeletons(family, name)
            if family == "tool_result":  # a tool answers in one format: a value, a change
                assert len(skeletons) == 2, (name, skeletons)
            else:
                assert len(skeletons) >= 4, (family, name, skeletons)


def test_pairs_cover_every_kind_label_family_and_domain() -> None:
    every = {s.domain for s in holdout_histories()}
    for kind, of_kind in checks.pairs_of_every_kind(holdout_e, 800, 80).items():
        covered = {_domain_of(p.older.subject_id) for p in of_kind}
        assert covered == (_multi_slot_domains() if kind == "other_slot" else every), kind


def test_cross_subject_negatives_share_the_slot_not_the_entity() -> None:
    subjects = _subjects()
    cross = checks.cross_subject_pairs(holdout_e)
    for pair in cross:
        assert subjects[pair.older.subject_id].slot == subjects[pair.newer.subject_id].slot
    notes = Counter(p.note for p in cross)
    assert notes["same value"] >= 30 and notes["same slot"] >= 30 and notes["template twin"] >= 9
    for pair in (p for p in cross if p.note == "template twin"):
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        assert frozenset((older.entity, newer.entity)) in {
            frozenset(t) for t in domain(older.domain).twins
        }
        first, second = (m.text for m in (pair.older, pair.newer))
        old_names = (older.entity, *[f.value for f in older.facts])
        new_names = (newer.entity, *[f.value for f in newer.facts])
        assert checks.skeleton(first, *old_names) == checks.skeleton(second, *new_names), pair


def test_other_slot_negatives_are_real_subjects_of_the_same_entity() -> None:
    others = checks.other_slot_pairs(holdout_e)
    notes = Counter(p.note for p in others)
    assert notes["same value, other slot"] >= 8 and notes["same number, other unit"] >= 8


def test_relations_events_and_additions_are_built_as_their_kind_says() -> None:
    subjects = _subjects()
    pairs = holdout_pairs()
    for pair in (p for p in pairs if p.kind in ("multi_valued", "recurring_event")):
        assert pair.older.subject_id == pair.newer.subject_id
        assert pair.older.value != pair.newer.value
        assert pair.older.is_current and pair.newer.is_current
    for pair in (p for p in pairs if p.kind == "recurring_event"):
        assert pair.older.subject_id.startswith("event/")
        older_occasion, newer_occasion = pair.note.split(" then ")
        assert older_occasion != newer_occasion
        assert checks.mentions(pair.older.text, older_occasion)
        assert checks.mentions(pair.newer.text, newer_occasion)
    for pair in (p for p in pairs if p.kind == "addition"):
        subject = subjects[pair.older.subject_id]
        assert pair.older.value == subject.current_value and pair.older.is_current
        relation = domain(subject.domain).multi
        assert relation.entity == subject.entity and checks.mentions(
            pair.newer.text, subject.entity
        )
        assert pair.newer.subject_id.startswith(f"multi/{subject.domain}/")
        assert pair.newer.value != subject.current_value
