"""The services store of issue 28: notes about fifteen services, as a new user writes them
(ports, paraphrases, changes, owners), restart runbook notes for ten services that share
one lesson, and nineteen meeting notes that share only a header."""

from __future__ import annotations

SERVICES = (
    "catalog", "search", "payments", "gateway", "shipping", "billing", "inventory", "auth",
    "notifications", "orders", "pricing", "reviews", "recommendations", "analytics", "media",
)  # fmt: skip  # a flat list of names, read as a paragraph
RESTARTED = SERVICES[4:14]  # ten services with the same runbook lesson
TEAMS = ("Atlas", "Borealis", "Cygnus", "Draco", "Equinox")

MEETING_HEADER = (
    "Meeting notes, platform weekly sync. Attendees: Ana, Bruno, Chen, Dara, Emil. "
    "Agenda: status updates, open risks, action items, next steps. Outcome: "
)
MEETING_OUTCOMES = (
    "move the catalog database to Postgres 16",
    "hire a second site reliability engineer",
    "freeze deploys during the holiday sale",
    "retire the legacy ftp uploader in March",
    "adopt OpenTelemetry tracing across checkout",
    "budget approved for larger staging hardware",
    "rotate pager duty weekly instead of daily",
    "split the monolith billing module into services",
    "publish incident postmortems within five days",
    "evaluate Kafka versus NATS for eventing",
    "renew the CDN contract with cheaper egress",
    "document runbooks for every tier one alert",
    "sunset Python 3.9 images by autumn",
    "introduce canary releases for gateway changes",
    "schedule chaos drills each quarter",
    "cap log retention at thirty days",
    "migrate secrets into Vault namespaces",
    "benchmark ARM instances for batch jobs",
    "onboard two interns to the data team",
)


def restart_note(service: str) -> str:
    return f"Before restarting the {service} service, drain its queue"


def meeting_notes() -> list[str]:
    return [MEETING_HEADER + outcome + "." for outcome in MEETING_OUTCOMES]


def services_notes() -> list[str]:
    """Every note of the store, in writing order (deterministic)."""
    notes: list[str] = []
    for k, service in enumerate(SERVICES):
        port = 8100 + 7 * k
        notes.append(f"The {service} service runs on port {port}")
        notes.append(f"{service.capitalize()} service port: {port}")
        notes.append(f"The {service} service is owned by team {TEAMS[k % len(TEAMS)]}")
        if k < 10:
            notes.append(f"The {service} service now runs on port {port + 1000}")
    notes.extend(restart_note(s) for s in RESTARTED)
    notes.extend(meeting_notes())
    return notes
