// Fairy Tale Chess's procedural rules: one class, its parts in one file
// per concern. The turn (fairytale_turn.cpp): its steps — draw, the card's
// choices, spells, the move(s) — the moves and the end of the game. Position
// strings and notation (fairytale_fields.cpp). What each card does is
// CardEffects' (fairytale_cards.cpp), the deck state's layout and spelling
// fairytale_deck.*, the text for people fairytale_text.*, and the variant
// value itself is made in fairytale.cpp. Private to those files.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "basic_rules.h"
#include "variant.h"
#include "variants/castling.h"
#include "variants/fairytale_cards.h"
#include "variants/fairytale_deck.h"
#include "variants/fairytale_scenario.h"

namespace fable::fairytale {

// What one Variant value of `fairytale` stands for.
struct Setup {
  Scenario scenario = Scenario::kKingsMen;
  bool cards = true;            // the chance deck is on
  bool scenario_fixed = false;  // the options named the scenario
  bool nocards = false;         // the options switched the deck off
};

// The variant value of a setup, each built once (fairytale.cpp).
std::shared_ptr<Variant> variant_for_setup(const Setup& setup);

// The key=value fields of a position string (fairytale_fields.cpp).
struct KeyedFields;

class FairyTaleRules final : public BasicRules {
 public:
  FairyTaleRules(const Setup& setup, const Geometry& g);

  // The turn (fairytale_turn.cpp). With the deck off a turn is one move
  // (or a pass). With the deck on it is a draw, the card's choices, a
  // spell phase and the move(s): the step pending is Position::phase
  // (enum Step).
  Decision decision(const Position& pos) const override;
  void generate(Position& pos, ActionList& out) const override;
  void chance_outcomes(const Position& pos, std::vector<ChanceOutcome>& out) const override;
  bool actions_end_turn(const Position& pos) const override;
  bool skip_draw(Position& pos) const override;
  void apply(Position& pos, const Action& a) const override;
  Outcome immediate_outcome(const Position& pos) const override;
  Outcome outcome(Position& pos) const override;
  bool in_check(const Position& pos) const override;

  // Position strings and notation (fairytale_fields.cpp).
  std::shared_ptr<const Variant> variant_for_fields(
      const std::shared_ptr<const Variant>& self,
      const std::vector<std::string_view>& fields) const override;
  void parse_fields(Position& pos, const std::vector<std::string_view>& fields) const override;
  std::string format_fields(const Position& pos) const override;
  std::string action_text(const Position& pos, const Action& a) const override;

 private:
  // --- the turn (fairytale_turn.cpp) ---
  void draw(Position& pos, int card) const;
  // The effects given for the drawer's turn come into force (at the draw).
  static void start_given_effects(Position& pos);
  bool has_effect(Position& pos, int card, Colour p) const;
  void begin_card(Position& pos, int card, Colour p) const;
  void resolve(Position& pos, int card, Colour p) const;
  void apply_card_choice(Position& pos, const Action& a) const;
  void after_card(Position& pos) const;
  bool potion_castable(const Position& pos) const;
  void spell_options(const Position& pos, ActionList& out) const;
  void enter_move_phase(Position& pos) const;
  void apply_first_move(Position& pos, const Action& a) const;
  void generate_second_moves(Position& pos, ActionList& out) const;
  void generate_moves(Position& pos, ActionList& out, bool broomstick) const;
  bool make_move(Position& pos, const Action& a) const;
  Outcome goal_outcome(const Position& pos) const;

  // --- position strings (fairytale_fields.cpp) ---
  void read_turn_fields(Position& pos, const KeyedFields& k) const;
  void check_board(const Position& pos) const;

  Setup setup_;
  const ScenarioCard& card_;
  Castling castling_;
  CardEffects effects_;
  Square goal_square_;  // the scenario card's, or kNoSquare
};

}  // namespace fable::fairytale
