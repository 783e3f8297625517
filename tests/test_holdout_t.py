"""What is particular to hold-out set T (evaluation/holdout_t): real-world facts in eight
domains none of sets G to S wrote, the kinds of value they hold, their questions, ten wording
families as tools, agents and people write records today (FHIR resources, Adaptive Cards,
ripgrep hits, tracked changes, Chroma calls, BBCode forum posts, GitHub Actions logs, R
sessions, Go struct literals, podcast chapter notes) and the labelled pairs. The checks T
shares with sets D to S run in test_holdout_common.py; nothing here judges the change
detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import pairwise

import holdout_checks as checks

import evaluation.holdout_t as holdout_t
from evaluation.holdout_t import families, holdout_histories, holdout_pairs, render

PEOPLE_SLOTS = ("leader", "ceo", "chair", "portrait", "monarch", "director", "president")
PERSON = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")


def test_the_domains_are_new_and_entities_carry_several_slots() -> None:
    checks.check_eight_new_domains(
        holdout_t, checks.DOMAINS_BEFORE_T, several_share=0.4, three_slots=10
    )
    written = {subject.domain for subject in holdout_histories()}
    assert written.isdisjoint(checks.DOMAINS_S) and "banknotes" in written


def test_values_are_people_places_money_counts_times_and_days() -> None:
    kinds = checks.value_counter(holdout_t)
    expected = {
        r"\d+ seats": 28,  # seats won at general elections
        r"\$[\d.]+ (million|billion)": 20,  # purses, net sales, gross bookings
        r"\$\d\.\d\d": 2,  # a taxi's initial fare and surcharge
        r"[\d.]+%": 2,  # Airbus's stake in the A220 programme
        r"\d+ aircraft": 10,  # yearly deliveries
        r"[\d,]+ paid rides a week": 4,
        r"\d+ runners": 2,
        r"\d:\d\d:\d\d": 20,  # marathon course records
        r"\d:\d\d \d/5": 1,  # the Kentucky Derby's record in fifths of a second
        r"1[89]\d\d|20\d\d": 8,  # founding years and a delivery target's years
        r"late 20\d\d": 1,
        rf"\w+ \b({checks.WEEKDAYS}) in (April|November)": 2,  # race days
        r"April \d\d": 1,
        r"G\d{3}": 3,  # business jets
        r"\w+ series": 2,  # banknote series
    }
    assert {pattern: kinds(pattern) for pattern in expected} == expected
    subjects = holdout_histories()
    people = {f.value for s in subjects if s.slot in PEOPLE_SLOTS for f in s.facts}
    assert len(people) >= 110
    assert all(p[0].isupper() and PERSON.fullmatch(p) for p in people), people
    held = {v for s in subjects if s.slot in ("owner", "sponsor") for v in checks.values_of(s)}
    assert len(held) >= 35  # companies, families, a government, a bank, a brewer
    places = {v for s in subjects if s.slot in ("hq", "venue") for v in checks.values_of(s)}
    assert {"Düsseldorf", "São José dos Campos", "Saratoga Race Course"} <= places


def test_each_subject_is_asked_three_ways() -> None:
    checks.check_questions_three_ways(holdout_t)


def _json_with(text: str, key: str) -> bool:
    return key in json.loads(text)


def _fhir(text: str) -> bool:
    return _json_with(text, "resourceType")


def _card(text: str) -> bool:
    return json.loads(text)["type"] in ("AdaptiveCard", "FactSet", "TextBlock")


def _ripgrep(text: str) -> bool:
    first = text.split("\n", 1)[0]
    return first.startswith("$ rg ") or re.match(r"notes/[\w.]+(:\d+:|$)", first) is not None


def _tracked(text: str) -> bool:
    marks = ("[Inserted: ", "[Deleted: ", "Comment [", "Suggested edit (", "Formatting change: ")
    accepted = ("[Accepted insertion — ", "[Tracked change accepted — ")
    return any(mark in text for mark in (*marks, *accepted))


def _chroma(text: str) -> bool:
    return (
        re.match(r"(>>> \w+ = )?(>>> )?collection\.(add|upsert|update|get|delete|query)\(", text)
        is not None
    )


def _bbcode(text: str) -> bool:
    return re.match(r"\[(\w+)(=[^\]]+)?\]", text) is not None and "[/" in text


def _actions(text: str) -> bool:
    starts = ("Run ./scripts/", "::notice ", "::warning ", "##[group]", 'echo "')
    return (
        text.startswith(starts) or re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ ", text) is not None
    )


def _r_session(text: str) -> bool:
    return text.startswith(("> ", "# A tibble: "))


def _go(text: str) -> bool:
    starts = ("kb.Fact{", "kb.Change{", "kb.Item{", "fmt.Printf(", "f := ", "f.", "facts[")
    return text.startswith(starts) or text.startswith(("got := ", "if got := ", "--- FAIL: "))


def _podcast(text: str) -> bool:
    stamp = r"(\d\d:)?\d\d:\d\d"
    return (
        re.match(
            rf"({stamp} |\[{stamp}\] |\({stamp}\) |Ep\. \d+ |Chapters:\n|Correction to Ep\. )", text
        )
        is not None
    )


FAMILY_SHAPES: dict[str, Callable[[str], bool]] = {
    "fhir_resource": _fhir,
    "adaptive_card": _card,
    "ripgrep_hits": _ripgrep,
    "tracked_changes": _tracked,
    "chroma_upsert": _chroma,
    "bbcode_post": _bbcode,
    "gh_actions_log": _actions,
    "r_console": _r_session,
    "go_struct": _go,
    "podcast_chapters": _podcast,
}


def test_every_family_keeps_its_own_shape_in_four_or_more_wordings() -> None:
    checks.check_family_shapes(holdout_t, FAMILY_SHAPES)
    # no family takes the name of one of sets A to S (their names only were read)
    assert checks.families_before("t").isdisjoint(families())


def test_memories_name_tools_and_people_but_no_model_role() -> None:
    """No line opens with a role tag; the one ``system`` is a FHIR coding's key."""
    role = re.compile(r"^\W*(assistant|system|user)\W*:", re.IGNORECASE | re.MULTILINE)
    texts = [m.text for m in checks.rendered_memories(holdout_t)]
    assert [t for t in texts if role.search(t)] == []
    assert {m.group() for t in texts for m in re.finditer(r"\bsystem\b", t)} == {"system"}
    assert all('"system": "urn:kb:attribute"' in t for t in texts if "system" in t)


VALIDITY = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": rf"\b({checks.MONTHS}) (19|20)\d\d\b",
    "day, month and year": rf"\b\d\d ({checks.MONTHS}) (19|20)\d\d\b",
    "FHIR effective date": r'"effectiveDateTime": "\d{4}-\d\d-\d\d"',
    "FHIR period start year": r'"effectivePeriod": \{"start": "\d{4}"\}',
    "Provenance timestamp": r'"recorded": "\d{4}-\d\d-\d\dT09:00:00Z"',
    "card fact titled Since": r'\{"title": "Since", "value": "\d{4}',
    "year in a notes path": r"^notes/\d{4}\.md:",
    "Chroma metadata year": r'"year": \d{4}\}',
    "R date": r'as\.Date\("\d{4}-\d\d-\d\d"\)',
    "Go date": r'date\("\d{4}-\d\d-\d\d"\)',
    "Go struct year": r"Year: \d{4}\}",
    "Actions timestamp": r"^\d{4}-\d\d-\d\dT10:14:02Z ",
    "BBCode note": r"\[size=85\](as of|edited) \d{4}",
    "since": r"\(since \d{4}",
    "as of": r"\bas of (\d{4}|[A-Z])",
    "recorded": r"\(recorded \d{4}",
    "until": r" until [A-Z]\w+ \d{4}",
    "updated": r"Updated \d{4}-",
    "checked": r"checked [A-Z]\w+ \d{4}",
    "last checked": r"last I checked \(\d{4}\)",
}


def test_validity_is_written_in_many_forms_or_left_to_the_write_time() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_t)]
    checks.check_written_forms(texts, VALIDITY)
    month_year = re.compile(VALIDITY["month and year"])
    undated = sum(not checks.YEAR.search(t) and not month_year.search(t) for t in texts)
    assert 0.3 * len(texts) <= undated <= 0.45 * len(texts)


REPLACED = {
    "FHIR amended note": r'"note": \[\{"text": "amended, was ',
    "FHIR history bundle": r'"versionId": "1"\}, "valueString": "',
    "FHIR provenance revision": r'"role": "revision", "what": \{"display": "',
    "card fact titled Was": r'\{"title": "Was", "value": "',
    "previously": r" \(previously ",
    "archived hit": r"^notes/archive\.md:41:",
    "replaced": r" \(replaced ",
    "counted away": r'^\$ rg -c "',
    "deleted run": r"\[Deleted: .+\]\[Inserted: ",
    "suggested replacement": r'replace ".+" with "',
    "deleted by value": r'collection\.delete\(where=\{"value": "',
    "replaces metadata": r'"replaces": "',
    "struck through": r"\[s\].+\[/s\] ",
    "quoted and outdated": r"\[/quote\]\nOutdated: ",
    "after": r"\[/b\], after ",
    "still": r" is still .+ the source says ",
    "expected and found": r'expected .+ found "',
    "matched on the value": r'kb\$value == "',
    "waldo": r'^`old`: "',
    "R comment": r'# was ".+" until ',
    "Go change": r'From: ".+", To: "',
    "Go error": r"\(was .+ until ",
    "Go test failure": r': got ".+", want "',
    "taking over from": r", taking over from ",
    "out and in": r" out, .+ in$",
    "not as we said": r", not .+ as we said",
}


def test_a_change_names_the_value_it_replaces_in_most_wordings() -> None:
    # a card announcing an update, an accepted tracked change and an Actions notice leave
    # the old value out
    silent = {"adaptive_card", "tracked_changes", "gh_actions_log"}
    checks.check_replaced_values_named(holdout_t, REPLACED, (0.85, 0.92), silent)


def test_some_wordings_put_the_value_before_the_entity() -> None:
    before, after = checks.value_first_and_last(holdout_t)
    assert before >= 400 and after >= 6 * before


def test_values_recur_across_subjects_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_t)
    owners = ("Vail Resorts", "Intrawest", "Powdr", "American Skiing Company", "Bombardier")
    sponsors = ("Tata Consultancy Services", "Bank of America")
    others = ("Queen Elizabeth II", "Shōtoku Taishi", "polymer", "121 seats", "Guillaume Faury")
    assert {*owners, *sponsors, *others, "New York Stock Exchange"} <= shared
    lockheed = checks.slots_of(holdout_t, "Lockheed Martin")
    assert (
        lockheed["ceo"]
        == lockheed["chair"]
        == {
            "Robert Stevens",
            "Marillyn Hewson",
            "Jim Taiclet",
        }
    )
    cabs = checks.slots_of(holdout_t, "New York City yellow cabs")
    assert cabs["fare"] & cabs["surcharge"] == {"$2.50"}


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot_notes = checks.check_every_kind_of_negative(list(holdout_pairs()), 950, 30)
    assert other_slot_notes["same value, other slot"] >= 4
    assert other_slot_notes.total() >= 100


def test_a_fhir_change_keeps_the_old_value_where_the_resource_would() -> None:
    """An amended Observation notes the old value, a history Bundle holds it in version 1
    (the new one in version 2) and a Provenance names it as the revised entity, the new
    value in its target."""
    for subject in holdout_histories():
        for older, newer in pairwise(render("fhir_resource", subject)):
            if older.value == newer.value:
                continue
            resource = json.loads(newer.text)
            kind = resource["resourceType"]
            if kind == "Observation":
                assert resource["status"] == "amended"
                assert resource["valueString"] == newer.value
                assert resource["note"] == [{"text": f"amended, was {older.value}"}]
            elif kind == "Bundle":
                versions = {
                    e["resource"]["meta"]["versionId"]: e["resource"]["valueString"]
                    for e in resource["entry"]
                }
                assert versions == {"1": older.value, "2": newer.value}
            else:
                assert kind == "Provenance"
                assert resource["entity"][0]["what"]["display"] == older.value
                assert resource["target"][0]["display"].endswith(f": {newer.value}")
