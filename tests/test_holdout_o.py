"""What is particular to hold-out set O (evaluation/holdout_o): real-world facts in eight
domains other than sets G's to N's, their value kinds, questions, wording families written
the way agents, tools and people write memories today (ReAct traces, tool-use blocks,
spreadsheet exports, JSON-LD, metrics, Terraform, chat summaries, chat exports, Python
reprs, newswire lines), and labelled pairs; the checks it shares with sets D to N are in
test_holdout_common.py, with those of the pairs it builds through set G's code. Nothing here
judges the change detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_o as holdout_o
from evaluation.holdout_o import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_BEFORE_O
DMY = re.compile(r"\b\d\d/\d\d/(19|20)\d\d\b")
TWO_DIGIT_YEAR = re.compile(r"(?<![\d/])\d\d/\d\d/\d\d(?![\d/])")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
DATE_VALUE = re.compile(rf"\d{{1,2}} ({checks.MONTHS})( (19|20)\d\d)?")


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_o, EARLIER_DOMAINS, several_share=0.35, three_slots=5)


def test_values_come_in_many_kinds() -> None:
    count = checks.value_counter(holdout_o)

    assert count(r"\$[\d.,]+( million| billion)?") >= 15  # dollars: caps, stamps, jackpots
    assert count(r"(£|€|C\$)[\d.]+") >= 12  # pounds, euros and Canadian dollars
    assert count(r"\d{1,2}%") == 4  # targets, a tax, a stake
    assert count(r"\u2212?\d{2}\.\d °C") >= 12  # temperature records
    units = r"\d{3} characters|\d{2} seconds|\d{1,2} minutes|\d billion monthly users"
    assert count(rf"{units}|[\d.]+ million km²|1 in [\d.]+ million") >= 12  # counts with units
    assert count(r"v\d\d\.0") == 5  # versions
    assert count(rf"(({checks.WEEKDAYS})(, | and )?)+( only)?") == 5  # weekdays
    assert count(r"\d{1,2} p\.m\. ET") == 1  # a time of day
    assert count(DATE_VALUE.pattern) >= 6  # dates as values, one without a year
    assert count(r"(19|20)\d\d") == 4  # bare years as values
    roles = ("coach", "captain", "director", "menswear", "ceo", "head", "coo", "commissioner")
    people = {f.value for s in holdout_histories() if s.slot in roles for f in s.facts}
    name = r"[A-Z][\w'-]+( [A-Z][\w'-]+)*"
    assert len(people) >= 130 and all(re.fullmatch(name, v) for v in people), people
    places = {
        v
        for s in holdout_histories()
        if s.slot in ("arena", "hq", "holder")
        for v in checks.values_of(s)
    }
    assert len(places) >= 25  # arenas, buildings, cities, bridges, tunnels, ships


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_o)


def _react(t: str) -> bool:
    heads = ("Thought: ", "Action: ", "Observation: ", "Question: ", "Final Answer: ")
    return t.count("\n") >= 1 and all(x.startswith(heads) for x in t.split("\n"))


def _json(t: str) -> object:
    try:
        return json.loads(t)
    except ValueError:
        return None


def _tool_use(t: str) -> bool:
    parsed = _json(t)
    blocks = parsed if isinstance(parsed, list) else [parsed]
    return all(
        isinstance(b, dict) and b.get("type") in ("tool_use", "tool_result", "function_call")
        for b in blocks
    )


def _csv(t: str) -> bool:
    lines = t.split("\n")
    header = lines[0]
    fields = max(len(header.split(",")), len(header.split(";")))
    return len(lines) == 2 and fields >= 3 and not re.search(r"\d", header)


def _jsonld(t: str) -> bool:
    parsed = _json(t)
    return isinstance(parsed, dict) and any(k.startswith("@") for k in parsed)


def _prometheus(t: str) -> bool:
    lines = t.split("\n")
    sample = r"[a-z_]+\{[a-z_]+=\"[^\"]+\"(,[a-z_]+=\"[^\"]+\")*\} 1"
    return re.fullmatch(sample, lines[-1]) is not None and all(
        x.startswith("# ") for x in lines[:-1]
    )


def _hcl(t: str) -> bool:
    first = t.split("\n")[0].strip()
    blocks = ("resource ", "~ resource ", "locals ", "variable ", "data ", "module ")
    return first.startswith(blocks) and first.endswith("{") and ("\n}" in t or "\n    }" in t)


def _summary(t: str) -> bool:
    starts = ("Summary of earlier conversation: ", "Conversation recap (", "Key facts retained:\n")
    return t.startswith((*starts, "The user said ", "Memory (auto-summarised "))


def _chat(t: str) -> bool:
    line = r"(\[[^\]]+\] |\d\d/\d\d/\d\d, \d{1,2}:\d\d( [AP]M)? - )?[A-Z][a-z]+: .+"
    return all(re.fullmatch(line, x) for x in t.split("\n"))


def _python(t: str) -> bool:
    starts = ("MemoryItem(", "Fact(", "store.", "{", "(")
    return "\n" not in t and t.startswith(starts) and bool(re.search(r"[)}](  # .*)?$", t))


def _wire(t: str) -> bool:
    return "\n" not in t and ("Newswire" in t or t.startswith(("BRIEF-", "UPDATE 1-", "UPDATE 2-")))


SHAPES: dict[str, Callable[[str], bool]] = {
    "react_trace": _react,
    "tool_use_block": _tool_use,
    "csv_with_header": _csv,
    "jsonld_node": _jsonld,
    "prometheus_sample": _prometheus,
    "hcl_block": _hcl,
    "llm_summary": _summary,
    "whatsapp_export": _chat,
    "python_repr": _python,
    "wire_dateline": _wire,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_o, SHAPES)


def test_a_csv_export_carries_its_header_and_the_value_only_in_its_row() -> None:
    for subject in holdout_histories():
        for memory in render("csv_with_header", subject):
            header, row = memory.text.split("\n")
            assert memory.value not in header and memory.value in row, memory.text


def test_no_memory_is_tagged_as_a_model_turn() -> None:
    """Tool-use blocks and chat exports name tools and people, never a model's role tag."""
    for memory in checks.rendered_memories(holdout_o):
        assert not re.search(r"\b(assistant|system)\b", memory.text, re.IGNORECASE), memory.text


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_o)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(MONTH_YEAR.search(t) for t in texts)
    assert any(DMY.search(t) for t in texts)  # 21/03/2021 and 03/21/2021
    assert any(TWO_DIGIT_YEAR.search(t) for t in texts)  # 21/03/21 and 03/21/21
    assert any(re.search(r"\dT\d\d:\d\d:\d\d(Z|\+00:00)", t) for t in texts)  # timestamps
    assert any(re.search(r"\b\d\d-[A-Z][a-z]{2}-(19|20)\d\d\b", t) for t in texts)  # 19-May-2015
    assert any(re.search(r"\b\d\d\.\d\d\.(19|20)\d\d\b", t) for t in texts)  # 19.05.2015
    assert any(re.match(r"[A-Z][a-z]{2} \d\d \(Newswire\)", t) for t in texts)  # no year
    for field in ("valid_from", "validFrom", "as_of", "observed_at", "dateModified", "since"):
        assert any(field in t for t in texts), field
    assert any("last week" in t for t in texts) and any("this month" in t for t in texts)
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert len(undated) >= len(texts) / 20  # some memories leave the date to the write time


def test_a_change_names_the_replaced_value_in_many_ways_or_not_at_all() -> None:
    changes = checks.replacements(holdout_o)
    named = [text for _, text, old in changes if old in text]
    assert 0.85 * len(changes) <= len(named) < len(changes)  # a few do not name it
    ways = {
        "field": r"\b(old_value|previous|previousValue|supersedes|replacee|old|from|prev)\b\W{1,3}",
        "was": r"# was |\bWas,Now\b",
        "ascii arrow": r" -> ",
        "previously": r"\(previously ",
        "replaced": r"\breplaced? ",
        "replacing": r"\breplacing ",
        "no longer": r"\bno longer ",
        "succeeds": r"\bsucceeds ",
        "changed from": r"\bchanged from ",
        "dropped": r"\bdropped ",
        "not": r", not ",
        "out of date": r" is out of date",
        "history": r"\"history\": \[",
        "valid through": r"\"validThrough\"",
        "plan": r"~ value",
        "nope": r"\bnope, ",
        "retired": r" retired, ",
    }
    for way, pattern in ways.items():
        assert any(re.search(pattern, t) for t in named), way
    # every family names the replaced value in some change
    assert {family for family, text, old in changes if old in text} == set(families())


def test_the_value_comes_before_the_entity_in_some_wordings_and_after_in_others() -> None:
    first, last = checks.value_first_and_last(holdout_o)
    assert first >= 200 and last >= 3 * first


def test_entities_share_values_within_a_slot_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_o)
    coaches = ("Mike Babcock", "Craig Berube", "Jim Montgomery", "Mike Sullivan", "Peter DeBoer")
    designers = ("Demna", "Pierpaolo Piccioli", "Alessandro Michele", "Daniel Lee", "Sarah Burton")
    for value in (*coaches, *designers, "Kim Jones", "Pietro Beccari", "Stephen House"):
        assert value in shared, value
    for value in ("public shareholders", "3 minutes", "56.7 °C", "2024", "Tuesday and Friday"):
        assert value in shared, value
    dior, twitter = (
        checks.slots_of(holdout_o, "Christian Dior"),
        checks.slots_of(holdout_o, "Twitter"),
    )
    assert dior["director"] & dior["menswear"] == {"Jonathan Anderson"}
    assert twitter["ceo"] & twitter["owner"] == {"Elon Musk"}
    australia = next(s for s in holdout_histories() if s.entity == "Australia")
    assert len(australia.facts) == 2 and not checks.changing(australia)  # a record equalled


def test_pairs_include_every_kind_of_negative() -> None:
    checks.check_every_kind_of_negative(list(holdout_pairs()), 1000, 30)
