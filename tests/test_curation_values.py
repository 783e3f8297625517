"""value_differences: the line between a duplicate and a contradiction."""

from __future__ import annotations

import pytest

from curation._values import distinct_subjects, extract_values, value_differences


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        # numbers, normalised before comparing
        ("The budget is 350,000", "The budget is 400,000", ["number: 350,000 ≠ 400,000"]),
        ("Use 3.5 workers", "Use 4 workers", ["number: 3.5 ≠ 4"]),
        # reference numbers name the subject: different orders, not a disagreement on one
        ("Order 881 shipped", "Order 882 shipped", ["reference: Order 881 ≠ Order 882"]),
        (
            "Order lookup #10001: shipped",
            "Order lookup #10002: shipped",
            ["reference: #10001 ≠ #10002"],
        ),
        (
            "Ticket 4411 is assigned to Maria",
            "Ticket 4411 is assigned to Tom",
            ["name: Maria ≠ Tom"],
        ),
        ("Retry twice", "Retry 3 times", ["number: twice ≠ 3"]),
        ("The cache holds 16GB", "The cache holds 32GB", ["number: 16GB ≠ 32GB"]),
        ("Conversion is 20%", "Conversion is 25 percent", ["percentage: 20% ≠ 25 percent"]),
        # money
        ("The plan costs $10 per month", "The plan costs $12 per month", ["money: $10 ≠ $12"]),
        ("Invoice total 10 USD", "Invoice total 10 EUR", ["money: 10 USD ≠ 10 EUR"]),
        ("Budget is €350k", "Budget is €400,000", ["money: €350k ≠ €400,000"]),
        # dates and times
        (
            "The launch is on 8 May 2023",
            "The launch is on May 9, 2023",
            ["date: 8 May 2023 ≠ May 9, 2023"],
        ),
        ("Released in March", "Released in June", ["date: March ≠ June"]),
        ("Founded in 2019", "Founded in 2021", ["date: in 2019 ≠ in 2021"]),
        (
            "Snapshot taken 2024-03-01",
            "Snapshot taken 2024-03-02",
            ["date: 2024-03-01 ≠ 2024-03-02"],
        ),
        ("Standup is on Monday", "Standup is on Tuesday", ["day: Monday ≠ Tuesday"]),
        ("The review is today", "The review is tomorrow", ["day: today ≠ tomorrow"]),
        ("Meeting at 3pm", "Meeting at 4 pm", ["time: 3pm ≠ 4 pm"]),
        # names, tiers, quotes, versions, identifiers
        ("The user's plan is Basic", "The user's plan is Pro", ["tier: Basic ≠ Pro"]),
        ("User is on the pro plan", "User is on the basic plan", ["tier: pro ≠ basic"]),
        ("Ask Alice about deploys", "Ask Bob about deploys", ["name: Alice ≠ Bob"]),
        ("Ship it via FedEx", "Ship it via UPS", ["name: FedEx ≠ UPS"]),
        ("Acme Corp is the vendor", "Globex Corp is the vendor", ["name: Acme Corp ≠ Globex Corp"]),
        ('The error says "timeout"', 'The error says "refused"', ['quoted: "timeout" ≠ "refused"']),
        ("Upgrade the SDK to v2.1", "Upgrade the SDK to v2.3", ["version: v2.1 ≠ v2.3"]),
        (
            "Deploy to region us-east-1",
            "Deploy to region us-west-2",
            ["identifier: us-east-1 ≠ us-west-2"],
        ),
        (
            "Docs at https://a.example/v1",
            "Docs at https://a.example/v2",
            ["address: https://a.example/v1 ≠ https://a.example/v2"],
        ),
        # negation and polarity
        (
            "The deployment is healthy",
            "The deployment is not healthy",
            ["negation: 'not' only in b"],
        ),
        ("Deploy on Fridays", "Never deploy on Fridays", ["negation: 'never' only in b"]),
        (
            "The user wants emails",
            "The user doesn't want emails",
            ['negation: "doesn\'t" only in b'],
        ),
        ("Is the user premium? yes", "Is the user premium? no", ["negation: 'no' only in b"]),
        ("The deployment is healthy", "The deployment is degraded", ["health: healthy ≠ degraded"]),
        ("The API is down", "The API is healthy", ["health: down ≠ healthy"]),
        (
            "The feature flag is enabled",
            "The feature flag is disabled",
            ["state: enabled ≠ disabled"],
        ),
        ("Tests pass on main", "Tests fail on main", ["outcome: pass ≠ fail"]),
        ("The answer is true", "The answer is false", ["truth: true ≠ false"]),
        # several at once, in a fixed order
        (
            "Pro plan costs $20 since 2023",
            "Basic plan costs $10 since 2023",
            ["money: $20 ≠ $10", "tier: Pro ≠ Basic"],
        ),
    ],
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
    ("a", "b"),
    [
        ("Logs are kept for 30 days.", "Logs are kept for 30d."),
        ("The limit is 100 requests per second.", "The limit is 100 req/s."),
        ("Timeout: 5 minutes", "Timeout: 5 mins"),
    ],
)
def test_one_amount_spelled_two_ways_is_one_value(a: str, b: str) -> None:
    assert value_differences(a, b) == []
