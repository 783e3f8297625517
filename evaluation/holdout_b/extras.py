"""Other things people write about set B's subjects, the raw material of its negatives.

For every subject: a second single-valued attribute (``other_slot``: payments-api's region
is not its on-call owner), a multi-valued relation whose statements add rather than
replace (``multi``: another dependency), a recurring event (``event``: another incident)
and a side note (``note``: Globex added seats). None of these replaces the subject's slot
value, and none replaces another statement of its own relation.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluation.holdout.model import Subject
from evaluation.holdout_b.phrasing import Mode, Phrase, slug


@dataclass(frozen=True)
class Extra:
    """One kind of extra statement for a domain; ``values(place)`` gives a subject's values."""

    key: str
    label: str
    sentence: str
    value_first: str
    mode: Mode
    pool: tuple[str, ...]

    def phrase(self, entity: str) -> Phrase:
        return Phrase.filled(
            entity, self.key, self.label, self.sentence, self.value_first, self.mode
        )

    def values(self, place: int, count: int) -> tuple[str, ...]:
        """``count`` distinct values for the ``place``-th subject, taken round the pool.

        An event series keeps the pool's order (invoice 10480 after 10231), never wrapping.
        """
        if self.mode == "event":
            start = place % (len(self.pool) - count + 1)
            return self.pool[start : start + count]
        return tuple(self.pool[(place * 2 + n) % len(self.pool)] for n in range(count))


@dataclass(frozen=True)
class DomainExtras:
    other_slot: Extra
    multi: Extra
    event: Extra
    note: Extra


_NAMES = (
    "Carla Ruiz",
    "Ben Adeyemi",
    "Hana Kim",
    "Luis Ortega",
    "Grace Liu",
    "Marco Rossi",
    "Nadia Petrova",
    "Sam O'Neill",
    "Yusuf Demir",
)

EXTRAS: dict[str, DomainExtras] = {
    "oncall_owner": DomainExtras(
        other_slot=Extra(
            "primary_region",
            "region",
            "{e} runs primarily in {v}",
            "{v} is the primary region for {e}",
            "replace",
            ("eu-west-1", "us-east-1", "us-west-2", "eu-central-1", "ap-southeast-2", "us-east-2"),
        ),
        multi=Extra(
            "dependencies",
            "deps",
            "{e} also depends on {v}",
            "{v} was added as a dependency of {e}",
            "add",
            ("postgres", "redis", "kafka", "the ledger service", "S3", "the fraud scorer", "vault"),
        ),
        event=Extra(
            "incident",
            "incident",
            "{e} had incident {v} overnight",
            "{v} was opened against {e}",
            "event",
            ("INC-2041", "INC-2057", "INC-2063", "INC-2088", "INC-2102", "INC-2119", "INC-2131"),
        ),
        note=Extra(
            "paging",
            "paging",
            "whoever is on call for {e} wants pages by {v}",
            "{v} is how the {e} on-call wants to be paged",
            "note",
            ("phone call", "SMS", "the PagerDuty app", "Slack DM", "Opsgenie", "email"),
        ),
    ),
    "subscription_plan": DomainExtras(
        other_slot=Extra(
            "billing_contact",
            "billing contact",
            "the billing contact at {e} is {v}",
            "{v} handles billing for {e}",
            "replace",
            _NAMES,
        ),
        multi=Extra(
            "addons",
            "add-ons",
            "{e} also bought the {v} add-on",
            "{v} was added to {e}'s account",
            "add",
            ("SSO", "Audit Log", "Priority Support", "Extra Storage", "Sandbox", "Data Export"),
        ),
        event=Extra(
            "invoice",
            "invoice",
            "{e} paid invoice {v}",
            "{v} was paid by {e}",
            "event",
            ("INV-10231", "INV-10480", "INV-10512", "INV-10733", "INV-10890", "INV-11004"),
        ),
        note=Extra(
            "seats",
            "seats",
            "{e} added {v}",
            "{v} were added for {e}",
            "note",
            ("5 extra seats", "12 extra seats", "3 extra seats", "20 extra seats", "8 extra seats"),
        ),
    ),
    "pinned_version": DomainExtras(
        other_slot=Extra(
            "license",
            "license",
            "{e} is licensed under {v}",
            "{v} is the license of {e}",
            "replace",
            ("Apache-2.0", "BSD-3-Clause", "MIT", "MPL-2.0", "ISC"),
        ),
        multi=Extra(
            "used_by",
            "used by",
            "{e} is also used by {v}",
            "{v} started using {e}",
            "add",
            (
                "the billing service",
                "the ETL jobs",
                "the admin console",
                "the CLI",
                "the docs build",
            ),
        ),
        event=Extra(
            "advisory",
            "advisory",
            "{e} got security advisory {v}",
            "{v} was published for {e}",
            "event",
            ("CVE-2024-35195", "CVE-2024-47874", "CVE-2024-3772", "CVE-2024-1135", "CVE-2024-5206"),
        ),
        note=Extra(
            "pin_reason",
            "pin reason",
            "the {e} pin has a comment: {v}",
            "{v} is the reason noted on the {e} pin",
            "note",
            ("waiting on the 3.x migration", "breaks our tests above this", "security fix only"),
        ),
    ),
    "standup_time": DomainExtras(
        other_slot=Extra(
            "retro_day",
            "retro",
            "the {e} team's retro is on {v}s",
            "{v} is retro day for the {e} team",
            "replace",
            ("Friday", "Thursday", "Wednesday", "Monday", "Tuesday"),
        ),
        multi=Extra(
            "members",
            "members",
            "{v} joined the {e} team",
            "{v} has joined the {e} team",
            "add",
            _NAMES,
        ),
        event=Extra(
            "offsite",
            "offsite",
            "the {e} team had its offsite in {v}",
            "{v} hosted the {e} team's offsite",
            "event",
            ("Lisbon", "Denver", "Kraków", "Austin", "Porto", "Montréal", "Tallinn"),
        ),
        note=Extra(
            "standup_notes",
            "notes channel",
            "the {e} standup notes go in {v}",
            "{v} is where the {e} standup notes go",
            "note",
            ("#standup-notes", "the team wiki", "the shared doc", "#daily-sync", "Notion"),
        ),
    ),
    "release_day": DomainExtras(
        other_slot=Extra(
            "release_manager",
            "release manager",
            "the release manager for the {e} is {v}",
            "{v} manages releases of the {e}",
            "replace",
            _NAMES,
        ),
        multi=Extra(
            "locales",
            "locales",
            "the {e} also ships in {v}",
            "{v} was added as a locale of the {e}",
            "add",
            ("German", "Japanese", "Brazilian Portuguese", "French", "Korean", "Spanish", "Polish"),
        ),
        event=Extra(
            "release",
            "release",
            "the {e} shipped version {v}",
            "{v} of the {e} went out",
            "event",
            ("4.2.0", "4.3.0", "4.3.1", "4.4.0", "4.5.0", "4.5.2", "4.6.0"),
        ),
        note=Extra(
            "changelog",
            "changelog",
            "the {e} changelog lives in {v}",
            "{v} holds the {e} changelog",
            "note",
            ("CHANGELOG.md", "the release wiki", "the #releases channel", "the docs site"),
        ),
    ),
    "list_price": DomainExtras(
        other_slot=Extra(
            "weight",
            "weight",
            "the {e} weighs {v}",
            "{v} is the weight of the {e}",
            "replace",
            ("1.4 kg", "380 g", "520 g", "2.1 kg", "410 g", "310 g", "290 g", "85 g"),
        ),
        multi=Extra(
            "colors",
            "colors",
            "the {e} also comes in {v}",
            "{v} was added as a color of the {e}",
            "add",
            ("Slate", "Moss", "Sunset Orange", "Glacier Blue", "Charcoal", "Sand", "Olive"),
        ),
        event=Extra(
            "sale",
            "sale",
            "the {e} was {v} over the weekend",
            "{v} was the weekend discount on the {e}",
            "event",
            ("20% off", "15% off", "30% off", "25% off", "10% off", "40% off"),
        ),
        note=Extra(
            "warranty",
            "warranty",
            "the {e} comes with {v}",
            "{v} comes with the {e}",
            "note",
            ("a 2-year warranty", "a lifetime warranty", "free returns for 60 days"),
        ),
    ),
    "memory_limit": DomainExtras(
        other_slot=Extra(
            "cpu_limit",
            "cpu limit",
            "the {e} container's CPU limit is {v}",
            "{v} is the CPU limit for {e}",
            "replace",
            ("2 vCPU", "500m", "1 vCPU", "750m", "250m", "100m", "4 vCPU", "200m"),
        ),
        multi=Extra(
            "node_pools",
            "node pools",
            "{e} can also be scheduled on {v}",
            "{v} was added to {e}'s node pools",
            "add",
            ("pool-general", "pool-highmem", "pool-spot", "pool-arm64", "pool-batch", "pool-gpu"),
        ),
        event=Extra(
            "oom_kill",
            "OOM kill",
            "{e} was OOM-killed at {v}",
            "{v} is when {e} got OOM-killed",
            "event",
            ("02:14 UTC", "03:40 UTC", "23:05 UTC", "04:52 UTC", "01:30 UTC", "05:17 UTC"),
        ),
        note=Extra(
            "dashboard",
            "dashboard",
            "{e} memory graphs are on {v}",
            "{v} shows the {e} memory graphs",
            "note",
            ("the Grafana jobs board", "the k8s overview dashboard", "Datadog"),
        ),
    ),
    "launch_date": DomainExtras(
        other_slot=Extra(
            "project_lead",
            "lead",
            "the {e} project lead is {v}",
            "{v} leads {e}",
            "replace",
            _NAMES,
        ),
        multi=Extra(
            "signoffs",
            "sign-offs",
            "{e} also needs sign-off from {v}",
            "{v} was added as a sign-off for {e}",
            "add",
            ("Legal", "Security", "Finance", "Marketing", "Support", "Privacy", "Localization"),
        ),
        event=Extra(
            "demo",
            "demo",
            "{e} was demoed at the {v} review",
            "{v} review had a demo of {e}",
            "event",
            ("Sprint 38", "Sprint 39", "Sprint 40", "Sprint 41", "Sprint 42", "Sprint 43"),
        ),
        note=Extra(
            "checklist",
            "checklist",
            "the {e} launch checklist is in {v}",
            "{v} has the {e} launch checklist",
            "note",
            ("the launch tracker", "Jira epic LCH-12", "the shared drive", "Confluence"),
        ),
    ),
}


def extra_subject_id(subject: Subject, extra: Extra) -> str:
    """Where an extra statement belongs: its own slot, relation or event series."""
    prefix = {"replace": subject.domain, "add": "multi", "event": "event", "note": "note"}
    return f"{prefix[extra.mode]}/{slug(subject.entity)}/{extra.key}"
