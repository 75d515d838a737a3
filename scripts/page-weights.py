#!/usr/bin/env python3
"""What a visitor's browser loads from the generated pages, for scripts/bench.

    page-weights.py OUT ISLANDS_MANIFEST      table: per site (fr, nl) and page kind, gzipped
                                              HTML, CSS (all / render-blocking) and JavaScript
                                              (before any interaction / after every island)
    page-weights.py --path SITE_DIR KIND [SLUG]
                                              the address of a page of that kind (body class
                                              page-{kind}) in the site's default language,
                                              the one whose file name holds SLUG if given

The page kind is the body's class (`page-cinema`…). CSS is every stylesheet the page links;
render-blocking is those without a `media` that excludes screens (print). JavaScript before
any interaction is the loader and every island the page shows at load, idle or when visible,
with the chunks they import statically; after every island adds the interaction islands and
every lazy part — as islands/README.md describes the loader.
"""

import gzip
import json
import os
import re
import sys

KINDS = ["home", "shows", "show", "cinemas", "cinema", "city", "event", "season", "help", "helpsearch", "voucher", "subscription", "newsitem", "notfound"]
SITES = ["fr", "nl"]
DEFAULT_LANG = {"fr": "fr", "nl": "nl"}


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def attrs(tag: str) -> dict:
    return {m.group(1).lower(): (m.group(2) or m.group(3) or m.group(4) or "") for m in re.finditer(r'([\w:-]+)(?:=(?:"([^"]*)"|\'([^\']*)\'|([^\s>]+)))?', tag)}


def page_kind(html: str):
    m = re.search(r"<body\s+class=\"?page-([a-z0-9]+)", html)
    return m.group(1) if m else None


def pages(site_dir: str):
    """(address, file, html) of the site's default-language pages, outside webviews."""
    lang = DEFAULT_LANG.get(os.path.basename(site_dir.rstrip("/")), "fr")
    for root, _, files in os.walk(site_dir):
        rel_root = os.path.relpath(root, site_dir)
        first = rel_root.split(os.sep)[0]
        if first in ("m", "assets") or (len(first) == 2 and first != lang and first != "."):
            continue
        for name in sorted(files):
            if not name.endswith(".html"):
                continue
            path = os.path.join(root, name)
            html = open(path, encoding="utf-8").read()
            m = re.search(r"<html[^>]*\slang=\"?([a-zA-Z-]+)", html)
            if not m or not m.group(1).lower().startswith(lang):
                continue
            rel = os.path.relpath(path, site_dir)[: -len(".html")]
            address = "/" if rel == "index" else "/" + rel
            yield address, path, html


def weights(site_dir: str, html: str, manifest: dict) -> dict:
    tags = re.findall(r"<(link|script|div|aside|footer)\b([^>]*)>", html)
    css_all = css_blocking = 0
    for name, raw in tags:
        a = attrs(raw)
        if name == "link" and a.get("rel") == "stylesheet":
            size = gz(open(os.path.join(site_dir, a["href"].lstrip("/")), "rb").read())
            css_all += size
            if a.get("media", "all") in ("all", "screen", ""):
                css_blocking += size
    by_name = manifest["islands"]
    before, after = {manifest["loader"]}, {manifest["loader"]}
    for name, raw in tags:
        a = attrs(raw)
        island = a.get("data-island")
        if not island or island not in by_name:
            continue
        entry = by_name[island]
        files = {entry["file"], *entry.get("imports", [])}
        after |= files | set(entry.get("lazy", []))
        if entry.get("hydrate", "load") in ("load", "idle", "visible"):
            before |= files
    js_dir = os.path.join(site_dir, "assets", "islands")
    size = lambda names: sum(gz(open(os.path.join(js_dir, n), "rb").read()) for n in names)
    return {"html": gz(html.encode()), "css": css_all, "css_blocking": css_blocking, "js_before": size(before), "js_after": size(after)}


def table(out: str, manifest_path: str) -> None:
    manifest = json.load(open(manifest_path))
    print(f"\n  {'site':<4} {'page':<13} {'HTML gz':>8} {'CSS gz':>7} {'blocking':>8} {'JS before':>9} {'JS after':>8}   (KB; targets: CSS ≤ 20 total, ≤ 14 blocking; JS ≤ 12 before, ≤ 40 after)")
    worst = {"css": 0, "css_blocking": 0, "js_before": 0, "js_after": 0}
    for site in SITES:
        site_dir = os.path.join(out, site)
        seen = {}
        for address, _, html in pages(site_dir):
            kind = page_kind(html)
            if kind in KINDS and kind not in seen:
                seen[kind] = weights(site_dir, html, manifest)
        for kind in KINDS:
            if kind not in seen:
                continue
            w = seen[kind]
            for k in worst:
                worst[k] = max(worst[k], w[k])
            kb = lambda n: f"{n / 1024:.1f}"
            print(f"  {site:<4} {kind:<13} {kb(w['html']):>8} {kb(w['css']):>7} {kb(w['css_blocking']):>8} {kb(w['js_before']):>9} {kb(w['js_after']):>8}")
    verdict = worst["css"] <= 20 * 1024 and worst["css_blocking"] <= 14 * 1024 and worst["js_before"] <= 12 * 1024 and worst["js_after"] <= 40 * 1024
    print(f"  heaviest: CSS {worst['css'] / 1024:.1f} KB ({worst['css_blocking'] / 1024:.1f} KB blocking), JS {worst['js_before'] / 1024:.1f} KB before interaction, {worst['js_after'] / 1024:.1f} KB after every island — {'within budget' if verdict else 'OVER BUDGET'}")


def find(site_dir: str, kind: str, slug: str | None) -> None:
    for address, _, html in pages(site_dir):
        if page_kind(html) == kind.lower() and (slug is None or address.rstrip("/").endswith("/" + slug)):
            print(address)
            return
    sys.exit(f"no {kind} page{' for ' + slug if slug else ''} in {site_dir}")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "--path":
        find(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
    elif len(sys.argv) == 3:
        table(sys.argv[1], sys.argv[2])
    else:
        sys.exit(__doc__)
