#!/usr/bin/env bash
# One game between two engines through the real XBoard, under a virtual X
# server: Fable against Fable (or Fairy-Max), started by scripts/xboard in
# Two Machines mode. Checks that both engines got the variant and took XBoard's
# start position, that the game ended by the rules or by XBoard's move
# limit with no refused move, that it has the variant's moves; keeps the
# PGN, XBoard's debug log and screenshots of the start and the end. Exit 77
# (ctest: skipped) without xboard/Xvfb.
#
#   tests/e2e/xboard_game.sh FABLE OUTDIR VARIANT OPTIONS SECOND
#     OPTIONS: as for scripts/xboard --options ("" for none)
#     SECOND:  fable | fairymax
set -euo pipefail
fable="$1" outdir="$2" variant="$3" options="$4" second="$5"
root="$(cd "$(dirname "$0")/../.." && pwd)"
name="xboard-$variant${options:+-${options//,/-}}-$second"
out="$outdir/$name"
pgn="$out/game.pgn" debug="$out/xboard.debug"
# XBoard and the launcher write only inside the test's folder.
if [ "${6:-}" != --inside ]; then
  rm -rf "$out"
  mkdir -p "$out/home" "$out/tmp"
fi
export HOME="$out/home" TMPDIR="$out/tmp" XDG_CONFIG_HOME="$out/home/.config"

for tool in xvfb-run xwd convert; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (scripts/install-deps)"; exit 77; }
done
[ -x /usr/games/xboard ] || command -v xboard >/dev/null || { echo "SKIP: xboard not installed"; exit 77; }

shot() {
  # A black screen is XBoard's window already gone: keep the last board.
  if xwd -root -silent 2>/dev/null | convert xwd:- "png:$1.tmp" 2>/dev/null &&
     [ "$(convert "$1.tmp" -format '%[max]' info: 2>/dev/null)" != 0 ]; then
    mv "$1.tmp" "$1"
  fi
  rm -f "$1.tmp"
}

# Inside the virtual display (this script again, with --inside): XBoard
# plays the engines' game (Two Machines); the board is photographed
# before the first move, and once the game has ended, before XBoard is
# closed.
if [ "${6:-}" = --inside ]; then
  # The engines search two turns deep: the game's pace does not depend on
  # the machine, and the clock (10 minutes) never runs out. XBoard ends a
  # game still going after 40 moves each (-adjudicateDrawMoves).
  "$root/scripts/xboard" --fable "$fable" --variant "$variant" --options "$options" \
    --second "$second" -- \
    -tc 10 -inc 0 -depth 2 -adjudicateDrawMoves 40 -ponderNextMove false -size 33 \
    -saveGameFile "$pgn" -debug -nameOfDebugFile "$debug" >"$out/xboard.log" 2>&1 &
  gui=$!
  # The hang guard ends XBoard itself, before the outer one ends the
  # display.
  end=$((SECONDS + 280))
  while kill -0 "$gui" 2>/dev/null && [ "$SECONDS" -lt "$end" ]; do
    # XBoard's log names the end of a game with its result (28: a draw,
    # 26/27: a win; 29 a game left unfinished).
    if grep -qE "^GameEnds\((26|27|28), " "$debug" 2>/dev/null; then
      sleep 1
      shot "$out/end.png"
      break
    fi
    [ -s "$out/start.png" ] || shot "$out/start.png"
    sleep 0.3
  done
  kill "$gui" 2>/dev/null || true
  wait "$gui" || true
  exit 0
fi
# The timeout is the guard against a hang.
timeout 300 xvfb-run -a -s "-screen 0 800x700x24" "$0" "$@" --inside || {
  echo "FAIL: the XBoard game did not finish in time"; exit 1; }

[ -s "$pgn" ] || { echo "FAIL: no PGN saved"; tail -20 "$out/xboard.log"; exit 1; }
[ -s "$out/end.png" ] || { echo "FAIL: no screenshot"; exit 1; }
cat "$pgn"

if [ -e "$out/home/.xboardrc" ]; then
  echo "FAIL: XBoard saved its settings (~/.xboardrc)"; exit 1
fi
result="$(sed -nE 's/^\[Result "([^"]*)"\].*/\1/p' "$pgn")"
case "$result" in
  1-0|0-1|1/2-1/2) ;;
  *) echo "FAIL: no result in the PGN ('$result')"; exit 1 ;;
esac
# Both engines got the variant by name (not an empty `variant `).
if [ "$variant" != normal ]; then
  for engine in first second; do
    [ "$engine" = second ] && [ "$second" = fairymax ] && continue
    grep -qE ">$engine *: variant $variant\$" "$debug" ||
      { echo "FAIL: the $engine engine was not sent 'variant $variant'"; grep -E ">$engine *: variant" "$debug"; exit 1; }
  done
fi
# Both engines took XBoard's start position; no error dialog at the start.
if grep -qE "tellusererror|Engine did not send setup" "$debug"; then
  echo "FAIL: an engine refused XBoard's position, or XBoard refused the variant:"
  grep -E "tellusererror|Engine did not send setup" "$debug"; exit 1
fi
# The game ended by the rules (or XBoard's move limit), not on a move
# XBoard or an engine refused, not on time.
if grep -qE "Illegal move" "$debug"; then
  echo "FAIL: a move was refused:"; grep -E "Illegal move" "$debug" | head -5; exit 1
fi
if grep -qiE "forfeit|illegal|invalid|on time|flag" "$pgn"; then
  echo "FAIL: the game did not end by the rules"; exit 1
fi
# The variant's moves: enough of them, and squares or pieces only it has.
body="$(sed -e '/^\[/d' -e 's/{[^}]*}//g' "$pgn")"
moves="$(grep -oE '[0-9]+\.' <<<"$body" | wc -l)"
# Fairy-Max varies its moves from game to game, and a weak reply can be
# mated in four (1. e4 c5 2. Qf3 g5 3. h4 f6 4. Qh5#): a shorter game is
# right when XBoard itself ended it by checkmate.
if [ "$moves" -lt 5 ] && ! grep -q '{checkmate}' "$pgn"; then
  echo "FAIL: only $moves moves, and no checkmate"; exit 1
fi
[ "$moves" -ge 1 ] || { echo "FAIL: no moves"; exit 1; }
case "$variant" in
  familymatters) grep -qE '[CSP][a-i]?[1-8]?x?[a-i][1-8]' <<<"$body" || { echo "FAIL: no Child/Prince/Princess move"; exit 1; } ;;
  fairytale) grep -qE '[CDWFRIL][a-h]?[1-8]?x?[a-h][1-8]' <<<"$body" || { echo "FAIL: no Fairy Tale piece move"; exit 1; } ;;
esac
echo "OK: $variant${options:+ ($options)} vs $second, $moves moves, result $result; screenshots $out/start.png $out/end.png"
