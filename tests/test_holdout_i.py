"""What is particular to hold-out set I (evaluation/holdout_i): real-world facts in eight
domains other than sets G's and H's, their value kinds, questions, wording families and
labelled pairs; the checks it shares with sets D to H are in test_holdout_common.py, with
those of the pairs it builds through set G's code. Nothing here judges the change detector
or needs the database."""

from __future__ import annotations

import re
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_i as holdout_i
from evaluation.holdout import Subject
from evaluation.holdout_g.catalogue import domain
from evaluation.holdout_i import SOURCE, families, holdout_histories, render

EARLIER_DOMAINS = {
    *("companies", "football_clubs", "countries", "cities", "bands", "languages"),
    *("operating_systems", "national_teams", "central_banks", "athletics_records"),
    *("sports_bodies", "formula_one", "space_agencies", "orchestras", "museums", "newspapers"),
}
ISO_DATE = re.compile(r"\b(19|20)\d\d-\d\d-\d\d\b")
LATEST = re.compile(r"most recently|newest|latest")


def _in_slot_words(question: str, subject: Subject) -> bool:
    return checks.uses_words(question, domain(subject.domain, SOURCE).slots[subject.slot].words)


def test_eight_new_domains_entities_with_up_to_four_slots_and_stable_subjects() -> None:
    counts = checks.subject_counts(holdout_i)
    assert len(counts.by_domain) == 8 and min(counts.by_domain.values()) >= 10
    assert not set(counts.by_domain) & EARLIER_DOMAINS
    assert 100 <= counts.by_domain.total() <= 115
    slots = counts.slots_per_entity
    assert sum(n >= 2 for n in slots.values()) >= len(slots) / 3 and max(slots.values()) == 4
    assert 0.10 <= counts.stable_share <= 0.20


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    assert sum(bool(re.fullmatch(r"-?\d+\.\d%", v)) for v in values) >= 5  # returns
    assert sum(bool(re.fullmatch(r"\$\d+\.\d billion", v)) for v in values) >= 5  # amounts
    assert sum(bool(re.fullmatch(r"\d+ (member states|members)", v)) for v in values) >= 6
    assert sum(bool(re.fullmatch(r"\d{1,2},000", v)) for v in values) >= 8  # index levels
    assert any(re.fullmatch(rf"\d+ ({checks.MONTHS}) 20\d\d", v) for v in values)  # a date
    assert any(re.fullmatch(r"\d\.\d", v) for v in values)  # a version number
    assert any(re.fullmatch(r"[A-Z][\w ]+ \d+", v) for v in values)  # a model ("PlayStation 5")
    assert sum(bool(re.fullmatch(r"[A-Z]\w+ [A-Z][\w-]+", v)) for v in values) >= 120  # people
    places = {
        f.value
        for s in holdout_histories()
        if s.slot in ("hub", "headquarters", "tallest")
        for f in s.facts
    }
    assert len(places) >= 30


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    asked = checks.questions_asked(holdout_i)
    assert len({q.split()[0] for q in asked}) >= 5
    for subject in holdout_histories():
        uses = [_in_slot_words(q, subject) for q in subject.questions]
        assert any(uses) and not all(uses), subject.questions
        assert not any("_" in q for q in subject.questions)
        assert any(LATEST.search(q) for q in subject.questions), subject.questions
    assert sum(len(s.questions) > 3 for s in holdout_histories()) >= 4  # their own


def _toml_config(t: str) -> bool:
    return t.startswith(("[", "# ")) or bool(re.match(r"\w+\.entity = ", t))


def _source_comment(t: str) -> bool:
    return t.startswith(("# ", "// ", "/* ")) or bool(re.match(r"[0-9a-f]{7} \(curator ", t))


SHAPES: dict[str, Callable[[str], bool]] = {
    "dictation": lambda t: t.startswith(
        ("voice memo ", "dictated note ", "quick voice note ", "memo to self ")
    ),
    "xml_snippet": lambda t: t.startswith("<") and t.endswith(">"),
    "toml_config": lambda t: "\n" in t and _toml_config(t),
    "source_comment": lambda t: "\n" not in t and _source_comment(t),
    "ticker": lambda t: t.startswith(("TICKER ▸ ", "+++ ", "LIVE | ")),
    "til_note": lambda t: t.startswith(("TIL", "today I learned ")),
    "formal_memo": lambda t: t.startswith(
        ("MEMORANDUM\nRe: ", "Memo to file — ", "For the record: ")
    ),
    "asked_answered": lambda t: t.startswith(
        ("asked ", "Q to self: ", "looked up ", "someone asked ")
    ),
    "scratchpad": lambda t: t.startswith(("Observation: ", "scratchpad> ", "Thought: ")),
    "definition_list": lambda t: "\n: " in t,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    assert list(families()) == list(SHAPES)
    for family in families():
        assert len(checks.family_shapes(holdout_i, family, SHAPES[family])) >= 4, family


def test_dictation_has_no_punctuation_nor_date_of_its_own() -> None:
    checks.check_undated(holdout_i, "dictation")
    for subject in holdout_histories():
        for memory in render("dictation", subject):
            text = memory.text
            for name in (*(f.value for f in subject.facts), subject.entity, subject.attribute):
                text = text.replace(name, "")
            assert not re.search(r"[\d.,:;!?\"]", text), memory.text


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for s in holdout_histories() for f in families() for m in render(f, s)]
    assert any(ISO_DATE.search(t) for t in texts)
    assert any(re.search(rf"({checks.MONTHS}) (19|20)\d\d", t) for t in texts)
    for phrase in ("since", "as of", "effective", "until", "right now"):
        assert any(phrase in t for t in texts), phrase
