"""Set D's nine domains: who is paged, how far a flag is rolled out, how many seats a
customer pays for, which ward a patient is on, when a warehouse stops same-day orders,
where a webhook posts, what car someone drives, who a city's mayor is and when a system
was last failed over. Each has its own negatives: another slot of the same entity (often
with the same kind of value), a multi-valued relation, a near-slot addition and an event
that recurs.

The domains are a table in ``domains.json``; ``frames.py`` types them.
"""

from __future__ import annotations

from pathlib import Path

from evaluation.holdout_d.frames import Domain
from evaluation.tables import read_table

DATA = Path(__file__).with_name("domains.json")
DOMAINS: tuple[Domain, ...] = read_table(DATA, "domains", tuple[Domain, ...])
