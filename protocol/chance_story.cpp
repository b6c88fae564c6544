#include "protocol/chance_story.h"

#include "notation.h"
#include "protocol/board_changes.h"

namespace fable::protocol {

std::string chance_story(const Position& before, const Action& a, const Position& after) {
  if (std::string told = before.variant().describer->chance_text(before, a, after); !told.empty())
    return told;
  const std::string changes = board_changes(before, after);
  if (changes.empty())
    return "Chance: at random, " + action_text(before, a) + " - the board stays as it is.";
  return "Chance: at random, " + changes + ".";
}

}  // namespace fable::protocol
