"""Integrity checks every hold-out set with the common API (``families``, ``render``,
``holdout_histories``, ``holdout_pairs``, ``HOLDOUT_SEED``) must pass, shared by the tests
of sets D, E and F so that each check is written once."""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta
from itertools import pairwise
from types import ModuleType
from typing import NamedTuple

import pytest
from holdout_helpers import (
    LABELS,
    assert_renders_every_fact,
    assert_spread_over_families,
    set_digest,
)

from evaluation.benchmarks.holdout_store import HOLDOUT_SETS
from evaluation.holdout import PAIR_KINDS, PAIR_LABELS
from evaluation.holdout.model import LabeledPair, Memory, Subject, UnknownFamilyError
from evaluation.holdout_g.catalogue import domain as catalogue_domain

YEAR = re.compile(r"\b(19|20)\d\d\b")
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
WEEKDAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
DATE_WORDS = re.compile(rf"\b({MONTHS}|{WEEKDAYS}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b")


def digest(package: str, hash_seed: str) -> str:
    """A hash of everything set ``package`` writes (pairs with their validity times),
    computed in a fresh process."""
    pair_text = "p.older.text + p.newer.text + p.label + p.kind + p.note"
    return set_digest(
        package, hash_seed, f"{pair_text} + str(p.older.valid_from) + str(p.newer.valid_from)"
    )


def skeleton(text: str, *names: str) -> str:
    """``text`` with ``names`` masked (longest first), month and weekday words and numbers
    blanked: what is left is the template's shape."""
    for name in sorted((n for n in names if n), key=len, reverse=True):
        text = re.sub(re.escape(name), "X", text, flags=re.IGNORECASE)
    return re.sub(r"\d+", "9", DATE_WORDS.sub("M", text))


def family_shapes(package: ModuleType, family: str, shape: Callable[[str], bool]) -> set[str]:
    """The template shapes (``skeleton``) of every memory ``family`` writes for the set, each
    text checked to have the family's ``shape``."""
    shapes = set()
    for subject in package.holdout_histories():
        names = [subject.entity, subject.attribute, *(f.value for f in subject.facts)]
        for memory in package.render(family, subject):
            assert shape(memory.text), (family, memory.text)
            shapes.add(skeleton(memory.text, *names))
    return shapes


def check_undated(package: ModuleType, family: str) -> None:
    """``family`` leaves the date to the write time: no year, month or weekday in its texts
    but those inside a value."""
    for subject in package.holdout_histories():
        for memory in package.render(family, subject):
            text = memory.text
            for value in (f.value for f in subject.facts):
                text = text.replace(value, "")
            assert not YEAR.search(text) and not DATE_WORDS.search(text), text


def check_deterministic(package: ModuleType) -> None:
    assert isinstance(package.HOLDOUT_SEED, int)
    first = digest(package.__name__, "1")
    assert len(first) == 64 and first == digest(package.__name__, "4242")


def subjects_by_id(package: ModuleType) -> dict[str, Subject]:
    return {subject.id: subject for subject in package.holdout_histories()}


def changing(subject: Subject) -> bool:
    return len({fact.value for fact in subject.facts}) > 1


def mentions(text: str, words: str) -> bool:
    return words.lower() in text.lower()


class SubjectCounts(NamedTuple):
    by_domain: Counter[str]
    slots_per_entity: Counter[tuple[str, str]]
    stable_share: float


def subject_counts(package: ModuleType) -> SubjectCounts:
    """The set's subjects per domain, slots per entity and the share that never changes,
    each subject's id checked to be unique, ASCII and to start with its domain."""
    subjects = package.holdout_histories()
    assert len(subjects_by_id(package)) == len(subjects)
    assert all(s.id.isascii() and s.id.startswith(f"{s.domain}/") for s in subjects)
    stable = sum(not changing(s) for s in subjects)
    return SubjectCounts(
        Counter(s.domain for s in subjects),
        Counter((s.domain, s.entity) for s in subjects),
        stable / len(subjects),
    )


def check_histories(package: ModuleType) -> None:
    """Changing subjects take two to five distinct values, stable ones keep theirs."""
    lengths: Counter[int] = Counter()
    for subject in package.holdout_histories():
        times = [fact.valid_from for fact in subject.facts]
        assert all(t.utcoffset() == timedelta(0) for t in times), subject.id
        assert all(a < b for a, b in pairwise(times)), subject.id
        values = [fact.value for fact in subject.facts]
        assert subject.current_value == values[-1]
        if changing(subject):
            lengths[len(values)] += 1
            assert 2 <= len(values) <= 5 and len(set(values)) == len(values), subject.id
            assert subject.current_value not in subject.stale_values
        else:
            assert len(values) in (1, 2) and set(subject.stale_values) <= {values[-1]}
        # no value hides inside another, so "the text mentions the value" means that value
        assert not any(a != b and a in b for a in values for b in values), subject.id
    assert set(lengths) == {2, 3, 4, 5}


def uses_words(question: str, words: tuple[str, ...]) -> bool:
    """Whether ``question`` uses any of a slot's ``words`` (whole words, in any case)."""
    return any(re.search(rf"\b{re.escape(w)}\b", question, re.IGNORECASE) for w in words)


def questions_asked(package: ModuleType) -> list[str]:
    """Every question of the set, each checked to ask for the current value by name."""
    asked: list[str] = []
    for subject in package.holdout_histories():
        questions = subject.questions
        assert len(questions) >= 3 and len(set(questions)) == len(questions), subject.id
        for question in questions:
            assert question.endswith("?") and subject.entity in question, question
            assert not YEAR.search(question), question
            assert subject.current_value not in question, question
        asked += questions
    return asked


def check_renders_every_fact(package: ModuleType) -> None:
    """Every family writes every fact, mentioning its entity and value, current last."""
    names = package.families()
    assert len(set(names)) == len(names)
    for subject in package.holdout_histories():
        last_texts = set()
        for family in names:
            memories = package.render(family, subject)
            assert_renders_every_fact(memories, subject)
            for memory in memories:
                assert memory.text.strip() and memory.value in memory.text, memory
                assert mentions(memory.text, subject.entity), memory.text
                assert memory.family == family and memory.subject_id == subject.id
            current = [m.value == subject.current_value for m in memories]
            assert [m.is_current for m in memories] == current
            assert memories[-1].is_current
            last_texts.add(memories[-1].text)
        assert len(last_texts) == len(names), subject.id


def check_labels(package: ModuleType) -> None:
    """Labels follow kinds and the histories: a change is the next value, a restatement
    comes before any change, positives exist once per change in one family and across two."""
    subjects = subjects_by_id(package)
    pairs = package.holdout_pairs()
    for pair in pairs:
        older, newer = pair.older, pair.newer
        assert pair.label == LABELS[pair.kind], pair
        assert older.valid_from < newer.valid_from, pair
        assert older.value in older.text and newer.value in newer.text, pair
        assert older.text != newer.text, pair
        if pair.label == "change":
            values = [f.value for f in subjects[older.subject_id].facts]
            assert older.subject_id == newer.subject_id and older.value != newer.value
            assert values.index(newer.value) == values.index(older.value) + 1
            assert not older.is_current
        elif pair.label == "same_value":
            assert older.subject_id == newer.subject_id and older.value == newer.value
            facts = subjects[older.subject_id].facts
            changes = [
                f.valid_from
                for f in facts
                if f.valid_from > older.valid_from and f.value != older.value
            ]
            assert not changes or newer.valid_from < changes[0], "restated after a change"
            assert older.is_current == newer.is_current
    cross = [p for p in pairs if p.kind == "cross_family_positive"]
    assert all(p.older.family != p.newer.family for p in cross)
    positive = [p for p in pairs if p.kind == "positive"]
    assert all(p.older.family == p.newer.family for p in positive)
    value_changes = sum(len(set(f.value for f in s.facts)) - 1 for s in subjects.values())
    assert len(positive) == len(cross) == value_changes


def check_negatives_state_no_new_value(package: ModuleType) -> None:
    """No negative pair states a new value of one single-valued subject's slot."""
    subjects = subjects_by_id(package)

    def single_valued(pair: LabeledPair) -> bool:
        return pair.older.subject_id in subjects and pair.newer.subject_id in subjects

    for pair in package.holdout_pairs():
        if pair.label != "unrelated":
            continue
        same_slot = pair.older.subject_id == pair.newer.subject_id
        if single_valued(pair):
            assert not same_slot, pair
        else:
            assert not same_slot or pair.older.subject_id.startswith(("multi/", "event/")), pair


def pairs_of_every_kind(
    package: ModuleType, at_least: int, per_kind: int
) -> dict[str, list[LabeledPair]]:
    """The set's pairs by kind, checked to number ``at_least`` in all, to carry every label,
    and for each kind to number ``per_kind`` and spread over the families."""
    pairs = package.holdout_pairs()
    assert len(pairs) >= at_least
    assert set(Counter(p.label for p in pairs)) == set(PAIR_LABELS)
    by_kind: dict[str, list[LabeledPair]] = {
        kind: [p for p in pairs if p.kind == kind] for kind in PAIR_KINDS
    }
    for kind, of_kind in by_kind.items():
        assert len(of_kind) >= per_kind, kind
        assert_spread_over_families(of_kind, package.families())
    return by_kind


def check_every_kind_of_negative(
    pairs: list[LabeledPair], at_least: int, same_value: int
) -> Counter[str]:
    """Every kind of pair is there, ``at_least`` in all, ``same_value`` cross-subject
    pairs sharing their value; the notes of the other-slot pairs, for a set's own check."""
    kinds = Counter(p.kind for p in pairs)
    assert set(kinds) >= {"positive", "restatement", "cross_subject", "other_slot"}
    assert {"multi_valued", "recurring_event", "addition"} <= set(kinds)
    assert kinds.total() >= at_least
    notes = Counter(p.note for p in pairs if p.kind == "cross_subject")
    assert notes["same value"] >= same_value
    return Counter(p.note for p in pairs if p.kind == "other_slot")


def cross_subject_pairs(package: ModuleType) -> list[LabeledPair]:
    """The set's cross_subject negatives, each checked to pair two entities of one domain: the
    newer text names its own entity and not the older one, and the note says whether the
    value is the same."""
    subjects = subjects_by_id(package)
    cross = [p for p in package.holdout_pairs() if p.kind == "cross_subject"]
    for pair in cross:
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        assert older.domain == newer.domain and older.entity != newer.entity
        assert mentions(pair.newer.text, newer.entity)
        assert not mentions(pair.newer.text, older.entity)
        assert (pair.note == "same value") == (pair.older.value == pair.newer.value), pair
    return cross


def other_slot_pairs(package: ModuleType) -> list[LabeledPair]:
    """The set's other_slot negatives, each checked to pair two slots of one entity, with
    a note that says whether the value is the same."""
    subjects = subjects_by_id(package)
    others = [p for p in package.holdout_pairs() if p.kind == "other_slot"]
    for pair in others:
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        assert older.entity == newer.entity and older.domain == newer.domain
        assert older.slot != newer.slot
        same = pair.older.value == pair.newer.value
        assert same == (pair.note == "same value, other slot"), pair
    return others


def check_slots_change_on_their_own_schedules(package: ModuleType) -> None:
    """Two slots of one entity never change at the same moment."""
    for a, b in pairwise(package.holdout_histories()):
        if a.domain == b.domain and a.entity == b.entity:
            assert a.slot != b.slot
            assert {f.valid_from for f in a.facts}.isdisjoint(f.valid_from for f in b.facts)


def check_unknown_family_is_named(package: ModuleType, family: str) -> None:
    with pytest.raises(UnknownFamilyError) as raised:
        package.render(family, package.holdout_histories()[0])
    assert raised.value.family == family and repr(family) in str(raised.value)


def check_store_benchmark_reads(package: ModuleType, set_name: str) -> None:
    """``memgov eval holdout --set set_name`` reads every fact and question of the set."""
    from evaluation.benchmarks.holdout_store import holdout_data, holdout_families

    subjects = package.holdout_histories()
    assert holdout_families(set_name) == list(package.families())
    by_id = subjects_by_id(package)
    for family in package.families():
        data = holdout_data(set_name, family)
        assert set(data.facts) == {s.domain for s in subjects}
        assert sum(len(f) for f in data.facts.values()) == sum(len(s.facts) for s in subjects)
        questions = [q for qs in data.questions.values() for q in qs]
        assert len(questions) == sum(len(s.questions) for s in subjects)
        for question in questions:
            subject = by_id[question.subject_index]
            values = {fact.value for fact in subject.facts}
            assert question.current == {subject.current_value} and question.current <= values
            assert question.stale == values - question.current
            assert question.question in subject.questions


def relation_pairs(package: ModuleType) -> dict[str, list[LabeledPair]]:
    """The set's pairs by kind, its multi_valued and recurring_event pairs checked to hold two
    different, both current values of one relation or event series (an event pair's note
    naming the two occasions its texts name), its additions to start from a single-valued
    subject's current value and add a value of a relation of the same domain."""
    subjects = subjects_by_id(package)
    by_kind: dict[str, list[LabeledPair]] = {}
    for pair in package.holdout_pairs():
        by_kind.setdefault(pair.kind, []).append(pair)
    for kind, prefix in (("multi_valued", "multi/"), ("recurring_event", "event/")):
        for pair in by_kind[kind]:
            old, new = pair.older, pair.newer
            assert old.subject_id == new.subject_id and old.subject_id.startswith(prefix)
            assert old.value != new.value and old.is_current and new.is_current
    for pair in by_kind["recurring_event"]:
        occasions = pair.note.split(" then ")
        assert len(set(occasions)) == 2
        for memory, occasion in zip((pair.older, pair.newer), occasions, strict=True):
            assert occasion.lower() in memory.text.lower()
    for pair in by_kind["addition"]:
        subject = subjects[pair.older.subject_id]
        assert pair.older.value == subject.current_value and pair.older.is_current
        assert pair.newer.subject_id.startswith(f"multi/{subject.domain}/")
        assert pair.newer.value not in {f.value for f in subject.facts}
    return by_kind


def check_nothing_for_the_trust_gate(package: ModuleType) -> None:
    """A memory the gate quarantines (a chat line tagged ``assistant:``) is never recalled,
    and one it redacts loses its value: neither would measure change detection."""
    from curation._trust import find_instructions, find_pii, find_secrets

    for subject in package.holdout_histories():
        for family in package.families():
            for memory in package.render(family, subject):
                text = memory.text
                assert not find_instructions(text + "\n"), text
                assert not find_secrets(text) and not find_pii(text), text


# the domains of sets G to J: a later real-world set writes none of them
DOMAINS_G_TO_J = frozenset(
    {
        *("companies", "football_clubs", "countries", "cities", "bands", "languages"),
        *("operating_systems", "national_teams", "central_banks", "athletics_records"),
        *("sports_bodies", "formula_one", "space_agencies", "orchestras", "museums"),
        *("newspapers", "universities", "airlines", "international_organisations"),
        *("car_makers", "skyscrapers", "video_games", "stock_exchanges", "ceremonial_offices"),
        *("programming_languages", "chess", "us_governors", "city_mayors", "web_browsers"),
        *("smartphones", "telescopes", "observatories", "parliament_speakers"),
    }
)
# the domains of sets K, L and M, which later real-world sets write none of either
DOMAINS_K = frozenset(
    {
        *("tennis", "opera_houses", "linux_distributions", "broadcasters", "film_festivals"),
        *("prize_bodies", "databases", "cricket"),
    }
)
DOMAINS_L = frozenset(
    {
        *("road_cycling", "rail_operators", "record_labels", "web_frameworks"),
        *("ballet_companies", "religious_institutions", "nba_teams", "publishing_houses"),
    }
)
DOMAINS_M = frozenset(
    {
        *("golf", "motor_racing", "streaming_services", "us_federal_agencies"),
        *("finance_ministries", "high_courts", "rugby_union", "developer_platforms"),
    }
)
# set N's, which set O and later real-world sets write none of either
DOMAINS_N = frozenset(
    {
        *("nfl_teams", "mlb_teams", "technical_standards", "ai_labs", "cryptocurrencies"),
        *("timekeeping", "television_shows", "public_transport"),
    }
)
# set O's, which set P and later real-world sets write none of either
DOMAINS_O = frozenset(
    {
        *("ice_hockey", "fashion_houses", "postal_services", "social_networks"),
        *("police_forces", "climate_records", "engineering_records", "lotteries"),
    }
)
# set P's, which set Q and later real-world sets write none of either
DOMAINS_P = frozenset(
    {
        *("pharmaceutical_companies", "chipmakers", "supercomputers", "endangered_species"),
        *("national_parks", "open_source_foundations", "restaurant_chains", "airports"),
    }
)
# set Q's, which set R and later real-world sets write none of either
DOMAINS_Q = frozenset(
    {
        *("commercial_banks", "telecom_operators", "oil_and_gas", "sportswear_brands"),
        *("professional_services", "food_and_drink_makers", "retailers", "magazines"),
    }
)
# set R's, which set S and later real-world sets write none of either
DOMAINS_R = frozenset(
    {
        *("container_shipping", "hotel_chains", "insurers", "news_agencies"),
        *("think_tanks", "toy_makers", "trade_unions", "mining_companies"),
    }
)
# set S's, which set T and later real-world sets write none of either
DOMAINS_S = frozenset(
    {
        *("cruise_lines", "car_rental", "satellite_operators", "auction_houses"),
        *("theme_parks", "dictionaries", "humanitarian_ngos", "credit_ratings"),
    }
)
# set T's, which set U and later real-world sets write none of either
DOMAINS_T = frozenset(
    {
        *("political_parties", "banknotes", "horse_racing", "marathons"),
        *("defence_contractors", "aircraft_makers", "ski_resorts", "ride_hailing"),
    }
)
# set U's, which set V and later real-world sets write none of either
DOMAINS_U = frozenset(
    {
        *("monarchies", "armed_forces", "energy_utilities", "sailing"),
        *("theatres", "swimming", "health_systems", "film_franchises"),
    }
)
# set V's, which set W and later real-world sets write none of either
DOMAINS_V = frozenset(
    {
        *("foreign_ministries", "mathematics", "solar_system", "road_rules"),
        *("standardised_tests", "mountains", "payments", "research_laboratories"),
    }
)
# set W's, which set X and later real-world sets write none of either
DOMAINS_W = frozenset(
    {
        *("intelligence_agencies", "treaties", "world_heritage", "chemistry"),
        *("metrology", "scientific_journals", "dog_sports", "internet_governance"),
    }
)
# set X's, which set Y and later real-world sets write none of either
DOMAINS_X = frozenset(
    {
        *("tax_rates", "data_protection", "nuclear_power", "epidemics"),
        *("laureates", "boxing", "science_advice", "meteorology"),
    }
)
# set Y's, which set Z and later real-world sets write none of either
DOMAINS_Y = frozenset(
    {
        *("labour_law", "zoos", "human_records", "typefaces"),
        *("currencies", "electoral_law", "human_spaceflight", "diplomatic_missions"),
    }
)
# set Z's, which set AA and later real-world sets write none of either
DOMAINS_Z = frozenset(
    {
        *("public_holidays", "national_symbols", "legislatures", "compulsory_schooling"),
        *("writing_systems", "song_contests", "web_records", "puzzles_and_games"),
    }
)
# set AA's, which set AB and later real-world sets write none of either
DOMAINS_AA = frozenset(
    {
        *("national_capitals", "sports_leagues", "sports_rules", "telephone_numbering"),
        *("postal_codes", "government_departments", "administrative_divisions", "stadiums"),
    }
)
# set AB's, which set AC and later real-world sets write none of either
DOMAINS_AB = frozenset(
    {
        *("software_licences", "road_tolls", "voice_acting", "shop_rules"),
        *("scheduled_dates", "weekly_schedules", "sports_kit", "title_sponsors"),
    }
)
# every real-world set's domains before set N's, O's, P's, Q's, R's, S's, T's, U's, V's, W's,
# X's, Y's, Z's, AA's, AB's and AC's: a later set writes none
DOMAINS_BEFORE_N = DOMAINS_G_TO_J | DOMAINS_K | DOMAINS_L | DOMAINS_M
DOMAINS_BEFORE_O = DOMAINS_BEFORE_N | DOMAINS_N
DOMAINS_BEFORE_P = DOMAINS_BEFORE_O | DOMAINS_O
DOMAINS_BEFORE_Q = DOMAINS_BEFORE_P | DOMAINS_P
DOMAINS_BEFORE_R = DOMAINS_BEFORE_Q | DOMAINS_Q
DOMAINS_BEFORE_S = DOMAINS_BEFORE_R | DOMAINS_R
DOMAINS_BEFORE_T = DOMAINS_BEFORE_S | DOMAINS_S
DOMAINS_BEFORE_U = DOMAINS_BEFORE_T | DOMAINS_T
DOMAINS_BEFORE_V = DOMAINS_BEFORE_U | DOMAINS_U
DOMAINS_BEFORE_W = DOMAINS_BEFORE_V | DOMAINS_V
DOMAINS_BEFORE_X = DOMAINS_BEFORE_W | DOMAINS_W
DOMAINS_BEFORE_Y = DOMAINS_BEFORE_X | DOMAINS_X
DOMAINS_BEFORE_Z = DOMAINS_BEFORE_Y | DOMAINS_Y
DOMAINS_BEFORE_AA = DOMAINS_BEFORE_Z | DOMAINS_Z
DOMAINS_BEFORE_AB = DOMAINS_BEFORE_AA | DOMAINS_AA
DOMAINS_BEFORE_AC = DOMAINS_BEFORE_AB | DOMAINS_AB
LATEST = re.compile(r"most recently|newest|latest|these days")
ISO_DATE = re.compile(r"\b(19|20)\d\d-\d\d-\d\d\b")


def families_before(set_name: str) -> frozenset[str]:
    """The wording families' names (only their names) of every hold-out set registered
    before ``set_name``: a new set repeats none of them."""
    names: set[str] = set()
    for name, module in HOLDOUT_SETS.items():
        if name == set_name:
            return frozenset(names)
        names |= set(importlib.import_module(module).families())
    raise KeyError(set_name)


def check_written_forms(texts: list[str], forms: dict[str, str]) -> None:
    """Each named form (a regular expression, ``^``/``$`` per line) is written somewhere."""
    for form, pattern in forms.items():
        assert any(re.search(pattern, t, re.MULTILINE) for t in texts), form


MODEL_ROLE = re.compile(r"^\W*(assistant|system|user|human)\W*:", re.IGNORECASE | re.MULTILINE)


def rendered_memories(package: ModuleType) -> list[Memory]:
    """Every memory of ``package``: each subject's facts in every family."""
    return [
        memory
        for subject in package.holdout_histories()
        for family in package.families()
        for memory in package.render(family, subject)
    ]


def every_memory(package: ModuleType) -> list[Memory]:
    """Every subject's memories in every family, then the relation members and event winners
    the pairs hold (no subject writes them), each text once."""
    by_text = {m.text: m for m in rendered_memories(package)}
    held = (m for pair in package.holdout_pairs() for m in (pair.older, pair.newer))
    for memory in held:
        by_text.setdefault(memory.text, memory)
    return list(by_text.values())


def replacements(package: ModuleType) -> list[tuple[str, str, str]]:
    """(family, text, replaced value) of every memory whose value replaces the one before."""
    return [
        (family, newer.text, older.value)
        for subject in package.holdout_histories()
        for family in package.families()
        for older, newer in pairwise(package.render(family, subject))
        if older.value != newer.value
    ]


def check_replaced_values_named(
    package: ModuleType, ways: dict[str, str], share: tuple[float, float], silent: set[str]
) -> None:
    """Between ``share`` of the changes name the value they replace, each way of naming it
    (a pattern of ``ways``) is used, every family names it somewhere, and exactly the
    ``silent`` families also write a change without it."""
    changes = replacements(package)
    named = [text for _, text, old in changes if old in text]
    low, high = share
    assert low * len(changes) <= len(named) <= high * len(changes)
    for way, pattern in ways.items():
        assert any(re.search(pattern, t, re.MULTILINE) for t in named), way
    assert {family for family, text, old in changes if old in text} == set(package.families())
    assert {family for family, text, old in changes if old not in text} == silent


def value_first_and_last(package: ModuleType) -> tuple[int, int]:
    """How many memories write the value before the entity's name, and how many after."""
    first, last = 0, 0
    for subject in package.holdout_histories():
        for memory in (m for f in package.families() for m in package.render(f, subject)):
            at_value, at_entity = memory.text.find(memory.value), memory.text.find(subject.entity)
            first += 0 <= at_value < at_entity
            last += 0 <= at_entity < at_value
    return first, last


def check_eight_new_domains(
    package: ModuleType,
    earlier: frozenset[str],
    *,
    several_share: float = 1 / 3,
    three_slots: int = 1,
) -> None:
    """Eight domains none of ``earlier``, 100-115 subjects of 70-80 entities, at least
    ``several_share`` of them with several slots (three at most, ``three_slots`` of them
    with three), 10-20% of subjects never changing."""
    counts = subject_counts(package)
    assert len(counts.by_domain) == 8 and min(counts.by_domain.values()) >= 10
    assert not set(counts.by_domain) & earlier
    assert 100 <= counts.by_domain.total() <= 115
    slots = counts.slots_per_entity
    assert 70 <= len(slots) <= 80
    assert sum(n >= 2 for n in slots.values()) >= several_share * len(slots)
    assert max(slots.values()) == 3 and sum(n == 3 for n in slots.values()) >= three_slots
    assert 0.10 <= counts.stable_share <= 0.20


def value_counter(package: ModuleType) -> Callable[[str], int]:
    """How many of the set's distinct values match a pattern whole (its value kinds)."""
    values = {f.value for s in package.holdout_histories() for f in s.facts}

    def count(pattern: str) -> int:
        return sum(bool(re.fullmatch(pattern, v)) for v in values)

    return count


def values_shared_within_a_slot(package: ModuleType) -> set[str]:
    """The values two or more subjects of one domain's slot have held (one coach, two
    clubs): a value is no evidence of a subject."""
    by_slot: dict[tuple[str, str], Counter[str]] = {}
    for subject in package.holdout_histories():
        by_slot.setdefault((subject.domain, subject.slot), Counter()).update(values_of(subject))
    return {v for counts in by_slot.values() for v, n in counts.items() if n >= 2}


def values_of(subject: Subject) -> set[str]:
    """Every value ``subject`` has held."""
    return {fact.value for fact in subject.facts}


def slots_of(package: ModuleType, entity: str) -> dict[str, set[str]]:
    """The values each slot of ``entity`` has held."""
    return {s.slot: values_of(s) for s in package.holdout_histories() if s.entity == entity}


def check_questions_three_ways(package: ModuleType) -> None:
    """Three questions a subject: in its slot's words (its catalogue's), around them, and
    for the latest."""
    asked = questions_asked(package)
    assert len({q.split()[0] for q in asked}) >= 5
    subjects = package.holdout_histories()
    for subject in subjects:
        words = catalogue_domain(subject.domain, package.SOURCE).slots[subject.slot].words
        uses = [uses_words(q, words) for q in subject.questions]
        assert any(uses) and not all(uses), subject.questions
        assert not any("_" in q for q in subject.questions)
        assert any(LATEST.search(q) for q in subject.questions), subject.questions
    assert all(len(s.questions) == 3 for s in subjects)


def check_family_shapes(package: ModuleType, shapes: dict[str, Callable[[str], bool]]) -> None:
    """Every family keeps its shape in each memory and writes it in four wordings or more."""
    assert list(package.families()) == list(shapes)
    for family in package.families():
        assert len(family_shapes(package, family, shapes[family])) >= 4, family


def check_written_validity(
    memories: list[Memory],
    days: dict[str, str],
    months: tuple[str, ...],
    years: tuple[str, ...],
) -> tuple[int, int, int]:
    """Every day (a pattern of ``days`` with its ``strptime`` form), month ("%B %Y") and year
    a memory writes is its own validity's; how many of each were found."""
    found = [0, 0, 0]
    for memory in memories:
        valid, text = memory.valid_from, memory.text
        for pattern, form in days.items():
            for written in re.findall(pattern, text, re.MULTILINE):
                assert datetime.strptime(written, form).date() == valid.date(), text
                found[0] += 1
        for written in (w for p in months for w in re.findall(p, text, re.MULTILINE)):
            month = datetime.strptime(written, "%B %Y")
            assert (month.year, month.month) == (valid.year, valid.month), text
            found[1] += 1
        for written in (w for p in years for w in re.findall(p, text, re.MULTILINE)):
            assert int(written) == valid.year, text
            found[2] += 1
    return found[0], found[1], found[2]
