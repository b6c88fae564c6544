// Position strings: exact round trips, and every malformed string rejected
// with a message naming its fault.
#include <gtest/gtest.h>

#include "position.h"
#include "variants/family_board.h"

namespace fable {
namespace {

TEST(PositionString, RoundTripsExactly) {
  auto v = make_variant("normal");
  for (const char* text : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
           "8/8/8/8/8/8/8/K6k b - - 57 120",
           "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 3 9",
       }) {
    const Position p = Position::from_string(v, text);
    EXPECT_EQ(p.to_string(), text);
    EXPECT_EQ(p.key(), p.compute_key());
  }
}

TEST(PositionString, MissingCountersDefault) {
  auto v = make_variant("normal");
  const Position p = Position::from_string(v, "4k3/8/8/8/8/8/8/4K3 w -");
  EXPECT_EQ(p.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

struct Malformed {
  const char* text;
  const char* fault;  // a fragment the error message must contain
};

TEST(PositionString, MalformedStringsAreRejectedWithTheirFault) {
  auto v = make_variant("normal");
  const Malformed cases[] = {
      {"", "empty"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8"},
      {"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 squares"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece letter 'X'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "side to move missing"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "castling"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "twice"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "rook on h1"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "does not follow"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "50-move counter"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "move number"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "unexpected field"},
      {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "exactly one king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w - - 0 1", "pawn on h1"},
      {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check"},
      {"rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "at least 1"},
      // 2^32 + 8 empty squares: a count that overflowed read as 8.
      {"rnbqkbnr/pppppppp/4294967304/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8"},
      {"rnbqkbnr/pppppppp/*7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'*' written for a6"},
      {"rnbqk~bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "marker"},
  };
  for (const Malformed& m : cases) {
    try {
      Position::from_string(v, m.text);
      ADD_FAILURE() << "accepted: " << m.text;
    } catch (const PositionError& e) {
      EXPECT_NE(std::string(e.what()).find(m.fault), std::string::npos)
          << "'" << m.text << "' gave: " << e.what();
    }
  }
}

TEST(PositionString, HolesMustMatchTheBoard) {
  // A variant value on the Family Matters board with chess pieces, to test
  // the generic '*' handling before that variant's own rules exist.
  auto v = std::make_shared<Variant>(*make_variant("normal"));
  v->geometry = make_family_board();
  v->promotion = {};
  v->finalize();
  // Reuse chess rules only for the board part: parse must fail before the
  // fields are read when the holes are wrong.
  try {
    Position::from_string(v, "9/9/9/9/9/9/9/9 w");
    ADD_FAILURE() << "accepted a board without holes";
  } catch (const PositionError& e) {
    EXPECT_NE(std::string(e.what()).find("a8 does not exist"), std::string::npos) << e.what();
  }
  try {
    Position::from_string(v, "***3***/**4***/*6**/8*/8*/*6**/**4***/***2***1 w");
    ADD_FAILURE() << "accepted a board whose rank 8 has a square in a hole";
  } catch (const PositionError& e) {
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
  try {
    Position::from_string(v, "***2****/**4***/*6**/8*/8*/*6**/**4***/***2****  w");
    ADD_FAILURE() << "accepted '*' on i1";
  } catch (const PositionError& e) {
    EXPECT_NE(std::string(e.what()).find("i1"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fable
