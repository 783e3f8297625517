"""Set F's eight domains: on-call rotations, pinned dependencies, household utilities, a
fictional patient record, a football squad, conference talks, cloud budgets and office
networks. All names, people and addresses are invented."""

from __future__ import annotations

from evaluation.holdout_f.domains import Domain, EventSeries, Occasion, Relation, Slot

ONCALL = Domain(
    name="oncall",
    entity_key="rotation",
    tool="pager.get_rotation",
    config="oncall/rotations.yaml",
    channel="#sre-oncall",
    meeting="SRE weekly",
    commit_scope="ops",
    slots=(
        Slot(
            "primary",
            "primary on-call engineer",
            "primary_oncall",
            "primary on-call",
            ("the primary on-call for {e}", "{e}'s first-line pager holder"),
            (
                "Who should I page first if {e} breaks?",
                "Who is holding the {e} pager at the moment?",
                "Which engineer answers first for {e} incidents these days?",
                "If {e} alerts tonight, who gets woken up?",
            ),
        ),
        Slot(
            "escalation",
            "escalation manager",
            "escalation_manager",
            "escalation mgr",
            ("the escalation manager for {e}", "{e}'s escalation contact"),
            (
                "Who do I escalate to when {e} is down and nobody answers the page?",
                "Which manager backs up the {e} rotation now?",
                "Who is the escalation point for {e}?",
                "When an {e} incident gets bigger, which manager do I pull in?",
            ),
        ),
        Slot(
            "handover",
            "handover day",
            "handover_day",
            "handover",
            ("the weekly handover day of {e}", "the day {e} passes the pager on"),
            (
                "On which day of the week does {e} switch on-call?",
                "When does the {e} rotation change hands each week?",
                "What weekday is the {e} handover on?",
                "Which day should I expect the {e} shift to roll over?",
            ),
        ),
    ),
    entities={
        "payments-core": {
            "primary": ("Ana Souza", "Ben Okafor", "Chen Wei", "Dara Quinn", "Elif Demir"),
            "escalation": ("Rachel Stein", "Sunil Rao"),
            "handover": ("Monday",),
        },
        "payments-core-eu": {
            "primary": ("Ben Okafor", "Farid Nasser", "Grace Lindahl"),
            "escalation": ("Rachel Stein",),
            "handover": ("Tuesday", "Monday", "Thursday"),
        },
        "search-infra": {
            "primary": ("Hugo Petit", "Ines Moreau", "Jonas Vik", "Kemi Adebayo"),
            "handover": ("Friday", "Friday"),
        },
        "identity-platform": {
            "primary": ("Noor Haddad", "Lars Holm"),
            "escalation": ("Tove Ek", "Noor Haddad", "Victor Lund"),
        },
        "data-pipelines": {
            "primary": ("Maya Iyer", "Omar Saleh", "Paula Greco", "Hugo Petit"),
            "handover": ("Wednesday", "Thursday"),
        },
        "mobile-backend": {
            "primary": ("Kemi Adebayo", "Chen Wei", "Lars Holm"),
            "escalation": ("Wendy Cho", "Sunil Rao"),
        },
        "edge-proxy": {"primary": ("Jonas Vik",)},
    },
    twins=(("payments-core", "payments-core-eu"),),
    multi=Relation(
        "search-infra",
        "shadow_oncall",
        "{v} shadows the {e} rotation",
        ("Ravi Menon", "Clara Duval", "Ida Berg"),
    ),
    event=EventSeries(
        "data-pipelines",
        "game_day",
        "the {o} for {e} is set for {v}",
        (
            Occasion("spring game day", "18 April"),
            Occasion("autumn game day", "7 October"),
            Occasion("winter game day", "2 December"),
        ),
    ),
)

DEPS = Domain(
    name="deps",
    entity_key="repo",
    tool="deps.inspect_lockfile",
    config="requirements/pins.yaml",
    channel="#platform-deps",
    meeting="Platform guild",
    commit_scope="deps",
    slots=(
        Slot(
            "django",
            "pinned Django version",
            "django",
            "django pin",
            ("the Django pin in {e}", "the Django release {e} is locked to"),
            (
                "Which Django release does {e} run on?",
                "If I pip install {e} from a clean checkout, which Django do I get?",
                "Which Django is {e} locked to these days?",
                "Is there a specific Django {e} requires right now?",
            ),
        ),
        Slot(
            "python",
            "Python runtime",
            "python_version",
            "python",
            ("the Python runtime for {e}", "the interpreter version {e} targets"),
            (
                "Which Python do I need to build {e}?",
                "Which interpreter should my virtualenv for {e} use?",
                "What Python does {e} run under in production now?",
                "Which Python release is {e} on?",
            ),
        ),
        Slot(
            "image",
            "base container image",
            "base_image",
            "base image",
            ("the base image of {e}", "the container image {e} builds FROM"),
            (
                "What does the Dockerfile of {e} start from?",
                "Which base container does {e} use?",
                "What image is {e} built on top of now?",
                "Which OS image sits under {e}?",
            ),
        ),
    ),
    entities={
        "billing-api": {
            "django": ("4.2.11", "5.0.6", "5.1.2"),
            "python": ("3.11", "3.12"),
        },
        "billing-api-v2": {
            "django": ("5.0.6", "5.1.2", "5.1.4", "5.2.1"),
            "python": ("3.12",),
        },
        "orbit-web": {
            "django": ("3.2.25", "4.2.11", "4.2.16", "5.0.6", "5.1.4"),
            "image": ("debian:bullseye-slim", "debian:bookworm-slim"),
        },
        "kestrel-cli": {
            "python": ("3.10", "3.11", "3.12", "3.13"),
            "image": ("alpine:3.19", "alpine:3.20", "distroless/static"),
        },
        "ledger-sync": {
            "django": ("4.2.16", "4.2.16"),
            "python": ("3.11", "3.13"),
        },
        "notify-svc": {
            "django": ("4.1.13", "4.2.11"),
            "image": ("ubuntu:22.04", "ubuntu:24.04", "debian:bookworm-slim"),
        },
        "atlas-admin": {"python": ("3.9", "3.11", "3.12")},
    },
    twins=(("billing-api", "billing-api-v2"),),
    multi=Relation(
        "orbit-web",
        "ci_database",
        "the CI matrix of {e} runs against {v}",
        ("PostgreSQL 15", "PostgreSQL 16", "PostgreSQL 17"),
    ),
    event=EventSeries(
        "notify-svc",
        "dependency_audit",
        "the {o} of {e} found {v}",
        (
            Occasion("Q1 dependency audit", "9 open advisories"),
            Occasion("Q2 dependency audit", "3 open advisories"),
            Occasion("Q3 dependency audit", "no open advisories"),
        ),
    ),
)

UTILITIES = Domain(
    name="utilities",
    entity_key="household",
    tool="home.get_contracts",
    config="household/contracts.yaml",
    channel="#home-admin",
    meeting="House meeting",
    commit_scope="home",
    slots=(
        Slot(
            "supplier",
            "electricity supplier",
            "electricity_supplier",
            "power supplier",
            ("the electricity supplier for {e}", "{e}'s power company"),
            (
                "Which company sends the electricity bill for {e}?",
                "Who do we buy power from at {e} now?",
                "Who do we pay for electricity at {e}?",
                "Which energy firm is {e} with?",
            ),
        ),
        Slot(
            "tariff",
            "electricity tariff",
            "tariff",
            "tariff",
            ("the electricity tariff at {e}", "{e}'s power plan"),
            (
                "Which energy plan is {e} paying on?",
                "What rate plan applies to the power at {e} these days?",
                "What tariff is on the electricity contract for {e}?",
                "Which pricing plan does {e} have for electricity?",
            ),
        ),
        Slot(
            "broadband",
            "broadband provider",
            "broadband",
            "broadband",
            ("the broadband provider at {e}", "{e}'s internet provider"),
            (
                "Who provides the internet connection at {e}?",
                "Which ISP should I ring when the wifi dies at {e}?",
                "What broadband company serves {e} now?",
                "Whose router is plugged in at {e}?",
            ),
        ),
    ),
    entities={
        "Harbour Court 4B": {
            "supplier": ("Brightwatt", "Nordgrid Energy", "Tidewell Energy"),
            "tariff": ("Standard Variable", "Flex Saver 12", "Green Fixed 24", "Tracker Plus"),
        },
        "Harbour Court 4D": {
            "supplier": ("Brightwatt", "Solace Power"),
            "tariff": ("Standard Variable", "Fixed Saver 18"),
        },
        "Birchwood Cottage": {
            "supplier": ("Solace Power",),
            "broadband": ("CopperNet", "Swiftline Fibre", "Aerial Air 5G"),
        },
        "12 Mill Lane": {
            "tariff": (
                "Flex Saver 12",
                "EcoNight Variable",
                "Green Fixed 24",
                "Fixed Saver 18",
                "Tracker Plus",
            ),
            "broadband": ("Loop Broadband", "Loop Broadband"),
        },
        "Rosebank Farm": {
            "supplier": ("Tidewell Energy", "Ember & Oak Energy"),
            "broadband": ("Aerial Air 5G", "Swiftline Fibre"),
        },
        "7 Quarry Road": {"tariff": ("Green Fixed 24", "EcoNight Variable", "Standard Variable")},
        "Kestle Barn": {
            "broadband": ("CopperNet", "Loop Broadband", "Swiftline Fibre", "Aerial Air 5G")
        },
    },
    twins=(("Harbour Court 4B", "Harbour Court 4D"),),
    multi=Relation(
        "Birchwood Cottage",
        "account_holder",
        "{v} is a named account holder on the energy bill for {e}",
        ("Hannah Cole", "Marcus Cole"),
    ),
    event=EventSeries(
        "12 Mill Lane",
        "meter_reading",
        "the {o} at {e} was {v}",
        (
            Occasion("January meter reading", "14,220 kWh"),
            Occasion("April meter reading", "15,006 kWh"),
            Occasion("July meter reading", "15,611 kWh"),
        ),
    ),
)

MEDICATION = Domain(
    name="medication",
    entity_key="patient",
    tool="ehr.get_medication_record",
    config="records/patient_meds.yaml",
    channel="#clinic-team",
    meeting="Clinic huddle",
    commit_scope="records",
    slots=(
        Slot(
            "dose",
            "lisinopril dose",
            "lisinopril_dose",
            "lisinopril",
            ("{e}'s lisinopril dose", "the lisinopril dose on {e}'s chart"),
            (
                "How much lisinopril should {e} be taking?",
                "What strength of blood pressure tablet is {e} on now?",
                "How often and how much lisinopril does {e} take?",
                "Which lisinopril dosage is prescribed for {e} at present?",
            ),
        ),
        Slot(
            "review",
            "next medication review",
            "next_review",
            "next review",
            ("{e}'s next medication review", "the date of {e}'s next meds review"),
            (
                "When is {e} due to have their medicines reviewed?",
                "On what date should {e} come in for the medication check?",
                "When is the next meds review for {e} booked?",
                "When will someone next go over {e}'s prescriptions?",
            ),
        ),
        Slot(
            "prescriber",
            "prescribing doctor",
            "prescriber",
            "prescriber",
            ("{e}'s prescribing doctor", "the doctor who prescribes for {e}"),
            (
                "Which doctor signs {e}'s prescriptions?",
                "Who is responsible for prescribing to {e} now?",
                "Which GP should a repeat prescription for {e} go to?",
                "Who is the prescriber on file for {e}?",
            ),
        ),
    ),
    entities={
        "Anna Berg": {
            "dose": ("5 mg once daily", "10 mg once daily", "20 mg once daily"),
            "review": ("12 February 2024", "9 August 2024", "3 March 2025", "22 September 2025"),
        },
        "Anna Bergman": {
            "dose": ("10 mg once daily", "20 mg once daily"),
            "prescriber": ("Dr Okonkwo",),
        },
        "Tomas Reyes": {
            "dose": (
                "2.5 mg once daily",
                "10 mg once daily",
                "20 mg once daily",
                "40 mg once daily",
                "20 mg twice daily",
            ),
            "prescriber": ("Dr Haller", "Dr Sato"),
        },
        "Ilse Vogt": {
            "review": ("5 May 2024", "18 November 2024"),
            "prescriber": ("Dr Sato", "Dr Okonkwo", "Dr Lindgren"),
        },
        "Kwame Mensah": {
            "dose": ("10 mg once daily", "10 mg once daily"),
            "review": ("1 July 2024", "14 January 2025", "30 June 2025"),
        },
        "Liu Fang": {"prescriber": ("Dr Haller", "Dr Amadi", "Dr Sato", "Dr Lindgren")},
        "Oskar Nyberg": {"dose": ("5 mg once daily", "10 mg once daily")},
    },
    twins=(("Anna Berg", "Anna Bergman"),),
    multi=Relation(
        "Tomas Reyes",
        "allergies",
        "{e} is allergic to {v}",
        ("penicillin", "latex", "ibuprofen"),
    ),
    event=EventSeries(
        "Kwame Mensah",
        "bp_check",
        "{e}'s {o} read {v}",
        (
            Occasion("March blood pressure check", "138/86"),
            Occasion("June blood pressure check", "131/82"),
            Occasion("September blood pressure check", "127/80"),
        ),
    ),
)

SQUAD = Domain(
    name="squad",
    entity_key="player",
    tool="club.get_player",
    config="squad/first_team.yaml",
    channel="#first-team-admin",
    meeting="Coaching staff meeting",
    commit_scope="squad",
    slots=(
        Slot(
            "number",
            "squad number",
            "squad_number",
            "shirt no.",
            ("{e}'s squad number", "the shirt number {e} wears"),
            (
                "What number is on the back of {e}'s shirt?",
                "Which number should the kit man print for {e}?",
                "What's the jersey number of {e} now?",
                "Which number does {e} play in?",
            ),
        ),
        Slot(
            "position",
            "playing position",
            "position",
            "position",
            ("{e}'s position", "the role {e} plays on the pitch"),
            (
                "Where does {e} line up in the team?",
                "What does the coach play {e} as now?",
                "Which role is {e} used in on match days?",
                "In what part of the pitch does {e} play these days?",
            ),
        ),
        Slot(
            "contract",
            "contract end date",
            "contract_until",
            "contract",
            ("the end date of {e}'s contract", "the expiry date of {e}'s deal"),
            (
                "Until when is {e} under contract?",
                "When does the deal of {e} expire?",
                "How long is {e} signed for?",
                "When could {e} leave on a free?",
            ),
        ),
    ),
    entities={
        "Theo Marsh": {
            "number": ("14", "8", "6"),
            "position": ("centre back", "left back"),
        },
        "Theo Marshall": {
            "number": ("22", "14"),
            "position": ("striker",),
        },
        "Dani Okoro": {"number": ("9", "10", "7", "11", "23")},
        "Luca Ferri": {
            "position": ("right wing", "attacking midfield", "striker", "right back"),
            "contract": ("30 June 2024", "30 June 2026"),
        },
        "Sam Whitlock": {
            "number": ("13", "25", "30"),
            "contract": ("30 June 2025",),
        },
        "Ruben Costa": {"contract": ("31 May 2024", "30 June 2025", "30 June 2027")},
        "Kai Lindholm": {
            "number": ("44", "5"),
            "position": ("defensive midfield", "defensive midfield"),
        },
    },
    twins=(("Theo Marsh", "Theo Marshall"),),
    multi=Relation(
        "Dani Okoro",
        "eligible_nations",
        "{e} is eligible to play for {v}",
        ("Nigeria", "Ireland"),
    ),
    event=EventSeries(
        "Luca Ferri",
        "fitness_test",
        "{e} reached {v} in the {o}",
        (
            Occasion("pre-season fitness test", "yo-yo level 19.2"),
            Occasion("mid-season fitness test", "yo-yo level 20.1"),
            Occasion("end-of-season fitness test", "yo-yo level 19.7"),
        ),
    ),
)

TALKS = Domain(
    name="talks",
    entity_key="talk",
    tool="conf.get_session",
    config="conference/schedule.yaml",
    channel="#conf-program",
    meeting="Programme committee",
    commit_scope="schedule",
    slots=(
        Slot(
            "room",
            "room",
            "room",
            "room",
            ('the room for "{e}"', 'the venue of "{e}"'),
            (
                'Where do I go to see "{e}"?',
                'Which room should attendees of "{e}" head to?',
                'In which hall or room is "{e}" now?',
                'Where is "{e}" taking place?',
            ),
        ),
        Slot(
            "time",
            "time slot",
            "slot",
            "slot",
            ('the time slot of "{e}"', 'the scheduled start of "{e}"'),
            (
                'When is "{e}" on?',
                'At what day and hour does "{e}" start?',
                'When should I be seated for "{e}"?',
                'Which day and time has "{e}" got in the programme?',
            ),
        ),
        Slot(
            "chair",
            "session chair",
            "chair",
            "chair",
            ('the session chair for "{e}"', 'the person chairing "{e}"'),
            (
                'Who introduces the speakers of "{e}"?',
                'Who moderates the Q&A after "{e}"?',
                'Who is running the session for "{e}"?',
                'Which volunteer is hosting "{e}"?',
            ),
        ),
    ),
    entities={
        "Rust for Data Engineers": {
            "room": ("Room 204", "Hall B", "Auditorium 1"),
            "time": ("Thursday 10:30", "Friday 09:15"),
        },
        "Rust for Data Engineering": {
            "room": ("Room 204", "Studio 3"),
            "time": ("Thursday 14:00",),
        },
        "Postgres Queues at Scale": {
            "room": ("Hall A", "Room 118", "Hall B", "Studio 3", "Auditorium 1"),
            "chair": ("Sofia Brandt", "Tariq Aziz"),
        },
        "Observability on a Budget": {
            "time": ("Wednesday 11:00", "Thursday 10:30", "Friday 16:45", "Thursday 14:00")
        },
        "Designing Calm Dashboards": {
            "room": ("Studio 3", "Studio 3"),
            "chair": ("Yuki Mori", "Sofia Brandt", "Leon Frey"),
        },
        "Threat Modelling for Startups": {
            "time": ("Friday 09:15", "Wednesday 11:00", "Friday 16:45")
        },
        "Offline-First Mobile Sync": {
            "chair": ("Leon Frey", "Tariq Aziz", "Yuki Mori", "Amara Osei")
        },
    },
    twins=(("Rust for Data Engineers", "Rust for Data Engineering"),),
    multi=Relation(
        "Postgres Queues at Scale",
        "speakers",
        '{v} is one of the speakers of "{e}"',
        ("Mei Tanaka", "Jorge Ibarra"),
    ),
    event=EventSeries(
        "Designing Calm Dashboards",
        "dry_run",
        'the {o} of "{e}" is on {v}',
        (
            Occasion("first dry run", "Monday 16:00"),
            Occasion("second dry run", "Tuesday 12:30"),
            Occasion("final dry run", "Wednesday 08:45"),
        ),
    ),
)

BUDGETS = Domain(
    name="budgets",
    entity_key="account",
    tool="finops.get_budget",
    config="finops/budgets.yaml",
    channel="#finops",
    meeting="FinOps review",
    commit_scope="finops",
    slots=(
        Slot(
            "budget",
            "monthly cloud budget",
            "monthly_budget",
            "budget/mo",
            ("the monthly cloud budget for {e}", "{e}'s monthly spend cap"),
            (
                "How much can {e} spend on cloud each month?",
                "What's the monthly limit on the {e} cloud bill?",
                "How big is the cloud allowance for {e} per month now?",
                "What spending ceiling has {e} got per month?",
            ),
        ),
        Slot(
            "threshold",
            "budget alert threshold",
            "alert_threshold",
            "alert at",
            ("the alert threshold on {e}'s budget", "the share of budget at which {e} alerts"),
            (
                "At what share of its budget does {e} start warning us?",
                "How far into the budget does {e} get before an alert fires?",
                "When does the cost alarm for {e} go off?",
                "At what percentage is the spend alert for {e} set now?",
            ),
        ),
        Slot(
            "owner",
            "budget owner",
            "budget_owner",
            "owner",
            ("the budget owner for {e}", "the person accountable for {e}'s cloud spend"),
            (
                "Who answers for the cloud costs of {e}?",
                "Who signs off overspend on {e}?",
                "Whose name is on the {e} budget now?",
                "Who should finance chase about {e} spending?",
            ),
        ),
    ),
    entities={
        "analytics-prod": {
            "budget": ("$12,000", "$15,500", "$18,000", "$16,250"),
            "threshold": ("80%", "90%"),
        },
        "analytics-prod-eu": {
            "budget": ("$9,800", "$12,000"),
            "threshold": ("80%",),
        },
        "ml-training": {
            "budget": ("$20,000", "$35,000", "$28,000", "$42,500", "$30,000"),
            "owner": ("Priyanka Das", "Mateo Ruiz"),
        },
        "web-frontend": {
            "threshold": ("75%", "85%", "90%"),
            "owner": ("Hana Novak",),
        },
        "data-lake": {
            "budget": ("$7,250", "$7,250"),
            "owner": ("Erik Sundqvist", "Zoe Adler", "Hana Novak"),
        },
        "sandbox-dev": {"budget": ("$1,500", "$800", "$500")},
        "ci-runners": {"threshold": ("90%", "75%", "100%", "85%")},
    },
    twins=(("analytics-prod", "analytics-prod-eu"),),
    multi=Relation(
        "ml-training",
        "alert_recipients",
        "{v} is on the cost alert list for {e}",
        ("finops@orbit.example", "ml-leads@orbit.example", "#ml-costs"),
    ),
    event=EventSeries(
        "data-lake",
        "monthly_spend",
        "the {o} of {e} closed at {v}",
        (
            Occasion("January spend", "$6,940"),
            Occasion("February spend", "$7,115"),
            Occasion("March spend", "$6,580"),
        ),
    ),
)

NETWORK = Domain(
    name="network",
    entity_key="site",
    tool="netbox.get_site",
    config="network/sites.yaml",
    channel="#it-helpdesk",
    meeting="IT ops sync",
    commit_scope="net",
    slots=(
        Slot(
            "ssid",
            "guest Wi-Fi network",
            "guest_ssid",
            "guest ssid",
            ("the guest Wi-Fi at {e}", "the network visitors join at {e}"),
            (
                "Which wireless network should a visitor pick at {e}?",
                "What's the name of the guest wifi in {e}?",
                "A client is coming to {e}: which SSID do I give them?",
                "Which network do guests connect to at {e} now?",
            ),
        ),
        Slot(
            "vpn",
            "VPN gateway",
            "vpn_gateway",
            "vpn",
            ("the VPN gateway for {e}", "the VPN endpoint staff at {e} connect to"),
            (
                "Which host do people at {e} point their VPN client at?",
                "What's the remote-access server for {e}?",
                "Where does the tunnel from {e} terminate these days?",
                "Which VPN address should I configure for {e}?",
            ),
        ),
        Slot(
            "printer",
            "print server",
            "print_server",
            "print srv",
            ("the print server at {e}", "the print host for {e}'s printers"),
            (
                "Where do print jobs from {e} go?",
                "What address should I add as the printer host at {e}?",
                "Which machine runs printing for {e} now?",
                "How do I reach the printers at {e}?",
            ),
        ),
    ),
    entities={
        "Lisbon office": {
            "ssid": ("Orbit-Guest", "Orbit-Visitors", "OrbitGuest-5G"),
            "vpn": ("lisbon.vpn.orbit.example", "eu-west.vpn.orbit.example"),
        },
        "Lisbon annex": {
            "ssid": ("Orbit-Guest", "Orbit-Lobby"),
            "vpn": ("lisbon.vpn.orbit.example",),
        },
        "Berlin hub": {
            "vpn": (
                "berlin.vpn.orbit.example",
                "eu-west.vpn.orbit.example",
                "berlin-east.vpn.orbit.example",
                "eu-central.vpn.orbit.example",
            ),
            "printer": ("10.20.4.15", "10.20.4.40"),
        },
        "Nairobi office": {
            "ssid": ("Orbit-Open", "Orbit-Guest", "Orbit-Visitors", "Orbit-Lobby", "OrbitGuest-5G")
        },
        "Austin lab": {
            "printer": ("10.31.0.12", "10.31.0.48", "print-aus.orbit.example"),
            "ssid": ("Orbit-Lobby", "Orbit-Lobby"),
        },
        "Osaka office": {
            "vpn": (
                "osaka.vpn.orbit.example",
                "apac.vpn.orbit.example",
                "osaka-kita.vpn.orbit.example",
            )
        },
        "Krakow studio": {"printer": ("10.44.2.9", "10.44.2.30")},
    },
    twins=(("Lisbon office", "Lisbon annex"),),
    multi=Relation(
        "Berlin hub",
        "dns_resolvers",
        "{e} resolves DNS through {v}",
        ("10.8.0.2", "10.8.0.3", "1.1.1.1"),
    ),
    event=EventSeries(
        "Osaka office",
        "maintenance_window",
        "the {o} at {e} starts {v}",
        (
            Occasion("March maintenance window", "Saturday 22:00"),
            Occasion("June maintenance window", "Sunday 06:00"),
            Occasion("September maintenance window", "Saturday 23:30"),
        ),
    ),
)

DOMAINS = (ONCALL, DEPS, UTILITIES, MEDICATION, SQUAD, TALKS, BUDGETS, NETWORK)


def domains() -> tuple[Domain, ...]:
    return DOMAINS


def domain(name: str) -> Domain:
    return next(d for d in DOMAINS if d.name == name)
