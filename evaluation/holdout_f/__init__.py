"""Hold-out set F: a sixth, independent benchmark set of changing facts.

Written by the helper ``holdf``, who read only the shared record types
(``evaluation/holdout/model.py``), the public front doors of sets D and E (their
``__init__.py``: exported names and docstrings), the store workload
(``evaluation/benchmarks/holdout_store.py``, its CLI adapter and the TimeQA runner), the
shared integrity checks (``tests/holdout_checks.py``, ``tests/holdout_helpers.py``) and how
``tests/test_holdout_e.py`` calls them, and the trust gate (``curation/_trust.py``,
``_trust_gate.py``) — not the change detector (``curation/_change.py``, ``_values.py``,
``_planner.py``, ``_claims.py``, ``mechanics/``, ``_ranking.py``), not docs/evaluation.md
nor the README's evaluation table, nor the families, wordings, histories, domains or pairs
of sets A to E — and wrote it before seeing any detector score on it. Only raw recall was
run on F (``--no-curate``), to check that its questions are answerable. The first run showed
family ``chat_turn`` never recalled: the trust gate quarantines a memory with an
``assistant:`` role tag, so the agent's lines now read ``agent:``; three VPN host names it
redacted as high-entropy secrets were renamed. On the second run the current value is in the
raw top 5 for 0.895 to 0.956 of the 294 questions per family.

``holdout_histories()`` gives one subject per (entity, slot) in eight domains
(``catalogue.py``: on-call rotations' primary, escalation manager and handover day;
repositories' pinned Django, Python runtime and base image; households' electricity
supplier, tariff and broadband provider; a fictional patient record's lisinopril dose, next
review and prescriber; footballers' squad number, position and contract end; conference
talks' room, time slot and chair; cloud accounts' monthly budget, alert threshold and owner;
offices' guest Wi-Fi, VPN gateway and print server): 98 subjects of 56 entities, 40 of which
carry two or three slots changing on their own schedules; 20 subjects never change; every
domain has a pair of near twins ("Anna Berg" and "Anna Bergman", "billing-api" and
"billing-api-v2"). ``render(family, subject)`` writes a subject's facts in one of twelve
``families()`` (``wordings.py``: chat turns, tool JSON, YAML config excerpts, Slack
messages, commit messages, e-mails, corrections, relative time words, reported speech,
telegraphic notes, casual lower case, meeting minutes), and ``holdout_pairs()`` gives
labelled older/newer pairs: changes, restatements, and negatives that must never be read as
a change (another entity with the same slot, a near twin in the very same template, another
slot of the same entity, multi-valued relations, recurring events, additions).
"""

from evaluation.holdout_f.families import families, render
from evaluation.holdout_f.histories import holdout_histories
from evaluation.holdout_f.pairs import HOLDOUT_SEED, holdout_pairs

__all__ = ["HOLDOUT_SEED", "families", "holdout_histories", "holdout_pairs", "render"]
