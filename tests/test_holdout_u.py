"""What is particular to hold-out set U (evaluation/holdout_u): real-world facts in eight
domains none of sets G to T wrote (monarchies, armed forces, energy utilities, sailing,
theatres, swimming, health systems, film franchises), the kinds of value they hold, their
questions, ten wording families as tools and people leave records today (Kafka consumer
output, Elasticsearch hits, Rust debug output, Trello cards, text pulled from a PDF, the
browser's DevTools console, SPARQL results, Reddit comments, Discord messages, psql's
expanded display) and the labelled pairs. The checks U shares with sets D to T run in
test_holdout_common.py; nothing here judges the change detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import pairwise

import holdout_checks as checks

import evaluation.holdout_u as holdout_u
from evaluation.holdout_u import families, holdout_histories, holdout_pairs, render

ROLES = ("monarch", "heir", "prime_minister", "senior_officer", "vice_chairman")
ROLES += ("civilian_head", "ceo", "head", "director", "actor")
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(
        holdout_u, checks.DOMAINS_BEFORE_U, several_share=0.4, three_slots=10
    )
    domains = {subject.domain for subject in holdout_histories()}
    assert not domains & checks.DOMAINS_T and {"monarchies", "sailing"} <= domains


def test_values_are_people_records_money_counts_and_dates() -> None:
    count = checks.value_counter(holdout_u)
    kinds = {
        r"\d\d\.\d\d": 9,  # swimming world records under a minute
        r"\d:\d\d\.\d\d": 19,  # and over one
        r"\d+d \d+h \d+m": 14,  # sailing records in days, hours and minutes
        r"£\d,\d{3}": 5,  # the energy price cap
        r"£\d\.\d\d": 5,  # England's prescription charge
        r"£\d": 2,  # Scotland's and Northern Ireland's before they were dropped
        r"free of charge": 1,
        r"\$[\d.]+ (million|billion)": 5,  # Broadway's season grosses
        r"\d\d (reactors|skippers)": 7,
        r"20\d\d": 2,  # a lignite exit year
        rf"({checks.MONTHS}) \d\d, 20\d\d": 3,  # a film's release dates
        r"(USS|HMS) .+": 2,  # aircraft carriers
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in ROLES for v in checks.values_of(s)}
    assert len(people) >= 150
    assert all(NAME.fullmatch(p) for p in people), people
    owners = {v for s in subjects if s.slot == "owner" for v in checks.values_of(s)}
    assert {"The Walt Disney Company", "German government", "George Lucas"} <= owners


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_u)


def _payload(line: str) -> object:
    return json.loads(line[line.index("{") :])


def _kafka(text: str) -> bool:
    line = next(x for x in text.split("\n") if "{" in x)
    keyed = "\t" in text or text.startswith(("[kb.facts-", "{"))
    return keyed and isinstance(_payload(line), dict)


def _elasticsearch(text: str) -> bool:
    if text.startswith("POST kb-"):
        return isinstance(json.loads(text.split("\n")[1]), dict)
    hit = json.loads(text)
    return "_index" in hit or "hits" in hit


def _rust(text: str) -> bool:
    starts = ("[src/", "Fact { ", "test facts::", "let fact = Fact::new(", "Some(\n", "Item { ")
    return text.startswith((*starts, "thread 'main' panicked at ", "kb.replace(", "facts.entry("))


def _trello(text: str) -> bool:
    starts = ("Card: ", "Card moved from ", "Comment by ", "Title: ", "Card archived: ")
    return text.startswith((*starts, "Checklist ")) or "\nLabels: " in text


def _pdf(text: str) -> bool:
    marks = r"— \d+ —|^ANNUAL REVIEW |Page \d+ of \d+|^\.\.\.continued|ﬁ|^Errata|\w-\n\w"
    return re.search(marks, text, re.MULTILINE) is not None


def _devtools(text: str) -> bool:
    return text.startswith(("> ", "console.table\n", "⚠ [kb] ", "[kb] "))


def _sparql(text: str) -> bool:
    queries = ("ASK { ", "DELETE { ", "INSERT DATA { ")
    return text.startswith(('{"head": ', "-----", "?value\n", "?entity\t", *queries))


def _reddit(text: str) -> bool:
    marks = r"\*\*|^> |~~|\^\(|^\*I am a bot|^TIL |^Update: |, fwiw\.$|^Not sure why "
    return re.search(marks, text, re.MULTILINE) is not None


def _discord(text: str) -> bool:
    return re.match(r"(factbot APP|Ola Berg|Kofi Mensah) — |@here ", text) is not None


def _psql(text: str) -> bool:
    return re.search(r"^-\[ RECORD \d \]-*|^\(1 row\)$", text, re.MULTILINE) is not None


SHAPES: dict[str, Callable[[str], bool]] = {
    "kafka_record": _kafka,
    "es_search_hit": _elasticsearch,
    "rust_debug": _rust,
    "trello_card": _trello,
    "pdf_extract": _pdf,
    "devtools_console": _devtools,
    "sparql_results": _sparql,
    "reddit_comment": _reddit,
    "discord_message": _discord,
    "psql_expanded": _psql,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_u, SHAPES)
    # the names (only the names) of sets A to T's families were read, to repeat none
    assert not checks.families_before("u") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "day, month and year": rf"\b\d\d ({checks.MONTHS}) (19|20)\d\d\b",
    "day/month/year": r"\b\d\d/\d\d/(19|20)\d\d\b",
    "Trello due date": r"^Due: [A-Z][a-z]{2} \d\d, \d{4}$",
    "psql timestamp": r"^changed_at +\| \d{4}-\d\d-\d\d 09:00:00\+00$",
    "psql month first": r"^updated_at \| [A-Z][a-z]{2} \d\d \d{4}$",
    "Elasticsearch timestamp": r'"@timestamp": "\d{4}-\d\d-\d\dT00:00:00Z"',
    "index per year": r'"_index": "kb-facts-\d{4}"',
    "JSON year": r'"year": \d{4}\b',
    "Kafka header": r"\tvalid_from:\d{4}-\d\d-\d\d,schema:",
    "as_of field": r'"as_of": "[A-Z][a-z]+ \d{4}"',
    "Rust Debug date": r"^    valid_from: \d{4}-\d\d-\d\d,$",
    "Rust date macro": r"date!\(\d{4}-\d\d-\d\d\)",
    "running head": r"^ANNUAL REVIEW \d{4} ",
    "fact sheet": r"^Fact sheet \d{4} · ",
    "typed date": r'"\^\^xsd:date ',
    "typed year": r'"\d{4}"\^\^xsd:gYear$',
    "XML Schema date": r'XMLSchema#date", "value": "\d{4}-',
    "as of": r"\(as of [A-Z][a-z]+ \d{4}\)$",
    "edit": r"EDIT \([A-Z][a-z]+ \d{4}\): ",
    "checked": r"\(checked [A-Z][a-z]+ \d{4}\)$",
    "today": r"— Today at \d\d:\d\d$",
    "yesterday": r"— Yesterday at \d\d:\d\d$",
    "custom field": r'^Custom field "Checked": \d{4}$',
    "since": r"^Since [A-Z][a-z]+ \d{4} the ",
    "update succeeded": r"^# Update succeeded, \d{4}-",
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_u)]
    checks.check_written_forms(texts, WHEN)
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert 0.4 * len(texts) <= len(undated) <= 0.55 * len(texts)
    checks.check_undated(holdout_u, "devtools_console")  # the console never dates a fact


WAS = {
    "Kafka previous field": r'"previous": "',
    "Kafka header": r"\top:replace,replaced:",
    "Kafka tombstone": r"^% tombstone for .+ \(.+\)$",
    "Elasticsearch previous value": r'"previous_value": "',
    "update by query": r'\{"term": \{"value": "',
    "assertion left": r'^  left: "',
    "Debug from": r'^    from: "',
    "description struck": r"^Description edited: ~~.+~~ ",
    "out and from": r", .+ is out, .+ from ",
    "archived card": r"^Card archived: ",
    "succeeding": r"suc-\nceeding ",
    "previous in a table": r" \(prev\. ",
    "errata": r'^Page 14: for ".+" read "',
    "previous and current": r'\{previous: ".+", current: "',
    "console arrow": r'^\[kb\] .+: ".+" → "',
    "history": r'\.at\(-2\)\n< "',
    "SPARQL Update": r'^DELETE \{ \?f kb:value "',
    "replaced binding": r'"replaced": \{"type": "literal", "value": "',
    "struck and bold": r"^~~.+~~ \*\*",
    "not anymore": r"\n\nNot anymore, it's been ",
    "out and in": r" is out, .+ is in\.$",
    "struck and arrow": r"^~~.+~~ → ",
    "not": r" now, not ",
    "was": r" \(was .+\)$",
    "previous_value column": r"^previous_value \| ",
    "query parameter": r"\$2 = ",
    "second record": r"^-\[ RECORD 2 \]",
}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # an Elasticsearch hit, a Rust builder call and a SPARQL text table state the new value
    # alone
    silent = {"es_search_hit", "rust_debug", "sparql_results"}
    checks.check_replaced_values_named(holdout_u, WAS, (0.88, 0.93), silent)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_u)
    assert first >= 450 and last >= 5 * first


def test_values_recur_across_entities_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_u)
    officers = ("Mark Milley", "Charles Q. Brown Jr.", "Joseph Dunford", "Martin Dempsey")
    officers += ("Nick Carter", "Tony Radakin", "Richard Knighton", "Thierry Burkhard")
    owners = ("The Walt Disney Company", "20th Century Fox", "George Lucas", "E.ON")
    others = ("German government", "Essen", "Mark Esper", "free of charge", "£3")
    assert {*officers, *owners, *others} <= shared
    kuwait = checks.slots_of(holdout_u, "Kuwait")
    emirs = {"Nawaf Al-Ahmad Al-Sabah", "Mishal Al-Ahmad Al-Sabah"}  # crown princes first
    assert kuwait["monarch"] & kuwait["heir"] == emirs
    assert kuwait["heir"] & kuwait["prime_minister"] == {"Sabah Al-Khalid Al-Sabah"}
    saudi = checks.slots_of(holdout_u, "Saudi Arabia")
    assert saudi["heir"] & saudi["prime_minister"] == {"Mohammed bin Salman"}


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 950, 30)
    assert other_slot.total() >= 100 and other_slot["same value, other slot"] >= 1


def test_a_psql_change_shows_the_old_value_where_psql_would() -> None:
    """A history view has it in its own column, an UPDATE in its parameter ``$2`` (the new one
    in ``$1``), a query over two records in the second record (the new one in the first)."""
    for subject in holdout_histories():
        for older, newer in pairwise(render("psql_expanded", subject)):
            if older.value == newer.value:
                continue
            lines = newer.text.split("\n")
            if "previous_value" in newer.text:
                assert f"previous_value | {older.value}" in lines
                assert f"value          | {newer.value}" in lines
            elif newer.text.startswith("kb=# UPDATE "):
                assert f"-- $1 = {newer.value}, $2 = {older.value}" in lines
            else:
                first, second = newer.text.split("-[ RECORD 2 ]")
                assert f"value      | {newer.value}" in first.split("\n")
                assert f"value      | {older.value}" in second.split("\n")


def test_json_payloads_parse_and_hold_the_value_they_state() -> None:
    """Kafka payloads, Elasticsearch documents and SPARQL JSON results are JSON a reader can
    parse, with the memory's value in a field of its own."""
    for memory in checks.rendered_memories(holdout_u):
        text = memory.text
        if memory.family == "kafka_record":
            line = next(x for x in text.split("\n") if "{" in x)
            payload = _payload(line)
            assert isinstance(payload, dict) and memory.value in payload.values(), text
        elif memory.family == "es_search_hit" and text.startswith("{"):
            assert f'"{memory.value}"' in json.dumps(json.loads(text), ensure_ascii=False)
        elif memory.family == "sparql_results" and text.startswith('{"head"'):
            bindings = json.loads(text)["results"]["bindings"][0]
            assert {"type": "literal", "value": memory.value} in bindings.values(), text
