#!/usr/bin/env python3
"""The calendars read by a second implementation (issue 17): the PyPI `icalendar` package
parses every feed the generator wrote (`calendars/*.ics` of every site and language) and, for
a few of their events, the runtime API's file of the same showtime. The Rust tests already read
them with the `icalendar` crate; this is another parser, as a calendar application would be.

Every feed would take the pure-Python parser ~50 s (2,318 feeds, 210,470 events at scale 1, all
read by the Rust tests already): it reads PER_SITE feeds of each site, evenly spread over its
cinema and film feeds of every language, and the site's largest.

Checked: each file parses; it has a VTIMEZONE for every TZID its events use; every event has a
UID `{showtime}@{host}`, a DTSTAMP, a DTSTART with a time zone and a DTEND after it, a SUMMARY and
a LOCATION; no UID twice in a feed; the API's file of a showtime has the feed's UID, start and
end. Non-zero exit, with the problems, on any failure.

Usage: calendar-check.py OUT_DIR API_BASE_URL
"""
import pathlib
import sys
import urllib.request

import icalendar

out, base = pathlib.Path(sys.argv[1]), sys.argv[2]
SITES = ["fr", "ch", "be", "nl", "tn", "sn", "ci", "ma"]
problems = []
feeds = events = compared = 0


def events_of(calendar, where):
    """The VEVENTs of a calendar, after checking its time zones and each event's fields."""
    zones = {str(z.get("TZID")) for z in calendar.walk("VTIMEZONE")}
    found = []
    for event in calendar.walk("VEVENT"):
        uid = str(event.get("UID", ""))
        start, end = event.get("DTSTART"), event.get("DTEND")
        if "@" not in uid:
            problems.append(f"{where}: UID {uid!r}")
        for field in ("DTSTAMP", "SUMMARY", "LOCATION"):
            if event.get(field) is None:
                problems.append(f"{where}: {uid}: no {field}")
        if start is None or end is None or start.dt.tzinfo is None:
            problems.append(f"{where}: {uid}: DTSTART/DTEND missing or without a time zone")
            continue
        tzid = start.params.get("TZID")
        if tzid and tzid not in zones:
            problems.append(f"{where}: {uid}: TZID {tzid} has no VTIMEZONE")
        if end.dt <= start.dt:
            problems.append(f"{where}: {uid}: ends at {end.dt}, not after {start.dt}")
        found.append((uid, start.dt, end.dt))
    return found


PER_SITE = 40
samples = {}
for site in SITES:
    paths = sorted((out / site).glob("**/calendars/*.ics"))
    if not paths:
        problems.append(f"{site}: no feed under {out / site}")
        continue
    step = max(1, len(paths) // PER_SITE)
    chosen = sorted(set(paths[::step]) | {max(paths, key=lambda p: p.stat().st_size)})
    for path in chosen:
        where = str(path.relative_to(out))
        try:
            calendar = icalendar.Calendar.from_ical(path.read_bytes())
        except Exception as error:  # the parser's own message is the report
            problems.append(f"{where}: does not parse: {error}")
            continue
        feeds += 1
        found = events_of(calendar, where)
        events += len(found)
        uids = [uid for uid, _, _ in found]
        if len(set(uids)) != len(uids):
            problems.append(f"{where}: a UID twice")
        if found and site not in samples:
            samples[site] = found[0]

# The API's file of one showtime per site: the same event as the feed's.
for site, (uid, start, end) in samples.items():
    showtime = uid.split("@")[0]
    request = urllib.request.Request(f"{base}/api/showtimes/{showtime}/calendar.ics", headers={"Host": f"{site}.localhost"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            calendar = icalendar.Calendar.from_ical(answer.read())
    except Exception as error:
        problems.append(f"{site}: the API's file of {showtime}: {error}")
        continue
    found = events_of(calendar, f"{site} API {showtime}")
    if [(u, s, e) for u, s, e in found] != [(uid, start, end)]:
        problems.append(f"{site}: the API's file of {showtime} says {found}, the feed {(uid, start, end)}")
    compared += 1

print(f"calendars: {feeds} feeds, {events} events read by icalendar {icalendar.__version__}; {compared} API files compared; {len(problems)} problems")
for problem in problems[:40]:
    print(f"  {problem}")
sys.exit(1 if problems or feeds == 0 else 0)
