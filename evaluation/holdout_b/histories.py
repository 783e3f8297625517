"""Set B's changing facts: eight domains, eight subjects each, two to four values each.

Every subject of a domain has the same single-valued slot (whose pager, which plan, which
pin...), so a store holding one domain must tell subjects apart by entity, not by slot.
Validity times are fixed UTC datetimes computed from each subject's place, never a clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from evaluation.holdout.model import Fact, Subject
from evaluation.holdout_b.phrasing import Phrase, slug


@dataclass(frozen=True)
class Domain:
    """One slot shared by all of a domain's subjects, with how people write and ask it."""

    name: str
    key: str
    label: str
    sentence: str
    value_first: str
    questions: tuple[str, str]
    start: datetime
    histories: tuple[tuple[str, tuple[str, ...]], ...]

    def phrase(self, entity: str) -> Phrase:
        return Phrase.filled(
            entity, self.key, self.label, self.sentence, self.value_first, "replace"
        )


def _at(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, 9, 0, tzinfo=UTC)


DOMAINS: tuple[Domain, ...] = (
    Domain(
        name="oncall_owner",
        key="oncall_owner",
        label="on-call",
        sentence="the on-call owner for {e} is {v}",
        value_first="{v} has been put on call for {e}",
        questions=("Who is on call for {e}?", "Who should I page if {e} breaks?"),
        start=_at(2024, 1, 8),
        histories=(
            ("payments-api", ("Lee Park", "Dana Whitfield", "Arjun Mehta")),
            ("search-indexer", ("Sofia Alvarez", "Tom Becker")),
            ("auth-gateway", ("Mei Tanaka", "Kwame Mensah", "Lee Park", "Ines Duarte")),
            ("billing-worker", ("Arjun Mehta", "Rachel Cohen")),
            ("notifications", ("Omar Haddad", "Sofia Alvarez", "Priya Nair")),
            ("ledger-sync", ("Jonas Lindqvist", "Mei Tanaka")),
            ("image-resizer", ("Rachel Cohen", "Omar Haddad", "Tom Becker", "Dana Whitfield")),
            ("feature-flags", ("Priya Nair", "Jonas Lindqvist", "Kwame Mensah")),
        ),
    ),
    Domain(
        name="subscription_plan",
        key="plan",
        label="plan",
        sentence="{e} is on the {v} plan",
        value_first="{v} was chosen as the plan for {e}",
        questions=("Which plan is {e} on?", "What subscription tier does {e} have?"),
        start=_at(2024, 2, 5),
        histories=(
            ("Globex Corp", ("Starter", "Team", "Business")),
            ("Initech", ("Team", "Enterprise")),
            ("Umbrella Health", ("Free", "Starter", "Team", "Business")),
            ("Stark Logistics", ("Business", "Enterprise")),
            ("Wayne Foods", ("Starter", "Team")),
            ("Hooli Labs", ("Enterprise", "Business", "Scale")),
            ("Vandelay Imports", ("Free", "Team")),
            ("Soylent Farms", ("Team", "Business", "Team")),
        ),
    ),
    Domain(
        name="pinned_version",
        key="pinned_version",
        label="pin",
        sentence="we pin {e} to {v}",
        value_first="{v} is what {e} is pinned to",
        questions=("Which version of {e} do we pin?", "What is {e} pinned to in the lockfile?"),
        start=_at(2024, 1, 15),
        histories=(
            ("requests", ("2.28.2", "2.31.0", "2.32.3")),
            ("numpy", ("1.24.4", "1.26.4", "2.0.2", "2.1.3")),
            ("pydantic", ("1.10.13", "2.5.3", "2.9.2")),
            ("sqlalchemy", ("1.4.52", "2.0.36")),
            ("boto3", ("1.28.57", "1.34.162")),
            ("fastapi", ("0.95.2", "0.110.3", "0.115.6")),
            ("pytest", ("7.4.4", "8.3.4")),
            ("django", ("4.2.11", "5.0.6", "5.1.4")),
        ),
    ),
    Domain(
        name="standup_time",
        key="standup_time",
        label="standup",
        sentence="the {e} team's standup is at {v}",
        value_first="{v} was set as the {e} team's standup time",
        questions=("What time is the {e} team's standup?", "When should I join the {e} standup?"),
        start=_at(2024, 3, 4),
        histories=(
            ("Platform", ("9:30 am", "10:00 am")),
            ("Mobile", ("10:15", "09:45", "11:00")),
            ("Growth", ("9:00 am", "9:15 am", "4:30 pm")),
            ("Data Eng", ("11:30 am", "2:00 pm")),
            ("Payments", ("8:45 am", "9:30 am", "10:30 am", "9:00 am")),
            ("Design Systems", ("13:00", "14:30")),
            ("Infra", ("9:05 am", "10:05 am", "9:35 am")),
            ("Support Tools", ("16:00", "15:30")),
        ),
    ),
    Domain(
        name="release_day",
        key="release_day",
        label="release day",
        sentence="the {e} ships on {v}s",
        value_first="{v} was picked as release day for the {e}",
        questions=("Which day does the {e} ship?", "What's release day for the {e}?"),
        start=_at(2024, 4, 1),
        histories=(
            ("iOS app", ("Tuesday", "Thursday")),
            ("Android app", ("Wednesday", "Thursday", "Monday")),
            ("web dashboard", ("Monday", "Tuesday", "Wednesday", "Thursday")),
            ("desktop client", ("Friday", "Tuesday")),
            ("CLI", ("Thursday", "Wednesday", "Friday")),
            ("partner API", ("Tuesday", "Monday")),
            ("admin console", ("Wednesday", "Friday", "Tuesday")),
            ("marketing site", ("Monday", "Thursday")),
        ),
    ),
    Domain(
        name="list_price",
        key="list_price",
        label="price",
        sentence="the {e} sells for {v}",
        value_first="{v} is charged for the {e}",
        questions=("How much does the {e} cost?", "What's the price of the {e}?"),
        start=_at(2024, 2, 19),
        histories=(
            ("Trailblazer 40L backpack", ("$129.00", "$139.00", "$119.00")),
            ("Summit rain shell", ("$189.00", "$199.00")),
            ("Ridgeline trekking poles", ("$79.95", "$84.95", "$89.95")),
            ("Basecamp 2P tent", ("$349.00", "$329.00")),
            ("Drift sleeping pad", ("$59.00", "$64.00", "$69.00", "$54.00")),
            ("Canyon water filter", ("$39.99", "$44.99")),
            ("Alpine down vest", ("$149.00", "$159.00", "$169.00")),
            ("Trek headlamp", ("$34.50", "$29.50")),
        ),
    ),
    Domain(
        name="memory_limit",
        key="memory_limit",
        label="mem limit",
        sentence="the {e} container's memory limit is {v}",
        value_first="{v} is allotted to {e} as its memory limit",
        questions=("What's the memory limit on {e}?", "How much memory can the {e} container use?"),
        start=_at(2024, 5, 6),
        histories=(
            ("etl-nightly", ("2 GiB", "4 GiB", "6 GiB")),
            ("thumbnailer", ("512 MiB", "768 MiB")),
            ("report-builder", ("1 GiB", "1.5 GiB", "3 GiB", "2 GiB")),
            ("pdf-renderer", ("768 MiB", "1 GiB")),
            ("crawler", ("256 MiB", "384 MiB", "512 MiB")),
            ("email-digest", ("128 MiB", "256 MiB")),
            ("ml-scorer", ("8 GiB", "12 GiB", "16 GiB")),
            ("backup-agent", ("1 GiB", "512 MiB")),
        ),
    ),
    Domain(
        name="launch_date",
        key="launch_date",
        label="launch date",
        sentence="the {e} launch is set for {v}",
        value_first="{v} was set as the launch date for {e}",
        questions=("When does {e} launch?", "What's the launch date for {e}?"),
        start=_at(2024, 9, 2),
        histories=(
            ("Atlas", ("March 4, 2025", "April 15, 2025", "May 6, 2025")),
            ("Borealis", ("June 2, 2025", "June 30, 2025")),
            (
                "Cobalt",
                ("January 20, 2025", "February 10, 2025", "February 24, 2025", "March 17, 2025"),
            ),
            ("Driftwood", ("September 8, 2025", "October 1, 2025")),
            ("Ember", ("May 19, 2025", "May 12, 2025", "June 9, 2025")),
            ("Falcon", ("July 14, 2025", "August 4, 2025")),
            ("Granite", ("November 3, 2025", "December 1, 2025", "January 12, 2026")),
            ("Harbor", ("April 7, 2025", "April 28, 2025")),
        ),
    ),
)

DOMAIN_BY_NAME = {domain.name: domain for domain in DOMAINS}


def _valid_from(domain: Domain, place: int, step: int) -> datetime:
    """A fixed time for value ``step`` of the ``place``-th subject: spread out, no clock."""
    first = domain.start + timedelta(days=5 * place, minutes=13 * place)
    return first + sum(
        (timedelta(days=20 + 17 * ((place + n) % 4), hours=n) for n in range(step)),
        timedelta(),
    )


def _subject(domain: Domain, place: int) -> Subject:
    entity, values = domain.histories[place]
    return Subject(
        id=f"{domain.name}/{slug(entity)}",
        domain=domain.name,
        entity=entity,
        slot=domain.key,
        attribute=domain.label,
        facts=tuple(
            Fact(value, _valid_from(domain, place, step)) for step, value in enumerate(values)
        ),
        questions=tuple(q.format(e=entity) for q in domain.questions),
    )


def holdout_histories() -> tuple[Subject, ...]:
    """Every subject of every domain, domains in a fixed order, facts in time order."""
    return tuple(
        _subject(domain, place) for domain in DOMAINS for place in range(len(domain.histories))
    )
