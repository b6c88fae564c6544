// Text for people about a position of one variant: the state the board
// does not show and what the pending decision asks. The protocols show
// it; the rules never read it.
#pragma once

#include <memory>
#include <string>

namespace fable {

class Position;

class Describer {
 public:
  virtual ~Describer() = default;

  // The state the board does not show (cards left, hands, pools), as
  // lines of text; "" when there is none.
  virtual std::string status_text(const Position& pos) const;
  // What the pending decision asks, in words ("" for a plain move).
  virtual std::string decision_text(const Position& pos) const;
};

// The describer of a variant with nothing to say beyond its board: every
// text is "". Shared, never null.
const std::shared_ptr<const Describer>& plain_describer();

}  // namespace fable
