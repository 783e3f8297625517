"""Same subject and slot with a different value (curation/_slots.py): what counts as a
change, and what is two statements about different things."""

from __future__ import annotations

import pytest

from curation._slots import SlotVerdict, compare_slots


@pytest.mark.parametrize(
    ("older", "newer", "value"),
    [
        ("The user's plan is Basic", "The user's plan is Pro", ("Basic", "Pro")),
        ("Ana plays for Porto since 2019.", "Ana plays for Braga since 2023.", ("Porto", "Braga")),
        ("I have 3 cats", "I have 4 cats", ("3", "4")),
        (
            "Which team did Jan Koller play for from 1999? Anderlecht.",
            "Jan Koller played for which team from 2001? Borussia Dortmund.",
            ("Anderlecht", "Borussia Dortmund"),
        ),
        (
            "Which league did the Dukes play in from 1962? Texas League.",
            "Which league did the Dukes play in from 1972? Pacific Coast League.",
            ("Texas", "Pacific Coast"),
        ),
    ],
)
def test_one_value_changed_in_the_same_statement_is_a_change(
    older: str, newer: str, value: tuple[str, str]
) -> None:
    result = compare_slots(older, newer)
    assert result.verdict == SlotVerdict.SAME_SLOT, result.reason
    assert (result.older_value, result.newer_value) == value
    assert f"{value[0]!r} -> {value[1]!r}" in result.evidence


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        # two people, two teams: a subject and a value differ
        ("Ana plays for Porto", "Bo plays for Braga"),
        # a different subject with the same value: the changed words precede a shared name
        ("Ana plays for Porto", "Bo plays for Porto"),
        (
            "What was the operator of HMAS Cairns from 1946? Royal Netherlands Navy.",
            "What was the operator of HMAS Wollongong from 1946? Royal Netherlands Navy.",
        ),
        (
            "Which team was coached by Walter Mazzarri from 2009? Napoli.",
            "Which team was coached by Maurizio Sarri from 2010? Alessandria.",
        ),
        # one subject, two different slots (reached the final vs won a cup)
        (
            "Porto last reached the Champions League final in 2004.",
            "Porto last won the Europa League trophy in 2011.",
        ),
        # only the time differs: a restatement, not a change
        ("Ana moved to Lisbon in 2019.", "Ana moved to Lisbon in 2021."),
        # extra detail on one side only
        ("The launch is on May 8", "The launch is on May 8 at Cape Canaveral"),
    ],
)
def test_different_subjects_slots_or_mere_detail_are_not_a_change(older: str, newer: str) -> None:
    assert compare_slots(older, newer).verdict == SlotVerdict.DIFFERENT


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        # events at points in time accumulate (awards, visits)
        (
            "Which award did Ada Lovelace receive in 2005? Turing Medal.",
            "Which award did Ada Lovelace receive in 2008? Babbage Prize.",
        ),
        ("We visited Paris in 2019.", "We visited Rome in 2021."),
        # the newer marks itself as an addition to a multi-valued slot
        ("Ana speaks Portuguese.", "Ana also speaks Spanish."),
    ],
)
def test_multi_valued_relations_do_not_collapse(older: str, newer: str) -> None:
    assert compare_slots(older, newer).verdict == SlotVerdict.DIFFERENT


@pytest.mark.parametrize(
    ("older", "newer", "value"),
    [
        (  # the old value repeats the subject's words: no word of its own
            "Who was the chief executive officer of Acme Corporation from 2014? Acme.",
            "Who was the chief executive officer of Acme Corporation from 2015? Stefan Larsson.",
            ("Acme", "Stefan Larsson"),
        ),
        (  # and the other way round
            "What was the family name of Sarah Palfrey Cooke from 1934? Fabyan.",
            "What was the family name of Sarah Palfrey Cooke from 1940? Cooke.",
            ("Fabyan", "Cooke"),
        ),
        (  # a name that grew at its end
            "Who was the original broadcaster of Bingolotto from 1991? TV4.",
            "Who was the original broadcaster of Bingolotto from 2008? TV4 Plus.",
            ("TV4", "TV4 Plus"),
        ),
    ],
)
def test_a_value_found_by_aligning_the_two_statements_is_a_change(
    older: str, newer: str, value: tuple[str, str]
) -> None:
    result = compare_slots(older, newer)
    assert result.verdict == SlotVerdict.SAME_SLOT, result.reason
    assert (result.older_value, result.newer_value) == value


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (  # the grown name is the subject: a shared value follows it
            "Who was the head of Chemnitz from 1961? Dieter Noll.",
            "Who was the head of Chemnitz District from 1961? Dieter Noll.",
        ),
        (  # two stretches changed: not one value
            "Who was the chief executive officer of Acme Corporation from 2014? Acme.",
            "Who was the finance officer of Acme Corporation from 2015? Stefan Larsson.",
        ),
        (  # words added in the middle, no name before them
            "The user's plan is Basic",
            "The user's old plan is Basic",
        ),
        (  # a name followed by added detail, not a longer name
            "The staging database accepts connections on port 5433",
            "The staging database accepts connections on port 5433 in production",
        ),
    ],
)
def test_alignment_finds_no_change_in_another_subject_or_several_edits(
    older: str, newer: str
) -> None:
    assert compare_slots(older, newer).verdict != SlotVerdict.SAME_SLOT


@pytest.mark.parametrize(
    ("older", "newer", "verdict"),
    [
        (  # long names are most of a short statement: the frame is judged without them
            "Who occupied Mannheim Observatory from 1860? Eduard Schönfeld.",
            "Who was the occupant of Mannheim Observatory from 1875? Karl Wilhelm Valentiner.",
            SlotVerdict.SAME_SLOT,
        ),
        (  # a looser paraphrase of the slot ("head" / "chair"): unsure, a conflict
            "Who was the head of Chemnitz from 1961? Dieter Noll.",
            "Who was the chair of Chemnitz from 1991? Joachim Pilz.",
            SlotVerdict.MAYBE,
        ),
    ],
)
def test_a_short_frame_around_a_long_value_is_still_a_change(
    older: str, newer: str, verdict: SlotVerdict
) -> None:
    assert compare_slots(older, newer).verdict == verdict


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "What military rank did Pavel Nakhimov have from 1852? military governor.",
            "What military rank did Ivan Kozhedub have from 1951? colonel.",
        ),
        ("Ana's role on the team: tech lead.", "Bo's role on the team: manager."),
    ],
)
def test_a_name_followed_by_other_changed_words_on_both_sides_is_the_subject(
    older: str, newer: str
) -> None:
    result = compare_slots(older, newer)
    assert result.verdict == SlotVerdict.DIFFERENT
    assert result.reason == "both differ after the value"
