// The procedural rules of one variant: what the generic piece tables do
// not say (castling, en passant, turn structure, goals, state fields). An
// interface only, which Position calls; BasicRules (basic_rules.h) gives
// the defaults most variants share.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "action.h"
#include "decision.h"

namespace fable {

class Position;
struct Variant;

class Rules {
 public:
  virtual ~Rules() = default;

  // Whose decision is pending.
  virtual Decision decision(const Position& pos) const = 0;
  // Legal actions for the pending decision. `pos` may be changed while
  // probing but is restored exactly before returning.
  virtual void generate(Position& pos, ActionList& out) const = 0;
  // The legal captures and promotions of a move decision, for quiescence
  // search.
  virtual void generate_tactical(Position& pos, ActionList& out) const = 0;
  // The search's cheaper generation: the actions of generate() (or of
  // generate_tactical() with `tactical_only`), except that where
  // defers_royal_safety() is true some may still leave the own royal
  // attacked; the search settles each one it reaches with a RoyalGuard.
  virtual void generate_candidates(Position& pos, ActionList& out, bool tactical_only) const = 0;
  virtual bool defers_royal_safety() const = 0;
  // For a chance decision: every distinct outcome with its probability.
  virtual void chance_outcomes(const Position& pos, std::vector<ChanceOutcome>& out) const = 0;
  // True when every legal action here completes the turn.
  virtual bool actions_end_turn(const Position& pos) const = 0;
  // At a turn-start draw: goes on to the move as if the card drawn had no
  // effect, and returns true; elsewhere, or where the rules have no such
  // draw, changes nothing and returns false. Not a legal action: the
  // search's look at the captures beyond its horizon, past the cards.
  virtual bool skip_draw(Position& pos) const {
    (void)pos;
    return false;
  }
  // Changes `pos` by one legal action (Position::apply saved the undo
  // state before calling).
  virtual void apply(Position& pos, const Action& a) const = 0;
  // Whether the game is over, judged at a decision point.
  virtual Outcome outcome(Position& pos) const = 0;
  // The part of outcome() that needs no move generation: draws by the
  // 50-move rule and repetition, goals already reached. Perft and search
  // use it at every node.
  virtual Outcome immediate_outcome(const Position& pos) const = 0;
  virtual bool in_check(const Position& pos) const = 0;

  // The variant value that reads a position string whose fields after the
  // side to move are `fields`: `self`, unless the variant's options leave
  // part of the rules to the string (Fairy Tale's scenario), then the
  // value the string names; throws PositionError if it names none.
  virtual std::shared_ptr<const Variant> variant_for_fields(
      const std::shared_ptr<const Variant>& self,
      const std::vector<std::string_view>& fields) const = 0;

  // The fields after the side to move in a position string.
  virtual void parse_fields(Position& pos, const std::vector<std::string_view>& fields) const = 0;
  virtual std::string format_fields(const Position& pos) const = 0;

  // Canonical text of an action: what the notation reads and writes.
  virtual std::string action_text(const Position& pos, const Action& a) const = 0;
};

}  // namespace fable
