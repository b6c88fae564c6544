// `ping N` is answered with `pong N` at once: while idle, while analysing
// and while pondering. Analysis and pondering never end by themselves, so
// a pong that arrives during them was answered without waiting for the
// search; the latency is printed, not bounded (it is the machine's).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "live_session.h"
#include "protocol/xboard.h"

namespace fable::protocol {
namespace {

double ping_ms(testing::LiveSession& session, int n) {
  const auto start = std::chrono::steady_clock::now();
  session.send("ping " + std::to_string(n));
  EXPECT_EQ(session.wait_for("pong"), "pong " + std::to_string(n));
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

TEST(Ping, AnsweredAtOnceWhileIdleAnalysingAndPondering) {
  testing::LiveSession session(
      [](std::istream& in, std::ostream& out) { run_xboard(in, out, SessionOptions{}); });
  // The first round trip includes the session's start (the hash table).
  const double first = ping_ms(session, 1);
  double worst = 0;
  for (int i = 2; i <= 21; ++i) worst = std::max(worst, ping_ms(session, i));
  std::printf("idle ping: first %.3f ms (with start-up), worst of 20 more %.3f ms\n", first, worst);

  session.send("new");
  session.send("force");
  session.send("analyze");
  const double analysing = ping_ms(session, 100);
  std::printf("ping while analysing: %.3f ms\n", analysing);
  session.send("exit");

  // Pondering: the engine (Black) answers e2e4 at depth 1, then thinks on
  // the user's time.
  session.send("hard");
  session.send("sd 1");
  session.send("go");  // the engine takes White
  ASSERT_NE(session.wait_for("move "), "");
  const double pondering = ping_ms(session, 200);
  std::printf("ping while pondering: %.3f ms\n", pondering);
  session.send("quit");
}

}  // namespace
}  // namespace fable::protocol
