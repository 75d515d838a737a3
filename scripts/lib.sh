# Shared by scripts/run, scripts/build and scripts/test: installs what is missing and builds.
# Sourced, not executed. Every step says what it does; every failure stops the script.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PORT="${PORT:-8080}"
export CARGO_TERM_PROGRESS_WHEN=never
DEMO_DIR="${DEMO_DIR:-$ROOT/data/demo}"
OUT_DIR="${OUT_DIR:-$ROOT/out}"
# The islands' bundle (loader, islands, chunks, manifest.json) the generator copies into every
# site; build_islands writes it, generate_sites reads it (it must exist: see generator --islands;
# the islands of each page kind come from islands/islands.json, beside it).
ISLANDS_DIR="$ROOT/islands/dist"
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug"

# Each step says when it starts (seconds since the script began), so a slow step shows in the log.
say() { printf '\033[1m==> [%4ds] %s\033[0m\n' "$SECONDS" "$*" >&2; }

need_rust() {
  if ! command -v cargo >/dev/null 2>&1; then
    [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
  fi
  command -v cargo >/dev/null 2>&1 || { echo "cargo is missing: install Rust (rustup) first" >&2; exit 1; }
  # rustfmt and clippy run in scripts/test's quality gate.
  if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    rustup component add rustfmt clippy >/dev/null 2>&1 || true
  fi
  # CI builds a fresh clone once: incremental caches (2.1 GB measured) and debug info (half of
  # every test binary, ~1 GB) are disk it never reads again, and a CI run has run out of disk
  # with them (ld: Bus error, "No space left on device"). Panics still name their file and line.
  if [ "${CI:-}" = true ]; then
    export CARGO_INCREMENTAL=0 CARGO_PROFILE_DEV_DEBUG=false
  fi
}

# npm packages of the islands, from the committed lock file.
need_islands_packages() {
  [ -f islands/package.json ] || return 0
  if [ ! -d islands/node_modules ] || [ islands/package-lock.json -nt islands/node_modules ]; then
    say "installing the islands' npm packages"
    # No install scripts: they may try to download (a JRE, a browser) and the network only
    # reaches the registries; the packages we use work without them.
    (cd islands && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  fi
}

build_islands() {
  [ -f islands/package.json ] || return 0
  grep -q '"build"' islands/package.json || return 0
  say "bundling the islands into $ISLANDS_DIR"
  (cd islands && node build.mjs --out "$ISLANDS_DIR")
}

# The islands' lint tools (tools/lint: ESLint, typescript-eslint, the React hooks rules) for
# scripts/test's quality gate, from their own lock file: typescript-eslint needs TypeScript's
# JavaScript API (5.x), which the islands' own compiler (TypeScript 7) does not have.
need_lint_packages() {
  if [ ! -d tools/lint/node_modules ] || [ tools/lint/package-lock.json -nt tools/lint/node_modules ]; then
    say "installing the islands' lint tools"
    (cd tools/lint && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  fi
}

# The islands' type-aware lint (tools/lint/eslint.config.mjs, over islands/src with the islands'
# tsconfig): any finding, warnings included, fails. Needs need_islands_packages (the types).
lint_islands() {
  (cd islands && ../tools/lint/node_modules/.bin/eslint --config ../tools/lint/eslint.config.mjs --max-warnings 0 src)
}

# One profile (dev, dependencies optimised) for run, build and test: dependencies compile once.
build_binaries() {
  say "building the Rust binaries"
  cargo build --quiet --bin runtime-api --bin generator --bin demo-content
}

# Writes the demo content if it is absent or was written for another day.
ensure_demo_content() {
  "$BIN/demo-content" ensure --out "$DEMO_DIR"
}

API_PID=""
CONTRACT_API_PID=""
start_api() {
  say "starting runtime-api on 127.0.0.1:$PORT"
  # API_CONFIG: a configuration file (scripts/test names the certified provider of one site).
  API_DATA_DIR="${API_DATA_DIR:-$ROOT/data/runtime}" "$BIN/runtime-api" serve --preview --snapshot "$DEMO_DIR/snapshot.json" --out "$OUT_DIR" ${API_CONFIG:+--config "$API_CONFIG"} &
  API_PID=$!
  trap stop_api EXIT
  for _ in $(seq 1 200); do
    if curl -fs -o /dev/null -H 'Host: fr.localhost' "http://127.0.0.1:$PORT/api/settings"; then return 0; fi
    kill -0 "$API_PID" 2>/dev/null || { echo "runtime-api exited during start-up" >&2; exit 1; }
    sleep 0.1
  done
  echo "runtime-api did not answer on port $PORT" >&2
  exit 1
}

stop_api() {
  local pid
  for pid in "$API_PID" "$CONTRACT_API_PID"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
}

generate_sites() {
  say "generating the sites into $OUT_DIR"
  "$BIN/generator" build --api "http://127.0.0.1:$PORT" --out "$OUT_DIR" --islands "$ISLANDS_DIR"
}

# Java runs the W3C HTML checker (vnu.jar) in the tests.
need_java() {
  command -v java >/dev/null 2>&1 && return 0
  say "installing Java for the HTML checker"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq default-jre-headless >/dev/null
  fi
  command -v java >/dev/null 2>&1 || { echo "java is missing: apt-get install default-jre-headless" >&2; exit 1; }
}

# nginx checks the generated production configuration (`nginx -t`, then serves a build) in
# generator/tests/pages/serving.rs. Debian's `nginx` is the bare server (`nginx-light` only adds
# an echo module on top of it). RUNLEVEL=1 keeps the package from starting a service on port 80.
# Under CI a missing nginx fails the run; elsewhere those tests skip with a message.
need_nginx() {
  if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then return 0; fi
  say "installing nginx for the web-server configuration tests"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && RUNLEVEL=1 apt-get install -y -qq nginx >/dev/null) || true
  fi
  if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then return 0; fi
  if [ "${CI:-}" = true ]; then
    echo "nginx is missing and could not be installed: apt-get install nginx" >&2
    exit 1
  fi
  echo "nginx is missing (apt-get install nginx): the nginx configuration tests will skip" >&2
}

# PostgreSQL for client-store's tests, which run one suite on SQLite and on PostgreSQL
# (TEST_DATABASE_URL). Installs it when missing, starts the local cluster, waits until it
# answers and gives the postgres user the password of the tests' default URL.
# Under CI a PostgreSQL that cannot be set up fails the run; elsewhere it does too, unless
# SKIP_POSTGRES=1 (then those tests skip with a message).
need_postgres() {
  local problem="" version=""
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
    say "installing PostgreSQL for the client-store tests"
    if [ "$(id -u)" = 0 ]; then
      (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null) || true
    fi
  fi
  if [ "$(id -u)" != 0 ] || ! command -v pg_ctlcluster >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 2>/dev/null ||
      problem="PostgreSQL is missing or stopped and setting it up needs root (apt-get install postgresql)"
  else
    # The newest installed version; "main" is the cluster Debian's package creates.
    version="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)"
    if [ -z "$version" ]; then
      problem="no PostgreSQL cluster under /etc/postgresql (pg_createcluster VERSION main)"
    else
      if ! pg_ctlcluster "$version" main status >/dev/null 2>&1; then
        say "starting PostgreSQL $version"
        pg_ctlcluster "$version" main start || true
      fi
      for _ in $(seq 1 100); do
        pg_isready -q -h 127.0.0.1 && break
        sleep 0.1
      done
      if pg_isready -q -h 127.0.0.1; then
        # Setting the same password again is harmless, so this runs every time. From /
        # because psql, run as postgres, cannot enter a root-only working directory.
        (cd / && su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"") >/dev/null ||
          problem="could not set the password of PostgreSQL's postgres user"
      else
        problem="PostgreSQL $version does not answer on 127.0.0.1 (see /var/log/postgresql)"
      fi
    fi
  fi
  [ -z "$problem" ] && return 0
  if [ "${CI:-}" != true ] && [ "${SKIP_POSTGRES:-}" = 1 ]; then
    echo "$problem: the PostgreSQL tests will skip (SKIP_POSTGRES=1)" >&2
    return 0
  fi
  echo "$problem; outside CI, SKIP_POSTGRES=1 skips the PostgreSQL tests" >&2
  exit 1
}

# wrk, the load generator of scripts/bench (Debian package).
need_wrk() {
  command -v wrk >/dev/null 2>&1 && return 0
  say "installing wrk for the API benchmark"
  [ "$(id -u)" = 0 ] && (apt-get update -qq && apt-get install -y -qq wrk >/dev/null) || true
  command -v wrk >/dev/null 2>&1 || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
}

# Debian's Chromium for the browser tests (islands/tests/browser, driven by playwright-core,
# which never downloads a browser here). Missing Chromium fails the run: the browser tests
# never skip, under CI or not.
need_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  say "installing Chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || true
  fi
  [ -x /usr/bin/chromium ] && return 0
  echo "Chromium is missing (/usr/bin/chromium) and could not be installed: apt-get install chromium (as root)" >&2
  exit 1
}

# Lighthouse for scripts/bench only (tools/lighthouse): its own lock file, so the tests and
# scripts/run never install it. Needs Chromium too.
need_lighthouse_packages() {
  need_chromium
  if [ ! -d tools/lighthouse/node_modules ] || [ tools/lighthouse/package-lock.json -nt tools/lighthouse/node_modules ]; then
    say "installing Lighthouse (scripts/bench)"
    (cd tools/lighthouse && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  fi
}

# schemathesis (PyPI) checks the API against its OpenAPI document (scripts/test, scripts/bench),
# in a virtual environment of its own under target/.
SCHEMATHESIS_VERSION="4.32.5"
need_schemathesis() {
  local venv="${CARGO_TARGET_DIR:-$ROOT/target}/schemathesis-venv"
  if [ ! -x "$venv/bin/st" ] || ! "$venv/bin/st" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
    say "installing schemathesis $SCHEMATHESIS_VERSION"
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
      [ "$(id -u)" = 0 ] && apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
      python3 -m venv "$venv"
    fi
    "$venv/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION"
  fi
  ST="$venv/bin/st"
}

# The calendars read by a second implementation (issue 17): the PyPI icalendar package, in the
# contract's virtual environment, over every feed of OUT_DIR and the API's file of a showtime
# per site (scripts/calendar-check.py).
ICALENDAR_VERSION="7.3.0"
check_calendars() {
  need_icalendar
  "$(dirname "$ST")/python" "$ROOT/scripts/calendar-check.py" "$OUT_DIR" "http://127.0.0.1:$PORT"
}

# icalendar in the contract's virtual environment (and that environment).
need_icalendar() {
  need_schemathesis
  local venv
  venv="$(dirname "$ST")"
  if ! "$venv/python" -c "import icalendar, sys; sys.exit(icalendar.__version__ != '$ICALENDAR_VERSION')" 2>/dev/null; then
    say "installing icalendar $ICALENDAR_VERSION"
    "$venv/pip" install -q "icalendar==$ICALENDAR_VERSION"
  fi
}

# The contract's Python tools installed in the background while the Rust tests compile
# (scripts/test): downloads and unpacking, which the CPU-bound compile hardly notices (about
# 70 s of a fresh clone's run otherwise). wait_python_tools before using them.
start_python_tools() {
  PYTHON_TOOLS_LOG="${CARGO_TARGET_DIR:-$ROOT/target}/python-tools.log"
  mkdir -p "$(dirname "$PYTHON_TOOLS_LOG")"
  need_icalendar > "$PYTHON_TOOLS_LOG" 2>&1 &
  PYTHON_TOOLS_PID=$!
}

wait_python_tools() {
  if ! wait "$PYTHON_TOOLS_PID"; then
    cat "$PYTHON_TOOLS_LOG" >&2
    echo "installing schemathesis and icalendar failed (above)" >&2
    return 1
  fi
  cat "$PYTHON_TOOLS_LOG"
  need_schemathesis
}

# The API contract, site by site: schemathesis' default checks (no server error, no schema-valid
# request refused, no schema-violating one accepted, documented statuses, answers matching their
# schemas…) over /api/openapi.json, the document of the site named by Host, with a bearer token
# of the dev provider and the token's client as the client calls' `{id}`. scripts/schemathesis.toml
# says why the card look-ups may answer 400 (a captcha no fuzzer solves). Every site must sign in
# with the dev provider (write_contract_config): a provider that is down makes the live calls
# answer 503, a failure here. The site's slugs and days go to target/schemathesis-dict/{site}
# (see scripts/contract-dictionary.py). Logs: target/schemathesis-{site}.log.
check_api_contract() { # examples per operation
  local site failed=0 running=()
  # Two sites at a time (schemathesis is CPU-bound Python; the machines have 2 cores): a site's
  # token and dictionaries are prepared before its run starts, each in its own folder.
  for site in fr ch be nl tn sn ci ma; do
    if [ "${#running[@]}" -ge "${CONTRACT_JOBS:-2}" ]; then
      wait "${running[0]}" || failed=1
      running=("${running[@]:1}")
    fi
    contract_site "$site" "$1" &
    running+=("$!")
  done
  for job in "${running[@]}"; do wait "$job" || failed=1; done
  return "$failed"
}

# One site's contract run (check_api_contract): its dev-provider token, its dictionaries and
# its configuration in target/schemathesis-dict/SITE, its log in target/schemathesis-SITE.log.
contract_site() { # site, examples per operation
  local site="$1" token id log dict
  log="${CARGO_TARGET_DIR:-$ROOT/target}/schemathesis-$site.log"
  dict="$ROOT/target/schemathesis-dict/$site"
  token=$(API_DATA_DIR="$API_DATA_DIR" "$BIN/runtime-api" dev-token --site "$site" --email "contract-$site@example.org" ${API_CONFIG:+--config "$API_CONFIG"} 2>"$log.id" || true)
  id=$(sed -n 's/^client id: //p' "$log.id")
  rm -f "$log.id"
  if [ -z "$token" ] || [ -z "$id" ]; then
    echo "API contract ($site): no dev-provider token for the site (see write_contract_config)" >&2
    return 1
  fi
  mkdir -p "$dict"
  if ! python3 "$ROOT/scripts/contract-dictionary.py" "http://127.0.0.1:$PORT" "$site" "$dict" > /dev/null; then
    echo "API contract ($site): could not read the site's slugs from the API" >&2
    return 1
  fi
  # The configuration names its dictionaries by path: the site's own.
  sed "s|\.\./target/schemathesis-dict/|$dict/|" "$ROOT/scripts/schemathesis.toml" > "$dict/schemathesis.toml"
  if CONTRACT_CLIENT_ID="$id" "$ST" --config-file "$dict/schemathesis.toml" run \
      "http://127.0.0.1:$PORT/api/openapi.json" --url "http://127.0.0.1:$PORT" \
      -H "Host: $site.localhost" -H "Authorization: Bearer $token" \
      --max-examples "$2" --seed 20261125 > "$log" 2>&1; then
    say "API contract ($site): $(grep -E 'generated, ' "$log" | tr -s ' ')"
  else
    tail -n 60 "$log" >&2
    say "API contract ($site) FAILED: see $log"
    return 1
  fi
}

# The configuration of an API for the contract: every site signs in with the dev provider
# (scripts/test's own configuration gives two sites real providers: one up only during the
# browser tests, one down on purpose).
write_contract_config() { # file
  cat > "$1" <<TOML
[identity]
dev_provider = true
TOML
}

# check_api_contract against an API of its own, stopped after: port PORT+2, data in
# target/contract-data, write_contract_config (scripts/test, whose API gives two sites real
# providers). Serves DEMO_DIR's snapshot.
check_api_contract_apart() { # examples per operation
  local dir="${CARGO_TARGET_DIR:-$ROOT/target}" port=$((PORT + 2)) status=0
  write_contract_config "$dir/contract-api.toml"
  rm -rf "$dir/contract-data"
  PORT="$port" API_DATA_DIR="$dir/contract-data" "$BIN/runtime-api" serve --snapshot "$DEMO_DIR/snapshot.json" \
    --config "$dir/contract-api.toml" > "$dir/contract-api.log" 2>&1 &
  CONTRACT_API_PID=$!
  trap stop_api EXIT
  for _ in $(seq 1 600); do
    curl -fs -o /dev/null "http://127.0.0.1:$port/readyz" && break
    kill -0 "$CONTRACT_API_PID" 2>/dev/null || { cat "$dir/contract-api.log" >&2; echo "the contract's runtime-api exited during start-up" >&2; return 1; }
    sleep 0.1
  done
  PORT="$port" API_DATA_DIR="$dir/contract-data" API_CONFIG="$dir/contract-api.toml" check_api_contract "$1" || status=1
  kill "$CONTRACT_API_PID" 2>/dev/null || true
  wait "$CONTRACT_API_PID" 2>/dev/null || true
  CONTRACT_API_PID=""
  return "$status"
}
