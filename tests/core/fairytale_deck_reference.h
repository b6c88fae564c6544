// An independent Fairy Tale Chess turn counter WITH the chance deck,
// written straight from RULES.md section 4 and the Fairy Tale fine points
// of section 5. It extends fairytale_reference.h (the plain char[8][8]
// board, its move generation and its brute-force "threatened") and shares
// no code with the engine.
//
// A turn is enumerated as a tree of actions: the draw (one branch per
// distinct card name left; an empty deck is first refilled with every card
// not in a hand), the card's choices, Remove Curse (cancel or skip) when a
// Curse with a possible effect would affect its holder, the spell phase
// (skip, Potion of Youth, Wish's 24 options) and the move(s). Each complete
// branch is one turn.
//
// Readings followed (RULES.md plus the engine's documented decisions):
// * a card with no possible effect is ignored; a waiting effect whose flag
//   is already set has no possible effect;
// * a goal reached during the card phase (damsel on h1, White with only
//   the damsel, a huffpuff side without pieces) ends the turn there;
// * "no legal move" is judged at the move phase: a pass in damsel and
//   huffpuff, otherwise the game is over (the turn still counts once);
// * a Poisoned Apple turn is not a pass and resets the pass count;
// * captures by moves and by cards go to the captured piece's owner's pool;
// * card effects never promote; no option puts a Peasant on its owner's
//   last rank; the only maximum is 1 for the scenario's essential piece;
// * the 50-move counter returns to 0 after a turn with a capture (by a
//   move or a card) or a Peasant's move in the move phase; a card that
//   shifts a Peasant (Kidnapped, Potion of Youth) does not reset it.
// Like fairytale_reference.h it does not detect repetitions.
#pragma once

#include <climits>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "fairytale_reference.h"

namespace fable::fairytale_deck_reference {

using fairytale_reference::Board;
using fairytale_reference::Move;
using fairytale_reference::Scenario;

// --- the cards ----------------------------------------------------------------

enum Card {
  kAllyBishop,
  kAllyCastle,
  kAllyDragon,
  kAllyFairy,
  kAllyKing,
  kAllyKnight,
  kAllyPeasant,
  kAllyPrince,
  kAllyPrincess,
  kAllyQueen,
  kAllyWitch,
  kAllyWolf,
  kBroomstick,
  kElves,
  kImpersonator,
  kSibling,
  kDecree,
  kKiss,
  kKidnapped,
  kReincarnation,
  kTipsy,
  kForestFire,
  kApple,
  kOven,
  kPorridge,
  kTransmogrification,
  kTurncoat,
  kPotion,
  kRemoveCurse,
  kWish,
  kCards
};

inline const char* card_name(int c) {
  static const char* names[kCards] = {
      "ally-bishop",         "ally-castle",        "ally-dragon",
      "ally-fairy",          "ally-king",          "ally-knight",
      "ally-peasant",        "ally-prince",        "ally-princess",
      "ally-queen",          "ally-witch",         "ally-wolf",
      "borrowed-broomstick", "helper-elves",       "impersonator",
      "long-lost-sibling",   "royal-decree",       "true-loves-kiss",
      "kidnapped",           "reincarnation",      "tipsy-fairy-godmother",
      "forest-fire",         "poisoned-apple",     "pushed-into-an-oven",
      "stolen-porridge",     "transmogrification", "turncoat",
      "potion-of-youth",     "remove-curse",       "wish"};
  return names[c];
}

// Copies in the full 36-card deck.
inline int copies(int c) {
  return c == kAllyDragon || c == kAllyFairy || c == kAllyPrince || c == kAllyPrincess ||
                 c == kAllyWitch || c == kAllyWolf
             ? 2
             : 1;
}

// The piece letter (upper case) an Ally card brings.
inline char ally_letter(int c) {
  static const char letters[12] = {'B', 'C', 'D', 'F', 'K', 'N', 'P', 'I', 'R', 'Q', 'W', 'L'};
  return letters[c];
}

const int kBlessings[6] = {kBroomstick, kElves, kImpersonator, kSibling, kDecree, kKiss};
const int kCurses[6] = {kForestFire, kApple, kOven, kPorridge, kTransmogrification, kTurncoat};

// Spells in a hand, and waiting / this-turn move effects.
enum Spell { kHandPotion, kHandRemoveCurse, kHandWish };
enum Flag { kFlagApple, kFlagBroom, kFlagElves };

const char kTypes[12] = {'B', 'C', 'D', 'F', 'I', 'K', 'L', 'N', 'P', 'Q', 'R', 'W'};
inline int type_index(char upper_letter) {
  for (int i = 0; i < 12; ++i)
    if (kTypes[i] == upper_letter) return i;
  std::abort();
}

// --- the state at a turn start -------------------------------------------------

struct State {
  Board b;
  int deck[kCards] = {};
  bool hand[2][3] = {};  // [0 White, 1 Black][Spell]
  int pool[2][12] = {};  // [side][type index]
  bool next[2][3] = {};  // waiting effects for that side's next turn
  bool over = false;     // the game ended inside the last turn (loss or stalemate)
};

inline int side_of(bool white) { return white ? 0 : 1; }
inline bool piece_of(char c, int side) {
  return c != '.' && fairytale_reference::is_white(c) == (side == 0);
}
inline char colored(char upper_letter, int side) {
  return side == 0 ? upper_letter : char(upper_letter - 'A' + 'a');
}
inline char recolor(char c) {
  return fairytale_reference::is_white(c) ? char(c - 'A' + 'a') : char(c - 'a' + 'A');
}

// --- reading the deck fields ----------------------------------------------------

inline int card_by_name(const std::string& name) {
  for (int c = 0; c < kCards; ++c)
    if (name == card_name(c)) return c;
  std::abort();
}

inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : s) {
    if (ch == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  out.push_back(cur);
  return out;
}

inline State parse(const std::string& text) {
  State s;
  s.b = fairytale_reference::parse(text);
  bool deck_given = false;
  std::istringstream in(text);
  std::string field;
  while (in >> field) {
    const size_t eq = field.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = field.substr(0, eq), value = field.substr(eq + 1);
    if (key == "deck") {
      deck_given = true;
      if (value == "-") continue;
      for (const std::string& item : split(value, ',')) {
        const size_t star = item.find('*');
        if (star == std::string::npos)
          s.deck[card_by_name(item)] += 1;
        else
          s.deck[card_by_name(item.substr(0, star))] += std::stoi(item.substr(star + 1));
      }
    } else if (key == "hands") {
      const auto sides = split(value, '/');
      for (int side = 0; side < 2; ++side) {
        if (sides[side] == "-") continue;
        for (const std::string& name : split(sides[side], ',')) {
          const int c = card_by_name(name);
          s.hand[side][c - kPotion] = true;
        }
      }
    } else if (key == "pools") {
      const auto sides = split(value, '/');
      for (int side = 0; side < 2; ++side) {
        if (sides[side] == "-") continue;
        for (char ch : sides[side]) ++s.pool[side][type_index(fairytale_reference::upper(ch))];
      }
    } else if (key == "next") {
      const auto sides = split(value, '/');
      for (int side = 0; side < 2; ++side) {
        if (sides[side] == "-") continue;
        for (const std::string& name : split(sides[side], ',')) {
          const int c = card_by_name(name);
          s.next[side][c == kApple        ? kFlagApple
                       : c == kBroomstick ? kFlagBroom
                                          : kFlagElves] = true;
        }
      }
    }
  }
  if (!deck_given) {
    for (int c = 0; c < kCards; ++c) s.deck[c] = copies(c);
    for (int side = 0; side < 2; ++side)
      for (int sp = 0; sp < 3; ++sp)
        if (s.hand[side][sp]) s.deck[kPotion + sp] = 0;
  }
  return s;
}

// --- scenario facts -------------------------------------------------------------

inline const char* start_board(Scenario sc) {
  switch (sc) {
    case fairytale_reference::kKingsMen:
      return "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC";
    case fairytale_reference::kDamsel:
      return "Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1";
    case fairytale_reference::kHuffPuff:
      return "1llllll1/8/8/8/8/8/3CC3/3CC3";
    default:
      return "widrfdiw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC";
  }
}

// The scenario's start diagram, for start squares.
inline const Board& start_diagram(Scenario sc) {
  static const Board diagrams[4] = {
      fairytale_reference::parse(std::string(start_board(Scenario(0))) + " w - - 0 1"),
      fairytale_reference::parse(std::string(start_board(Scenario(1))) + " w - - 0 1"),
      fairytale_reference::parse(std::string(start_board(Scenario(2))) + " w - - 0 1"),
      fairytale_reference::parse(std::string(start_board(Scenario(3))) + " w - - 0 1")};
  return diagrams[sc];
}

inline int count_on_board(const Board& b, char c) {
  int n = 0;
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) n += b.cell[r][f] == c;
  return n;
}

// Maximum of a coloured type: 1 for the scenario's essential piece, else none.
inline int maximum(const Board& b, char c) {
  return fairytale_reference::essential(b, c) ? 1 : INT_MAX;
}
inline bool below_max(const Board& b, char c) { return count_on_board(b, c) < maximum(b, c); }

inline bool non_essential_of(const Board& b, char c, int side) {
  return piece_of(c, side) && !fairytale_reference::essential(b, c);
}

inline int last_rank(int side) { return side == 0 ? 7 : 0; }

// A Peasant of `c`'s colour may not stand on that colour's last rank.
inline bool peasant_ok(char c, int r) {
  if (fairytale_reference::upper(c) != 'P') return true;
  return r != last_rank(side_of(fairytale_reference::is_white(c)));
}

// A castling right is lost once its King's or Castle's square is touched.
inline void touch(Board& b, int f, int r) {
  if (r == 0 && f == 4) b.castle[0] = b.castle[1] = false;
  if (r == 0 && f == 7) b.castle[0] = false;
  if (r == 0 && f == 0) b.castle[1] = false;
  if (r == 7 && f == 4) b.castle[2] = b.castle[3] = false;
  if (r == 7 && f == 7) b.castle[2] = false;
  if (r == 7 && f == 0) b.castle[3] = false;
}

// A goal reached: the damsel on h1, White with only the damsel, a huffpuff
// side without pieces.
inline bool goal_reached(const Board& b) {
  int white = 0, black = 0, white_princesses = 0;
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) {
      const char c = b.cell[r][f];
      if (c == '.') continue;
      if (fairytale_reference::is_white(c))
        ++white;
      else
        ++black;
      if (c == 'R') ++white_princesses;
    }
  if (b.scenario == fairytale_reference::kDamsel)
    return b.cell[0][7] == 'R' || white == white_princesses;
  if (b.scenario == fairytale_reference::kHuffPuff) return white == 0 || black == 0;
  return false;
}

inline bool over_before_turn(const State& s) {
  return s.over || goal_reached(s.b) || s.b.passes >= 2 || s.b.halfmove >= 100;
}

// --- one turn -------------------------------------------------------------------

// The state inside a turn.
struct InTurn {
  State s;
  bool flag[3] = {};          // move effects in force this turn
  bool irreversible = false;  // a capture or a Peasant move happened
};

class TurnCounter {
 public:
  using Next = std::function<uint64_t(InTurn&)>;

  explicit TurnCounter(int depth) : depth_(depth) {}

  // Every turn from `start`; with `only` >= 0, only those drawing that card.
  uint64_t turns(const State& start, int only = -1) {
    if (over_before_turn(start)) return 0;
    InTurn t;
    t.s = start;
    const int me = mover(t);
    for (int f = 0; f < 3; ++f) {
      t.flag[f] = t.s.next[me][f];
      t.s.next[me][f] = false;
    }
    bool empty = true;
    for (int c = 0; c < kCards; ++c) empty = empty && t.s.deck[c] == 0;
    if (empty) {
      for (int c = 0; c < kCards; ++c) t.s.deck[c] = copies(c);
      for (int side = 0; side < 2; ++side)
        for (int sp = 0; sp < 3; ++sp)
          if (t.s.hand[side][sp]) t.s.deck[kPotion + sp] = 0;
    }
    uint64_t n = 0;
    for (int c = 0; c < kCards; ++c) {
      if (t.s.deck[c] == 0 || (only >= 0 && c != only)) continue;
      InTurn d = t;
      --d.s.deck[c];
      n += resolve_drawn(d, c);
    }
    return n;
  }

 private:
  int depth_;

  static int mover(const InTurn& t) { return side_of(t.s.b.white_to_move); }

  // The turn is over (game over or not): count it, then what follows.
  uint64_t end_turn(InTurn& t, bool pass, bool moved_or_apple) {
    State n = t.s;
    if (pass)
      ++n.b.passes;
    else if (moved_or_apple)
      n.b.passes = 0;
    n.b.halfmove = t.irreversible ? 0 : n.b.halfmove + 1;
    n.b.white_to_move = !n.b.white_to_move;
    if (depth_ == 1) return 1;
    TurnCounter rest(depth_ - 1);
    return rest.turns(n);
  }

  uint64_t game_over(InTurn& t) {
    t.s.over = true;
    return end_turn(t, false, false);
  }

  // --- card phase --------------------------------------------------------------

  uint64_t resolve_drawn(InTurn& t, int c) {
    const int me = mover(t);
    Next after_card = [this](InTurn& x) { return spell_phase(x); };
    if (c <= kAllyWolf) return ally(t, c, after_card);
    if (c == kKidnapped) return kidnapped(t, after_card);
    if (c == kReincarnation) return reincarnation(t, after_card);
    if (c == kTipsy) {
      uint64_t n = 0;
      for (int k = 0; k < 6; ++k) {
        InTurn x = t;
        n += curse(x, kCurses[k], me, after_card);
      }
      for (int k = 0; k < 6; ++k) {
        InTurn x = t;
        n += blessing(x, kBlessings[k], 1 - me, after_card);
      }
      return n;
    }
    if (c >= kPotion) {
      t.s.hand[me][c - kPotion] = true;
      return after_card(t);
    }
    for (int k = 0; k < 6; ++k)
      if (kBlessings[k] == c) return blessing(t, c, me, after_card);
    return curse(t, c, me, after_card);
  }

  // After an effect: a goal reached ends the turn, else go on.
  uint64_t checked(InTurn& t, const Next& next) {
    if (goal_reached(t.s.b)) return end_turn(t, false, false);
    return next(t);
  }

  // Sums `next` over a list of resulting states, or goes on once unchanged
  // when the list is empty (no possible effect: ignored).
  uint64_t options(InTurn& t, std::vector<InTurn>& outs, const Next& next) {
    if (outs.empty()) return next(t);
    uint64_t n = 0;
    for (InTurn& o : outs) n += checked(o, next);
    return n;
  }

  void place(InTurn& t, char c, int f, int r) {
    t.s.b.cell[r][f] = c;
    touch(t.s.b, f, r);
  }

  void capture(InTurn& t, int f, int r) {
    const char c = t.s.b.cell[r][f];
    ++t.s.pool[side_of(fairytale_reference::is_white(c))]
              [type_index(fairytale_reference::upper(c))];
    t.s.b.cell[r][f] = '.';
    touch(t.s.b, f, r);
    t.irreversible = true;
  }

  uint64_t ally(InTurn& t, int c, const Next& next) {
    const int me = mover(t);
    const char piece = colored(ally_letter(c), me);
    std::vector<InTurn> outs;
    if (below_max(t.s.b, piece)) {
      const int r0 = me == 0 ? 0 : 6;
      for (int r = r0; r < r0 + 2; ++r)
        for (int f = 0; f < 8; ++f) {
          if (t.s.b.cell[r][f] != '.' || !peasant_ok(piece, r)) continue;
          InTurn x = t;
          place(x, piece, f, r);
          outs.push_back(x);
        }
    }
    return options(t, outs, next);
  }

  // Sets a move effect: this turn's if it affects the player to move, else
  // the affected player's next turn. Returns false when already set.
  static bool set_flag(InTurn& t, int flag, int side) {
    bool& f = side == mover(t) ? t.flag[flag] : t.s.next[side][flag];
    if (f) return false;
    f = true;
    return true;
  }

  // A Blessing affecting `side`, resolved with that side's choices.
  uint64_t blessing(InTurn& t, int c, int side, const Next& next) {
    std::vector<InTurn> outs;
    const Board& b = t.s.b;
    switch (c) {
      case kBroomstick:
      case kElves: {
        InTurn x = t;
        if (set_flag(x, c == kBroomstick ? kFlagBroom : kFlagElves, side)) outs.push_back(x);
        break;
      }
      case kImpersonator: {
        std::vector<std::pair<int, int>> mine;
        for (int r = 0; r < 8; ++r)
          for (int f = 0; f < 8; ++f)
            if (piece_of(b.cell[r][f], side)) mine.push_back({f, r});
        for (size_t i = 0; i < mine.size(); ++i)
          for (size_t j = i + 1; j < mine.size(); ++j) {
            const auto [f1, r1] = mine[i];
            const auto [f2, r2] = mine[j];
            const char a = b.cell[r1][f1], z = b.cell[r2][f2];
            if (!peasant_ok(a, r2) || !peasant_ok(z, r1)) continue;
            InTurn x = t;
            place(x, z, f1, r1);
            place(x, a, f2, r2);
            outs.push_back(x);
          }
        break;
      }
      case kSibling:
        for (int ti = 0; ti < 12; ++ti) {
          if (t.s.pool[side][ti] == 0) continue;
          const char piece = colored(kTypes[ti], side);
          if (!below_max(b, piece)) continue;
          for (int r = 0; r < 8; ++r)
            for (int f = 0; f < 8; ++f) {
              if (b.cell[r][f] != '.' || !peasant_ok(piece, r)) continue;
              bool next_to_mine = false;
              for (int d = 0; d < 8; ++d) {
                const int nf = f + fairytale_reference::kDF[d],
                          nr = r + fairytale_reference::kDR[d];
                if (fairytale_reference::on_board(nf, nr) && piece_of(b.cell[nr][nf], side))
                  next_to_mine = true;
              }
              if (!next_to_mine) continue;
              InTurn x = t;
              --x.s.pool[side][ti];
              place(x, piece, f, r);
              outs.push_back(x);
            }
        }
        break;
      case kDecree:
        for (int r = 0; r < 8; ++r)
          for (int f = 0; f < 8; ++f) {
            const char old = b.cell[r][f];
            if (!non_essential_of(b, old, side)) continue;
            for (int ti = 0; ti < 12; ++ti) {
              const char piece = colored(kTypes[ti], side);
              if (piece == old || fairytale_reference::essential(b, piece)) continue;
              if (!peasant_ok(piece, r) || !below_max(b, piece)) continue;
              InTurn x = t;
              place(x, piece, f, r);
              outs.push_back(x);
            }
          }
        break;
      case kKiss: {
        const Board& start = start_diagram(b.scenario);
        for (int ti = 0; ti < 12; ++ti) {
          if (t.s.pool[side][ti] == 0) continue;
          const char piece = colored(kTypes[ti], side);
          if (!below_max(b, piece)) continue;
          for (int r = 0; r < 8; ++r)
            for (int f = 0; f < 8; ++f) {
              if (start.cell[r][f] != piece || b.cell[r][f] != '.') continue;
              InTurn x = t;
              --x.s.pool[side][ti];
              place(x, piece, f, r);
              outs.push_back(x);
            }
        }
        break;
      }
      default:
        std::abort();
    }
    return options(t, outs, next);
  }

  // A Curse affecting `side`, resolved with the other side's choices;
  // its holder may cancel it with Remove Curse when it has an effect.
  uint64_t curse(InTurn& t, int c, int side, const Next& next) {
    std::vector<InTurn> outs;
    const Board& b = t.s.b;
    switch (c) {
      case kApple: {
        InTurn x = t;
        if (set_flag(x, kFlagApple, side)) outs.push_back(x);
        break;
      }
      case kForestFire:
        for (int r = 0; r < 8; ++r)
          for (int f = 0; f < 8; ++f) {
            if (!non_essential_of(b, b.cell[r][f], side)) continue;
            InTurn x = t;
            for (int ff = 0; ff < 8; ++ff) {
              const char v = x.s.b.cell[r][ff];
              if (v != '.' && !fairytale_reference::essential(b, v)) capture(x, ff, r);
            }
            outs.push_back(x);
          }
        break;
      case kOven:
      case kPorridge:
        for (int r = 0; r < 8; ++r)
          for (int f = 0; f < 8; ++f) {
            if (!non_essential_of(b, b.cell[r][f], side)) continue;
            InTurn x = t;
            capture(x, f, r);
            outs.push_back(x);
          }
        break;
      case kTransmogrification:
        for (int r = 0; r < 8; ++r)
          for (int f = 0; f < 8; ++f) {
            const char v = b.cell[r][f];
            if (!non_essential_of(b, v, side) || fairytale_reference::upper(v) == 'P') continue;
            const char peasant = colored('P', side);
            if (!peasant_ok(peasant, r)) continue;
            InTurn x = t;
            place(x, peasant, f, r);
            outs.push_back(x);
          }
        break;
      case kTurncoat:
        for (int r = 0; r < 8; ++r)
          for (int f = 0; f < 8; ++f) {
            const char v = b.cell[r][f];
            if (!non_essential_of(b, v, side)) continue;
            const char turned = recolor(v);
            if (!below_max(b, turned) || !peasant_ok(turned, r)) continue;
            InTurn x = t;
            place(x, turned, f, r);
            outs.push_back(x);
          }
        break;
      default:
        std::abort();
    }
    if (outs.empty()) return next(t);  // no possible effect: ignored, no Remove Curse
    uint64_t n = 0;
    if (t.s.hand[side][kHandRemoveCurse]) {
      InTurn x = t;
      x.s.hand[side][kHandRemoveCurse] = false;
      n += next(x);
    }
    for (InTurn& o : outs) n += checked(o, next);
    return n;
  }

  uint64_t kidnapped(InTurn& t, const Next& next) {
    const int me = mover(t);
    const Board& b = t.s.b;
    std::vector<InTurn> outs;
    for (int r = 0; r < 8; ++r)
      for (int f = 0; f < 8; ++f) {
        const char v = b.cell[r][f];
        if (!non_essential_of(b, v, me)) continue;
        for (int d = 0; d < 8; ++d) {
          const int tf = f + 3 * fairytale_reference::kDF[d],
                    tr = r + 3 * fairytale_reference::kDR[d];
          if (!fairytale_reference::on_board(tf, tr) || b.cell[tr][tf] != '.') continue;
          if (!peasant_ok(v, tr)) continue;
          InTurn x = t;
          x.s.b.cell[r][f] = '.';
          touch(x.s.b, f, r);
          place(x, v, tf, tr);
          outs.push_back(x);
        }
      }
    return options(t, outs, next);
  }

  uint64_t reincarnation(InTurn& t, const Next& next) {
    const int me = mover(t);
    const Board& b = t.s.b;
    std::vector<InTurn> outs;
    for (int r = 0; r < 8; ++r)
      for (int f = 0; f < 8; ++f) {
        const char old = b.cell[r][f];
        if (!non_essential_of(b, old, me)) continue;
        for (int ti = 0; ti < 12; ++ti) {
          if (t.s.pool[me][ti] == 0) continue;
          const char piece = colored(kTypes[ti], me);
          if (!peasant_ok(piece, r)) continue;
          Board without = b;
          without.cell[r][f] = '.';
          if (!below_max(without, piece)) continue;
          InTurn x = t;
          --x.s.pool[me][ti];
          ++x.s.pool[me][type_index(fairytale_reference::upper(old))];
          place(x, piece, f, r);
          outs.push_back(x);
        }
      }
    return options(t, outs, next);
  }

  // --- spell phase ---------------------------------------------------------------

  uint64_t spell_phase(InTurn& t) {
    const int me = mover(t);
    Next to_move = [this](InTurn& x) { return move_phase(x); };
    std::vector<InTurn> potions;
    if (t.s.hand[me][kHandPotion]) {
      const Board& b = t.s.b;
      const Board& start = start_diagram(b.scenario);
      for (int r = 0; r < 8; ++r)
        for (int f = 0; f < 8; ++f) {
          const char v = b.cell[r][f];
          if (v == '.') continue;
          for (int sr = 0; sr < 8; ++sr)
            for (int sf = 0; sf < 8; ++sf) {
              if (start.cell[sr][sf] != v || b.cell[sr][sf] != '.') continue;
              InTurn x = t;
              x.s.hand[me][kHandPotion] = false;
              x.s.b.cell[r][f] = '.';
              touch(x.s.b, f, r);
              place(x, v, sf, sr);
              potions.push_back(x);
            }
        }
    }
    const bool wish = t.s.hand[me][kHandWish];
    if (potions.empty() && !wish) return move_phase(t);
    uint64_t n = move_phase(t);  // skip
    for (InTurn& p : potions) n += checked(p, to_move);
    if (wish) {
      for (int target = 0; target < 2; ++target) {
        for (int k = 0; k < 6; ++k) {
          InTurn x = t;
          x.s.hand[me][kHandWish] = false;
          n += blessing(x, kBlessings[k], target, to_move);
        }
        for (int k = 0; k < 6; ++k) {
          InTurn x = t;
          x.s.hand[me][kHandWish] = false;
          n += curse(x, kCurses[k], target, to_move);
        }
      }
    }
    return n;
  }

  // --- move phase ----------------------------------------------------------------

  // Plays `m` for the player to move, who stays to move.
  static void play(InTurn& t, const Move& m) {
    const bool white = t.s.b.white_to_move;
    const char mover_piece = t.s.b.cell[m.fr][m.ff];
    if (!m.castle && t.s.b.cell[m.tr][m.tf] != '.') {
      const char v = t.s.b.cell[m.tr][m.tf];
      ++t.s.pool[side_of(fairytale_reference::is_white(v))]
                [type_index(fairytale_reference::upper(v))];
      t.irreversible = true;
    }
    if (fairytale_reference::upper(mover_piece) == 'P') t.irreversible = true;
    Board n = fairytale_reference::apply(t.s.b, m);
    n.white_to_move = white;
    n.passes = t.s.b.passes;
    n.halfmove = t.s.b.halfmove;
    t.s.b = n;
  }

  uint64_t move_phase(InTurn& t) {
    if (t.flag[kFlagApple]) return end_turn(t, false, true);
    const std::vector<Move> first = fairytale_reference::legal_moves(t.s.b, t.flag[kFlagBroom]);
    if (first.empty() || first[0].pass) {
      if (fairytale_reference::check_rules(t.s.b)) return game_over(t);
      return end_turn(t, true, false);
    }
    return count_moves(t, first);
  }

  // The move(s), once at least one move exists.
  uint64_t count_moves(InTurn& t, const std::vector<Move>& first) {
    // The last turn counted: one per move when each move ends the turn.
    if (depth_ == 1 && !t.flag[kFlagElves]) return first.size();
    uint64_t n = 0;
    for (const Move& m : first) {
      InTurn x = t;
      play(x, m);
      if (!t.flag[kFlagElves] || goal_reached(x.s.b)) {
        n += end_turn(x, false, true);
        continue;
      }
      // Helper Elves: a second move by another piece.
      int moved_f[2] = {m.tf, -1}, moved_r[2] = {m.tr, -1};
      if (m.castle) {
        moved_f[1] = m.tf == 6 ? 5 : 3;
        moved_r[1] = m.tr;
      }
      std::vector<Move> second;
      for (const Move& m2 : fairytale_reference::legal_moves(x.s.b)) {
        if (m2.pass) continue;
        if ((m2.ff == moved_f[0] && m2.fr == moved_r[0]) ||
            (m2.ff == moved_f[1] && m2.fr == moved_r[1]))
          continue;
        second.push_back(m2);
      }
      if (second.empty()) {
        n += end_turn(x, false, true);
        continue;
      }
      if (depth_ == 1) {
        n += second.size();
        continue;
      }
      for (const Move& m2 : second) {
        InTurn y = x;
        play(y, m2);
        n += end_turn(y, false, true);
      }
    }
    return n;
  }
};

inline uint64_t perft(const State& s, int depth) {
  if (depth == 0) return 1;
  TurnCounter counter(depth);
  return counter.turns(s);
}

// perft split by the card drawn first, one line per card name that can be
// drawn, in the engine's card order.
inline std::vector<std::pair<std::string, uint64_t>> divide(const State& s, int depth) {
  std::vector<std::pair<std::string, uint64_t>> out;
  bool empty = true;
  for (int c = 0; c < kCards; ++c) empty = empty && s.deck[c] == 0;
  for (int c = 0; c < kCards; ++c) {
    const bool in_hand = c >= kPotion && (s.hand[0][c - kPotion] || s.hand[1][c - kPotion]);
    if (empty ? in_hand : s.deck[c] == 0) continue;
    TurnCounter counter(depth);
    out.push_back({card_name(c), counter.turns(s, c)});
  }
  return out;
}

}  // namespace fable::fairytale_deck_reference
