// The evaluation of one variant: everything that can be worked out from
// the variant alone (piece values, square tables, mobility weights, the
// royal's zone) is computed once by the constructor, so evaluate() only
// walks the pieces. Method and tables: EVALUATION.md.
#pragma once

#include <array>
#include <vector>

#include "eval/bound_pair.h"
#include "eval/cards.h"
#include "eval/passed_pawns.h"
#include "eval/pawn_structure.h"
#include "eval/piece_values.h"
#include "eval/roles.h"
#include "eval/square_tables.h"
#include "eval/weights.h"
#include "position.h"

namespace fable::eval {

class Evaluator {
 public:
  // Scores are clamped to +-kBound, well inside the search's +-20000 (its
  // won-game range), whatever a board holds.
  static constexpr int kBound = 15000;

  explicit Evaluator(const Variant& v, const Weights& w = kWeights);

  // Centipawns from `perspective`'s point of view, with a small bonus for
  // the side to move.
  int evaluate(const Position& pos, Colour perspective) const;
  // Material balance only, White minus Black.
  int material(const Position& pos) const;
  // What a piece of this type counts as material (0 for royal, essential
  // and neutral types).
  int piece_value(int type) const { return values_.material[size_t(type)]; }

  // The escape term of c's essential piece alone (0 where essential
  // pieces need not flee): what royal_safety() adds for it.
  int essential_escape(const Position& pos, Colour c) const;

  const PieceValues& piece_values() const { return values_; }
  const SquareTables& square_tables() const { return tables_; }
  const Roles& roles() const { return roles_; }
  const PassedPawns& passed_pawns() const { return passed_; }
  const PawnStructure& pawn_structure() const { return structure_; }
  const BoundPair& bound_pair() const { return bound_pair_; }

 private:
  // Calls visit(square) for every square the piece of `kind` on `s` can
  // move to or capture on now (enemy pieces only; no legality).
  template <class Visit>
  void for_each_target(const Position& pos, int kind, Square s, Colour them, Visit&& visit) const;
  // Its two parts: the leaps, and one of the rays (rays_ below).
  template <class Visit>
  void for_each_leap_target(const Position& pos, int kind, Square s, Colour them,
                            Visit&& visit) const;
  struct Ray;
  template <class Visit>
  void for_each_target_on_ray(const Position& pos, const Ray& ray, Colour them,
                              Visit&& visit) const;
  // How many such squares there are; with kThreats, also adds to
  // `threats` the enemy pieces among them worth more than the piece by
  // kThreatMargin or more.
  template <bool kThreats>
  int mobility(const Position& pos, int kind, Square s, Colour them, int& threats) const;
  // The same threats, for a piece whose mobility is not counted (a
  // pawn-like one).
  int capture_threats(const Position& pos, int kind, Square s, Colour them) const;
  // A piece must be worth this much more than its taker to count as
  // threatened: not a Bishop by a Knight, whose values differ by chance.
  static constexpr int kThreatMargin = 50;
  // `target` is worth that much more than a piece of `kind`.
  bool worth_more(Piece target, int kind) const {
    return kind_material_[size_t(kind_of(target))] >= kind_material_[size_t(kind)] + kThreatMargin;
  }
  // The penalty of c's royal: `pressure` is the enemy pieces' summed
  // closeness to it.
  int royal_safety(const Position& pos, Colour c, int pressure) const;
  // A neutral piece that chance steps at random (the crazy queen) takes
  // each piece within one of her steps with chance 1 / (her steps): that
  // share of its value (weights.h) is taken from its side's score.
  void random_neutral_threats(const Position& pos, std::array<int, 2>& score) const;
  // The part of it for an essential piece that must flee when threatened.
  int essential_escape(const Position& pos, Colour c, bool threatened) const;
  // Whether `w` weighs anything as the board empties (royal_centre_endgame,
  // endgame_value, endgame_rank_bonus).
  static bool endgame_weighed(const Variant& v, const Weights& w);
  // Fills endgame_score_, officer_material_ and start_officers_.
  void init_endgame();
  // A jumping rider of `kind` on `from` threatens `royal` and every one of
  // its escape squares.
  bool jumper_traps(int kind, Square from, Square royal, const Square* escapes,
                    int escape_count) const;

  const Variant& variant_;
  Weights weights_;
  Roles roles_;
  PieceValues values_;
  SquareTables tables_;
  CardTerm cards_;
  PassedPawns passed_;
  PawnStructure structure_;
  BoundPair bound_pair_;
  int squares_ = 0;
  // [kind * squares + square]: material value + square tables - the
  // mobility term's expected share, so evaluate() adds one number.
  std::vector<int> static_score_;
  // Per kind: centipawns per reachable square, in 1/16; 0 = not counted.
  std::array<int, MoveTables::kKinds> mobility_weight_{};
  // Per kind: for_each_target() has the kind's rays (mobility counted, or
  // an essential piece's escapes).
  std::array<bool, MoveTables::kKinds> walks_targets_{};
  // Per kind: material value (0 for a royal of that colour, for neutral).
  std::array<int, MoveTables::kKinds> kind_material_{};
  // Threats are counted (a threat weight is not 0), and by which kinds:
  // every non-royal one, pawn-like pieces included.
  bool threats_active_ = false;
  std::array<bool, MoveTables::kKinds> threatens_{};
  // The rays mobility() walks: per [kind * squares + square] a range of
  // rays_, each a run of ray_squares_ with its atom's kind and mode.
  struct Ray {
    uint32_t offset = 0;
    uint16_t length = 0;
    AtomKind kind = AtomKind::kSlide;
    uint8_t mode = kMoveOrCapture;
  };
  std::vector<std::pair<uint32_t, uint32_t>> ray_index_;
  std::vector<Ray> rays_;
  std::vector<Square> ray_squares_;
  // [royal * squares + square]: 3, 2, 1 for a square one, two, three king
  // steps from the royal, else 0; the row `squares` (no royal) is all 0.
  std::vector<uint8_t> closeness_;
  // What counts more as the board empties: per [kind * squares + square],
  // the bonus once every non-pawn piece has left the board (the royal's
  // centrality, Weights::royal_centre_endgame; a piece's endgame_value
  // and endgame_rank_bonus); per kind, its material where it counts
  // towards that (not pawn-like, not royal); and that material at the
  // start, by which evaluate() scales the bonus (0: the term is off).
  std::vector<int> endgame_score_;
  std::array<int, MoveTables::kKinds> officer_material_{};
  int start_officers_ = 0;
  // Per colour, the squares of its home ranks (Fairy Tale's Ally cards
  // place pieces there); filled where essential pieces must flee.
  std::array<std::vector<Square>, 2> home_squares_;
};

}  // namespace fable::eval
