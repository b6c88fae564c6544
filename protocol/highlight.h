// XBoard's target-square display (`feature highlight=1`): the GUI sends
// `lift SQUARE` when the user picks up a piece and Fable answers with a
// `highlight` board marking every square the piece may go to. XBoard then
// refuses drops on unmarked squares, even with its legality testing off.
#pragma once

#include <string>
#include <string_view>

#include "protocol/game.h"

namespace fable::protocol {

struct HighlightReply {
  std::string line;   // "highlight COLORFEN", empty on error
  std::string error;  // what is wrong with the square, empty when fine
};

// The reply to `lift SQUARE` in `game`: targets of the lifted piece's
// legal actions, red where it captures, magenta where it promotes, yellow
// otherwise. A turn that opens with a card is dealt on a copy first (as a
// move would be), so the game never changes.
HighlightReply lift_reply(const Game& game, std::string_view square);

// Whether `text` names a square of the game's board (`put`, `hover`; a
// trailing comma, XBoard's mark of a held Ctrl key, is allowed).
bool names_square(const Game& game, std::string_view text);

}  // namespace fable::protocol
