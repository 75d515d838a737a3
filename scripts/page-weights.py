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
import subprocess
import sys

KINDS = ["home", "shows", "show", "cinemas", "cinema", "city", "event", "season", "help", "helpsearch", "voucher", "subscription", "newsitem", "notfound"]
SITES = ["fr", "nl"]
DEFAULT_LANG = {"fr": "fr", "nl": "nl"}


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def js_gz(js_dir: str) -> dict:
    """Each script's gzipped size as the islands' build measures it for its budget gate
    (islands/build.mjs: Node's zlib, level 9). Python's zlib encodes the same bytes a few
    dozen bytes apart on a page, enough to disagree with the gate at the budget's edge."""
    script = ("const z=require('zlib'),fs=require('fs'),d=process.argv[1],o={};"
              "for(const f of fs.readdirSync(d))if(f.endsWith('.js'))o[f]=z.gzipSync(fs.readFileSync(d+'/'+f),{level:9}).length;"
              "process.stdout.write(JSON.stringify(o))")
    return json.loads(subprocess.run(["node", "-e", script, js_dir], check=True, capture_output=True, text=True).stdout)


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


def weights(site_dir: str, html: str, manifest: dict, js_sizes: dict) -> dict:
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
    size = lambda names: sum(js_sizes[n] for n in names)
    return {"html": gz(html.encode()), "css": css_all, "css_blocking": css_blocking, "js_before": size(before), "js_after": size(after)}


def table(out: str, manifest_path: str) -> None:
    manifest = json.load(open(manifest_path))
    # The JavaScript budgets are the islands' own (islands/islands.json, beside dist/).
    budgets = json.load(open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(manifest_path))), "islands.json")))["budgets"]
    js_before_budget, js_after_budget = budgets["beforeInteraction"], budgets["afterAll"]
    print(f"\n  {'site':<4} {'page':<13} {'HTML gz':>8} {'CSS gz':>7} {'blocking':>8} {'JS before':>9} {'JS after':>8}   (KB; targets: CSS ≤ 20 total, ≤ 14 blocking; JS ≤ {js_before_budget / 1024:g} before, ≤ {js_after_budget / 1024:g} after)")
    worst = {"css": 0, "css_blocking": 0, "js_before": 0, "js_after": 0}
    for site in SITES:
        site_dir = os.path.join(out, site)
        js_sizes = js_gz(os.path.join(site_dir, "assets", "islands"))
        seen = {}
        for address, _, html in pages(site_dir):
            kind = page_kind(html)
            if kind in KINDS and kind not in seen:
                seen[kind] = weights(site_dir, html, manifest, js_sizes)
        for kind in KINDS:
            if kind not in seen:
                continue
            w = seen[kind]
            for k in worst:
                worst[k] = max(worst[k], w[k])
            kb = lambda n: f"{n / 1024:.1f}"
            print(f"  {site:<4} {kind:<13} {kb(w['html']):>8} {kb(w['css']):>7} {kb(w['css_blocking']):>8} {kb(w['js_before']):>9} {kb(w['js_after']):>8}")
    verdict = worst["css"] <= 20 * 1024 and worst["css_blocking"] <= 14 * 1024 and worst["js_before"] <= js_before_budget and worst["js_after"] <= js_after_budget
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
