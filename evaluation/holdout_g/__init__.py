"""Hold-out set G: real-world changing facts, a seventh benchmark set written apart from
the change detector.

Written by the helper ``holdg`` from its own general knowledge (nothing from
``/work/shared``), reading only the shared record types (``evaluation/holdout/model.py``,
``evaluation/holdout/__init__.py``), set F's front door (``evaluation/holdout_f/__init__.py``:
docstring and exports), the typed JSON reader (``evaluation/tables.py``), the store workload
(``evaluation/benchmarks/holdout_store.py``), the shared checks (``tests/holdout_checks.py``,
``tests/holdout_helpers.py``, ``tests/test_holdout_common.py``), ``tests/test_holdout_f.py``
and the trust gate (``curation/_trust.py``, ``_trust_gate.py``) — not the change detector
(``curation/_change.py``, ``_values.py``, ``_planner.py``, ``_claims.py``, ``_ranking.py``,
``mechanics/``), not docs/evaluation.md nor the README's evaluation table, nor any
families, wordings, histories, domains, pairs or catalogue of sets A to F. Only raw recall
was run on G (``--no-curate``, twice), to check that its questions are answerable; nothing
was quarantined, and on the second run the current value is in the raw top 5 for 0.846
(``csv_row``) to 0.962 (``encyclopedic``) of the 312 questions per family, football clubs
(many coaches with five values in one store) the hardest domain.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains: companies (chief executive, headquarters city, stock ticker), football clubs
(head coach, home stadium, captain, main shirt sponsor), countries (prime minister,
chancellor, president, capital, currency, minimum wage, the Brexit date), cities (mayor,
tallest building), bands (lead singer, drummer, bassist, rhythm guitarist), programming
languages (latest release, LTS release, edition, ISO standard, steward, creator),
operating systems (release name, version, LTS release, stable codename, publisher) and
national football teams (coach, captain): 104 subjects of 62 entities, 34 of which carry
two or three slots changing on their own schedules, 17 subjects that never change. Values
are names, places, dates, amounts and versions, each dated by the year (and day, where
known) it took effect; a current value is the latest its writer knew of and may since have
changed in the world (the set measures memory, not the news). Questions ask for the current
value three ways: in the slot's own words, around them ("Where is Boeing based?"), and by
the latest occurrence; six subjects have questions of their own ("Who's in the Arsenal
dugout at the Emirates these days?").
``render(family, subject)`` writes the facts in one of ten ``families()`` (``wordings.json``:
encyclopedic sentences, news headlines, knowledge-graph triples, CSV rows, quiz cards,
diary notes, markdown table rows, value-first passive sentences, corrections, undated chat
lines), and ``holdout_pairs()`` gives 1029 labelled older/newer pairs: changes,
restatements, and negatives (another entity's same slot, another slot of the same entity,
multi-valued relations, recurring events' winners, additions).
"""

from evaluation.holdout_g.catalogue import G as SOURCE
from evaluation.holdout_g.families import families, render
from evaluation.holdout_g.histories import holdout_histories
from evaluation.holdout_g.pairs import HOLDOUT_SEED, holdout_pairs

__all__ = ["HOLDOUT_SEED", "SOURCE", "families", "holdout_histories", "holdout_pairs", "render"]
