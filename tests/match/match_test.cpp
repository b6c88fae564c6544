// The match runner end to end: real engine processes (Fable, Fable picking
// random actions, and a fake engine that misbehaves), PGN written and
// replayed through the rules.
#include "protocol/match/match.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "notation.h"
#include "position.h"
#include "protocol/match/match_cli.h"
#include "protocol/match/openings.h"
#include "protocol/match/pgn.h"

namespace fable::match {
namespace {

const std::string kFable = FABLE_EXECUTABLE;
const std::string kFake = FAKE_ENGINE;

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "fable_match_" + name;
}

std::vector<PgnGame> read_file(const std::string& path) {
  std::ifstream in(path);
  return read_pgn(in);
}

MatchSummary quiet_match(const MatchSettings& s) {
  std::ostringstream out, progress;
  return run_match(s, out, progress, false);
}

// A game that cannot begin (here a start position that is no position)
// has no result: it is neither a draw nor part of a pair.
TEST(Match, AGameWithoutAResultIsNotCounted) {
  MatchSettings s;
  s.engine_command[0] = kFable + " --random-mover --seed 1";
  s.engine_command[1] = kFable + " --random-mover --seed 2";
  s.games = 2;
  s.positions = {"not a position"};
  const MatchSummary m = quiet_match(s);
  EXPECT_EQ(m.games_played, 2);
  EXPECT_EQ(m.unfinished, 2);
  EXPECT_EQ(m.wdl.games(), 0);
  EXPECT_EQ(m.pentanomial.total(), 0);
}

// Every misbehaviour loses the game it happens in, with its reason in the
// PGN, and the match goes on (each game starts fresh processes).
TEST(Match, ForfeitsAreRecordedAndTheMatchGoesOn) {
  struct Case {
    std::string mode, termination;
  };
  for (const Case& c : {Case{"illegal", "rules infraction"}, Case{"crash", "abandoned"},
                        Case{"hang", "time forfeit"}, Case{"mute", "abandoned"}}) {
    MatchSettings s;
    s.engine_command[0] = kFake + " " + c.mode;
    s.engine_command[1] = kFable + " --random-mover --seed 2";
    s.games = 2;
    s.tc.base_seconds = 1;
    s.tc.increment_seconds = 0;
    s.startup_ms = 2000;  // the mute engine's handshake waits this long
    s.pgn_path = temp_path(c.mode + ".pgn");
    const MatchSummary m = quiet_match(s);
    EXPECT_EQ(m.games_played, 2) << c.mode;
    EXPECT_EQ(m.forfeits, 2) << c.mode;
    EXPECT_EQ(m.wdl.losses, 2) << c.mode;
    const std::vector<PgnGame> games = read_file(s.pgn_path);
    ASSERT_EQ(games.size(), 2u) << c.mode;
    for (const PgnGame& g : games) {
      EXPECT_EQ(g.tag("Termination"), c.termination) << c.mode;
      EXPECT_EQ(replay_check(g), "") << c.mode;
      // No move by the deadline (1 s on the clock, the default 100 ms
      // margin) is a loss on time, said as such: the referee cannot tell a
      // hung engine from a late one.
      if (c.mode == "hang") {
        EXPECT_EQ(g.final_comment, "Fake hang loses on time: no move within 1100 ms");
      }
    }
    // The fake engine is White in game 1 and Black in game 2: it loses both.
    EXPECT_EQ(games[0].result, "0-1") << c.mode;
    EXPECT_EQ(games[1].result, "1-0") << c.mode;
  }
}

// Short matches Fable against a random mover in every variant: they
// finish, and their PGN replays through the rules to the recorded results.
TEST(Match, ShortMatchesInEveryVariantReplay) {
  struct Case {
    std::string variant, options;
  };
  for (const Case& c : {Case{"normal", ""}, Case{"wizard", ""}, Case{"familymatters", "oldqueen"},
                        Case{"familymatters", "crazyqueen"}, Case{"fairytale", "kingsmen"},
                        Case{"fairytale", "damsel,nocards"}}) {
    MatchSettings s;
    s.engine_command[0] = kFable + " --depth 1";
    s.engine_command[1] = kFable + " --random-mover --seed 3";
    s.variant = c.variant;
    s.options = c.options;
    s.games = 2;
    s.tc.base_seconds = 60;  // never the limit: depth 1 and random moves are quick
    s.adjudication.max_moves = 40;
    s.pgn_path = temp_path(c.variant + c.options + ".pgn");
    const MatchSummary m = quiet_match(s);
    EXPECT_EQ(m.games_played, 2) << c.variant;
    EXPECT_EQ(m.forfeits, 0) << c.variant;
    const std::vector<PgnGame> games = read_file(s.pgn_path);
    ASSERT_EQ(games.size(), 2u) << c.variant;
    int first_points_x2 = 0;
    for (size_t i = 0; i < games.size(); ++i) {
      EXPECT_EQ(replay_check(games[i]), "") << c.variant << " game " << i + 1;
      EXPECT_EQ(games[i].tag("Variant"), c.variant);
      const bool first_white = i % 2 == 0;
      const std::string& r = games[i].result;
      first_points_x2 += r == "1/2-1/2" ? 1 : (r == "1-0") == first_white ? 2 : 0;
    }
    EXPECT_EQ(first_points_x2, 2 * m.wdl.wins + m.wdl.draws) << c.variant;
    // Both games of the pair begin from the same opening and seed.
    EXPECT_EQ(games[0].tag("Seed"), games[1].tag("Seed"));
  }
}

// A random opening is found for every seed, and it does not end the game,
// also where the seed's own deal would end it whatever the players do: in
// Huff and Puff the pair seed 15187860788684657031 (pair 72 of a match with
// --seed 1) deals a Forest Fire at Black's first draw, which burns every
// Black piece; the match abandoned those games ("no random opening of 4
// actions avoids the end of the game").
TEST(Match, RandomOpeningsNeverEndTheGame) {
  struct Case {
    std::string variant, options;
  };
  std::vector<uint64_t> seeds = {15187860788684657031ULL, 2338127342049817198ULL};
  for (uint64_t s = 1; s <= 300; ++s) seeds.push_back(s);
  for (const Case& c : {Case{"familymatters", "crazyqueen"}, Case{"fairytale", "kingsmen"},
                        Case{"fairytale", "damsel"}, Case{"fairytale", "huffpuff"},
                        Case{"fairytale", "magicmight"}}) {
    const auto v = make_variant(c.variant, c.options);
    for (uint64_t s : seeds) {
      std::vector<std::string> line;
      ASSERT_NO_THROW(line = random_opening(c.variant, c.options, "", s, 4))
          << c.options << " seed " << s;
      Position pos = Position::start(v);
      int played = 0;
      for (const std::string& text : line) {
        played += pos.decision().kind != DecisionKind::kChance;
        const ParsedAction parsed = parse_action(pos, text);
        ASSERT_TRUE(parsed.ok()) << c.options << " seed " << s << ": " << text;
        pos.apply(parsed.action);
      }
      EXPECT_EQ(played, 4) << c.options << " seed " << s;
      EXPECT_FALSE(pos.outcome().over()) << c.options << " seed " << s;
    }
  }
  // The referee plays a game from an opening dealt apart from its seed.
  GameSpec spec;
  spec.variant = "fairytale";
  spec.options = "huffpuff";
  spec.seed = 15187860788684657031ULL;
  spec.opening = random_opening(spec.variant, spec.options, "", spec.seed, 4);
  spec.engine_command[kWhite] = kFable + " --depth 1";
  spec.engine_command[kBlack] = kFable + " --random-mover --seed 5";
  spec.tc.base_seconds = 60;
  spec.adjudication.max_moves = 40;
  const GameRecord g = play_game(spec);
  EXPECT_NE(g.termination, "abandoned") << g.reason;
  std::istringstream in(to_pgn(g, PgnTags{}));
  const std::vector<PgnGame> games = read_pgn(in);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(replay_check(games[0]), "");
}

TEST(Match, PgnRoundTripAndReplayFindsWrongResults) {
  GameRecord g;
  g.engine_name[kWhite] = "A";
  g.engine_name[kBlack] = "B \"quoted\"";
  g.variant = "normal";
  g.start_position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  // Fool's mate: 1. f3 e5 2. g4 Qh4#.
  int move = 1;
  for (const char* a : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
    const Actor actor = g.actions.size() % 2 == 0 ? Actor::kWhite : Actor::kBlack;
    g.actions.push_back({a, actor, move, g.actions.size() < 2});
    if (actor == Actor::kBlack) ++move;
  }
  g.result = Result::kBlackWins;
  g.termination = "normal";
  g.reason = "checkmate";
  const std::string text = to_pgn(g, PgnTags{});
  std::istringstream in(text);
  const std::vector<PgnGame> games = read_pgn(in);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tag("Black"), "B \"quoted\"");
  EXPECT_EQ(games[0].actions, (std::vector<std::string>{"f2f3", "e7e5", "g2g4", "d8h4"}));
  EXPECT_EQ(replay_check(games[0]), "");

  // The same game recorded as a White win contradicts the rules.
  g.result = Result::kWhiteWins;
  std::istringstream wrong(to_pgn(g, PgnTags{}));
  EXPECT_NE(replay_check(read_pgn(wrong)[0]), "");
  // So does an illegal action.
  g.result = Result::kBlackWins;
  g.actions[2].text = "g2g5";
  std::istringstream illegal(to_pgn(g, PgnTags{}));
  EXPECT_NE(replay_check(read_pgn(illegal)[0]).find("illegal"), std::string::npos);
  // And a file cut short.
  std::istringstream cut("[Event \"x\"]\n\n1. e2e4\n");
  EXPECT_THROW(read_pgn(cut), std::invalid_argument);
}

// The SPRT stops a one-sided match early: Fable at depth 1 against random
// moves with bounds of 0 and 400 Elo decides H1 as soon as it has its ten
// uneven pairs (every pair here is won 2-0), well before the 40 games.
TEST(Match, SprtStopsTheMatch) {
  MatchSettings s;
  s.engine_command[0] = kFable + " --depth 1";
  s.engine_command[1] = kFable + " --random-mover --seed 4";
  s.variant = "wizard";
  s.games = 40;
  s.tc.base_seconds = 60;
  s.adjudication.max_moves = 60;
  s.concurrency = 2;
  SprtSettings sprt;
  sprt.elo0 = 0;
  sprt.elo1 = 400;
  s.sprt = sprt;
  const MatchSummary m = quiet_match(s);
  ASSERT_TRUE(m.sprt.has_value());
  EXPECT_EQ(*m.sprt, SprtDecision::kAcceptH1);
  EXPECT_LT(m.games_played, 40);
  RecordProperty("games_played", m.games_played);
}

// Two seeded random movers in Family Matters (random games end soon: a
// King is taken), `games` games: every game the same in every run.
MatchSettings random_movers(int games) {
  MatchSettings s;
  s.engine_command[0] = kFable + " --random-mover --seed {seed}";
  s.engine_command[1] = kFable + " --random-mover --seed 7";
  s.variant = "familymatters";
  s.games = games;
  s.tc.base_seconds = 60;
  s.adjudication.max_moves = 60;
  return s;
}

// A match split in shards (--shard K/N) plays the same games as the whole
// match, and --merge counts their PGNs exactly as the whole match counted
// its games. Both engines pick seeded random actions and the referee's
// dice are seeded, so every game is the same in both runs.
TEST(Match, ShardsMergeToTheWholeMatch) {
  MatchSettings s = random_movers(8);
  s.seed = 5;
  s.pgn_path = temp_path("whole.pgn");
  std::ostringstream whole_out, progress;
  const MatchSummary whole = run_match(s, whole_out, progress, false);
  ASSERT_EQ(whole.games_played, 8);

  // 8 games are pairs 0-3; shard K of 3 plays the pairs p with p % 3 ==
  // K - 1: shard 1 pairs 0 and 3 (rounds 1, 2, 7, 8), shard 2 pair 1
  // (rounds 3, 4), shard 3 pair 2 (rounds 5, 6).
  const std::vector<std::vector<std::string>> rounds = {
      {"1", "2", "7", "8"}, {"3", "4"}, {"5", "6"}};
  std::vector<std::string> files;
  for (int k = 1; k <= 3; ++k) {
    s.shard = k;
    s.shards = 3;
    s.pgn_path = temp_path("shard" + std::to_string(k) + ".pgn");
    files.push_back(s.pgn_path);
    const MatchSummary part = quiet_match(s);
    EXPECT_EQ(part.games_played, int(rounds[size_t(k - 1)].size())) << k;
    const std::vector<PgnGame> games = read_file(s.pgn_path);
    ASSERT_EQ(games.size(), rounds[size_t(k - 1)].size()) << k;
    for (size_t i = 0; i < games.size(); ++i)
      EXPECT_EQ(games[i].tag("Round"), rounds[size_t(k - 1)][i]) << k;
  }
  // The same games: each shard game's actions are the whole match's game
  // of that round.
  const std::vector<PgnGame> all = read_file(temp_path("whole.pgn"));
  for (const std::string& file : files)
    for (const PgnGame& g : read_file(file))
      EXPECT_EQ(g.actions, all[size_t(std::stoi(g.tag("Round")) - 1)].actions) << g.tag("Round");

  std::vector<std::string> args = {"match", "--merge"};
  args.insert(args.end(), files.begin(), files.end());
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream merged, err;
  ASSERT_EQ(run_match_command(int(argv.size()), argv.data(), merged, err), 0) << err.str();
  EXPECT_NE(merged.str().find("Merged 8 games from 3 files\n"), std::string::npos) << merged.str();
  // Every line of the whole match's summary but its wall time.
  std::istringstream lines(whole_out.str());
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("Wall time", 0) == 0) continue;
    EXPECT_NE(merged.str().find(line + "\n"), std::string::npos) << line << "\n" << merged.str();
  }

  // A shard given twice is refused.
  const std::vector<const char*> twice = {"match", "--merge", files[1].c_str(), files[1].c_str()};
  std::ostringstream out2, err2;
  EXPECT_EQ(run_match_command(int(twice.size()), twice.data(), out2, err2), 2);
  EXPECT_NE(err2.str().find("appears twice"), std::string::npos) << err2.str();
  const std::vector<const char*> bad = {"match", "--shard",  "4/3", "--engine",
                                        "a",     "--engine", "b"};
  std::ostringstream out3, err3;
  EXPECT_EQ(run_match_command(int(bad.size()), bad.data(), out3, err3), 2);
  EXPECT_NE(err3.str().find("K must be from 1 to N"), std::string::npos) << err3.str();
}

// Separate runs of one match (another --seed each, as when a test goes on
// after an undecided SPRT) merge as one match in which the second run's
// pairs follow the first's: the counts are the two runs' sums. The runs
// are told apart by the MatchSeed tag every game carries.
TEST(Match, SeparateRunsMergeOneAfterAnother) {
  MatchSettings s = random_movers(4);
  std::vector<std::string> files;
  std::vector<MatchSummary> parts;
  for (uint64_t seed : {5, 6}) {
    s.seed = seed;
    s.pgn_path = temp_path("run" + std::to_string(seed) + ".pgn");
    files.push_back(s.pgn_path);
    parts.push_back(quiet_match(s));
    ASSERT_EQ(parts.back().games_played, 4) << seed;
    for (const PgnGame& g : read_file(s.pgn_path))
      EXPECT_EQ(g.tag("MatchSeed"), std::to_string(seed));
  }
  const std::vector<const char*> argv = {"match", "--merge", files[0].c_str(), files[1].c_str()};
  std::ostringstream merged, err;
  ASSERT_EQ(run_match_command(int(argv.size()), argv.data(), merged, err), 0) << err.str();
  const std::string text = merged.str();
  EXPECT_NE(text.find("Merged 8 games from 2 files (2 runs, one after another)\n"),
            std::string::npos)
      << text;
  const WdlCounts& a = parts[0].wdl;
  const WdlCounts& b = parts[1].wdl;
  EXPECT_NE(text.find(": W " + std::to_string(a.wins + b.wins) + " D " +
                      std::to_string(a.draws + b.draws) + " L " +
                      std::to_string(a.losses + b.losses) + "  "),
            std::string::npos)
      << text;
  std::string pairs = "Pairs (0, 1/2, 1, 3/2, 2 points):";
  for (int k = 0; k < 5; ++k)
    pairs += " " + std::to_string(parts[0].pentanomial.pairs[k] + parts[1].pentanomial.pairs[k]);
  EXPECT_NE(text.find(pairs + "  "), std::string::npos) << text;

  // One run given twice is still refused.
  const std::vector<const char*> twice = {"match", "--merge", files[1].c_str(), files[1].c_str()};
  std::ostringstream out2, err2;
  EXPECT_EQ(run_match_command(int(twice.size()), twice.data(), out2, err2), 2);
  EXPECT_NE(err2.str().find("appears twice"), std::string::npos) << err2.str();
}

// Time odds: the engine under test is told four times the time per move,
// whichever colour it has; its opponent the match's own time. Read off
// the referee's traffic log (the `st` line of each game's setup).
TEST(Match, TimeOddsGiveTheEngineUnderTestMoreTime) {
  MatchSettings s;
  s.engine_command[0] = kFable + " --random-mover --seed 1";
  s.engine_command[1] = kFable + " --random-mover --seed 2";
  s.games = 2;
  s.tc.move_seconds = 0.5;
  s.time_odds = 4;
  s.adjudication.max_moves = 2;
  s.log_path = temp_path("odds.log");
  s.pgn_path = temp_path("odds.pgn");
  const MatchSummary m = quiet_match(s);
  EXPECT_EQ(m.forfeits, 0);
  // The PGN says who had which time: TimeControl the opponent's (the
  // match's control), each side's own in WhiteTimeControl and
  // BlackTimeControl ("1/2": 2 s a move, 4 × 0.5).
  std::vector<PgnGame> games = read_file(s.pgn_path);
  ASSERT_EQ(games.size(), 2u);
  if (games[0].tag("Round") != "1") std::swap(games[0], games[1]);
  EXPECT_EQ(games[0].tag("TimeControl"), "1/0.5");
  EXPECT_EQ(games[0].tag("WhiteTimeControl"), "1/2");
  EXPECT_EQ(games[0].tag("BlackTimeControl"), "1/0.5");
  EXPECT_EQ(games[1].tag("WhiteTimeControl"), "1/0.5");
  EXPECT_EQ(games[1].tag("BlackTimeControl"), "1/2");
  std::ifstream in(s.log_path);
  std::vector<std::string> st_lines;
  for (std::string line; std::getline(in, line);)
    if (line.find(" < st ") != std::string::npos) st_lines.push_back(line);
  std::sort(st_lines.begin(), st_lines.end());
  // Game 1: the engine under test is White; game 2: Black.
  EXPECT_EQ(st_lines, (std::vector<std::string>{"game 1 black < st 0.5", "game 1 white < st 2",
                                                "game 2 black < st 2", "game 2 white < st 0.5"}));
}

}  // namespace
}  // namespace fable::match
