"""What is particular to hold-out set H (evaluation/holdout_h): real-world facts in eight
domains other than set G's, their value kinds, questions, wording families and labelled
pairs; the checks it shares with sets D to G are in test_holdout_common.py, with those of the
pairs it builds through set G's code. Nothing here
judges the change detector or needs the database."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_h as holdout_h
from evaluation.holdout import Subject
from evaluation.holdout_g.catalogue import domain
from evaluation.holdout_h import SOURCE, families, holdout_histories, render

G_DOMAINS = {"companies", "football_clubs", "countries", "cities", "bands", "languages"}
ISO_DATE = re.compile(r"\b(19|20)\d\d-\d\d-\d\d\b")


def _slot_words(subject: Subject) -> tuple[str, ...]:
    return domain(subject.domain, SOURCE).slots[subject.slot].words


def _uses_words(question: str, words: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{re.escape(w)}\b", question, re.IGNORECASE) for w in words)


def test_eight_domains_apart_from_set_gs_many_subjects_and_stable_ones() -> None:
    subjects = holdout_histories()
    by_domain = Counter(s.domain for s in subjects)
    assert len(by_domain) == 8 and min(by_domain.values()) >= 9
    assert not set(by_domain) & G_DOMAINS
    assert 80 <= len(checks.subjects_by_id(holdout_h)) == len(subjects) <= 110
    assert all(s.id.isascii() and s.id.startswith(f"{s.domain}/") for s in subjects)
    slots_per_entity = Counter((s.domain, s.entity) for s in subjects)
    several = sum(n >= 2 for n in slots_per_entity.values())
    assert several >= len(slots_per_entity) / 3 and max(slots_per_entity.values()) <= 3
    stable = sum(not checks.changing(s) for s in subjects)
    assert 0.10 <= stable / len(subjects) <= 0.20


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    assert sum(bool(re.fullmatch(r"-?[\d.\u2013]+%", v)) for v in values) >= 10  # rates
    assert any(re.fullmatch(r"\d+\.\d\d [sm]", v) for v in values)  # marks with a unit
    assert any(re.fullmatch(r"\d:\d\d:\d\d", v) for v in values)  # a marathon time
    assert any(re.fullmatch(r"\d+\.\d million", v) for v in values)  # an amount
    assert any(re.fullmatch(rf"({checks.MONTHS}) 20\d\d", v) for v in values)  # a date
    assert any(re.fullmatch(r"[A-Z]+-?\d+[A-Z]?|Ariane \d", v) for v in values)  # a version
    assert sum(bool(re.fullmatch(r"[A-Z]\w+ [A-Z][\w-]+", v)) for v in values) >= 120  # people
    places = {
        f.value for s in holdout_histories() if s.slot in ("base", "home_venue") for f in s.facts
    }
    assert len(places) >= 8


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    asked = checks.questions_asked(holdout_h)
    assert len({q.split()[0] for q in asked}) >= 5
    latest = 0
    for subject in holdout_histories():
        uses = [_uses_words(q, _slot_words(subject)) for q in subject.questions]
        assert any(uses) and not all(uses), subject.questions
        assert not any("_" in q for q in subject.questions)
        latest += any("most recently" in q for q in subject.questions)
    assert latest == len(holdout_histories())
    assert sum(len(s.questions) > 3 for s in holdout_histories()) >= 3  # their own


def _tool_call(t: str) -> bool:
    return t.startswith(("memory.", "tool_call ", "-> remember(", '{"tool": '))


def _changelog(t: str) -> bool:
    return t.startswith(("- ", "* [", "### ")) and bool(re.search(r"\b\d{4}\b", t))


def _sheet_cell(t: str) -> bool:
    return bool(re.search(r" — .*\(.*\d{4}.*\)$", t)) or t.startswith("A: ")


def _email_subject(t: str) -> bool:
    return t.startswith("Subject: ")


SHAPES: dict[str, Callable[[str], bool]] = {
    "tool_call": _tool_call,
    "changelog": _changelog,
    "transcript": lambda t: bool(re.match(r"Interviewer: |HOST: |\[transcript\] |Speaker \d", t)),
    "ticket_comment": lambda t: t.startswith(("Comment", "@ops: ", "Ticket note: ", "Re: ")),
    "sms_note": lambda t: "\n" not in t and len(t) < 110 and not ISO_DATE.search(t),
    "status_update": lambda t: bool(
        re.search(r"Status|status · |^Current |^Was: | was .+ now ", t)
    ),
    "sheet_cell": _sheet_cell,
    "email_subject": _email_subject,
    "infobox": lambda t: t.startswith(("{{Infobox | ", "| ")) or " infobox: " in t,
    "mixed": lambda t: (
        t.startswith(("ok so ", "[bot] "))
        or any(shape(t) for shape in (_tool_call, _changelog, _sheet_cell, _email_subject))
    ),
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    assert list(families()) == list(SHAPES)
    for family in families():
        assert len(checks.family_shapes(holdout_h, family, SHAPES[family])) >= 4, family


def test_the_mixed_family_writes_one_slot_in_several_shapes() -> None:
    for subject in holdout_histories():
        if len(subject.facts) >= 3:
            texts = [m.text for m in render("mixed", subject)]
            assert len({t.split(" ", 1)[0] for t in texts}) >= 2, texts


def test_validity_is_written_many_ways_and_sms_notes_leave_it_to_the_write_time() -> None:
    texts = [m.text for s in holdout_histories() for f in families() for m in render(f, s)]
    assert any(ISO_DATE.search(t) for t in texts)
    assert any(re.search(rf"({checks.MONTHS}) (19|20)\d\d", t) for t in texts)
    for phrase in ("since", "as of", "effective"):
        assert any(phrase in t for t in texts), phrase
    checks.check_undated(holdout_h, "sms_note")
