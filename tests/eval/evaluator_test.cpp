// The evaluation as a whole: colour symmetry in every variant, the goal
// term of the damsel, the neutral Old Queen, spells in hand, bounds.
#include "eval/evaluator.h"

#include <gtest/gtest.h>

#include <random>

#include "eval/evaluate.h"
#include "eval/tuned_weights.h"
#include "notation.h"
#include "variants/fairytale_deck.h"
#include "variants/fairytale_scenario.h"

namespace fable::eval {
namespace {

struct VariantCase {
  const char* name;
  const char* options;
};

const VariantCase kVariants[] = {
    {"normal", ""},
    {"wizard", ""},
    {"familymatters", ""},
    {"familymatters", "bigfamily,strongchildren"},
    {"familymatters", "oldqueen"},
    {"familymatters", "crazyqueen"},
    {"fairytale", "kingsmen,nocards"},
    {"fairytale", "kingsmen"},
    {"fairytale", "damsel,nocards"},
    {"fairytale", "huffpuff"},
    {"fairytale", "magicmight,nocards"},
    {"fairytale", "magicmight"},
};

// The square that mirrors `s` between the two sides: Family Matters'
// sides face east and west (files a-h swap, i1 stays), the others north
// and south (ranks swap).
Square mirror(const Variant& v, Square s) {
  const Geometry& g = v.geometry;
  if (v.name == "familymatters") return g.file(s) == 8 ? s : g.at(7 - g.file(s), g.rank(s));
  return g.at(g.file(s), g.ranks() - 1 - g.rank(s));
}

// The position with the colours swapped and the board mirrored: pieces,
// the side to move, and Fairy Tale's hands, pools and waiting effects.
Position colour_mirror(const Position& pos) {
  const Variant& v = pos.variant();
  Position out = pos;
  for (Square s = 0; s < v.geometry.size(); ++s) out.set_piece(s, kEmpty);
  for (Square s = 0; s < v.geometry.size(); ++s) {
    const Piece p = pos.at(s);
    if (!p) continue;
    const Colour c = colour_of(p) == kNeutral ? kNeutral : opposite(colour_of(p));
    out.set_piece(mirror(v, s), make_piece(c, type_of(p), marker_of(p)));
  }
  out.set_side(opposite(pos.side()));
  if (v.name == "fairytale" && v.turns.chance) {
    using namespace fairytale;
    for (Colour c : {kWhite, kBlack}) {
      out.set_extra(slot::kHands + c, pos.extra(slot::kHands + opposite(c)));
      out.set_extra(slot::kNext + c, pos.extra(slot::kNext + opposite(c)));
      for (int t = 1; t <= kTypes; ++t)
        out.set_extra(slot::kPools + c * kTypes + t - 1,
                      pos.extra(slot::kPools + opposite(c) * kTypes + t - 1));
    }
  }
  return out;
}

// Turn-start positions reached by random legal play (chance outcomes
// picked at random too), the start position first.
std::vector<Position> sample_positions(const VariantCase& vc, int games, int max_actions) {
  const auto v = make_variant(vc.name, vc.options);
  std::mt19937_64 rng(12345);
  std::vector<Position> out{Position::start(v)};
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start(v);
    for (int a = 0; a < max_actions && !pos.outcome().over(); ++a) {
      ActionList list;
      pos.legal_actions(list);
      if (list.empty()) break;
      pos.apply(list[rng() % list.size()]);
      if (pos.at_turn_start() && a % 7 == 0) out.push_back(pos);
    }
  }
  return out;
}

TEST(Evaluator, ALastHeirCostsItsWeight) {
  // White has lost its Princess (S), keeping one heir, the Prince (P);
  // Black keeps both. The same position with the weight at 0 scores
  // exactly last_heir more for White (150 here: the default is 0).
  auto v = make_variant("familymatters");
  const Position pos = Position::from_string(
      v, "***qk****/**brrb***/*C4c**/1C4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w 0 1");
  Weights without = kWeights, with = kWeights;
  without.last_heir = 0;
  with.last_heir = 150;
  EXPECT_EQ(
      Evaluator(*v, without).evaluate(pos, kWhite) - Evaluator(*v, with).evaluate(pos, kWhite),
      150);
  // Both heirs on both sides: the term is silent.
  const Position start = Position::start(v);
  EXPECT_EQ(Evaluator(*v, without).evaluate(start, kWhite),
            Evaluator(*v, with).evaluate(start, kWhite));
  // Chess has no heirs.
  EXPECT_TRUE(roles_of(*make_variant("normal")).heirs.empty());
}

TEST(Evaluator, BothPerspectivesAgree) {
  for (const VariantCase& vc : kVariants)
    for (const Position& pos : sample_positions(vc, 3, 60)) {
      const Evaluator e(pos.variant(), weights_for(pos.variant()));
      EXPECT_EQ(e.evaluate(pos, kWhite), -e.evaluate(pos, kBlack)) << pos.to_string();
      EXPECT_EQ(evaluate(pos, kWhite), e.evaluate(pos, kWhite)) << pos.to_string();
    }
}

// Every variant here is symmetric between the colours except the two
// Fairy Tale scenarios that give the sides different pieces and goals
// (damsel, magicmight) and the crazy queen, who steps after Black's moves
// only: a position and its colour-mirrored twin score the same for the
// side that stands like the other, with weights `w`.
void expect_colour_mirror_symmetry(const Weights& w) {
  for (const VariantCase& vc : kVariants) {
    const std::string options = vc.options;
    if (options.find("damsel") != std::string::npos ||
        options.find("magicmight") != std::string::npos ||
        options.find("crazyqueen") != std::string::npos)
      continue;
    for (const Position& pos : sample_positions(vc, 3, 60)) {
      const Position twin = colour_mirror(pos);
      const Evaluator e(pos.variant(), w);
      EXPECT_EQ(e.evaluate(pos, kWhite), -e.evaluate(twin, kWhite))
          << vc.name << " " << vc.options << ": " << pos.to_string() << " vs " << twin.to_string();
    }
  }
}

TEST(Evaluator, ColourMirrorGivesTheOppositeScore) { expect_colour_mirror_symmetry(kWeights); }

// The same with weights that are 0 by default set: the placement bonuses
// (by rank from the side's own edge and files from the nearer side edge),
// the royal's centrality and the threats, each to a different number, so
// that a square or a colour read the wrong way shows.
TEST(Evaluator, ColourMirrorGivesTheOppositeScoreWithTheFittedTerms) {
  Weights w = kWeights;
  for (int t = 1; t < kMaxPieceTypes; ++t)
    for (int i = 0; i < Weights::kPlacementLines; ++i) {
      w.rank_bonus[size_t(t)][size_t(i)] = 7 * t + 3 * i * i;
      w.file_bonus[size_t(t)][size_t(i)] = 5 * t - 4 * i;
    }
  w.royal_centre_endgame = 9;
  w.threat_now = 13;
  w.threat_later = 17;
  expect_colour_mirror_symmetry(w);
}

// The damsel (White's Princess) must reach h1: one move away (g2, a
// diagonal step) she is worth more than three moves away (a8, the start,
// which needs three range-3 slides along the long diagonal), the other
// pieces being the same. goal_reach / 2^d: 450 against 112.
TEST(Evaluator, DamselNearH1ScoresMore) {
  const auto v = make_variant("fairytale", "damsel,nocards");
  const Position far =
      Position::from_string(v, "R7/8/2p5/8/8/8/5P2/5PN1 w - - 0 1 scenario=damsel cards=off");
  const Position near =
      Position::from_string(v, "8/8/2p5/8/8/8/5PR1/5PN1 w - - 0 1 scenario=damsel cards=off");
  const Evaluator e(*v);
  const int goal = kWeights.goal_reach;
  EXPECT_EQ(e.square_tables().at(e.square_tables().goal,
                                 kind_of(make_piece(kWhite, fairytale::kPrincess)),
                                 v->geometry.parse("g2")),
            goal / 2);
  EXPECT_EQ(e.square_tables().at(e.square_tables().goal,
                                 kind_of(make_piece(kWhite, fairytale::kPrincess)),
                                 v->geometry.parse("a8")),
            goal / 8);
  EXPECT_GT(e.evaluate(near, kWhite), e.evaluate(far, kWhite) + goal / 4);
}

// The Old Queen belongs to neither side: the start position with her on
// i1 scores exactly as without her (at the start no piece's move or
// capture passes through i1, so she blocks nothing either).
TEST(Evaluator, NeutralQueenContributesNothing) {
  const auto with_queen = make_variant("familymatters", "oldqueen");
  const auto without = make_variant("familymatters");
  const Position a = Position::start(with_queen);
  const Position b = Position::start(without);
  ASSERT_NE(a.to_string(), b.to_string());
  EXPECT_EQ(Evaluator(*with_queen).evaluate(a, kWhite), Evaluator(*without).evaluate(b, kWhite));
  EXPECT_EQ(Evaluator(*with_queen).material(a), 0);
}

// The crazy queen on i1 has four steps (d4, e5, d5, e4); with a White
// Rook on d4 one of them takes it: a chance of 1/4. With Black to move
// White cannot save it before her step (the full share), with White to
// move White moves first (the later share); the Old Queen, whom nobody
// moves at random, costs nothing. Each case against the same position
// with both shares at 0, so only the term differs.
TEST(Evaluator, ARandomNeutralThreatensWhatSheCanTake) {
  const auto crazy = make_variant("familymatters", "crazyqueen");
  const auto old = make_variant("familymatters", "oldqueen");
  const std::string board = "***qk****/**brrb***/*C4c**/SC4cp*/PC1R2cs*/*C4c**/**B1RB***/***QK***O";
  Weights shares = kWeights, none = kWeights;
  shares.random_neutral_now_percent = 100;
  shares.random_neutral_later_percent = 40;
  none.random_neutral_now_percent = none.random_neutral_later_percent = 0;
  auto cost = [&](const std::shared_ptr<const Variant>& v, const char* side) {
    const Position pos = Position::from_string(v, board + " " + side + " 0 1");
    return Evaluator(*v, none).evaluate(pos, kWhite) - Evaluator(*v, shares).evaluate(pos, kWhite);
  };
  const int rook = Evaluator(*crazy).piece_value(crazy->type_by_letter('R'));
  EXPECT_EQ(cost(crazy, "b"), rook * 100 / 400);
  EXPECT_EQ(cost(crazy, "w"), rook * 40 / 400);
  EXPECT_EQ(cost(old, "b"), 0);
  EXPECT_EQ(cost(old, "w"), 0);
}

// A spell counts for whoever holds it: White holding Wish against Black
// holding it (same board, same deck without the Wish) differs by twice
// its named value.
TEST(Evaluator, SpellsInHandCountForTheirHolder) {
  const auto v = make_variant("fairytale", "kingsmen");
  const char* board =
      "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1 scenario=kingsmen cards=on";
  const Position white_holds = Position::from_string(v, std::string(board) + " hands=wish/-");
  const Position black_holds = Position::from_string(v, std::string(board) + " hands=-/wish");
  const Evaluator e(*v);
  EXPECT_EQ(e.evaluate(white_holds, kWhite) - e.evaluate(black_holds, kWhite),
            2 * kWeights.wish_in_hand);
}

// The search clamps scores at +-20000 and reads anything beyond as a won
// game: positions of play stay well inside (the largest is Magic vs
// Might, whose sides start some 5300 apart by the derived values: Black's
// two Witches alone are worth 3600, and a trapped essential piece adds
// essential_trapped), and even a board of 32 Witches
// against a Wolf stays inside the evaluation's own bound.
TEST(Evaluator, ScoresStayWithinBounds) {
  for (const VariantCase& vc : kVariants)
    for (const Position& pos : sample_positions(vc, 2, 80)) {
      const int score = evaluate(pos, kWhite);
      EXPECT_LT(std::abs(score), 10000 + kWeights.essential_trapped) << pos.to_string();
    }
  const auto v = make_variant("fairytale", "huffpuff,nocards");
  const Position witches = Position::from_string(
      v, "WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW/8/8/8/7l w - - 0 1 scenario=huffpuff cards=off");
  const int score = evaluate(witches, kWhite);
  EXPECT_GT(score, 0);
  EXPECT_LE(score, Evaluator::kBound);
  EXPECT_LT(Evaluator::kBound, 20000);
}

// Fairy Tale's essential pieces must flee when threatened (RULES.md,
// "Essential pieces"). White's King on e1 behind its own Queen d1,
// Bishop f1 and Peasants d2 e2 f2 has no square to go to: threatened by a
// Dragon on e8 (which jumps over e2) it is trapped, and the rules agree
// that White has lost; with f2 empty it escapes there (the Dragon covers
// the e-file and rank 8 only). Not threatened, the walled-in King costs
// essential_boxed_in while the opponent has a jumping rider (a Fairy on
// a8, which cannot reach the e-file in one move) or the deck can bring
// one, half that with one escape square, nothing with two, nothing
// against a Castle with the deck off.
TEST(Evaluator, EssentialPieceWithoutEscapeIsPenalised) {
  const auto v = make_variant("fairytale", "kingsmen,nocards");
  const Evaluator e(*v);
  const auto at = [&](const char* board, const char* side = "w") {
    return Position::from_string(
        v, std::string(board) + " " + side + " - - 0 1 scenario=kingsmen cards=off");
  };
  const Position trapped = at("4d2k/8/8/8/8/8/3PPP2/3QKB2");
  EXPECT_EQ(e.essential_escape(trapped, kWhite), kWeights.essential_trapped);
  EXPECT_EQ(trapped.outcome().result, Result::kBlackWins);
  EXPECT_EQ(e.essential_escape(at("4d2k/8/8/8/8/8/3PP3/3QKB2"), kWhite), 0);
  EXPECT_EQ(e.essential_escape(at("f6k/8/8/8/8/8/3PPP2/3QKB2"), kWhite),
            kWeights.essential_boxed_in);
  EXPECT_EQ(e.essential_escape(at("f6k/8/8/8/8/8/3PP3/3QKB2"), kWhite),
            kWeights.essential_boxed_in / 2);
  EXPECT_EQ(e.essential_escape(at("f6k/8/8/8/8/8/3P4/3QKB2"), kWhite), 0);
  EXPECT_EQ(e.essential_escape(at("c6k/8/8/8/8/8/3PPP2/3QKB2"), kWhite), 0);
  // Black's King h8 has g8, g7 and h7 free: nothing.
  EXPECT_EQ(e.essential_escape(trapped, kBlack), 0);

  // A Dragon on a8 can move to e8 and trap the King: in full when Black
  // moves next, at essential_trap_later_percent when White moves first.
  EXPECT_EQ(e.essential_escape(at("d6k/8/8/8/8/8/3PPP2/3QKB2", "b"), kWhite),
            kWeights.essential_boxed_in + kWeights.essential_trapped);
  EXPECT_EQ(e.essential_escape(at("d6k/8/8/8/8/8/3PPP2/3QKB2"), kWhite),
            kWeights.essential_boxed_in +
                kWeights.essential_trapped * kWeights.essential_trap_later_percent / 100);
  // With f2 empty no single Dragon square covers e1 and f2: no trap.
  EXPECT_EQ(e.essential_escape(at("d6k/8/8/8/8/8/3PP3/3QKB2", "b"), kWhite),
            kWeights.essential_boxed_in / 2);

  // With the deck on, Ally Dragon and Ally Witch can bring a jumping
  // rider: the wall costs even against a Castle. With Black about to draw
  // from the full deck (36 cards), 2 Ally Dragons and 2 Ally Witches could
  // land on e8 and trap the King (an Ally Fairy cannot reach e1 from
  // Black's home ranks): 4/36 of essential_trapped more.
  const auto with_deck = make_variant("fairytale", "kingsmen");
  const Evaluator d(*with_deck);
  const auto walled = [&](const char* side) {
    return Position::from_string(with_deck, std::string("c6k/8/8/8/8/8/3PPP2/3QKB2 ") + side +
                                                " - - 0 1 scenario=kingsmen cards=on");
  };
  EXPECT_EQ(d.essential_escape(walled("w"), kWhite), kWeights.essential_boxed_in);
  EXPECT_EQ(d.essential_escape(walled("b"), kWhite),
            kWeights.essential_boxed_in + int(4.0 / 36 * kWeights.essential_trapped));

  // Threatened while the opponent is to move: White's Ally Dragon placed
  // on e1 threatens Black's King e8 behind d8 e7 d7 f7 f8, and White still
  // has its move to make. Trapped all the same.
  const Position before_ally = Position::from_string(
      with_deck,
      "3qkb2/3ppp2/8/8/8/8/8/7K w - - 0 1 scenario=kingsmen cards=on step=card card=ally-dragon "
      "affects=white");
  Position black_trapped = before_ally;
  const ParsedAction ally = parse_action(black_trapped, "D@e1");
  ASSERT_TRUE(ally.ok()) << ally.error;
  black_trapped.apply(ally.action);
  ASSERT_EQ(black_trapped.side(), kWhite);
  EXPECT_EQ(d.essential_escape(black_trapped, kBlack), kWeights.essential_trapped);

  // The term reaches the evaluation: the trapped King scores far below the
  // one that can step to f2 (a Peasant and a few mobility points apart).
  EXPECT_LT(e.evaluate(trapped, kWhite),
            e.evaluate(at("4d2k/8/8/8/8/8/3PP3/3QKB2"), kWhite) - kWeights.essential_trapped + 500);
}

}  // namespace
}  // namespace fable::eval
