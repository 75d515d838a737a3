#!/usr/bin/env python3
"""What keeping a page's showtimes live costs, for scripts/bench (issue 12's targets).

    live-refresh.py OUT API_BASE [SAMPLE]

For every page kind of the fr and nl sites whose pages carry a live schedule (an island prop
"showtimes": the runtime API's per-day call, islands/src/components/schedule/live.ts), it
asks the API as the island does: the first day written on the page (`?date=…&embed=false
&language=…`, gzip accepted), then the same day again with the answer's ETag in
`If-None-Match`. Season and special-event pages ask one cinema's screenings of every day at
once (`?cinema=…`, the first cinema of the page's picker here). It prints, per kind: pages, days written (each is one request when it is
shown, none before), the day answer's bytes on the wire (median and largest), and what a
revalidation costs (status and bytes). SAMPLE pages per kind at most (default 40), the ones
with the most showtimes first. Exit status 1 when a target is missed: a revalidation that is
not a 304, or a cinema day over 6 KB gzipped.
"""

import importlib.util
import os
import re
import statistics
import sys
import urllib.error
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("page_weights", os.path.join(here, "page-weights.py"))
page_weights = importlib.util.module_from_spec(spec)
spec.loader.exec_module(page_weights)

CINEMA_DAY_TARGET = 6 * 1024
SHOWTIMES = re.compile(r'"showtimes":"(/api/[^"]+)"')
DAY = re.compile(r"\bid=\"?day-(\d{4}-\d{2}-\d{2})")
PICKED = re.compile(r"<option value=\"?([a-z0-9-]+)\"? data-ref=")
LANG = re.compile(r"<html[^>]*\slang=\"?([a-z]{2})")


def ask(base, site, path, etag=None):
    """(status, bytes on the wire, etag) of one GET as a browser sends it."""
    headers = {"Host": f"{site}.localhost", "Accept-Encoding": "gzip"}
    if etag:
        headers["If-None-Match"] = etag
    request = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, len(r.read()), r.headers.get("ETag")
    except urllib.error.HTTPError as e:
        return e.code, len(e.read()), e.headers.get("ETag")


def main():
    out, base = sys.argv[1], sys.argv[2].rstrip("/")
    sample = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    missed = []
    print(f"  {'site':4} {'kind':11} {'pages':>5} {'days/page':>9} {'day gz B median':>15} {'max':>6} {'revalidate':>12}")
    for site in page_weights.SITES:
        by_kind = {}
        for _, _, html in page_weights.pages(os.path.join(out, site)):
            m = SHOWTIMES.search(html)
            days = DAY.findall(html)
            picked = PICKED.search(html)
            if m and not days and picked:
                # A season: one request for the chosen cinema's every day.
                days = [f"cinema={picked.group(1)}"]
            if not m or not days:
                continue
            lang = LANG.search(html).group(1)
            by_kind.setdefault(page_weights.page_kind(html), []).append((html.count("class=st "), m.group(1), days, lang))
        for kind, found in sorted(by_kind.items()):
            found.sort(key=lambda f: -f[0])
            sizes, revalidations = [], []
            for _, path, days, lang in found[:sample]:
                first = days[0] if days[0].startswith("cinema=") else f"date={days[0]}"
                query = f"{path}?{first}&embed=false&language={lang}"
                status, size, etag = ask(base, site, query)
                if status != 200:
                    missed.append(f"{site} {kind}: {query} answered {status}")
                    continue
                sizes.append(size)
                again = ask(base, site, query, etag)
                revalidations.append(again[:2])
            if not sizes:
                continue
            statuses = sorted({s for s, _ in revalidations})
            worst = max(b for _, b in revalidations)
            pages = len(found)
            per_page = max(len(set(d)) for _, _, d, _ in found)
            print(f"  {site:4} {kind:11} {pages:5} {'≤' + str(per_page):>9} {statistics.median(sizes):15.0f} {max(sizes):6} "
                  f"{'/'.join(map(str, statuses)) + ' ' + str(worst) + ' B':>12}")
            if statuses != [304]:
                missed.append(f"{site} {kind}: an unchanged day answered {statuses}, not 304")
            if kind == "cinema" and max(sizes) > CINEMA_DAY_TARGET:
                missed.append(f"{site} cinema: a day's answer is {max(sizes)} B gzipped (target {CINEMA_DAY_TARGET})")
    print("  one request per day shown (none for days not opened); again each minute while visible, a 304 when unchanged")
    for m in missed:
        print(f"target missed: {m}", file=sys.stderr)
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
