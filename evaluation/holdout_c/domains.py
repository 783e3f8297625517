"""The nine domains of set C: what real agent stores hold, each with a changing slot and the
slots, relations and events around it that must never be read as that slot changing."""

from __future__ import annotations

from dataclasses import dataclass

from evaluation.holdout_c.phrasing import Phrasebook

COMPUTED = "*"  # a value worked out from the statement's date (deadlines), see histories.py
CURRENCY = "{c}"  # in a price: the currency of the product's own prices


@dataclass(frozen=True)
class Entity:
    name: str
    values: tuple[str, ...]
    detail: str = ""


@dataclass(frozen=True)
class EventSeries:
    """An event that recurs (a yearly offsite, a weekly standup): each of two ``occasions``
    has its own value from ``values``, so a later occasion replaces nothing."""

    book: Phrasebook
    occasions: tuple[str, str]
    values: tuple[str, ...]


@dataclass(frozen=True)
class Domain:
    """One domain: its changing slot (``book``) with eight entities' histories, a second slot
    of the same entities (``side``), a multi-valued relation (``multi``), event series
    whose occasions each have their own value (``events``), and ``extra``: a value of the
    slot's own kind added beside the current one without replacing it (a second region)."""

    name: str
    slot: str
    attribute: str
    book: Phrasebook
    questions: tuple[str, ...]
    entities: tuple[Entity, ...]
    side: Phrasebook
    side_values: tuple[str, ...]
    multi: Phrasebook
    multi_values: tuple[str, ...]
    events: tuple[EventSeries, ...]
    extra: Phrasebook
    extra_values: tuple[str, ...]


PERSONAL = Domain(
    name="personal",
    slot="employer",
    attribute="works at",
    book=Phrasebook(
        keys=("employer", "company", "org"),
        abbr="emp",
        entity_key="user",
        clauses=(
            "{e} works at {v}",
            "{e} is employed by {v}",
            "{e}'s employer is {v}",
            "{e} is on the payroll at {v}",
        ),
        updates=("{e} joined {v}", "{e} moved over to {v}", "{e} started a new job at {v}"),
        you=("you work at {v}", "you're at {v}", "your employer is {v}"),
        asks=("where does {e} work", "who is {e}'s employer"),
    ),
    questions=(
        "Where does {e} work now?",
        "What's {e}'s employer now?",
        "Latest employer for {e}?",
        "As of today, which company employs {e}?",
        "Who is {e} working for at the moment?",
    ),
    entities=(
        Entity("Tomasz Wieczorek", ("Siemens", "Zalando", "Klarna")),
        Entity("Amara Okafor", ("Deloitte", "Canva")),
        Entity("Lena Hoffmann", ("Airbus", "Spotify", "Unilever", "Maersk")),
        Entity("Diego Alvarez", ("Ocado", "Shopify", "Atlassian", "Stripe", "Novartis")),
        Entity("Mei Tanaka", ("Rakuten", "Mercari", "Sony")),
        Entity("Samuel Osei", ("MTN Group", "Flutterwave")),
        Entity("Ingrid Solberg", ("Equinor", "DNB", "Kahoot!", "Schibsted")),
        Entity("Rahul Bhatt", ("Infosys", "Razorpay", "Zerodha")),
    ),
    side=Phrasebook(
        keys=("home_city", "city", "lives_in"),
        abbr="city",
        entity_key="user",
        clauses=("{e} lives in {v}", "{e}'s home is in {v}", "{e} is based in {v}"),
        asks=("where does {e} live",),
    ),
    side_values=("Gdansk", "Leeds", "Porto", "Utrecht", "Osaka", "Accra", "Bergen", "Pune"),
    multi=Phrasebook(
        keys=("language", "speaks"),
        abbr="lang",
        entity_key="user",
        clauses=("{e} speaks {v}", "{e} is fluent in {v}", "{e} can hold a conversation in {v}"),
        adds=("{e} also speaks {v}", "{e} has picked up {v} as well", "{e} speaks {v} too"),
        asks=("which languages does {e} speak",),
    ),
    multi_values=("French", "Spanish", "German", "Polish", "Japanese", "Twi", "Hindi", "Italian"),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("destination", "trip_to"),
                abbr="trip",
                entity_key="user",
                clauses=(
                    "{e}'s {o} summer holiday was in {v}",
                    "{e} spent the {o} summer holiday in {v}",
                    "for the {o} summer holiday {e} went to {v}",
                ),
                asks=("where did {e} go for the {o} summer holiday",),
            ),
            occasions=("2022", "2023"),
            values=("Crete", "Kyoto", "Lisbon", "Reykjavik", "Zanzibar", "Sicily", "Hanoi"),
        ),
    ),
    extra=Phrasebook(
        keys=("side_gig", "also_works_for"),
        abbr="side",
        entity_key="user",
        clauses=("{e} also consults part-time for {v}", "{e} does freelance work for {v} too"),
        adds=("on top of the day job, {e} now also advises {v}",),
        asks=("who else does {e} work for",),
    ),
    extra_values=("Bosch", "Wolt", "Revolut", "Mozilla"),
)

ACCOUNTS = Domain(
    name="accounts",
    slot="plan",
    attribute="plan tier",
    book=Phrasebook(
        keys=("plan", "tier", "subscription"),
        abbr="plan",
        entity_key="account",
        clauses=(
            "{e} is on the {v} plan",
            "{e}'s subscription tier is {v}",
            "{e} pays for {v}",
            "{e} has the {v} tier",
        ),
        updates=("{e} moved to the {v} plan", "{e} switched its plan to {v}", "{e} changed to {v}"),
        asks=("what plan is {e} on", "which tier does {e} have"),
    ),
    questions=(
        "What plan is {e} on now?",
        "What's {e}'s subscription tier now?",
        "Latest plan tier for {e}?",
        "As of today, which tier does {e} pay for?",
        "Which plan does the {e} account currently have?",
    ),
    entities=(
        Entity("Northwind Logistics", ("Starter", "Team", "Business")),
        Entity("Bluefin Analytics", ("Team", "Enterprise")),
        Entity("Harbor & Pine Dental", ("Free", "Starter", "Team")),
        Entity("Quillon Legal", ("Business", "Enterprise", "Enterprise Plus")),
        Entity("Tessaract Games", ("Starter", "Growth", "Team", "Business", "Enterprise")),
        Entity("Verdant Farms Co-op", ("Free", "Team")),
        Entity("Kestrel Aviation", ("Team", "Business", "Enterprise", "Enterprise Plus")),
        Entity("Orbit Schools Trust", ("Growth", "Business", "Team")),
    ),
    side=Phrasebook(
        keys=("seats", "seat_count", "licensed_seats"),
        abbr="seats",
        entity_key="account",
        clauses=("{e} has {v} seats", "{e} is licensed for {v} seats", "{e}'s seat count is {v}"),
        asks=("how many seats does {e} have",),
    ),
    side_values=("12", "40", "75", "150", "8", "230", "64", "18"),
    multi=Phrasebook(
        keys=("integration", "connected_app"),
        abbr="intg",
        entity_key="account",
        clauses=("{e} uses the {v} integration", "{e} has {v} connected", "{e} syncs with {v}"),
        adds=("{e} also connected {v}", "{e} added the {v} integration", "{e} syncs with {v} too"),
        asks=("which integrations does {e} use",),
    ),
    multi_values=("Slack", "Salesforce", "HubSpot", "Zendesk", "Jira", "Xero", "Okta", "Teams"),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("nps", "nps_score"),
                abbr="NPS",
                entity_key="account",
                clauses=(
                    "{e}'s {o} NPS survey came back at {v}",
                    "the {o} NPS for {e} was {v}",
                    "{e} scored {v} on the {o} NPS survey",
                ),
                asks=("what was {e}'s {o} NPS",),
            ),
            occasions=("2022", "2023"),
            values=("+32", "+41", "-5", "+18", "+57", "+9"),
        ),
        EventSeries(
            book=Phrasebook(
                keys=("invoice_total", "billed"),
                abbr="inv",
                entity_key="account",
                clauses=(
                    "{e}'s {o} invoice came to {v}",
                    "the {o} invoice for {e} was {v}",
                    "{e} was billed {v} for {o}",
                ),
                asks=("how much was {e}'s {o} invoice",),
            ),
            occasions=("March 2023", "April 2023"),
            values=("$4,180.00", "$3,960.00", "$12,400.00", "$980.00", "$2,315.50"),
        ),
    ),
    extra=Phrasebook(
        keys=("second_workspace_plan", "addon_plan"),
        abbr="2nd ws",
        entity_key="account",
        clauses=("{e} also has a second workspace on the {v} plan",),
        adds=("{e} added a sandbox workspace on {v}", "{e} bought an extra {v} workspace too"),
        asks=("what plan is {e}'s second workspace on",),
    ),
    extra_values=("Free", "Starter", "Growth", "Team"),
)

INFRA = Domain(
    name="infra",
    slot="region",
    attribute="region",
    book=Phrasebook(
        keys=("region", "aws_region", "deploy_region"),
        abbr="rgn",
        entity_key="service",
        clauses=(
            "{e} runs out of {v}",
            "{e} is hosted in {v}",
            "{e} is deployed to {v}",
            "{e}'s region is {v}",
        ),
        updates=("{e} moved to {v}", "{e} was migrated to {v}", "{e} cut over to {v}"),
        asks=("which region is {e} in", "where is {e} hosted"),
    ),
    questions=(
        "Which region does {e} run in now?",
        "What's {e}'s region now?",
        "Latest region for {e}?",
        "As of today, where is {e} hosted?",
        "Where is {e} deployed at the moment?",
    ),
    entities=(
        Entity("billing-api", ("us-east-1", "eu-west-1")),
        Entity("search-indexer", ("us-west-2", "us-east-2", "eu-central-1")),
        Entity("auth-gateway", ("eu-west-1", "eu-central-1", "eu-north-1", "eu-west-2")),
        Entity("media-transcoder", ("ap-southeast-1", "ap-northeast-1")),
        Entity("ledger-db", ("us-east-1", "us-east-2", "ca-central-1")),
        Entity(
            "notifications-worker",
            ("eu-west-2", "us-east-1", "us-west-2", "eu-west-1", "ap-south-1"),
        ),
        Entity("checkout-web", ("us-east-2", "us-east-1")),
        Entity("reporting-etl", ("eu-central-1", "eu-west-1", "us-east-1")),
    ),
    side=Phrasebook(
        keys=("instance_type", "instance_size", "node_type"),
        abbr="inst",
        entity_key="service",
        clauses=("{e} runs on {v} instances", "{e}'s instance size is {v}", "{e} uses {v} nodes"),
        asks=("what instance size does {e} use",),
    ),
    side_values=("m5.large", "c6g.xlarge", "r6i.2xlarge", "t3.medium", "m7g.large", "c5.4xlarge"),
    multi=Phrasebook(
        keys=("owner", "owners"),
        abbr="own",
        entity_key="service",
        clauses=("{v} is one of the owners of {e}", "{e} has {v} as an owner", "{v} co-owns {e}"),
        adds=("{v} was added as another owner of {e}", "{e} gained {v} as a co-owner"),
        asks=("who owns {e}",),
    ),
    multi_values=("Marta Kowalczyk", "Dev Patel", "Chloe Martin", "Obi Nwosu", "Sven Larsen"),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("failover_region", "dr_region"),
                abbr="DR",
                entity_key="service",
                clauses=(
                    "the {o} DR drill for {e} failed over to {v}",
                    "{e}'s {o} disaster-recovery test ran in {v}",
                    "during the {o} game day {e} was served from {v}",
                ),
                asks=("where did {e} fail over to in the {o} drill",),
            ),
            occasions=("March", "September"),
            values=("us-west-2", "eu-central-1", "us-east-2", "eu-west-2", "ap-southeast-2"),
        ),
        EventSeries(
            book=Phrasebook(
                keys=("backup_target", "backup_bucket"),
                abbr="bkp",
                entity_key="service",
                clauses=(
                    "the {o} nightly backup of {e} went to {v}",
                    "{e}'s nightly backup on {o} was written to {v}",
                    "on {o} the nightly backup of {e} landed in {v}",
                ),
                asks=("where did {e}'s {o} nightly backup go",),
            ),
            occasions=("2 April 2023", "3 April 2023"),
            values=("backups-eu-1", "backups-us-2", "vault-cold-3", "backups-eu-2"),
        ),
    ),
    extra=Phrasebook(
        keys=("secondary_region", "replica_region"),
        abbr="2nd rgn",
        entity_key="service",
        clauses=("{e} also serves reads from {v}", "{e} keeps a warm standby in {v}"),
        adds=("{e} added {v} as a secondary region", "{e} now also runs a replica in {v}"),
        asks=("which other regions does {e} use",),
    ),
    extra_values=("us-west-1", "eu-south-1", "ap-southeast-2", "sa-east-1"),
)

FOOTBALL = Domain(
    name="football",
    slot="club",
    attribute="plays for",
    book=Phrasebook(
        keys=("current_club", "club", "team"),
        abbr="clb",
        entity_key="player",
        clauses=(
            "{e} plays for {v}",
            "{e}'s current club is {v}",
            "{e} is a {v} player",
            "{e} turns out for {v}",
        ),
        updates=("{e} signed for {v}", "{e} transferred to {v}", "{e} completed a move to {v}"),
        asks=("which club does {e} play for", "who does {e} play for"),
    ),
    questions=(
        "Which club does {e} play for now?",
        "What's {e}'s club now?",
        "Latest club for {e}?",
        "As of today, who does {e} play for?",
        "Where is {e} playing these days?",
    ),
    entities=(
        Entity("Mateo Ruiz Calderón", ("Real Betis", "Sevilla", "Atalanta")),
        Entity("Jonas Lindqvist", ("Malmö FF", "Feyenoord")),
        Entity("Kwame Asante", ("Hearts of Oak", "Brentford", "Celtic", "Rangers")),
        Entity("Luca Benedetti", ("Torino", "Benfica", "Galatasaray")),
        Entity("Yusuf Demir Kaya", ("Trabzonspor", "PSV Eindhoven")),
        Entity("Callum Fraser", ("Aberdeen", "Celtic", "Brentford", "Sporting CP", "Ajax")),
        Entity("Rafael Nogueira", ("Sporting CP", "FC Porto", "Olympique Lyonnais")),
        Entity("Adrien Morel", ("Olympique Lyonnais", "Borussia Dortmund", "Ajax")),
    ),
    side=Phrasebook(
        keys=("position", "plays_as"),
        abbr="pos",
        entity_key="player",
        clauses=("{e} plays as a {v}", "{e}'s position is {v}", "{e} lines up at {v}"),
        asks=("what position does {e} play",),
    ),
    side_values=("left back", "centre forward", "defensive midfielder", "goalkeeper", "winger"),
    multi=Phrasebook(
        keys=("citizenship", "nationality"),
        abbr="nat",
        entity_key="player",
        clauses=("{e} holds {v} citizenship", "{e} has a {v} passport", "{e} is a {v} national"),
        adds=("{e} also holds {v} citizenship", "{e} acquired {v} citizenship as well"),
        asks=("which nationalities does {e} hold",),
    ),
    multi_values=("Spanish", "Swedish", "Ghanaian", "Italian", "Turkish", "Scottish", "Brazilian"),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("league_goals", "goals"),
                abbr="gls",
                entity_key="player",
                clauses=(
                    "{e} scored {v} in the {o} season",
                    "{e}'s tally for {o} was {v}",
                    "in {o} {e} finished with {v}",
                ),
                asks=("how many goals did {e} score in {o}",),
            ),
            occasions=("2021/22", "2022/23"),
            values=("7 league goals", "12 league goals", "3 league goals", "19 league goals"),
        ),
    ),
    extra=Phrasebook(
        keys=("national_team", "international"),
        abbr="intl",
        entity_key="player",
        clauses=("{e} also plays for {v} at international level", "{e} is capped by {v}"),
        adds=("{e} was also called up by {v}", "{e} earned a first cap for {v} as well"),
        asks=("which national team does {e} play for",),
    ),
    extra_values=("Spain U21", "Sweden", "Ghana", "Italy", "Scotland", "Brazil U23"),
)

MEDICATION = Domain(
    name="medication",
    slot="dose",
    attribute="dose",
    book=Phrasebook(
        keys=("dose", "dosage", "sig"),
        abbr="dose",
        entity_key="patient",
        detail_key="drug",
        clauses=(
            "{e} takes {d} {v}",
            "{e}'s {d} dose is {v}",
            "{e} is on {d} {v}",
            "{d} for {e} is {v}",
        ),
        updates=(
            "{e}'s {d} was changed to {v}",
            "{e}'s {d} dose was adjusted to {v}",
            "{d} for {e} went to {v}",
        ),
        asks=("what dose of {d} is {e} on", "how much {d} does {e} take"),
    ),
    questions=(
        "What dose of {d} is {e} on now?",
        "What's {e}'s {d} dose now?",
        "Latest {d} dosage for {e}?",
        "As of today, how much {d} does {e} take?",
        "How is {e} currently taking {d}?",
    ),
    entities=(
        Entity(
            "Harold Jenkins",
            ("5 mg once daily", "10 mg once daily", "20 mg once daily"),
            "lisinopril",
        ),
        Entity("Grace Mbeki", ("500 mg twice daily", "1000 mg twice daily"), "metformin"),
        Entity(
            "Oskar Nilsson",
            (
                "25 mcg each morning",
                "50 mcg each morning",
                "75 mcg each morning",
                "62.5 mcg each morning",
            ),
            "levothyroxine",
        ),
        Entity(
            "Fatima Zahra", ("10 mg at night", "20 mg at night", "40 mg at night"), "atorvastatin"
        ),
        Entity(
            "Brendan O'Leary",
            ("2.5 mg daily", "5 mg daily", "3 mg daily", "4 mg daily", "7.5 mg daily"),
            "warfarin",
        ),
        Entity("Lucia Ferraro", ("50 mg twice daily", "100 mg twice daily"), "sertraline"),
        Entity(
            "Wen Zhou",
            ("40 mg before breakfast", "20 mg before breakfast", "10 mg before breakfast"),
            "omeprazole",
        ),
        Entity("Peter Van Dijk", ("1.25 mg daily", "2.5 mg daily", "5 mg daily"), "bisoprolol"),
    ),
    side=Phrasebook(
        keys=("prescriber", "prescribed_by"),
        abbr="Rx by",
        entity_key="patient",
        detail_key="drug",
        clauses=("{e}'s {d} is prescribed by {v}", "{v} prescribes {e}'s {d}"),
        asks=("who prescribes {e}'s {d}",),
    ),
    side_values=("Dr. Chen", "Dr. Okafor", "Dr. Lindgren", "Dr. Haddad", "Dr. Moreau"),
    multi=Phrasebook(
        keys=("allergy", "allergic_to"),
        abbr="allg",
        entity_key="patient",
        clauses=("{e} is allergic to {v}", "{e} has a {v} allergy", "{e} reacts badly to {v}"),
        adds=("{e} is also allergic to {v}", "a {v} allergy was added to {e}'s chart"),
        asks=("what is {e} allergic to",),
    ),
    multi_values=("penicillin", "latex", "peanuts", "sulfa drugs", "shellfish", "ibuprofen"),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("flu_shot_at", "vaccinated_at"),
                abbr="flu jab",
                entity_key="patient",
                clauses=(
                    "{e} had the {o} flu shot at {v}",
                    "{e}'s {o} flu vaccine was given at {v}",
                    "the {o} flu jab for {e} was done at {v}",
                ),
                asks=("where did {e} get the {o} flu shot",),
            ),
            occasions=("autumn 2022", "autumn 2023"),
            values=("Boots Camden", "the Riverside clinic", "Lloyds Pharmacy", "the GP surgery"),
        ),
    ),
    extra=Phrasebook(
        keys=("prn_dose", "rescue_dose"),
        abbr="PRN",
        entity_key="patient",
        detail_key="drug",
        clauses=("{e} also has an as-needed {d} dose of {v}",),
        adds=("an extra as-needed {d} dose of {v} was added for {e}",),
        asks=("is there an as-needed {d} dose for {e}",),
    ),
    extra_values=("2.5 mg as needed", "250 mg as needed", "12.5 mcg as needed", "5 mg as needed"),
)

PRICING = Domain(
    name="pricing",
    slot="price",
    attribute="list price",
    book=Phrasebook(
        keys=("price", "list_price", "unit_price"),
        abbr="px",
        entity_key="product",
        clauses=(
            "{e} is priced at {v}",
            "{e} sells for {v}",
            "{e} costs {v}",
            "{e}'s list price is {v}",
        ),
        updates=("{e} was repriced to {v}", "{e}'s price changed to {v}", "{e} now retails at {v}"),
        asks=("how much is {e}", "what does {e} cost"),
    ),
    questions=(
        "How much does {e} cost now?",
        "What's {e}'s price now?",
        "Latest list price for {e}?",
        "As of today, what does {e} sell for?",
        "What is {e} priced at currently?",
    ),
    entities=(
        Entity("Trailhead 38L backpack", ("$89.00", "$94.00", "$99.00")),
        Entity("Aeropress Go", ("$31.95", "$39.95")),
        Entity("Nimbus desk lamp", ("€54.90", "€59.90", "€49.90", "€64.90")),
        Entity("Orca 1L steel bottle", ("£18.50", "£21.00", "£22.50")),
        Entity("Fieldnote A5 notebook 3-pack", ("$12.99", "$14.99")),
        Entity("Pulse wireless earbuds", ("$129.00", "$119.00", "$99.00", "$109.00", "$89.00")),
        Entity("Summit trekking poles", ("€79.00", "€84.00", "€89.00")),
        Entity("Breeze USB desk fan", ("£24.99", "£19.99", "£22.99")),
    ),
    side=Phrasebook(
        keys=("sku", "item_code"),
        abbr="SKU",
        entity_key="product",
        clauses=("{e} has SKU {v}", "{e}'s item code is {v}", "{e} is listed under {v}"),
        asks=("what is the SKU of {e}",),
    ),
    side_values=("TH-38-BLK", "AP-GO-01", "NB-LMP-W", "OR-1L-SS", "FN-A5-3P", "PL-EB-02"),
    multi=Phrasebook(
        keys=("colour", "color"),
        abbr="col",
        entity_key="product",
        clauses=("{e} comes in {v}", "{e} is available in {v}", "{e} is sold in {v}"),
        adds=("{e} is now also available in {v}", "{v} was added as a colour for {e}"),
        asks=("which colours does {e} come in",),
    ),
    multi_values=("slate grey", "forest green", "sand", "midnight blue", "coral", "white"),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("sale_price", "promo_price"),
                abbr="promo",
                entity_key="product",
                clauses=(
                    "{e}'s Black Friday {o} price was {v}",
                    "for Black Friday {o} {e} went for {v}",
                    "{e} was {v} during the Black Friday {o} sale",
                ),
                asks=("what was {e}'s Black Friday {o} price",),
            ),
            occasions=("2022", "2023"),
            values=("{c}69.00", "{c}59.00", "{c}39.90", "{c}14.99", "{c}79.00", "{c}44.90"),
        ),
    ),
    extra=Phrasebook(
        keys=("member_price", "refurb_price"),
        abbr="mbr px",
        entity_key="product",
        clauses=(
            "{e} is also offered at {v} for members",
            "{e} also has a refurbished listing at {v}",
        ),
        adds=("{e} got an extra members-only price of {v}",),
        asks=("is there a member price for {e}",),
    ),
    extra_values=("{c}75.00", "{c}27.50", "{c}44.00", "{c}15.00", "{c}10.99", "{c}69.00"),
)

PROJECTS = Domain(
    name="projects",
    slot="deadline",
    attribute="due date",
    book=Phrasebook(
        keys=("due", "deadline", "target_date"),
        abbr="due",
        entity_key="project",
        clauses=(
            "{e} is due {v}",
            "{e}'s deadline is {v}",
            "{e} has to ship by {v}",
            "the due date for {e} is {v}",
        ),
        updates=("{e} slipped to {v}", "{e}'s deadline moved to {v}", "{e} got rescheduled to {v}"),
        asks=("when is {e} due", "what is the deadline for {e}"),
    ),
    questions=(
        "When is {e} due now?",
        "What's {e}'s deadline now?",
        "Latest due date for {e}?",
        "As of today, when does {e} have to ship?",
        "What date is {e} currently targeting?",
    ),
    entities=(
        Entity("Atlas data migration", (COMPUTED,) * 3),
        Entity("Helios mobile redesign", (COMPUTED,) * 2),
        Entity("Juniper SSO rollout", (COMPUTED,) * 4),
        Entity("Kraken cost review", (COMPUTED,) * 2),
        Entity("Lumen docs revamp", (COMPUTED,) * 3),
        Entity("Mistral onboarding flow", (COMPUTED,) * 5),
        Entity("Nova pricing page", (COMPUTED,) * 3),
        Entity("Orion GDPR audit", (COMPUTED,) * 2),
    ),
    side=Phrasebook(
        keys=("owner", "dri", "lead"),
        abbr="DRI",
        entity_key="project",
        clauses=("{e} is owned by {v}", "{v} leads {e}", "the DRI for {e} is {v}"),
        asks=("who owns {e}",),
    ),
    side_values=("Hana Kim", "Marco Rossi", "Aisha Bello", "Felix Braun", "Noor Haddad"),
    multi=Phrasebook(
        keys=("team", "contributors"),
        abbr="team",
        entity_key="project",
        clauses=("{v} is working on {e}", "{e} has the {v} team on it", "{v} contributes to {e}"),
        adds=("{v} joined {e} as well", "{e} also pulled in {v}"),
        asks=("which teams are on {e}",),
    ),
    multi_values=("the platform team", "design", "legal", "data engineering", "QA", "support"),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("review_date", "milestone_review"),
                abbr="MR",
                entity_key="project",
                clauses=(
                    "the {o} milestone review for {e} was on {v}",
                    "{e}'s {o} milestone review is {v}",
                    "{e} had its {o} milestone review on {v}",
                ),
                asks=("when was {e}'s {o} milestone review",),
            ),
            occasions=("M1", "M2"),
            values=("Apr 4, 2023", "Jun 13, 2023", "Apr 18, 2023", "Jul 11, 2023", "May 2, 2023"),
        ),
        EventSeries(
            book=Phrasebook(
                keys=("rag", "status"),
                abbr="RAG",
                entity_key="project",
                clauses=(
                    "{e} was {v} in the {o} status report",
                    "the {o} status for {e} was {v}",
                    "{e} came in at {v} for {o}",
                ),
                asks=("what was {e}'s status in {o}",),
            ),
            occasions=("week 14", "week 15"),
            values=("Green", "Amber", "Red"),
        ),
    ),
    extra=Phrasebook(
        keys=("beta_date", "soft_launch"),
        abbr="beta",
        entity_key="project",
        clauses=("{e} also has an internal beta on {v}", "{e}'s soft launch is {v} as well"),
        adds=("{e} added an internal beta date of {v}",),
        asks=("when is {e}'s internal beta",),
    ),
    extra_values=("Jan 9, 2024", "Feb 20, 2024", "Oct 3, 2023", "Nov 14, 2023"),
)

DEPENDENCIES = Domain(
    name="dependencies",
    slot="version",
    attribute="pinned version",
    book=Phrasebook(
        keys=("version", "pinned", "resolved"),
        abbr="ver",
        entity_key="repo",
        detail_key="package",
        clauses=(
            "{e} pins {d} {v}",
            "{e} is on {d} {v}",
            "{d} in {e} is at {v}",
            "{e}'s {d} version is {v}",
        ),
        updates=(
            "{e} bumped {d} to {v}",
            "{e} upgraded {d} to {v}",
            "{d} was updated to {v} in {e}",
        ),
        asks=("which {d} version does {e} use", "what is {e} pinned to for {d}"),
    ),
    questions=(
        "Which {d} version is {e} on now?",
        "What's {e}'s {d} version now?",
        "Latest {d} version for {e}?",
        "As of today, what does {e} pin {d} to?",
        "What {d} release does {e} currently use?",
    ),
    entities=(
        Entity("ledgerly", ("4.1.7", "4.2.3", "5.0.1"), "Django"),
        Entity("pantry-app", ("17.0.2", "18.2.0"), "React"),
        Entity("tidewatch", ("1.5.3", "2.0.3", "2.1.4", "2.2.1"), "pandas"),
        Entity("quarry-cli", ("1.4.46", "2.0.23", "2.0.29"), "SQLAlchemy"),
        Entity("mosaic-ui", ("12.3.4", "13.4.1", "13.5.6", "14.0.4", "14.1.0"), "Next.js"),
        Entity("beacon-sync", ("0.95.2", "0.100.1"), "FastAPI"),
        Entity("harbor-admin", ("4.9.5", "5.0.4", "5.3.3"), "TypeScript"),
        Entity("fable-docs", ("5.3.0", "6.2.1", "7.2.6"), "Sphinx"),
    ),
    side=Phrasebook(
        keys=("ci_image", "runner_image"),
        abbr="CI img",
        entity_key="repo",
        clauses=("{e}'s CI runs on {v}", "{e} builds on the {v} runner", "{e}'s CI image is {v}"),
        asks=("which CI image does {e} use",),
    ),
    side_values=("ubuntu-22.04", "ubuntu-20.04", "macos-13", "debian-bookworm", "alpine-3.18"),
    multi=Phrasebook(
        keys=("dependency", "requires"),
        abbr="dep",
        entity_key="repo",
        clauses=("{e} depends on {v}", "{e} requires {v}", "{v} is a dependency of {e}"),
        adds=("{e} added {v} as a dependency", "{e} now also requires {v}"),
        asks=("what does {e} depend on",),
    ),
    multi_values=("requests", "httpx", "pydantic", "lodash", "zod", "celery", "boto3"),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("audit_findings", "cves"),
                abbr="audit",
                entity_key="repo",
                clauses=(
                    "{e}'s {o} security audit flagged {v}",
                    "the {o} dependency audit of {e} found {v}",
                    "{e} came out of the {o} audit with {v}",
                ),
                asks=("what did {e}'s {o} security audit find",),
            ),
            occasions=("Q1 2023", "Q3 2023"),
            values=("3 CVEs", "1 CVE", "no CVEs", "5 CVEs", "2 CVEs"),
        ),
    ),
    extra=Phrasebook(
        keys=("also_tested", "ci_matrix"),
        abbr="matrix",
        entity_key="repo",
        detail_key="package",
        clauses=("{e} also tests against {d} {v}", "{e}'s CI matrix includes {d} {v} too"),
        adds=("{e} added {d} {v} to its CI matrix",),
        asks=("which other {d} versions does {e} test",),
    ),
    extra_values=("main", "nightly", "dev", "latest"),
)

RITUALS = Domain(
    name="rituals",
    slot="sync_day",
    attribute="weekly sync day",
    book=Phrasebook(
        keys=("sync_day", "weekly_sync", "meets_on"),
        abbr="sync",
        entity_key="team",
        clauses=(
            "{e}'s weekly sync is on {v}",
            "{e} holds its weekly sync every {v}",
            "{e} syncs on {v}",
            "the weekly sync for {e} falls on {v}",
        ),
        updates=(
            "{e}'s weekly sync moved to {v}",
            "{e} switched its weekly sync to {v}",
            "{e} now meets on {v}",
        ),
        asks=("what day is {e}'s weekly sync", "when does {e} sync each week"),
    ),
    questions=(
        "What day is {e}'s weekly sync now?",
        "What's {e}'s sync day now?",
        "Latest weekly sync day for {e}?",
        "As of today, which day does {e} meet each week?",
        "On which weekday does {e} currently sync?",
    ),
    entities=(
        Entity("Payments squad", ("Monday", "Wednesday")),
        Entity("Growth team", ("Tuesday", "Thursday", "Monday")),
        Entity("Data platform team", ("Friday", "Tuesday", "Wednesday", "Thursday")),
        Entity("Mobile guild", ("Wednesday", "Monday", "Friday")),
        Entity("Support tier-2", ("Thursday", "Tuesday")),
        Entity("Design systems crew", ("Monday", "Thursday", "Tuesday", "Friday", "Wednesday")),
        Entity("SRE on-call rota", ("Tuesday", "Monday", "Thursday")),
        Entity("Finance ops", ("Friday", "Monday")),
    ),
    side=Phrasebook(
        keys=("sync_time", "starts_at"),
        abbr="time",
        entity_key="team",
        clauses=("{e}'s weekly sync starts at {v}", "{e} syncs at {v}", "{e}'s sync slot is {v}"),
        asks=("what time is {e}'s weekly sync",),
    ),
    side_values=("09:30", "10:00", "14:15", "16:00", "11:45", "08:45"),
    multi=Phrasebook(
        keys=("member", "members"),
        abbr="mbr",
        entity_key="team",
        clauses=("{v} is on {e}", "{v} is a member of {e}", "{e} includes {v}"),
        adds=("{v} joined {e}", "{e} added {v} to the team"),
        asks=("who is on {e}",),
    ),
    multi_values=(
        "Jonah Reyes",
        "Ewa Nowak",
        "Kofi Mensah",
        "Ana Sousa",
        "Liam Byrne",
        "Yara Aziz",
    ),
    events=(
        EventSeries(
            book=Phrasebook(
                keys=("offsite_city", "offsite"),
                abbr="offsite",
                entity_key="team",
                clauses=(
                    "{e}'s {o} offsite was in {v}",
                    "the {o} offsite for {e} is in {v}",
                    "{e} held the {o} offsite in {v}",
                ),
                asks=("where was {e}'s {o} offsite",),
            ),
            occasions=("2022", "2023"),
            values=("Lisbon", "Oslo", "Kraków", "Valencia", "Tallinn", "Ghent"),
        ),
        EventSeries(
            book=Phrasebook(
                keys=("facilitator", "run_by"),
                abbr="standup",
                entity_key="team",
                clauses=(
                    "the standup on {o} for {e} was run by {v}",
                    "{e}'s standup on {o} was facilitated by {v}",
                    "{v} ran {e}'s standup on {o}",
                ),
                asks=("who ran {e}'s standup on {o}",),
            ),
            occasions=("Monday 3 April 2023", "Monday 10 April 2023"),
            values=("Jonah Reyes", "Ewa Nowak", "Kofi Mensah", "Ana Sousa", "Liam Byrne"),
        ),
    ),
    extra=Phrasebook(
        keys=("retro_day", "also_meets"),
        abbr="retro",
        entity_key="team",
        clauses=("{e} also holds a retro every other {v}", "{e} has a demo slot on {v} too"),
        adds=("{e} added a fortnightly retro on {v}",),
        asks=("when does {e} hold its retro",),
    ),
    extra_values=("Monday", "Tuesday", "Wednesday", "Thursday", "Friday"),
)

DOMAINS: tuple[Domain, ...] = (
    PERSONAL,
    ACCOUNTS,
    INFRA,
    FOOTBALL,
    MEDICATION,
    PRICING,
    PROJECTS,
    DEPENDENCIES,
    RITUALS,
)
