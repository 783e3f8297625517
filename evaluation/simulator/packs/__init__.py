"""Domain packs: the vocabulary of each tenant (support, devops, sales/CRM, data).

Tenant *i* uses ``PACKS[i % len(PACKS)]``; tenants that share a pack draw different
entities (customers, services, vendors, tables) from its pools. The spec types a pack is
written in are in ``base``.
"""

from __future__ import annotations

from evaluation.simulator.packs.base import DomainPack
from evaluation.simulator.packs.data import PACK as DATA
from evaluation.simulator.packs.devops import PACK as DEVOPS
from evaluation.simulator.packs.sales import PACK as SALES
from evaluation.simulator.packs.support import PACK as SUPPORT

PACKS: tuple[DomainPack, ...] = (SUPPORT, DEVOPS, SALES, DATA)

__all__ = [
    "DATA",
    "DEVOPS",
    "PACKS",
    "SALES",
    "SUPPORT",
    "DomainPack",
]
