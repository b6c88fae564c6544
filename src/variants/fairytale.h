// Fairy Tale Chess (`fairytale`): twelve fairy-tale pieces on 8 x 8, four
// scenarios (story cards) with their own start, essential pieces and goal.
// With the 36-card chance deck (the default) or without it; rules as Fable
// plays them: fairytale.md beside this file.
//
// Options (comma-separated, any order): at most one scenario name
// (`kingsmen`, `damsel`, `huffpuff`, `magicmight`) and `nocards`.
//   * A scenario name selects the start position and fixes the scenario:
//     a position string naming another one is refused.
//   * Without a scenario name the scenario is read from each position
//     string (`scenario=` is required there); the start position is
//     `kingsmen`'s.
//   * `nocards` switches the chance deck off; a position string with
//     `cards=on` is then refused.
#pragma once

#include <memory>
#include <string_view>

#include "position.h"
#include "variant.h"

namespace fable {

std::shared_ptr<Variant> make_fairytale(std::string_view options);

}  // namespace fable
