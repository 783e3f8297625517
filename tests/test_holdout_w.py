"""What is particular to hold-out set W (evaluation/holdout_w): real-world facts in eight
domains none of sets G to V wrote (intelligence agencies, treaties, world heritage,
chemistry, metrology, scientific journals, dog sports, internet governance), the kinds of
value they hold, their questions, ten wording families as tools and people leave records
today (HL7 v2 messages, Datadog events, OCR scans, Kindle clippings, Zoom chat, web search
results, Elixir's iex shell, Sentry issues, Mermaid diagrams, accessibility snapshots) and
the labelled pairs. The checks W shares with sets D to V run in test_holdout_common.py;
nothing here judges the change detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime

import holdout_checks as checks

import evaluation.holdout_w as holdout_w
from evaluation.holdout_w import domains, families, holdout_histories, holdout_pairs

ROLES = ("chief", "president", "director", "editor_in_chief", "chief_executive", "board_chair")
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
SILENT = {"kindle_clipping", "zoom_chat", "iex_session", "aria_snapshot"}


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(
        holdout_w, checks.DOMAINS_BEFORE_W, several_share=0.35, three_slots=2
    )
    names = {subject.domain for subject in holdout_histories()}
    assert not names & checks.DOMAINS_V and {"treaties", "chemistry"} <= names


def test_values_are_people_statuses_element_names_constants_and_prices() -> None:
    count = checks.value_counter(holdout_w)
    kinds = {
        r"unun[a-z]+ium": 7,  # IUPAC's systematic names for elements 112 to 118
        r"[a-z]+(ium|ine|on)": 14,  # and the permanent names that replaced them
        r"\d{3} named elements": 4,
        r"[\d.]+ . 10\^-?\d+ [A-Za-z/ ]+( \(exact\))?": 7,  # CODATA values with a times sign
        r"\$\d+\.\d\d": 5,  # the .com wholesale price
        r"€\d+": 2,  # Venice's day-tripper fee
        r"[\d,]+ sites": 5,
        r"\d+ prefixes|\d base units": 5,
        r"KSK-\d{4}": 2,
        r"\d days \d+ hours \d+ minutes": 3,  # the Iditarod's race record
        r".+ \(\d wins( each)?\)": 3,
        r"\d{1,2} [A-Z][a-z]+ 20\d\d": 2,  # New START's expiry dates
        r"in force|not yet in force|terminated|suspended( by Russia)?|open for signature": 6,
        r"(state )?party|signatory|withdrawn|withdrawal notified|rejoined|participant": 7,
        r"inscribed|in danger|delisted|removed from the danger list": 4,
        r"available|rationing its final block|run out": 3,  # regional IPv4 pools
        r"legal|banned|unconfirmed": 3,
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in ROLES for v in checks.values_of(s)}
    assert len(people) >= 70
    assert all(NAME.fullmatch(p) for p in people), people
    labs = {v for s in subjects if s.slot == "discovery_credit" for v in checks.values_of(s)}
    assert {"RIKEN", "GSI Darmstadt", "the Dubna\N{EN DASH}Livermore collaboration"} <= labs


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_w)


def _hl7(text: str) -> bool:
    return all(re.match(r"[A-Z][A-Z0-9]{2}\|", line) for line in text.split("\n"))


def _datadog(text: str) -> bool:
    if text.startswith("{"):
        return json.loads(text)["source_type_name"] == "datadog"
    return text.startswith(("Datadog event · kb-sync", "[Datadog] ", "Monitor "))


def _ocr(text: str) -> bool:
    return re.match(r"\[OCR( p\.\d| receipt)? · conf 0\.\d\d\]\n", text) is not None


def _kindle(text: str) -> bool:
    lines = text.split("\n")
    return lines[1].startswith("- Your ") and lines[2] == "" and lines[-1] == "=========="


def _zoom(text: str) -> bool:
    header = re.compile(r"\d\d:\d\d:\d\d From [^\n]+ to [^\n]+:$")
    lines = text.split("\n")
    return header.match(lines[0]) is not None and all(
        header.match(line) or line.startswith("\t") for line in lines
    )


def _search(text: str) -> bool:
    starts = ("Search results for ", "[1] ", "Top result: ", "web_search(", "People also ask")
    return text.startswith(starts)


def _iex(text: str) -> bool:
    return text.startswith(("iex(", "%{", "%KB."))


def _sentry(text: str) -> bool:
    starts = ("FactNotice: ", "StaleFactError: ", "Sentry Issue KB-WORKER-", "Breadcrumbs\n")
    return text.startswith((*starts, "KB-WORKER-31 · ", "Tags: entity = ", "Resolved in release"))


def _mermaid(text: str) -> bool:
    first = {"```mermaid", "graph LR", "graph TD", "flowchart LR", "erDiagram", "timeline"}
    return text.split("\n")[0] in first | {"mindmap"}


def _aria(text: str) -> bool:
    return all(re.match(r"(  )*- ", line) for line in text.split("\n"))


SHAPES: dict[str, Callable[[str], bool]] = {
    "hl7_v2": _hl7,
    "datadog_event": _datadog,
    "ocr_scan": _ocr,
    "kindle_clipping": _kindle,
    "zoom_chat": _zoom,
    "web_search_results": _search,
    "iex_session": _iex,
    "sentry_issue": _sentry,
    "mermaid_diagram": _mermaid,
    "aria_snapshot": _aria,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_w, SHAPES)
    # the names (only the names) of sets A to V's families were read, to repeat none
    assert not checks.families_before("w") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "HL7 message time": r"^MSH\|\^~\\&\|KB\|FACTS\|\|\|\d{8}\|\|ORU\^R01\|",
    "HL7 observation time": r"\|[FC]\|\|\|\d{8}$",
    "HL7 request time": r"^OBR\|1\|\|4127\|.+\|\|\|\d{8}$",
    "HL7 text as of": r"\|\|.+, as of [A-Z][a-z]+ \d{4}\|\|",
    "Datadog tag": r"valid_from:\d{4}-\d\d-\d\d$",
    "Datadog year tag": r'"as_of:\d{4}"',
    "monitor since": r"^Since [A-Z][a-z]+ \d{4} · kb-facts monitor",
    "monitor changed on": r" on \d{4}-\d\d-\d\d$",
    "event date field": r'"date": "\d{4}-\d\d-\d\d"',
    "OCR filed": r"^Filed \d\d/\d\d/\d{4}$",
    "OCR effective": r"Effective \d\d/\d\d/\d{4}$",
    "OCR stamp": r"\(stamp: RECEIVED \d\d [A-Z][a-z]{2} \d{4}\)$",
    "OCR recorded in": r"as recorded in [A-Z][a-z]+ \d{4}\.",
    "Kindle added on": r"\| Added on [A-Z][a-z]+ \d\d, \d{4}$",
    "Kindle note year": r" = .+ \(\d{4}\)$",
    "search result date": r"^   [A-Z][a-z]+ \d\d, \d{4} — ",
    "search updated": r"Updated \d{4}-\d\d-\d\d[.:]",
    "people also ask": r"\(kb\.example\.org, \d{4}\)$",
    "top result": r"\(kb-news\.example\.org, [A-Z][a-z]+ \d{4}\)$",
    "iex date sigil": r"~D\[\d{4}-\d\d-\d\d\]",
    "iex as_of": r'as_of: "[A-Z][a-z]+ \d{4}"',
    "Sentry first seen": r"first seen [A-Z][a-z]+ \d\d, \d{4}$",
    "Sentry valid_from": r"\(valid_from \d{4}-\d\d-\d\d\)$",
    "Sentry release": r"^Resolved in release kb@\d{4}\.1$",
    "Mermaid edge": r'-- "\w+ since \d{4}-\d\d-\d\d" -->',
    "Mermaid comment": r"^  %% as of [A-Z][a-z]+ \d{4}$",
    "Mermaid timeline": r"^  \d{4} : ",
    "Mermaid until": r"\|.+ until \d{4}\|",
    "ARIA last updated": r"^- paragraph: Last updated \d{4}-\d\d-\d\d$",
    "ARIA as of": r'\(as of [A-Z][a-z]+ \d{4}\)"$',
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_w)]
    checks.check_written_forms(texts, WHEN)
    # HL7's compact 20190521 is no year to a reader looking for one, so it counts here
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert 0.54 * len(texts) <= len(undated) <= 0.62 * len(texts)
    checks.check_undated(holdout_w, "zoom_chat")  # a saved meeting chat keeps times, no dates


WRITTEN_DATES = {
    r"^MSH\|\^~\\&\|KB\|FACTS\|\|\|(\d{8})\|": "%Y%m%d",
    r"\|[FC]\|\|\|(\d{8})$": "%Y%m%d",
    r"^OBR\|1\|\|4127\|.+\|\|\|(\d{8})$": "%Y%m%d",
    r"(?:Filed|Effective) (\d\d/\d\d/\d{4})$": "%d/%m/%Y",
    r"Added on ([A-Z][a-z]+ \d\d, \d{4})$": "%B %d, %Y",
    r"first seen ([A-Z][a-z]+ \d\d, \d{4})$": "%B %d, %Y",
    r"~D\[(\d{4}-\d\d-\d\d)\]": "%Y-%m-%d",
    r"valid_from[: ](\d{4}-\d\d-\d\d)": "%Y-%m-%d",
}


def test_a_full_date_written_in_any_form_is_the_memorys_validity() -> None:
    """HL7 timestamps, OCR'd day-first dates, Kindle's and Sentry's "Month DD, YYYY", iex's
    date sigil and the valid_from fields each give back the day the fact took effect."""
    found = 0
    for memory in checks.rendered_memories(holdout_w):
        for pattern, form in WRITTEN_DATES.items():
            for written in re.findall(pattern, memory.text, re.MULTILINE):
                assert datetime.strptime(written, form).date() == memory.valid_from.date()
                found += 1
    assert found >= 500


def test_an_hl7_observation_holds_the_value_in_its_fifth_field() -> None:
    """A string observation (OBX type ST) carries the memory's value alone in OBX-5 with a
    final or corrected status in OBX-11; a change sent as a deleted observation and a final
    one carries the replaced value in the deleted one."""
    for subject in holdout_histories():
        memories = holdout_w.render("hl7_v2", subject)
        for n, memory in enumerate(memories):
            rows = [line.split("|") for line in memory.text.split("\n")]
            observations = [r for r in rows if r[0] == "OBX" and r[2] == "ST"]
            assert all(len(r) >= 12 for r in observations), memory.text
            final = [r for r in observations if r[11] in ("F", "C")]
            assert [r[5] for r in final] in ([memory.value], []), memory.text
            deleted = [r[5] for r in observations if r[11] == "D"]
            assert deleted in ([], [memories[n - 1].value]), memory.text
            assert all(r[0] in ("MSH", "OBR", "OBX", "NTE", "MSA") for r in rows)


def test_a_datadog_event_posted_as_json_parses_with_the_value_in_its_text() -> None:
    for memory in checks.rendered_memories(holdout_w):
        if memory.family == "datadog_event" and memory.text.startswith("{"):
            event = json.loads(memory.text)
            assert event["text"].startswith(memory.value), memory.text
            assert event["alert_type"] in ("info", "warning")


WAS = {
    "HL7 corrected result": r"; corrected result, replaces ",
    "HL7 deleted observation": r"^OBX\|1\|ST\|.+\|\|D$",
    "HL7 amended from": r", amended from ",
    "monitor changed from": r"^Value changed from .+ to .+ on ",
    "event text was": r'\(was .+\)", "alert_type": "warning"',
    "replaced by": r", .+ replaced by ",
    "OCR formerly": r"^\(formerly .+\)\. Effective",
    "struck through": r" \[struck through\] .+ \[handwritten\]$",
    "OCR changed from": r"changed from .+ to .+\. Sig\.",
    "Kindle formerly": r", formerly .+, is now ",
    "Kindle out of date": r"^out of date, it says ",
    "Zoom no longer": r", no longer ",
    "Zoom replying to": r'^\tReplying to ".+"$',
    "search replaces": r" replaces .+ as the ",
    "search changed from": r"the .+ changed from .+ to ",
    "search earlier": r"\(earlier: .+\)",
    "iex old and new": r'old: ".+", new: ',
    "iex history": r"\{:earlier, ",
    "Sentry still in the cache": r" is still .+ in the cache; ",
    "Sentry arrow": r": .+ → ",
    "Sentry dropped": r"\(the cached .+ was dropped\)$",
    "Mermaid dotted edge": r"-\.->\|.+ until \d{4}\| P\[",
    "Mermaid earlier": r"^  earlier : ",
    "Mermaid retired node": r":::retired$",
    "ARIA was": r'\(was .+\)"$',
    "ARIA deletion": r'^  - deletion: "',
}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # Kindle's "has a new ...", Zoom's "heads up, new ...", iex's put! and an ARIA status
    # state the new value alone
    checks.check_replaced_values_named(holdout_w, WAS, (0.84, 0.90), SILENT)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_w)
    assert first >= 400 and last >= 4 * first


def test_values_recur_across_entities_across_slots_and_across_domains() -> None:
    shared = checks.values_shared_within_a_slot(holdout_w)
    statuses = {"in force", "withdrawn", "party", "state party", "signatory"}
    heritage = {"inscribed", "in danger", "delisted", "removed from the danger list"}
    registries = {"available", "rationing its final block", "run out"}
    credits = {"unconfirmed", "the Dubna\N{EN DASH}Livermore collaboration"}
    assert statuses | heritage | registries | credits | {"legal", "banned"} <= shared
    russia = checks.slots_of(holdout_w, "Russia")
    assert russia["open_skies"] & russia["cfe_treaty"] == {"party", "withdrawn"}
    # a country joins the Rome Statute in a relation and in its own slot; a city hosts
    # events of two domains; an element's new name is a laboratory's first-made element
    many = {m.key: {v for v, _ in m.values} for d in domains() for m in d.many}
    assert {"Armenia", "Ukraine"} <= many["states_joined"]
    hosts = {d.name: {w for e in d.events for _, w, _ in e.occasions} for d in domains()}
    assert "Katowice" in hosts["treaties"] & hosts["internet_governance"]
    names = {v for s in holdout_histories() if s.slot == "name" for v in checks.values_of(s)}
    assert names & many["elements_first_made"] == {"copernicium"}


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 1100, 150)
    assert other_slot.total() >= 60
