"""Hold-out set E: a fifth, independent benchmark set of changing facts (issue 28).

Written by the helper ``holde``, who read only issue 28, the shared record types
(``evaluation/holdout/model.py``), set D's public API (``evaluation/holdout_d/__init__.py``),
the store workload (``evaluation/benchmarks/holdout_store.py`` and its CLI adapter) and set
D's integrity tests — not the change detector (``curation/_change.py``, ``_values.py``,
``_planner.py``, ``_claims.py``), not docs/evaluation.md, nor the families, histories,
pairs, domains or writers of sets A to D (a grep once showed a few heading lines of
docs/evaluation.md and set B's eight-line kind-to-label table, nothing of any wording) — and
wrote it before seeing any detector score on it, so a score on E says how the detector does
on domains and wordings nobody tuned it on. Only raw recall was run on E (once per family,
``--no-curate``), to check that its questions are answerable: the current value is in the
raw top 5 for 0.94 to 0.99 of the 313 questions per family; family ``tool_result`` was
first at 0.84 with three formats mixed in one store, so a domain's tool now answers in one
format (``tool_format``), as a real tool does, which brought it to 0.95.

``holdout_histories()`` gives one subject per (entity, slot) in nine domains (repositories'
default branch, CI provider and merge strategy; customers' preferred channel and account
manager; datasets' retention, backup retention and storage region; API rate limits, burst
limits and authentication; people's manager, mentor and office day; vendors' invoice due
day; laptops' owner and warranty end date; flights' gate and departure time; guests' dietary
requirements), read from ``domains.json``: 99 subjects of 59 entities, 32 of which carry two
or three slots of their domain (in seven of the nine domains), each changing on its own
schedule, so another slot of the same entity competes at recall; each domain has subjects
that never change and a pair of near-twin entities. ``render(family, subject)`` writes a
subject's facts in one of ``families()`` (``wordings.py``: markdown table rows,
ISO-bracketed arrow logs, tool-call results, first-person diary, passive voice dated up
front, imperative reminders, value first, FAQ, "changed X from A to B", and undated notes
whose only time is the write time), and ``holdout_pairs()`` gives labelled older/newer
pairs: changes, restatements, and negatives that must never be read as a change (another
entity with the same slot, another slot of the same entity, multi-valued relations,
recurring events, additions).
"""

from evaluation.holdout_e.families import families, render
from evaluation.holdout_e.histories import holdout_histories
from evaluation.holdout_e.pairs import HOLDOUT_SEED, holdout_pairs

__all__ = ["HOLDOUT_SEED", "families", "holdout_histories", "holdout_pairs", "render"]
