"""value_differences: the line between a duplicate and a contradiction."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from curation._values import distinct_subjects, extract_values, value_differences

# (a, b, the disagreements named), grouped by what they state
DISAGREEMENTS = json.loads(
    (Path(__file__).parent / "data" / "value_disagreements.json").read_text("utf-8")
)


@pytest.mark.parametrize(
    ("a", "b", "expected"), [tuple(case) for group in DISAGREEMENTS for case in group["cases"]]
)
def test_disagreements_are_named(a: str, b: str, expected: list[str]) -> None:
    assert value_differences(a, b) == expected


@pytest.mark.parametrize(
    ("a", "b", "distinct"),
    [
        ("Order 881 shipped", "Order 882 delivered", True),
        ("CI job 5103 passed", "CI job 5104 failed", True),
        ("The EU data is hosted in Frankfurt", "The EU data is hosted in Dublin", False),
        ("The limit is $350,000", "The limit is $400,000", False),
    ],
)
def test_reference_differences_mean_distinct_subjects(a: str, b: str, distinct: bool) -> None:
    assert distinct_subjects(value_differences(a, b)) is distinct


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # paraphrases whose negation parity differs but that are not the same sentence
        (
            "A test database that was not reset is the usual cause of flaky integration tests",
            "Check the test database reset first when integration tests turn flaky",
        ),
        (
            "Never deploy on Fridays without a rollback plan",
            "Deploys on Fridays need a rollback plan ready",
        ),
    ],
)
def test_polarity_needs_aligned_sentences(a: str, b: str) -> None:
    assert value_differences(a, b) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Always run the compliance check before listing",
            "Before listing, always run the compliance check",
        ),
        ("Never deploy on Fridays", "Don't deploy on Fridays"),
        ("The deployment is not healthy", "The deployment is unhealthy"),
        ("Retry the upload three times", "Retry the upload 3 times"),
        ("The budget is 350,000", "The budget is 350000"),
        ("Budget is $350k", "Budget is $350,000"),
        ("Set the ratio to 3.5", "Set the ratio to 3.50"),
        ("The launch is on 8 May 2023", "The launch is on 2023-05-08"),
        ("The launch is on May 8", "The launch is on May 8, 2023 at 3pm"),  # extra detail only
        ("Meeting at 3pm", "Meeting at 15:00"),
        ("Upgrade to v2.1", "Upgrade to version 2.1"),
        # one amount with its unit spelled two ways is one value
        ("Logs are kept for 30 days.", "Logs are kept for 30d."),
        ("The limit is 100 requests per second.", "The limit is 100 req/s."),
        ("Timeout: 5 minutes", "Timeout: 5 mins"),
        ("Use Stripe for billing", "For billing, use Stripe"),
        ("Use Stripe for billing", "Stripe handles our billing"),
        ("The user wants a refund", "Customer is asking for money back"),
        ("Feel free to ask questions", "Feel free to ask more questions"),
        ("Order 881 needs a refund", "A refund was requested for order 881"),
        ("", ""),
    ],
)
def test_paraphrases_do_not_disagree(a: str, b: str) -> None:
    assert value_differences(a, b) == []
    assert value_differences(b, a) == []


def test_symmetric_up_to_sides() -> None:
    forward = value_differences("Plan is Basic, 5 seats", "Plan is Pro, 7 seats")
    backward = value_differences("Plan is Pro, 7 seats", "Plan is Basic, 5 seats")
    assert len(forward) == len(backward) == 2


def test_value_stated_on_one_side_only_is_detail_not_conflict() -> None:
    assert value_differences("Restart the worker", "Restart the worker after 5 minutes") == []


def test_a_span_is_claimed_once() -> None:
    profile = extract_values("It cost $350,000 on 8 May 2023")
    assert set(profile.values) == {"money", "date"}


def test_quoted_text_does_not_count_as_negation() -> None:
    assert value_differences('The log says "not found"', "The log says it") == []


def test_deterministic() -> None:
    a, b = "Alice moved Acme to the Pro plan for $20 on 3 May", "Bob moved Acme to Basic"
    assert value_differences(a, b) == value_differences(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Acme API allows 600 requests per minute.", "Acme API allows 600 requests per second."),
        ("Logs are kept for 30 days.", "Logs are kept for 30 hours."),
        ("The quota is 20 GB.", "The quota is 20 MB."),
        ("Backups run 3 times a day.", "Backups run 3 times a week."),
    ],
)
def test_the_same_number_in_another_unit_is_another_value(a: str, b: str) -> None:
    """A unit of time or size, or a rate, belongs to the amount: two statements that share
    the number but not the unit are never one statement (no duplicate merge)."""
    assert len(value_differences(a, b)) == 1


@pytest.mark.parametrize(
    ("text", "money"),
    [
        ('$3 = "the Slovak koruna"', []),
        ('$5 = {{value = "the kroon", until = "2011-01-01"}}', []),
        ("\u20ac599 = the Atlas standing desk's price", ["EUR 599"]),
        ("$200 + $150 = $350", ["USD 150", "USD 200", "USD 350"]),
        ("the fee is $3 == $3", ["USD 3"]),
    ],
)
def test_a_sign_before_a_number_assigned_a_quoted_value_names_it(
    text: str, money: list[str]
) -> None:
    """An amount may stand before "=" (a price defined, a sum); a sign and a number assigned
    a quoted or structured value is a value's name."""
    assert sorted(extract_values(text).values.get("money", {})) == money
