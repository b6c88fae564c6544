#include "variants/chess.h"

#include <charconv>

#include "basic_rules.h"
#include "movegen.h"
#include "position.h"
#include "royal_guard.h"
#include "variants/castling.h"
#include "variants/fields.h"

namespace fable {

namespace {

enum ChessType : uint8_t { kPawn = 1, kKnight, kBishop, kRook, kQueen, kKing };

class ChessRules final : public BasicRules {
 public:
  explicit ChessRules(const Geometry& g) : castling_(g, kKing, kRook) {}

  void generate(Position& pos, ActionList& out) const override {
    generate_candidates(pos, out, false);
    filter_royal_safety(pos, out);
  }

  void generate_tactical(Position& pos, ActionList& out) const override {
    generate_candidates(pos, out, true);
    filter_royal_safety(pos, out);
  }

  // Pseudo-legal moves: the search checks the king's safety only for the
  // moves it reaches.
  void generate_candidates(Position& pos, ActionList& out, bool tactical_only) const override {
    generate_piece_moves(pos, pos.side(), out, tactical_only);
    if (!tactical_only) add_double_steps(pos, out);
    add_en_passant(pos, out);
    if (!tactical_only) castling_.generate(pos, out);
  }
  bool defers_royal_safety() const override { return true; }

  void apply(Position& pos, const Action& a) const override {
    const Colour us = pos.side();
    const Piece mover = pos.at(a.from);
    bool irreversible = type_of(mover) == kPawn;
    Square en_passant = kNoSquare;
    switch (a.type) {
      case ActionType::kCastle:
        castling_.apply(pos, a);
        break;
      case ActionType::kEnPassant:
        pos.set_piece(behind(pos, a.to, us), kEmpty);
        [[fallthrough]];
      default:
        irreversible = irreversible || pos.at(a.to) != kEmpty;
        pos.set_piece(a.to, a.promotion ? make_piece(us, a.promotion) : mover);
        pos.set_piece(a.from, kEmpty);
        if (a.type == ActionType::kDoubleStep && enemy_pawn_beside(pos, a.to, us))
          en_passant = behind(pos, a.to, us);
        break;
    }
    pos.set_en_passant(en_passant);
    pos.set_castling(castling_.rights_after(castling_.rights_after(pos.castling(), a.from), a.to));
    pos.set_halfmove(irreversible ? 0 : pos.halfmove() + 1);
    if (us == kBlack) pos.set_fullmove(pos.fullmove() + 1);
    pos.set_side(opposite(us));
  }

  Outcome outcome(Position& pos) const override {
    ActionList moves;
    generate(pos, moves);
    if (moves.empty())
      return in_check(pos) ? Outcome{win_for(opposite(pos.side())), "checkmate"}
                           : Outcome{Result::kDraw, "stalemate"};
    return immediate_outcome(pos);
  }

  bool in_check(const Position& pos) const override { return royal_in_check(pos, pos.side()); }

  void parse_fields(Position& pos, const std::vector<std::string_view>& fields) const override {
    if (fields.size() > 4)
      throw PositionError("unexpected field '" + std::string(fields[4]) +
                          "' after the move number");
    const Geometry& g = pos.geometry();
    for (Colour c : {kWhite, kBlack}) {
      if (pos.count(make_piece(c, kKing)) != 1)
        throw PositionError(std::string(c == kWhite ? "White" : "Black") +
                            " must have exactly one king");
    }
    for (Square s = 0; s < g.size(); ++s)
      if (type_of(pos.at(s)) == kPawn && (g.rank(s) == 0 || g.rank(s) == g.ranks() - 1))
        throw PositionError("pawn on " + g.name(s) + ", a first or last rank");
    pos.set_castling(fields.size() > 0 ? castling_.parse(pos, fields[0]) : 0);
    if (fields.size() > 1 && fields[1] != "-") {
      const Square ep = g.parse(fields[1]);
      const int expected_rank = pos.side() == kWhite ? 5 : 2;
      if (ep == kNoSquare || g.rank(ep) != expected_rank)
        throw PositionError("en passant square '" + std::string(fields[1]) + "' is not on rank " +
                            std::to_string(expected_rank + 1));
      // The pawn that just stepped twice stands one square beyond `ep`,
      // seen from the side to move.
      const Square pawn = behind(pos, ep, pos.side());
      if (pos.at(pawn) != make_piece(opposite(pos.side()), kPawn) || pos.at(ep))
        throw PositionError("en passant square " + g.name(ep) + " does not follow a double step");
      pos.set_en_passant(ep);
    }
    pos.set_halfmove(fields.size() > 2 ? parse_counter(fields[2], "50-move counter", 0) : 0);
    pos.set_fullmove(fields.size() > 3 ? parse_counter(fields[3], "move number", 1) : 1);
    if (royal_in_check(pos, opposite(pos.side())))
      throw PositionError("the side not to move is in check");
  }

  std::string format_fields(const Position& pos) const override {
    const Square ep = pos.en_passant();
    return castling_.format(pos.castling()) + ' ' +
           (ep == kNoSquare ? std::string("-") : pos.geometry().name(ep)) + ' ' +
           std::to_string(pos.halfmove()) + ' ' + std::to_string(pos.fullmove());
  }

 private:
  // The square behind `s` from the point of view of `mover` (toward its
  // own side).
  static Square behind(const Position& pos, Square s, Colour mover) {
    return pos.geometry().neighbour(s, mover == kWhite ? S : N);
  }

  static bool enemy_pawn_beside(const Position& pos, Square s, Colour mover) {
    const Piece enemy = make_piece(opposite(mover), kPawn);
    for (Dir d : {E, W}) {
      const Square n = pos.geometry().neighbour(s, d);
      if (n != kNoSquare && pos.at(n) == enemy) return true;
    }
    return false;
  }

  static void add_double_steps(const Position& pos, ActionList& out) {
    const Colour us = pos.side();
    const Geometry& g = pos.geometry();
    const int start_rank = us == kWhite ? 1 : g.ranks() - 2;
    const Dir ahead = us == kWhite ? N : S;
    const Piece pawn = make_piece(us, kPawn);
    for (int f = 0; f < g.files(); ++f) {
      const Square s = g.at(f, start_rank);
      if (pos.at(s) != pawn) continue;
      const Square one = g.neighbour(s, ahead), two = g.neighbour(one, ahead);
      if (!pos.at(one) && !pos.at(two)) out.push({s, two, ActionType::kDoubleStep, 0, 0, 0});
    }
  }

  static void add_en_passant(const Position& pos, ActionList& out) {
    const Square ep = pos.en_passant();
    if (ep == kNoSquare) return;
    const Colour us = pos.side();
    const Piece pawn = make_piece(us, kPawn);
    // Our pawns that capture onto `ep` stand diagonally behind it.
    for (Dir d : us == kWhite ? std::array<Dir, 2>{SE, SW} : std::array<Dir, 2>{NE, NW}) {
      const Square from = pos.geometry().neighbour(ep, d);
      if (from != kNoSquare && pos.at(from) == pawn)
        out.push({from, ep, ActionType::kEnPassant, 0, 0, 0});
    }
  }

  Castling castling_;
};

}  // namespace

const VariantInfo& chess_info() {
  static const VariantInfo info{"normal", "Chess", {}};
  return info;
}

std::shared_ptr<Variant> make_chess() {
  auto v = std::make_shared<Variant>();
  v->name = "normal";
  v->geometry = Geometry::rectangle(8, 8);
  using namespace atoms;
  v->types.resize(7);
  PieceType& pawn = v->types[kPawn];
  pawn = {'P', "pawn", {}, 100};
  add_steps(pawn, {N}, kMoveOnly);
  add_steps(pawn, {NE, NW}, kCaptureOnly);
  pawn.moves =
      "one step forward (two from its first rank), takes one step diagonally forward; en "
      "passant; promotes on the last rank";
  PieceType& knight = v->types[kKnight];
  knight = {'N', "knight", {}, 320};
  add_knight(knight);
  knight.moves = "leaps two squares straight and one aside, over anything";
  PieceType& bishop = v->types[kBishop];
  bishop = {'B', "bishop", {}, 330};
  add_slides(bishop, diagonal_dirs());
  bishop.moves = "any distance diagonally";
  PieceType& rook = v->types[kRook];
  rook = {'R', "rook", {}, 500};
  add_slides(rook, orthogonal_dirs());
  rook.moves = "any distance along a rank or file";
  PieceType& queen = v->types[kQueen];
  queen = {'Q', "queen", {}, 950};
  add_slides(queen, all_dirs());
  queen.moves = "any distance along the 8 lines";
  PieceType& king = v->types[kKing];
  king = {'K', "king", {}, 0};
  add_steps(king, all_dirs());
  king.moves = "one step any way; castles two squares toward a Rook";

  v->forward_rotation = {0, 4, 0};
  v->start_position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  v->check = {kKing, true, false};
  v->chess_fields = true;
  v->goal_text = "Checkmate the enemy King. Stalemate is a draw.";
  v->promotion.choices[kPawn] = {kQueen, kRook, kBishop, kKnight};
  v->classes.pawn_like[kPawn] = true;
  v->finalize();
  for (Colour c : {kWhite, kBlack}) {
    v->promotion.zone[c].assign(v->geometry.size(), false);
    for (int f = 0; f < 8; ++f) v->promotion.zone[c][v->geometry.at(f, c == kWhite ? 7 : 0)] = true;
  }
  v->rules = std::make_shared<ChessRules>(v->geometry);
  return v;
}

}  // namespace fable
