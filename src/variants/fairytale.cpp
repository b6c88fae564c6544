// Fairy Tale Chess's variant values: the piece table, the scenario's
// start, goal and capture bans, one value per setup (scenario, deck,
// options), and the option list that chooses one.
#include "variants/fairytale.h"

#include <array>
#include <mutex>
#include <string>

#include "variants/fairytale_options.h"
#include "variants/fairytale_rules.h"
#include "variants/fairytale_text.h"

namespace fable {

namespace fairytale {

namespace {

// The option indices of fairytale_info() and their values.
enum FairyTaleOption : size_t { kScenarioOption, kCardsOption };
constexpr size_t kAnyScenario = 0;  // then value s + 1 is Scenario(s)
constexpr size_t kNoCards = 0;

std::string canonical_options(const Setup& s) {
  return option_list(fairytale_info(), {s.scenario_fixed ? size_t(s.scenario) + 1 : kAnyScenario,
                                        s.nocards ? kNoCards : kNoCards + 1});
}

// For people: what the scenario plays for (fairytale.md, "Scenarios").
const char* goal_text(Scenario s) {
  switch (s) {
    case Scenario::kKingsMen:
      return "Trap the enemy King: a threatened King must itself step to an unthreatened "
             "square (no other piece may block or take the attacker), and a side whose King "
             "cannot loses. No legal move otherwise is a stalemate, a draw.";
    case Scenario::kDamsel:
      return "White: bring the Princess to h1. Black: leave White nothing but the Princess. A "
             "side with no legal move passes; two passes in a row draw.";
    case Scenario::kHuffPuff:
      return "Capture every enemy piece. A side with no legal move passes; two passes in a row "
             "draw.";
    case Scenario::kMagicMight:
      return "Trap the enemy's essential piece, White's King or Black's Fairy: a threatened "
             "one must itself step to an unthreatened square, and a side whose essential piece "
             "cannot loses. No legal move otherwise is a stalemate, a draw.";
  }
  return "";
}

std::shared_ptr<Variant> build_variant(const Setup& setup) {
  const ScenarioCard& sc = scenario_card(setup.scenario);
  auto v = std::make_shared<Variant>();
  v->name = "fairytale";
  v->options = canonical_options(setup);
  v->geometry = Geometry::rectangle(8, 8);
  using namespace atoms;
  v->types.resize(kTypeEnd);
  PieceType& bishop = v->types[kBishop];
  bishop = {'B', "Bishop", {}, 330};
  add_slides(bishop, diagonal_dirs());
  bishop.moves = "any distance diagonally";
  bishop.looks_like = Look::kBishop;
  bishop.betza = "B";
  PieceType& castle = v->types[kCastle];
  castle = {'C', "Castle", {}, 500};
  add_slides(castle, orthogonal_dirs());
  castle.moves = "any distance along a rank or file";
  castle.looks_like = Look::kRook;
  castle.betza = "R";
  // Jumping riders: every square of the line is a target, whatever stands
  // between (no Betza for GUIs: it has no such rider).
  PieceType& dragon = v->types[kDragon];
  dragon = {'D', "Dragon", {}, 650};
  add_jumps(dragon, orthogonal_dirs());
  dragon.moves = "any distance along a rank or file, jumping over everything between";
  dragon.looks_like = Look::kCrownedRook;
  PieceType& fairy = v->types[kFairy];
  fairy = {'F', "Fairy", {}, 450};
  add_jumps(fairy, all_dirs(), kMoveOrCapture, 2);
  fairy.moves = "one or two squares along any of the 8 lines, jumping over the square between";
  fairy.looks_like = Look::kFalcon;
  fairy.betza = "KAD";
  PieceType& king = v->types[kKing];
  king = {'K', "King", {}, 300};
  add_steps(king, all_dirs());
  king.moves = "one step any way";
  if (sc.castling_allowed)
    king.moves += sc.castling_allowed == kWhiteCastlings
                      ? "; White's castles two squares toward a Castle"
                      : "; castles two squares toward a Castle";
  king.looks_like = Look::kKing;
  king.betza = "K";
  PieceType& knight = v->types[kKnight];
  knight = {'N', "Knight", {}, 320};
  add_knight(knight);
  knight.moves = "leaps two squares straight and one aside, over anything";
  knight.looks_like = Look::kKnight;
  knight.betza = "N";
  PieceType& peasant = v->types[kPeasant];
  peasant = {'P', "Peasant", {}, 100};
  add_steps(peasant, {N}, kMoveOnly);
  add_steps(peasant, {NE, NW}, kCaptureOnly);
  peasant.moves =
      "one step forward, takes one step diagonally forward (no double step); promotes on the "
      "last rank to a Queen, Castle, Bishop or Knight";
  peasant.looks_like = Look::kPawn;
  peasant.betza = "fmWfcF";
  PieceType& prince = v->types[kPrince];
  prince = {'I', "Prince", {}, 250};
  add_knight(prince, /*lame=*/true);
  prince.moves =
      "a knight's leap made as two steps straight and one aside: blocked by a piece on either "
      "straight square";
  prince.looks_like = Look::kNightrider;  // no Betza for GUIs: none says this block exactly
  PieceType& princess = v->types[kPrincess];
  princess = {'R', "Princess", {}, 550};
  add_slides(princess, all_dirs(), kMoveOrCapture, 3);
  princess.moves = "one to three squares along any of the 8 lines, blocked by pieces";
  if (setup.scenario == Scenario::kDamsel)
    princess.moves += "; White's never captures and is never captured";
  princess.looks_like = Look::kFerz;
  princess.betza = "Q3";
  PieceType& queen = v->types[kQueen];
  queen = {'Q', "Queen", {}, 950};
  add_slides(queen, all_dirs());
  queen.moves = "any distance along the 8 lines";
  queen.looks_like = Look::kQueen;
  queen.betza = "Q";
  PieceType& witch = v->types[kWitch];
  witch = {'W', "Witch", {}, 1100};
  add_jumps(witch, all_dirs());
  witch.moves = "any distance along the 8 lines, jumping over everything between";
  witch.looks_like = Look::kCrownedQueen;
  PieceType& wolf = v->types[kWolf];
  wolf = {'L', "Wolf", {}, 200};
  add_steps(wolf, all_dirs(), kMoveOnly);
  add_steps(wolf, diagonal_dirs(), kCaptureOnly);
  wolf.moves = "one step any way to an empty square, takes one step diagonally";
  wolf.looks_like = Look::kCobra;
  wolf.betza = "mKcF";
  v->gui_order = {kKing,  kQueen, kCastle,   kBishop, kKnight, kDragon,
                  kWitch, kFairy, kPrincess, kPrince, kWolf,   kPeasant};
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
  v->goal_text = goal_text(setup.scenario);
  v->turns.pass_when_stuck = sc.passes;
  v->turns.chance = setup.cards;
  v->turns.card_deck = setup.cards;
  v->chess_fields = true;
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
  // Kingsmen and the Damsel's race without the deck last 28 and 27 moves a
  // side from random openings (medians of self-play games at 2 s + 0.02
  // s): planning for a fifteenth of the clock instead of a thirtieth
  // gained +21 ± 16 and +53 ± 33 Elo.
  if (setup.scenario_fixed && setup.nocards &&
      (setup.scenario == Scenario::kKingsMen || setup.scenario == Scenario::kDamsel))
    v->moves_to_go = 15;
  if (sc.goal_square) v->reach = {kWhite, sc.essential[kWhite], g.parse(sc.goal_square)};
  v->rules = std::make_shared<FairyTaleRules>(setup, v->geometry);
  if (setup.cards) v->describer = deck_describer();
  return v;
}

Setup parse_options(std::string_view text) {
  const std::vector<size_t> chosen = parse_option_list(fairytale_info(), text);
  Setup setup;
  setup.scenario_fixed = chosen[kScenarioOption] != kAnyScenario;
  if (setup.scenario_fixed) setup.scenario = Scenario(chosen[kScenarioOption] - 1);
  setup.nocards = chosen[kCardsOption] == kNoCards;
  setup.cards = !setup.nocards;
  return setup;
}

}  // namespace

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

}  // namespace fairytale

std::shared_ptr<Variant> make_fairytale(std::string_view options) {
  return fairytale::variant_for_setup(fairytale::parse_options(options));
}

}  // namespace fable
