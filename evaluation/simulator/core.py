"""What every generator shares: one tenant's simulation context, subjects, ground truth.

A ``TenantSim`` owns one tenant's timeline while it is generated: its deterministic
random streams (one per generator module, so adding writes to one module never shifts
another's draws), its id counter, its entities, its writes and contests, and the
``Subject`` registry the recall and query generators draw from.

Ground truth lives with the generator that knows it: each ``Subject`` carries a
``truth(at)`` function that says which ids are correct, stale or refuted *at* a moment,
looking only at writes strictly before it.
"""

from __future__ import annotations

import hashlib
import random
import re
import uuid
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

import numpy as np

from evaluation.fleet import FleetConfig, SimContest, SimWrite
from evaluation.simulator.packs import DomainPack, SubjectSpec

# uuid5 namespace of every id the simulator mints (ids: uuid5(NAMESPACE, "seed/tenant/n"))
NAMESPACE = uuid.UUID("6f0c1d2e-8b1a-5c3e-9d4f-3a2b1c0d9e8f")
_NAMESPACE_BYTES = NAMESPACE.bytes

# Query kinds: the role family a question probes.
FAMILIES = ("state", "hotfix", "claim", "lesson", "principle", "preference", "tool_output")

Popularity = Literal["hot", "normal", "quiet"]


# tenant ids are "<company>-<pack>"; companies are not entity names of any pack
COMPANIES = (
    "acme",
    "northstar",
    "bluepeak",
    "redwood",
    "silverline",
    "ironbridge",
    "brightwave",
    "copperfield",
    "evergreen",
    "lakeside",
    "summit",
    "harborview",
)
AGENTS_PER_TENANT = 5
ENTITY_SLOTS = 5  # {pool}, {pool2} ... {pool5}

_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str) -> str:
    return _SLUG.sub("-", text.lower()).strip("-")


def tenant_name(index: int, pack: DomainPack) -> str:
    company = COMPANIES[index % len(COMPANIES)]
    lap = index // len(COMPANIES)
    return f"{company}{lap + 1 if lap else ''}-{pack.name}"


def stable_seed(*parts: object) -> int:
    """A 64-bit seed from parts, identical on every run and platform (no ``hash()``)."""
    digest = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def uuid5_str(name: str) -> str:
    """``str(uuid.uuid5(NAMESPACE, name))`` without building a UUID object (a million ids
    is a common fleet size; this halves their cost)."""
    digest = bytearray(hashlib.sha1(_NAMESPACE_BYTES + name.encode()).digest()[:16])
    digest[6] = (digest[6] & 0x0F) | 0x50  # version 5
    digest[8] = (digest[8] & 0x3F) | 0x80  # RFC 4122 variant
    h = digest.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


@dataclass(frozen=True)
class Truth:
    correct: frozenset[str]
    stale: frozenset[str] = frozenset()
    refuted: frozenset[str] = frozenset()


TruthFn = Callable[[datetime], Truth | None]


@dataclass
class Subject:
    """One thing the fleet knows about; the unit of ground truth, recall and questions."""

    name: str  # "<family>:<slug>", equal to SimWrite.subject of its writes
    family: str
    questions: tuple[str, ...]  # evaluation questions (natural language)
    cues: tuple[str, ...]  # background recall queries (terse, as agents type them)
    truth: TruthFn
    first_at: datetime
    popularity: Popularity = "normal"
    cools_at: datetime | None = None  # from then on the subject is recalled less
    cool_factor: float = 1.0


@dataclass(frozen=True)
class WriteRole:
    """How one role (``SimWrite.role``) is written: its kind, the range its importance is
    drawn from, and its generality (the table is ``roles``)."""

    role: str
    kind: str
    importance: tuple[float, float]
    generality: int


class Timeline:
    """The writes of one subject in time order; ``before(at)`` by bisection."""

    def __init__(self) -> None:
        self.times: list[datetime] = []
        self.ids: list[str] = []

    def add(self, write: SimWrite) -> None:
        k = bisect_left(self.times, write.at)
        while k < len(self.times) and self.times[k] == write.at:
            k += 1
        self.times.insert(k, write.at)
        self.ids.insert(k, write.id)

    def before(self, at: datetime) -> list[str]:
        return self.ids[: bisect_left(self.times, at)]

    @property
    def first(self) -> datetime:
        return self.times[0]


class TenantSim:
    """One tenant under generation. Generators call ``write``/``subject``/``contest``."""

    def __init__(self, config: FleetConfig, index: int, pack: DomainPack) -> None:
        self.config = config
        self.index = index
        self.pack = pack
        self.tenant = tenant_name(index, pack)
        self.start = config.day(0)
        self.days = float(config.days)
        self.agents = tuple(f"agent-{k}" for k in range(AGENTS_PER_TENANT))
        self.writes: list[SimWrite] = []
        self.contests: list[SimContest] = []
        self.subjects: list[Subject] = []
        self._counter = 0
        self.entities = self._pick_entities()

    # -- randomness and ids ---------------------------------------------------------------
    def rng(self, module: str) -> random.Random:
        return random.Random(stable_seed(self.config.seed, self.tenant, module))

    def nprng(self, module: str) -> np.random.Generator:
        return np.random.default_rng(stable_seed(self.config.seed, self.tenant, module, "np"))

    def new_id(self) -> str:
        self._counter += 1
        return uuid5_str(f"{self.config.seed}/{self.tenant}/{self._counter}")

    def query_id(self, n: int) -> str:
        return uuid5_str(f"{self.config.seed}/{self.tenant}/query/{n}")

    def _pick_entities(self) -> dict[str, str]:
        rng = self.rng("entities")
        chosen: dict[str, str] = {}
        for pool, candidates in self.pack.entities.items():
            picks = rng.sample(candidates, min(ENTITY_SLOTS, len(candidates)))
            for k, name in enumerate(picks):
                chosen[pool if k == 0 else f"{pool}{k + 1}"] = name
        return chosen

    # -- time and text --------------------------------------------------------------------
    def at(self, day: float) -> datetime:
        return self.start + timedelta(days=day)

    def fill(self, template: str, **extra: str) -> str:
        return template.format_map({**self.entities, **extra})

    def fill_all(self, templates: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(self.fill(t) for t in templates)

    def subject_name(self, family: str, slug: str) -> str:
        return f"{family}:{slugify(self.fill(slug))}"

    # -- output ---------------------------------------------------------------------------
    def write(
        self,
        rng: random.Random,
        role: WriteRole,
        subject: str,
        *,
        day: float,
        content: str,
        key: str | None = None,
    ) -> SimWrite:
        """One write of ``role`` about ``subject`` (also its topic)."""
        write = SimWrite(
            id=self.new_id(),
            tenant=self.tenant,
            at=self.at(min(max(day, 0.0), self.days)),
            content=content,
            kind=role.kind,
            role=role.role,
            subject=subject,
            importance=round(rng.uniform(*role.importance), 3),
            generality=role.generality,
            supersession_key=key,
            topic=subject,
            agent_id=rng.choice(self.agents),
        )
        self.writes.append(write)
        return write

    def add_subject(
        self,
        family: str,
        name: str,
        spec: SubjectSpec,
        truth: TruthFn,
        first_at: datetime,
        *,
        popularity: Popularity = "normal",
        cools_at: datetime | None = None,
        cool_factor: float = 1.0,
    ) -> Subject:
        """A subject asked about in ``spec``'s questions and cues, filled in for the tenant."""
        subject = Subject(
            name=name,
            family=family,
            questions=self.fill_all(spec.questions),
            cues=self.fill_all(spec.cues),
            truth=truth,
            first_at=first_at,
            popularity=popularity,
            cools_at=cools_at,
            cool_factor=cool_factor,
        )
        self.subjects.append(subject)
        return subject
