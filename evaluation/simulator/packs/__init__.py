"""Domain packs: the vocabulary of each tenant, one JSON file a pack beside this module.

- ``support``: customer support: tickets, orders, refunds, plans, a help desk and a
  storefront;
- ``devops``: services, deploys, clusters, alerts, CI and the vendors around them;
- ``sales``: sales and CRM: accounts, deals, quotes, pricing, and the tools a sales team
  runs on;
- ``data``: data engineering: pipelines, tables, the warehouse, ingestion and BI tools.

Tenant *i* uses ``PACKS[i % len(PACKS)]``; tenants that share a pack draw different
entities (customers, services, vendors, tables) from its pools. The spec types a pack is
written in, and its loader, are in ``base``.
"""

from __future__ import annotations

from evaluation.simulator.packs.base import DomainPack, SubjectSpec, load_pack

SUPPORT = load_pack("support")
DEVOPS = load_pack("devops")
SALES = load_pack("sales")
DATA = load_pack("data")

PACKS: tuple[DomainPack, ...] = (SUPPORT, DEVOPS, SALES, DATA)

__all__ = [
    "DATA",
    "DEVOPS",
    "PACKS",
    "SALES",
    "SUPPORT",
    "DomainPack",
    "SubjectSpec",
]
