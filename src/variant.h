// One variant value: geometry, piece table, start position and small
// groups of rule fields, plus the variant's procedural rules (`Rules`) and
// its text for people (`Describer`).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "describer.h"
#include "geometry.h"
#include "move_tables.h"
#include "piece_type.h"

namespace fable {

class Rules;

// Which piece is royal and what attacking it means.
struct CheckRule {
  int royal_type = 0;          // 0: no royal piece
  bool royal_safety = false;   // a move may not leave the own royal attacked
  bool confrontation = false;  // royals facing on an open line is check
  // Black's royal type where it differs from White's (Fairy Tale's Magic
  // vs Might: White's King, Black's Fairy); 0 = the same as royal_type.
  int black_royal_type = 0;

  int royal_type_of(Colour c) const {
    return c == kBlack && black_royal_type ? black_royal_type : royal_type;
  }
};

// Promotion by landing in a zone.
struct PromotionRule {
  // For each type, the types it may become (empty: never promotes).
  std::array<std::vector<uint8_t>, kMaxPieceTypes> choices{};
  // zone[colour][square]: landing there promotes.
  std::array<std::vector<bool>, 2> zone{};
};

// How the game ends besides the variant's own goal.
struct DrawRule {
  int fifty_move_turns = 100;  // turns without capture or pawn-like move
  int repetitions = 3;         // occurrences of the full state
};

// How turns are built.
struct TurnRule {
  bool chance = false;           // some decisions belong to chance
  bool multi_action = false;     // a turn may hold several actions
  bool pass_when_stuck = false;  // no legal move means passing, not losing
  // The chance is Fairy Tale's card deck, its state kept in State::extra
  // as variants/fairytale_deck.h lays it out (the evaluation reads it).
  bool card_deck = false;
  // A neutral piece that chance steps at random after every move of this
  // side (Family Matters' crazy queen, after Black's); kNeutral: none.
  Colour random_neutral_after = kNeutral;
};

// What a side is trying to do.
enum class Goal : uint8_t {
  kCheckmate,     // attack the royal so that it cannot escape
  kCaptureRoyal,  // take the royal (no check rule)
  kEssential,     // keep the essential piece safe (Fairy Tale)
  kExtinction,    // capture every enemy piece
  kReachSquare,   // bring a piece to a square
};

// Goal::kReachSquare: the piece that wins by standing on a square.
struct ReachGoal {
  Colour colour = kWhite;
  int type = 0;  // 0: none
  Square square = kNoSquare;
};

// Which types count as "pawn-like" (reset the 50-move counter) etc.
struct PieceClasses {
  std::array<bool, kMaxPieceTypes> pawn_like{};
};

// The moves a clock that does not say how many are left is shared over,
// unless a variant measured better (chess engines' usual 30).
constexpr int kDefaultMovesToGo = 30;

struct Variant {
  std::string name;     // "normal", "wizard", ...
  std::string options;  // canonical comma-separated option list, may be empty
  Geometry geometry = Geometry::rectangle(8, 8);
  std::vector<PieceType> types;                  // index 0 unused
  std::array<int, 3> forward_rotation{0, 4, 0};  // eighths, per colour
  std::string start_position;
  CheckRule check;
  Goal goal = Goal::kCheckmate;
  TurnRule turns;
  PromotionRule promotion;
  DrawRule draw;
  PieceClasses classes;
  MoveTables tables;
  // capture_allowed[attacker kind][victim kind]: variant bans (neutral or
  // uncapturable pieces) folded into one lookup.
  std::array<std::array<bool, MoveTables::kKinds>, MoveTables::kKinds> capture_allowed{};
  std::shared_ptr<const Rules> rules;
  // For people: what each side plays for, in a sentence or two.
  std::string goal_text;
  // For people: what a position says beyond its board. Never null.
  std::shared_ptr<const Describer> describer = plain_describer();
  // With goal == kReachSquare: who wins where.
  ReachGoal reach;
  // A side with no piece of any of these types has lost (Family Matters'
  // Prince and Princess, the heirs); empty: no such rule.
  std::vector<uint8_t> heir_types;
  // The position string's fields after the side to move begin with
  // chess's four (castling rights, en passant, 50-move counter, move
  // number) and castling is the King's two-square move: a chess GUI may
  // be given those fields as they are.
  bool chess_fields = false;
  // The order in which a GUI is told about the pieces (type indices;
  // empty: type order). Kept stable: a GUI's transcript depends on it.
  std::vector<uint8_t> gui_order;
  // For clocks that do not say how many moves are left: a move plans for
  // the clock over this many. A variant whose games are short sets fewer
  // where a match at equal time found it stronger (README, "Strength:
  // accepted changes").
  int moves_to_go = kDefaultMovesToGo;
  // Razoring within this many turns of the horizon (0 = none; search.cpp,
  // razor_cut). None yet: in chess 3 turns won at equal time while they
  // missed short mates by quiet moves, and gained nothing (H0) once they
  // searched the quiet checks too (README, "Strength: accepted changes").
  int razor_depth = 0;

  // Letter of a piece ('P', 'n', 'O' for a neutral piece), no marker.
  char letter(Piece p) const;
  // Type index of a letter (either case), 0 if unknown.
  int type_by_letter(char c) const;
  int value(Piece p) const { return types[type_of(p)].value; }

  // Fills tables and the default capture rule: any colour captures the
  // other colour; nobody captures a neutral piece. Call after the tables'
  // inputs are set.
  void finalize();
};

// The variants Fable plays, by name, with options ("bigfamily,oldqueen").
// Throws std::invalid_argument with a readable message for an unknown name
// or option.
std::shared_ptr<const Variant> make_variant(std::string_view name, std::string_view options = {});
// Names of all variants, for --help and the protocol's variant list.
std::vector<std::string> variant_names();

}  // namespace fable
