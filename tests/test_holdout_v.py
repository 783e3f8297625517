"""What is particular to hold-out set V (evaluation/holdout_v): real-world facts in eight
domains none of sets G to U wrote (foreign ministries, mathematics, the solar system, road
rules, standardised tests, mountains, payments, research laboratories), the kinds of value
they hold, their questions, ten wording families as tools and people leave records today
(MCP tool results, InfluxDB line protocol, Jest snapshots, the mysql client, PHP's print_r,
voicemail transcripts, photo captions, Sphinx reStructuredText, etcd and Consul key-value
reads, the llm command line) and the labelled pairs. The checks V shares with sets D to U run
in test_holdout_common.py; nothing here judges the change detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import pairwise

import holdout_checks as checks

import evaluation.holdout_v as holdout_v
from evaluation.holdout_v import domains, families, holdout_histories, holdout_pairs, render

ROLES: tuple[str, ...] = ("foreign_minister", "un_ambassador", "president", "ceo")
ROLES += ("director_general", "chief_regulator", "oldest", "founder", "head")
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(
        holdout_v, checks.DOMAINS_BEFORE_V, several_share=0.4, three_slots=10
    )
    names = {subject.domain for subject in holdout_histories()}
    assert not names & checks.DOMAINS_U and {"mathematics", "road_rules"} <= names


def test_values_are_people_limits_records_counts_and_statuses() -> None:
    count = checks.value_counter(holdout_v)
    kinds = {
        r"\d+ km/h": 9,  # speed limits
        r"\d+ mph": 3,
        r"\d+ mg per 100 ml of blood": 2,  # drink-driving limits
        r"£\d+": 6,  # a phone fine and contactless limits
        r"€\d+": 3,
        r"\d+ known moons?": 16,
        r"[\d,.]+ m": 9,  # mountain heights in metres
        r"[\d,]+ ft": 4,  # and in feet
        r"2\^[\d,]+ - 1": 5,  # the largest known primes
        r"[\d.]+ trillion digits": 5,
        r"[\d.]+ megajoules": 8,  # fusion energy records
        r"[\d.]+ TeV": 4,
        r"\d+ (member states|members)": 6,
        r"\d+\.\d\d million": 5,  # Gaokao candidates
        r"\d+ points": 6,  # maximum scores
        r"\d+ summits": 5,
        r"[\d,.]+ seconds": 3,
        r"(about|under) \d hours|\d hours? \d+ minutes": 7,  # testing times
        r"open problem|proved|formally verified": 3,  # a conjecture's status
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in ROLES for v in checks.values_of(s)}
    assert len(people) >= 85
    assert all(NAME.fullmatch(p) for p in people), people
    owners = {v for s in subjects if s.slot == "owner" for v in checks.values_of(s)}
    assert {"Educational Testing Service", "public shareholders", "Capital One"} <= owners


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_v)


def _mcp(text: str) -> bool:
    if text.startswith("← tools/call "):
        return text.split("\n")[1].startswith("→ {")
    return isinstance(json.loads(text), dict) and '"jsonrpc": "2.0"' in text


def _influx(text: str) -> bool:
    line = re.compile(r"^(\$ influx write -b kb \")?kb_(fact|list),key=\w+(,op=\w+)? ", re.M)
    return line.search(text) is not None or "\nname: kb_fact\n" in text


def _jest(text: str) -> bool:
    starts = ("// Jest Snapshot v1", "exports[`", "  ✓ ", "expect(", "- Snapshot  - 1")
    return text.startswith(starts)


def _mysql(text: str) -> bool:
    return text.startswith(("mysql> ", "+--", "*************************** 1. row ***"))


def _php(text: str) -> bool:
    error_log = r"\[\d\d-[A-Z][a-z]{2}-\d{4} \d\d:\d\d:\d\d UTC\] PHP (Notice|Warning):  "
    starts = ("Array\n(\n", "stdClass Object\n(\n", "php > ")
    return text.startswith(starts) or re.match(error_log, text) is not None


def _voicemail(text: str) -> bool:
    header = r"(Voicemail from |Voicemail · |New voicemail \(|Visual Voicemail )"
    return re.match(header, text) is not None and text.endswith('"')


def _caption(text: str) -> bool:
    return re.search(r"KB Images|Archive picture, \d{4}\.$|\nAlt text: ", text) is not None


def _rst(text: str) -> bool:
    return text.startswith(("..", ":", "**", "* "))


def _etcd(text: str) -> bool:
    return text.startswith(("$ etcdctl ", "$ consul kv "))


def _llm(text: str) -> bool:
    return text.startswith("$ llm ")


SHAPES: dict[str, Callable[[str], bool]] = {
    "mcp_tool_result": _mcp,
    "influx_line": _influx,
    "jest_snapshot": _jest,
    "mysql_client": _mysql,
    "php_print_r": _php,
    "voicemail_transcript": _voicemail,
    "photo_caption": _caption,
    "sphinx_rst": _rst,
    "etcd_kv": _etcd,
    "llm_cli": _llm,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_v, SHAPES)
    # the names (only the names) of sets A to U's families were read, to repeat none
    assert not checks.families_before("v") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "valid from": r"\(valid from \d{4}-\d\d-\d\d\)",
    "effective": r"\(effective \d{4}-\d\d-\d\d\)",
    "InfluxQL time column": r"^\d{4}-\d\d-\d\dT00:00:00Z ",
    "line protocol field": r',valid_from="\d{4}-\d\d-\d\d"',
    "import comment": r"^# import of [A-Z][a-z]+ \d{4}$",
    "snapshot field": r'^  "since": "\d{4}-\d\d-\d\d",$',
    "test name": r"\(as of [A-Z][a-z]+ \d{4}\) \(\d+ ms\)$",
    "mysql column": r"\| \d{4}-\d\d-\d\d \|$",
    "mysql year column": r"\| \d{4} \|$",
    "mysql vertical row": r"^updated_at: \d{4}-\d\d-\d\d 10:00:00$",
    "print_r field": r"^    \[valid_from\] => \d{4}-\d\d-\d\d$",
    "print_r year": r"^    \[year\] => \d{4}$",
    "PHP error log": r"^\[\d\d-[A-Z][a-z]{2}-\d{4} \d\d:\d\d:\d\d UTC\] ",
    "voicemail received": r"^New voicemail \(0:\d\d\), [A-Z][a-z]+ \d\d, \d{4}$",
    "said since": r"Since [A-Z][a-z]+ \d{4}, I think\.",
    "said from": r"\. From [A-Z][a-z]+ \d{4}\. Bye\.",
    "information board": r"information board in [A-Z][a-z]+ \d{4}\.",
    "news conference": r"news conference on [A-Z][a-z]+ \d\d, \d{4} shows",
    "archive picture": r"Archive picture, \d{4}\.$",
    "rst field": r"^   :since: \d{4}-\d\d-\d\d$",
    "rst note": r"^   As of [A-Z][a-z]+ \d{4}, the ",
    "versionchanged": r"^\.\. versionchanged:: \d{4}$",
    "deprecated": r"^\.\. deprecated:: \d{4}$",
    "llm log": r"^# \d{4}-\d\d-\d\dT09:12:44$",
    "answer as of": r"^As of [A-Z][a-z]+ \d{4}, the ",
    "answer since": r"^No\. Since [A-Z][a-z]+ \d{4} the ",
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_v)]
    checks.check_written_forms(texts, WHEN)
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert 0.5 * len(texts) <= len(undated) <= 0.62 * len(texts)
    checks.check_undated(holdout_v, "etcd_kv")  # a key-value store keeps no validity


WAS = {
    "arrow in a tool result": r"^\{.+Updated .+: .+ -> .+ \(effective ",
    "replaces field": r'"replaces": "',
    "previous field": r',previous="',
    "op=replace with old_value": r",op=replace .+,old_value=\"",
    "snapshot diff": r'^-   "value": "',
    "snapshot previous": r'^  "previous": "',
    "moved from": r" moved from .+ to .+ \(\d+ ms\)$",
    "query parameters": r"AND value = \?;  -- \[",
    "previous_value row": r"^previous_value: ",
    "replaced column": r"\| replaced \|$",
    "print_r old": r"^    \[old\] => ",
    "stale, now": r" is stale, now ",
    "print_r history": r"^            \[0\] => ",
    "isn't anymore": r" isn't .+ anymore, it's ",
    "not, it's now": r": not .+, it's .+ now\.",
    "replaces as": r" replaces .+ as the ",
    "board still showing": r"A board still showing ",
    "corrects caption": r"^CORRECTS caption .+, not ",
    "previously": r"\(previously .+\)\.$",
    "deprecated": r"^\.\. deprecated:: \d{4}\n   .+ as the ",
    "replaces field in rst": r"^   :replaces: ",
    "txn compare": r'^compares: value\(".+"\) = "',
    "watch prev-kv": r"^\$ etcdctl watch --prev-kv ",
    "put prev-kv": r"^\$ etcdctl put --prev-kv ",
    "still?": r'^\$ llm "Is .+ still the ',
    "replacing": r", replacing .+\.$",
    "still, short": r'^\$ llm -c "Still .+\?"$',
}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # an MCP upsert call, a line protocol write with a revision and a voicemail saying "a
    # new ..." state the new value alone
    silent = {"mcp_tool_result", "influx_line", "voicemail_transcript"}
    checks.check_replaced_values_named(holdout_v, WAS, (0.86, 0.92), silent)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_v)
    assert first >= 550 and last >= 4 * first


def test_values_recur_across_entities_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_v)
    statuses = {"open problem", "proved", "formally verified"}
    limits = {"50 km/h", "30 km/h", "130 km/h", "50 mg per 100 ml of blood"}
    tests = {"paper and pencil", "digital", "computer-based", "Educational Testing Service"}
    others = {"public shareholders", "Ministry of Foreign Affairs", "none", "interstellar space"}
    assert statuses | limits | tests | others <= shared
    paris = checks.slots_of(holdout_v, "Paris")
    assert paris["urban_limit"] & paris["ring_road"] == {"50 km/h"}
    # a foreign minister presides over the General Assembly, a union's president wins a prize
    events = {d.name: {w for e in d.events for _, w, _ in e.occasions} for d in domains()}
    ministers = checks.slots_of(holdout_v, "Germany")["foreign_minister"]
    assert "Annalena Baerbock" in events["foreign_ministries"] & ministers
    assert "László Lovász and Avi Wigderson" in events["mathematics"]


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 1000, 90)
    assert other_slot.total() >= 100


def test_an_etcd_change_shows_the_old_value_where_etcdctl_would() -> None:
    """A ``put --prev-kv`` prints OK and then the previous key and value, a ``watch --prev-kv``
    prints the event, the previous key and value and then the new ones, and a transaction
    compares against the old value before it puts the new one."""
    for subject in holdout_histories():
        for older, newer in pairwise(render("etcd_kv", subject)):
            if older.value == newer.value:
                continue
            lines = newer.text.split("\n")
            if lines[0].startswith("$ etcdctl put --prev-kv "):
                assert lines[0].endswith(f' "{newer.value}"') and lines[1:2] == ["OK"]
                assert lines[-1] == older.value
            elif lines[0].startswith("$ etcdctl watch --prev-kv "):
                assert lines[1] == "PUT" and lines[3] == older.value
                assert lines[5] == newer.value
            else:
                assert lines[1].endswith(f' = "{older.value}"')
                assert lines[2].endswith(f' "{newer.value}"') and lines[-2:] == ["SUCCESS", "OK"]


def test_json_results_parse_and_hold_the_value_they_state() -> None:
    """MCP results and notifications and etcd's JSON output are JSON a reader can parse, with
    the memory's value in a field or a text block of its own."""
    for memory in checks.rendered_memories(holdout_v):
        text = memory.text
        if memory.family == "mcp_tool_result" and text.startswith("← tools/call "):
            call, result = text.split("\n")
            arguments = json.loads(call.split(" ", 3)[3])
            blocks = {block["text"] for block in json.loads(result[2:])["content"]}
            assert memory.value in {*arguments.values(), *blocks}, text
        elif memory.family == "mcp_tool_result":
            parsed = json.dumps(json.loads(text), ensure_ascii=False)
            assert memory.value in parsed and memory.text == parsed, text
        elif memory.family == "etcd_kv" and " -w json " in text:
            kvs = json.loads(text.split("\n")[1])["kvs"]
            assert kvs[0]["value"] == memory.value and kvs[0]["key"].startswith("/kb/")


def test_a_mysql_table_has_a_cell_per_column_in_every_row() -> None:
    """The client's tables keep their shape around any value: each row has as many cells as
    the header, and a one-row table is closed by its border."""
    for memory in checks.rendered_memories(holdout_v):
        if memory.family != "mysql_client":
            continue
        rows = [line for line in memory.text.split("\n") if line.startswith("| ")]
        borders = [line for line in memory.text.split("\n") if line.startswith("+-")]
        if rows:
            assert len({row.count(" | ") for row in rows}) == 1, memory.text
            assert len(borders) == 3 and f"| {memory.value} |" in memory.text
