"""Hand-written changing facts in eight domains, none from sports or services-and-ports.

Every slot is single-valued: a later value replaces an earlier one. Several entities carry
more than one slot (a person's employer, city and role; a meeting's room, time and weekday)
and several values recur across subjects (two people joining the same bank, two repos on the
same Python), so cross-subject and other-slot negatives come from the same histories.
Values include dates, weekdays, amounts, version strings, plan names and lower-case words.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime

from evaluation.holdout.model import Fact, Subject


@dataclass(frozen=True)
class SlotFrames:
    """How people phrase one slot. ``{e}`` is the entity, ``{v}`` the value.

    ``state`` says the value holds, ``passive`` says it in the passive voice, ``became``
    reports the value being taken on; ``questions`` ask for the value with no time.
    """

    key: str
    domain: str
    attribute: str
    state: str
    passive: str
    became: str
    questions: tuple[str, str]


SLOTS: tuple[SlotFrames, ...] = (
    SlotFrames(
        "employer",
        "people",
        "employer",
        "{e} works for {v}",
        "{e} is employed by {v}",
        "{e} joined {v}",
        ("Who does {e} work for?", "Which company is {e} with?"),
    ),
    SlotFrames(
        "city",
        "people",
        "home city",
        "{e} lives in {v}",
        "{e} is based in {v}",
        "{e} moved to {v}",
        ("Where does {e} live?", "Which city is {e} based in?"),
    ),
    SlotFrames(
        "role",
        "people",
        "job title",
        "{e} works as {v}",
        "{e} is employed as {v}",
        "{e} was made {v}",
        ("What does {e} do for a living?", "What position does {e} hold?"),
    ),
    SlotFrames(
        "price",
        "billing",
        "price",
        "{e} costs {v}",
        "{e} is priced at {v}",
        "the price of {e} changed to {v}",
        ("How much does {e} cost?", "What does {e} sell for?"),
    ),
    SlotFrames(
        "plan",
        "billing",
        "plan",
        "{e} is on the {v} plan",
        "{e} is billed on the {v} plan",
        "{e} switched to the {v} plan",
        ("Which plan is {e} on?", "What plan does {e} pay for?"),
    ),
    SlotFrames(
        "renewal",
        "billing",
        "renewal date",
        "{e} renews on {v}",
        "{e} is scheduled to be renewed on {v}",
        "the renewal of {e} was moved to {v}",
        ("When does {e} renew?", "What day is {e} up for renewal?"),
    ),
    SlotFrames(
        "primary_oncall",
        "oncall",
        "primary on-call",
        "{v} is primary on-call for {e}",
        "{e} is covered by {v} as primary on-call",
        "{v} took over primary on-call for {e}",
        ("Who is primary on-call for {e}?", "Who should I page for {e}?"),
    ),
    SlotFrames(
        "handover_day",
        "oncall",
        "on-call handover day",
        "{e} hands over on-call on {v}",
        "on-call for {e} is handed over every {v}",
        "{e} moved its on-call handover to {v}",
        ("Which day does {e} hand over on-call?", "On what weekday does {e} rotate on-call?"),
    ),
    SlotFrames(
        "python_version",
        "software",
        "Python version",
        "{e} runs on Python {v}",
        "{e} is pinned to Python {v}",
        "{e} was upgraded to Python {v}",
        ("Which Python version does {e} use?", "What Python is {e} on?"),
    ),
    SlotFrames(
        "numpy_pin",
        "software",
        "numpy pin",
        "{e} pins numpy to {v}",
        "numpy is pinned to {v} in {e}",
        "{e} bumped numpy to {v}",
        ("Which numpy version does {e} pin?", "What numpy release is {e} locked to?"),
    ),
    SlotFrames(
        "default_branch",
        "software",
        "default branch",
        "{e} uses {v} as its default branch",
        "{e} is set up with {v} as the default branch",
        "{e} renamed its default branch to {v}",
        ("What is the default branch of {e}?", "Which branch do pull requests for {e} target?"),
    ),
    SlotFrames(
        "log_level",
        "software",
        "log level",
        "{e} logs at {v} level",
        "{e} is configured to log at {v} level",
        "{e} was switched to {v} logging",
        ("What log level does {e} use?", "How verbose is the logging of {e}?"),
    ),
    SlotFrames(
        "room",
        "meetings",
        "room",
        "{e} meets in {v}",
        "{e} is held in {v}",
        "{e} moved rooms to {v}",
        ("Which room is {e} in?", "Where does {e} take place?"),
    ),
    SlotFrames(
        "start_time",
        "meetings",
        "start time",
        "{e} starts at {v}",
        "{e} is scheduled to start at {v}",
        "{e} was moved to start at {v}",
        ("What time does {e} start?", "When does {e} begin?"),
    ),
    SlotFrames(
        "weekday",
        "meetings",
        "meeting day",
        "{e} happens on {v}",
        "{e} is scheduled on {v}",
        "{e} was moved to {v}",
        ("Which day is {e}?", "On what day of the week does {e} run?"),
    ),
    SlotFrames(
        "session_timeout",
        "settings",
        "session timeout",
        "{e} logs idle users out after {v}",
        "idle sessions in {e} are ended after {v}",
        "{e} changed its session timeout to {v}",
        ("How long is the session timeout in {e}?", "After how long does {e} log people out?"),
    ),
    SlotFrames(
        "default_language",
        "settings",
        "default language",
        "{e} defaults to {v}",
        "{e} is set to {v} by default",
        "{e} switched its default language to {v}",
        ("What language does {e} default to?", "Which locale is {e} set to?"),
    ),
    SlotFrames(
        "backup_retention",
        "settings",
        "backup retention",
        "{e} keeps backups for {v}",
        "backups of {e} are retained for {v}",
        "{e} changed its backup retention to {v}",
        ("How long does {e} keep backups?", "For how long are backups of {e} kept?"),
    ),
    SlotFrames(
        "owner_team",
        "ownership",
        "owning team",
        "the {v} team owns {e}",
        "{e} is owned by the {v} team",
        "the {v} team took over {e}",
        ("Which team owns {e}?", "Who is responsible for {e}?"),
    ),
    SlotFrames(
        "address",
        "offices",
        "address",
        "{e} is located at {v}",
        "{e} is housed at {v}",
        "{e} relocated to {v}",
        ("What is the address of {e}?", "Where can I find {e}?"),
    ),
    SlotFrames(
        "office_manager",
        "offices",
        "office manager",
        "{v} manages {e}",
        "{e} is managed by {v}",
        "{v} took over as manager of {e}",
        ("Who manages {e}?", "Who is the office manager at {e}?"),
    ),
)

# slot key -> entity -> (value, date the value took effect), in time order
_HISTORIES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "employer": {
        "Priya Raman": (
            ("Fernhill Analytics", "2016-09-01"),
            ("Quillon Bank", "2019-02-11"),
            ("Tessaract Labs", "2022-07-04"),
        ),
        "Tomasz Wiśniewski": (("Northwind Freight", "2015-01-12"), ("Quillon Bank", "2020-05-18")),
        "Amara Okafor": (
            ("Sablewood Health", "2017-03-06"),
            ("Brightpath Energy", "2019-10-01"),
            ("Meridian Maps", "2021-11-15"),
            ("Fernhill Analytics", "2024-01-08"),
        ),
        "Lena Fischer": (("Kohlberg Bau", "2018-04-03"), ("Tessaract Labs", "2023-02-20")),
        "Diego Alvarez": (
            ("Alvarez & Hijos", "2012-06-01"),
            ("Brightpath Energy", "2018-08-13"),
            ("Corvid Security", "2022-03-28"),
        ),
        "Hana Sato": (("Meridian Maps", "2019-01-07"), ("Sablewood Health", "2021-09-13")),
    },
    "city": {
        "Priya Raman": (("Leeds", "2016-08-20"), ("London", "2019-01-30")),
        "Amara Okafor": (
            ("Lagos", "2016-05-01"),
            ("Manchester", "2019-09-14"),
            ("Rotterdam", "2021-11-01"),
        ),
        "Lena Fischer": (
            ("Freiburg", "2017-10-01"),
            ("Munich", "2020-06-15"),
            ("Hamburg", "2023-03-01"),
        ),
        "Marcus Bell": (("Bristol", "2015-02-01"), ("Cardiff", "2022-08-22")),
        "Ingrid Solberg": (
            ("Bergen", "2014-09-01"),
            ("Oslo", "2018-01-15"),
            ("Trondheim", "2020-08-03"),
            ("Stavanger", "2024-05-06"),
        ),
        "Hana Sato": (("Osaka", "2018-04-01"), ("Munich", "2021-09-01")),
    },
    "role": {
        "Priya Raman": (
            ("data analyst", "2016-09-01"),
            ("senior data analyst", "2018-03-01"),
            ("analytics lead", "2019-02-11"),
            ("head of data", "2023-01-09"),
        ),
        "Tomasz Wiśniewski": (("dispatcher", "2015-01-12"), ("operations manager", "2020-05-18")),
        "Marcus Bell": (
            ("support engineer", "2015-02-09"),
            ("site reliability engineer", "2019-07-01"),
            ("engineering manager", "2023-10-02"),
        ),
        "Ingrid Solberg": (("product designer", "2018-01-15"), ("design lead", "2021-04-12")),
        "Diego Alvarez": (("security analyst", "2018-08-13"), ("security architect", "2022-03-28")),
    },
    "price": {
        "the Lumen desk lamp": (
            ("€79", "2020-02-01"),
            ("€89", "2022-01-10"),
            ("€84", "2023-06-01"),
        ),
        "the Pro plan": (("$29 per month", "2019-05-01"), ("$35 per month", "2022-09-01")),
        "the Team plan": (
            ("$12 per seat", "2019-05-01"),
            ("$15 per seat", "2021-07-01"),
            ("$18 per seat", "2024-02-01"),
        ),
        "the Trailhead 40L backpack": (("£120", "2021-03-15"), ("£135", "2022-11-01")),
        "the Atlas standing desk": (
            ("€549", "2020-09-01"),
            ("€599", "2021-10-04"),
            ("€579", "2023-01-16"),
            ("€629", "2024-04-02"),
        ),
        "the annual conference pass": (("€349", "2022-01-05"), ("€399", "2023-01-04")),
    },
    "plan": {
        "the Halvorsen Logistics account": (
            ("Starter", "2019-03-01"),
            ("Growth", "2020-11-16"),
            ("Enterprise", "2023-05-02"),
        ),
        "the Pinecrest Dental account": (("Free", "2021-01-04"), ("Starter", "2021-06-21")),
        "the Mirabel Studio account": (("Growth", "2020-02-03"), ("Starter", "2022-12-01")),
        "the Okonkwo & Partners account": (
            ("Starter", "2018-07-09"),
            ("Growth", "2019-07-09"),
            ("Scale", "2021-03-22"),
            ("Enterprise", "2024-01-15"),
        ),
        "the Vesta Schools account": (("Education", "2020-08-24"), ("Enterprise", "2023-08-21")),
    },
    "renewal": {
        "the Halvorsen Logistics account": (
            ("1 March 2021", "2020-03-01"),
            ("16 November 2021", "2020-11-16"),
            ("2 May 2024", "2023-05-02"),
        ),
        "the Pinecrest Dental account": (
            ("21 June 2022", "2021-06-21"),
            ("30 September 2022", "2022-02-14"),
        ),
        "the Mirabel Studio account": (
            ("3 February 2021", "2020-02-03"),
            ("1 December 2023", "2022-12-01"),
        ),
        "the Vesta Schools account": (
            ("31 August 2021", "2020-08-24"),
            ("31 August 2024", "2023-08-21"),
        ),
    },
    "primary_oncall": {
        "the storage team": (
            ("Jonas", "2024-01-01"),
            ("Aisha", "2024-01-08"),
            ("Ravi", "2024-01-15"),
            ("Mei", "2024-01-22"),
        ),
        "the checkout team": (("Oskar", "2024-02-05"), ("Bea", "2024-02-12")),
        "the data platform team": (
            ("Aisha", "2023-11-06"),
            ("Luca", "2023-11-13"),
            ("Pranav", "2023-11-20"),
        ),
        "the identity team": (
            ("Noor", "2024-03-04"),
            ("Felix", "2024-03-11"),
            ("Sam", "2024-03-18"),
        ),
        "the mobile team": (("Kofi", "2023-09-04"), ("Yuki", "2023-09-11")),
    },
    "handover_day": {
        "the storage team": (("Monday", "2022-01-03"), ("Wednesday", "2023-04-05")),
        "the checkout team": (
            ("Tuesday", "2021-06-01"),
            ("Thursday", "2022-09-01"),
            ("Monday", "2024-01-15"),
        ),
        "the data platform team": (("Friday", "2020-10-02"), ("Tuesday", "2022-03-01")),
        "the identity team": (
            ("Wednesday", "2022-05-04"),
            ("Monday", "2023-07-03"),
            ("Friday", "2024-02-02"),
        ),
        "the mobile team": (("Thursday", "2021-02-04"), ("Wednesday", "2023-11-01")),
    },
    "python_version": {
        "the ledger-sync repo": (
            ("3.8", "2020-01-20"),
            ("3.10", "2022-02-07"),
            ("3.12", "2024-03-11"),
        ),
        "the geo-tiles repo": (("3.9", "2021-04-12"), ("3.11", "2023-05-15")),
        "the notebook-runner repo": (
            ("3.7", "2019-06-03"),
            ("3.9", "2021-01-25"),
            ("3.11", "2023-02-13"),
            ("3.12", "2024-06-10"),
        ),
        "the invoice-renderer repo": (("3.10", "2022-01-10"), ("3.12", "2024-01-22")),
        "the ml-features repo": (("3.8", "2020-11-02"), ("3.11", "2023-09-04")),
    },
    "numpy_pin": {
        "the ledger-sync repo": (
            ("1.18.5", "2020-06-15"),
            ("1.21.6", "2022-04-04"),
            ("1.26.4", "2024-03-11"),
        ),
        "the geo-tiles repo": (("1.20.3", "2021-06-01"), ("1.24.2", "2023-03-06")),
        "the ml-features repo": (
            ("1.19.2", "2020-11-02"),
            ("1.23.5", "2022-12-05"),
            ("2.0.1", "2024-08-12"),
        ),
        "the notebook-runner repo": (("1.16.6", "2019-06-03"), ("1.24.2", "2023-02-13")),
    },
    "default_branch": {
        "the ledger-sync repo": (("master", "2018-03-01"), ("main", "2021-02-15")),
        "the geo-tiles repo": (
            ("master", "2019-05-20"),
            ("develop", "2020-09-07"),
            ("main", "2022-10-03"),
        ),
        "the invoice-renderer repo": (("main", "2021-01-11"), ("trunk", "2023-06-19")),
        "the ml-features repo": (("develop", "2020-11-02"), ("main", "2023-01-30")),
    },
    "log_level": {
        "the nightly export job": (
            ("info", "2022-01-03"),
            ("debug", "2023-03-14"),
            ("warning", "2023-04-02"),
        ),
        "the search indexer": (("warning", "2021-08-09"), ("info", "2022-11-21")),
        "the email relay": (
            ("error", "2020-05-05"),
            ("info", "2021-02-01"),
            ("debug", "2024-05-20"),
        ),
        "the thumbnail worker": (("info", "2022-06-06"), ("warning", "2024-01-29")),
    },
    "room": {
        "the weekly design review": (
            ("Room 4.12", "2021-01-11"),
            ("Kestrel", "2022-05-09"),
            ("the Atrium", "2023-09-18"),
        ),
        "the platform retro": (("Room 2.03", "2020-03-02"), ("Harbour View", "2022-01-17")),
        "the leadership sync": (
            ("Harbour View", "2019-09-02"),
            ("Room 6.01", "2021-10-04"),
            ("Kestrel", "2024-02-19"),
        ),
        "the customer advisory call": (("Room 4.12", "2022-02-01"), ("the Atrium", "2023-01-10")),
        "the security office hours": (("Room 1.07", "2022-06-13"), ("Room 3.15", "2023-11-06")),
    },
    "start_time": {
        "the weekly design review": (("14:00", "2021-01-11"), ("15:30", "2022-05-09")),
        "the platform retro": (
            ("16:00", "2020-03-02"),
            ("11:00", "2021-06-07"),
            ("15:00", "2022-01-17"),
        ),
        "the leadership sync": (("9:00", "2019-09-02"), ("8:30", "2022-09-05")),
        "the security office hours": (
            ("13:00", "2022-06-13"),
            ("10:30", "2023-11-06"),
            ("16:30", "2024-04-15"),
        ),
    },
    "weekday": {
        "the weekly design review": (
            ("Tuesday", "2021-01-11"),
            ("Thursday", "2022-05-09"),
            ("Wednesday", "2024-01-08"),
        ),
        "the platform retro": (("Friday", "2020-03-02"), ("Thursday", "2022-01-17")),
        "the customer advisory call": (("Wednesday", "2022-02-01"), ("Monday", "2023-01-10")),
        "the leadership sync": (("Monday", "2019-09-02"), ("Tuesday", "2021-10-04")),
    },
    "session_timeout": {
        "the Orbit workspace": (
            ("30 minutes", "2021-03-01"),
            ("15 minutes", "2022-07-11"),
            ("8 hours", "2023-10-02"),
        ),
        "the staging environment": (("12 hours", "2020-01-06"), ("1 hour", "2021-11-29")),
        "the Northwind tenant": (("60 minutes", "2022-04-25"), ("20 minutes", "2023-08-14")),
        "the finance workspace": (
            ("15 minutes", "2021-05-17"),
            ("10 minutes", "2022-02-28"),
            ("5 minutes", "2024-03-04"),
        ),
    },
    "default_language": {
        "the Orbit workspace": (("en-US", "2021-03-01"), ("en-GB", "2022-01-03")),
        "the Northwind tenant": (
            ("de-DE", "2022-04-25"),
            ("en-GB", "2023-02-06"),
            ("nl-NL", "2024-06-03"),
        ),
        "the finance workspace": (("fr-FR", "2021-05-17"), ("en-US", "2023-09-25")),
    },
    "backup_retention": {
        "the staging environment": (("7 days", "2020-01-06"), ("3 days", "2022-05-02")),
        "the Orbit workspace": (("30 days", "2021-03-01"), ("90 days", "2023-04-17")),
        "the Northwind tenant": (
            ("14 days", "2022-04-25"),
            ("35 days", "2023-11-20"),
            ("30 days", "2024-09-02"),
        ),
    },
    "owner_team": {
        "the invoice renderer": (
            ("Heron", "2019-04-01"),
            ("Kestrel", "2021-01-18"),
            ("Wren", "2023-05-08"),
        ),
        "the PDF export": (("Kestrel", "2020-02-10"), ("Lark", "2022-08-29")),
        "the feature-flag console": (
            ("Osprey", "2021-06-14"),
            ("Heron", "2022-10-10"),
            ("Lark", "2023-12-04"),
            ("Kestrel", "2024-07-01"),
        ),
        "the audit log": (("Wren", "2020-09-21"), ("Osprey", "2023-03-27")),
        "the mobile release pipeline": (("Lark", "2021-11-08"), ("Wren", "2024-02-12")),
    },
    "address": {
        "the Lisbon office": (
            ("Rua Augusta 24", "2017-05-02"),
            ("Avenida da Liberdade 110", "2021-09-06"),
        ),
        "the Berlin office": (
            ("Torstraße 48", "2016-01-11"),
            ("Schlesische Straße 27", "2019-03-04"),
            ("Invalidenstraße 112", "2023-07-03"),
        ),
        "the Toronto office": (
            ("120 Spadina Avenue", "2018-10-01"),
            ("55 York Street", "2022-04-19"),
        ),
        "the Nairobi office": (
            ("Kenyatta Avenue 7", "2020-02-17"),
            ("Riverside Drive 14", "2023-01-23"),
        ),
    },
    "office_manager": {
        "the Lisbon office": (("Inês Carvalho", "2017-05-02"), ("Rui Matos", "2020-11-02")),
        "the Berlin office": (("Jana Köhler", "2016-01-11"), ("Emre Yilmaz", "2021-04-06")),
        "the Toronto office": (
            ("Claire Dubois", "2018-10-01"),
            ("Sam Whitaker", "2020-06-15"),
            ("Ana Lima", "2024-01-08"),
        ),
    },
}

_GENERIC_QUESTIONS = ("What is {poss} now?", "What's the current {a} of {e}?")


def utc_day(iso_date: str) -> datetime:
    """Midnight UTC of an ISO date (the fixtures' validity times)."""
    return datetime.fromisoformat(iso_date).replace(tzinfo=UTC)


def possessive(entity: str, attribute: str) -> str:
    """An attribute of an entity: "Priya Raman's employer", "the security office hours' room"."""
    return f"{entity}' {attribute}" if entity.endswith("s") else f"{entity}'s {attribute}"


def slot_frames(slot: str) -> SlotFrames:
    """The phrasing of one slot (a KeyError names an unknown slot)."""
    return _SLOTS_BY_KEY[slot]


def holdout_histories() -> list[Subject]:
    """Every subject of the hold-out set, in a fixed order."""
    return list(_SUBJECTS)


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower().removeprefix("the ")).strip("-")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _subject(frames: SlotFrames, entity: str, rows: tuple[tuple[str, str], ...]) -> Subject:
    questions = [q.format(e=entity) for q in frames.questions]
    poss = possessive(entity, frames.attribute)
    questions += [q.format(e=entity, a=frames.attribute, poss=poss) for q in _GENERIC_QUESTIONS]
    return Subject(
        id=f"{frames.domain}/{_slug(entity)}/{frames.key}",
        domain=frames.domain,
        entity=entity,
        slot=frames.key,
        attribute=frames.attribute,
        facts=tuple(Fact(value, utc_day(day)) for value, day in rows),
        questions=tuple(_sentence(q) for q in questions),
    )


_SLOTS_BY_KEY = {frames.key: frames for frames in SLOTS}
_SUBJECTS = tuple(
    _subject(_SLOTS_BY_KEY[slot], entity, rows)
    for slot, by_entity in _HISTORIES.items()
    for entity, rows in by_entity.items()
)
