#!/usr/bin/env bash
# One game through the real XBoard, under a virtual X server: Fable against
# Fable (or Fairy-Max), started by scripts/xboard in match mode. Checks the
# saved PGN (a result by the rules, the variant's moves) and keeps a
# screenshot of the board. Exit 77 (ctest: skipped) without xboard/Xvfb.
#
#   tests/e2e/xboard_game.sh FABLE OUTDIR VARIANT OPTIONS SECOND
#     OPTIONS: as for scripts/xboard --options ("" for none)
#     SECOND:  fable | fairymax
set -euo pipefail
fable="$1" out="$2" variant="$3" options="$4" second="$5"
root="$(cd "$(dirname "$0")/../.." && pwd)"
name="xboard-$variant-$second"
mkdir -p "$out"
pgn="$out/$name.pgn" shot="$out/$name.png" debug="$out/$name.debug"
rm -f "$pgn" "$shot" "$debug"
# XBoard saves its settings (~/.xboardrc) when it exits: the test gives it
# a home of its own inside the output folder, so nothing is written to the
# user's home.
export HOME="$out/$name.home"
export XDG_CONFIG_HOME="$HOME/.config"
mkdir -p "$HOME"

for tool in xvfb-run xwd convert; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (scripts/install-deps)"; exit 77; }
done
[ -x /usr/games/xboard ] || command -v xboard >/dev/null || { echo "SKIP: xboard not installed"; exit 77; }

# Inside the virtual display (this script again, with --inside): XBoard
# plays the match; the board is photographed every two seconds, the last
# picture before the end kept.
if [ "${6:-}" = --inside ]; then
  "$root/scripts/xboard" --fable "$fable" --variant "$variant" --options "$options" \
    --second "$second" --match 1 -- \
    -tc 0:30 -inc 0.2 -autoCallFlag true -ponderNextMove false -size 33 \
    -saveGameFile "$pgn" -debug -nameOfDebugFile "$debug" >"$out/$name.log" 2>&1 &
  gui=$!
  while kill -0 "$gui" 2>/dev/null; do
    sleep 2
    # A black screen is XBoard's window already gone: keep the last board.
    if xwd -root -silent 2>/dev/null | convert xwd:- "png:$shot.tmp" 2>/dev/null &&
       [ "$(convert "$shot.tmp" -format '%[max]' info: 2>/dev/null)" != 0 ]; then
      mv "$shot.tmp" "$shot"
    fi
  done
  rm -f "$shot.tmp"
  wait "$gui" || true
  exit 0
fi
# No pondering: two engines thinking at once on a small machine lose time.
# XBoard calls the flag (-autoCallFlag): a game whose engines have parted
# (see below) waits for a move that never comes, and ends on time.
# A game of 30 s per side (plus increments) ends well inside five minutes
# (Fable ends long games by its 50-move and repetition rules); the timeout is the
# guard against a hang.
timeout 300 xvfb-run -a -s "-screen 0 800x700x24" "$0" "$@" --inside || {
  echo "FAIL: the XBoard match did not finish in time"; exit 1; }

[ -s "$pgn" ] || { echo "FAIL: no PGN saved"; tail -20 "$out/$name.log"; exit 1; }
[ -s "$shot" ] || { echo "FAIL: no screenshot"; exit 1; }
cat "$pgn"

result="$(sed -nE 's/^\[Result "([^"]*)"\].*/\1/p' "$pgn")"
case "$result" in
  1-0|0-1|1/2-1/2) ;;
  *) echo "FAIL: no result in the PGN ('$result')"; exit 1 ;;
esac
# Both engines took the variant's start position from XBoard.
if grep -q "tellusererror" "$debug"; then
  echo "FAIL: an engine refused XBoard's position:"; grep "tellusererror" "$debug"; exit 1
fi
# The game ended by the rules, not on a move XBoard or an engine refused.
# One exception, Wizard Chess: a captured Warrior's return (a placement
# before the move, in the same turn) and the Wizard's teleport (a swap)
# cannot be written as one XBoard move, so the other engine never learns
# of them and the two games part (protocol/PROTOCOL.md, "What XBoard
# shows"). The game is then checked up to that point.
parted=""
if [ "$variant" = wizard ] && grep -qE "<(first|second) *: telluser Fable chooses W@" "$debug"; then
  parted="(the engines parted at a Warrior's return, which XBoard cannot relay)"
elif [ "$variant" = wizard ] && grep -q "Forfeit due to invalid move" "$pgn" &&
     sed -e '/^\[/d' -e 's/{[^}]*}//g' "$pgn" | grep -q "Zx"; then
  parted="(XBoard lost track after a Wizard's move onto a piece, possibly a teleport)"
fi
if [ -z "$parted" ] && grep -qE "Illegal move" "$debug"; then
  echo "FAIL: a move was refused:"; grep -E "Illegal move" "$debug" | head -5; exit 1
fi
if [ -z "$parted" ] && grep -qiE "forfeit|illegal|invalid|on time" "$pgn"; then
  echo "FAIL: the game did not end by the rules"; exit 1
fi
# The variant's moves: enough of them, and squares only its board has.
moves="$(sed -e '/^\[/d' -e 's/{[^}]*}//g' "$pgn" | grep -oE '[0-9]+\.' | wc -l)"
[ "$moves" -ge 5 ] || { echo "FAIL: only $moves moves"; exit 1; }
body="$(sed -e '/^\[/d' -e 's/{[^}]*}//g' "$pgn")"
case "$variant" in
  wizard) grep -qE '[a-g](9|1[0-2])' <<<"$body" || { echo "FAIL: no move on ranks 9-12"; exit 1; } ;;
  familymatters) grep -qE '[CSP][a-i]?[1-8]?x?[a-i][1-8]' <<<"$body" || { echo "FAIL: no Child/Prince/Princess move"; exit 1; } ;;
  fairytale) grep -qE '[CDWFRIL][a-h]?[1-8]?x?[a-h][1-8]' <<<"$body" || { echo "FAIL: no Fairy Tale piece move"; exit 1; } ;;
esac
echo "OK: $variant vs $second, $moves moves, result $result $parted; screenshot $shot"
