// Fairy Tale Chess (`fairytale`): twelve fairy-tale pieces on 8 x 8, four
// scenarios (story cards) with their own start, essential pieces and goal.
// This is the board game with the chance deck switched off; rules as Fable
// plays them: fairytale.md beside this file.
//
// Options (comma-separated, any order): at most one scenario name
// (`kingsmen`, `damsel`, `huffpuff`, `magicmight`) and `nocards`.
//   * A scenario name selects the start position and fixes the scenario:
//     a position string naming another one is refused.
//   * Without a scenario name the scenario is read from each position
//     string (`scenario=` is required there); the start position is
//     `kingsmen`'s.
//   * `nocards` switches the chance deck off. The deck is not implemented
//     yet, so a scenario name without `nocards` is refused, and so is any
//     position with `cards=on` (the rules' default).
#pragma once

#include <memory>
#include <string_view>

#include "position.h"
#include "variant.h"

namespace fable {

std::shared_ptr<Variant> make_fairytale(std::string_view options);

namespace fairytale {

// State::extra layout. The board game keeps one byte, the last one; every
// byte before it (0 .. kExtraBytes-2) is left to the chance deck (remaining
// cards, hands, pools, waiting effects). If the deck needs more, raise
// State::kExtraBytes: the board game's byte moves with it.
constexpr int kPassesSlot = State::kExtraBytes - 1;  // passes in a row: 0, 1 or 2
constexpr int kFirstDeckSlot = 0;
constexpr int kDeckSlots = State::kExtraBytes - 1;

}  // namespace fairytale

}  // namespace fable
