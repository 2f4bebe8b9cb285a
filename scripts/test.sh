#!/usr/bin/env bash
# `npm test` and `.ci/run`: every test on a fresh Debian machine, installing what is missing.
#
#   bash scripts/test.sh              all steps
#   bash scripts/test.sh unit e2e     only these steps (after the setup they need)
#   bash scripts/test.sh setup        only the setup: npm packages, Debian packages, PostgreSQL
#
# Steps: check (types + lint), unit (vitest on PGlite), pg (API suite on PostgreSQL),
#        cluster (two API processes behind nginx with S3 and Redis: scripts/cluster-check.mjs),
#        build (web app), e2e (Playwright on Debian's chromium headless shell).
# Environment: TEST_DATABASE_URL (use this PostgreSQL server as is), LEA_TEST_PG=throwaway (do not
# use a server on 127.0.0.1:5432, create a cluster), LEA_TEST_PG_PORT (its port, default 5433).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
readonly ALL_STEPS=(check unit pg cluster build e2e)

# ---------------------------------------------------------------- step bookkeeping and summary
SUMMARY=()
CURRENT_STEP=''
STEP_STARTED=0
SUITE_STARTED=$SECONDS

begin_step() {
  CURRENT_STEP=$1
  STEP_STARTED=$SECONDS
  printf '\n\033[1m==> %s\033[0m\n' "$CURRENT_STEP"
}

end_step() {
  SUMMARY+=("$(printf '  ok      %4ss  %s' "$((SECONDS - STEP_STARTED))" "$CURRENT_STEP")")
  CURRENT_STEP=''
}

print_summary() {
  local status=$1
  if [ -n "$CURRENT_STEP" ]; then
    SUMMARY+=("$(printf '  FAILED  %4ss  %s' "$((SECONDS - STEP_STARTED))" "$CURRENT_STEP")")
  fi
  printf '\n\033[1mSummary\033[0m\n'
  if [ "${#SUMMARY[@]}" -gt 0 ]; then printf '%s\n' "${SUMMARY[@]}"; fi
  if [ "$status" -eq 0 ]; then
    printf '  all steps passed in %ss\n' "$((SECONDS - SUITE_STARTED))"
  else
    printf '  stopped after %ss (exit code %s)\n' "$((SECONDS - SUITE_STARTED))" "$status"
  fi
}

# ---------------------------------------------------------------- step selection
declare -A WANTED=()
if [ "$#" -eq 0 ]; then
  for step in "${ALL_STEPS[@]}"; do WANTED[$step]=1; done
else
  for step in "$@"; do
    case " setup ${ALL_STEPS[*]} " in
      *" $step "*) WANTED[$step]=1 ;;
      *) echo "unknown step '$step' (steps: setup ${ALL_STEPS[*]})" >&2; exit 2 ;;
    esac
  done
fi
wants() { [ -n "${WANTED[$1]:-}" ] || [ -n "${WANTED[setup]:-}" ]; }

# ---------------------------------------------------------------- PostgreSQL helpers
PG_BIN=''
PG_DIR=''

is_root() { [ "$(id -u)" -eq 0 ]; }

# initdb and postgres refuse to run as root: as root, run them as the postgres OS user.
run_as_postgres() {
  if is_root; then
    su postgres -s /bin/bash -c "cd / && $(printf '%q ' "$@")"
  else
    "$@"
  fi
}

find_pg_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$bin" ] && [ -x "$bin/initdb" ]; then PG_BIN=$bin; else return 1; fi
}

# A server on 127.0.0.1:5432 that lets user postgres in without a password.
shared_pg_answers() {
  command -v pg_isready >/dev/null && command -v psql >/dev/null || return 1
  pg_isready -q -h 127.0.0.1 -p 5432 -t 3 || return 1
  PGCONNECT_TIMEOUT=5 psql -X -w -q -h 127.0.0.1 -p 5432 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1
}

# A Redis server on 127.0.0.1:6379 (the cluster step uses it, else starts redis-server itself).
redis_answers() {
  { exec 3<>/dev/tcp/127.0.0.1/6379; } 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  local answer=''
  read -r -t 2 answer <&3 || true
  exec 3>&-
  [[ $answer == +PONG* ]]
}

stop_throwaway_pg() {
  if [ -n "$PG_DIR" ] && [ -d "$PG_DIR" ]; then
    if [ -f "$PG_DIR/data/postmaster.pid" ]; then
      run_as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$PG_DIR"
    echo "throwaway PostgreSQL cluster stopped and deleted"
  fi
  PG_DIR=''
}

start_throwaway_pg() {
  local port=${LEA_TEST_PG_PORT:-5433}
  # Another cluster (a parallel run) may hold the port: take the next free one.
  while "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" -t 1; do port=$((port + 1)); done
  PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/lea-test-pg.XXXXXX")
  if is_root; then chown postgres:postgres "$PG_DIR"; fi
  echo "creating a throwaway cluster in $PG_DIR on port $port ($PG_BIN)"
  run_as_postgres "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; return 1; }
  # Durability is pointless for a cluster deleted at exit; dropping it makes the suite faster.
  run_as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$PG_DIR/server.log" >&2; return 1; }
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

cleanup() {
  local status=$?
  trap - EXIT
  stop_throwaway_pg
  print_summary "$status"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------- setup: npm packages
begin_step 'npm dependencies'
if node scripts/lib/freshness.mjs install; then
  if [ ! -f package-lock.json ]; then
    npm install
  else
    npm ci
  fi
else
  echo 'node_modules is up to date with package-lock.json'
fi
end_step

# ---------------------------------------------------------------- setup: Debian packages
# Decide first where the PostgreSQL pass runs: only a throwaway cluster needs the server binaries.
PG_MODE=none
if wants pg || wants cluster; then
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    PG_MODE=given
  elif [ "${LEA_TEST_PG:-}" != throwaway ] && shared_pg_answers; then
    PG_MODE=shared
  else
    PG_MODE=throwaway
  fi
fi

begin_step 'Debian packages'
MISSING=()
# The journeys run in the headless shell; the full browser serves npm run lighthouse and by-hand checks.
if wants e2e && [ ! -x /usr/bin/chromium-headless-shell ]; then MISSING+=(chromium-headless-shell); fi
if wants e2e && [ ! -x /usr/bin/chromium ]; then MISSING+=(chromium); fi
if { wants unit || wants pg; } && ! { command -v pdftotext && command -v pdftoppm; } >/dev/null; then MISSING+=(poppler-utils); fi
if [ "$PG_MODE" = throwaway ] && ! find_pg_bin; then MISSING+=(postgresql); fi
if wants cluster && ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then MISSING+=(nginx); fi
if wants cluster && ! command -v redis-server >/dev/null && ! redis_answers; then MISSING+=(redis-server); fi
if [ "${#MISSING[@]}" -eq 0 ]; then
  echo 'chromium, its headless shell, poppler-utils, nginx, redis-server and the PostgreSQL binaries needed are present'
else
  APT=()
  if ! is_root; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      APT=(sudo -n)
    else
      echo "missing Debian packages: ${MISSING[*]}" >&2
      echo "this script is not running as root and cannot use sudo: install them with" >&2
      echo "  apt-get install -y ${MISSING[*]}" >&2
      exit 1
    fi
  fi
  echo "installing ${MISSING[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${APT[@]}" apt-get update -qq
  "${APT[@]}" apt-get install -y -qq "${MISSING[@]}" >/dev/null
fi
end_step

# ---------------------------------------------------------------- setup: PostgreSQL
if [ "$PG_MODE" != none ]; then
  begin_step 'PostgreSQL'
  case $PG_MODE in
    given) echo "using TEST_DATABASE_URL as given" ;;
    shared)
      TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
      echo "using the server on 127.0.0.1:5432 (a database per test file, dropped after)"
      ;;
    throwaway)
      find_pg_bin
      start_throwaway_pg
      ;;
  esac
  if command -v psql >/dev/null; then psql -X -w -q "$TEST_DATABASE_URL" -tAc 'select version()'; fi
  export TEST_DATABASE_URL
  end_step
fi

# ---------------------------------------------------------------- test steps
if [ -n "${WANTED[check]:-}" ]; then
  begin_step 'types and lint (npm run check: typecheck and lint side by side)'
  # What `npm run check` runs, the two halves at once: tsc and ESLint are single-threaded each.
  npm run typecheck &
  TYPECHECK_PID=$!
  LINT_STATUS=0
  npm run lint || LINT_STATUS=$?
  TYPECHECK_STATUS=0
  wait "$TYPECHECK_PID" || TYPECHECK_STATUS=$?
  if [ "$TYPECHECK_STATUS" -ne 0 ] || [ "$LINT_STATUS" -ne 0 ]; then
    echo "types: exit code $TYPECHECK_STATUS, lint: exit code $LINT_STATUS" >&2
    exit 1
  fi
  end_step
fi

if [ -n "${WANTED[unit]:-}" ]; then
  begin_step 'vitest, all projects on PGlite'
  # The PostgreSQL pass below is the only one that must see TEST_DATABASE_URL.
  env -u TEST_DATABASE_URL ./node_modules/.bin/vitest run
  end_step
fi

if [ -n "${WANTED[pg]:-}" ]; then
  begin_step 'vitest, API suite on PostgreSQL'
  ./node_modules/.bin/vitest run --project server
  end_step
fi

if [ -n "${WANTED[cluster]:-}" ]; then
  begin_step 'two API processes behind nginx, S3 and Redis (npm run cluster-check)'
  node scripts/cluster-check.mjs
  end_step
fi

if [ -n "${WANTED[build]:-}" ]; then
  begin_step 'web build'
  npm run build -w @lea/web
  end_step
fi

if [ -n "${WANTED[e2e]:-}" ]; then
  if [ ! -f apps/web/dist/index.html ] || node scripts/lib/freshness.mjs web-build; then
    begin_step 'web build (needed by Playwright)'
    npm run build -w @lea/web
    end_step
  fi
  begin_step "Playwright on Debian's chromium (headless shell)"
  env -u TEST_DATABASE_URL ./node_modules/.bin/playwright test
  end_step
fi
