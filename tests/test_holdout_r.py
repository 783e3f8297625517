"""What is particular to hold-out set R (evaluation/holdout_r): real-world facts in eight
domains other than sets G's to Q's, their value kinds, questions, wording families written
the way agents, tools and people write memories today (RDF Turtle, LDIF records, MongoDB
shell sessions, Datomic transactions, Ansible runs, HTTP requests and access logs, Org mode
notes, Wikidata statements, pandas prints, stand-up updates), and labelled pairs; the checks
it shares with sets D to Q are in test_holdout_common.py. Nothing here judges the change
detector or needs the database."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

import holdout_checks as checks

import evaluation.holdout_r as holdout_r
from evaluation.holdout_r import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_BEFORE_R
DMY_DOTS = re.compile(r"\b\d\d\.\d\d\.(19|20)\d\d\b")
SLASHED = re.compile(r"\b\d\d/\d\d/(19|20)\d\d\b")
TWO_DIGIT_YEAR = re.compile(r"(?<![\d/])\d\d/\d\d/\d\d(?![\d/])")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
DAY_MONTH_YEAR = re.compile(rf"\b\d\d ({checks.MONTHS}) (19|20)\d\d\b")


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_r, EARLIER_DOMAINS, several_share=0.45, three_slots=10)
    assert not {s.domain for s in holdout_histories()} & checks.DOMAINS_Q


def test_values_come_in_many_kinds() -> None:
    count = checks.value_counter(holdout_r)

    assert count(r"\$[\d.]+ billion|\$\d+") == 5  # dollars: a toymaker's sales, a Go salary
    assert count(r"€[\d.]+ billion") == 10  # euros: a carrier's and an insurer's revenue
    assert count(r"DKK [\d.]+ billion|£[\d.]+ billion") == 9  # kroner and pounds
    assert count(r"[\d.]+%") == 9  # stakes, a membership rate and a style rule ("5%")
    units = r"[\d,]+ pieces|[\d.]+ million members|\d\.\d\d seconds"
    assert count(units) == 9  # counts with units: set sizes, members, solve times
    assert count(r".*\b(Alliance|Cooperation)\b.*") == 9  # shipping alliances
    assert count(checks.WEEKDAYS) == 1  # an index's publication day
    assert count(r"\d{1,2}(:\d\d)? a\.m\.( and \d{1,2} p\.m\.)? London time") == 2  # times
    assert count(rf"({checks.MONTHS}) \d{{1,2}}, 20\d\d") == 3  # dates as values: contracts
    assert count(r"1[89]\d\d|20\d\d") == 7  # bare years: targets and foundings
    roles = ("ceo", "chair", "head", "editor", "leader")
    people = {f.value for s in holdout_histories() if s.slot in roles for f in s.facts}
    name = r"[A-Z][\w.'-]+( [^\W\d_][\w.'-]+)*"
    assert len(people) >= 170 and all(re.fullmatch(name, v) for v in people), people
    others = {
        v
        for s in holdout_histories()
        if s.slot in ("hq", "owner", "alliance", "admin")
        for v in checks.values_of(s)
    }
    assert len(others) >= 40  # cities, owners, alliances, administrators


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_r)


def _turtle(t: str) -> bool:
    return "kb:" in t and re.search(r"\s\.(  # .*)?$", t) is not None


def _ldif(t: str) -> bool:
    lines = t.split("\n")
    return any(x.startswith("dn: ") for x in lines[:2]) and all(
        re.fullmatch(r"#.*|-|[^:]+: .*", x) for x in lines
    )


def _mongo(t: str) -> bool:
    starts = ("db.facts.", "kb> db.facts.", "{")
    return t.startswith(starts) and t.count("{") == t.count("}")


def _datomic(t: str) -> bool:
    starts = ("[", "{:", "#:fact{", ";; ")
    return t.startswith(starts) and t.count("[") == t.count("]") and t.count("{") == t.count("}")


def _ansible(t: str) -> bool:
    head = re.match(r"TASK \[|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ p=\d+ u=kb n=ansible \|", t)
    return head is not None and re.search(r"\b(ok|changed): \[", t) is not None


def _http(t: str) -> bool:
    return re.match(r"(PUT|POST|PATCH|GET) /v1/facts|kb-sync - - \[|curl -X POST ", t) is not None


def _org(t: str) -> bool:
    return t.startswith(("* ", "** ", "#+begin_quote\n"))


def _wikidata(t: str) -> bool:
    lines = t.split("\n")
    indented = len(lines) > 1 and all(x.startswith("  ") for x in lines[1:])
    return indented or t.startswith(("wbsetclaim ", "wbcreateclaim "))


def _dataframe(t: str) -> bool:
    starts = (">>> df", "   entity  ", "  value  ", "entity    ")
    return t.startswith(starts) and "\n" in t


def _standup(t: str) -> bool:
    starts = ("Yesterday: ", "standup ", "Y: ", "Done: ")
    return t.startswith(starts) or re.match(rf"({checks.MONTHS}) \d\d update: ", t) is not None


SHAPES: dict[str, Callable[[str], bool]] = {
    "turtle_triples": _turtle,
    "ldif_record": _ldif,
    "mongo_shell": _mongo,
    "datomic_tx": _datomic,
    "ansible_run": _ansible,
    "http_request": _http,
    "org_mode": _org,
    "wikidata_claim": _wikidata,
    "dataframe_repr": _dataframe,
    "standup_update": _standup,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_r, SHAPES)


def test_family_names_are_new() -> None:
    """No family repeats a name of sets A to Q (their names, read, never their templates)."""
    assert not checks.families_before("r") & set(families())


def test_no_memory_is_tagged_as_a_model_turn() -> None:
    """Requests, records and notes name tools and sources, never a model's role tag."""
    for memory in checks.rendered_memories(holdout_r):
        assert not re.search(r"\b(assistant|system)\b", memory.text, re.IGNORECASE), memory.text


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_r)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(MONTH_YEAR.search(t) for t in texts)
    assert any(DAY_MONTH_YEAR.search(t) for t in texts)  # start time: 21 May 2019
    assert any(SLASHED.search(t) for t in texts)  # 21/05/2019
    assert any(DMY_DOTS.search(t) for t in texts)  # 21.05.2019
    assert any(TWO_DIGIT_YEAR.search(t) for t in texts)  # 21/05/19
    assert any(re.search(r"validFrom: (19|20)\d{6}$", t, re.MULTILINE) for t in texts)  # LDIF
    assert any(re.search(r"ISODate\(\"\d{4}-\d\d-\d\dT00:00:00Z\"\)", t) for t in texts)
    assert any(re.search(r"#inst \"\d{4}-\d\d-\d\dT10:14:02\.000-00:00\"", t) for t in texts)
    assert any(re.search(r"\[\d\d/[A-Z][a-z]{2}/\d{4}:10:14:02 \+0000\]", t) for t in texts)
    assert any(re.search(r"^\d{4}-\d\d-\d\d 10:14:02,118 p=", t) for t in texts)  # Ansible
    assert any(re.search(r"\[\d{4}-\d\d-\d\d 10:14\]", t) for t in texts)  # an Org stamp
    assert any(re.search(r"<\d{4}-\d\d-\d\d>", t) for t in texts)  # an active Org stamp
    assert any(re.search(r"\+\d{4}-\d\d-\d\dT00:00:00Z/11", t) for t in texts)  # Wikidata
    assert any(re.search(r"\"\d{4}\"\^\^xsd:gYear", t) for t in texts)
    assert any(re.search(r"^standup \d\d/\d\d:", t) for t in texts)  # day and month, no year
    assert any(re.search(rf"^({checks.MONTHS}) \d\d update:", t) for t in texts)  # no year
    for field in ("validFrom", "valid_from", "since", "as_of", "modifyTimestamp", "wallTime"):
        assert any(field in t for t in texts), field
    for field in (":tx-instant", "CLOSED:", "start time:", "end time:", "point in time"):
        assert any(field in t for t in texts), field
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert len(undated) >= len(texts) / 10  # some memories leave the date to the write time


def test_a_change_names_the_replaced_value_in_many_ways_or_not_at_all() -> None:
    changes = checks.replacements(holdout_r)
    named = [text for _, text, old in changes if old in text]
    assert 0.9 * len(changes) <= len(named) < len(changes)  # a few do not name it
    ways = {
        "replaces": r"kb:replaces \"",
        "valid until": r"kb:validUntil \"",
        "supersedes": r"kb:supersedes \[ ",
        "delete then add": r"\ndelete: .+\n.+\n-\nadd: ",
        "former value": r"\nformerValue: ",
        "history entry": r"seeAlso: cn=.+,ou=history,",
        "matched on the old value": r"\}, \{ \$set: ",
        "pushed to history": r"\$push: \{ history: \"",
        "document before change": r"fullDocumentBeforeChange: ",
        "retract": r":db/retract ",
        "db before": r":db-before ",
        "compare and swap": r":db/cas ",
        "diff": r"--- before\n\+\+\+ after\n",
        "previous key": r"\"previous\": \"",
        "was": r", was ",
        "if match": r"If-Match: \"",
        "from and to": r"\{\"from\":\".+\",\"to\":\"",
        "logbook state": r"- State \".+\" from \"",
        "struck through": r": \+.+\+ ",
        "replaces in a note": r"\(replaces ",
        "end time": r"end time: .+\n    rank: normal",
        "normal rank": r" set to normal rank",
        "replaced by": r"\n    replaced by: ",
        "old column": r"_old  ",
        "was comment": r"# was \"",
        "previous row": r"\nprevious      ",
        "in for": r" in for ",
        "not anymore": r", not .+ anymore",
        "moved from": r" moved from .+ to ",
    }
    for way, pattern in ways.items():
        assert any(re.search(pattern, t) for t in named), way
    # every family names the replaced value in some change
    assert {family for family, text, old in changes if old in text} == set(families())
    # one HTTP wording (a merge patch with the new value alone) does not name it
    assert {family for family, text, old in changes if old not in text} == {"http_request"}


def test_the_value_comes_before_the_entity_in_some_wordings_and_after_in_others() -> None:
    first, last = checks.value_first_and_last(holdout_r)
    assert first >= 250 and last >= 3 * first


def test_entities_share_values_within_a_slot_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_r)
    alliances = ("2M Alliance", "THE Alliance", "Gemini Cooperation", "Premier Alliance")
    owners = ("Ocean Alliance", "Blackstone", "Hasbro", "Mattel", "Spin Master")
    for value in (*alliances, *owners, "Mario Greco", "1.3 million members"):
        assert value in shared, value
    allianz, munich = checks.slots_of(holdout_r, "Allianz"), checks.slots_of(holdout_r, "Munich Re")
    assert allianz["ceo"] & allianz["chair"] == {"Michael Diekmann"}
    assert munich["ceo"] & munich["chair"] == {"Nikolaus von Bomhard"}
    marriott = checks.slots_of(holdout_r, "Marriott International")
    assert marriott["ceo"] & marriott["chair"] == {"J.W. Marriott Jr."}
    uaw = next(s for s in holdout_histories() if s.slot == "contract")
    assert [f.value for f in uaw.facts] == [
        "September 14, 2019",
        "September 14, 2023",
        "April 30, 2028",
    ]


def test_pairs_include_every_kind_of_negative() -> None:
    notes = checks.check_every_kind_of_negative(list(holdout_pairs()), 950, 10)
    # the three chiefs who went on to chair (Diekmann, von Bomhard, Marriott) were not drawn
    assert notes.total() >= 100 and set(notes) <= {"", "same value, other slot"}


def test_a_datomic_change_names_the_old_value_where_it_is_retracted_or_swapped() -> None:
    """A retraction, a compare-and-swap or a ``:db-before`` map holds the older value; the
    added or ``:db-after`` datom holds the newer one."""
    for subject in holdout_histories():
        for older, newer in pairwise(render("datomic_tx", subject)):
            if older.value == newer.value:
                continue
            text = newer.text
            if ":db/cas " in text:
                assert f'"{older.value}" "{newer.value}"]' in text, text
            elif ":db/retract " in text:
                retract, add = text.split("\n")
                assert older.value in retract and newer.value in add, text
            else:
                before, after = text.split("\n")[:2]
                assert older.value in before and newer.value in after, text
