"""What is particular to hold-out set P (evaluation/holdout_p): real-world facts in eight
domains other than sets G's to O's, their value kinds, questions, wording families written
the way agents, tools and people write memories today (OpenTelemetry spans, Obsidian daily
notes, mem0 memories, learner English, Cypher queries, Redis sessions, cited answers,
CloudEvents, server-sent events, spoken notes with fillers), and labelled pairs; the checks
it shares with sets D to O are in test_holdout_common.py. Nothing here judges the change
detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_p as holdout_p
from evaluation.holdout_p import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_BEFORE_P
DMY_DOTS = re.compile(r"\b\d\d\.\d\d\.(19|20)\d\d\b")
SLASHED = re.compile(r"\b\d\d/\d\d/(19|20)\d\d\b")
TWO_DIGIT_YEAR = re.compile(r"(?<![\d/])\d\d/\d\d/\d\d(?![\d/])")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
DATE_VALUE = re.compile(rf"\d{{1,2}} ({checks.MONTHS}) (19|20)\d\d")


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_p, EARLIER_DOMAINS, several_share=0.35, three_slots=5)


def test_values_come_in_many_kinds() -> None:
    count = checks.value_counter(holdout_p)

    assert count(r"\$[\d.,]+( billion| for life)?") >= 15  # dollars: revenue, fees, prices
    assert count(r"(CHF|DKK) [\d.]+ billion|€[\d.]+ billion|£\d") >= 12  # four more currencies
    assert count(r"[\d.]+%") == 2  # a stake
    units = r"[\d,.]+ (pandas|gorillas|tigers|lynxes|birds|rhinos|restaurants|stores)"
    assert count(rf"{units}|[\d.]+ million (visits|passengers|articles)") >= 30  # counts
    assert count(r"[\d.]+ (exaflops|petaflops)|\d+ (national parks|terminals|runways)") >= 14
    assert count(r"(about )?\d+( to \d+)? vaquitas|every \d weeks|\d nm") >= 10
    assert count(r"ESR \d{3}|\d\.\d{1,2}|Intel \d+A?|[ABHV]\d00") >= 16  # versions, models
    assert count(checks.WEEKDAYS) == 2  # weekdays: a release day, a day closed
    assert count(r"\d{1,2} [ap]\.m\. to \d{1,2} [ap]\.m\.") == 3  # times of day
    assert count(DATE_VALUE.pattern) == 5  # dates as values: an airport's opening
    assert count(r"(19|20)\d\d") == 3  # bare years as values
    assert count(r"(Critically )?[A-Z][a-z]+ (Concern )?\([A-Z]{2}\)") == 3  # IUCN categories
    roles = ("ceo", "chair", "director", "head", "superintendent", "executive")
    people = {f.value for s in holdout_histories() if s.slot in roles for f in s.facts}
    name = r"[A-Z][\w.'-]+( [A-Z][\w.'-]+)*"
    assert len(people) >= 90 and all(re.fullmatch(name, v) for v in people), people
    places = {
        v
        for s in holdout_histories()
        if s.slot in ("hq", "main", "owner")
        for v in checks.values_of(s)
    }
    assert len(places) >= 15  # cities, airports and owners


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_p)


def _json(t: str) -> object:
    try:
        return json.loads(t)
    except ValueError:
        return None


def _otel(t: str) -> bool:
    first, *rest = t.split("\n")
    return re.fullmatch(r"Span #\d", first) is not None and all(x.startswith("    ") for x in rest)


def _obsidian(t: str) -> bool:
    starts = ("## ", "# Daily note ", "- ", "  - ", "> ")
    return "[[" in t and all(x.startswith(starts) for x in t.split("\n"))


def _mem0(t: str) -> bool:
    parsed = _json(t)
    if not isinstance(parsed, dict):
        return False
    items = parsed.get("results", [parsed])
    return isinstance(items, list) and all(isinstance(i, dict) and "memory" in i for i in items)


def _learner(t: str) -> bool:
    return "\n" not in t and t.endswith(".") and not re.search(r"[{}\[\]|]|\b(um|uh)\b", t)


def _cypher(t: str) -> bool:
    starts = ("MERGE ", "MATCH ", "CREATE ", "SET ", "RETURN ", "// ")
    return all(x.startswith(starts) for x in t.split("\n"))


def _redis(t: str) -> bool:
    reply = r"redis> .+|\(integer\) \d|OK|\"[^\"]+\"|\d\) \"[^\"]+\""
    lines = t.split("\n")
    return lines[0].startswith("redis> ") and all(re.fullmatch(reply, x) for x in lines)


def _cited(t: str) -> bool:
    return "[1]" in t and any(x.startswith("[1] ") for x in t.split("\n"))


def _cloudevent(t: str) -> bool:
    parsed = _json(t)
    return isinstance(parsed, dict) and parsed.get("specversion") == "1.0" and "data" in parsed


def _sse(t: str) -> bool:
    return all(re.fullmatch(r"(event|data|id|retry)?: .+", x) for x in t.split("\n"))


def _filler(t: str) -> bool:
    fillers = r"\b(um|uh|like|yeah|mm|okay|so)\b"
    return "\n" not in t and t[0].islower() and re.search(fillers, t) is not None


SHAPES: dict[str, Callable[[str], bool]] = {
    "otel_span": _otel,
    "obsidian_daily": _obsidian,
    "mem0_memory": _mem0,
    "learner_english": _learner,
    "cypher_query": _cypher,
    "redis_command": _redis,
    "cited_answer": _cited,
    "cloudevent": _cloudevent,
    "sse_event": _sse,
    "filler_speech": _filler,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_p, SHAPES)


def test_family_names_are_new() -> None:
    """No family repeats a name of sets A to O (their names, read, never their templates)."""
    assert not checks.families_before("p") & set(families())


def test_no_memory_is_tagged_as_a_model_turn() -> None:
    """Spans, events and answers name tools and sources, never a model's role tag."""
    for memory in checks.rendered_memories(holdout_p):
        assert not re.search(r"\b(assistant|system)\b", memory.text, re.IGNORECASE), memory.text


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_p)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(MONTH_YEAR.search(t) for t in texts)
    assert any(SLASHED.search(t) for t in texts)  # 21/03/2021 and 03/21/2021
    assert any(DMY_DOTS.search(t) for t in texts)  # 21.03.2021
    assert any(TWO_DIGIT_YEAR.search(t) for t in texts)  # 03/21/21
    assert any(re.search(r"\dT\d\d:\d\d:\d\d(Z|-07:00)", t) for t in texts)  # timestamps
    assert any(re.search(r"\d +\+0000 UTC", t) for t in texts)  # a span's start time
    assert any(re.search(r"\b\d\d-[A-Z][a-z]{2}-(19|20)\d\d\b", t) for t in texts)  # 19-May-2015
    assert any(re.search(r"\(seen [A-Z][a-z]{2} \d\d\)", t) for t in texts)  # no year
    assert any(re.search(r"\[\[[A-Z][a-z]+ (19|20)\d\d\]\]", t) for t in texts)  # a wikilink
    for field in ("valid_from", "since", "as_of", "created_at", "updated_at", "validfrom"):
        assert any(field in t for t in texts), field
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert len(undated) >= len(texts) / 10  # some memories leave the date to the write time


def test_a_change_names_the_replaced_value_in_many_ways_or_not_at_all() -> None:
    changes = checks.replacements(holdout_p)
    named = [text for _, text, old in changes if old in text]
    assert 0.9 * len(changes) <= len(named) < len(changes)  # a few do not name it
    ways = {
        "old field": r"value\.old: |\"old\": |old_memory|previous_memory|_previous`|prev_",
        "stale cache": r"kb\.stale_cache",
        "superseding": r"\bsupersed(ing|es) ",
        "struck through": r"\(was ~~",
        "replaced field": r"replaced:: ",
        "history": r" is history\.",
        "delete then add": r"\"DELETE\".*\"ADD\"",
        "not more": r"\bis not more ",
        "before was": r"before was ",
        "in place of": r"\bin place of ",
        "valid_to": r"r\.valid_to",
        "replaces": r"// replaces ",
        "getset reply": r"GETSET .*\n\"",
        "arrow": r" => ",
        "before that": r"before that it was ",
        "succeeding": r"\bsucceeding ",
        "older sources": r"older sources still say ",
        "was": r"\"was\": ",
        "not any more": r"\(not .+ any more\)",
        "went from": r"went from .+ to ",
        "not anymore": r"not .+ anymore",
        "was before": r" was before,",
        "swapped": r"swapped .+ out for ",
    }
    for way, pattern in ways.items():
        assert any(re.search(pattern, t) for t in named), way
    # every family names the replaced value in some change
    assert {family for family, text, old in changes if old in text} == set(families())


def test_the_value_comes_before_the_entity_in_some_wordings_and_after_in_others() -> None:
    first, last = checks.value_first_and_last(holdout_p)
    assert first >= 200 and last >= 5 * first


def test_entities_share_values_within_a_slot_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_p)
    people = ("Brian Niccol", "Todd Penegor")
    for value in (*people, "Endangered (EN)", "Vulnerable (VU)", "Critically Endangered (CR)"):
        assert value in shared, value
    pfizer, roche = checks.slots_of(holdout_p, "Pfizer"), checks.slots_of(holdout_p, "Roche")
    assert pfizer["ceo"] & pfizer["chair"] == {"Albert Bourla", "Ian Read"}
    assert roche["ceo"] & roche["chair"] == {"Severin Schwan"}
    berlin = next(s for s in holdout_histories() if s.entity == "Berlin Brandenburg Airport")
    assert len(berlin.facts) == 5 and all(DATE_VALUE.fullmatch(v) for v in checks.values_of(berlin))


def test_pairs_include_every_kind_of_negative() -> None:
    checks.check_every_kind_of_negative(list(holdout_pairs()), 850, 35)


def test_a_span_and_a_stream_event_name_entity_and_value_in_their_own_fields() -> None:
    """The value sits in a span attribute or a ``data:`` line, never only in a name line."""
    for subject in holdout_histories():
        for memory in render("otel_span", subject):
            first = memory.text.split("\n")[0]
            assert memory.value not in first, memory.text
        for memory in render("sse_event", subject):
            data = [x for x in memory.text.split("\n") if x.startswith("data: ")]
            assert any(memory.value in x for x in data), memory.text
