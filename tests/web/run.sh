#!/usr/bin/env bash
# The browser test of `fable serve` (ctest e2e.web_board): starts the
# server on a free port, drives Debian's Chromium headless with
# playwright-core (pinned by package-lock.json here, installed into the
# output folder) and checks what a person sees. Screenshots land in OUT.
#   tests/web/run.sh FABLE OUT
# Exit 77 (skipped) when chromium, node or npm is missing, or when the
# npm package cannot be installed (no registry and nothing cached).
set -uo pipefail
fable="$1"
mkdir -p "$2"
out="$(cd "$2" && pwd)"
here="$(cd "$(dirname "$0")" && pwd)"
chromium="${CHROMIUM:-/usr/bin/chromium}"

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is missing (scripts/install-deps installs it)"
    exit 77
  fi
done
if [ ! -x "$chromium" ]; then
  echo "SKIP: $chromium is missing (scripts/install-deps installs Debian's chromium)"
  exit 77
fi

# The npm package, installed once per lock file: a stamp holds the lock it
# was installed from, the cache stays in the output folder, and npm prefers
# what it has cached.
deps="$out/node"
mkdir -p "$deps"
if ! cmp -s "$here/package-lock.json" "$deps/installed-lock.json" ||
   [ ! -d "$deps/node_modules/playwright-core" ]; then
  cp "$here/package.json" "$here/package-lock.json" "$deps/"
  if ! (cd "$deps" && HOME="$deps" npm ci --no-audit --no-fund --prefer-offline \
          --cache "$deps/npm-cache" >"$deps/npm.log" 2>&1); then
    cat "$deps/npm.log"
    echo "SKIP: playwright-core could not be installed (see above)"
    exit 77
  fi
  cp "$here/package-lock.json" "$deps/installed-lock.json"
fi

tmp="$(mktemp -d "$out/run.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# A free port chosen by the server; its first line names the URL.
"$fable" serve --port 0 >"$tmp/server.log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://[^ ]*' "$tmp/server.log" | head -1)"
  [ -n "$url" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "FAIL: fable serve printed no URL"
  cat "$tmp/server.log"
  exit 1
fi
echo "server: $url"

HOME="$tmp" NODE_PATH="$deps/node_modules" CHROMIUM="$chromium" \
  node "$here/board.test.js" "$url" "$out" "$tmp"
status=$?
exit $status
