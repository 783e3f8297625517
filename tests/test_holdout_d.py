"""What is particular to hold-out set D (evaluation/holdout_d): its domains, values,
wording families and labelled pairs; the checks it shares with set E are in
test_holdout_common.py. Nothing here judges the change detector or needs the database."""

from __future__ import annotations

import json
import re
from collections import Counter

import holdout_checks as checks

import evaluation.holdout_d as holdout_d
from evaluation.holdout import Memory, Subject
from evaluation.holdout_d import families, holdout_histories, holdout_pairs, render


def _subjects() -> dict[str, Subject]:
    return checks.subjects_by_id(holdout_d)


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
        assert sum(checks.changing(s) for s in own) == 6, domain


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
    asked = checks.questions_asked(holdout_d)
    for opening in ("What's the latest ", "Who currently ", "When was the last time "):
        assert sum(q.startswith(opening) for q in asked) >= 8, opening
    assert sum(" now?" in q or "currently" in q or "right now" in q for q in asked) >= 72


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
        return any(word in text for word in relative) and bool(checks.YEAR.search(text))
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


def test_each_family_varies_its_templates_within_every_domain() -> None:
    for family in families():
        for domain in {s.domain for s in holdout_histories()}:
            skeletons = {
                checks.skeleton(m.text.split("\n")[0], m.value, s.entity)
                for s in holdout_histories()
                if s.domain == domain
                for m in render(family, s)
            }
            assert len(skeletons) >= 3, (family, domain, skeletons)


def test_pairs_cover_every_kind_label_family_and_domain() -> None:
    domain_of = {s.id: s.domain for s in holdout_histories()}
    for kind, of_kind in checks.pairs_of_every_kind(holdout_d, 500, 64).items():
        domains = {
            next(d for i, d in domain_of.items() if f"/{i}/" in f"/{p.older.subject_id}/")
            for p in of_kind
        }
        assert domains == set(domain_of.values()), kind


def test_negatives_are_built_as_their_kind_and_note_say() -> None:
    subjects = _subjects()
    pairs = holdout_pairs()
    cross = checks.cross_subject_pairs(holdout_d)
    notes = Counter(p.note for p in cross)
    assert notes["same value"] >= 24 and notes["same slot"] >= 16 and notes["template twin"] >= 16
    for pair in (p for p in cross if p.note == "template twin"):
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        first, second = (m.text.split("\n")[0] for m in (pair.older, pair.newer))
        old_names = (older.entity, pair.older.value, *[f.value for f in older.facts])
        new_names = (newer.entity, pair.newer.value, *[f.value for f in newer.facts])
        assert checks.skeleton(first, *old_names) == checks.skeleton(second, *new_names), pair
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
        assert checks.mentions(side.text, subject.entity) and checks.mentions(
            fact.text, subject.entity
        )
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
