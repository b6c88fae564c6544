#include "variants/wizard.h"

#include <array>
#include <string>

#include "basic_rules.h"
#include "movegen.h"
#include "position.h"
#include "royal_guard.h"
#include "variants/fields.h"

namespace fable {

namespace {

enum WizardType : uint8_t {
  kWarrior = 1,
  kGiant,
  kHero,
  kArcher,
  kChariot,
  kDragon,
  kWizard,
};

// Action flags: the mover's choice when a promotion would happen.
constexpr uint8_t kQuestFlag = 1;      // '=': go on a resurrection quest
constexpr uint8_t kResurrectFlag = 2;  // 'd': become a Dragon at once

// State::extra slots.
constexpr int kTeleportRights = 0;  // bit 0 White, bit 1 Black
constexpr int kWhiteResurrections = 1;
constexpr int kBlackResurrections = 2;
constexpr int kReturnPending = 3;  // the side to move has a Warrior to place

// Phase: 0 at a turn start; kAfterPlacement once the returning Warrior
// stands on its square and the turn's move is still to come.
constexpr uint8_t kAfterPlacement = 1;

constexpr int kDragonsPerSide = 2;

class WizardRules final : public BasicRules {
 public:
  explicit WizardRules(const Geometry& g) : geometry_(g) {
    const char* white[] = {"a2", "c2", "d2", "e2", "g2", "d3"};
    const char* black[] = {"a11", "c11", "d11", "e11", "g11", "d10"};
    for (const char* s : white) warrior_start_[kWhite].push_back(g.parse(s));
    for (const char* s : black) warrior_start_[kBlack].push_back(g.parse(s));
  }

  Decision decision(const Position& pos) const override {
    if (pos.phase() == 0 && pos.extra(kReturnPending) && placements(pos).qualifying > 0)
      return {actor_of(pos.side()), DecisionKind::kChoice};
    return {actor_of(pos.side()), DecisionKind::kMove};
  }

  bool actions_end_turn(const Position& pos) const override {
    return decision(pos).kind == DecisionKind::kMove;
  }

  void generate(Position& pos, ActionList& out) const override {
    if (pos.phase() == 0 && pos.extra(kReturnPending)) {
      const Placements p = placements(pos);
      if (p.qualifying > 0) {
        // The placement is compulsory: squares after which no move exists
        // are not legal turns, and with none left the player has no turn.
        for (Square s : p.legal) out.push({kNoSquare, s, ActionType::kDrop, kWarrior, 0, 0});
        return;
      }
      // No square for the Warrior: it is gone, and the turn is a move.
    }
    generate_moves(pos, out);
  }

  void apply(Position& pos, const Action& a) const override {
    const Colour us = pos.side(), them = opposite(us);
    if (a.type == ActionType::kDrop) {
      pos.set_piece(a.to, make_piece(us, kWarrior));
      pos.set_extra(kReturnPending, 0);
      pos.set_phase(kAfterPlacement);
      return;
    }
    bool irreversible = false;
    bool enemy_warrior_returns = false;
    auto capture = [&](Square s) {
      const Piece victim = pos.at(s);
      if (!victim) return;
      irreversible = true;
      if (type_of(victim) == kWarrior && in_territory(s, them)) enemy_warrior_returns = true;
    };
    switch (a.type) {
      case ActionType::kSwap: {
        const Piece wizard = pos.at(a.from), other = pos.at(a.to);
        pos.set_piece(a.from, other);
        pos.set_piece(a.to, wizard);
        pos.set_extra(kTeleportRights, uint8_t(pos.extra(kTeleportRights) & ~(1 << us)));
        break;
      }
      case ActionType::kShot:
        capture(a.to);
        pos.set_piece(a.to, kEmpty);
        break;
      default: {
        const Piece mover = pos.at(a.from);
        irreversible = type_of(mover) == kWarrior;
        capture(a.to);
        pos.set_piece(a.from, kEmpty);
        pos.set_piece(a.to, landed_piece(pos, a, mover));
        break;
      }
    }
    pos.set_phase(0);
    pos.set_halfmove(irreversible ? 0 : pos.halfmove() + 1);
    if (us == kWhite) pos.set_fullmove(pos.fullmove() + 1);
    pos.set_side(them);
    pos.set_extra(kReturnPending, enemy_warrior_returns ? 1 : 0);
  }

  Outcome outcome(Position& pos) const override {
    ActionList list;
    generate(pos, list);
    if (list.empty())
      return {win_for(opposite(pos.side())), in_check(pos) ? "checkmate" : "no legal move"};
    return immediate_outcome(pos);
  }

  bool in_check(const Position& pos) const override { return royal_in_check(pos, pos.side()); }

  void parse_fields(Position& pos, const std::vector<std::string_view>& fields) const override {
    if (fields.size() < 4)
      throw PositionError(
          "expected teleport rights, resurrections, 50-move counter and move number after the "
          "side to move (e.g. 'b Zz 00 0 1')");
    validate_board(pos);
    // Teleport rights.
    uint8_t rights = 0;
    if (fields[0] != "-") {
      for (char c : fields[0]) {
        const int bit = c == 'Z' ? 0 : c == 'z' ? 1 : -1;
        if (bit < 0 || (rights & (1 << bit)))
          throw PositionError("teleport rights must be 'Zz', 'Z', 'z' or '-', not '" +
                              std::string(fields[0]) + "'");
        rights = uint8_t(rights | (1 << bit));
      }
    }
    pos.set_extra(kTeleportRights, rights);
    // Resurrections used, White then Black.
    const std::string_view res = fields[1];
    if (res.size() != 2 || res[0] < '0' || res[0] > '2' || res[1] < '0' || res[1] > '2')
      throw PositionError("resurrections used must be two digits 0-2 (White, Black), not '" +
                          std::string(res) + "'");
    pos.set_extra(kWhiteResurrections, uint8_t(res[0] - '0'));
    pos.set_extra(kBlackResurrections, uint8_t(res[1] - '0'));
    pos.set_halfmove(parse_counter(fields[2], "50-move counter", 0));
    pos.set_fullmove(parse_counter(fields[3], "move number", 1));
    for (size_t i = 4; i < fields.size(); ++i) {
      const std::string_view f = fields[i];
      const std::string side_letter = pos.side() == kWhite ? "w" : "b";
      if (f == "return=w" || f == "return=b") {
        if (f.substr(7) != side_letter)
          throw PositionError("'" + std::string(f) +
                              "': only the side to move can have a Warrior waiting to return");
        pos.set_extra(kReturnPending, 1);
      } else if (f == "placed=1") {
        pos.set_phase(kAfterPlacement);
      } else {
        throw PositionError("unexpected field '" + std::string(f) + "'");
      }
    }
    if (pos.extra(kReturnPending) && pos.phase() == kAfterPlacement)
      throw PositionError("'return=' and 'placed=1' cannot both be set");
    if (royal_in_check(pos, opposite(pos.side())))
      throw PositionError("the side not to move is in check");
  }

  std::string format_fields(const Position& pos) const override {
    std::string rights;
    if (pos.extra(kTeleportRights) & 1) rights += 'Z';
    if (pos.extra(kTeleportRights) & 2) rights += 'z';
    std::string text = (rights.empty() ? "-" : rights) + ' ' +
                       char('0' + pos.extra(kWhiteResurrections)) +
                       char('0' + pos.extra(kBlackResurrections)) + ' ' +
                       std::to_string(pos.halfmove()) + ' ' + std::to_string(pos.fullmove());
    if (pos.extra(kReturnPending)) text += pos.side() == kWhite ? " return=w" : " return=b";
    if (pos.phase() == kAfterPlacement) text += " placed=1";
    return text;
  }

  std::string action_text(const Position& pos, const Action& a) const override {
    if (a.type != ActionType::kMove) return BasicRules::action_text(pos, a);
    // Promotion is automatic: no letter. Only the alternatives are marked.
    std::string text = geometry_.name(a.from) + geometry_.name(a.to);
    if (a.flag == kQuestFlag) text += '=';
    if (a.flag == kResurrectFlag) text += 'd';
    return text;
  }

 private:
  bool in_territory(Square s, Colour c) const {
    const int rank = geometry_.rank(s);
    return c == kWhite ? rank < 6 : rank >= 6;
  }
  bool in_enemy_camp(Square s, Colour c) const {
    const int rank = geometry_.rank(s);
    return c == kWhite ? rank >= 9 : rank <= 2;
  }
  bool on_enemy_last_rank(Square s, Colour c) const {
    return geometry_.rank(s) == (c == kWhite ? 11 : 0);
  }

  // Dead Dragons of `c` that were never resurrected (RULES.md §5):
  // 2 - own Dragons on the board without '~' - resurrections used.
  int dead_dragons(const Position& pos, Colour c) const {
    int original_alive = 0;
    pos.for_each_piece(c, [&](Square s) {
      const Piece p = pos.at(s);
      if (type_of(p) == kDragon && marker_of(p) != kPromoted) ++original_alive;
    });
    const int used = pos.extra(c == kWhite ? kWhiteResurrections : kBlackResurrections);
    return kDragonsPerSide - original_alive - used;
  }

  // What stands on the target square after an ordinary move.
  Piece landed_piece(Position& pos, const Action& a, Piece mover) const {
    const Colour us = colour_of(mover);
    const int used_slot = us == kWhite ? kWhiteResurrections : kBlackResurrections;
    const Piece dragon = make_piece(us, kDragon, kPromoted);
    if (a.promotion) return make_piece(us, a.promotion, kPromoted);
    if (a.flag == kQuestFlag) return with_marker(mover, kQuest);
    if (a.flag == kResurrectFlag ||
        (marker_of(mover) == kQuest && on_enemy_last_rank(a.to, us) && dead_dragons(pos, us) > 0)) {
      pos.set_extra(used_slot, uint8_t(pos.extra(used_slot) + 1));
      return dragon;
    }
    return mover;
  }

  // Vacant Warrior start squares that do not check the enemy Wizard
  // (`qualifying`), and those among them followed by a legal move.
  struct Placements {
    int qualifying = 0;
    std::vector<Square> legal;
  };
  Placements placements(const Position& cpos) const {
    Position& pos = const_cast<Position&>(cpos);  // probed and restored
    const Colour us = pos.side(), them = opposite(us);
    Placements out;
    for (Square s : warrior_start_[us]) {
      if (pos.at(s)) continue;
      pos.apply({kNoSquare, s, ActionType::kDrop, kWarrior, 0, 0});
      const Square enemy_wizard = pos.royal(them);
      if (enemy_wizard == kNoSquare || !is_attacked(pos, enemy_wizard, us)) {
        ++out.qualifying;
        ActionList moves;
        generate_moves(pos, moves);
        if (!moves.empty()) out.legal.push_back(s);
      }
      pos.undo();
    }
    return out;
  }

  void generate_moves(Position& pos, ActionList& out) const {
    const Colour us = pos.side();
    generate_piece_moves(pos, us, out);
    add_long_warrior_moves(pos, out);
    const bool can_teleport = (pos.extra(kTeleportRights) >> us) & 1;
    if (can_teleport && !royal_in_check(pos, us)) {
      const Square wizard = pos.royal(us);
      pos.for_each_piece(us, [&](Square s) {
        if (s != wizard) out.push({wizard, s, ActionType::kSwap, 0, 0, 0});
      });
    }
    filter_royal_safety(pos, out);
    add_promotion_choices(pos, out);
  }

  // From a start square: two or three diagonal-forward steps over empty
  // squares, each step free to turn; each destination once.
  void add_long_warrior_moves(const Position& pos, ActionList& out) const {
    const Colour us = pos.side();
    const Piece warrior = make_piece(us, kWarrior);
    const Dir left = us == kWhite ? NW : SE, right = us == kWhite ? NE : SW;
    for (Square from : warrior_start_[us]) {
      if (kind_of(pos.at(from)) != warrior) continue;
      std::array<Square, 16> seen;
      int count = 0;
      auto walk = [&](auto&& self, Square s, int steps) -> void {
        for (Dir d : {left, right}) {
          const Square next = geometry_.neighbour(s, d);
          if (next == kNoSquare || pos.at(next)) continue;
          if (steps + 1 >= 2) {
            bool dup = false;
            for (int i = 0; i < count; ++i) dup = dup || seen[i] == next;
            if (!dup) {
              seen[count++] = next;
              out.push({from, next, ActionType::kMove, 0, 0, 0});
            }
          }
          if (steps + 1 < 3) self(self, next, steps + 1);
        }
      };
      walk(walk, from, 0);
    }
  }

  // An ordinary move of an unpromoted Warrior, Hero or Giant that ends in
  // the enemy camp promotes; with a dead Dragon available the mover may
  // instead quest ('=') or, on the last rank, resurrect at once ('d').
  void add_promotion_choices(const Position& pos, ActionList& list) const {
    const Colour us = pos.side();
    int dragons = -1;  // computed on first need
    const size_t n = list.size();
    for (size_t i = 0; i < n; ++i) {
      Action& a = list[i];
      if (a.type != ActionType::kMove || !in_enemy_camp(a.to, us)) continue;
      const Piece mover = pos.at(a.from);
      if (marker_of(mover) != kNoMarker) continue;
      const int type = type_of(mover);
      if (type != kWarrior && type != kHero && type != kGiant) continue;
      a.promotion = uint8_t(type == kWarrior ? kHero : type == kHero ? kGiant : kChariot);
      if (dragons < 0) dragons = dead_dragons(pos, us);
      if (dragons <= 0) continue;
      Action alternative = a;
      alternative.promotion = 0;
      alternative.flag = on_enemy_last_rank(a.to, us) ? kResurrectFlag : kQuestFlag;
      list.push(alternative);
    }
  }

  void validate_board(const Position& pos) const {
    for (Colour c : {kWhite, kBlack}) {
      const char* name = c == kWhite ? "White" : "Black";
      if (pos.count(make_piece(c, kWizard)) != 1)
        throw PositionError(std::string(name) + " must have exactly one Wizard");
      if (pos.count(make_piece(c, kDragon)) > kDragonsPerSide)
        throw PositionError(std::string(name) + " has more than two Dragons");
    }
    const Geometry& g = geometry_;
    for (Square s = 0; s < g.size(); ++s) {
      const Piece p = pos.at(s);
      if (!p) continue;
      const int t = type_of(p);
      const Marker m = marker_of(p);
      if (m == kPromoted && !(t == kHero || t == kGiant || t == kChariot || t == kDragon))
        throw PositionError("'~' on " + g.name(s) +
                            ": only a promoted Hero, Giant or Chariot or a resurrected Dragon "
                            "carries it");
      if (m == kQuest && !(t == kWarrior || t == kHero || t == kGiant))
        throw PositionError("'^' on " + g.name(s) +
                            ": only a Warrior, Hero or Giant can be on a quest");
    }
  }

  const Geometry geometry_;  // a copy: rules outlive any one Variant value
  std::array<std::vector<Square>, 2> warrior_start_;
};

}  // namespace

const VariantInfo& wizard_info() {
  static const VariantInfo info{"wizard", "Wizard Chess", {}};
  return info;
}

std::shared_ptr<Variant> make_wizard() {
  auto v = std::make_shared<Variant>();
  v->name = "wizard";
  v->geometry = Geometry::rectangle(7, 12);
  using namespace atoms;
  v->types.resize(8);

  PieceType& warrior = v->types[kWarrior];
  warrior = {'W', "Warrior", {}, 100};
  add_steps(warrior, {NE, NW}, kMoveOnly);
  add_steps(warrior, {N}, kCaptureOnly);
  warrior.moves =
      "one step diagonally forward (two or three from its start squares), takes one step "
      "straight forward; comes back when taken at home";
  warrior.looks_like = Look::kFerz;  // no Betza: turning multi-steps, captured Warriors return

  PieceType& giant = v->types[kGiant];
  giant = {'G', "Giant", {}, 400};
  add_steps(giant, all_dirs());
  for (Dir d : diagonal_dirs()) add_leap(giant, {d, d}, kMoveOrCapture, /*lame=*/true);
  giant.moves = "one step any way, or two diagonally over an empty square";
  giant.looks_like = Look::kCommoner;
  giant.betza = "KnA";

  PieceType& hero = v->types[kHero];
  hero = {'H', "Hero", {}, 250};
  add_steps(hero, diagonal_dirs(), kMoveOnly);
  add_steps(hero, orthogonal_dirs(), kCaptureOnly);
  hero.moves = "one step diagonally to an empty square, takes one step straight";
  hero.looks_like = Look::kWazir;
  hero.betza = "mFcW";

  PieceType& archer = v->types[kArcher];
  archer = {'A', "Archer", {}, 350};
  add_steps(archer, orthogonal_dirs(), kMoveOnly);
  for (Dir d : orthogonal_dirs()) add_leap(archer, {d, d}, kMoveOnly, /*lame=*/true);
  for (Dir d : diagonal_dirs())
    add_leap(archer, {d, d}, kCaptureOnly, /*lame=*/false, /*stationary=*/true);
  archer.moves =
      "one or two squares straight to an empty square; shoots an enemy two squares away "
      "diagonally without moving";
  archer.looks_like = Look::kLance;  // no Betza: a shot without moving

  PieceType& chariot = v->types[kChariot];
  chariot = {'C', "Chariot", {}, 500};
  add_slides(chariot, orthogonal_dirs());
  chariot.moves = "any distance along a rank or file";
  chariot.looks_like = Look::kRook;
  chariot.betza = "R";

  PieceType& dragon = v->types[kDragon];
  dragon = {'D', "Dragon", {}, 700};
  add_slides(dragon, all_dirs(), kMoveOnly);
  add_hops(dragon, all_dirs(), kCaptureOnly);
  dragon.moves =
      "moves like a queen over empty squares; takes only by jumping one piece on a line "
      "(a cannon)";
  dragon.looks_like = Look::kCannon;
  dragon.betza = "mQpcQ";

  PieceType& wizard = v->types[kWizard];
  wizard = {'Z', "Wizard", {}, 0};
  add_steps(wizard, all_dirs());
  wizard.moves = "one step any way; once per game swaps places with a friendly piece";
  // No Betza: the teleport is a swap. Not the King's picture: a GUI turns
  // a King's two-square move into castling.
  wizard.looks_like = Look::kCrownedQueen;

  for (auto& t : v->types) t.markable = true;
  v->gui_order = {kWizard, kDragon, kChariot, kArcher, kGiant, kHero, kWarrior};
  v->forward_rotation = {0, 4, 0};
  v->start_position = "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zz 00 0 1";
  v->check = {kWizard, /*royal_safety=*/true, /*confrontation=*/true};
  v->goal_text =
      "Checkmate the enemy Wizard; a side with no legal move loses. The two Wizards may never "
      "face each other on an open line. Black moves first.";
  v->goal = Goal::kCheckmate;
  v->turns.multi_action = true;  // a returning Warrior's placement, then the move
  v->classes.pawn_like[kWarrior] = true;
  // Games last about 190 moves a side (the median of 383 actions in
  // self-play at 2 s + 0.02 s): planning for a fiftieth of the clock
  // instead of a thirtieth gained +31 +- 23 Elo at equal time (README,
  // "Strength: accepted changes").
  v->moves_to_go = 50;
  v->finalize();
  v->rules = std::make_shared<WizardRules>(v->geometry);
  return v;
}

}  // namespace fable
