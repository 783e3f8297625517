"""Set F's eight domains: on-call rotations, pinned dependencies, household utilities, a
fictional patient record, a football squad, conference talks, cloud budgets and office
networks. All names, people and addresses are invented.

The domains are a table in ``catalogue.json``; ``domains.py`` types them.
"""

from __future__ import annotations

from pathlib import Path

from evaluation.holdout_f.domains import Domain
from evaluation.tables import read_table

DATA = Path(__file__).with_name("catalogue.json")
DOMAINS: tuple[Domain, ...] = read_table(DATA, "domains", tuple[Domain, ...])


def domains() -> tuple[Domain, ...]:
    return DOMAINS


def domain(name: str) -> Domain:
    return next(d for d in DOMAINS if d.name == name)
