// Random input for the XBoard, UCI and console loops, through the
// executable's entry point: random bytes, and random mixes of valid
// commands (with odd arguments) and garbage. Each session must end when
// its input ends, without a crash; a watchdog turns a hang into a failure.
// The seed and the number of sessions are fixed, so every machine runs the
// same sessions and a failure repeats.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "protocol/cli.h"
#include "tests/sanitized.h"

namespace fable::protocol {
namespace {

using fable::testing::kSanitized;

// Sessions per protocol (fewer under the sanitizers, which are slower;
// the first ones are the same sessions).
constexpr int kSessions = kSanitized ? 60 : 200;
// A session that has not ended by then is taken for a hang.
constexpr auto kHangLimit = std::chrono::seconds(60);

enum class Protocol { kXBoard, kUci, kConsole };

class Generator {
 public:
  explicit Generator(uint64_t seed) : rng_(seed) {}

  int below(int n) { return int(rng_() % uint64_t(n)); }
  template <typename T>
  const T& pick(const std::vector<T>& v) {
    return v[size_t(below(int(v.size())))];
  }

  std::string random_bytes(int max_length) {
    std::string s(size_t(below(max_length + 1)), '\0');
    for (char& c : s) {
      // Mostly printable, with line ends and any byte at all mixed in.
      const int kind = below(10);
      c = kind < 6 ? char(32 + below(95)) : kind < 8 ? '\n' : kind < 9 ? ' ' : char(below(256));
    }
    return s;
  }

  std::string number() {
    static const std::vector<std::string> odd = {
        "0",  "-1", "1",   "2",    "3",    "x", "",   "1.5", "99999999999999999999",
        "-0", "+3", "1e3", "0:30", "2:75", ":", "1:", "007"};
    return below(3) == 0 ? pick(odd) : std::to_string(below(40));
  }

  std::string move() {
    static const std::vector<std::string> moves = {
        "e2e4", "e7e5",  "g1f3", "b8c6",   "d2d4", "e7e8q", "e1g1",   "O-O", "c10b9",        "c2d3",
        "b1c3", "W@d11", "pass", "skip",   "a1",   "N@c3",  "d1<>e1", "=Q",  "helper-elves", "zz9",
        "e2",   "@",     "<>",   "a10a12", "h1h8", "a8b8",  "e9e1",   "i1"};
    std::string m = pick(moves);
    if (below(8) == 0) m += random_bytes(3);
    return m;
  }

  std::string position_text() {
    static const std::vector<std::string> positions = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "k7/8/1K6/8/8/8/8/7R b - - 0 1",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff deck=forest-fire",
        "4l3/8/8/8/8/8/8/3C4 w - - 0 1 scenario=huffpuff deck=ally-queen hands=wish/- pools=-/ll",
        "nonsense",
        "8/8/8 w",
        "",
        "k7/8/1K6/8/8/8/8/7R x - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk"};
    return pick(positions);
  }

  std::string xboard_line() {
    switch (below(12)) {
      case 0:
        return "usermove " + move();
      case 1:
        return move();
      case 2:
        return "variant " + pick<std::string>({"normal", "wizard", "familymatters", "fairytale",
                                               "nosuch", "10x10+0_wizard", ""});
      case 3:
        return "setboard " + position_text();
      case 4:
        return "level " + number() + ' ' + number() + ' ' + number();
      case 5:
        return pick<std::string>({"time ", "otim ", "memory ", "cores ", "ping ", "nps ",
                                  "protover ", "st 0.0"}) +
               number();
      case 6:
        return "sd " + std::to_string(1 + below(3));
      case 7:
        return "option " +
               pick<std::string>({"Hash=", "Family Matters queen=", "Fairy Tale cards=",
                                  "Fairy Tale scenario=", "Family Matters big family=", "X="}) +
               pick<std::string>(
                   {"1", "0", "oldqueen", "crazyqueen", "damsel", "any", "4", "", "x"});
      case 8:
        return random_bytes(12);
      default:
        return pick<std::string>({"new",
                                  "force",
                                  "go",
                                  "playother",
                                  "white",
                                  "black",
                                  "?",
                                  "undo",
                                  "remove",
                                  "post",
                                  "nopost",
                                  "hard",
                                  "easy",
                                  "hint",
                                  "analyze",
                                  "exit",
                                  ".",
                                  "draw",
                                  "result 1-0 {x}",
                                  "random",
                                  "computer",
                                  "name x",
                                  "rating 1 2",
                                  "accepted usermove",
                                  "rejected x",
                                  "xboard",
                                  "protover 2",
                                  "ping 5",
                                  "bk",
                                  "edit"});
    }
  }

  std::string uci_line() {
    switch (below(9)) {
      case 0: {
        std::string line = pick<std::string>(
            {"position startpos", "position fen " + position_text(), "position", "position moves"});
        if (below(2)) {
          line += " moves";
          for (int i = below(5); i > 0; --i) line += ' ' + move();
        }
        return line;
      }
      case 1:
        return "go " + pick<std::string>({"depth 1", "depth 2", "nodes 500", "movetime 10",
                                          "infinite", "wtime 200 btime 200", "depth x", "frob", "",
                                          "movestogo 3", "wtime -5 btime 100", "ponder", "depth"});
      case 2:
        return "setoption name " +
               pick<std::string>(
                   {"Hash value ", "UCI_Variant value ", "VariantOptions value ", "X value "}) +
               pick<std::string>({"1", "8", "0", "wizard", "fairytale", "normal", "nocards",
                                  "kingsmen,nocards", "", "<empty>"});
      case 3:
        return random_bytes(12);
      default:
        return pick<std::string>({"isready", "ucinewgame", "stop", "uci", "ponderhit", "debug on",
                                  "register later", "stop", "isready"});
    }
  }

  std::string console_line() {
    switch (below(7)) {
      case 0:
      case 1:
        return move();
      case 2:
        return "variant " + pick<std::string>({"normal", "wizard", "familymatters bigfamily",
                                               "fairytale kingsmen", "fairytale", "x", ""});
      case 3:
        return pick<std::string>({"position ", "setboard "}) + position_text();
      case 4:
        return pick<std::string>({"depth ", "time "}) +
               pick<std::string>({"1", "2", "0", "5", "x", "-3", ""});
      case 5:
        return random_bytes(12);
      default:
        return pick<std::string>({"help", "moves", "go", "undo", "new", "fen", "board"});
    }
  }

  std::string session(Protocol p) {
    std::string input = p == Protocol::kXBoard ? "xboard\n" : p == Protocol::kUci ? "uci\n" : "";
    if (below(5) == 0) return input + random_bytes(300);
    for (int lines = below(25); lines > 0; --lines) {
      input += p == Protocol::kXBoard ? xboard_line()
               : p == Protocol::kUci  ? uci_line()
                                      : console_line();
      input += below(20) == 0 ? "\r\n" : "\n";
    }
    if (below(4) == 0) input += "quit\n";
    return input;
  }

 private:
  std::mt19937_64 rng_;
};

// Runs `fable --depth 1 --movetime 20` on the input, on a thread, with a
// watchdog. Returns the output.
std::string run_guarded(const std::string& input) {
  auto result = std::make_shared<std::promise<std::string>>();
  std::future<std::string> done = result->get_future();
  std::thread runner([input, result] {
    const char* args[] = {"fable", "--depth", "1", "--movetime", "20"};
    std::istringstream in(input);
    std::ostringstream out, err;
    run_command_line(5, args, in, out, err);
    result->set_value(out.str());
  });
  if (done.wait_for(kHangLimit) != std::future_status::ready) {
    std::fprintf(stderr, "session did not end with its input:\n%s\n", input.c_str());
    std::abort();  // a hang: the session cannot be stopped from outside
  }
  runner.join();
  return done.get();
}

void fuzz(Protocol p, uint64_t seed) {
  Generator gen(seed);
  size_t output = 0;
  for (int i = 0; i < kSessions; ++i) output += run_guarded(gen.session(p)).size();
  std::printf("%d sessions, %zu bytes of replies\n", kSessions, output);
}

TEST(ProtocolFuzz, XBoardSurvivesRandomInput) { fuzz(Protocol::kXBoard, 0xF00DCAFE); }
TEST(ProtocolFuzz, UciSurvivesRandomInput) { fuzz(Protocol::kUci, 0xBADC0FFEE); }
TEST(ProtocolFuzz, ConsoleSurvivesRandomInput) { fuzz(Protocol::kConsole, 0x5EED); }

}  // namespace
}  // namespace fable::protocol
