// Every set of tuned weights: one generated header per game and option
// set, written by `fable tune --out eval/tuned/FILE.h`, defining a
// function named after the variant's key (eval::weights_key, spaces and
// commas as underscores); a new file is included here and listed in
// entries() under that key.
#pragma once

#include <string>
#include <vector>

#include "eval/tuned/fairytale_kingsmen_nocards.h"
#include "eval/tuned/familymatters.h"
#include "eval/tuned/normal.h"
#include "eval/tuned/wizard.h"
#include "eval/weights.h"

namespace fable::eval::tuned {

struct Entry {
  std::string key;  // eval::weights_key of the variant
  Weights weights;
};

inline std::vector<Entry> entries() {
  return {{"familymatters", familymatters()},
          {"fairytale kingsmen,nocards", fairytale_kingsmen_nocards()},
          {"normal", normal()},
          {"wizard", wizard()}};
}

}  // namespace fable::eval::tuned
