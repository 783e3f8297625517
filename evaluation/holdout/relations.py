"""Hand-written facts that a newer statement must never replace: multi-valued relations
(languages, tags, awards, team members, integrations) and recurring events (deploys, visits,
outages, audits, invoices, pages).

Each relation or series has its own few wordings (``statements``) and, for relations, the
wordings that add a value (``additions``: "also", "another", "as well"). Several sit next to
a single-valued slot of the histories on purpose: an invoice amount is not a price, a
password rotated on Friday is not a handover day, joining a team is not an employer.
Placeholders: ``{v}`` the value, dates ``{iso}`` ``{long}`` ``{us}`` ``{month}`` ``{year}``
``{short}`` and ``{weekday}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from evaluation.holdout.histories import utc_day
from evaluation.holdout.model import Fact


@dataclass(frozen=True)
class Relation:
    """Values that accumulate (``kind`` ``multi_valued``) or events that recur
    (``recurring_event``); no item replaces another."""

    id: str
    kind: Literal["multi_valued", "recurring_event"]
    items: tuple[Fact, ...]
    statements: tuple[tuple[str, str], ...]  # (style, template)
    additions: tuple[str, ...] = ()


def _items(*rows: tuple[str, str]) -> tuple[Fact, ...]:
    return tuple(Fact(value, utc_day(day)) for value, day in rows)


def _rotations(*days: str) -> tuple[Fact, ...]:
    """Events whose value is the weekday they happened on."""
    return tuple(Fact(f"{utc_day(day):%A}", utc_day(day)) for day in days)


MULTI_VALUED: tuple[Relation, ...] = (
    Relation(
        "multi/priya-raman/languages",
        "multi_valued",
        _items(("Tamil", "2016-09-01"), ("French", "2019-06-10"), ("German", "2022-11-07")),
        (
            ("sentence", "Priya Raman speaks {v}."),
            ("log_line", "[{iso}] people: Priya Raman speaks {v}"),
            ("chat", "fyi priya raman is fluent in {v}"),
        ),
        (
            "Priya Raman also speaks {v}.",
            "Another language Priya Raman speaks: {v}.",
            "Priya Raman picked up {v} as well ({month}).",
        ),
    ),
    Relation(
        "multi/ledger-sync-repo/tags",
        "multi_valued",
        _items(("finance", "2020-01-20"), ("batch", "2021-05-03"), ("pci", "2023-02-27")),
        (
            ("sentence", "The ledger-sync repo is tagged {v}."),
            ("log_line", "[{iso}] software: tag {v} on the ledger-sync repo"),
            ("key_value", "tag: {v} | the ledger-sync repo | {iso}"),
        ),
        (
            "Added the tag {v} to the ledger-sync repo as well.",
            "Another tag on the ledger-sync repo: {v}.",
        ),
    ),
    Relation(
        "multi/atlas-standing-desk/awards",
        "multi_valued",
        _items(
            ("Red Dot Award", "2021-04-20"),
            ("iF Design Award", "2022-03-14"),
            ("Good Design Award", "2023-10-05"),
        ),
        (
            ("sentence", "The Atlas standing desk won the {v} in {year}."),
            ("headline", "{v} — awarded to the Atlas standing desk [{iso}]"),
            ("chat", "fyi the atlas standing desk got the {v}"),
        ),
        (
            "The Atlas standing desk also won the {v} ({year}).",
            "Another award for the Atlas standing desk: the {v}.",
        ),
    ),
    Relation(
        "multi/kestrel-team/members",
        "multi_valued",
        _items(
            ("Jonas", "2021-01-18"),
            ("Aisha", "2022-03-07"),
            ("Mei", "2023-06-12"),
            ("Ravi", "2024-02-05"),
        ),
        (
            ("sentence", "{v} is a member of the Kestrel team."),
            ("log_line", "[{iso}] ownership: {v} joined the Kestrel team"),
            ("narrative", "The Kestrel team includes {v} (since {month})."),
        ),
        ("{v} also joined the Kestrel team.", "Another engineer on the Kestrel team: {v}."),
    ),
    Relation(
        "multi/orbit-workspace/integrations",
        "multi_valued",
        _items(
            ("Slack", "2021-03-01"),
            ("Jira", "2021-09-20"),
            ("GitHub", "2022-08-15"),
            ("PagerDuty", "2024-01-09"),
        ),
        (
            ("sentence", "The Orbit workspace is connected to {v}."),
            ("log_line", "[{iso}] settings: {v} integration enabled for the Orbit workspace"),
            ("chat", "the orbit workspace is hooked up to {v}"),
        ),
        (
            "The Orbit workspace is also connected to {v}.",
            "Another integration for the Orbit workspace: {v}.",
        ),
    ),
    Relation(
        "multi/geo-tiles-repo/dependencies",
        "multi_valued",
        _items(
            ("shapely", "2021-04-12"),
            ("pyproj", "2021-10-04"),
            ("rasterio", "2022-06-20"),
            ("mercantile", "2023-05-15"),
        ),
        (
            ("sentence", "The geo-tiles repo depends on {v}."),
            ("log_line", "[{iso}] software: the geo-tiles repo requires {v}"),
            ("key_value", "{v} is a dependency of the geo-tiles repo (added {long})."),
        ),
        (
            "The geo-tiles repo also depends on {v}.",
            "Another dependency of the geo-tiles repo: {v}.",
        ),
    ),
    Relation(
        "multi/lisbon-office/certifications",
        "multi_valued",
        _items(("ISO 27001", "2018-06-01"), ("ISO 9001", "2020-02-03"), ("B Corp", "2022-09-12")),
        (
            ("sentence", "The Lisbon office is certified {v}."),
            ("headline", "{v} certification — the Lisbon office [{iso}]"),
            ("chat", "the lisbon office holds {v} certification"),
        ),
        (
            "The Lisbon office also holds {v} certification.",
            "Another certification for the Lisbon office: {v}.",
        ),
    ),
    Relation(
        "multi/hana-sato/admin-access",
        "multi_valued",
        _items(
            ("the billing console", "2021-09-13"),
            ("the staging environment", "2022-04-04"),
            ("the audit log", "2023-01-16"),
        ),
        (
            ("sentence", "Hana Sato has admin access to {v}."),
            ("log_line", "[{iso}] access: Hana Sato granted admin on {v}"),
            ("chat", "hana sato is an admin of {v}"),
        ),
        ("Hana Sato also has admin access to {v}.", "Another system Hana Sato administers: {v}."),
    ),
    Relation(
        "multi/lumen-desk-lamp/colours",
        "multi_valued",
        _items(
            ("black", "2020-02-01"),
            ("brass", "2021-03-08"),
            ("white", "2022-01-10"),
            ("sage green", "2023-06-01"),
        ),
        (
            ("sentence", "The Lumen desk lamp comes in {v}."),
            ("log_line", "[{iso}] catalog: Lumen desk lamp available in {v}"),
            ("key_value", "colour option for the Lumen desk lamp: {v}"),
        ),
        ("The Lumen desk lamp also comes in {v}.", "Another colour for the Lumen desk lamp: {v}."),
    ),
    Relation(
        "multi/team-plan/features",
        "multi_valued",
        _items(
            ("SSO", "2019-05-01"), ("audit logs", "2021-07-01"), ("priority support", "2024-02-01")
        ),
        (
            ("sentence", "The Team plan includes {v}."),
            ("log_line", "[{iso}] billing: Team plan feature — {v}"),
            ("chat", "btw the team plan comes with {v}"),
        ),
        ("The Team plan also includes {v}.", "One more Team plan feature: {v}."),
    ),
    Relation(
        "multi/diego-alvarez/certifications",
        "multi_valued",
        _items(("CISSP", "2019-03-11"), ("OSCP", "2021-08-02"), ("CISM", "2023-05-22")),
        (
            ("sentence", "Diego Alvarez holds the {v} certification."),
            ("headline", "{v} — Diego Alvarez, certified {long}"),
            ("log_line", "[{iso}] people: Diego Alvarez passed {v}"),
        ),
        ("Diego Alvarez is {v} certified too.", "Diego Alvarez added another certification: {v}."),
    ),
    Relation(
        "multi/marcus-bell/hobbies",
        "multi_valued",
        _items(("guitar", "2015-02-09"), ("chess", "2018-11-19"), ("squash", "2022-08-22")),
        (
            ("sentence", "Marcus Bell plays {v}."),
            ("chat", "marcus bell is really into {v}"),
            ("key_value", "Marcus Bell — hobby: {v} (noted {short})"),
        ),
        ("Marcus Bell also plays {v}.", "Another of Marcus Bell's hobbies: {v}."),
    ),
)

RECURRING: tuple[Relation, ...] = (
    Relation(
        "event/ledger-sync/deploys",
        "recurring_event",
        _items(
            ("v1.2", "2023-05-01"),
            ("v1.3", "2023-05-05"),
            ("v1.4", "2023-05-16"),
            ("v2.0", "2023-06-02"),
        ),
        (
            ("sentence", "Deployed ledger-sync {v} on {weekday}."),
            ("log_line", "[{iso}] deploy: ledger-sync {v} rolled out to production"),
            ("chat", "shipped ledger-sync {v} to prod on {weekday}"),
        ),
    ),
    Relation(
        "event/priya-raman/visits",
        "recurring_event",
        _items(
            ("the Porto office", "2019-05-14"),
            ("the Lyon office", "2021-10-20"),
            ("the Toronto office", "2023-03-08"),
        ),
        (
            ("sentence", "Priya Raman visited {v} in {year}."),
            ("log_line", "[{iso}] travel: Priya Raman at {v}"),
            ("narrative", "Trip report: Priya Raman spent three days at {v} ({month})."),
        ),
    ),
    Relation(
        "event/email-relay/outages",
        "recurring_event",
        _items(
            ("3 March 2022", "2022-03-03"),
            ("9 August 2023", "2023-08-09"),
            ("21 January 2024", "2024-01-21"),
        ),
        (
            ("sentence", "The email relay had an outage on {v}."),
            ("log_line", "[{iso}] incident: the email relay was down on {v}"),
            ("narrative", "Outage of the email relay on {v}; root cause under review."),
        ),
    ),
    Relation(
        "event/access-audit/runs",
        "recurring_event",
        _items(
            ("12 March 2023", "2023-03-12"),
            ("14 June 2023", "2023-06-14"),
            ("13 September 2023", "2023-09-13"),
            ("12 December 2023", "2023-12-12"),
        ),
        (
            ("sentence", "The quarterly access audit took place on {v}."),
            ("headline", "Access audit done {v} — no findings."),
            ("log_line", "[{iso}] compliance: quarterly access audit completed on {v}"),
        ),
    ),
    Relation(
        "event/halvorsen-logistics/invoices",
        "recurring_event",
        _items(("€4,200", "2023-01-31"), ("€4,650", "2023-02-28"), ("€4,380", "2023-03-31")),
        (
            ("sentence", "The Halvorsen Logistics account paid its invoice of {v}."),
            ("log_line", "[{iso}] billing: Halvorsen Logistics paid {v}"),
            ("chat", "halvorsen logistics paid their {month} invoice, {v}"),
        ),
    ),
    Relation(
        "event/storage-team/pages",
        "recurring_event",
        _items(
            ("disk pressure", "2024-01-03"),
            ("replication lag", "2024-01-09"),
            ("a failed snapshot", "2024-01-17"),
        ),
        (
            ("sentence", "The storage team was paged for {v} on {weekday}."),
            ("log_line", "[{iso}] oncall: storage page — {v}"),
            ("chat", "got paged again for storage: {v}"),
        ),
    ),
    Relation(
        "event/platform-retro/topics",
        "recurring_event",
        _items(
            ("flaky tests", "2022-03-04"),
            ("on-call load", "2022-03-18"),
            ("the release checklist", "2022-04-01"),
        ),
        (
            ("sentence", "The platform retro on {long} discussed {v}."),
            ("key_value", "Retro notes ({iso}): main topic {v}."),
            ("chat", "retro today was mostly about {v}"),
        ),
    ),
    Relation(
        "event/staging/restore-drills",
        "recurring_event",
        _items(("passed", "2022-02-08"), ("failed", "2022-05-10"), ("passed", "2022-08-09")),
        (
            ("sentence", "The restore drill for the staging environment {v} on {long}."),
            ("log_line", "[{iso}] drill: staging restore {v}"),
            ("chat", "staging restore drill {v} this {weekday}"),
        ),
    ),
    Relation(
        "event/lena-fischer/talks",
        "recurring_event",
        _items(("PyCon DE", "2019-10-09"), ("EuroSciPy", "2021-09-01"), ("FOSDEM", "2023-02-04")),
        (
            ("sentence", "Lena Fischer gave a talk at {v} in {year}."),
            ("headline", "{v} {year} — speaker: Lena Fischer"),
            ("chat", "lena fischer is speaking at {v} ({short})"),
        ),
    ),
    Relation(
        "event/mobile-app/releases",
        "recurring_event",
        _items(("5.2", "2023-09-05"), ("5.3", "2023-09-19"), ("5.4", "2023-10-03")),
        (
            ("sentence", "Mobile app {v} shipped to the App Store on {weekday}."),
            ("log_line", "[{iso}] release: mobile app {v} live"),
            ("narrative", "We released version {v} of the mobile app on {us}."),
        ),
    ),
    Relation(
        "event/staging/password-rotations",
        "recurring_event",
        _rotations("2021-03-01", "2021-04-02", "2021-05-04", "2021-06-03"),
        (
            ("sentence", "Rotated the staging password on {v}, {long}."),
            ("log_line", "[{iso}] security: staging password rotated ({v})"),
            ("chat", "staging password rotated on {v}"),
        ),
    ),
    Relation(
        "event/hana-sato/on-site-days",
        "recurring_event",
        _rotations("2022-10-04", "2022-10-13", "2022-10-21"),
        (
            ("sentence", "Hana Sato was in the Munich office on {v}."),
            ("log_line", "[{iso}] office: Hana Sato on site ({v})"),
            ("chat", "hana sato came into the office on {v}"),
        ),
    ),
)
