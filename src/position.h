// A game position: the board, the state fields, the Zobrist key and the
// undo stack. Every change goes through set_piece / set_* so the key stays
// incremental and undo() can restore the exact previous position.
#pragma once

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "action.h"
#include "decision.h"
#include "state.h"
#include "variant.h"

namespace fable {

// A malformed position string; the message names the fault.
class PositionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Position {
 public:
  explicit Position(std::shared_ptr<const Variant> variant);

  // Parses a position string of the variant; throws PositionError. The
  // position's variant is the value Rules::variant_for_fields picks from
  // the string (the given one, unless the variant leaves a choice to it).
  static Position from_string(std::shared_ptr<const Variant> variant, std::string_view text);
  static Position start(std::shared_ptr<const Variant> variant);
  std::string to_string() const;

  const Variant& variant() const { return *variant_; }
  const std::shared_ptr<const Variant>& variant_ptr() const { return variant_; }
  const Geometry& geometry() const { return variant_->geometry; }

  // --- board -----------------------------------------------------------
  Piece at(Square s) const { return board_[s]; }
  const Piece* board() const { return board_.data(); }
  int count(int kind) const { return count_[kind]; }  // pieces of colour|type<<2
  Square royal(Colour c) const { return st_.royal[c]; }
  // Calls f(square) for every square holding a piece of colour c, in
  // square order.
  template <typename F>
  void for_each_piece(Colour c, F&& f) const {
    for (int w = 0; w < kOccupancyWords; ++w)
      for (uint64_t bits = occupied_[c][w]; bits; bits &= bits - 1)
        f(Square(w * 64 + __builtin_ctzll(bits)));
  }

  // --- state -----------------------------------------------------------
  const State& state() const { return st_; }
  Colour side() const { return st_.side; }
  uint64_t key() const { return st_.key; }
  int halfmove() const { return st_.halfmove; }
  int fullmove() const { return st_.fullmove; }
  int phase() const { return st_.phase; }
  Square en_passant() const { return st_.en_passant; }
  uint8_t castling() const { return st_.castling; }
  uint8_t extra(int i) const { return st_.extra[i]; }
  // Actions applied since this position was set up (the undo depth).
  int ply() const { return int(stack_.size()); }

  // --- primitives for the variant rules (keep the key up to date) --------
  void set_piece(Square s, Piece p);
  void set_side(Colour c);
  void set_castling(uint8_t rights);
  void set_en_passant(Square s);
  void set_phase(uint8_t phase);
  void set_extra(int i, uint8_t value);
  void set_halfmove(int n) { st_.halfmove = uint16_t(n); }
  void set_fullmove(int n) { st_.fullmove = uint16_t(n); }
  // Raw board write for short probes: no key, no undo record, no counts.
  // The caller must restore the square before anything else looks.
  void poke(Square s, Piece p) { board_[s] = p; }

  // --- actions ---------------------------------------------------------
  Decision decision() const;
  // Legal actions for the pending decision.
  void legal_actions(ActionList& out) const;
  // Legal captures and promotions of a move decision (quiescence search).
  void tactical_actions(ActionList& out) const;
  // Candidate actions for the search (see Rules::generate_candidates):
  // when candidates_need_guard(), each must pass a RoyalGuard first.
  void candidate_actions(ActionList& out, bool tactical_only) const;
  bool candidates_need_guard() const;
  // Outcomes of a pending chance decision with their probabilities.
  void chance_outcomes(std::vector<ChanceOutcome>& out) const;
  // True when every legal action here ends the turn (lets perft count the
  // last turn by counting actions).
  bool actions_end_turn() const;
  bool is_legal(const Action& a) const;
  void apply(const Action& a);
  // Passes the turn without an action (the search's null move); only
  // meaningful at the start of a turn of a single-action variant.
  void apply_null();
  // At a turn-start draw: on to the move as if the card had no effect
  // (Rules::skip_draw), undone by undo(). False, and nothing to undo,
  // where there is no such draw.
  bool skip_draw();
  void undo();
  // True if the last applied action ended a turn (or nothing was applied).
  bool at_turn_start() const { return st_.phase == 0; }

  // --- game state ------------------------------------------------------
  Outcome outcome() const;
  // How many earlier turn starts had this exact state since the last
  // irreversible turn (0 = none).
  int repetitions() const;
  bool in_check() const;

  // --- checks ----------------------------------------------------------
  // The key recomputed from scratch; equals key() unless there is a bug.
  uint64_t compute_key() const;

 private:
  std::shared_ptr<const Variant> variant_;
  std::array<Piece, kMaxSquares> board_{};
  std::array<uint8_t, MoveTables::kKinds> count_{};
  // Occupancy per colour, one bit per square: only an index for iterating
  // pieces, never used to generate moves.
  static constexpr int kOccupancyWords = kMaxSquares / 64;
  std::array<std::array<uint64_t, kOccupancyWords>, 3> occupied_{};
  void place(Square s, Piece old, Piece now) {
    if (old) {
      --count_[kind_of(old)];
      occupied_[colour_of(old)][s >> 6] &= ~(1ull << (s & 63));
    }
    if (now) {
      ++count_[kind_of(now)];
      occupied_[colour_of(now)][s >> 6] |= 1ull << (s & 63);
    }
    board_[s] = now;
  }
  State st_;
  std::vector<State> stack_;
  std::vector<std::pair<Square, Piece>> diff_;  // board changes, for undo
};

}  // namespace fable
