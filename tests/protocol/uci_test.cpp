// UCI sessions through the executable's entry point (first line `uci`):
// the handshake, positions, searches with every limit, bad input (an
// `info string` error, the state unchanged), and the other variants.
#include "protocol/uci.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <vector>

#include "live_session.h"
#include "position.h"
#include "protocol/cli.h"

namespace fable::protocol {
namespace {

std::string uci(const std::string& script) {
  const char* args[] = {"fable"};
  std::istringstream in("uci\n" + script);
  std::ostringstream out, err;
  EXPECT_EQ(run_command_line(1, args, in, out, err), 0) << err.str();
  return out.str();
}

std::string refusal(const std::string& text) {
  try {
    Position::from_string(make_variant("normal"), text);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "accepted";
}

const std::string kHandshake =
    "id name Fable 0.1\n"
    "id author the Fable developers\n"
    "option name Hash type spin default 16 min 1 max 65536\n"
    "option name Threads type spin default 1 min 1 max 256\n"
    "option name Searcher type combo default auto var auto var alphabeta var mcts\n"
    "option name UCI_Variant type combo default normal var normal var wizard var familymatters "
    "var fairytale\n"
    "option name VariantOptions type string default <empty>\n"
    // The variant options, made from the variants' own descriptions
    // (src/variants/family_matters.cpp, fairytale_options.cpp).
    "option name Family Matters big family type check default false\n"
    "option name Family Matters strong children type check default false\n"
    "option name Family Matters queen type combo default none var none var oldqueen var "
    "crazyqueen\n"
    "option name Fairy Tale scenario type combo default any var any var kingsmen var damsel var "
    "huffpuff var magicmight\n"
    "option name Fairy Tale cards type check default true\n"
    "uciok\n";

// Only the lines that are not `info depth ...` (search output varies with
// the evaluation; the best move in a forced position does not).
std::string without_search_info(const std::string& out) {
  std::istringstream in(out);
  std::string kept;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("info depth ", 0) != 0) kept += line + '\n';
  return kept;
}

TEST(Uci, HandshakeIsReadyAndQuit) {
  EXPECT_EQ(uci("isready\nquit\n"), kHandshake + "readyok\n");
  EXPECT_EQ(uci("debug on\nucinewgame\nisready\n"), kHandshake + "readyok\n");
}

TEST(Uci, ForcedMoveAndMateScore) {
  // Black's only move; then White's mate in one, reported as mate 1.
  std::string out = uci("position fen k7/8/1K6/8/8/8/8/7R b - - 0 1\ngo depth 3\n");
  EXPECT_EQ(without_search_info(out), kHandshake + "bestmove a8b8\n");
  out = uci("position fen k7/8/1K6/8/8/8/8/7R w - - 0 1\ngo depth 3\n");
  EXPECT_EQ(without_search_info(out), kHandshake + "bestmove h1h8\n");
  EXPECT_TRUE(std::regex_search(
      out,
      std::regex(R"(info depth 1 seldepth \d+ score mate 1 nodes \d+ time \d+ nps \d+ pv h1h8\n)")))
      << out;
  // The same through `moves`: after a8b8 h1h8... is mate, so no move is left.
  out = uci("position fen k7/8/1K6/8/8/8/8/7R b - - 0 1 moves a8b8 h1h8\ngo depth 2\n");
  EXPECT_EQ(without_search_info(out), kHandshake + "bestmove 0000\n");
}

TEST(Uci, TheMonteCarloSearcherByItsOption) {
  // The same mate in one, found by the Monte-Carlo search: the solver
  // proves it (one iteration per root action at most), so a node limit far
  // above that ends the search at once with the mate.
  const std::string out =
      uci("setoption name Searcher value mcts\nposition fen k7/8/1K6/8/8/8/8/7R w - - 0 1\n"
          "go nodes 100000\n");
  EXPECT_EQ(without_search_info(out), kHandshake + "bestmove h1h8\n");
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(score mate 1 nodes (\d{1,4}) .*pv h1h8\n)")))
      << out;
}

TEST(Uci, EveryLimitEndsTheSearch) {
  for (const char* go : {"go depth 2", "go nodes 2000", "go movetime 50",
                         "go wtime 500 btime 500 winc 10 binc 10 movestogo 5",
                         "go wtime 300 btime 300", "go btime 200 wtime 200 depth 3"}) {
    const std::string out = uci(std::string("position startpos moves e2e4 e7e5\n") + go + "\n");
    EXPECT_TRUE(std::regex_search(out, std::regex(R"(\nbestmove [a-h][1-8][a-h][1-8]\n$)")))
        << go << '\n'
        << out;
  }
}

TEST(Uci, BadInputIsReportedAndChangesNothing) {
  const std::string out =
      uci("position fen k7/8/1K6/8/8/8/8/7R b - - 0 1\n"
          "position startpos moves e2e5\n"
          "position fen nonsense\n"
          "position\n"
          "position sideways\n"
          "position startpos junk\n"
          "go depth x\n"
          "go depth\n"
          "go frob 3\n"
          "go ponder\n"
          "go mate 2\n"
          "setoption name Hash value 0\n"
          "setoption name Hash value many\n"
          "setoption name Threads value 0\n"
          "setoption name Threads value 257\n"
          "setoption name Threads value 2\n"
          "setoption name Searcher value minimax\n"
          "setoption name Nope value 1\n"
          "setoption name UCI_Variant value chess960\n"
          "setoption Hash\n"
          "frobnicate\n"
          "ponderhit\n"
          "go depth 2\n");
  EXPECT_EQ(without_search_info(out),
            kHandshake +
                "info string error: illegal move e2e5 (position unchanged)\n"
                "info string error: bad position: " +
                refusal("nonsense") + "\n" +
                "info string error: position needs startpos or fen\n"
                "info string error: position needs startpos or fen, got sideways\n"
                "info string error: expected moves, got junk\n"
                "info string error: bad value for depth: x\n"
                "info string error: go depth needs a value\n"
                "info string error: unknown go parameter: frob\n"
                "info string error: pondering is not offered (no Ponder option)\n"
                "info string error: go mate is not supported\n"
                "info string error: Hash needs megabytes from 1 to 65536\n"
                "info string error: Hash needs megabytes from 1 to 65536\n"
                "info string error: Threads needs a count from 1 to 256\n"
                "info string error: Threads needs a count from 1 to 256\n"
                "info string error: Searcher is one of auto, alphabeta, mcts\n"
                "info string error: unknown option: Nope\n"
                "info string error: unknown variant 'chess960' (known: normal, wizard, "
                "familymatters, fairytale)\n"
                "info string error: setoption needs 'name NAME'\n"
                "info string error: unknown command: frobnicate\n"
                "info string error: pondering is not offered (no Ponder option)\n"
                "bestmove a8b8\n");
}

TEST(Uci, OtherVariantsThroughUciVariant) {
  std::string out =
      uci("setoption name UCI_Variant value wizard\nposition startpos moves c10b9\ngo depth 1\n");
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(\nbestmove \S+\n$)"))) << out;
  out =
      uci("setoption name UCI_Variant value fairytale\nsetoption name VariantOptions value "
          "kingsmen,nocards\nposition startpos moves b1c3\ngo depth 1\n");
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(\nbestmove \S+\n$)"))) << out;
  // With the deck, the turn starts with chance: the GUI must supply it.
  out =
      uci("setoption name UCI_Variant value fairytale\nsetoption name VariantOptions value "
          "kingsmen\nposition startpos\ngo depth 1\nisready\n");
  EXPECT_EQ(out, kHandshake +
                     "info string error: the position waits for chance (add the outcome to the "
                     "moves)\nreadyok\n");
  out = uci("setoption name VariantOptions value bigfamily\nisready\n");
  EXPECT_EQ(out, kHandshake +
                     "info string error: variant 'normal' takes no options (got "
                     "'bigfamily')\nreadyok\n");
}

// One variant option at a time, by the name the handshake lists. A start
// with the Old Queen on i1 is a legal position only with a queen option
// (familymatters.md, "Position strings"), and a position with the deck on
// is refused once the cards are off (fairytale.md, "Options").
TEST(Uci, VariantOptionsOneByOne) {
  const std::string with_queen =
      "position fen ***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O w 0 1\n";
  std::string out =
      uci("setoption name UCI_Variant value familymatters\n" + with_queen + "isready\n");
  EXPECT_NE(out.find("info string error: bad position"), std::string::npos) << out;
  out = uci(
      "setoption name UCI_Variant value familymatters\nsetoption name Family Matters queen value "
      "oldqueen\n" +
      with_queen + "go depth 1\n");
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(\nbestmove \S+\n$)"))) << out;
  out = uci(
      "setoption name UCI_Variant value fairytale\nsetoption name Fairy Tale cards value false\n"
      "setoption name Fairy Tale scenario value kingsmen\nposition fen "
      "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1 scenario=kingsmen cards=on\n"
      "isready\n");
  EXPECT_NE(out.find("info string error: bad position: cards=on, but"), std::string::npos) << out;
  out = uci("setoption name Family Matters queen value kingqueen\nisready\n");
  EXPECT_EQ(out, kHandshake +
                     "info string error: bad value, expected none /// oldqueen /// crazyqueen: "
                     "Family Matters queen\nreadyok\n");
}

TEST(Uci, InfiniteSearchAnswersIsReadyAndStops) {
  testing::LiveSession session(
      [](std::istream& in, std::ostream& out) { run_uci(in, out, SessionOptions{}); });
  ASSERT_EQ(session.wait_for("uciok"), "uciok");
  session.send("position startpos");
  session.send("go infinite");
  session.send("isready");
  EXPECT_EQ(session.wait_for("readyok"), "readyok");
  session.send("go depth 1");
  EXPECT_EQ(session.wait_for("info string error"), "info string error: already searching");
  session.send("stop");
  EXPECT_NE(session.wait_for("bestmove "), "");
  session.send("quit");
}

TEST(Uci, EndOfInputEndsAnInfiniteSearchWithItsMove) {
  const std::string out = uci("position startpos\ngo infinite\n");
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(\nbestmove [a-h][1-8][a-h][1-8]\n$)"))) << out;
}

}  // namespace
}  // namespace fable::protocol
