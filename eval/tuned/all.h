// Every set of tuned weights: one generated header per game and option
// set, written by `fable tune --out eval/tuned/FILE.h`, defining a
// function named after the variant's key (eval::weights_key, spaces and
// commas as underscores); a new file is included here and listed in
// entries() under that key. A game with no fit of its own may play with
// another's (borrowings()) once games have shown that it plays better
// with them than with the defaults.
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

// A game without a fit of its own that plays with the fit filed under
// `lender`: each measured against the defaults by `fable match --sprt`
// (README, "Strength: accepted changes").
struct Borrowing {
  std::string key;     // eval::weights_key of the borrowing game
  std::string lender;  // the key of an entry above
};

inline std::vector<Borrowing> borrowings() {
  // The crazy queen's game is Family Matters with her random step after
  // Black's move: +22 with the plain game's fit, where her own fit
  // measured -4 (H1 and H0 at (0, 20)). `kingsmen` with the deck did
  // not gain from the fit without it (-8, H0), and keeps the defaults.
  return {{"familymatters crazyqueen", "familymatters"}};
}

}  // namespace fable::eval::tuned
