#!/usr/bin/env python3
"""Writes the slugs, ids and days of one site's content, read from the API, as schemathesis
dictionaries (libFuzzer's format: one quoted value a line), so that the contract's requests
name real cinemas, shows, articles… half of the time (scripts/schemathesis.toml) and reach
the handlers' answers, whose schemas are then checked, instead of a 404.

Usage: contract-dictionary.py BASE_URL SITE OUT_DIR  (writes OUT_DIR/{keys,days}.dict)
"""
import json
import sys
import urllib.error
import urllib.request

base, site, out = sys.argv[1:4]


def get(path):
    request = urllib.request.Request(base + path, headers={"Host": f"{site}.localhost"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError:
        return None


document = get("/api/openapi.json")
languages = next(
    p["schema"]["enum"]
    for p in document["paths"]["/api/cinemas"]["get"]["parameters"]
    if p["name"] == "language"
)
keys, days = set(), set()
for lang in languages:
    def items(path, *fields):
        answer = get(f"{path}?language={lang}")
        for item in answer if isinstance(answer, list) else []:
            keys.update(str(item[f]) for f in fields if item.get(f) is not None)
        return answer if isinstance(answer, list) else []

    cinemas = items("/api/cinemas", "slug")
    items("/api/shows", "slug")
    keys.update(get(f"/api/shows/gone?language={lang}") or [])
    items("/api/cities", "slug")
    items("/api/gpxp", "slug")
    items("/api/zone", "id")
    items("/api/experience-groups", "slug")
    items("/api/master-template/pages", "slug")
    for category in items("/api/faq/categories", "id"):
        keys.update(str(a[f]) for a in category.get("articles", []) for f in ("slug", "id") if a.get(f))
    events = get(f"/api/events?language={lang}") or {}
    keys.update(s["slug"] for s in events.get("seasons", []))
    news = get(f"/api/news?language={lang}") or {}
    keys.update(a["slug"] for a in news.get("news", []) + news.get("offers", []))
    keys.update((news.get("moved") or {}).keys())
    for cinema in cinemas[:2]:
        schedule = get(f"/api/cinema/{cinema['slug']}/shows?language={lang}&embed=false") or {}
        days.update((schedule.get("days") or {}).keys())


def write(name, values):
    with open(f"{out}/{name}.dict", "w", encoding="utf-8") as f:
        for value in sorted(values):
            f.write('"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"\n')


write("keys", keys)
write("days", days or {"2026-01-01"})
print(f"{len(keys)} keys, {len(days)} days")
