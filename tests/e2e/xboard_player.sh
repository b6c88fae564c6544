#!/usr/bin/env bash
# A player's game against Fable through the real XBoard, under a virtual X
# server: xboard_player.py clicks the moves, answers Fable's questions and
# checks every screen against Fable's position. Screenshots, XBoard's debug
# log, saved position and game stay in OUTDIR/NAME. Exit 77 (ctest:
# skipped) when XBoard, Xvfb, the screenshot tools, python3 or the X
# libraries for the mouse (libX11, libXtst) are missing.
#
#   tests/e2e/xboard_player.sh FABLE OUTDIR NAME [xboard_player.py ARGS...]
set -euo pipefail
fable="$1" outdir="$2" name="$3"
shift 3
here="$(cd "$(dirname "$0")" && pwd)"
out="$outdir/$name"
rm -rf "$out"
mkdir -p "$out/home" "$out/tmp"
# Everything XBoard or the launcher writes stays in the test's folder.
export HOME="$out/home" TMPDIR="$out/tmp" XDG_CONFIG_HOME="$out/home/.config"
export XDG_CACHE_HOME="$out/home/.cache" XDG_DATA_HOME="$out/home/.local/share"

for tool in xvfb-run xwd convert identify python3; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (scripts/install-deps)"; exit 77; }
done
[ -x /usr/games/xboard ] || command -v xboard >/dev/null || { echo "SKIP: xboard not installed"; exit 77; }
python3 -c 'import ctypes; ctypes.cdll.LoadLibrary("libX11.so.6"); ctypes.cdll.LoadLibrary("libXtst.so.6")' \
  2>/dev/null || { echo "SKIP: libX11/libXtst missing (apt-get install libxtst6)"; exit 77; }

# The timeout is a guard against a hang; a game of a few moves at depth 1
# takes well under a minute.
status=0
timeout 240 xvfb-run -a -s "-screen 0 800x700x24" \
  python3 "$here/xboard_player.py" --fable "$fable" --out "$out" "$@" || status=$?
[ "$status" = 124 ] && echo "FAIL: the game did not finish in 240 s"
if [ -e "$out/home/.xboardrc" ]; then
  echo "FAIL: XBoard saved its settings (~/.xboardrc)"; status=1
fi
exit "$status"
