"""What is particular to hold-out set Q (evaluation/holdout_q): real-world facts in eight
domains other than sets G's to P's, their value kinds, questions, wording families written
the way agents, tools and people write memories today (Kubernetes events, Letta memory
blocks and tool calls, git blame lines, Terraform plans, vCards, Jira issue histories,
LangChain documents, Graphiti/Zep facts, Notion pages, emoji chat), and labelled pairs; the
checks it shares with sets D to P are in test_holdout_common.py. Nothing here judges the
change detector or needs the database."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

import holdout_checks as checks

import evaluation.holdout_q as holdout_q
from evaluation.holdout_q import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_BEFORE_Q
DMY_DOTS = re.compile(r"\b\d\d\.\d\d\.(19|20)\d\d\b")
SLASHED = re.compile(r"\b\d\d/\d\d/(19|20)\d\d\b")
TWO_DIGIT_YEAR = re.compile(r"(?<![\d/])\d\d/\d\d/\d\d(?![\d/])")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
MONTH_DAY_YEAR = re.compile(rf"\b({checks.MONTHS}) \d\d, (19|20)\d\d\b")
EMOJI = re.compile(r"[\u2190-\u2bff\U0001f300-\U0001faff]")


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_q, EARLIER_DOMAINS, several_share=0.5, three_slots=8)
    assert not {s.domain for s in holdout_histories()} & checks.DOMAINS_P


def test_values_come_in_many_kinds() -> None:
    count = checks.value_counter(holdout_q)

    assert count(r"\$[\d.]+ billion") >= 16  # dollars: sales and fees of firms
    assert count(r"€[\d.]+ billion|CHF [\d.]+ billion|¥[\d.]+ trillion") == 10  # three more
    assert count(r"\$\d+(\.\d\d)?( a year)?") == 4  # a membership fee and a hot dog
    assert count(r"\d+%") == 3  # a production cut target and a stake
    units = r"\d+ member countries|[\d,]+ people|\d+ issues a year"
    assert count(units) == 10  # counts with units
    assert count(r"[45]G (LTE|NSA|SA)") == 3  # network generations
    assert count(checks.WEEKDAYS) == 1  # a cover date's weekday
    assert count(r"(\d{1,2} a\.m\. to \d{1,2}(:\d\d)? p\.m\.)|open 24 hours") == 3  # hours
    assert count(rf"({checks.MONTHS}) 20\d\d") == 2  # dates as values: a switch-off target
    assert count(r"(19|20)\d\d") == 2  # bare years as values
    roles = ("ceo", "chair", "head", "editor")
    people = {f.value for s in holdout_histories() if s.slot in roles for f in s.facts}
    name = r"[A-Z][\w.'-]+( [^\W\d_][\w.'-]+)*"
    assert len(people) >= 150 and all(re.fullmatch(name, v) for v in people), people
    places = {
        v for s in holdout_histories() if s.slot in ("hq", "owner") for v in checks.values_of(s)
    }
    assert len(places) >= 20  # cities and owners


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_q)


def _kubectl(t: str) -> bool:
    return re.search(r"\b(Normal|Warning)\b", t) is not None


def _letta(t: str) -> bool:
    starts = ("<knowledge ", "core_memory_", "archival_memory_insert(", "conversation_search ")
    return t.startswith(starts)


def _blame(t: str) -> bool:
    return re.match(r"(\^?[0-9a-f]{7,8} |git log -L)", t) is not None


def _terraform(t: str) -> bool:
    starts = ("  # kb_", "  # data.kb_", "Outputs:\n\n", "kb_")
    return t.startswith(starts) and re.search(r"(\bentity|\[entity)\s*=", t) is not None


def _vcard(t: str) -> bool:
    lines = t.split("\n")
    return (
        lines[0] == "BEGIN:VCARD" and lines[-1] == "END:VCARD" and lines[1].startswith("VERSION:")
    )


def _jira(t: str) -> bool:
    return re.search(r"KB-\d+", t.split("\n")[0]) is not None and "\n" in t


def _langchain(t: str) -> bool:
    return t.startswith(("Document(", "[Document(", "{'entity_store': "))


def _graphiti(t: str) -> bool:
    return t.startswith(("<FACTS>\n", "<ENTITIES>\n", "fact: ", "edge "))


def _notion(t: str) -> bool:
    return "\n" in t and t.startswith(("# ", "Name,", "- [x] ", "Tags: "))


def _emoji(t: str) -> bool:
    return "\n" not in t and EMOJI.search(t) is not None


SHAPES: dict[str, Callable[[str], bool]] = {
    "kubectl_events": _kubectl,
    "letta_memory": _letta,
    "git_blame": _blame,
    "terraform_plan": _terraform,
    "vcard_entry": _vcard,
    "jira_history": _jira,
    "langchain_document": _langchain,
    "graphiti_edge": _graphiti,
    "notion_page": _notion,
    "emoji_chat": _emoji,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_q, SHAPES)


def test_family_names_are_new() -> None:
    """No family repeats a name of sets A to P (their names, read, never their templates)."""
    assert not checks.families_before("q") & set(families())


def test_no_memory_is_tagged_as_a_model_turn() -> None:
    """Tool calls, documents and events name tools and sources, never a model's role tag."""
    for memory in checks.rendered_memories(holdout_q):
        assert not re.search(r"\b(assistant|system)\b", memory.text, re.IGNORECASE), memory.text


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_q)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(MONTH_YEAR.search(t) for t in texts)
    assert any(MONTH_DAY_YEAR.search(t) for t in texts)  # May 21, 2019
    assert any(SLASHED.search(t) for t in texts)  # 21/05/2019 and 05/21/2019
    assert any(DMY_DOTS.search(t) for t in texts)  # 21.05.2019
    assert any(TWO_DIGIT_YEAR.search(t) for t in texts)  # 21/05/19
    assert any(re.search(r"\b(19|20)\d{6}T000000Z\b", t) for t in texts)  # a vCard REV
    assert any(re.search(r"\dT08:15:00\.000\+0000", t) for t in texts)  # Jira's timestamp
    assert any(re.search(r"\d\d/[A-Z][a-z]{2}/\d\d 10:14 AM", t) for t in texts)  # 21/May/19
    assert any(re.search(r"\d 10:14:02 \+0200 \d", t) for t in texts)  # git blame
    assert any(re.search(r"\(since [A-Z][a-z]{2} '\d\d\)", t) for t in texts)  # May '19
    assert any(re.search(r"· \d\d/\d\d$", t) for t in texts)  # day and month, no year
    assert any(re.search(r"Date range: .+ - present\)", t) for t in texts)  # Zep's range
    assert any(re.search(r"\b\d+ (weeks?|days?|months?|years?) ago\b", t) for t in texts)
    for field in ("since", "as_of", "valid_at", "created_at", "Last edited time", "REV:"):
        assert any(field in t for t in texts), field
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert len(undated) >= len(texts) / 10  # some memories leave the date to the write time


def test_a_change_names_the_replaced_value_in_many_ways_or_not_at_all() -> None:
    changes = checks.replacements(holdout_q)
    named = [text for _, text, old in changes if old in text]
    assert 0.9 * len(changes) <= len(named) < len(changes)  # a few do not name it
    ways = {
        "rolled from": r"rolled from .+ to ",
        "evicted": r"=.+ evicted, ",
        "previous revision": r"\(previous revision: ",
        "old content": r"old_content=\"",
        "no longer": r"; no longer ",
        "replaced": r": .+ replaced ",
        "parent commit": r"\" in the parent commit",
        "moved to history": r" moved to history\.yml",
        "bump": r": bump .+ to ",
        "plan arrow": r"\" -> \"",
        "old=": r"\[entity=.+, old=",
        "previous property": r"X-KB-PREVIOUS:",
        "took over from": r"NOTE:took over from ",
        "card archived": r"; card for .+ archived",
        "from to": r"From: .+  To: ",
        "takes over from": r" takes over from ",
        "retracted": r"'retracted': '",
        "used to be": r"\(it used to be ",
        "expired document": r"'expired': True",
        "closed date range": r"Date range: unknown - ",
        "invalidated edge": r"invalidated_edge: ",
        "moved on from": r" moved on from ",
        "previous column": r"Previous [\w ]+: .+ \(archived\)|,Previous,",
        "moved to archive": r"Older entry \(.+\) moved to Archive",
        "cross and tick": r"❌ → .+ ✅",
        "ditched": r" ditched ",
        "swap out in": r"swap: out .+, in ",
    }
    for way, pattern in ways.items():
        assert any(re.search(pattern, t) for t in named), way
    # every family names the replaced value in some change
    assert {family for family, text, old in changes if old in text} == set(families())
    # one Jira wording (a field's new value and its update time) does not name it
    assert {family for family, text, old in changes if old not in text} == {"jira_history"}


def test_the_value_comes_before_the_entity_in_some_wordings_and_after_in_others() -> None:
    first, last = checks.value_first_and_last(holdout_q)
    assert first >= 150 and last >= 3 * first


def test_entities_share_values_within_a_slot_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_q)
    for value in ("Bjørn Gulden", "Herzogenaurach", "Nike", "4G LTE", "5G NSA", "5G SA"):
        assert value in shared, value
    cola, pepsi = checks.slots_of(holdout_q, "Coca-Cola"), checks.slots_of(holdout_q, "PepsiCo")
    assert cola["ceo"] & cola["chair"] == {"Muhtar Kent", "James Quincey"}
    assert pepsi["ceo"] & pepsi["chair"] == {"Indra Nooyi", "Ramon Laguarta"}
    morgan = checks.slots_of(holdout_q, "Morgan Stanley")
    assert morgan["ceo"] & morgan["chair"] == {"James Gorman", "Ted Pick"}
    bt = next(s for s in holdout_histories() if s.entity == "BT Group" and s.slot == "pstn")
    assert [f.value for f in bt.facts] == ["December 2025", "January 2027"]


def test_pairs_include_every_kind_of_negative() -> None:
    notes = checks.check_every_kind_of_negative(list(holdout_pairs()), 950, 10)
    assert notes["same value, other slot"] >= 5  # David Solomon, Ted Pick, Muhtar Kent ...


def test_a_terraform_change_shows_the_old_and_new_value_on_one_line() -> None:
    """A plan's ``~ value = "old" -> "new"`` line holds both values; its other lines neither."""
    for subject in holdout_histories():
        memories = render("terraform_plan", subject)
        for older, newer in pairwise(memories):
            if "->" not in newer.text:
                continue
            line = next(x for x in newer.text.split("\n") if "->" in x)
            assert f'"{older.value}" -> "{newer.value}"' in line, newer.text
