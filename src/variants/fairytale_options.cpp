#include "variants/fairytale_options.h"

namespace fable {

const VariantInfo& fairytale_info() {
  static const VariantInfo info{
      "fairytale",
      "Fairy Tale",
      {
          {"scenario",
           "the story card (start, essential pieces, goal); without one, a position "
           "string's scenario= decides",
           false,
           {{"any", ""},
            {"kingsmen", "kingsmen"},
            {"damsel", "damsel"},
            {"huffpuff", "huffpuff"},
            {"magicmight", "magicmight"}},
           0},
          {"cards",
           "no chance deck (by default a card is drawn at every turn)",
           true,
           {{"0", "nocards"}, {"1", ""}},
           1},
      }};
  return info;
}

}  // namespace fable
