"""The change detector reads the same fact the same way in any wording, and never links
two subjects (curation/_change/)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from datetime import UTC, datetime

import pytest
from record_helpers import search_row

from curation import CurationPolicy
from curation._change import (
    REPLACED_AS_NAMED,
    FrameRelevance,
    SlotOrder,
    SlotVerdict,
    compare_slots,
    compare_statements,
    may_fold,
    may_restate,
    newest_of_slot_first,
    read_statement,
)
from curation._embedding import MiniLMEmbedder
from curation._policy import MINILM_MODEL
from curation._ranking import frame_relevance, rank_candidates

WORDINGS = [
    ("Which team did {s} play for from {y}? {v}.", "benchmark"),
    ("Since {y}, {s}'s team has been {v}.", "since"),
    ("{v} is the team of {s} (as of {y}).", "value first, note after"),
    ("Q: Which team did {s} play for? A: {v} (noted in {y}).", "noted Q/A"),
    ("[{y}-03-01] team of {s} = {v}", "log line, ISO date"),
    ("as of march {y} the team for {s} is {v}", "lower case, date in words"),
    ("{s} / team: {v} (updated {y}-03-01)", "key: value"),
    ("fyi {s}'s team changed to {v} ({y})", "chat note"),
    ("| {s} | team | {v} | {y}-03-01 |", "table row"),
    ("{s} | team: {v} | effective: {y}-03-01", "card, colon after the cue"),
    ("{s}: team now {v}, mar '{yy}", "terse, two-digit year"),
    ("{s}:\n  team: {v}\n  valid_from: {y}-03-01", "YAML record, validity field"),
    ('{{"player": "{s}", "team": "{v}", "as_of": "{y}-03-01"}}', "JSON record"),
    ("[{s}]\nteam = {v}\neffective_date = {y}-03-01", "TOML record"),
    ("team of {s}: {v} (dated {y}-03-01)", "dated note"),
    ("[bot] {s} team {v} \u00b7 {y}-03-01", "date after a middle dot"),
    ("{y}-03-01\t{s}\tteam\t{v}", "TSV row, leading date"),
    ("{s}\tteam\t{v}\t{y}-03-01", "TSV row, trailing date"),
    ("{s} & team & {v} & {y} \\\\", "LaTeX table row"),
    ("Journal, {y}-03-01: learned that {s}'s team is {v}.", "diary, dated header"),
    ("03/01/{yy} {s} \u2014 team: {v} (per AM)", "CRM note, two-digit slashed date"),
    ("<tr><td>{s}</td><td>team</td><td>{v}</td><td>01/03/{y}</td></tr>", "HTML table row"),
    ("@misc{{team, title = {{{s}}}, note = {{team: {v}}}, year = {{{y}}}}}", "BibTeX entry"),
    ("{s} \u2014 team: {v}, as of Sunday 1 March {y}", "as of a weekday and a date"),
]


@pytest.mark.parametrize(("template", "family"), WORDINGS)
def test_a_change_is_found_in_every_wording(template: str, family: str) -> None:
    older = template.format(s="Jan Koller", v="Anderlecht", y=1999, yy=99)
    newer = template.format(s="Jan Koller", v="Borussia Dortmund", y=2001, yy="01")
    found = compare_slots(older, newer)
    assert found.verdict is SlotVerdict.CHANGE, (family, found.reason)
    assert found.older_value.lower() == "anderlecht"
    assert "dortmund" in found.newer_value.lower()


@pytest.mark.parametrize(("template", "family"), WORDINGS)
def test_the_validity_note_is_set_apart(template: str, family: str) -> None:
    statement = read_statement(template.format(s="Jan Koller", v="Anderlecht", y=1999, yy=99))
    assert statement.valid_from is not None and statement.valid_from.year == 1999, family
    assert "1999" not in statement.words


@pytest.mark.parametrize(("template", "family"), WORDINGS)
def test_another_subject_with_another_value_is_no_change(template: str, family: str) -> None:
    older = template.format(s="Jan Koller", v="Anderlecht", y=1999, yy=99)
    newer = template.format(s="Ana Silva", v="Porto", y=2001, yy="01")
    assert compare_slots(older, newer).verdict is SlotVerdict.DIFFERENT, family


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("The catalog service runs on port 8121", "The search service now runs on port 9011"),
        (
            "Q: when did England last reach a world cup semi final? A: 2018 (noted in 2018).",
            "Q: when's the last time Scotland won the Calcutta Cup? A: 2021 (noted in 2021).",
        ),
        ("Ana speaks Portuguese.", "Ana also speaks Spanish."),  # an addition
        ("We visited Paris in 2019.", "We visited Rome in 2021."),  # two events
        # a value is one phrase: one stretch across punctuation replaced a subject and a value
        ("Oslo = Ingrid Solberg's home city", "Cardiff = Marcus Bell's home city"),
        ("Starter \u2014 the Halvorsen account's plan", "Growth \u2014 the Mirabel account's plan"),
        # a copula divides as punctuation does: the subject before it, the value after
        (
            "The chief executive of Pfizer is Jeff Kindler",
            "The chief executive of Bayer is Ana Reis",
        ),
        (
            '{"id": "m-7", "memory": "Noted that Novartis\'s chair is Daniel Vasella",'
            ' "event": "ADD"}',
            '{"id": "m-7", "memory": "Noted that Roche\'s chief executive is Ines Amaro",'
            ' "event": "ADD"}',
        ),
        # the same value said of two subjects: the replaced stretch is what it is about
        ("ios-app.release_day: Thursday", "web-dashboard.release_day: Thursday"),
        (
            "256 MiB is allotted to crawler as its memory limit.",
            "256 MiB is allotted to email-digest as its memory limit.",
        ),
        ("The catalog service runs on port 8121.", "The search service runs on port 8121."),
        # a name among the values ("ops-2") does not make the weekday another value
        (
            "The ops-2 squad's weekly sync is on Tuesday.",
            "The billing team's sync moved to Tuesday.",
        ),
        ("Hana was in the Munich office on Tuesday.", "Hana was in the Munich office on Friday."),
    ],
)
def test_negatives(older: str, newer: str) -> None:
    assert compare_slots(older, newer).verdict is SlotVerdict.DIFFERENT


@pytest.mark.parametrize(
    ("older", "newer", "values"),
    [
        (
            "As of 2019, the staging password rotates every Monday",
            "As of 2021, the staging password rotates every Friday",
            ("monday", "friday"),
        ),
        (
            "The launch is on May 8, 2027",
            "The launch is on May 15, 2027",
            ("2027-05-08", "2027-05-15"),
        ),
        ("The user's plan is Basic", "The user's plan is Pro", ("basic", "pro")),
        ("I have 3 cats", "I have 4 cats", ("3", "4")),
        # "to be" before a participle is an auxiliary, after one a copula: neither divides
        # the replaced name from the rest of its phrase
        (
            "The Falcons' head coach was Mara Lind in 2020.",
            "The Falcons' head coach has been Jonas Berg since 2022.",
            ("mara lind", "jonas berg"),
        ),
    ],
)
def test_a_date_weekday_plan_or_amount_can_be_the_value(
    older: str, newer: str, values: tuple[str, str]
) -> None:
    found = compare_slots(older, newer)
    assert found.verdict is SlotVerdict.CHANGE
    assert (found.older_value.lower(), found.newer_value.lower()) == values


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "[2022-07-04] people: Priya Raman's employer updated to Tessaract Labs",
            "[2023-02-20] people: Lena Fischer's employer updated to Tessaract Labs",
        ),
        ("The Okonkwo account's plan is Growth (2019).", "The Mirabel account's plan is Growth."),
        ("Starter \u2014 the Halvorsen account's plan", "Starter = the Vesta account's plan"),
        ("fyi payments-core's port is 8121 now", "fyi search-api\u2019s port is 8121 now"),
        # a noun's "of" says whose it is, as a possessive does
        (
            "Aston Villa is the team of Guy Whittingham (as of 1993).",
            "Aston Villa is the team of Steve Sidwell (as of 2008).",
        ),
        (
            "[1993-03-01] team of Guy Whittingham = Aston Villa",
            "team of Steve Sidwell = Aston Villa",
        ),
        ("the owner for payments is Alice Ward", "the owner for search is Alice Ward"),
        ("For payments, the owner is Alice Ward.", "For search, the owner is Alice Ward."),
        # a bracket between a name and its "'s" qualifies the name; a number owns too
        (
            "Blue Vase (Ming dynasty)'s owner is the City Museum.",
            "Red Bowl (Ming dynasty)'s owner is the City Museum.",
        ),
        (
            "Since 2020, Kestrel Works (Oslo)'s owner has been Dana Whitfield.",
            "Since 2021, Heron Labs's owner has been Dana Whitfield.",
        ),
        ("Line 2's terminus is Central.", "Line 3's terminus is Central."),
        # the replaced words go on with the owner's name, or run from it into the value
        (
            "[2021-03-01] home city of Ana Souza = Porto",
            "[2022-03-01] home city of Ana Lima = Porto",
        ),
        (
            "[2021-01-01] office of Ana Souza = North Wing Room 4",
            "[2022-01-01] office of Bo Lima = Room 4",
        ),
        # "the <noun phrase> for": whose, however long the noun phrase
        (
            "as of march 2021 the support plan for acme corp is gold",
            "as of march 2022 the support plan for globex is gold",
        ),
        # a record's field naming what it is about; a name set off as the line's heading
        (
            '{"subject": "Kestrel", "owner": "Dana Whitfield", "as_of": "2023-01-01"}',
            '{"subject": "Heron", "owner": "Dana Whitfield", "as_of": "2024-01-01"}',
        ),
        (
            "Kestrel - owner is Dana Whitfield, effective 2023-01-01.",
            "Heron - owner is Dana Whitfield, effective 2024-01-01.",
        ),
        (
            "For Line 2, Central has been the terminus since 1990.",
            "Line 3 - terminus is Central, effective 1995-01-01.",
        ),
    ],
)
def test_the_same_value_said_of_two_owners_is_no_change(older: str, newer: str) -> None:
    """What a possessive marks as the owner of the slot is its subject: a pair whose one
    replaced stretch is the owner on both sides states one value of two subjects."""
    assert compare_slots(older, newer).verdict is SlotVerdict.DIFFERENT
    assert compare_slots(newer, older).verdict is SlotVerdict.DIFFERENT


ANSWERED_ALIKE = [
    (
        "Which team did the player Guy Whittingham belong to from 1993? Aston Villa.",
        "Which team did the player Steve Sidwell belong to from 2008? Aston Villa.",
    ),
    (
        "Q: Which team did Guy Whittingham play for? A: Aston Villa (noted in 1993).",
        "Q: Which team did Steve Sidwell play for? A: Aston Villa (noted in 2008).",
    ),
    (
        "Guy Whittingham / team: Aston Villa (updated 1993-03-01)",
        "Steve Sidwell / team: Aston Villa (updated 2008-03-01)",
    ),
    (
        "Guy Whittingham:\n  team: Aston Villa\n  valid_from: 1993-03-01",
        "Steve Sidwell:\n  team: Aston Villa\n  valid_from: 2008-03-01",
    ),
    ("Q: Who owns the red cluster? A: Alice", "Q: Who owns the blue cluster? A: Alice"),
    ("north office / fire warden: Alice", "south office / fire warden: Alice"),
    # a name replaced in the question, the answer narrowed or widened: not answered anew
    (
        "Q: Which club did Ana Souza join? A: FC Porto B (noted in 2019)",
        "Q: Which club did Bo Lima join? A: FC Porto (noted in 2021)",
    ),
]


@pytest.mark.parametrize(("older", "newer"), ANSWERED_ALIKE)
def test_two_questions_answered_alike_are_two_facts(older: str, newer: str) -> None:
    """A question-answer or key-value form says which side is the value: a stretch replaced
    in the question (or the key) with the answer kept is another question, neither a change
    nor a restatement to merge."""
    assert compare_slots(older, newer).verdict is SlotVerdict.DIFFERENT
    assert not may_restate(older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        # several keys on one line: which one holds the value is not written there
        (
            "Employer: Brightpath Energy; subject: Amara Okafor; valid from 2019-10-01",
            "Employer: Fernhill Analytics; subject: Amara Okafor; valid from 2024-01-08",
        ),
        # "=" is written both ways round
        (
            "Brightpath Energy = Amara Okafor's employer",
            "Fernhill Analytics = Amara Okafor's employer",
        ),
        # an answer that differs is a new answer to one question
        (
            "Q: Which team did Guy Whittingham play for? A: Aston Villa (noted in 1993).",
            "Q: Which team did Guy Whittingham play for? A: Chelsea (noted in 2008).",
        ),
    ],
)
def test_a_form_that_does_not_say_which_side_is_the_value_stays_a_change(
    older: str, newer: str
) -> None:
    assert compare_slots(older, newer).verdict is SlotVerdict.CHANGE


@pytest.mark.parametrize(
    ("older", "newer", "values"),
    [
        (
            "Don't forget that Amara Okafor's home city is Manchester.",
            "Use Rotterdam as Amara Okafor's home city from now on.",
            ("forget", "use rotterdam"),
        ),
        (
            "\u20ac10.45 has been recorded as Germany's minimum hourly wage since 2022.",
            "\u20ac12.00 was named Germany's minimum hourly wage in 2022.",
            ("\u20ac10.45", "\u20ac12.00 named"),
        ),
        (
            "Priya Raman's employer is Canva",
            "Priya Raman's employer is Deloitte",
            ("canva", "deloitte"),
        ),
        (
            "the Halvorsen account's plan: Growth",
            "the Halvorsen account's plan: Scale",
            ("growth", "scale"),
        ),
        # "for" after a verb gives the value, not an owner
        ("Alice works for Google", "Alice works for Meta", ("google", "meta")),
        # after a capitalised word the "of" is inside a name, the value's
        (
            "University of Glasgow is the employer of John Brown (as of 1968).",
            "University of Edinburgh is the employer of John Brown (as of 1996).",
            ("glasgow", "edinburgh"),
        ),
    ],
)
def test_a_value_beside_its_owner_still_changes(
    older: str, newer: str, values: tuple[str, str]
) -> None:
    found = compare_slots(older, newer)
    assert found.verdict is SlotVerdict.CHANGE, found.reason
    assert (found.older_value.lower(), found.newer_value.lower()) == values


def test_names_of_its_own_beside_the_value_on_both_sides_are_two_subjects() -> None:
    """The one replaced stretch is not all that differs when each side also names a thing
    the other does not (word order moved the two codes out of the alignment)."""
    older = "What was the official name of KX-7 from 2001? Harbour Patrol 14."
    assert (
        compare_slots(older, "KX-9 was officially named what from 2004? Harbour Patrol 22.").verdict
        is SlotVerdict.DIFFERENT
    )
    moved = compare_slots(older, "KX-7 was officially named what from 2004? Harbour Patrol 22.")
    assert moved.verdict is SlotVerdict.CHANGE, moved.reason


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        # a question reworded, the answer narrowed: a new answer, not another question
        (
            "Who owned the Harbour cottage from 1999? Ana and Bo Lima.",
            "Who was the owner of the Harbour cottage from 2005? Ana Lima.",
        ),
        # a heading that is no name, or one with an owner after it, names no subject
        ("Reminder - Monday is the meeting day", "Reminder - Friday is the meeting day"),
        ("Payments - port is 8121", "Payments - port is 9000"),
        ("Lagos \u2014 Amara Okafor's home city", "Rotterdam \u2014 Amara Okafor's home city"),
        # an owner's phrase with a verb in it does not run on into the value
        ("the price of the Pro plan went up to $20", "the price of the Pro plan went up to $25"),
        (
            '{"subject": "Kestrel", "owner": "Dana Whitfield"}',
            '{"subject": "Kestrel", "owner": "Sam Ortiz"}',
        ),
    ],
)
def test_a_subject_kept_with_its_value_replaced_stays_a_change(older: str, newer: str) -> None:
    found = compare_slots(older, newer)
    assert found.verdict is SlotVerdict.CHANGE, found.reason


def test_a_contraction_owns_nothing() -> None:
    assert read_statement("Let's ship Growth").owners == frozenset()
    assert read_statement("It's Growth").owners == frozenset()
    assert read_statement("the payments-core service's port").owners == {2}


def test_a_restatement_is_not_a_change() -> None:
    found = compare_slots(
        "Anderlecht is the team of Jan Koller (as of 1999).",
        "anderlecht is the team of jan koller (as of 2000)",
    )
    assert found.verdict is SlotVerdict.RESTATED


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            'kb["payments"].log_level = "warning"',
            'kb["payments"].log_level = "error" -- was "warning"',
        ),
        (
            '(kb-put "payments" \'log-level "warning")',
            '(kb-put "payments" \'log-level "error" :replaces "warning")',
        ),
        (
            '{"entity": "payments", "log_level": "warning"}',
            '{"entity": "payments", "log_level": "error", "supersedes": "warning"}',
        ),
    ],
)
def test_a_statement_naming_the_others_value_as_replaced_never_restates_it(
    older: str, newer: str
) -> None:
    """The newer holds every word of the older, and says the older's value is the one it
    replaced (a comment's "-- was", a keyword's ":replaces", a "supersedes" field): two
    values, never one statement to merge."""
    assert read_statement(newer).former == ("warn",)
    assert not may_restate(older, newer)
    assert not may_fold(newer, older)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "Case notes 03/05/2021: confirmed with caller, the Harbour Street office, number of "
            "desks = 42 desks.",
            "Call summary: Customer quoted 42 desks as the number of desks of the Harbour "
            "Street office. Advised it is now 48 desks.",
        ),
        (
            ":The page should give 42 desks as the number of desks of the Harbour Street "
            "office. ~~~~",
            ":I've changed the number of desks of the Harbour Street office from 42 desks to "
            "48 desks; see the page history. ~~~~",
        ),
    ],
)
def test_a_second_value_of_a_kind_already_stated_is_no_detail(older: str, newer: str) -> None:
    """The newer holds the older's count and adds another count: a record of the value
    replaced, never a restatement with a detail filled in to merge the older into."""
    assert not may_restate(older, newer)
    assert not may_fold(newer, older)


def _at(year: int) -> datetime:
    return datetime(year, 1, 1, tzinfo=UTC)


SERVICES = [
    ("The catalog service runs on port 8121", 2024),
    ("The search service now runs on port 9011", 2026),
    ("The catalog service now runs on port 8200", 2025),
    ("The payments service runs on port 8300", 2026),
]


def test_recall_puts_the_newest_statement_of_the_asked_subject_first() -> None:
    texts = [t for t, _ in SERVICES]
    order = newest_of_slot_first(
        "Which port does the catalog service run on?",
        texts,
        [_at(y) for _, y in SERVICES],
        [0.80, 0.79, 0.78, 0.70],
        band=0.25,
    )
    assert texts[order.order[0]] == "The catalog service now runs on port 8200"
    # the newer search service fact never jumps above the catalog service's
    assert order.order.index(1) > order.order.index(2)
    assert order.newest == {0: 2}


def test_recall_never_reorders_across_the_named_subject() -> None:
    texts = [
        "Bo Smith plays for Anderlecht (as of 2001).",
        "Jan Koller plays for Anderlecht (as of 1999).",
    ]
    order = newest_of_slot_first(
        "Which team does Jan Koller play for?", texts, [_at(2001), _at(1999)], [0.8, 0.8], band=0.25
    )
    # Bo Smith's newer fact is no version of Jan Koller's; the hit naming him goes first
    assert order.order == [1, 0] and order.newest == {}


DELTA = [
    "Delta Air Lines: chief executive Richard Anderson (previously Leo Mullin)",
    "Delta Air Lines: chief executive Ed Bastian (previously Richard Anderson)",
    "Delta Air Lines: chief executive Leo Mullin",
]
RUI = [  # a value that comes back: the 2006 version names Benfica's first spell
    "Rui Vitória: employer Fátima (previously Benfica)",
    "Rui Vitória: employer Paços de Ferreira (previously Fátima)",
    "Rui Vitória: employer Benfica (previously Vitória de Guimarães)",
]


@pytest.mark.parametrize(
    ("question", "texts", "years", "order"),
    [
        # a changelog imported in one batch: the writer's word orders its versions
        ("Who is the chief executive of Delta Air Lines?", DELTA, [2024] * 3, [1, 0, 2]),
        # moments that differ outrank a value named as replaced
        ("Who does Rui Vitória work for?", RUI, [2006, 2010, 2015], [2, 1, 0]),
    ],
)
def test_a_version_named_as_replaced_goes_below_the_one_naming_it_within_one_moment(
    question: str, texts: list[str], years: list[int], order: list[int]
) -> None:
    found = newest_of_slot_first(
        question, texts, [_at(y) for y in years], [0.70, 0.69, 0.68], band=0.25
    )
    assert found.order == order


MAERSK_ALLIANCE = "Maersk | shipping alliance | 2M Alliance"
MAERSK_NET_ZERO = "Maersk | net-zero target year | 2050"
# change records written unlike the fact they change: far below it in similarity
TO_GEMINI = "df.loc['Maersk', 'alliance'] = 'Gemini Cooperation'  # was '2M Alliance'"
TO_OCEAN = "df.loc['Maersk', 'alliance'] = 'Ocean Network'  # was 'Gemini Cooperation'"


@pytest.mark.parametrize(
    ("texts", "years", "first", "newest"),
    [
        # the record naming the top fact's value as replaced takes its place
        ([MAERSK_ALLIANCE, MAERSK_NET_ZERO, TO_GEMINI], [2015, 2018, 2025], 2, {0: 2}),
        # and the one naming that record's value in turn, to the end of the chain
        (
            [MAERSK_ALLIANCE, MAERSK_NET_ZERO, TO_OCEAN, TO_GEMINI],
            [2015, 2018, 2026, 2025],
            2,
            {0: 2, 3: 2},
        ),
        # a record written before the fact it would replace replaced nothing
        ([MAERSK_ALLIANCE, MAERSK_NET_ZERO, TO_GEMINI], [2015, 2018, 2012], 0, {}),
        # another subject's record naming the same value is no version of Maersk's
        (
            [
                MAERSK_ALLIANCE,
                MAERSK_NET_ZERO,
                "df.loc['HMM', 'alliance'] = 'Premier Alliance'  # was '2M Alliance'",
            ],
            [2015, 2018, 2025],
            0,
            {},
        ),
        # a record restating the value it names as replaced changed nothing
        (
            [
                MAERSK_ALLIANCE,
                MAERSK_NET_ZERO,
                "df.loc['Maersk', 'alliance'] = '2M Alliance'  # was '2M Alliance'",
            ],
            [2015, 2018, 2025],
            0,
            {},
        ),
    ],
)
def test_a_named_successor_takes_the_top_however_far_below_it_sits(
    texts: list[str], years: list[int], first: int, newest: dict[int, int]
) -> None:
    found = newest_of_slot_first(
        "Which shipping alliance is Maersk part of?",
        texts,
        [_at(y) for y in years],
        [0.70, 0.40, 0.30, 0.28][: len(texts)],
        band=0.25,
    )
    assert found.order[0] == first
    assert found.newest == newest


def test_a_successor_filed_under_another_key_is_another_slot() -> None:
    found = newest_of_slot_first(
        "Which shipping alliance is Maersk part of?",
        [MAERSK_ALLIANCE, MAERSK_NET_ZERO, TO_GEMINI],
        [_at(2015), _at(2018), _at(2025)],
        [0.70, 0.40, 0.30],
        band=0.25,
        keys=["maersk/alliance", None, "maersk/charter"],
    )
    assert found.order[0] == 0


HANDOVER, ESCALATION = "payments-core/handover", "payments-core/escalation"


@pytest.mark.parametrize(
    ("newest", "key", "first"),
    [
        # filed under another key by its writer, the newer note is another slot
        ("payments-core → escalation mgr Rachel Stein", ESCALATION, 0),
        # an unkeyed newer note may still be a version of the keyed slot, and goes on top
        ("payments-core / handover = Wednesday", None, 1),
        # under the same key it would have replaced the older one; asked, it leads too
        ("payments-core / handover = Wednesday", HANDOVER, 1),
    ],
)
def test_hits_filed_under_two_keys_are_two_slots(newest: str, key: str | None, first: int) -> None:
    texts = ["payments-core / handover = Monday", newest, "payments-core / handover = Friday"]
    order = newest_of_slot_first(
        "Which day does the payments-core shift hand over?",
        texts,
        [_at(2023), _at(2024), _at(2021)],
        [0.70, 0.65, 0.60],
        band=0.25,
        keys=[HANDOVER, key, HANDOVER],
    )
    assert order.order[0] == first
    assert order.order.index(0) < order.order.index(2)  # Monday replaced Friday either way


def test_reading_statements_on_many_threads_at_once_is_safe() -> None:
    """The HTTP server recalls on several threads: a stemmer shared between them raised
    IndexError under load (it keeps the word it works on in itself)."""
    import threading

    from curation._change import content_words

    failures: list[str] = []
    texts = [f"The catalog service number {n} is running organizations" for n in range(400)]

    def read() -> None:
        try:
            for text in texts:
                assert "organiz" in content_words(text)
        except Exception as exc:  # collected: a thread's exception would be lost
            failures.append(repr(exc))

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # one frame filled with two things: another subject or another slot, never one fact
        ("The catalog service runs on port 8121.", "The search service runs on port 8121."),
        ("The export job's log level is info.", "The thumbnail worker's log level is info."),
        # one subject, two slots written at once: a merge would lose one of the values
        ("Acme's plan updated to Enterprise.", "Acme's renewal date updated to 2 May 2024."),
        (
            "| the leadership sync | meeting day | Monday | 2019-09-02 |",
            "| the leadership sync | start time | 9:00 | 2019-09-02 |",
        ),
        (
            "The catalog service on host db-7 runs on port 8121.",
            "The search service on host db-9 runs on port 8121.",
        ),
        (
            "The staging password rotates every Monday.",
            "The staging password rotates every Friday.",
        ),
        # another subject named twice, swapped in both places; the value is the same
        (
            "Subject: VPN gateway for Lisbon annex\n\nHi all, the VPN gateway for Lisbon"
            " annex is lisbon.vpn.orbit.example.",
            "Subject: VPN gateway for Lisbon office\n\nHi all, the VPN gateway for Lisbon"
            " office is lisbon.vpn.orbit.example.",
        ),
        # each names another value it replaced
        ("The team replaced the roof last week.", "The team replaced the boiler last week."),
    ],
)
def test_two_facts_in_one_frame_are_never_restatements(first: str, second: str) -> None:
    assert not may_restate(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "Workaround: the sync drops attachments over 10 MB, so upload large files to the "
            "shared drive.",
            "Hotfix until it is fixed: attachments bigger than 10 MB get dropped by the sync; "
            "share them through a drive link instead.",
        ),
        ("The office is in Oslo.", "the office is in oslo"),
        (
            "As of 1999, Ana Ruiz plays for Anderlecht.",
            "Ana Ruiz plays for Anderlecht (as of 2003).",
        ),
    ],
)
def test_a_paraphrase_may_be_a_restatement(first: str, second: str) -> None:
    assert may_restate(first, second)


def test_an_identifier_key_is_read_as_words() -> None:
    """ "payments-api.oncall_owner: Lee Park" is the payments api's on-call owner: its value
    changes like any other, and a question naming "the iOS app" finds "ios-app.…"."""
    found = compare_slots(
        "payments-api.oncall_owner: Lee Park", "payments-api.oncall_owner: Dana Whitfield"
    )
    assert found.verdict is SlotVerdict.CHANGE
    assert (found.older_value, found.newer_value) == ("Lee Park", "Dana Whitfield")
    texts = [
        "ios-app.release_day: Tuesday",
        "ios-app.release_day: Thursday",
        "web-dashboard.release_day: Friday",
    ]
    written = [
        datetime(2024, 1, 1, tzinfo=UTC),
        datetime(2024, 3, 1, tzinfo=UTC),
        datetime(2024, 5, 1, tzinfo=UTC),
    ]
    order = newest_of_slot_first(
        "Which day does the iOS app ship?", texts, written, [0.62, 0.61, 0.6], band=0.1
    ).order
    assert texts[order[0]] == "ios-app.release_day: Thursday"


def test_a_weekday_is_what_a_state_says() -> None:
    """A weekday names no moment: "is on Monday" / "is on Friday now" is the value changing."""
    found = compare_slots(
        "The billing squad's weekly sync is on Monday.",
        "The billing squad's weekly sync is on Friday now.",
    )
    assert found.verdict is SlotVerdict.CHANGE
    assert (found.older_value, found.newer_value) == ("Monday", "Friday")


@pytest.mark.parametrize(
    ("older", "newer", "verdict"),
    [
        # a label and a value of another kind replaced together: two slots side by side
        (
            "meetings: the weekly design review's start time updated to 15:30",
            "meetings: the weekly design review's meeting day updated to Wednesday",
            SlotVerdict.DIFFERENT,
        ),
        (
            "billing: the Pinecrest account's plan updated to Starter",
            "billing: the Pinecrest account's renewal date set to 21 June 2022",
            SlotVerdict.DIFFERENT,
        ),
        # a value of the same kind under another verb is still a change
        ("Amara Okafor lives in Rotterdam.", "Amara Okafor moved to Cardiff.", SlotVerdict.CHANGE),
        ("The sync starts at 09:00.", "The sync starts at 10:30.", SlotVerdict.CHANGE),
    ],
)
def test_another_slot_with_a_value_of_its_own_kind(
    older: str, newer: str, verdict: SlotVerdict
) -> None:
    assert compare_slots(older, newer).verdict is verdict


def test_a_chain_of_links_is_no_slot() -> None:
    """A chain, "start time" ~ "room" ~ "meeting day", does not make the newest meeting day the
    answer to "when does it begin": each hit joins a slot only with all of its members."""
    review = "meetings: the weekly design review's"
    texts = [
        f"{review} start time updated to 15:30",
        f"{review} start time set to 14:00",
        f"{review} meeting day set to Tuesday",
        f"{review} meeting day updated to Thursday",
        f"{review} meeting day updated to Wednesday",
        f"{review} room updated to the Atrium",
    ]
    order = newest_of_slot_first(
        "When does the weekly design review begin?",
        texts,
        [_at(2022), _at(2021), _at(2021), _at(2022), _at(2024), _at(2023)],
        [0.796, 0.793, 0.710, 0.705, 0.684, 0.620],
        band=0.25,
    )
    assert texts[order.order[0]].endswith("15:30")
    assert 0 not in order.newest  # nothing of another slot is shown as its newer version


def test_a_slot_word_the_subject_never_uses_tells_nothing_apart() -> None:
    """The question asks for a "club", but neither of the player's statements says it
    (other players' do): both are still his club, so the newer one, far below on
    similarity, comes first."""
    texts = [
        "Hello Sam, as discussed on 5 December 2019, Jonas Lindqvist is a Malmö FF player.",
        "Hi Priya, Jonas Lindqvist transferred to Feyenoord on 21 October 2020.",
        "Hello Sam, Kwame Asante's club is Rangers, as confirmed on 10 July 2021.",
        "Dear all, following the review on 3 October 2019, Rafael Nogueira's club is Sporting CP.",
    ]
    order = newest_of_slot_first(
        "Which club does Jonas Lindqvist play for now?",
        texts,
        [_at(2019), _at(2020), _at(2021), _at(2019)],
        [0.809, 0.569, 0.493, 0.481],
        band=0.25,
    )
    assert order.order[:2] == [1, 0] and order.newest == {0: 1}


@pytest.mark.parametrize(
    ("text", "when", "value"),
    [
        (
            '{"team": "Checkout", "contact": "Søren Kjær", "ts": "2023-10-17T17:45:00Z"}',
            datetime(2023, 10, 17, tzinfo=UTC),
            "søren",
        ),
        (
            "Checkout's contact is Søren Kjær (verified 30 January 2019)",
            datetime(2019, 1, 30, tzinfo=UTC),
            "søren",
        ),
        (
            "Checkout's contact is Søren Kjær, confirmed on 2023-10-17",
            datetime(2023, 10, 17, tzinfo=UTC),
            "søren",
        ),
        ("The maintenance window opens 2024-03-01 22:00", None, "22:00"),
        # a date field is a value unless its name is a validity cue
        (
            '{"launch_date": "2024-05-01", "as_of": "2023-01-02"}',
            datetime(2023, 1, 2, tzinfo=UTC),
            "2024-05-01",
        ),
        ("member_since: 2019", None, "2019"),
    ],
)
def test_a_record_timestamp_or_a_checked_note_is_validity(
    text: str, when: datetime | None, value: str
) -> None:
    """A machine timestamp ("…T17:45:00Z") or a note of when a fact was verified says when
    it held; a time a person writes as a value ("opens 2024-03-01 22:00") stays content."""
    statement = read_statement(text)
    assert statement.valid_from == when
    assert value in statement.words


NOTE_PHRASES = {  # English phrases that say from when a statement holds
    "With effect from 14 September 2019, Amara Okafor is based in Manchester.": "2019-09-14",
    "The coach of England is Sam Allardyce, in place since July 2016.": "2016-07-01",
    "The levy is 2%, in force from 1 April 2024.": "2024-04-01",
}


@pytest.mark.parametrize(("text", "day"), NOTE_PHRASES.items())
def test_a_validity_phrase_is_set_apart_whole(text: str, day: str) -> None:
    """Its first word ("effect", "place", "force") is part of the note, not of what the
    statement says: left in, every statement written so shared it across slots."""
    statement = read_statement(text)
    assert statement.valid_from == datetime.fromisoformat(day).replace(tzinfo=UTC)
    assert not {"effect", "place", "forc"} & set(statement.words)


NAMING_THE_REPLACED_VALUE = [  # each pair: a version, then the next naming it as replaced
    (
        "Chen Wei's primary on-call is Ben Okafor (previous: Ana Souza)",
        "Chen Wei's primary on-call is Lena Park (previous: Ben Okafor)",
    ),
    (
        '{"rotation": "payments-core", "primary_oncall": "Ben Okafor", "previous": "Ana Souza"}',
        '{"rotation": "payments-core", "primary_oncall": "Chen Wei", "previous": "Ben Okafor"}',
    ),
    (
        "[General Motors]\nceo = Dan Akerson\n; was Ed Whitacre until September 2010",
        "[General Motors]\nceo = Mary Barra\n; was Dan Akerson until January 2014",
    ),
    ("The standup starts at 09:15 (was 09:00).", "The standup starts at 09:30 (was 09:15)."),
    (
        "$VAR1 = { 'entity' => 'Nobel laureates', 'oldest' => 'Arthur Ashkin', "
        "'replaced' => 'Leonid Hurwicz' };",
        "$VAR1 = { 'entity' => 'Nobel laureates', 'oldest' => 'John Goodenough', "
        "'replaced' => 'Arthur Ashkin' };",
    ),
    ("Meta, formerly Facebook, is based in Menlo Park.", "Meta is based in Palo Alto."),
    # a year as a value only on the newer side: the named replaced value is the writer's
    # word that the slot is one
    (
        '{"airline": "Delta Air Lines", "ceo": "Richard Anderson"}',
        '{"airline": "Delta Air Lines", "ceo": "Ed Bastian", "previous": "Richard Anderson", '
        '"year": 2016}',
    ),
]


@pytest.mark.parametrize(("older", "newer"), NAMING_THE_REPLACED_VALUE)
def test_the_value_a_statement_says_it_replaced_is_set_apart(older: str, newer: str) -> None:
    """Left in, the value each version names as replaced is a second difference, and a
    chain of versions read as two stretches replaced: never a change."""
    found = compare_slots(older, newer)
    assert found.verdict is SlotVerdict.CHANGE, found.reason


@pytest.mark.parametrize(
    ("text", "kept", "former"),
    [
        ("The sync was moved to Friday.", "friday", ()),  # "was" inside a sentence: its verb
        ("The old office was in Leeds.", "leed", ()),
        ("Standup moved to Friday, no longer Monday.", "friday", ("monday",)),
        ("Python 3.11 (previously 3.9) in billing-api", "3.11", ("3.9",)),
        # a record's field named in one word, as LDIF or JSON camel case writes it
        ("alliance: Gemini Cooperation\nformerValue: 2M Alliance", "gemini", ("2", "m", "allianc")),
        ('{"plan": "Scale", "oldValue": "Growth"}', "scale", ("growth",)),
        # a field named "replaced", in a Perl dump's arrow or an outliner's double colon
        ("{ 'ceo' => 'Bo Lima', 'replaced' => 'Ana Souza' }", "bo", ("ana", "souza")),
        ("- ceo:: Bo Lima\n- replaced:: Ana Souza", "lima", ("ana", "souza")),
        # as a phrase "replaced" as often names the newer value: nothing set apart
        ("Ana Souza was replaced by Bo Lima as CEO.", "ana", ()),
        ("Ana Souza; replaced by Bo Lima in 2021", "lima", ()),
        # the verb's object, wherever it stands, up to its "with" or "as"
        ("In May 2021 Acme replaced Ana Souza with Bo Lima as CEO.", "lima", ("ana", "souza")),
        ("Bo Lima replaced Ana Souza as CEO of Acme.", "ceo", ("ana", "souza")),
        ("The stamp price is £1.70, replaced £1.65 in 2025.", "£1.70", ("£1.65",)),
        # ... unless the object is all the statement says: a thing done, kept as said
        ("We replaced the roof last week.", "roof", ()),
        # a change's starting point: "changed from X to Y" left X
        ('depiction changed from "a revolver" to "a water pistol"', "water", ("revolv",)),
        ("The standup moved from Monday to Friday.", "friday", ("monday",)),
        # ... only after a verb of change: a route's "from" is no value left
        ("Flights from London to Paris leave at 9:00.", "london", ()),
        # an adjective has no object, a passive neither, and the next line is not one
        ("Since 2009, Sastamala's replaced municipality has been Vammala.", "vammala", ()),
        ("Vammala is the replaced municipality of Sastamala.", "municip", ()),
        ("The roof was replaced last week.", "week", ()),
        ("# the ceo fact must be replaced\nceo = Bo Lima", "lima", ()),
    ],
)
def test_only_a_marked_former_value_is_set_apart(
    text: str, kept: str, former: tuple[str, ...]
) -> None:
    statement = read_statement(text)
    assert kept in statement.words
    assert statement.former == former


def test_a_replaced_value_is_named_whole() -> None:
    """ "previous: Ariola" names no version stating "BMG Ariola": a part of a value is
    not the value (the order of versions written at one moment rests on it)."""
    older = read_statement('{"artist": "Luis Eduardo Aute", "label": "BMG Ariola"}')
    newer = read_statement(
        '{"artist": "Luis Eduardo Aute", "label": "Virgin", "previous": "Ariola"}'
    )
    assert compare_statements(older, newer).reason != REPLACED_AS_NAMED


def test_a_value_the_older_already_states_is_not_what_the_newer_changed() -> None:
    """One stretch replaced, but the newer says it replaced another value than the older
    states: the same tariff said of two homes."""
    found = compare_slots(
        "Harbour Court 4D: tariff Standard Variable",
        "7 Quarry Road: tariff now Standard Variable (was EcoNight Variable)",
    )
    assert found.verdict is SlotVerdict.DIFFERENT
    assert found.reason == "the newer names another value as replaced"


AMARA = [  # best first, as recall gives them: the home city, and her employer beside it
    ("With effect from 14 September 2019, Amara Okafor is based in Manchester.", 2019, 0.783),
    ("Amara Okafor is based in Lagos, effective 1 May 2016.", 2016, 0.708),
    ("Amara Okafor is based in Rotterdam, effective 1 November 2021.", 2021, 0.697),
    ("Amara Okafor is employed by Sablewood Health, effective 6 March 2017.", 2017, 0.631),
    (
        "With effect from 8 January 2024, Amara Okafor is employed by Fernhill Analytics.",
        2024,
        0.612,
    ),
    ("Amara Okafor is employed by Meridian Maps, effective 15 November 2021.", 2021, 0.606),
]


def test_a_second_slot_in_the_same_frame_leaves_the_group() -> None:
    """ "based in" and "employed by" each fill one frame with a value of their own: the
    employer's clique, further from the question, is another slot, and the newest home
    city comes first (before, the newest employer did)."""
    texts, years, relevance = (list(column) for column in zip(*AMARA, strict=True))
    order = _slot_order("Where does Amara Okafor live?", texts, years, relevance)
    assert order.order[0] == 2
    assert not {3, 4, 5} & (set(order.newest) | set(order.newest.values()))


def test_one_slot_in_two_shapes_stays_one_slot() -> None:
    """The same slot written in two shapes does not line up as one replaced stretch: the
    shapes are no two slots, and the newest value still comes first however far below."""
    texts = [
        "Amara Okafor's employer: Sablewood Health",
        "Amara Okafor's employer: Brightpath Energy",
        "Meridian Maps now employs Amara Okafor",
        "Fernhill Analytics now employs Amara Okafor",
    ]
    order = _slot_order(
        "Who is Amara Okafor's employer?", texts, [2017, 2019, 2021, 2024], [0.80, 0.78, 0.62, 0.60]
    )
    assert order.order[0] == 3


def _registry_change(label: str, department: str, key: str, old: str, new: str) -> str:
    """A registry export's change record: a comment naming the replaced value, then the key."""
    return f'; {label} of {department} changed, old value "{old}"\n{key} = "{new}"'


def _registry_value(department: str, key: str, value: str) -> str:
    return f'[{department}]\n{key} = "{value}"'


LEEDS = "Leeds's transport department"
LEEDS_TRANSPORT = [
    # (text, year written, similarity): two slots of one department, each with its history,
    # and other cities' departments under the same labels
    (
        _registry_change(
            "official name",
            LEEDS,
            "official_name",
            "Leeds Highways Office",
            "Leeds Transport Agency",
        ),
        2023,
        0.74,
    ),
    (_registry_value(LEEDS, "director", "Maya Osei"), 2025, 0.60),
    (_registry_change("director", LEEDS, "director", "Tom Reyes", "Ana Ruiz"), 2024, 0.64),
    (_registry_value(LEEDS, "director", "Tom Reyes"), 2021, 0.62),
    (_registry_value(LEEDS, "official_name", "Leeds Highways Office"), 2019, 0.61),
    (
        _registry_value("York's housing department", "official_name", "York Homes Office"),
        2022,
        0.52,
    ),
    (
        _registry_change(
            "official name",
            "Hull's water department",
            "official_name",
            "Hull Water Board",
            "Hull Water Agency",
        ),
        2020,
        0.50,
    ),
    (_registry_value("Derby's parks department", "director", "Lena Park"), 2024, 0.45),
    *(
        (_registry_value(f"{city}'s {what} department", "official_name", name), 2018, similarity)
        for city, what, name, similarity in [
            ("Bath", "health", "Bath Health Office", 0.44),
            ("Ely", "culture", "Ely Arts Office", 0.43),
            ("Wells", "energy", "Wells Power Office", 0.42),
            ("Ripon", "welfare", "Ripon Care Office", 0.41),
        ]
    ),
]


def test_another_label_of_the_subject_is_another_slot() -> None:
    """The question's words are the label two of the department's statements are written
    under ("official name"); two others share a label of their own ("director"). The
    newest director, within the band and naming the department, is another slot: the
    official name's change stays first (before, "Maya Osei" went first)."""
    texts, years, relevance = (list(column) for column in zip(*LEEDS_TRANSPORT, strict=True))
    order = _slot_order(
        "What is the official name of Leeds's transport department?", texts, years, relevance
    )
    assert order.order[0] == 0
    assert not {1, 2, 3} & (set(order.newest) | set(order.newest.values()))


@pytest.mark.parametrize(
    "labels",
    [
        ("tier", "plan", "subscription"),  # the question's label written once
        ("tier", "plan", "plan"),  # ... beside another written twice
        ("tier", "tier", "plan", "subscription"),  # twice, the others once each
    ],
)
def test_one_slot_under_several_labels_stays_one_slot(labels: tuple[str, ...]) -> None:
    """One account's plan written under several labels: the statements missing the asked
    one ("tier") are its versions in other words, and the newest comes first however the
    labels repeat, unless two missing it share a label while the asked one is written
    twice (then that is a second slot, and no fixture here has one)."""
    plans = ["Free", "Starter", "Team", "Business"]
    texts = [
        f'{{"account": "Harbor & Pine Dental", "{label}": "{plan}"}}'
        for label, plan in zip(labels, plans, strict=False)
    ]
    years = [2018 + n for n in range(len(texts))]
    relevance = [0.44 - 0.05 * n for n in range(len(texts))]
    order = _slot_order("Which tier does Harbor & Pine Dental pay for?", texts, years, relevance)
    assert order.order[0] == len(texts) - 1


def _slot_order(
    question: str, texts: list[str], years: list[int], relevance: list[float]
) -> SlotOrder:
    return newest_of_slot_first(question, texts, [_at(y) for y in years], relevance, band=0.25)


def test_a_near_twin_names_another_subject() -> None:
    """Two customers, Northwind Travel and Northwind Traders, share the rare word; the common
    one, written as part of the name, tells them apart: the newer Traders fact is not
    Travel's."""
    texts = [
        "Tool result: customer Northwind Travel, preferred_channel=email (as of 2021-09-10)",
        "Tool result: customer Northwind Travel, preferred_channel=Teams (as of 2021-12-12)",
        "Tool result: customer Northwind Traders, preferred_channel=phone (as of 2023-02-26)",
        "Tool result: customer Northwind Traders, preferred_channel=Slack (as of 2024-01-29)",
    ]
    written = [datetime.fromisoformat(text[-11:-1]).replace(tzinfo=UTC) for text in texts]
    order = newest_of_slot_first(
        "How does Northwind Travel prefer to be contacted now?",
        texts,
        written,  # each written the day its note names
        [0.48, 0.42, 0.41, 0.39],
        band=0.25,
    )
    assert texts[order.order[0]].endswith("Teams (as of 2021-12-12)")
    assert set(order.newest) <= {0} and order.newest.get(0, 1) == 1


def test_hits_naming_the_whole_subject_go_above_a_near_twin() -> None:
    """The best hit by similarity is the twin "billing-api": among the near-equal hits, the
    ones naming "billing-web" come first, newest first, and the twin keeps its own order."""
    texts = [
        '{"repo": "billing-api", "default_branch": "main", "fetched": "2022-04-26"}',
        '{"repo": "billing-web", "default_branch": "main", "fetched": "2022-11-23"}',
        '{"repo": "billing-web", "default_branch": "master", "fetched": "2022-05-12"}',
        '{"repo": "billing-api", "default_branch": "trunk", "fetched": "2023-02-01"}',
    ]
    order = _slot_order(
        "Which branch is the default on billing-web now?",
        texts,
        [2022, 2022, 2022, 2023],
        [0.468, 0.464, 0.463, 0.455],
    )
    assert [texts[i][10:21] for i in order.order] == [
        "billing-web",
        "billing-web",
        "billing-api",
        "billing-api",
    ]
    assert "2022-11-23" in texts[order.order[0]]


def test_a_name_no_hit_writes_whole_keeps_the_subject_it_has() -> None:
    """Asked of "Sam Patel" where the notes say only "Sam": the full name joins no subject,
    so the notes are still one slot and the newer comes first."""
    texts = ["Sam's office day is Tuesday.", "Sam's office day is Thursday now."]
    order = _slot_order(
        "Which day is Sam Patel in the office?",
        texts,
        [2022, 2023],
        [0.62, 0.60],
    )
    assert order.order == [1, 0]


def test_a_one_word_name_common_in_english_names_the_subject() -> None:
    """A one-word name ("Microsoft") is common in written English, yet capitalised inside the
    question and written by the hits near the top it is the subject: its newer
    headquarters comes first although the two notes share no label."""
    texts = [
        "name,headquarters,updated\nMicrosoft,Albuquerque,1975-04-04",
        "subject;field;current_value;since\nMicrosoft;headquarters;Redmond;1986-02-26",
        "name,headquarters,updated\nAmazon,Seattle,1996-01-01",
    ]
    order = _slot_order("Where is Microsoft based?", texts, [1975, 1986, 1996], [0.64, 0.485, 0.40])
    assert order.order == [1, 0, 2]


def test_a_name_of_common_words_names_the_subject() -> None:
    """A name of common English words ("Marcus Bell") that the hits near the top write
    whole is the question's subject: the newer of its two statements comes first though
    neither says "home city" (another person's note stays below)."""
    texts = [
        "Where does Marcus Bell live? → Bristol. Last checked February 2015.",
        "Which city is Marcus Bell based in? Cardiff (verified 22 August 2022)",
        "What does Priya Raman do for a living? → data analyst. Last checked May 2023.",
    ]
    order = _slot_order(
        "What is Marcus Bell's home city now?", texts, [2015, 2022, 2023], [0.79, 0.71, 0.34]
    )
    assert order.order == [1, 0, 2]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("search-svc on-call: Mia Chen", "search-svc-eu on-call: Mia Chen"),
        ("auth-gateway pins openssl 3.2", "auth-gateway-v2 pins openssl 3.2"),
        ("The orders_db backup runs nightly.", "The orders_db_replica backup runs nightly."),
    ],
)
def test_an_identifier_is_one_name(one: str, other: str) -> None:
    """ "search-svc" is not a vaguer "search-svc-eu": the same value said of two identified
    things is two facts (never merged), and another value is no change of the other's."""
    assert not may_restate(one, other)
    assert compare_slots(one, other).verdict is SlotVerdict.DIFFERENT
    assert compare_slots(one, other.replace("Mia Chen", "Ola Berg")).verdict is not (
        SlotVerdict.CHANGE
    )


def test_the_same_identifier_said_twice_may_be_one_statement() -> None:
    assert may_restate("search-svc on-call: Mia Chen", "On-call for search-svc: Mia Chen")


def test_hits_naming_the_asked_identifier_whole_go_above_its_longer_twin() -> None:
    texts = [
        "auth-gateway-v2 now pins openssl 3.3",
        "auth-gateway pins openssl 3.2",
        "auth-gateway-v2 pins openssl 3.1",
    ]
    order = _slot_order(
        "Which openssl does auth-gateway pin?",
        texts,
        [2024, 2023, 2022],
        [0.71, 0.70, 0.69],
    )
    assert texts[order.order[0]] == "auth-gateway pins openssl 3.2"
    assert 1 not in order.newest


_SAME_ORDER_IN_ANY_PROCESS = """
import json, sys
from collections.abc import Sequence
from datetime import UTC, datetime
from curation._change import newest_of_slot_first
hits = json.loads(sys.argv[1])
order = newest_of_slot_first(
    "On which day of the week does payments-core switch on-call?",
    [text for text, _, _ in hits],
    [datetime.fromisoformat(day).replace(tzinfo=UTC) for _, _, day in hits],
    [relevance for _, relevance, _ in hits],
    band=0.25,
)
print(order.order, sorted(order.newest.items()))
"""
_HANDOVER_HITS = [  # best first; the handover day and the on-call of two twins
    ("ok so the weekly handover day of payments-core is Monday", 0.701, "2023-01-19"),
    (
        "ok so the weekly handover day of payments-core-eu switched to Thursday, not monday "
        "anymore",
        0.690,
        "2023-09-24",
    ),
    ("fyi the weekly handover day of payments-core-eu changed to Monday", 0.654, "2023-05-30"),
    ("note to self: the weekly handover day of payments-core-eu = Tuesday", 0.580, "2023-01-24"),
    ("ok so the primary on-call for payments-core is Ana Souza", 0.578, "2023-03-18"),
    ("the primary on-call for payments-core is Chen Wei now btw", 0.553, "2023-09-10"),
    (
        "ok so the weekly handover day of data-pipelines switched to Thursday, not wednesday "
        "anymore",
        0.547,
        "2023-05-27",
    ),
    (
        "ok so the primary on-call for payments-core switched to Ben Okafor, not ana souza anymore",
        0.482,
        "2023-06-27",
    ),
    ("fyi payments-core's escalation contact is Rachel Stein", 0.401, "2023-06-01"),
    ("ok so the day data-pipelines passes the pager on is Wednesday", 0.398, "2023-03-20"),
]


def test_the_order_is_the_same_in_every_process() -> None:
    """Scores and orders are deterministic: the slot weights are summed in one order, not
    in the order a process happens to hash the question's words."""
    outputs = {
        subprocess.run(
            [sys.executable, "-c", _SAME_ORDER_IN_ANY_PROCESS, json.dumps(_HANDOVER_HITS)],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in range(1, 7)
    }
    assert len(outputs) == 1, outputs


def test_a_statement_in_words_of_its_own_is_the_asked_slot_when_the_subject_shows_one() -> None:
    """The question's slot word ("employer") is held by the older statement only; with no
    second slot in evidence, the newer one in words of its own is that slot paraphrased."""
    texts = [
        "Hi Priya, as confirmed in the call on 13 March 2020, Amara Okafor's employer is Deloitte.",
        "Hello Sam — Amara Okafor works at Canva, following the review on 23 January 2021.",
    ]
    order = _slot_order("What's Amara Okafor's employer now?", texts, [2020, 2021], [0.758, 0.637])
    assert order.order == [1, 0] and order.newest == {0: 1}


def test_two_statements_sharing_words_of_their_own_are_a_second_slot() -> None:
    """ "works at" said twice is a slot of its own: asked the home city, the newest employer
    is not taken for a paraphrase of it."""
    jobs = [f"Amara Okafor works at {employer}." for employer in ("Canva", "Deloitte")]
    home = "Amara Okafor's home city is Manchester."
    asked = "What is Amara Okafor's home city?"
    assert _slot_order(asked, [home, *jobs], [2019, 2021, 2024], [0.78, 0.64, 0.62]).order[0] == 0


def test_a_date_in_the_writers_future_is_the_value_not_when_it_held() -> None:
    """Written in 2023, "noted: 12 February 2024" reads as a validity note, but it lies in
    the writer's future: it is the date the statement states, and the later turn that
    moved the review is the newer word on the slot."""
    texts = [
        "user: for the record, the date of Anna Berg's next meds review is 12 February 2024\n"
        "agent: noted: 12 February 2024.",
        "user: the date of Anna Berg's next meds review changed, it's 22 September 2025 now\n"
        "agent: updated, 22 September 2025 from now on.",
        "user: heads up, the date of Anna Berg's next meds review switched to 3 March 2025\n"
        "agent: noted, replacing 9 August 2024 with 3 March 2025.",
    ]
    written = [datetime(2023, 1, 10, tzinfo=UTC), datetime(2023, 10, 21, tzinfo=UTC)]
    written.append(datetime(2023, 6, 25, tzinfo=UTC))
    order = newest_of_slot_first(
        "When is the next meds review for Anna Berg booked?",
        texts,
        written,
        [0.861, 0.765, 0.784],
        band=0.25,
    )
    assert order.order[0] == 1


def test_a_topic_in_common_words_has_no_paraphrases() -> None:
    """ "refund" is rare enough in English to read as a subject, but written as a common noun
    it names a topic: the refund lessons in other words are other lessons, and the newer
    one does not take the place of the one the question's words point at."""
    texts = [
        "Refunds over $500 need a supervisor's approval before they are issued.",
        "Customers can ask for a refund up to 21 days after delivery.",
    ]
    order = _slot_order("Can I issue an $800 refund myself?", texts, [2023, 2024], [0.74, 0.62])
    assert order.order == [0, 1] and not order.newest


def test_an_identifier_asked_whole_names_the_subject_among_other_things_notes() -> None:
    """Every account's budget notes share one frame, so "web-frontend" is held by few of
    the hits near the top; written whole by one of them, it still names the subject, and
    its note goes above another account's closer one."""
    texts = [
        '{"account": "data-lake", "budget_owner": "Zoe Adler", "as_of": "2023-11-14"}',
        '{"account": "web-frontend", "budget_owner": "Hana Novak", "as_of": "2023-02-08"}',
        '{"account": "sandbox-dev", "budget_owner": "Erik Sundqvist", "as_of": "2023-09-08"}',
        '{"account": "ml-training", "budget_owner": "Mateo Ruiz", "as_of": "2023-06-13"}',
    ]
    order = _slot_order(
        "Whose name is on the web-frontend budget now?",
        texts,
        [2023, 2023, 2023, 2023],
        [0.45, 0.43, 0.42, 0.40],
    )
    assert order.order[0] == 1


def test_the_parts_of_an_identifier_asked_whole_are_no_slot_words() -> None:
    """The "eu" of "analytics-prod-eu" names the account, not what is asked of it: the
    account's newer budget owner does not "cover" the asked spend report by that word, join
    it as one slot and go first."""
    texts = [
        "analytics-prod-eu spend report goes to #finops-eu (as of 2023-03-13)",
        "analytics-prod spend report goes to #finops (as of 2023-04-10)",
        "analytics-prod spend report goes to #finops-2 (as of 2023-08-28)",
        "analytics-prod-eu budget owner: Hana Novak (as of 2023-04-18)",
        "ci-runners spend report goes to #ci (as of 2023-04-12)",
        "analytics-prod-eu budget owner: Zoe Adler (as of 2023-06-11)",
        "web-frontend spend report goes to #web (as of 2023-03-29)",
    ]
    order = _slot_order(
        "Where does the spend report for analytics-prod-eu go now?",
        texts,
        [2024] * len(texts),  # written after every note
        [0.52, 0.49, 0.47, 0.38, 0.38, 0.38, 0.38],
    )
    assert order.order[0] == 0
    assert 0 not in order.newest


@pytest.mark.parametrize(
    ("other", "jumps"),
    [
        ("Universal Music Group | annual revenue | €10.34 billion | updated 2023-03-02", False),
        ("Universal Music Group | revenue share | 12% | updated 2023-03-02", False),
        ("Universal Music Group | chief executive | Sir Lucian Grainge | updated 2023-03-02", True),
    ],
)
def test_a_newer_hit_measuring_something_else_is_another_slot(other: str, jumps: bool) -> None:
    """Near-equal hits of one subject go newest first (the heuristic's move) only among
    statements measuring the same kind of thing: an amount or a share beside a name is
    another slot of the subject, however much newer. A newer name still jumps."""
    texts = ["Universal Music Group | chief executive | Lucian Grainge | updated 2011-01-01", other]
    order = _slot_order("Who runs Universal Music Group?", texts, [2011, 2023], [0.60, 0.58])
    assert (order.order[0] == 1) is jumps


def test_two_amounts_of_one_subject_are_still_ordered_newest_first() -> None:
    """The same kind on both sides is no evidence of two slots: the newer amount comes first."""
    texts = [
        "Universal Music Group | annual revenue | €10.34 billion | updated 2023-03-02",
        "Universal Music Group | revenue | €11.83 billion | updated 2025-03-06",
    ]
    order = _slot_order(
        "What is Universal Music Group's turnover?", texts, [2023, 2025], [0.60, 0.58]
    )
    assert order.order[0] == 1


@pytest.mark.parametrize(
    ("question", "older", "newer"),
    [
        (  # gdb names each value it prints "$3 = …": no amount
            "What is the latest legal tender in Kosovo?",
            '(gdb) p fact->currency\n$3 = "the Deutsche Mark"\n(gdb) p fact->entity\n$4 = "Kosovo"',
            'Hardware watchpoint 2: fact->currency\n\nOld value = "the Deutsche Mark"\n'
            'New value = "the euro"\nkb_refresh (entity="Kosovo") at kb.c:301',
        ),
        (  # a Perl list history's index before a quoted value: its words run together
            # read "1 euro", an amount the text never writes
            "What do shoppers in Latvia pay with at the till?",
            "$VAR1 = {\n  'entity' => 'Latvia',\n  'currency' => 'the lats',\n"
            "  'since' => '1993-03-05'\n};",
            "  DB<2> x $kb->{'Latvia'}{'currency_history'}\n0  ARRAY(0x55d0c8)\n"
            "   0  'the lats'\n   1  'the euro'",
        ),
    ],
)
def test_a_debuggers_transcript_states_no_amount_it_does_not_write(
    question: str, older: str, newer: str
) -> None:
    """Read as money, a debugger's value names and list indexes made one side "measure"
    something the other did not, so the newer value stayed below as another slot."""
    order = _slot_order(question, [older, newer], [1999, 2014], [0.42, 0.37])
    assert order.order[0] == 1


def test_a_name_joined_by_a_connector_names_the_subject() -> None:
    """ "Reserve Bank of Australia" is one name of common words, joined by "of": the bank's
    newer statement goes first though other central banks' notes sit between the two."""
    texts = [
        "Reserve Bank of Australia: governor changed from Glenn Stevens to Philip Lowe",
        "Bank of Israel: governor is Amir Yaron",
        "Bank of Canada: governor is Mark Carney",
        "Reserve Bank of Australia: governor changed from Philip Lowe to Michele Bullock",
    ]
    order = _slot_order(
        "Who is the governor of the Reserve Bank of Australia?",
        texts,
        [2016, 2018, 2008, 2023],
        [0.52, 0.49, 0.49, 0.37],
    )
    assert order.order[0] == 3


def test_a_connector_joins_no_title_to_a_name() -> None:
    """ "CEO of United Airlines": the statements writing "United Airlines" do not write
    "CEO", so the two are two names and the airline's statements in other words ("chief
    executive") still name the subject: its newest goes first."""
    texts = [
        "United Airlines: chief executive is Oscar Munoz",
        "American Airlines: chief executive is Doug Parker",
        "United Airlines: chief executive changed from Oscar Munoz to Scott Kirby",
        "Star Alliance CEO of the year: United Airlines",
    ]
    order = _slot_order(
        "Who most recently became CEO of United Airlines?",
        texts,
        [2015, 2019, 2020, 2010],
        [0.55, 0.50, 0.48, 0.30],
    )
    assert order.order[0] == 2


A_RECORDS_OWN_DATE = {  # a date filling a field of its own: the record's note, with its day
    "03/01/19 Tomasz Wieczorek — emp: Siemens (per AM)": "2019-03-01",
    "NB Tomasz Wieczorek emp = Zalando; f/u nxt wk (10/29/19)": "2019-10-29",
    "Data Platform pages go to Aiko Tanabe — as of this morning, 22.02.2023.": "2023-02-22",
    "Sunday 2 January 2022. Sorted out ml-pipelines: it merges into dev by default.": "2022-01-02",
    '1994-06-01 custom "chief_executive" "Tim Finchem"': "1994-06-01",
    "1995-09-03\tLas Vegas Raiders\thome stadium\tOakland Coliseum": "1995-09-03",
    "New England Patriots\tstarting_qb\tTom Brady\t2001-09-30": "2001-09-30",
    "Iga Świątek & head coach & Tomasz Wiktorowski & 2021-10-01 \\\\": "2021-10-01",
    "(IBM, headquarters, Armonk) @ 1964-06-01": "1964-06-01",
    "<tr><td>New England Patriots</td><td>head coach</td><td>27/01/2000</td></tr>": "2000-01-27",
    "# payments-core (oncall/rotations.yaml, 2023-01-19)\npayments-core:\n  handover_day: Monday": (
        "2023-01-19"
    ),
    "Journal, 1916-07-15: I learned that the headquarters city of Boeing is Seattle.": (
        "1916-07-15"
    ),
    "-- December 1995\nUPDATE entities SET project_lead = 'Yukihiro Matsumoto';": "1995-12-01",
    "BEGIN:VEVENT\nDTSTART:2012-02-14\nSUMMARY:project lead (Kotlin)\nEND:VEVENT": "2012-02-14",
    "@misc{titles, title = {Tiger Woods}, note = {14 major titles}, year = {2008}}": "2008-01-01",
    '<dl><dt>Las Vegas Raiders</dt><dd class="since">since 1995</dd></dl>': "1995-01-01",
    '<p>Tom Brady <time datetime="2001-09-30">that autumn</time></p>': "2001-09-30",
    "<record><president>Lee Bollinger</president><since>2002</since></record>": "2002-01-01",
    'entity: "Booker Prize Foundation" value: "Gaby Wood" since_year: 2015': "2015-01-01",
}


@pytest.mark.parametrize(("text", "day"), A_RECORDS_OWN_DATE.items())
def test_a_date_in_a_field_of_its_own_is_the_records_note(text: str, day: str) -> None:
    """A log line's leading stamp, a table's or a TSV's last column, a date closing an aside
    or a short header, a field named for the moment: when the record held, set apart (left
    in, two versions of one record differ twice, in the value and in the date)."""
    statement = read_statement(text)
    assert statement.valid_from == datetime.fromisoformat(day).replace(tzinfo=UTC)
    assert not [word for word in statement.words if day[:4] in word]


A_DATE_THAT_IS_THE_VALUE = [
    ("**LT-0471 — warranty end date?**\n3 June 2026. _Updated 2022-12-08._", "2026"),
    (
        "> when did we last drill the search cluster?\nNovember 12, 2023 — checked 12 Nov 2023",
        "2023",
    ),
    ("renewal_dates:\n  - 2021-03-01", "2021-03-01"),
    ("The renewal date: 1 March 2021", "2021"),
    ("2023-05-08 is the launch date of Orbit.", "2023-05-08"),
    ("Moved the launch to Friday, 12 May 2023: please update the calendar.", "2023"),
    ("Friday — the data platform team's on-call handover day [2020-10-02]", "friday"),
    ("**Sam Patel — office day?**\nTuesday. _Updated 2022-01-07._", "tuesday"),
]


@pytest.mark.parametrize(("text", "value"), A_DATE_THAT_IS_THE_VALUE)
def test_a_date_a_label_or_a_question_introduces_stays_the_value(text: str, value: str) -> None:
    """A date on the line answering a question, under a label, or that a sentence goes on
    from is what the statement says; a leading weekday is a value (it names no moment)."""
    assert value in read_statement(text).words


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "1995-09-03\tLas Vegas Raiders\thome stadium\tOakland Coliseum",
            "2020-07-31\tLas Vegas Raiders\thome stadium\tAllegiant Stadium",
        ),
        (
            "Iga Świątek & head coach & Piotr Sierzputowski & 2016 \\\\",
            "Iga Świątek & head coach & Tomasz Wiktorowski & 2021 \\\\",
        ),
        (
            "# kestrel-cli (requirements/pins.yaml, 2023-01-19)\nkestrel-cli:\n  python: 3.11",
            "# kestrel-cli (requirements/pins.yaml, 2023-07-27)\nkestrel-cli:\n  python: 3.12",
        ),
        (
            "billing-api:\n  python_version: 3.11\n",
            "billing-api:\n  python_version: 3.13  # was 3.11\n",
        ),
    ],
)
def test_two_versions_of_one_record_are_one_change(older: str, newer: str) -> None:
    """With its own date set apart (and a config comment's "# was …"), a record's next
    version differs from it in the value alone."""
    found = compare_slots(older, newer)
    assert found.verdict is SlotVerdict.CHANGE, found.reason


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("(08/21/19)", "2019-08-21"),  # only month first fits
        ("(26/09/2004)", "2004-09-26"),  # only day first fits
        ("(03/09/2004)", "2004-03-09"),  # either: a slashed date is month first
        ("(03.09.2004)", "2004-09-03"),  # either: a dotted date is day first
        ("(01/02/70)", "1970-01-02"),  # a two-digit year as POSIX reads it
    ],
)
def test_a_numeric_date_is_read_in_the_order_its_numbers_allow(text: str, day: str) -> None:
    statement = read_statement(f"The on-call owner is Lee Park {text}")
    assert statement.valid_from == datetime.fromisoformat(day).replace(tzinfo=UTC)


def test_a_day_written_without_its_year_can_be_the_value() -> None:
    found = compare_slots("The launch is on May 8", "The launch is on May 15")
    assert found.verdict is SlotVerdict.CHANGE
    assert (found.older_value, found.newer_value) == ("05-08", "05-15")


@pytest.mark.parametrize(
    ("notes", "first"),
    [
        (("confirmed Jan 08", "confirmed Jan 18"), 1),
        # written on 5 January: a 30 December is last year's, older than 3 January
        (("confirmed Dec 30", "confirmed Jan 03"), 1),
        (("confirmed Jan 03", "confirmed Dec 30"), 0),
    ],
)
def test_a_day_without_its_year_orders_one_batch_by_the_writers_year(
    notes: tuple[str, str], first: int
) -> None:
    """Imported in one batch, the notes' days are the only order; a day written without
    its year is the writer's: its latest on or before the moment it was written."""
    texts = [
        f"The on-call owner for payments-api is {who} ({note})"
        for who, note in zip(("Lee Park", "Mei Tanaka"), notes, strict=True)
    ]
    written = datetime(2024, 1, 5, tzinfo=UTC)
    found = newest_of_slot_first(
        "Who is the on-call owner for payments-api?",
        texts,
        [written] * 2,
        [0.70, 0.70],
        band=0.25,
    )
    assert found.order[0] == first


def test_a_write_time_within_the_year_a_note_names_places_the_statement() -> None:
    """ "… & 2025" written on 28 October 2025 held from some day of 2025: its write time,
    not 1 January, places it beside a version noted "2025-04-15" (read as 1 January, the
    newer release went below the older)."""
    texts = [
        "Fedora (latest release) & Fedora 41 $\\to$ Fedora 42 & 2025-04-15 \\\\",
        "Fedora & latest release & \\sout{Fedora 42} Fedora 43 & 2025 \\\\",
    ]
    written = [datetime(2025, 4, 15, tzinfo=UTC), datetime(2025, 10, 28, tzinfo=UTC)]
    found = newest_of_slot_first(
        "What is the latest release of Fedora?", texts, written, [0.80, 0.79], band=0.25
    )
    assert found.order[0] == 1
    statement = read_statement(texts[1])
    assert statement.held_from(written[1]) == written[1]
    assert statement.held_from(datetime(2026, 2, 1, tzinfo=UTC)) == datetime(2025, 1, 1, tzinfo=UTC)


PINECREST = [
    "In January 2021, the Pinecrest Dental account switched to the Free plan.",
    "The Pinecrest Dental account switched to the Starter plan in June 2021.",
    "In June 2021, the renewal of the Pinecrest Dental account was moved to 21 June 2022.",
    "The renewal of the Pinecrest Dental account was moved to 30 September 2022 in February 2022.",
]
OTHER_ACCOUNTS = [  # other accounts' plans: "plan" is common in the store, "dental" is not
    "In March 2019, the Halvorsen Logistics account switched to the Starter plan.",
    "The Vesta Schools account switched to the Enterprise plan in August 2023.",
    "The Mirabel Studio account switched to the Starter plan in December 2022.",
    "In May 2023, the Halvorsen Logistics account switched to the Enterprise plan.",
]


def test_a_word_of_the_subjects_name_does_not_keep_another_slot_in_the_group() -> None:
    """ "account" of "the Pinecrest Dental account" is in every statement of the subject:
    the renewal notes, far from the question's frame and sharing words of their own, are
    another slot because they miss "plan", the question's most telling word the closest
    statement holds (sharing "account" kept them, and the newest renewal came first)."""
    frames = dict(zip(PINECREST, (0.726, 0.701, 0.478, 0.466), strict=True))

    def frame_relevance(query: str, texts: Sequence[str]) -> list[float]:
        """The frames' closeness to the question's, as MiniLM scored them (each text
        comes without the subject's words: found by its remaining words)."""
        return [
            next((v for t, v in frames.items() if set(text.split()) <= set(t.split())), 0.3)
            for text in texts
        ]

    found = newest_of_slot_first(
        "Which plan is the Pinecrest Dental account on?",
        PINECREST + OTHER_ACCOUNTS,
        [_day(2021, 1, 4), _day(2021, 6, 21), _day(2021, 6, 21), _day(2022, 2, 14)]
        + [_day(2020, 1, 1)] * 4,
        [0.839, 0.822, 0.748, 0.722, 0.357, 0.334, 0.333, 0.331],
        band=0.25,
        frame_relevance=frame_relevance,
        frame_band=0.20,
    )
    assert found.order[0] == 1


def _day(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


# one person's manager and office day among a near-namesake's and colleagues' notes (text,
# written, relevance), best first as recall gives them for "Who does Samir Patel report to now?"
SAMIR_AND_OTHERS = [
    (
        "Apr 20, 2022: spent an hour on Samir Patel; Samir Patel reports to Grace Liu.",
        _day(2022, 4, 20),
        0.659,
    ),
    ("24 May 2021: Samir Patel comes into the office on Wednesday.", _day(2021, 5, 24), 0.653),
    ("7 January 2022: Sam Patel comes into the office on Tuesday.", _day(2022, 1, 7), 0.642),
    ("1 April 2021: Sam Patel is mentored by Omar Haddad.", _day(2021, 4, 1), 0.636),
    ("Jan 22, 2023: Sam Patel reports to Grace Liu.", _day(2023, 1, 22), 0.606),
    (
        "21 February 2022: Samir Patel comes in on Monday now, no longer Wednesday.",
        _day(2022, 2, 21),
        0.546,
    ),
    (
        "Nov 30, 2022: Samir Patel switched to Friday (the office day used to be Monday).",
        _day(2022, 11, 30),
        0.528,
    ),
    ("22 August 2021: Sam Patel's mentor is now Ruth Mensah.", _day(2021, 8, 22), 0.526),
    (
        "12 December 2023: Sam Patel's manager moved from Grace Liu to Omar Haddad.",
        _day(2023, 12, 12),
        0.472,
    ),
    ("25 December 2022: Ana Costa reports to Omar Haddad.", _day(2022, 12, 25), 0.443),
    (
        "Nov 13, 2022: Sam Patel switched to Thursday (the office day used to be Tuesday).",
        _day(2022, 11, 13),
        0.436,
    ),
    ("5 August 2023: Jonas Berg's manager is now Grace Liu.", _day(2023, 8, 5), 0.390),
    ("3 March 2022: Ana Costa comes into the office on Monday.", _day(2022, 3, 3), 0.380),
    ("9 May 2022: Mia Chen reports to Ruth Mensah.", _day(2022, 5, 9), 0.371),
    ("2 June 2021: Jonas Berg reports to Omar Haddad.", _day(2021, 6, 2), 0.365),
]


def _ordered(question: str, hits: Sequence[tuple[str, datetime, float]]) -> SlotOrder:
    """Recall's order of ``hits`` (text, write time, relevance; best first) for ``question``."""
    return newest_of_slot_first(
        question,
        [text for text, _, _ in hits],
        [written for _, written, _ in hits],
        [relevance for _, _, relevance in hits],
        band=0.25,
    )


def test_a_word_of_the_subjects_name_is_no_slot_word_when_the_question_has_its_own() -> None:
    """ "Samir", rare among the hits (the near-namesake Sam Patel fills the top), weighed
    as a slot word: every note naming Samir covered the slot "report", so his office-day
    notes joined his manager note as one slot and the newest, "switched to Friday", went
    first. The question's own slot word tells his slots apart: the manager note stays
    first, and no office-day note is taken for its newer version."""
    found = _ordered("Who does Samir Patel report to now?", SAMIR_AND_OTHERS)
    assert found.order[0] == 0
    assert found.newest.get(0) not in {1, 5, 6}


ARMED_FORCES = [
    ("United States Navy: most senior officer Jonathan Greenert", _day(2011, 9, 23), 0.624),
    ("United States Marine Corps, most senior officer: Joseph Dunford", _day(2014, 10, 17), 0.617),
    ("Royal Navy | senior officer | Tony Radakin", _day(2019, 6, 19), 0.590),
    ("United States Navy | senior officer | Lisa Franchetti", _day(2023, 11, 2), 0.571),
    ("United States Air Force, most senior officer: Kenneth Wilsbach", _day(2025, 11, 3), 0.560),
    ("United States Army | senior officer | Randy George", _day(2023, 9, 21), 0.551),
    ("United States Navy: most senior officer Daryl Caudle", _day(2025, 8, 25), 0.540),
]


def test_a_name_of_common_words_names_the_subject_when_nothing_rare_does() -> None:
    """ "United States Navy": each word common, each in other forces' names, and most hits
    near the top are other forces'. Read as no subject, the question's near-equal hits
    were every force's senior officer, and the Air Force's newer one went first. The name,
    written whole by hits near the top, is the subject: the Navy's newest statement goes
    first, and no other force's statement is taken for a version of it."""
    found = _ordered("Who is the most senior officer of the United States Navy?", ARMED_FORCES)
    assert found.order[0] == 6
    assert set(found.newest) <= {0, 3}
    assert found.order.index(4) > found.order.index(3)


MYSQL_STEWARD = '"MySQL.steward" = "Sun Microsystems";'
MYSQL_STEWARD_DIFF = '-"MySQL.steward" = "Sun Microsystems";\n+"MySQL.steward" = "Oracle";'


def test_a_diffs_removed_line_is_the_value_it_replaced() -> None:
    """A unified diff's removed line states nothing now: it names the value the added line
    replaced, as "previous: …" does. Read as stated, the older fact folded into its own
    replacement as a duplicate, and recall kept it on top of the diff far below it."""
    found = compare_slots(MYSQL_STEWARD, MYSQL_STEWARD_DIFF)
    assert found.verdict is SlotVerdict.CHANGE and found.newer_value == "Oracle"
    assert not may_fold(MYSQL_STEWARD_DIFF, MYSQL_STEWARD)
    other = '"PostgreSQL.steward" = "the PostgreSQL Global Development Group";'
    order = newest_of_slot_first(
        "Who is the steward of MySQL?",
        [MYSQL_STEWARD, other, MYSQL_STEWARD_DIFF],
        [_at(2008), _at(2012), _at(2010)],
        [0.80, 0.60, 0.45],
        band=0.25,
    )
    assert order.order[0] == 2 and order.newest == {0: 2}


@pytest.mark.parametrize(
    "text",
    [
        "- Sun Microsystems\n- Oracle",  # a list's items, each stated
        "-Sun Microsystems\n-Oracle",  # removed lines with nothing added
        "--- before\n+++ after\nsteward: Oracle",  # a diff's header lines
    ],
)
def test_dashes_without_an_added_line_name_nothing_replaced(text: str) -> None:
    assert read_statement(text).former == ()


def test_only_a_changed_lines_old_version_names_a_replaced_value() -> None:
    """A snapshot diff's header ("- Snapshot  - 1") shares no key with an added line: it
    names nothing replaced, and the changed field's old value alone is the former one."""
    snapshot = (
        "- Snapshot  - 1\n+ Received  + 1\n\n  Object {\n"
        '-   "value": "Fabiola Gianotti",\n+   "value": "Mark Thomson",\n  }'
    )
    assert read_statement(snapshot).former == ("fabiola", "gianotti")


SUPREME_COURTS = [
    (
        "[Supreme Court of India]\npresiding_judge = Surya Kant\n; was B. R. Gavai",
        _day(2025, 11, 24),
        0.62,
    ),
    (
        "; presiding judge of US Supreme Court\n[US Supreme Court]\npresiding_judge = John Roberts",
        _day(2005, 9, 29),
        0.60,
    ),
]


def test_us_in_capitals_names_the_country() -> None:
    """ "US" in capitals is the country, not the pronoun "us": read as a function word, "the
    US Supreme Court" named only "Supreme Court", and India's newer presiding judge went
    first as its newest version."""
    found = _ordered("Who is the presiding judge of the US Supreme Court?", SUPREME_COURTS)
    assert found.order[0] == 1 and found.newest == {}


@pytest.mark.parametrize("written", ["U.S.", "U.S.A.", "USA"])
def test_the_country_written_with_stops_is_the_same_name(written: str) -> None:
    assert (
        read_statement(f"The {written} Supreme Court").words
        == read_statement("The US Supreme Court").words
    )


@pytest.mark.parametrize(
    ("text", "names_the_country"),
    [
        ("The US embassy in Cuba is on the Malecón.", True),
        ("Walmart's US store hours: 6 a.m. to 11 p.m.", True),
        ("Let us know when the embassy opens.", False),
        ("Us? We moved the embassy.", False),
        ("CALL US ABOUT THE EMBASSY", False),  # shouted: every word in capitals
    ],
)
def test_only_us_written_in_capitals_in_plain_text_is_a_content_word(
    text: str, names_the_country: bool
) -> None:
    assert ("usa" in read_statement(text).words) == names_the_country


RUGBY_COACHES = [
    ('{"data": {"head_coach": "Eddie Jones", "entity": "England"}}', _day(2015, 12, 1), 0.269),
    (
        '{"data": {"history": {"entity": "Wales", "label": "head coach", "from": "Warren Gatland",'
        ' "to": "Matt Sherratt", "when": "February 2025"}}}',
        _day(2025, 2, 11),
        0.264,
    ),
    (
        '{"data": {"history": {"entity": "England", "label": "head coach", "from": "Eddie Jones",'
        ' "to": "Steve Borthwick", "when": "December 2022"}}}',
        _day(2022, 12, 19),
        0.248,
    ),
    (
        '{"data": {"updateFact": {"entity": "Wales", "field": "head_coach", "old": "Wayne Pivac",'
        ' "new": "Warren Gatland", "effective": "2022-12-05"}}}',
        _day(2022, 12, 5),
        0.245,
    ),
    (
        '{"data": {"history": {"entity": "Ireland", "label": "head coach", "from": "Joe Schmidt",'
        ' "to": "Andy Farrell", "when": "November 2019"}}}',
        _day(2019, 11, 25),
        0.243,
    ),
    (
        '{"data": {"entity": {"name": "Ireland", "head_coach": "Joe Schmidt",'
        ' "validFrom": "2013-04-29"}}}',
        _day(2013, 4, 29),
        0.240,
    ),
    (
        '{"data": {"updateFact": {"entity": "Springboks", "field": "head_coach", "old":'
        ' "Jacques Nienaber", "new": "Rassie Erasmus", "effective": "2024-01-01"}}}',
        _day(2024, 1, 1),
        0.234,
    ),
    (
        '{"data": {"history": {"entity": "England", "label": "captain", "from": "Dylan Hartley",'
        ' "to": "Owen Farrell", "when": "January 2019"}}}',
        _day(2019, 1, 15),
        0.200,
    ),
    (
        '{"data": {"updateFact": {"entity": "England", "field": "captain", "old": "Owen Farrell",'
        ' "new": "Jamie George", "effective": "2024-01-10"}}}',
        _day(2024, 1, 10),
        0.171,
    ),
]


def test_a_one_word_name_of_a_common_word_names_the_subject_when_nothing_rare_does() -> None:
    """ "England", common in the language and written by few of the hits near the top
    (other teams' coaches), was no subject and weighed as the question's most telling slot
    word: every England statement covered the slot, and the newest, a captain change, went
    first. As the subject, England's head-coach statements are one slot and the newest of
    them goes first; no captain statement is taken for a version of it."""
    found = _ordered("Who is the head coach of England?", RUGBY_COACHES)
    assert found.order[0] == 2
    assert set(found.newest) <= {0}


def test_an_undated_version_in_a_batch_of_dated_ones_keeps_its_place() -> None:
    """Imported in one batch, a version without a note of its own has the import's write
    time, which says nothing of when it held: taken as the newest, it went above the
    dated current version. It keeps its place; the dated ones are ordered."""
    texts = [
        "Acme's plan is Basic (as of 2019)",
        "Acme's plan is Pro (as of 2021)",
        "Acme's plan is Free",
    ]
    found = newest_of_slot_first(
        "Which plan is Acme on?", texts, [_day(2024, 5, 1)] * 3, [0.80, 0.79, 0.78], band=0.25
    )
    assert found.order == [1, 0, 2]


def _frames_as_scored(
    scored: Sequence[tuple[str, datetime, float, float | None]],
) -> FrameRelevance:
    """A frame relevance giving each text the closeness MiniLM gave its frame (the text
    comes without the subject's words: found as the hit whose words hold all of its)."""

    def frame_relevance(query: str, texts: Sequence[str]) -> list[float]:
        def words(text: str) -> set[str]:
            return set(re.findall(r"\w+", text))

        return [
            next((f for t, _, _, f in scored if f is not None and words(text) <= words(t)), 0.0)
            for text in texts
        ]

    return frame_relevance


def _order(question: str, scored: Sequence[tuple[str, datetime, float, float | None]]) -> list[int]:
    return newest_of_slot_first(
        question,
        [text for text, _, _, _ in scored],
        [written for _, written, _, _ in scored],
        [similarity for _, _, similarity, _ in scored],
        band=0.25,
        frame_relevance=_frames_as_scored(scored),
        frame_band=0.20,
    ).order


# table rows: the subject's two slots near-equal in the question's similarity, each with
# versions (relevance and frames as MiniLM scored the same shapes)
LARKSPUR = [
    (
        "| customer | account_manager | since |\n| --- | --- | --- |\n"
        "| Larkspur Farms | Nadia Holm | Mar 12, 2022 |",
        _day(2022, 3, 12),
        0.652,
        0.474,
    ),
    (
        "| Larkspur Farms | account_manager | Ben Okoro (was Nadia Holm) | 28 January 2023 |",
        _day(2023, 1, 28),
        0.600,
        0.426,
    ),
    (
        "| Larkspur Farms | preferred contact channel | email | 14 November 2022 |",
        _day(2022, 11, 14),
        0.587,
        0.257,
    ),
    (
        "| Larkspur Farms | preferred contact channel | ~~email~~ a shared Slack channel | "
        "2023-04-25 |",
        _day(2023, 4, 25),
        0.567,
        0.228,
    ),
    (
        "| customer | account_manager | since |\n| --- | --- | --- |\n"
        "| Pebble Creek Co | Nadia Holm | Sep 5, 2022 |",
        _day(2022, 9, 5),
        0.407,
        None,
    ),
    (
        "| Mill Street Bakery | preferred contact channel | phone | 8 August 2021 |",
        _day(2021, 8, 8),
        0.376,
        None,
    ),
    (
        "| Pebble Creek Co | account_manager | Ivo Petrov (was Nadia Holm) | 17 October 2022 |",
        _day(2022, 10, 17),
        0.373,
        None,
    ),
    (
        "| customer | old account manager | new account manager | when |\n|---|---|---|---|\n"
        "| Harbour Sails | Joel Baptiste | Ben Okoro | Mar 11, 2023 |",
        _day(2023, 3, 11),
        0.353,
        None,
    ),
]


def test_a_near_equal_slot_far_from_the_questions_frame_is_not_a_version() -> None:
    """ "Who handles the Larkspur Farms account now?" names no slot word the rows hold;
    the subject's rows near the top are two slots, and the newest of them (the contact
    channel, 2023-04-25) went first. Those rows' frames, the texts without the subject's
    name, are far from the question's, and they share words of their own: another slot.
    The newest account manager comes first."""
    assert _order("Who handles the Larkspur Farms account now?", LARKSPUR)[0] == 1


# a subject whose every version is worded its own way: only the closest is near the
# question's frame, and the rest are its versions, not a second slot
HARBOR_PINE = [
    (
        "Hello Sam — Harbor & Pine Dental's subscription tier is Free, as discussed on 13 February "
        "2020. Regards, Ops",
        _day(2020, 2, 13),
        0.677,
        0.462,
    ),
    (
        "Hi team, just so you know: as discussed on 23 July 2021, Harbor & Pine Dental is on the "
        "Team plan. Thanks, Jo",
        _day(2021, 7, 23),
        0.618,
        0.192,
    ),
    (
        "Hi Priya — Harbor & Pine Dental moved to the Starter plan, since the change on 29 August "
        "2020. Cheers, Dev",
        _day(2020, 8, 29),
        0.541,
        0.116,
    ),
    (
        "Hi Priya, just so you know: as discussed on 20 September 2019, Northwind Logistics "
        "pays for Starter. Cheers, Dev",
        _day(2019, 9, 20),
        0.351,
        None,
    ),
    (
        "Hello Sam — Kestrel Aviation pays for Business, as confirmed in the call on 21 December "
        "2019. Thanks, Jo",
        _day(2019, 12, 21),
        0.313,
        None,
    ),
]


def test_the_closest_statement_alone_in_the_questions_frame_keeps_its_versions() -> None:
    """Taking the far statements out would leave the closest one alone: they are as likely
    its versions in other words ("subscription tier is Free" / "on the Team plan") as a
    second slot, and the newest stays first."""
    assert _order("As of today, which tier does Harbor & Pine Dental pay for?", HARBOR_PINE)[0] == 1


# tool results: the best hit's group is the question's slot ("menswear designer"); a
# newer result of another slot, near-equal but ungrouped, is not one of its versions
def _tool_result(content: str) -> str:
    return json.dumps({"type": "tool_result", "content": content})


def _tool_text(text: str) -> str:
    return json.dumps({"type": "tool_result", "content": [{"type": "text", "text": text}]})


MAISON_ARLO = [
    (
        _tool_result(
            "Maison Arlo menswear designer changed: Kim Jones -> Jonathan Anderson (April 2025)"
        ),
        _day(2025, 4, 17),
        0.341,
        0.419,
    ),
    (
        _tool_result(
            "Maison Arlo creative director changed: Maria Grazia Chiuri -> Jonathan Anderson "
            "(June 2025)"
        ),
        _day(2025, 6, 2),
        0.334,
        0.276,
    ),
    (
        _tool_result(
            "Maison Arlo chief executive changed: Pietro Beccari -> Delphine Arnault "
            "(February 2023)"
        ),
        _day(2023, 2, 1),
        0.322,
        0.231,
    ),
    (
        _tool_text("Maison Arlo: creative director is Raf Simons. Last updated April 2012."),
        _day(2012, 4, 9),
        0.279,
        0.229,
    ),
    (
        _tool_result(
            "Givry creative director changed: Clare Waight Keller -> Matthew Williams (June 2020)"
        ),
        _day(2020, 6, 15),
        0.263,
        None,
    ),
    (
        _tool_result(
            "Valdor creative director changed: Pierpaolo Piccioli -> Alessandro Michele "
            "(March 2024)"
        ),
        _day(2024, 3, 28),
        0.263,
        None,
    ),
    (
        _tool_result(
            "Gallo creative director changed: Alessandro Michele -> Sabato De Sarno (January 2023)"
        ),
        _day(2023, 1, 28),
        0.246,
        None,
    ),
    (
        _tool_text("Louvel: menswear designer is Kim Jones. Last updated March 2011."),
        _day(2011, 3, 29),
        0.243,
        None,
    ),
    (
        _tool_result(
            "Burwell creative director changed: Christopher Bailey -> Riccardo Tisci (March 2018)"
        ),
        _day(2018, 3, 1),
        0.234,
        None,
    ),
    (
        json.dumps(
            {
                "type": "tool_use",
                "name": "remember",
                "input": {
                    "subject": "Maison Arlo",
                    "predicate": "menswear designer",
                    "object": "Kris Van Assche",
                    "observed_at": "2007-04-12T10:42:00Z",
                },
            }
        ),
        _day(2007, 4, 12),
        0.233,
        0.253,
    ),
]


def test_an_ungrouped_hit_without_the_slots_words_is_not_a_version_of_the_best_group() -> None:
    """The menswear designer's results form the best hit's group; the creative director's
    newer result, near-equal, lacks "menswear" and went first."""
    assert _order("Who is the menswear designer of Maison Arlo?", MAISON_ARLO)[0] == 0


# shell exports: two countries' teams, each with an ODI and a Test captain
CAPTAINS = [
    ('export odi_captain="Tom Ashby"  # England cricket team ODI captain, was Liam Doyle', 0.584),
    ('export odi_captain="Arjun Rao"  # India cricket team ODI captain, was Vikram Nair', 0.579),
    ('export test_captain="Arjun Rao"  # India cricket team Test captain, was Vikram Nair', 0.548),
    (
        '# India cricket team: ODI captain Arjun Rao -> Kiran Das\nexport odi_captain="Kiran Das"',
        0.542,
    ),
    ('export test_captain="Oliver Grant"  # Test captain of England cricket team', 0.539),
    (
        'export test_captain="Sam Pike"  # England cricket team Test captain, was Oliver Grant',
        0.537,
    ),
    (
        '# England cricket team: ODI captain Tom Ashby -> Ben Hale\nexport odi_captain="Ben Hale"',
        0.535,
    ),
    (
        "# India cricket team: Test captain Arjun Rao -> Kiran Das\n"
        'export test_captain="Kiran Das"',
        0.521,
    ),
    ('export test_captain="Max Cole"  # Australia cricket team Test captain, was Tim Park', 0.508),
    (
        "# New Zealand cricket team: Test captain Ian Moss -> Kane Bell\n"
        'export test_captain="Kane Bell"',
        0.497,
    ),
    ('export test_captain="Dean Fox"  # South Africa cricket team Test captain', 0.490),
]


def test_a_common_word_name_that_tells_the_subjects_hits_apart_joins_the_subject() -> None:
    """ "England" is common in the language and most hits near the top (other teams' Test
    captains among them) do not write it, so only the rare "ODI" was read as the subject,
    and India's newer ODI captain came first. "England" tells apart the hits that hold
    "ODI": it names the subject too."""
    found = newest_of_slot_first(
        "Who is the ODI captain of the England cricket team?",
        [text for text, _ in CAPTAINS],
        [
            _day(2022, 6, 30),
            _day(2021, 12, 8),
            _day(2022, 2, 19),
            _day(2025, 10, 4),
            _day(2012, 8, 29),
            _day(2017, 2, 15),
            _day(2025, 4, 7),
            _day(2025, 5, 24),
            _day(2021, 11, 26),
            _day(2016, 2, 24),
            _day(2021, 3, 1),
        ],
        [similarity for _, similarity in CAPTAINS],
        band=0.25,
    )
    assert found.order[0] == 6


def test_to_be_before_a_participle_divides_nothing() -> None:
    found = compare_slots(
        "Mara Lind was confirmed as the head coach of the Falcons in March 2020.",
        "Jonas Berg has been recorded as the Falcons' head coach since 2022.",
    )
    assert found.verdict is SlotVerdict.CHANGE


# reminders: one contact-channel note closest to the question; the account's newer
# "loop in …" notes, one of them near-equal in relevance, lie far below it in the frame
CORRIN = [
    (
        "Going forward, reach out to Corrin Tools by Signal. Agreed 17 April 2021.",
        _day(2021, 4, 17),
        0.668,
        0.392,
    ),
    (
        "Going forward, loop in Ivo Marsh on anything for Corrin Tools. Agreed 26 June 2022.",
        _day(2022, 6, 26),
        0.579,
        0.064,
    ),
    (
        "Please loop in Lea Brandt on anything for Corrin Tools from now on; Ivo Marsh is out. "
        "Updated 2023-03-11.",
        _day(2023, 3, 11),
        0.506,
        0.063,
    ),
    (
        "Heads up: loop in Ivo Marsh on anything for Corrin Tools, not Lea Brandt any more "
        "(since Jan 10, 2023)",
        _day(2023, 1, 10),
        0.467,
        -0.044,
    ),
    (
        "Going forward, reach out to Pell Brothers by email. Agreed 14 November 2022.",
        _day(2022, 11, 14),
        0.237,
        None,
    ),
]


def test_the_closest_statement_alone_keeps_first_place_over_a_slot_far_below() -> None:
    """Left alone by the frame test, the closest statement keeps the others as its versions
    only while they are not far below even that: another slot's newer notes, this far from
    the question's frame, do not go first."""
    assert _order("How does Corrin Tools prefer to be contacted now?", CORRIN)[0] == 0


# another slot of the subject, newer and within the slot band, written unlike the question's
# slot (relevance as MiniLM scored the set-I shape these mirror; statements compared by the
# real model)
HARROWGATE = [
    ("TIL: the head of gaming at Harrowgate Games is Mara Lind, as of August 2016", 0.616),
    ("TIL that Harrowgate Games has the Pocketdeck as its handheld", 0.495),
    ("TIL Brightwell's head of gaming is Ivo Stern (since 2010)", 0.317),
]


def _alike_order(
    question: str,
    scored: Sequence[tuple[str, float]],
    written: Sequence[datetime],
    text_relevance: FrameRelevance | None,
) -> list[int]:
    return newest_of_slot_first(
        question,
        [text for text, _ in scored],
        written,
        [similarity for _, similarity in scored],
        band=0.25,
        text_relevance=text_relevance,
        alike_cosine=0.50,
    ).order


def test_another_slot_written_unlike_the_closest_statement_stays_below(
    minilm: MiniLMEmbedder,
) -> None:
    """Named with the subject and within the band, the handheld note joined the head's
    group and, newer, went first; written unlike it (cosine 0.39), it keeps its place."""
    question = "Who is the head of Harrowgate Games?"
    written = [_day(2016, 8, 1), _day(2022, 2, 25), _day(2010, 5, 1)]
    assert _alike_order(question, HARROWGATE, written, None)[0] == 1
    assert _alike_order(question, HARROWGATE, written, frame_relevance(minilm))[0] == 0


def test_a_version_in_another_shape_naming_the_replaced_value_stays_a_version(
    minilm: MiniLMEmbedder,
) -> None:
    """A spreadsheet formula replacing the chief executive a cell note states is written
    unlike it (cosine 0.36), but both name Ines Marlow, whom few hits name: one slot, and
    the newer goes first."""
    publishers = ("Larchmont Press", "Oriel House", "Tamsin & Crane", "Bellweather Books")
    others = [
        (f'Sheet3!ceo: "Pavel Ruud {n}"  \' {name} chief executive, since {1980 + n}', 0.29)
        for n, name in enumerate(publishers * 3)
    ]
    scored = [
        (
            "Sheet1!C7: Ines Marlow  ' Kestrel Books chief executive, was Tomas Reyes until "
            "October 2020",
            0.518,
        ),
        (
            '=REPLACE_FACT("Kestrel Books", "chief executive", "Ines Marlow", "Alma Voss", '
            'DATEVALUE("2025-01-06"))',
            0.305,
        ),
        *others,
    ]
    written = [_day(2020, 10, 1), _day(2025, 1, 6)] + [_day(2019, 1, 1)] * len(others)
    assert _alike_order("Who runs Kestrel Books?", scored, written, frame_relevance(minilm))[0] == 1


def test_recall_with_the_measured_model_keeps_another_slot_written_unlike_below(
    minilm: MiniLMEmbedder,
) -> None:
    """The policy's cosine for MiniLM reaches recall; at 0 (a model it was not measured
    on) every member of the group stays, and the newer handheld note goes first."""
    written = [_day(2016, 8, 1), _day(2022, 2, 25), _day(2010, 5, 1)]
    rows = [
        search_row(text, similarity, when)
        for (text, similarity), when in zip(HARROWGATE, written, strict=True)
    ]

    def first(policy: CurationPolicy) -> str:
        hits = rank_candidates(
            rows,
            {},
            policy,
            tenant="t",
            model=MINILM_MODEL,
            now=_day(2026, 11, 1),
            k=len(rows),
            curated=True,
            query="Who is the head of Harrowgate Games?",
            embedder=minilm,
        )
        return hits[0].content

    assert first(CurationPolicy()) == HARROWGATE[0][0]
    assert first(CurationPolicy(slot_alike_cosine={MINILM_MODEL: 0.0})) == HARROWGATE[1][0]


HARBOR_ROBOTICS = [
    ("Harbor Robotics chief executive: Lena Brandt", _day(2015, 3, 2), 0.50),
    ("Harbor Robotics — chief executive: Tomas Okoye", _day(2021, 6, 14), 0.46),
    ("Harbor Robotics — robots shipped a month: 1,200 robots", _day(2024, 1, 9), 0.45),
    ("Harbor Robotics — robots shipped a month: 2,000 robots", _day(2025, 2, 3), 0.44),
]


def test_a_who_question_takes_no_statement_naming_nobody_for_a_version() -> None:
    """ "Who" asks for a name. The question's words ("took the top job") are in no hit, so
    every statement of the subject covered its slot and the newest, a monthly count that
    names nobody, went first; it answers another question of the subject. The newer chief
    executive comes first, and no count is taken for a version of the chief executive."""
    found = _ordered("Who most recently took the top job at Harbor Robotics?", HARBOR_ROBOTICS)
    assert found.order[0] == 1
    assert found.newest.get(0) == 1
    assert not {2, 3} & set(found.newest.values())


def test_a_who_question_puts_a_near_hit_naming_someone_above_one_naming_nobody() -> None:
    """The best hit names nobody but the subject (a count): among the near-equal hits, the
    one naming a person goes above it, though it is older and less similar."""
    hits = [HARBOR_ROBOTICS[3], HARBOR_ROBOTICS[1]]
    assert _ordered("Who runs Harbor Robotics?", hits).order == [1, 0]


def test_a_who_question_written_all_in_lower_case_keeps_the_newest_first() -> None:
    """Notes written without capitals name nobody by the reading of names: then the
    question's kind tells nothing and the newest on-call note still goes first."""
    hits = [
        ("billing-api on-call: priya", _day(2023, 4, 3), 0.60),
        ("billing-api on-call: marco", _day(2024, 8, 19), 0.58),
    ]
    found = _ordered("who is on call for billing-api?", hits)
    assert found.order[0] == 1


def test_a_who_question_reads_a_name_written_first() -> None:
    """A value written first is a name too, when it reads as one: a word rare in the
    language ("Bravanta is the employer of …") or one before another capitalised word
    ("Lee So-ra is …"). The newer statement names someone and goes first, not the older
    one whose name happens to sit after its first word."""
    employers = [
        ("Vigo Port Authority is the employer of Ana Ruiz (as of 2012).", _day(2012, 1, 1), 0.62),
        ("Bravanta is the employer of Ana Ruiz (as of 2019).", _day(2019, 1, 1), 0.60),
    ]
    spouses = [
        ("Pedro Alves is the spouse of Ana Ruiz (as of 2010).", _day(2010, 1, 1), 0.62),
        ("Lee So-ra is the spouse of Ana Ruiz (as of 2018).", _day(2018, 1, 1), 0.60),
    ]
    assert _ordered("Who is the employer of Ana Ruiz?", employers).order[0] == 1
    assert _ordered("Who is the spouse of Ana Ruiz?", spouses).order[0] == 1


def test_a_who_question_keeps_the_newest_above_an_older_value_inside_the_subject() -> None:
    """The older occupant shares the building's name ("… has been Andrew Mellon"): it is a
    name all the same, and a statement read as naming nobody never stays above the newest
    one that names someone."""
    hits = [
        ("Since 1922, Halden Tower's occupant has been Halden.", _day(1922, 1, 1), 0.77),
        ("Since 1937, Halden Tower's occupant has been the Norsk Trust.", _day(1937, 1, 1), 0.66),
        ("Since 2016, Halden Tower's occupant has been Vestby Institute.", _day(2016, 1, 1), 0.65),
    ]
    assert _ordered("Who occupied Halden Tower?", hits).order[0] == 2


def test_a_who_question_lifts_no_answer_held_in_doubt() -> None:
    """A claim under an open conflict names a team, the other near hit names nobody: the
    claim answers the kind of question asked, but its doubt keeps it from climbing over the
    other for it (the A/B's refuted owner came first). Not in doubt, it climbs."""
    hits = [
        ("billing-service owners prefer feature flags for risky changes.", _day(2026, 6, 19), 0.60),
        ("billing-service is owned by the Search team.", _day(2026, 6, 14), 0.59),
    ]

    def order(doubted: list[bool]) -> list[int]:
        texts, written, relevance = zip(*hits, strict=True)
        question = "Who do I ask about changes to billing-service?"
        return newest_of_slot_first(
            question, texts, written, relevance, band=0.25, doubted=doubted
        ).order

    assert order([False, True]) == [0, 1]
    assert order([False, False]) == [1, 0]
