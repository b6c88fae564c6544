// Search: finds forced wins, is deterministic, stops when told.
#include "search/search.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>

#include "eval/evaluate.h"
#include "notation.h"
#include "search/engine.h"
#include "search/profile.h"
#include "search/score.h"

namespace fable::search {
namespace {

Result search_depth(const char* variant, const char* fen, int depth, const Options& o = {}) {
  auto v = make_variant(variant);
  Position pos = Position::from_string(v, fen);
  TranspositionTable tt(8);
  Searcher s(tt, o);
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = depth;
  return s.run(pos, limits, stop);
}

TEST(Search, MateInOneBackRank) {
  // Rd8 is mate: the king is boxed in by its own pawns.
  const char* fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
  const Result r = search_depth("normal", fen, 2);
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  EXPECT_EQ(action_text(pos, r.best), "d1d8");
  EXPECT_EQ(r.score, win_in(1));
}

TEST(Search, MorphyMateInTwo) {
  // Paul Morphy's problem: 1.Ra6! and 2.b7# (or 1...bxa6 2.b7#).
  const char* fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
  const Result r = search_depth("normal", fen, 4);
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  EXPECT_EQ(action_text(pos, r.best), "a1a6");
  EXPECT_EQ(r.score, win_in(3));
}

TEST(Search, StalemateIsADraw) {
  // Black to move has no legal move and is not in check.
  const char* fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, fen);
  TranspositionTable tt(1);
  Searcher s(tt);
  EXPECT_EQ(s.value(pos, 3), kDraw);
}

TEST(Search, DeterministicForSameLimits) {
  const char* fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const Result a = search_depth("normal", fen, 5);
  const Result b = search_depth("normal", fen, 5);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
}

// A card choice made by the opponent is a min node for the player it
// affects: Black, choosing which White piece Stolen Porridge takes, takes
// the Queen (not the Knight).
TEST(Search, TheOpponentsCardChoiceIsTheirs) {
  const char* fen =
      "4k3/8/8/8/8/8/8/1N1QK3 w - - 0 1 scenario=kingsmen step=card card=stolen-porridge "
      "affects=white";
  auto v = make_variant("fairytale");
  Position pos = Position::from_string(v, fen);
  ASSERT_EQ(pos.decision().actor, Actor::kBlack);
  TranspositionTable tt(8);
  Searcher s(tt);
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 1;
  const Result r = s.run(pos, limits, stop);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(action_text(pos, r.best), "d1");
}

// Alpha-beta with every chance outcome, Star1 alone and Star1 with Star2
// probing return the same value at the same depth; and at
// `expectimax_depth` (0: not compared) plain expectimax (no pruning
// anywhere) matches alpha-beta with every chance outcome. Reductions,
// the forward pruning near the horizon and in quiescence (on with the
// crazy queen) and the table change values by design, so all run without
// them; only the chance-node pruning differs.
void expect_star_exact_at_scale(Position& pos, int depth, int expectimax_depth,
                                bool step_quiescence, int chance_scale) {
  // Plain expectimax with alpha-beta at the decisions: nothing else pruned.
  Options unpruned = Options::expectimax();
  unpruned.step_quiescence = step_quiescence;
  unpruned.chance_scale = chance_scale;
  unpruned.alpha_beta = true;
  Options star1 = unpruned;
  star1.star1 = true;
  Options star2 = star1;
  star2.star2 = true;
  TranspositionTable tt_a(1), tt_b(1), tt_c(1);
  Searcher a(tt_a, unpruned), b(tt_b, star1), c(tt_c, star2);
  const int expected = a.value(pos, depth);
  EXPECT_EQ(b.value(pos, depth), expected) << "Star1 " << pos.to_string();
  EXPECT_EQ(c.value(pos, depth), expected) << "Star2 " << pos.to_string();
  if (expectimax_depth > 0) {
    TranspositionTable tt_d(1), tt_e(1);
    Options expectimax = Options::expectimax();
    expectimax.step_quiescence = step_quiescence;
    expectimax.chance_scale = chance_scale;
    Searcher d(tt_d, expectimax), e(tt_e, unpruned);
    EXPECT_EQ(d.value(pos, expectimax_depth), e.value(pos, expectimax_depth))
        << "expectimax " << pos.to_string();
  }
}

// Both ways of averaging at a chance node: centipawns (0) and expected
// scores (chance_average.h); the pruning works in either's units.
void expect_star_exact(Position& pos, int depth, int expectimax_depth,
                       bool step_quiescence = true) {
  for (int scale : {0, 200}) {
    SCOPED_TRACE("chance-scale " + std::to_string(scale));
    expect_star_exact_at_scale(pos, depth, expectimax_depth, step_quiescence, scale);
  }
}

// Star1 (and Star2) pruning at the chance nodes of the deck returns exactly the value
// of plain expectimax at the same depth, at every turn start met in
// seeded random play from small positions (deck of seven cards).
TEST(Search, StarPruningEqualsExpectimaxWithTheDeck) {
  auto v = make_variant("fairytale");
  const char* deck =
      " deck=forest-fire,ally-wolf*2,helper-elves,poisoned-apple,stolen-porridge,kidnapped";
  const std::string starts[] = {
      std::string("3l4/2l5/8/8/8/8/3C4/2C5 w - - 0 1 scenario=huffpuff") + deck,
      std::string("4k3/2n5/8/8/8/8/3N4/2C1K3 w - - 0 1 scenario=kingsmen") + deck,
      std::string("R1p5/1cp5/8/8/8/6P1/5PCN/8 w - - 0 1 scenario=damsel") + deck,
  };
  int compared = 0;
  uint64_t state = 12345;
  for (const std::string& start : starts) {
    for (int game = 0; game < 3; ++game) {
      Position pos = Position::from_string(v, start);
      for (int turn = 0; turn < 6 && !pos.outcome().over();) {
        if (pos.at_turn_start()) {
          ++turn;
          // Reductions change values by design; only the chance-node
          // pruning differs between the two searches.
          expect_star_exact(pos, 2, /*expectimax_depth=*/turn == 1 ? 2 : 1);
          ++compared;
        }
        ActionList list;
        pos.legal_actions(list);
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        pos.apply(list[(state >> 33) % list.size()]);
      }
    }
  }
  EXPECT_GE(compared, 20);
}

// The same for the crazy queen's chance steps in Family Matters, at every
// pending chance decision met in seeded random play from the start.
// Quiescence stops before her step here: plain expectimax searches the
// captures without a window, and the capture sequences that go on through
// her step then take minutes. Through her step quiescence takes one step,
// searched like any capture, so the window does not change its value
// (QuiescenceAnswersACaptureAcrossTheCrazyQueensStep checks what it finds).
TEST(Search, StarPruningEqualsExpectimaxWithTheCrazyQueen) {
  auto v = make_variant("familymatters", "crazyqueen");
  int compared = 0;
  uint64_t state = 777;
  for (int game = 0; game < 4; ++game) {
    Position pos = Position::start(v);
    for (int action = 0; action < 40 && !pos.outcome().over(); ++action) {
      if (pos.decision().kind == DecisionKind::kChance) {
        expect_star_exact(pos, 3, /*expectimax_depth=*/2, /*step_quiescence=*/false);
        ++compared;
      }
      ActionList list;
      pos.legal_actions(list);
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      pos.apply(list[(state >> 33) % list.size()]);
    }
  }
  EXPECT_GE(compared, 20);
}

// The crazy queen steps after every Black move, so in quiescence a Black
// capture is followed by her step before White can take back. Black to
// move: the Rook d7 can take the Rook d2, which the Queen d1 defends;
// nothing else of either side can capture, and the queen on i1 takes
// nothing with any step (checked below). Searched through her step,
// Rook for Rook nets nothing, and Black may also stand pat: quiescence
// stays within half a Rook of the static score. Judged before her step
// (`--without step-quiescence`, the search before this rule), the Rook
// looks won for nothing: at least half a Rook above the static score.
TEST(Search, QuiescenceAnswersACaptureAcrossTheCrazyQueensStep) {
  auto v = make_variant("familymatters", "crazyqueen");
  Position pos =
      Position::from_string(v, "***1k****/**1r2***/*6**/S6p*/7s*/*6**/**1R2***/***QK***O b 0 1");
  ASSERT_TRUE(derive_profile(pos.variant()).random_step);
  const ParsedAction trade = parse_action(pos, "d7d2");
  ASSERT_TRUE(trade.ok()) << trade.error;
  const int rook = v->value(pos.at(v->geometry.parse("d2")));
  ASSERT_GT(rook, 0);
  pos.apply(trade.action);
  std::vector<ChanceOutcome> steps;
  pos.chance_outcomes(steps);
  ASSERT_GE(steps.size(), 2u);
  for (const ChanceOutcome& o : steps) {
    EXPECT_FALSE(pos.at(o.action.to)) << "her step takes a piece";
    pos.apply(o.action);
    EXPECT_TRUE(parse_action(pos, "d1d2").ok());  // the recapture
    pos.undo();
  }
  pos.undo();

  const int standing = eval::evaluate(pos, kBlack);
  TranspositionTable tt(1);
  const int through = Searcher(tt).value(pos, 0);
  EXPECT_LT(std::abs(through - standing), rook / 2) << through << " against " << standing;
  Options before;
  ASSERT_TRUE(before.disable("step-quiescence"));
  TranspositionTable tt_before(1);
  const int judged_early = Searcher(tt_before, before).value(pos, 0);
  EXPECT_GT(judged_early, standing + rook / 2) << judged_early << " against " << standing;
}

// Near the horizon one of the crazy queen's steps stands for all of them
// (the first that takes nothing), except her first step on the path,
// which is always averaged. After Black's d7d2 (the position of the test
// above) her step is the root: searched one turn deep, every step is
// followed by White's quiescence, and the value is the same as when every
// step is averaged (`--set step-horizon=0`, the search before). Three
// turns deep (her step, White's turn, Black's turn), her next step after
// Black's move is within the horizon and not averaged: fewer nodes than
// averaging it.
TEST(Search, OneOfTheCrazyQueensStepsStandsForAllNearTheHorizon) {
  auto v = make_variant("familymatters", "crazyqueen");
  Position pos =
      Position::from_string(v, "***1k****/**1r2***/*6**/S6p*/7s*/*6**/**1R2***/***QK***O b 0 1");
  const ParsedAction trade = parse_action(pos, "d7d2");
  ASSERT_TRUE(trade.ok()) << trade.error;
  pos.apply(trade.action);
  ASSERT_EQ(pos.decision().kind, DecisionKind::kChance);
  ASSERT_GE(Options().step_horizon, 2);
  Options every = Options::full_width(), one = every;
  ASSERT_TRUE(every.set("step-horizon=0"));

  TranspositionTable tt_every(1), tt_one(1);
  EXPECT_EQ(Searcher(tt_one, one).value(pos, 1), Searcher(tt_every, every).value(pos, 1));
  TranspositionTable tt_every3(1), tt_one3(1);
  Searcher averaging(tt_every3, every), standing(tt_one3, one);
  averaging.value(pos, 3);
  standing.value(pos, 3);
  EXPECT_LT(standing.nodes(), averaging.nodes());
}

// Wizard Chess: a Warrior taken in its own territory comes back, placed
// at the start of its owner's next turn before the move. White to move:
// the Warrior d8 can take the Warrior d9 (Black's territory), which the
// Hero d10 defends (a Hero takes one step orthogonally); nothing else can
// capture. After d8d9 Black's turn starts with the placement, then the
// Hero takes back: White has lost a Warrior for nothing, so quiescence
// stands pat on the static score. Judged at the placement instead
// (`--without choice-quiescence`, the search before this rule), the
// capture stood unanswered and looked better than standing pat.
TEST(Search, QuiescenceAnswersACaptureAcrossAWarriorsReturn) {
  auto v = make_variant("wizard");
  Position pos = Position::from_string(v, "6z/7/3h3/3w3/3W3/7/7/7/7/7/7/Z6 w Zz 00 0 1");
  ASSERT_TRUE(derive_profile(pos.variant()).quiescence_through_choice);
  const ParsedAction take = parse_action(pos, "d8d9");
  ASSERT_TRUE(take.ok()) << take.error;
  pos.apply(take.action);
  ASSERT_EQ(pos.decision().kind, DecisionKind::kChoice);  // the placement
  pos.undo();

  const int standing = eval::evaluate(pos, kWhite);
  TranspositionTable tt(1);
  EXPECT_EQ(Searcher(tt).value(pos, 0), standing);
  Options before;
  ASSERT_TRUE(before.disable("choice-quiescence"));
  TranspositionTable tt_before(1);
  EXPECT_GT(Searcher(tt_before, before).value(pos, 0), standing);
}

TEST(Engine, StopEndsAnInfiniteSearch) {
  Engine engine;
  engine.set_position(Position::start(make_variant("normal")));
  std::atomic<bool> done{false};
  Result got;
  Limits limits;
  limits.infinite = true;
  engine.go(limits, {}, [&](const Result& r) {
    got = r;
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  engine.stop();  // returns once the result is delivered
  EXPECT_TRUE(done.load());
  EXPECT_TRUE(got.has_action);
}

// On a test clock that advances a millisecond every 4 readings (one every
// 256 nodes), a 200 ms move ends by the move time: the hard limit is
// 200 - tuning::kTimeMarginMs / 3 = 190, and the result's time is read
// once past it. (tests/search/time_test.cpp checks every variant.)
TEST(Engine, FixedTimeIsRespected) {
  Engine engine;
  engine.set_position(Position::start(make_variant("normal")));
  Limits limits;
  limits.move_time_ms = 200;
  auto readings = std::make_shared<std::atomic<int64_t>>(0);
  limits.clock = [readings] { return readings->fetch_add(1) / 4; };
  const Result r = engine.think(limits);
  EXPECT_TRUE(r.has_action);
  EXPECT_LE(r.time_ms, 200);
  EXPECT_GE(r.depth, 1);
}

TEST(SearchOptions, TechniquesAreLeftOutByName) {
  Options o;
  EXPECT_TRUE(o.disable("futility,lmr"));
  EXPECT_FALSE(o.futility);
  EXPECT_FALSE(o.late_move_reductions);
  EXPECT_TRUE(o.reverse_futility);
  EXPECT_TRUE(o.null_move);
  EXPECT_TRUE(o.disable(""));  // nothing left out
  // An unknown name changes nothing, not even the names before it.
  EXPECT_FALSE(o.disable("null-move,telepathy"));
  EXPECT_TRUE(o.null_move);
  // All of the newer ones out: the bench signature of the search before
  // them (README, Performance).
  Options old;
  EXPECT_TRUE(old.disable("log-lmr,reverse-futility,futility,late-move-pruning"));
  EXPECT_FALSE(old.log_reductions || old.reverse_futility || old.futility || old.late_move_pruning);
}

TEST(SearchOptions, SettingsAreChangedByName) {
  Options o;
  EXPECT_TRUE(o.set("chance-samples=6,full-chance-depth=0"));
  EXPECT_EQ(o.chance_samples, 6);
  EXPECT_EQ(o.full_chance_depth, 0);
  EXPECT_TRUE(o.set(""));
  // Unknown names, values out of range or not numbers change nothing.
  for (const char* bad : {"chance-samples=65", "star2-min-depth=-1", "chance-samples=4x",
                          "chance-samples", "telepathy=1", "star2-min-depth=3,chance-samples="}) {
    EXPECT_FALSE(o.set(bad)) << bad;
    EXPECT_EQ(o.chance_samples, 6) << bad;
    EXPECT_EQ(o.star2_min_depth, tuning::kStar2MinDepth) << bad;
  }
  // Null move's divisor is never 0: it divides the turns left.
  EXPECT_FALSE(o.set("null-divisor=0"));
  EXPECT_EQ(o.null_depth_divisor, tuning::kNullDepthDivisor);
  // Every name the help lists is one `disable` or `set` reads.
  for (const std::string& name : Options::switch_names()) EXPECT_TRUE(Options().disable(name));
  for (const std::string& named : Options::setting_names())
    EXPECT_TRUE(Options().set(named.substr(0, named.find(' ')) + "=1")) << named;
}

// 4r1k1/3n1ppp/8/8/8/8/5PPP/3R2K1 w: Rxd7 wins a Knight at depth 1, and
// at depth 2 loses to Re1#, the Rook having left the back rank. A search
// stopped inside its second iteration, after it has searched Rxd7 (the
// first, from the table) and found another move better, plays that move
// although its last complete depth is 1; told to ignore an unfinished
// iteration, it plays Rxd7. Node limits decide where it stops (depth 1
// takes 39 nodes, depth 2 about 550 more).
TEST(Search, AStoppedIterationKeepsTheBetterMoveItFound) {
  const char* fen = "4r1k1/3n1ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
  auto v = make_variant("normal");
  const Position start = Position::from_string(v, fen);
  auto stopped_at = [&](uint64_t nodes, bool keep) {
    Options o;
    o.use_interrupted_iteration = keep;
    TranspositionTable tt(1);
    Searcher s(tt, o);
    Position pos = start;
    std::atomic<bool> stop{false};
    Limits limits;
    limits.nodes = nodes;
    return s.run(pos, limits, stop);
  };
  const Result one = search_depth("normal", fen, 1), two = search_depth("normal", fen, 2);
  ASSERT_EQ(action_text(start, one.best), "d1d7");
  ASSERT_NE(action_text(start, two.best), "d1d7");
  bool kept = false;
  for (uint64_t nodes = 1; nodes < 1000; nodes += 8) {
    const Result r = stopped_at(nodes, true);
    if (r.depth != 1) continue;
    kept = kept || action_text(start, r.best) != "d1d7";
    EXPECT_EQ(action_text(start, stopped_at(nodes, false).best), "d1d7") << nodes;
  }
  EXPECT_TRUE(kept);
}

// The same position: whenever a stopped depth 2 changes the action, the
// last progress report begins with the action played (a GUI shows that
// line under the move), at depth 2, with the result's value.
TEST(Search, AnAdoptedActionIsTheLastLineReported) {
  const char* fen = "4r1k1/3n1ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
  auto v = make_variant("normal");
  const Position start = Position::from_string(v, fen);
  int adopted = 0;
  for (uint64_t nodes = 1; nodes < 1000; nodes += 8) {
    TranspositionTable tt(1);
    Searcher s(tt);
    Position pos = start;
    std::atomic<bool> stop{false};
    Limits limits;
    limits.nodes = nodes;
    std::optional<Info> last;
    const Result r = s.run(pos, limits, stop, [&](const Info& info) { last = info; });
    if (r.depth != 1 || action_text(start, r.best) == "d1d7") continue;
    ++adopted;
    ASSERT_TRUE(last.has_value()) << nodes;
    ASSERT_FALSE(last->pv.empty()) << nodes;
    EXPECT_EQ(action_text(start, last->pv[0]), action_text(start, r.best)) << nodes;
    EXPECT_EQ(last->depth, 2) << nodes;
    EXPECT_EQ(last->score, r.score) << nodes;
  }
  EXPECT_GT(adopted, 0);
}

// Past the horizon a Fairy Tale draw is passed over to look at the
// captures: White to draw with its Queen d1 facing Black's undefended
// Queen d5 (Kings e1, e8; no piece can take back on d5). The value at
// depth 0 is the better of standing (the static value) and Qxd5 (then
// Black, its draw passed over too, has no capture and stands: the static
// value of Black's turn start); without the look past the draw, the
// static value alone.
TEST(Search, PastTheHorizonTheCapturesAfterADrawCount) {
  auto v = make_variant("fairytale", "kingsmen");
  const char* fen =
      "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1 scenario=kingsmen hands=-/- pools=-/- next=-/-";
  Position pos = Position::from_string(v, fen);
  const int standing = eval::evaluate(pos, kWhite);
  Position taken = pos;
  ASSERT_TRUE(taken.skip_draw());
  taken.apply(parse_action(taken, "d1d5").action);
  ASSERT_TRUE(taken.at_turn_start());
  const int after_capture = -eval::evaluate(taken, kBlack);
  ASSERT_GT(after_capture, standing + 500);  // a Queen up
  TranspositionTable tt(1);
  EXPECT_EQ(Searcher(tt).value(pos, 0), std::max(standing, after_capture));
  Options without;
  ASSERT_TRUE(without.disable("draw-quiescence"));
  EXPECT_EQ(Searcher(tt, without).value(pos, 0), standing);
}

// A search stopped inside its first iteration has completed no depth: it
// says depth 0 and reports no thinking line (before, it claimed depth 1
// with the stopped search's meaningless value 0), and still has an action.
// Magic vs Might without the deck: depth 1 of this position takes about
// 700,000 nodes (its quiescence, searched by hand over XBoard with `sd 1`),
// so 5,000 nodes stop it inside.
TEST(Search, AStoppedFirstIterationCompletesNoDepth) {
  auto v = make_variant("fairytale", "magicmight,nocards");
  Position pos = Position::from_string(
      v,
      "widrfdiw/llll2ll/3l1l2/8/8/P1N5/1PPPPPPP/C1BQKBNC w KQ - 1 3 scenario=magicmight "
      "cards=off");
  TranspositionTable tt(1);
  Searcher s(tt);
  std::atomic<bool> stop{false};
  Limits limits;
  limits.nodes = 5000;
  int lines = 0;
  const Result r = s.run(pos, limits, stop, [&](const Info&) { ++lines; });
  EXPECT_TRUE(r.has_action);
  EXPECT_EQ(r.depth, 0);
  EXPECT_EQ(lines, 0);
  EXPECT_LT(r.nodes, 5000u + 1024u);
}

// The variant decides where the captures past a draw are searched: every
// Fairy Tale goal but the Damsel's race to h1 (README, Performance: the
// matches that decided it).
TEST(Profile, CapturesPastTheDrawExceptInARace) {
  for (const char* scenario : {"kingsmen", "huffpuff", "magicmight"})
    EXPECT_TRUE(derive_profile(*make_variant("fairytale", scenario)).quiescence_past_draw)
        << scenario;
  EXPECT_FALSE(derive_profile(*make_variant("fairytale", "damsel")).quiescence_past_draw);
}

}  // namespace
}  // namespace fable::search

namespace fable::search {
namespace {

// Quiescence in chess: Qxd5 gives the Queen for a Pawn (exd5), so the
// pruning leaves it out unsearched; without it the capture and its
// recapture are searched and refuted. Both values are the stand-pat score
// (White's best is to capture nothing), only the work differs.
TEST(Search, QuiescenceLeavesOutAQueenTakingADefendedPawn) {
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
  const int standing = eval::evaluate(pos, kWhite);
  TranspositionTable tt_a(1), tt_b(1);
  Searcher pruned(tt_a);
  Options without;
  ASSERT_TRUE(without.disable("defended-capture-pruning,delta-pruning"));
  ASSERT_TRUE(without.set("exchange-depth=0"));  // the exchange would prune it too
  Searcher full(tt_b, without);
  EXPECT_EQ(pruned.value(pos, 0), standing);
  EXPECT_EQ(full.value(pos, 0), standing);
  // The root's search node and its quiescence node, nothing below them;
  // without the pruning Qxd5 and exd5 besides.
  EXPECT_EQ(pruned.nodes(), 2u);
  EXPECT_GE(full.nodes(), 4u);
}

// Null move's reduction follows its settings: in a busy chess middlegame
// (Kiwipete, the perft position) searched to depth 9, a deeper
// reduction (3 turns, one more per 3 left and per 200 centipawns above
// beta, instead of 2 and one per 4) leaves fewer nodes, and none at all
// (0 turns, and the divisor past the depth) more.
TEST(Search, NullMoveReducesAsItsSettingsSay) {
  auto nodes_with = [](const char* settings) {
    Position pos = Position::from_string(
        make_variant("normal"),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    TranspositionTable tt(4);
    Options o;
    EXPECT_TRUE(o.set(settings)) << settings;
    Searcher s(tt, o);
    s.value(pos, 9);
    return s.nodes();
  };
  const uint64_t usual = nodes_with("");
  EXPECT_LT(nodes_with("null-base=3,null-divisor=3,null-eval-divisor=200"), usual);
  EXPECT_GT(nodes_with("null-base=0,null-divisor=16"), usual);
}

// Razoring (`--set razor-depth=N,razor-margin=M`): near
// the horizon a node far below beta takes its captures' value. Kiwipete
// at depth 8 searches another tree with it within 3 turns at 250 a turn
// than without (not always a smaller one: the captures and quiet checks
// below a razored node cost nodes too; with chess's fit of 2026.12.07,
// 71,628 against 63,325). In the Damsel's race
// without the deck (no check: a quiet step may reach the goal) it never
// acts: the same nodes with and without it.
TEST(Search, RazoringActsAsItsSettingsSayAndOnlyWhereTheRoyalIsChecked) {
  auto nodes_with = [](const char* variant, const char* options, const char* fen, int depth,
                       const char* settings) {
    Position pos = Position::from_string(make_variant(variant, options), fen);
    TranspositionTable tt(4);
    Options o;
    EXPECT_TRUE(o.set(settings)) << settings;
    Searcher s(tt, o);
    s.value(pos, depth);
    return s.nodes();
  };
  const char* kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const uint64_t without = nodes_with("normal", "", kiwipete, 8, "razor-depth=0");
  const uint64_t with = nodes_with("normal", "", kiwipete, 8, "razor-depth=3,razor-margin=250");
  EXPECT_NE(with, without);
  const char* damsel = "Rcp5/5c2/ppp5/6cP/6P1/6P1/7N/5P2 w - - 0 8 scenario=damsel cards=off";
  EXPECT_EQ(nodes_with("fairytale", "damsel,nocards", damsel, 7, "razor-depth=3,razor-margin=0"),
            nodes_with("fairytale", "damsel,nocards", damsel, 7, "razor-depth=0"));
  // Unset, each game's own: none yet (in chess 3 turns won +24 ± 19 at
  // equal time, but missed the mates of Mates.* at their depth; with the
  // quiet checks searched, −9 ± 22).
  Options o;
  EXPECT_EQ(o.razor_depth, -1);
  EXPECT_EQ(nodes_with("normal", "", kiwipete, 8, "razor-margin=250"), without);
  EXPECT_EQ(Options::full_width().razor_depth, 0);
  EXPECT_EQ(make_variant("normal")->razor_depth, 0);
  EXPECT_EQ(make_variant("wizard")->razor_depth, 0);
  EXPECT_EQ(make_variant("familymatters")->razor_depth, 0);
  EXPECT_EQ(make_variant("fairytale", "kingsmen,nocards")->razor_depth, 0);
  EXPECT_FALSE(o.set("razor-depth=7"));
}

TEST(Search, RazoringSeesAQuietMate) {
  // Morphy's problem (Search.MorphyMateInTwo) with razoring on: after
  // 1.Ra6 bxa6 White is a rook down, far below beta at one turn from the
  // horizon, and the node is razored. 2.b7# is a quiet move: a razoring
  // that searched the captures alone missed it, and the mate with it.
  Options o;
  ASSERT_TRUE(o.set("razor-depth=3,razor-margin=0"));
  const char* fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
  const Result r = search_depth("normal", fen, 4, o);
  const Position pos = Position::from_string(make_variant("normal"), fen);
  EXPECT_EQ(action_text(pos, r.best), "a1a6");
  EXPECT_EQ(r.score, win_in(3));
}

// A quiescence search of `fen` (chess) with the static exchange
// (`--set exchange-depth=6`, the default) and with the cheaper
// defended-square test (`--set exchange-depth=0`).
struct ExchangeAndCheaper {
  int exchange_value, cheaper_value;
  uint64_t exchange_nodes, cheaper_nodes;
};
ExchangeAndCheaper quiescence_with_exchange_and_cheaper(const char* fen) {
  Position pos = Position::from_string(make_variant("normal"), fen);
  TranspositionTable tt_a(1), tt_b(1);
  Options with;
  EXPECT_TRUE(with.set("exchange-depth=6"));
  Options without;
  EXPECT_TRUE(without.set("exchange-depth=0"));
  Searcher exchange(tt_a, with);
  Searcher cheaper(tt_b, without);
  const int exchange_value = exchange.value(pos, 0), cheaper_value = cheaper.value(pos, 0);
  return {exchange_value, cheaper_value, exchange.nodes(), cheaper.nodes()};
}

// The exchange replaces the cheaper test in quiescence. Here it says what
// that test guessed: Qxd5 exd5 loses 850, and neither searches it (the
// root's search and quiescence nodes only).
TEST(Search, QuiescenceAsksTheExchangeOrTheDefenderAlike) {
  const ExchangeAndCheaper r =
      quiescence_with_exchange_and_cheaper("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(r.exchange_value, r.cheaper_value);  // the stand-pat score
  EXPECT_EQ(r.exchange_nodes, 2u);
  EXPECT_EQ(r.cheaper_nodes, 2u);
}

// Where the cheap test guesses wrong: d5 is defended by Black's Queen,
// but White's Rook stands behind the Queen. Qxd5 Qxd5 Rxd5 is +100 - 950
// + 950, and Black does better not to take back: the exchange wins the
// Pawn, so it is searched and the value is higher, while "a Queen on a
// defended square" leaves it out and stands pat.
TEST(Search, QuiescenceKeepsACaptureThatWinsTheExchange) {
  const ExchangeAndCheaper r =
      quiescence_with_exchange_and_cheaper("3qk3/8/8/3p4/8/8/3Q4/3RK3 w - - 0 1");
  EXPECT_GT(r.exchange_value, r.cheaper_value);
  EXPECT_GE(r.exchange_nodes, 3u);  // Qxd5 searched
  EXPECT_EQ(r.cheaper_nodes, 2u);   // Qxd5 left out: d5 is defended
}

// Delta pruning: in the window (standing + 500, standing + 501), taking an
// undefended Pawn (about 100) cannot reach alpha, so it is not searched;
// the result is then a fail-low bound at the stand-pat score.
TEST(Search, QuiescenceLeavesOutACaptureThatCannotReachAlpha) {
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1");
  const int standing = eval::evaluate(pos, kWhite);
  TranspositionTable tt_a(1), tt_b(1);
  Searcher pruned(tt_a);
  Options without;
  ASSERT_TRUE(without.disable("delta-pruning"));
  Searcher full(tt_b, without);
  EXPECT_LE(pruned.value(pos, 0, standing + 500, standing + 501), standing + 500);
  EXPECT_LE(full.value(pos, 0, standing + 500, standing + 501), standing + 500);
  EXPECT_EQ(pruned.nodes(), 2u);  // the root's search and quiescence nodes
  EXPECT_GE(full.nodes(), 3u);    // and Qxd5
}

// Neither runs where the profile does not prune forward: the same Fairy
// Tale position (Huff and Puff, whose goal is to take every piece) searches
// the capture either way.
TEST(Search, QuiescencePruningOnlyWhereTheProfilePrunes) {
  auto v = make_variant("fairytale", "huffpuff,nocards");
  const char* fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1 scenario=huffpuff cards=off";
  Position pos = Position::from_string(v, fen);
  ASSERT_FALSE(derive_profile(pos.variant()).forward_pruning);
  TranspositionTable tt_a(1), tt_b(1);
  Searcher with(tt_a);
  Options without;
  ASSERT_TRUE(without.disable("defended-capture-pruning,delta-pruning"));
  Searcher full(tt_b, without);
  EXPECT_EQ(with.value(pos, 0), full.value(pos, 0));
  EXPECT_EQ(with.nodes(), full.nodes());
}

}  // namespace
}  // namespace fable::search

namespace fable::search {
namespace {

// Where the profile prunes forward: the games whose royal is checked
// (chess, Wizard Chess, the Fairy Tale scenarios with check rules) or
// taken (Family Matters, with or without the crazy queen, whose step is
// in the middle of a turn), and the Damsel's race, without the card deck.
// Not the deck games, not Huff and Puff's extinction. Null move besides
// needs single-action turns without passes and a royal that is checked,
// not taken (a side with no legal move loses in Family Matters: zugzwang
// is a rule there).
TEST(Profile, ForwardPruningWhereARoyalIsThreatenedOrARaceRunsWithoutTheDeck) {
  // exchange: static exchange pruning, only where forward pruning is on,
  // the game is won by checkmate or by the essential piece and no piece
  // shoots (search/profile.h).
  struct Case {
    const char* variant;
    const char* options;
    bool forward_pruning, null_move, exchange;
  };
  for (const Case& c :
       {Case{"normal", "", true, true, true}, Case{"wizard", "", true, false, false},
        Case{"familymatters", "", true, false, false},
        Case{"familymatters", "oldqueen", true, false, false},
        Case{"familymatters", "crazyqueen", true, false, false},
        Case{"fairytale", "kingsmen,nocards", true, true, true},
        Case{"fairytale", "magicmight,nocards", true, true, true},
        Case{"fairytale", "huffpuff,nocards", false, false, false},
        Case{"fairytale", "damsel,nocards", true, false, false},
        Case{"fairytale", "damsel", false, false, false},
        Case{"fairytale", "kingsmen", false, false, false}}) {
    const Profile p = derive_profile(*make_variant(c.variant, c.options));
    EXPECT_EQ(p.forward_pruning, c.forward_pruning) << c.variant << " " << c.options;
    EXPECT_EQ(p.null_move, c.null_move) << c.variant << " " << c.options;
    EXPECT_EQ(p.exchange_pruning, c.exchange) << c.variant << " " << c.options;
  }
}

// Quiescence goes on through the crazy queen's step only where she steps
// at random, and through a player's choice wherever there is no deck;
// chance nodes average expected scores with her step and with the deck,
// except in Huff and Puff (search/profile.h).
TEST(Profile, QuiescenceGoesThroughHerStepAndTheChoicesOutsideTheDeck) {
  struct Case {
    const char* variant;
    const char* options;
    bool through_step, through_choice, expected_scores;
  };
  for (const Case& c :
       {Case{"normal", "", false, true, false}, Case{"wizard", "", false, true, false},
        Case{"familymatters", "", false, true, false},
        Case{"familymatters", "oldqueen", false, true, false},
        Case{"familymatters", "crazyqueen", true, true, true},
        Case{"fairytale", "kingsmen,nocards", false, true, false},
        Case{"fairytale", "kingsmen", false, false, true},
        Case{"fairytale", "damsel", false, false, true},
        Case{"fairytale", "magicmight", false, false, true},
        Case{"fairytale", "huffpuff", false, false, false}}) {
    const Profile p = derive_profile(*make_variant(c.variant, c.options));
    EXPECT_EQ(p.random_step, c.through_step) << c.variant << " " << c.options;
    EXPECT_EQ(p.quiescence_through_choice, c.through_choice) << c.variant << " " << c.options;
    EXPECT_EQ(p.expected_score_chance, c.expected_scores) << c.variant << " " << c.options;
  }
}

// The Damsel without the deck, where the profile prunes forward: a move
// onto the goal square is never left out near the horizon. Black to move
// (Peasants c6 and f7) cannot stop the Princess on h4 from stepping to h1
// (h3 and h2 are empty; she never captures, nothing of Black's can reach
// the h-file), so every Black move loses. Searched two turns deep in the
// null window (-3000, -2999): after Black's second move, White's node (one
// turn left, not on the principal variation) has alpha 2999, far above
// its static score, so futility would leave out every quiet move after
// the first one searched, the Knight's capture on c6 — the winning one
// too, and Black's move would then look better than -3000.
TEST(Search, ARaceIsNeverPrunedAwayNearTheHorizon) {
  auto v = make_variant("fairytale", "damsel,nocards");
  Position pos =
      Position::from_string(v, "8/5p2/2p5/8/3N3R/8/8/8 b - - 0 1 scenario=damsel cards=off");
  ASSERT_TRUE(derive_profile(pos.variant()).forward_pruning);
  ActionList black;
  pos.legal_actions(black);
  ASSERT_GE(black.size(), 2u);
  for (const Action& a : black) {  // the derivation: h4h1 wins after each
    pos.apply(a);
    const ParsedAction win = parse_action(pos, "h4h1");
    ASSERT_TRUE(win.ok()) << win.error;
    pos.apply(win.action);
    EXPECT_EQ(pos.outcome().result, fable::Result::kWhiteWins);
    pos.undo();
    pos.undo();
  }
  TranspositionTable tt(1);
  EXPECT_LE(Searcher(tt).value(pos, 2, -3000, -2999), -kWinBound);
}

// Family Matters: the King is worth nothing as material, so delta pruning
// would leave out the capture that wins. The position of
// Wins.FamilyMattersKingCapture (Queen e5 takes the King on e8): in a
// window 500 above the stand-pat score, taking a piece worth 0 "cannot
// reach alpha", yet quiescence must find the win.
TEST(Search, QuiescenceNeverLeavesOutTakingTheKing) {
  auto v = make_variant("familymatters");
  Position pos =
      Position::from_string(v, "***1k****/**4***/*6**/1q2Q2p*/P6s*/*6**/**4***/***K1***1 w 0 1");
  ASSERT_TRUE(derive_profile(pos.variant()).forward_pruning);
  const int standing = eval::evaluate(pos, kWhite);
  TranspositionTable tt(1);
  EXPECT_GE(Searcher(tt).value(pos, 0, standing + 500, standing + 501), kWinBound);
}

}  // namespace
}  // namespace fable::search
