// Every tunable number of the evaluation, named, in one place. How each
// is used, and the tables they produce per variant: EVALUATION.md.
#pragma once

#include <array>

#include "types.h"

namespace fable::eval {

struct Weights {
  // --- Piece values from mobility (piece_values.cpp) ---------------------
  // Chance, in percent, that any other square is occupied when a piece's
  // expected mobility is measured on the empty geometry: a slide's k-th
  // square counts (1 - p)^(k-1), so long slides count less than their
  // length. 35 makes the chess bishop and knight nearly equal.
  int occupancy_percent = 35;
  // The map from expected mobility m to value: v = scale * (m^gamma + base),
  // with scale set so the variant's pawn-like piece is worth pawn_value.
  // gamma > 1 because a piece that reaches many squares also combines
  // threats; base is what any piece is worth as a blocker and defender.
  // Both were set once so that standard chess gives the classical scale
  // (pawn 100, knight ~320, bishop ~330, rook ~500, queen ~900); every
  // other variant uses them unchanged. gamma in thousandths, base in
  // hundredths of a (target)^gamma.
  int value_gamma_milli = 1300;
  int value_base_centi = 196;
  // What a pawn-like piece is worth: the scale's anchor. A variant
  // without one anchors a piece of expected mobility 1 at this value.
  int pawn_value = 100;

  // --- Square tables (square_tables.cpp) ----------------------------------
  // Centrality: centipawns per expected target square above (or below)
  // the piece type's average over the board, at the same occupancy.
  int centre_per_target = 5;
  // Each step a pawn-like piece has advanced (its ray backward).
  int advance_per_step = 4;
  // Promotion: a promoting piece d moves (on the empty board) from its
  // zone, with D its largest such distance, gains
  // promotion_percent% x (best promotion value - own value) x ((D-d)/D)^2.
  int promotion_percent = 15;
  // Reaching a goal square (Fairy Tale's damsel to h1): a bonus of
  // goal_reach / 2^d for a goal piece d moves from the square.
  int goal_reach = 900;
  // A passed pawn-like piece (passed_pawns.h: no pawn-like piece can
  // block or take it on its way to the zone) gains passed_base plus
  // passed_percent% x (best promotion value - own value) x ((D-d)/D)^3,
  // on top of the promotion term every such piece gets: only pieces can
  // stop it now, and the last steps count most (cubed, so that a passer
  // far from its zone, often lost in the middlegame, counts little).
  // 0 here: in chess 10 + 30% (squared) and 0 + 40% (cubed) both lost
  // games against the engine without the term (README, "Strength"); the
  // tuner fits them where a variant's pawns can be passed.
  int passed_base = 0;
  int passed_percent = 0;

  // --- The pawn-like pieces' formation (pawn_structure.cpp) -----------------
  // Per pawn-like piece one king step from its own royal: a shelter the
  // enemy must break first. Per pawn-like piece beyond the first of a side
  // on a file (doubled: one blocks the other, and neither defends it), and
  // per one with none of its side on either neighbouring file (isolated:
  // no pawn can defend it), a penalty. 0 here; the tuner fits them where a
  // variant has pawn-like pieces on files (eval/tuned/).
  int royal_shelter = 0;
  int doubled_pawn = 0;
  int isolated_pawn = 0;

  // --- Placement by rank and file (square_tables.cpp) -----------------------
  // Per piece type, a bonus by the rank it stands on counted from its own
  // side (0: its first rank; forward is the way its pawns move) and by
  // its files from the nearer side edge (0: on the edge), added to the
  // square tables: what the parts derived from the geometry cannot say (a
  // chess King belongs behind its pawns, a flank pawn's advance is worth
  // less than a central one's). 0 here; the tuner fits them per variant
  // (eval/tuned/).
  static constexpr int kPlacementLines = 12;
  std::array<std::array<int, kPlacementLines>, kMaxPieceTypes> rank_bonus{};
  std::array<std::array<int, kPlacementLines>, kMaxPieceTypes> file_bonus{};

  // --- Colour-bound pieces (bound_pair.cpp) ---------------------------------
  // Per colour-bound type (the chess Bishop) a side holds on two classes
  // of squares or more: together they reach the whole board. 0 here; the
  // tuner fits it where a variant has such a type (eval/tuned/).
  int bound_pair = 0;

  // --- Threats (evaluator.cpp) ----------------------------------------------
  // Per enemy piece that one of a side's pieces could take now and that
  // is worth more than the taker by half a pawn or more (a Pawn on a
  // Knight, a Bishop on a Rook): threat_now where the threatening side is
  // to move (it may take at once; the captures past the horizon see it
  // too), threat_later where the threatened side is to move (it must
  // spend its move saving the piece, and the search standing pat past
  // the horizon would not see that it may not). 0 here; the tuner fits
  // them per variant (eval/tuned/).
  int threat_now = 0;
  int threat_later = 0;

  // --- Mobility (evaluator.cpp) ---------------------------------------------
  // Per extra reachable square, a share of the value map's slope at the
  // type's average mobility (so a queen's extra square is worth more than
  // a pawn's), in percent.
  int mobility_percent = 12;
  // Per piece type, percentage points added to mobility_percent (the sum
  // never below 0): an extra square may be worth a larger share of the
  // slope to a Knight than to a Queen, which has many. 0 unless tuned.
  std::array<int, kMaxPieceTypes> mobility_adjust{};

  // --- The royal or essential piece -------------------------------------------
  // Pressure on the royal: every enemy piece counted by the mobility term
  // adds 3, 2 or 1 when it stands one, two or three king steps away; a
  // pressure h costs royal_pressure * h^2 / 16, at most royal_zone_cap.
  int royal_pressure = 3;
  int royal_zone_cap = 300;
  // The royal stands attacked and its side is to move (check).
  int royal_attacked_to_move = 30;
  // The royal's centrality as the board empties: per square of its own
  // expected mobility there against its average (what centre_per_target
  // pays the other pieces), this much times the share of the start's
  // non-pawn material that has left the board. While the pieces are on,
  // the royal wants shelter (royal_pressure, royal_shelter); once they
  // are gone, the centre. 0 here; the tuner fits it where a variant has a
  // royal piece (eval/tuned/).
  int royal_centre_endgame = 0;

  // --- As the board empties (evaluator.cpp) ---------------------------------
  // Per piece type, centipawns added to its value, and by the rank it
  // stands on (counted as rank_bonus counts it), times the same share of
  // the start's non-pawn material gone: what a piece is worth and where it
  // belongs change as the pieces leave (a chess Pawn nears promotion with
  // fewer pieces to stop it; a Rook gains on an open board). The royal's
  // rank counts too; its value does not. 0 here; the tuner fits them per
  // variant (eval/tuned/).
  std::array<int, kMaxPieceTypes> endgame_value{};
  std::array<std::array<int, kPlacementLines>, kMaxPieceTypes> endgame_rank_bonus{};
  // The royal stands attacked, its side is not to move and taking it wins
  // (Family Matters' King): the side to move is all but winning.
  int royal_en_prise = 1500;
  // An essential piece that must flee when threatened (Fairy Tale): it is
  // threatened and has no unthreatened square to go to. Its side loses at
  // its next move unless the card drawn first rescues it (Impersonator,
  // or Potion of Youth in hand: rare), so this is all but a lost game,
  // yet below the search's proven losses.
  int essential_trapped = 6000;
  // The same piece with no unthreatened square (one: half) while the
  // opponent can threaten it through any wall — a jumping rider on the
  // board, or the deck's Ally cards that bring one: a single threat then
  // loses the game.
  int essential_boxed_in = 120;
  // A jumping rider of the opponent could trap it: by a move (counted as
  // essential_trapped where the opponent moves before its owner, at this
  // percentage where the owner moves first and can make room), or by an
  // Ally card they may draw next (essential_trapped x that card's chance).
  int essential_trap_later_percent = 25;

  // A side down to its last heir (Family Matters: one Prince or Princess
  // left, whose capture loses the game) pays this: the piece can no
  // longer be traded and must be guarded like a second King. 0 here;
  // Family Matters' fitted weights set it (eval/tuned/familymatters.h,
  // proven by games: README, "Strength").
  int last_heir = 0;

  // --- A neutral piece that steps at random (Family Matters' crazy queen) ---
  // Each piece she could take by a step is lost with chance 1 / (her
  // steps): that share of its value (of royal_en_prise for a royal, whose
  // loss ends the game) counts against its side, in full where nobody
  // moves before her step (it is pending, or the side moving first is
  // the other one), at the later percentage where its owner moves first
  // and can take it away. 0 here: a fit to 3,000 self-play games gave
  // 146 and 106, and its weights did not beat the build without them
  // (README, "Strength"); the tuner weighs the term where a variant has it.
  int random_neutral_now_percent = 0;
  int random_neutral_later_percent = 0;

  // --- Fairy Tale's chance deck (cards.cpp) ---------------------------------
  // Spells in hand, per spell.
  int potion_of_youth_in_hand = 60;
  int remove_curse_in_hand = 80;
  int wish_in_hand = 250;
  // Effects without a material count: a lost move, an extra move, a jump.
  int poisoned_apple = 60;
  int helper_elves = 70;
  int borrowed_broomstick = 30;
  int impersonator = 20;
  int kidnapped = 30;
  // The deck's expected swing counts for the next drawer at this share
  // (percent): a card's effect is rough and the choosers play it well.
  int deck_swing_percent = 50;

  // --- The side to move -------------------------------------------------------
  int tempo = 10;

  // --- Per piece type, fitted to games (eval/tuned/) ---------------------------
  // Centipawns added to the type's derived value: what the mobility
  // formula misses about a piece in its own game. 0 unless tuned.
  std::array<int, kMaxPieceTypes> value_adjust{};
};

inline constexpr Weights kWeights{};

}  // namespace fable::eval
