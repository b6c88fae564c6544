// The command line front end, driven in-process.
#include "protocol/cli.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

namespace fable::protocol {
namespace {

struct CliRun {
  int code;
  std::string out, err;
};

CliRun run(std::vector<const char*> args, const std::string& input = "") {
  args.insert(args.begin(), "fable");
  std::istringstream in(input);
  std::ostringstream out, err;
  const int code = run_command_line(int(args.size()), args.data(), in, out, err);
  return {code, out.str(), err.str()};
}

TEST(CommandLine, PerftPrintsTheNodeLine) {
  const CliRun r = run({"perft", "--variant", "normal", "--depth", "2"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Nodes searched: 400\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("nodes/s"), std::string::npos);
}

TEST(CommandLine, PerftDivideListsFirstMoves) {
  const CliRun r = run({"perft", "--variant", "normal", "--depth", "2", "--divide", "--fen",
                        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("e1g1: "), std::string::npos) << r.out;
  // The last line is the total.
  EXPECT_EQ(r.out.substr(r.out.rfind("Nodes searched")),
            "Nodes searched: " + r.out.substr(r.out.rfind(' ') + 1));
}

TEST(CommandLine, BadInputGetsAClearErrorAndExitCode) {
  CliRun r = run({"--frobnicate"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("frobnicate"), std::string::npos);
  r = run({"perft", "--variant", "nosuch", "--depth", "1"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown variant 'nosuch'"), std::string::npos) << r.err;
  r = run({"perft", "--depth", "1", "--fen", "garbage"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("ranks"), std::string::npos) << r.err;
  r = run({"perft", "--variant", "normal"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--depth is required"), std::string::npos);
  r = run({"dance"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown command 'dance'"), std::string::npos);
  r = run({"--depth", "x"});
  EXPECT_EQ(r.code, 2);
  for (const char* threads : {"0", "257", "-1"}) {
    r = run({"bench", "--threads", threads});
    EXPECT_EQ(r.code, 2) << threads;
    EXPECT_NE(r.err.find("--threads must be 1 to 256"), std::string::npos) << r.err;
  }
  r = run({"bench", "--without", "futility,magic"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--without takes null-move, lmr"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not 'futility,magic'"), std::string::npos) << r.err;
  r = run({"bench", "--search", "minimax"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--search takes alphabeta, mcts or auto, not 'minimax'"), std::string::npos)
      << r.err;
  for (const std::vector<const char*>& bad : {std::vector<const char*>{"bench", "--deeper", "17"},
                                              {"bench", "--deeper", "-1"},
                                              {"bench", "--depth", "2", "--deeper", "1"}}) {
    r = run(bad);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--deeper must be 0 to 16, and not with --depth"), std::string::npos)
        << r.err;
  }
}

TEST(CommandLine, HelpDocumentsCommands) {
  const CliRun r = run({"--help"});
  EXPECT_EQ(r.code, 0);
  for (const char* word :
       {"perft", "bench", "--variant", "--options", "--fen", "--depth", "--divide", "--hash",
        "--threads", "--movetime", "xboard", "fable openings"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
}

TEST(CommandLine, BenchPrintsSignature) {
  // Depth 1 everywhere keeps it short (the deck positions grow fast).
  const CliRun r = run({"bench", "--depth", "1"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Total nodes: "), std::string::npos);
  EXPECT_NE(r.out.find("Nodes/second: "), std::string::npos);
  // Deterministic: the same depth gives the same signature.
  const CliRun again = run({"bench", "--depth", "1"});
  auto total = [](const std::string& s) {
    const size_t at = s.find("Total nodes: ");
    return s.substr(at, s.find('\n', at) - at);
  };
  EXPECT_EQ(total(r.out), total(again.out));
}

TEST(CommandLine, BenchSearchesDeeperOnTwoThreads) {
  // The Wizard Chess bench positions are searched to depth 5
  // (search/bench.cpp); --deeper 1 takes both to 6, and the per-position
  // lines give each one's time.
  const CliRun r = run({"bench", "--variant", "wizard", "--deeper", "1", "--threads", "2"});
  EXPECT_EQ(r.code, 0) << r.err;
  size_t lines = 0;
  for (size_t at = r.out.find("wizard | depth 6 |"); at != std::string::npos;
       at = r.out.find("wizard | depth 6 |", at + 1))
    ++lines;
  EXPECT_EQ(lines, 2u) << r.out;
  EXPECT_NE(r.out.find(" ms "), std::string::npos);
}

TEST(CommandLine, BenchRunsOneVariant) {
  const CliRun r = run({"bench", "--variant", "wizard", "--depth", "2"});
  EXPECT_EQ(r.code, 0);
  // The bench table holds two Wizard Chess positions (search/bench.cpp).
  EXPECT_NE(r.out.find("Positions: 2\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("normal"), std::string::npos);
  const CliRun bad = run({"bench", "--variant", "checkers"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("unknown variant 'checkers'"), std::string::npos);
}

}  // namespace
}  // namespace fable::protocol
