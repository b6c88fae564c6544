// `fable tune`: which positions of a game become samples, the generated
// header, and the command's answers to bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "protocol/tune_cli.h"

namespace fable::protocol {
namespace {

match::PgnGame game_of(const std::string& movetext, const std::string& result,
                       const std::string& termination = "adjudication") {
  const std::string text = "[Event \"t\"]\n[Result \"" + result +
                           "\"]\n[Variant \"normal\"]\n[Termination \"" + termination + "\"]\n\n" +
                           movetext + " " + result + "\n";
  std::istringstream in(text);
  const std::vector<match::PgnGame> games = match::read_pgn(in);
  EXPECT_EQ(games.size(), 1u);
  return games.front();
}

// 1.e4 d5 2.exd5 Qxd5 3.Nc3 Qe5+ 4.Be2: the positions before each action
// are the start (kept), after 1.e4 (kept), after 1...d5 (kept), after the
// capture 2.exd5 and the recapture (left out: not quiet), after 3.Nc3
// (kept) and after 3...Qe5+ (left out: White is in check). Four samples.
const char* const kGame = "1. e2e4 1... d7d5 2. e4d5 2... d8d5 3. b1c3 3... d5e5 4. f1e2";

TEST(Tune, SamplesAreQuietTurnStartsLabelledWithTheResult) {
  const auto samples = tuning_samples(game_of(kGame, "1/2-1/2"), 0);
  ASSERT_EQ(samples.size(), 4u);
  for (const auto& s : samples) EXPECT_EQ(s.white_score, 0.5);
  EXPECT_EQ(samples[0].position.to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(samples[3].position.to_string(),
            "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 3");
  // The opening's first two actions skipped: the samples before actions
  // 3 and 6 remain.
  EXPECT_EQ(tuning_samples(game_of(kGame, "1-0"), 2).size(), 2u);
  EXPECT_EQ(tuning_samples(game_of(kGame, "1-0"), 2).front().white_score, 1.0);
  EXPECT_EQ(tuning_samples(game_of(kGame, "0-1"), 2).front().white_score, 0.0);
  // A forfeit or an unfinished game says nothing about its positions.
  EXPECT_TRUE(tuning_samples(game_of(kGame, "1-0", "time forfeit"), 0).empty());
  EXPECT_TRUE(tuning_samples(game_of(kGame, "*"), 0).empty());
}

TEST(Tune, QuietExchangesLeaveOutAWinningCapture) {
  // 1.e4 d5 2.a3 Nf6: the positions before each action. After 1...d5
  // White's exd5 wins nothing by exchange (the Queen takes back: 100 -
  // 100); after 2.a3 Black's dxe4 wins a Pawn no piece guards (+100): that
  // position is left out with quiet_exchanges, kept without.
  const char* game = "1. e2e4 1... d7d5 2. a2a3 2... g8f6";
  EXPECT_EQ(tuning_samples(game_of(game, "1-0"), 0).size(), 4u);
  const auto quiet = tuning_samples(game_of(game, "1-0"), 0, /*quiet_exchanges=*/true);
  ASSERT_EQ(quiet.size(), 3u);
  for (const auto& s : quiet)
    EXPECT_NE(s.position.to_string(),
              "rnbqkbnr/ppp1pppp/8/3p4/4P3/P7/1PPP1PPP/RNBQKBNR b KQkq - 0 2");
  // The game above: no position in it has a winning capture.
  EXPECT_EQ(tuning_samples(game_of(kGame, "1-0"), 0, true).size(), 4u);
}

TEST(Tune, HeaderRecordsHowTheWeightsWereMade) {
  const auto v = make_variant("normal");
  eval::TuningReport report;
  report.weights.value_adjust[2] = 40;
  report.weights.tempo = 14;
  report.train_before = 0.1, report.train_after = 0.09;
  report.test_before = 0.11, report.test_after = 0.105;
  report.changes = {"tempo: 10 -> 14"};
  const std::string h = tuned_header(*v, report, "Command: fable tune x.pgn\nDate: 2026.12.01");
  EXPECT_NE(h.find("// Command: fable tune x.pgn\n// Date: 2026.12.01\n"), std::string::npos) << h;
  EXPECT_NE(h.find("held-out positions: 0.11 -> 0.105"), std::string::npos) << h;
  EXPECT_NE(h.find("inline Weights normal() {"), std::string::npos) << h;
  EXPECT_NE(h.find("  // default 0; knight\n  w.value_adjust[2] = 40;\n"), std::string::npos) << h;
  EXPECT_NE(h.find("  // default 10\n  w.tempo = 14;\n"), std::string::npos) << h;
  // Only what differs from the defaults is written.
  EXPECT_EQ(h.find("w.mobility_percent"), std::string::npos) << h;
}

// The header is part of the tree and formatted like it: no line longer
// than clang-format's 100 columns, even for the longest variant key.
TEST(Tune, HeaderLinesFitTheColumnLimit) {
  auto v = make_variant("familymatters", "bigfamily,strongchildren,crazyqueen");
  eval::TuningReport report;
  report.weights = eval::kWeights;
  report.weights.tempo = 99;
  const std::string provenance =
      "Command: fable tune --variant familymatters --options " + v->options +
      "\n  --rounds 100 --skip-plies 8 PGN...\nPGN files:\n  "
      "eval/tuned/data/familymatters_bigfamily_strongchildren_crazyqueen.pgn";
  std::istringstream header(tuned_header(*v, report, provenance));
  int lines = 0;
  for (std::string line; std::getline(header, line); ++lines) EXPECT_LE(line.size(), 100u) << line;
  EXPECT_GT(lines, 10);
}

TEST(Tune, BadInputGetsAClearError) {
  std::ostringstream out, err;
  const char* no_files[] = {"tune", "--variant", "normal"};
  EXPECT_EQ(run_tune_command(3, no_files, out, err), 2);
  EXPECT_NE(err.str().find("name at least one PGN file"), std::string::npos);
  const char* missing[] = {"tune", "/nonexistent/games.pgn"};
  EXPECT_EQ(run_tune_command(2, missing, out, err), 2);
  EXPECT_NE(err.str().find("cannot read /nonexistent/games.pgn"), std::string::npos);
  const char* bad_variant[] = {"tune", "--variant", "checkers", "x.pgn"};
  EXPECT_EQ(run_tune_command(4, bad_variant, out, err), 2);
  EXPECT_NE(err.str().find("checkers"), std::string::npos);
  const char* bad_patience[] = {"tune", "--patience", "-1", "x.pgn"};
  EXPECT_EQ(run_tune_command(4, bad_patience, out, err), 2);
  EXPECT_NE(err.str().find("--patience not negative"), std::string::npos) << err.str();
  // A prefix of --fixed that names no weight of the game is a typing
  // error, not a fit of everything.
  const char* bad_fixed[] = {"tune", "--fixed", "endgame_,wish_in_hand", "x.pgn"};
  EXPECT_EQ(run_tune_command(4, bad_fixed, out, err), 2);
  EXPECT_NE(err.str().find("--fixed: no weight of normal begins with 'wish_in_hand'"),
            std::string::npos)
      << err.str();
  // Too few games of the variant: nothing to hold out.
  const auto dir = std::filesystem::path(::testing::TempDir()) / "tune_test";
  std::filesystem::create_directories(dir);
  const std::string pgn = (dir / "one.pgn").string();
  std::ofstream(pgn) << "[Event \"t\"]\n[Result \"1-0\"]\n[Variant \"normal\"]\n\n"
                     << kGame << " 1-0\n";
  const char* too_few[] = {"tune", pgn.c_str()};
  EXPECT_EQ(run_tune_command(2, too_few, out, err), 2);
  EXPECT_NE(err.str().find("at least 5 are needed"), std::string::npos) << err.str();
}

// Self-play by a deterministic engine repeats each game in its
// colour-swapped pair. A repeat is counted once: four games, each twice,
// are four games, too few to hold one out (with the repeats counted,
// eight would be enough).
TEST(Tune, RepeatedGamesCountOnce) {
  EXPECT_EQ(game_identity(game_of(kGame, "1-0")), game_identity(game_of(kGame, "1-0")));
  EXPECT_NE(game_identity(game_of(kGame, "1-0")),
            game_identity(game_of("1. e2e4 1... d7d5 2. e4d5", "1-0")));
  const auto dir = std::filesystem::path(::testing::TempDir()) / "tune_repeats";
  std::filesystem::create_directories(dir);
  const std::string pgn = (dir / "pairs.pgn").string();
  {
    std::ofstream file(pgn);
    const char* const openings[] = {"e2e4", "d2d4", "c2c4", "g1f3"};
    for (const char* first : openings)
      for (int twice = 0; twice < 2; ++twice)
        file << "[Event \"t\"]\n[Result \"1-0\"]\n[Variant \"normal\"]\n\n1. " << first
             << " 1... e7e5 2. a2a3 1-0\n\n";
  }
  std::ostringstream out, err;
  const char* args[] = {"tune", "--skip-plies", "0", pgn.c_str()};
  EXPECT_EQ(run_tune_command(4, args, out, err), 2);
  EXPECT_NE(err.str().find("the files hold 4 finished games"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace fable::protocol
