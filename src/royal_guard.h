// Whether an action of the side to move leaves its own royal piece safe,
// settled one action at a time. Built once per position, it marks the few
// squares whose change could expose the royal; an action touching none of
// them (and not moving the royal, and not answering a check) is safe
// without a probe. Generation filters whole lists with it; the search
// asks only about the actions it reaches, so a cut-off saves the rest.
#pragma once

#include <array>

#include "action.h"
#include "position.h"

namespace fable {

class RoyalGuard {
 public:
  explicit RoyalGuard(const Position& pos);

  // True if, after `a`, the side to move's royal is not attacked. `pos`
  // must be the position the guard was built for; it is restored exactly.
  bool safe(Position& pos, const Action& a) const;
  // The royal was attacked before any action.
  bool in_check() const { return in_check_; }

 private:
  static constexpr uint8_t kVacate = 1;  // emptying this square may expose the royal
  static constexpr uint8_t kArrive = 2;  // occupying this empty square may expose it

  void mark_exposures(const Position& pos);

  Colour side_;
  Square royal_;
  bool in_check_ = false;
  bool exposed_ = false;  // in check, or some square is marked
  std::array<uint8_t, kMaxSquares> marks_;
};

// Removes the actions after which the side to move's royal would be
// attacked. Cheap probes on the board where a move cannot open a line to
// the royal; a full apply/undo otherwise. `pos` is restored exactly.
// Returns whether the royal was in check before the actions, which the
// filter works out anyway.
bool filter_royal_safety(Position& pos, ActionList& list);

}  // namespace fable
