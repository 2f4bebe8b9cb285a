#!/usr/bin/env bash
# `npm run test:node-versions`: the unit and API suites (vitest projects shared, server on PGlite,
# web) on each supported Node.js major version, the binaries coming from the `node` package of the
# npm registry (cached by npm under ~/.npm/_npx after the first run). Not part of `npm test`.
#
#   bash scripts/node-versions.sh              Node 20, 22 and 24
#   bash scripts/node-versions.sh 22 24.11.1   these versions only (a major or an exact version)
#
# Each version runs the whole vitest run with that node first on PATH, so that vitest, its worker
# processes and any script a test spawns use it. The PostgreSQL pass is not repeated: it is the same
# JavaScript on another database, covered by `npm test` on the default Node.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
readonly DEFAULT_VERSIONS=(20 22 24)
VERSIONS=("$@")
if [ "${#VERSIONS[@]}" -eq 0 ]; then VERSIONS=("${DEFAULT_VERSIONS[@]}"); fi

if [ ! -x node_modules/.bin/vitest ]; then
  echo 'node_modules is missing: run npm ci first' >&2
  exit 1
fi

RESULTS=()
FAILED=0
for version in "${VERSIONS[@]}"; do
  printf '\n\033[1m==> Node %s\033[0m\n' "$version"
  started=$SECONDS
  # The `node` package's bin/node is the real binary for this platform.
  node_bin=$(npm exec --yes --package="node@$version" -- node -p 'process.execPath' 2>/dev/null | tail -n 1)
  if [ -z "$node_bin" ] || [ ! -x "$node_bin" ]; then
    echo "could not get Node $version from the npm registry (npm exec --package=node@$version)" >&2
    RESULTS+=("$(printf '  FAILED  %5ss  Node %s (not installed)' "$((SECONDS - started))" "$version")")
    FAILED=1
    continue
  fi
  actual=$("$node_bin" --version)
  echo "using $node_bin ($actual)"
  if env -u TEST_DATABASE_URL PATH="$(dirname "$node_bin"):$PATH" "$node_bin" node_modules/vitest/vitest.mjs run; then
    RESULTS+=("$(printf '  ok      %5ss  Node %s' "$((SECONDS - started))" "$actual")")
  else
    RESULTS+=("$(printf '  FAILED  %5ss  Node %s' "$((SECONDS - started))" "$actual")")
    FAILED=1
  fi
done

printf '\n\033[1mSummary\033[0m\n'
printf '%s\n' "${RESULTS[@]}"
exit "$FAILED"
