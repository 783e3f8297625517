"""What is particular to hold-out set J (evaluation/holdout_j): real-world facts in eight
domains other than sets G's to I's, their value kinds, questions, wording families and
labelled pairs; the checks it shares with sets D to I are in test_holdout_common.py, with
those of the pairs it builds through set G's code. Nothing here judges the change detector
or needs the database."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_j as holdout_j
from evaluation.holdout import Subject
from evaluation.holdout_g.catalogue import domain
from evaluation.holdout_j import SOURCE, families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = {
    *("companies", "football_clubs", "countries", "cities", "bands", "languages"),
    *("operating_systems", "national_teams", "central_banks", "athletics_records"),
    *("sports_bodies", "formula_one", "space_agencies", "orchestras", "museums", "newspapers"),
    *("universities", "airlines", "international_organisations", "car_makers"),
    *("skyscrapers", "video_games", "stock_exchanges", "ceremonial_offices"),
}
ISO_DATE = re.compile(r"\b(19|20)\d\d-\d\d-\d\d\b")
LATEST = re.compile(r"most recently|newest|latest")


def _in_slot_words(question: str, subject: Subject) -> bool:
    return checks.uses_words(question, domain(subject.domain, SOURCE).slots[subject.slot].words)


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    counts = checks.subject_counts(holdout_j)
    assert len(counts.by_domain) == 8 and min(counts.by_domain.values()) >= 10
    assert not set(counts.by_domain) & EARLIER_DOMAINS
    assert 100 <= counts.by_domain.total() <= 115
    slots = counts.slots_per_entity
    assert sum(n >= 2 for n in slots.values()) >= len(slots) / 3 and max(slots.values()) == 3
    assert 0.10 <= counts.stable_share <= 0.20


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    assert sum(bool(re.fullmatch(r"\d{1,2}\.\d%", v)) for v in values) >= 10  # shares
    assert sum(bool(re.fullmatch(r"[\d,]+ people", v)) for v in values) >= 15  # populations
    assert sum(bool(re.fullmatch(r"\d{3} seats", v)) for v in values) >= 8  # seat counts
    assert sum(bool(re.fullmatch(r"\d\.\d\d?", v)) for v in values) >= 20  # versions
    assert sum(bool(re.fullmatch(r"\d{2,3}", v)) for v in values) >= 10  # browser versions
    models = (r"(iPhone|Galaxy|Pixel|Xperia|Fairphone|Phone|OnePlus|Xiaomi) .+", r"Tensor G\d")
    assert sum(any(re.fullmatch(m, v) for m in models) for v in values) >= 25
    assert sum(bool(re.fullmatch(r"[A-Z]\w+ [A-Z][\w-]+", v)) for v in values) >= 80  # people


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    asked = checks.questions_asked(holdout_j)
    assert len({q.split()[0] for q in asked}) >= 4
    for subject in holdout_histories():
        uses = [_in_slot_words(q, subject) for q in subject.questions]
        assert any(uses) and not all(uses), subject.questions
        assert not any("_" in q for q in subject.questions)
        assert any(LATEST.search(q) for q in subject.questions), subject.questions


SHAPES: dict[str, Callable[[str], bool]] = {
    "sql_statement": lambda t: bool(re.search(r"^(INSERT INTO|UPDATE|-- )", t)),
    "ics_entry": lambda t: t.startswith("BEGIN:VEVENT\n") and t.endswith("\nEND:VEVENT"),
    "http_response": lambda t: t.startswith(("HTTP/1.1 ", "GET ", "PATCH ", "POST ", "200 ")),
    "notebook_cell": lambda t: t.startswith(("In [", ">>> ")),
    "md_checklist": lambda t: t.startswith(("- [x] ", "- [ ] ")),
    "voice_reply": lambda t: "\n" not in t and t.endswith("."),
    "subtitle_cue": lambda t: bool(re.match(r"\d+\n\d\d:\d\d:\d\d,\d{3} --> ", t)),
    "properties_file": lambda t: "\n" in t and "=" in t,
    "social_post": lambda t: "\n" not in t,
    "audit_entry": lambda t: "audit" in t.lower(),
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    assert list(families()) == list(SHAPES)
    for family in families():
        assert len(checks.family_shapes(holdout_j, family, SHAPES[family])) >= 4, family


def test_voice_replies_carry_no_date() -> None:
    checks.check_undated(holdout_j, "voice_reply")


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for s in holdout_histories() for f in families() for m in render(f, s)]
    assert any(ISO_DATE.search(t) for t in texts)
    assert any(re.search(rf"({checks.MONTHS}) (19|20)\d\d", t) for t in texts)
    for phrase in ("since", "as of", "effective", "until", "DTSTART", "changed_at"):
        assert any(phrase in t for t in texts), phrase


def test_pairs_include_every_kind_of_negative() -> None:
    kinds = Counter(p.kind for p in holdout_pairs())
    assert set(kinds) >= {"positive", "restatement", "cross_subject", "other_slot"}
    assert {"multi_valued", "recurring_event", "addition"} <= set(kinds)
    assert kinds.total() >= 950
