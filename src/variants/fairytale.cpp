#include "variants/fairytale.h"

#include <array>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "movegen.h"
#include "rules.h"
#include "variants/castling.h"
#include "variants/fields.h"

namespace fable {

namespace {

enum FairyType : uint8_t {
  kBishop = 1,
  kCastle,
  kDragon,
  kFairy,
  kKing,
  kKnight,
  kPeasant,
  kPrince,
  kPrincess,
  kQueen,
  kWitch,
  kWolf,
  kTypeEnd,  // one past the last type
};

enum class Scenario : uint8_t { kKingsMen, kDamsel, kHuffPuff, kMagicMight };
constexpr int kScenarios = 4;

// What a story card fixes. An essential type is also the scenario's only
// maximum: exactly one piece of it, never captured.
struct ScenarioCard {
  const char* name;
  const char* board;                 // the start diagram; White moves first
  const char* castling;              // castling rights at the start
  uint8_t castling_allowed;          // castling right bits that can exist at all
  std::array<uint8_t, 2> essential;  // type per colour, 0 = none
  bool check_rules;  // a threatened essential piece must flee (kingsmen, magicmight)
  bool passes;       // a player without a legal move passes (damsel, huffpuff)
};

constexpr uint8_t kWhiteCastlings = 0x3, kBlackCastlings = 0xC;

constexpr std::array<ScenarioCard, kScenarios> kCards = {{
    {"kingsmen",
     "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC",
     "KQkq",
     kWhiteCastlings | kBlackCastlings,
     {kKing, kKing},
     true,
     false},
    {"damsel", "Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1", "-", 0, {kPrincess, 0}, false, true},
    {"huffpuff", "1llllll1/8/8/8/8/8/3CC3/3CC3", "-", 0, {0, 0}, false, true},
    {"magicmight",
     "widrfdiw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC",
     "KQ",
     kWhiteCastlings,
     {kKing, kFairy},
     true,
     false},
}};

const ScenarioCard& card(Scenario s) { return kCards[size_t(s)]; }

const char* side_name(Colour c) { return c == kWhite ? "White" : "Black"; }

// "Kings", "Princesses", "Fairies".
std::string plural(const std::string& name) {
  if (name.ends_with('s')) return name + "es";
  if (name.ends_with('y')) return name.substr(0, name.size() - 1) + "ies";
  return name + 's';
}

// What one Variant value of `fairytale` stands for.
struct Setup {
  Scenario scenario = Scenario::kKingsMen;
  bool cards = true;            // the chance deck is on
  bool scenario_fixed = false;  // the options named the scenario
  bool nocards = false;         // the options switched the deck off
};

std::shared_ptr<Variant> variant_for_setup(const Setup& setup);

// The key=value fields after the move number.
struct KeyedFields {
  Scenario scenario = Scenario::kKingsMen;
  bool cards = true;  // RULES.md: the deck is on unless the string says off
  int passes = 0;     // passed=1 / passed=2
  bool has_passes = false;
};

// The printed order; any order is read.
constexpr const char* kKeys[] = {"scenario", "cards", "deck", "hands", "pools", "next", "passed"};
constexpr int kPositionalFields = 4;  // castling, en passant, 50-move counter, move number

bool positional_fields_present(const std::vector<std::string_view>& fields) {
  if (fields.size() < size_t(kPositionalFields)) return false;
  for (int i = 0; i < kPositionalFields; ++i)
    if (fields[size_t(i)].find('=') != std::string_view::npos) return false;
  return true;
}

KeyedFields read_keyed_fields(const std::vector<std::string_view>& fields) {
  KeyedFields out;
  bool seen[std::size(kKeys)] = {};
  bool has_scenario = false;
  for (size_t i = kPositionalFields; i < fields.size(); ++i) {
    const std::string_view field = fields[i];
    const size_t eq = field.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw PositionError("unexpected field '" + std::string(field) +
                          "': after the move number only key=value fields follow");
    const std::string_view key = field.substr(0, eq), value = field.substr(eq + 1);
    size_t k = 0;
    while (k < std::size(kKeys) && key != kKeys[k]) ++k;
    if (k == std::size(kKeys))
      throw PositionError("unknown field '" + std::string(key) +
                          "=' (known: scenario=, cards=, deck=, hands=, pools=, next=, passed=)");
    if (seen[k]) throw PositionError("field '" + std::string(key) + "=' appears twice");
    seen[k] = true;
    if (value.empty()) throw PositionError("field '" + std::string(key) + "=' has no value");
    if (key == "scenario") {
      size_t s = 0;
      while (s < kCards.size() && value != kCards[s].name) ++s;
      if (s == kCards.size())
        throw PositionError("unknown scenario '" + std::string(value) +
                            "' (known: kingsmen, damsel, huffpuff, magicmight)");
      out.scenario = Scenario(s);
      has_scenario = true;
    } else if (key == "cards") {
      if (value != "on" && value != "off")
        throw PositionError("cards= must be 'on' or 'off', not '" + std::string(value) + "'");
      out.cards = value == "on";
    } else if (key == "passed") {
      if (value != "1" && value != "2")
        throw PositionError(
            "passed= must be 1 (the last turn was a pass) or 2 (the last two "
            "were: the game is drawn), not '" +
            std::string(value) + "'");
      out.passes = value[0] - '0';
      out.has_passes = true;
    } else {
      throw PositionError("field '" + std::string(key) +
                          "=' describes the chance deck, which Fable does not implement yet "
                          "(only games with cards=off)");
    }
  }
  if (!has_scenario)
    throw PositionError("field scenario= is required (kingsmen, damsel, huffpuff or magicmight)");
  return out;
}

int pieces_of(const Position& pos, Colour c) {
  int n = 0;
  for (int t = 1; t < kTypeEnd; ++t) n += pos.count(make_piece(c, t));
  return n;
}

class FairyTaleRules final : public Rules {
 public:
  FairyTaleRules(const Setup& setup, const Geometry& g)
      : setup_(setup),
        card_(card(setup.scenario)),
        castling_(g, kKing, kCastle),
        h1_(g.parse("h1")) {}

  // With the deck off a turn is one move (or a pass). The deck will put
  // its card and spell phases before the move phase and reuse
  // generate_moves / make_move / end_turn for it.
  void generate(Position& pos, ActionList& out) const override { generate_moves(pos, out); }

  void apply(Position& pos, const Action& a) const override {
    const bool irreversible = make_move(pos, a);
    end_turn(pos, irreversible);
  }

  Outcome immediate_outcome(const Position& pos) const override {
    // Goals first: they are reached by the action itself, the draws below
    // only at the end of the turn.
    switch (setup_.scenario) {
      case Scenario::kDamsel:
        if (pos.at(h1_) == make_piece(kWhite, kPrincess))
          return {Result::kWhiteWins, "the Princess reached h1"};
        if (pieces_of(pos, kWhite) == pos.count(make_piece(kWhite, kPrincess)))
          return {Result::kBlackWins, "White has only the Princess left"};
        break;
      case Scenario::kHuffPuff: {
        const bool white_left = pieces_of(pos, kWhite) > 0, black_left = pieces_of(pos, kBlack) > 0;
        if (!white_left && !black_left) return {Result::kDraw, "both sides lost their last piece"};
        if (!white_left) return {Result::kBlackWins, "every White piece captured"};
        if (!black_left) return {Result::kWhiteWins, "every Black piece captured"};
        break;
      }
      default:
        break;
    }
    if (pos.at_turn_start() && pos.extra(fairytale::kPassesSlot) >= 2)
      return {Result::kDraw, "two passes in a row"};
    return Rules::immediate_outcome(pos);
  }

  Outcome outcome(Position& pos) const override {
    const Outcome now = immediate_outcome(pos);
    if (now.over() || !pos.at_turn_start()) return now;
    ActionList moves;
    generate_moves(pos, moves);
    if (!moves.empty()) return now;
    // Only the scenarios with check rules get here: the others pass.
    if (royal_in_check(pos, pos.side()))
      return {win_for(opposite(pos.side())), "the essential piece cannot escape"};
    return {Result::kDraw, "stalemate"};
  }

  bool in_check(const Position& pos) const override {
    return card_.check_rules && royal_in_check(pos, pos.side());
  }

  std::shared_ptr<const Variant> variant_for_fields(
      const std::shared_ptr<const Variant>& self,
      const std::vector<std::string_view>& fields) const override {
    // A malformed string is read by this value, whose parse_fields names
    // the fault.
    if (!positional_fields_present(fields)) return self;
    const KeyedFields found = read_keyed_fields(fields);
    if (setup_.scenario_fixed && found.scenario != setup_.scenario)
      throw PositionError(std::string("scenario=") + card(found.scenario).name +
                          ", but this game was set up with the option '" + card_.name +
                          "' (leave the scenario out of the options to read any)");
    if (setup_.nocards && found.cards)
      throw PositionError("cards=on, but this game was set up with the option 'nocards'");
    if (found.scenario == setup_.scenario && found.cards == setup_.cards) return self;
    Setup named = setup_;
    named.scenario = found.scenario;
    named.cards = found.cards;
    return variant_for_setup(named);
  }

  void parse_fields(Position& pos, const std::vector<std::string_view>& fields) const override {
    if (!positional_fields_present(fields))
      throw PositionError(
          "expected castling rights (KQkq-style or -), '-' (no en passant), the 50-move counter "
          "and the move number after the side to move, then key=value fields such as "
          "'scenario=kingsmen cards=off'");
    const KeyedFields keyed = read_keyed_fields(fields);
    // variant_for_fields chose this value for the scenario and cards named.
    if (keyed.cards)
      throw PositionError(
          "cards=on: the chance deck is not implemented yet; only games with cards=off can be "
          "played (the option 'nocards')");
    check_board(pos);

    // Rights the scenario cannot have are named before Castling::parse
    // looks for their King and Castle.
    for (char c : fields[0]) {
      const size_t bit = std::string_view("KQkq").find(c);
      if (fields[0] == "-" || bit == std::string_view::npos || (card_.castling_allowed >> bit) & 1)
        continue;
      if (!card_.castling_allowed)
        throw PositionError(std::string("no castling in ") + card_.name +
                            ", so the castling field must be '-', not '" + std::string(fields[0]) +
                            "'");
      throw PositionError(std::string("only White castles in ") + card_.name + ", so no '" + c +
                          "' in the castling field");
    }
    const uint8_t rights = castling_.parse(pos, fields[0]);
    pos.set_castling(rights);
    if (fields[1] != "-")
      throw PositionError("en passant field must be '-' (Peasants never step twice), not '" +
                          std::string(fields[1]) + "'");
    pos.set_halfmove(parse_counter(fields[2], "50-move counter", 0));
    pos.set_fullmove(parse_counter(fields[3], "move number", 1));
    if (keyed.has_passes) {
      if (!card_.passes)
        throw PositionError(std::string("passed= does not exist in ") + card_.name +
                            ": only in damsel and huffpuff does a player without a move pass");
      pos.set_extra(fairytale::kPassesSlot, uint8_t(keyed.passes));
    }
    if (card_.check_rules && royal_in_check(pos, opposite(pos.side())))
      throw PositionError(std::string(side_name(opposite(pos.side()))) +
                          ", not to move, has its essential piece threatened");
  }

  std::string format_fields(const Position& pos) const override {
    std::string text = castling_.format(pos.castling()) + " - " + std::to_string(pos.halfmove()) +
                       ' ' + std::to_string(pos.fullmove()) + " scenario=" + card_.name +
                       " cards=" + (setup_.cards ? "on" : "off");
    if (const int passes = pos.extra(fairytale::kPassesSlot))
      text += " passed=" + std::to_string(passes);
    return text;
  }

 private:
  static Action pass_action() { return {kNoSquare, kNoSquare, ActionType::kPass, 0, 0, 0}; }

  // Faults of the board itself (letters and squares are checked by the
  // generic parser).
  // The move phase: the side to move's legal moves, or the pass where a
  // player without one passes. An empty list means "no legal move" (a loss
  // or a stalemate where the essential-piece rules apply).
  void generate_moves(Position& pos, ActionList& out) const {
    const Colour us = pos.side();
    if (card_.check_rules) {
      generate_piece_moves(pos, us, out);
      castling_.generate(pos, out);  // needs the King unthreatened on its square
      if (filter_royal_safety(pos, out)) {
        // The essential piece was threatened: it must itself go to an
        // unthreatened square; no other piece may block or take the
        // attacker. (Rare, so the other moves are generated and dropped
        // rather than the threat tested twice at every node.)
        const Square essential = pos.royal(us);
        size_t kept = 0;
        for (const Action& a : out)
          if (a.from == essential) out[kept++] = a;
        out.resize(kept);
      }
      return;
    }
    generate_piece_moves(pos, us, out);
    if (out.empty() && card_.passes) out.push(pass_action());
  }

  // Plays a move or a pass on the board and keeps castling rights and the
  // pass count. Returns whether it captured or moved a Peasant (resets the
  // 50-move counter).
  bool make_move(Position& pos, const Action& a) const {
    using fairytale::kPassesSlot;
    if (a.type == ActionType::kPass) {
      pos.set_extra(kPassesSlot, uint8_t(pos.extra(kPassesSlot) + 1));
      return false;
    }
    bool irreversible = false;
    if (a.type == ActionType::kCastle) {
      castling_.apply(pos, a);
    } else {
      const Piece mover = pos.at(a.from);
      irreversible = type_of(mover) == kPeasant || pos.at(a.to) != kEmpty;
      pos.set_piece(a.to, a.promotion ? make_piece(colour_of(mover), a.promotion) : mover);
      pos.set_piece(a.from, kEmpty);
    }
    if (pos.castling())
      pos.set_castling(
          castling_.rights_after(castling_.rights_after(pos.castling(), a.from), a.to));
    if (pos.extra(kPassesSlot)) pos.set_extra(kPassesSlot, 0);
    return irreversible;
  }

  static void end_turn(Position& pos, bool irreversible) {
    const Colour us = pos.side();
    pos.set_halfmove(irreversible ? 0 : pos.halfmove() + 1);
    if (us == kBlack) pos.set_fullmove(pos.fullmove() + 1);
    pos.set_phase(0);
    pos.set_side(opposite(us));
  }

  // The scenario's maximum for a type (-1: unlimited). Only essential
  // types have one, and it is 1.
  int maximum(Colour c, int type) const { return card_.essential[c] == type ? 1 : -1; }

  void check_board(const Position& pos) const {
    const Variant& v = pos.variant();
    const Geometry& g = v.geometry;
    for (Colour c : {kWhite, kBlack}) {
      const int essential = card_.essential[c];
      if (essential && pos.count(make_piece(c, essential)) == 0)
        throw PositionError(std::string(side_name(c)) + " has no " + v.types[essential].name +
                            ", its essential piece in " + card_.name);
      for (int t = 1; t < kTypeEnd; ++t) {
        const int n = pos.count(make_piece(c, t)), most = maximum(c, t);
        if (most >= 0 && n > most)
          throw PositionError(std::string(side_name(c)) + " has " + std::to_string(n) + " " +
                              plural(v.types[size_t(t)].name) + "; " + card_.name +
                              " allows at most " + std::to_string(most));
      }
    }
    for (Colour c : {kWhite, kBlack}) {
      const Piece peasant = make_piece(c, kPeasant);
      for (Square s = 0; s < g.size(); ++s)
        if (pos.at(s) == peasant && v.promotion.zone[c][s])
          throw PositionError(std::string(side_name(c)) + " Peasant on " + g.name(s) +
                              ", its last rank, where it would have promoted");
    }
  }

  Setup setup_;
  const ScenarioCard& card_;
  Castling castling_;
  Square h1_;
};

std::string canonical_options(const Setup& s) {
  std::string text = s.scenario_fixed ? card(s.scenario).name : "";
  if (s.nocards) text += text.empty() ? "nocards" : ",nocards";
  return text;
}

std::shared_ptr<Variant> build_variant(const Setup& setup) {
  const ScenarioCard& sc = card(setup.scenario);
  auto v = std::make_shared<Variant>();
  v->name = "fairytale";
  v->options = canonical_options(setup);
  v->geometry = Geometry::rectangle(8, 8);
  using namespace atoms;
  v->types.resize(kTypeEnd);
  PieceType& bishop = v->types[kBishop];
  bishop = {'B', "Bishop", {}, 330};
  add_slides(bishop, diagonal_dirs());
  PieceType& castle = v->types[kCastle];
  castle = {'C', "Castle", {}, 500};
  add_slides(castle, orthogonal_dirs());
  // Jumping riders: every square of the line is a target, whatever stands
  // between.
  PieceType& dragon = v->types[kDragon];
  dragon = {'D', "Dragon", {}, 650};
  add_jumps(dragon, orthogonal_dirs());
  PieceType& fairy = v->types[kFairy];
  fairy = {'F', "Fairy", {}, 450};
  add_jumps(fairy, all_dirs(), kMoveOrCapture, 2);
  PieceType& king = v->types[kKing];
  king = {'K', "King", {}, 300};
  add_steps(king, all_dirs());
  PieceType& knight = v->types[kKnight];
  knight = {'N', "Knight", {}, 320};
  add_knight(knight);
  PieceType& peasant = v->types[kPeasant];
  peasant = {'P', "Peasant", {}, 100};
  add_steps(peasant, {N}, kMoveOnly);
  add_steps(peasant, {NE, NW}, kCaptureOnly);
  PieceType& prince = v->types[kPrince];
  prince = {'I', "Prince", {}, 250};
  add_knight(prince, /*lame=*/true);
  PieceType& princess = v->types[kPrincess];
  princess = {'R', "Princess", {}, 550};
  add_slides(princess, all_dirs(), kMoveOrCapture, 3);
  PieceType& queen = v->types[kQueen];
  queen = {'Q', "Queen", {}, 950};
  add_slides(queen, all_dirs());
  PieceType& witch = v->types[kWitch];
  witch = {'W', "Witch", {}, 1100};
  add_jumps(witch, all_dirs());
  PieceType& wolf = v->types[kWolf];
  wolf = {'L', "Wolf", {}, 200};
  add_steps(wolf, all_dirs(), kMoveOnly);
  add_steps(wolf, diagonal_dirs(), kCaptureOnly);
  // An essential piece is never captured and never traded: like a chess
  // king it is worth nothing as material.
  for (int t : sc.essential)
    if (t) v->types[size_t(t)].value = 0;

  v->forward_rotation = {0, 4, 0};
  v->start_position = std::string(sc.board) + " w " + sc.castling + " - 0 1 scenario=" + sc.name +
                      " cards=" + (setup.cards ? "on" : "off");
  if (sc.check_rules) {
    v->check = {sc.essential[kWhite], /*royal_safety=*/true, /*confrontation=*/false,
                sc.essential[kBlack] != sc.essential[kWhite] ? sc.essential[kBlack] : 0};
    v->goal = Goal::kEssential;
  } else {
    v->goal = setup.scenario == Scenario::kDamsel ? Goal::kReachSquare : Goal::kExtinction;
  }
  v->turns.pass_when_stuck = sc.passes;
  v->turns.chance = setup.cards;
  v->promotion.choices[kPeasant] = {kQueen, kCastle, kBishop, kKnight};
  v->classes.pawn_like[kPeasant] = true;
  v->finalize();

  const Geometry& g = v->geometry;
  for (Colour c : {kWhite, kBlack}) {
    v->promotion.zone[c].assign(size_t(g.size()), false);
    for (int f = 0; f < 8; ++f) v->promotion.zone[c][g.at(f, c == kWhite ? 7 : 0)] = true;
  }
  // Essential pieces are never captured; they are still threatened
  // (is_attacked ignores these bans).
  for (Colour c : {kWhite, kBlack}) {
    if (!sc.essential[c]) continue;
    const int victim = kind_of(make_piece(c, sc.essential[c]));
    for (int attacker = 0; attacker < MoveTables::kKinds; ++attacker)
      v->capture_allowed[size_t(attacker)][size_t(victim)] = false;
  }
  // The damsel never captures.
  if (setup.scenario == Scenario::kDamsel) {
    const int damsel = kind_of(make_piece(kWhite, kPrincess));
    v->capture_allowed[size_t(damsel)].fill(false);
  }
  v->rules = std::make_shared<FairyTaleRules>(setup, v->geometry);
  return v;
}

// Variant values are immutable and few (scenario x cards x how the options
// were given), and position strings of an option-free variant switch
// between them: build each once.
std::shared_ptr<Variant> variant_for_setup(const Setup& setup) {
  static std::mutex mutex;
  static std::array<std::shared_ptr<Variant>, kScenarios * 8> built;
  const size_t index = size_t(setup.scenario) * 8 + size_t(setup.cards) * 4 +
                       size_t(setup.scenario_fixed) * 2 + size_t(setup.nocards);
  std::lock_guard<std::mutex> lock(mutex);
  if (!built[index]) built[index] = build_variant(setup);
  return built[index];
}

}  // namespace

std::shared_ptr<Variant> make_fairytale(std::string_view options) {
  Setup setup;
  size_t start = 0;
  while (start <= options.size() && !options.empty()) {
    const size_t comma = options.find(',', start);
    const std::string_view name =
        options.substr(start, comma == std::string_view::npos ? comma : comma - start);
    size_t s = 0;
    while (s < kCards.size() && name != kCards[s].name) ++s;
    if (s < kCards.size()) {
      if (setup.scenario_fixed)
        throw std::invalid_argument(std::string("fairytale options name two scenarios ('") +
                                    card(setup.scenario).name + "' and '" + std::string(name) +
                                    "'); choose one");
      setup.scenario = Scenario(s);
      setup.scenario_fixed = true;
    } else if (name == "nocards") {
      if (setup.nocards) throw std::invalid_argument("fairytale option 'nocards' given twice");
      setup.nocards = true;
    } else {
      throw std::invalid_argument("unknown fairytale option '" + std::string(name) +
                                  "' (known: kingsmen, damsel, huffpuff, magicmight, nocards)");
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (setup.scenario_fixed && !setup.nocards)
    throw std::invalid_argument(
        std::string("fairytale: the chance deck is not implemented yet; add the option "
                    "'nocards' (for example '") +
        card(setup.scenario).name + ",nocards')");
  setup.cards = !setup.nocards;
  return variant_for_setup(setup);
}

}  // namespace fable
