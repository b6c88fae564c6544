#include "variants/family_matters.h"

#include <stdexcept>
#include <string>

#include "basic_rules.h"
#include "movegen.h"
#include "position.h"
#include "variants/family_board.h"
#include "variants/fields.h"

namespace fable {

namespace {

enum FamilyType : uint8_t {
  kKing = 1,
  kQueen,
  kRook,
  kBishop,
  kChild,
  kPrince,
  kPrincess,
  kOldQueen,  // neutral: belongs to no side
};

struct FamilyOptions {
  bool big_family = false;
  bool strong_children = false;
  bool old_queen = false;    // the mover may step her after each move
  bool crazy_queen = false;  // she steps at random after each Black move
  bool any_queen() const { return old_queen || crazy_queen; }
};

// Steps inside a turn (Position::phase); 0 is the turn start.
constexpr uint8_t kPhaseQueenChoice = 1;  // oldqueen: the mover steps her or skips
constexpr uint8_t kPhaseQueenChance = 2;  // crazyqueen: her random step after Black's move

// The field that marks a position inside a turn: the move is made, the
// Old Queen's step is pending.
constexpr const char* kQueenStepField = "queen-step";

const char* side_name(Colour c) { return c == kWhite ? "White" : "Black"; }

int heirs(const Position& pos, Colour c) {
  int count = 0;
  for (const uint8_t type : pos.variant().heir_types) count += pos.count(make_piece(c, type));
  return count;
}

bool has_king(const Position& pos, Colour c) { return pos.count(make_piece(c, kKing)) > 0; }

// A side without its King, or without any Prince or Princess, has lost.
bool has_lost(const Position& pos, Colour c) { return !has_king(pos, c) || heirs(pos, c) == 0; }

Square old_queen_square(const Position& pos) {
  Square found = kNoSquare;
  pos.for_each_piece(kNeutral, [&](Square s) { found = s; });
  return found;
}

class FamilyRules final : public BasicRules {
 public:
  explicit FamilyRules(FamilyOptions options) : options_(options) {}

  Decision decision(const Position& pos) const override {
    switch (pos.phase()) {
      case kPhaseQueenChoice:
        return {actor_of(pos.side()), DecisionKind::kChoice};
      case kPhaseQueenChance:
        return {Actor::kChance, DecisionKind::kChance};
      default:
        return {actor_of(pos.side()), DecisionKind::kMove};
    }
  }

  void generate(Position& pos, ActionList& out) const override {
    switch (pos.phase()) {
      case kPhaseQueenChoice:
        out.push(skip_action());
        add_queen_steps(pos, ActionType::kChoice, out);
        break;
      case kPhaseQueenChance:
        // The outcomes themselves, so that a dice result can be entered
        // and read like any action.
        add_chance_steps(pos, out);
        break;
      default:
        // No check rule: every move of the piece tables is legal.
        generate_piece_moves(pos, pos.side(), out);
        break;
    }
  }

  void chance_outcomes(const Position& pos, std::vector<ChanceOutcome>& out) const override {
    if (pos.phase() != kPhaseQueenChance) return;
    ActionList steps;
    add_chance_steps(pos, steps);
    const double probability = 1.0 / double(steps.size());
    for (const Action& a : steps) out.push_back({a, probability});
  }

  bool actions_end_turn(const Position& pos) const override {
    if (pos.phase() != 0) return true;
    // A move may be followed by the queen's step in the same turn.
    return !options_.old_queen && !(options_.crazy_queen && pos.side() == kBlack);
  }

  void apply(Position& pos, const Action& a) const override {
    switch (a.type) {
      case ActionType::kMove:
        apply_move(pos, a);
        break;
      case ActionType::kChoice:
      case ActionType::kChance:
        step_old_queen(pos, a);
        end_turn(pos);
        break;
      default:  // kPass: the mover declines the queen's step
        end_turn(pos);
        break;
    }
  }

  Outcome immediate_outcome(const Position& pos) const override {
    // Winning captures first: the turn that makes them resets the 50-move
    // counter, so they never meet a draw by that rule.
    for (Colour c : {kWhite, kBlack}) {
      if (!has_king(pos, c)) return {win_for(opposite(c)), "king captured"};
      if (heirs(pos, c) == 0) return {win_for(opposite(c)), "no prince or princess left"};
    }
    return BasicRules::immediate_outcome(pos);
  }

  Outcome outcome(Position& pos) const override {
    const Outcome now = immediate_outcome(pos);
    if (now.over() || !pos.at_turn_start()) return now;
    ActionList moves;
    generate(pos, moves);
    if (moves.empty()) return {win_for(opposite(pos.side())), "no legal move"};
    return now;
  }

  void parse_fields(Position& pos, const std::vector<std::string_view>& fields) const override {
    check_board(pos);
    pos.set_halfmove(fields.size() > 0 ? parse_counter(fields[0], "50-move counter", 0) : 0);
    pos.set_fullmove(fields.size() > 1 ? parse_counter(fields[1], "move number", 1) : 1);
    if (fields.size() > 2) {
      if (fields[2] != kQueenStepField)
        throw PositionError("unexpected field '" + std::string(fields[2]) +
                            "' after the move number (only '" + kQueenStepField + "' may follow)");
      if (fields.size() > 3)
        throw PositionError("unexpected field '" + std::string(fields[3]) + "' after '" +
                            kQueenStepField + "'");
      if (!options_.any_queen())
        throw PositionError(std::string("'") + kQueenStepField +
                            "' needs the oldqueen or crazyqueen option");
      if (options_.crazy_queen && pos.side() != kBlack)
        throw PositionError(std::string("'") + kQueenStepField +
                            "' with crazyqueen needs side 'b': she steps only after Black's move");
      if (has_lost(pos, kWhite) || has_lost(pos, kBlack))
        throw PositionError(std::string("'") + kQueenStepField +
                            "' after a move that ended the game: there is no queen step then");
      pos.set_phase(options_.old_queen ? kPhaseQueenChoice : kPhaseQueenChance);
    }
  }

  std::string format_fields(const Position& pos) const override {
    std::string text = std::to_string(pos.halfmove()) + ' ' + std::to_string(pos.fullmove());
    if (pos.phase() != 0) text += std::string(" ") + kQueenStepField;
    return text;
  }

  std::string action_text(const Position& pos, const Action& a) const override {
    if (a.type == ActionType::kPass) return "skip";
    if (a.type == ActionType::kChance && a.from == a.to) return "stay";
    // Moves, promotions (suffix p / s) and queen steps: from and to.
    return BasicRules::action_text(pos, a);
  }

 private:
  static Action skip_action() { return {kNoSquare, kNoSquare, ActionType::kPass, 0, 0, 0}; }

  // The Old Queen's steps (her piece-table moves), typed as the pending
  // decision's actions.
  static void add_queen_steps(const Position& pos, ActionType type, ActionList& out) {
    const Square queen = old_queen_square(pos);
    const size_t first = out.size();
    generate_moves_from(pos, queen, out);
    for (size_t i = first; i < out.size(); ++i) out[i].type = type;
  }

  // The crazy queen's outcomes: each step, or staying when she has none.
  static void add_chance_steps(const Position& pos, ActionList& out) {
    add_queen_steps(pos, ActionType::kChance, out);
    if (out.empty()) {
      const Square queen = old_queen_square(pos);
      out.push({queen, queen, ActionType::kChance, 0, 0, 0});
    }
  }

  void apply_move(Position& pos, const Action& a) const {
    const Colour us = pos.side();
    const Piece mover = pos.at(a.from);
    const bool capture = pos.at(a.to) != kEmpty;
    pos.set_piece(a.to, a.promotion ? make_piece(us, a.promotion) : mover);
    pos.set_piece(a.from, kEmpty);
    pos.set_halfmove(capture || type_of(mover) == kChild ? 0 : pos.halfmove() + 1);
    // After a move that ends the game there is no queen step.
    if (capture && has_lost(pos, opposite(us)))
      end_turn(pos);
    else if (options_.old_queen)
      pos.set_phase(kPhaseQueenChoice);
    else if (options_.crazy_queen && us == kBlack)
      pos.set_phase(kPhaseQueenChance);
    else
      end_turn(pos);
  }

  static void step_old_queen(Position& pos, const Action& a) {
    if (a.from == a.to) return;  // the crazy queen stays
    if (pos.at(a.to) != kEmpty) pos.set_halfmove(0);
    pos.set_piece(a.to, pos.at(a.from));
    pos.set_piece(a.from, kEmpty);
  }

  static void end_turn(Position& pos) {
    if (pos.side() == kBlack) pos.set_fullmove(pos.fullmove() + 1);
    pos.set_side(opposite(pos.side()));
    pos.set_phase(0);
  }

  // Faults of the board that no game can reach (the generic parser has
  // already checked holes and letters).
  void check_board(const Position& pos) const {
    const Geometry& g = pos.geometry();
    for (Colour c : {kWhite, kBlack})
      if (pos.count(make_piece(c, kKing)) > 1)
        throw PositionError(std::string(side_name(c)) + " has " +
                            std::to_string(pos.count(make_piece(c, kKing))) +
                            " kings; a side has exactly one");
    // Every capture removes one piece and a game ends at the first
    // winning capture, so at most one side can have lost, in one way.
    std::string losses;
    int lost = 0;
    for (Colour c : {kWhite, kBlack}) {
      auto add = [&](const char* loss) {
        if (lost++) losses += ", ";
        losses += side_name(c);
        losses += loss;
      };
      if (!has_king(pos, c)) add(" has no king");
      if (heirs(pos, c) == 0) add(" has no prince or princess");
    }
    if (lost > 1)
      throw PositionError(losses +
                          ": a game ends at the first winning capture, so at most one "
                          "of these can hold");
    const int queens = pos.count(make_piece(kNeutral, kOldQueen));
    if (!options_.any_queen() && queens > 0)
      throw PositionError(
          "an Old Queen 'O' stands on the board, but neither the oldqueen nor the crazyqueen "
          "option is on");
    if (options_.any_queen() && queens != 1)
      throw PositionError(std::string(options_.old_queen ? "oldqueen" : "crazyqueen") +
                          " needs exactly one Old Queen 'O' on the board, found " +
                          std::to_string(queens));
    for (Colour c : {kWhite, kBlack}) {
      const Piece child = make_piece(c, kChild);
      for (Square s = 0; s < g.size(); ++s)
        if (pos.at(s) == child && pos.variant().promotion.zone[c][s])
          throw PositionError(std::string(side_name(c)) + " Child on " + g.name(s) +
                              ", its promotion zone, where it would have promoted");
    }
  }

  FamilyOptions options_;
};

// The option indices of family_matters_info().
enum FamilyOption : size_t { kBigFamilyOption, kStrongChildrenOption, kQueenOption };
enum QueenValue : size_t { kQueenNone, kQueenOld, kQueenCrazy };

FamilyOptions parse_options(std::string_view text) {
  const std::vector<size_t> chosen = parse_option_list(family_matters_info(), text);
  FamilyOptions o;
  o.big_family = chosen[kBigFamilyOption] == 1;
  o.strong_children = chosen[kStrongChildrenOption] == 1;
  o.old_queen = chosen[kQueenOption] == kQueenOld;
  o.crazy_queen = chosen[kQueenOption] == kQueenCrazy;
  return o;
}

std::string canonical_options(const FamilyOptions& o) {
  return option_list(family_matters_info(), {size_t(o.big_family), size_t(o.strong_children),
                                             size_t(o.old_queen     ? kQueenOld
                                                    : o.crazy_queen ? kQueenCrazy
                                                                    : kQueenNone)});
}

std::string start_position(const FamilyOptions& o) {
  // Ranks 8 to 1 of the 9 x 8 rectangle; file i exists only on rank 1.
  const std::string back_black = o.big_family ? "**psps***" : "**brrb***";
  const std::string back_white = o.big_family ? "**SPSP***" : "**BRRB***";
  const std::string middle = o.any_queen() ? "O" : "1";
  return "***qk****/" + back_black + "/*C4c**/SC4cp*/PC4cs*/*C4c**/" + back_white + "/***QK***" +
         middle + " w 0 1";
}

}  // namespace

const VariantInfo& family_matters_info() {
  static const VariantInfo info{
      "familymatters",
      "Family Matters",
      {
          {"big family",
           "Princesses and Princes instead of Rooks and Bishops",
           true,
           {{"0", ""}, {"1", "bigfamily"}},
           0},
          {"strong children",
           "only Princes and Princesses can take a Child",
           true,
           {{"0", ""}, {"1", "strongchildren"}},
           0},
          {"queen",
           "a neutral Old Queen on i1: the mover may step her (oldqueen), or she steps at "
           "random after Black's move (crazyqueen)",
           false,
           {{"none", ""}, {"oldqueen", "oldqueen"}, {"crazyqueen", "crazyqueen"}},
           0},
      }};
  return info;
}

std::shared_ptr<Variant> make_family_matters(std::string_view option_text) {
  const FamilyOptions o = parse_options(option_text);
  auto v = std::make_shared<Variant>();
  v->name = "familymatters";
  v->options = canonical_options(o);
  v->geometry = make_family_board();

  // Directions are written for a side moving north; the rotation below
  // turns them east for White and west for Black.
  // No Betza for GUIs: they would move the pieces on a plain 9 x 8 grid,
  // without the links through i1.
  using namespace atoms;
  v->types.resize(9);
  PieceType& king = v->types[kKing];
  king = {'K', "king", {}, 0};
  add_steps(king, all_dirs());
  king.moves = "one step any way (no check: a King can be taken)";
  king.looks_like = Look::kKing;
  PieceType& queen = v->types[kQueen];
  queen = {'Q', "queen", {}, 850};
  add_slides(queen, all_dirs());
  queen.moves = "any distance along the 8 lines";
  queen.looks_like = Look::kQueen;
  PieceType& rook = v->types[kRook];
  rook = {'R', "rook", {}, 450};
  add_slides(rook, orthogonal_dirs());
  rook.moves = "any distance along a rank or file";
  rook.looks_like = Look::kRook;
  PieceType& bishop = v->types[kBishop];
  // Not colour-bound here (i1 changes a bishop's square colour).
  bishop = {'B', "bishop", {}, 320};
  add_slides(bishop, diagonal_dirs());
  bishop.moves = "any distance diagonally (through i1 it may change colour)";
  bishop.looks_like = Look::kBishop;
  PieceType& child = v->types[kChild];
  child = {'C', "child", {}, 100};
  add_steps(child, {N}, kMoveOnly);
  add_steps(child, {NE, NW}, kCaptureOnly);
  child.moves =
      "one step forward (White east, Black west), takes one step diagonally forward; promotes "
      "to Prince or Princess in its zone";
  child.looks_like = Look::kCommoner;
  // Eight targets each, like a knight; a little more because the last of
  // them is a life: a side without prince and princess has lost.
  PieceType& prince = v->types[kPrince];
  prince = {'P', "prince", {}, 350};
  add_steps(prince, diagonal_dirs());
  for (Dir d : orthogonal_dirs()) add_leap(prince, {d, d});
  prince.moves = "one step diagonally, or leaps two squares straight";
  prince.looks_like = Look::kWazir;
  v->heir_types = {kPrince, kPrincess};
  PieceType& princess = v->types[kPrincess];
  princess = {'S', "princess", {}, 350};
  add_steps(princess, orthogonal_dirs());
  for (Dir d : diagonal_dirs()) add_leap(princess, {d, d});
  princess.moves = "one step straight, or leaps two squares diagonally";
  princess.looks_like = Look::kFerz;
  PieceType& old_queen = v->types[kOldQueen];
  // Neutral and never captured: worth nothing to either side.
  old_queen = {'O', "old queen", {}, 0};
  old_queen.neutral = true;
  add_steps(old_queen, all_dirs());
  old_queen.moves =
      "neutral: one step any way, takes anything but a Child, is never taken (see the queen "
      "option)";
  old_queen.looks_like = Look::kCrownedQueen;

  v->forward_rotation = {2, 6, 0};  // White's forward is east, Black's west
  v->goal_text =
      "Take the enemy King, or the last enemy Prince or Princess. There is no check; a side "
      "with no legal move loses.";
  v->start_position = start_position(o);
  v->check = {kKing, false, false};  // the King is taken, never checked
  v->goal = Goal::kCaptureRoyal;
  v->turns.multi_action = o.any_queen();
  v->turns.chance = o.crazy_queen;
  if (o.crazy_queen) v->turns.random_neutral_after = kBlack;
  v->promotion.choices[kChild] = {kPrince, kPrincess};
  v->classes.pawn_like[kChild] = true;
  v->finalize();

  const Geometry& g = v->geometry;
  for (Colour c : {kWhite, kBlack}) v->promotion.zone[c].assign(g.size(), false);
  for (const char* s : {"g3", "h4", "h5", "g6"}) v->promotion.zone[kWhite][g.parse(s)] = true;
  for (const char* s : {"b3", "a4", "a5", "b6"}) v->promotion.zone[kBlack][g.parse(s)] = true;

  // The Old Queen takes anything of either side but a Child.
  const int queen_kind = kind_of(make_piece(kNeutral, kOldQueen));
  for (Colour c : {kWhite, kBlack})
    for (int t = kKing; t < kOldQueen; ++t)
      v->capture_allowed[queen_kind][kind_of(make_piece(c, t))] = t != kChild;
  // strongchildren: a Child falls only to a Prince or a Princess.
  if (o.strong_children)
    for (Colour attacker : {kWhite, kBlack})
      for (int t = kKing; t < kOldQueen; ++t)
        if (t != kPrince && t != kPrincess)
          v->capture_allowed[kind_of(make_piece(attacker, t))]
                            [kind_of(make_piece(opposite(attacker), kChild))] = false;

  v->rules = std::make_shared<FamilyRules>(o);
  return v;
}

}  // namespace fable
