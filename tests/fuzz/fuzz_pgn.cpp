// The PGN reader behind `fable replay`: any text is read without a crash
// (malformed PGN is std::invalid_argument), and every game is replayed
// through the rules without a crash. A game that replays cleanly must
// survive the round trip through the writer: written again from its
// actions and read back, it has the same tags, start position, actions,
// result and reason.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "notation.h"
#include "position.h"
#include "protocol/match/pgn.h"

using namespace fable;
using namespace fable::match;

namespace {

[[noreturn]] void fail(const std::string& what, const std::string& pgn) {
  std::fprintf(stderr, "\n%s\n--- PGN written:\n%s\n", what.c_str(), pgn.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

// The record the match runner would have written for `game` (which
// replays cleanly), with every action in its canonical text.
GameRecord record_of(const PgnGame& game) {
  GameRecord record;
  record.engine_name[kWhite] = game.tag("White");
  record.engine_name[kBlack] = game.tag("Black");
  record.variant = game.tag("Variant").empty() ? "normal" : game.tag("Variant");
  record.options = game.tag("VariantOptions");
  const auto variant = make_variant(record.variant, record.options);
  Position pos = game.tag("FEN").empty() ? Position::start(variant)
                                         : Position::from_string(variant, game.tag("FEN"));
  record.start_position = pos.to_string();
  for (const std::string& text : game.actions) {
    const ParsedAction parsed = parse_action(pos, text);
    record.actions.push_back(
        {action_text(pos, parsed.action), pos.decision().actor, pos.fullmove(), false});
    pos.apply(parsed.action);
  }
  record.result = result_from_token(game.result);
  record.termination = game.tag("Termination");
  // A last comment that is a chance outcome is an action, not a reason.
  if (game.final_comment.rfind("chance: ", 0) != 0) record.reason = game.final_comment;
  return record;
}

void check_round_trip(const PgnGame& game) {
  const GameRecord record = record_of(game);
  const std::string written = to_pgn(record, PgnTags{});
  std::istringstream in(written);
  std::vector<PgnGame> again;
  try {
    again = read_pgn(in);
  } catch (const std::invalid_argument& e) {
    fail(std::string("the written PGN does not read: ") + e.what(), written);
  }
  if (again.size() != 1)
    fail("the written PGN holds " + std::to_string(again.size()) + " games", written);
  const PgnGame& back = again[0];
  for (const char* tag : {"White", "Black", "Variant", "VariantOptions", "Termination", "Result"})
    if (back.tag(tag) != game.tag(tag) && !(std::string(tag) == "Variant" && game.tag(tag).empty()))
      fail(std::string("tag ") + tag + " reads back as '" + back.tag(tag) + "', was '" +
               game.tag(tag) + "'",
           written);
  std::vector<std::string> texts;
  for (const RecordedAction& a : record.actions) texts.push_back(a.text);
  if (back.actions != texts) fail("the actions read back differ", written);
  if (back.result != game.result) fail("the result reads back as " + back.result, written);
  if (back.final_comment != record.reason)
    fail("the reason reads back as '" + back.final_comment + "'", written);
  // Same start, same canonical actions: it replays as the original did.
  if (back.tag("FEN") != record.start_position)
    fail("the start position reads back as '" + back.tag("FEN") + "'", written);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<PgnGame> games;
  try {
    games = read_pgn(in);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  for (const PgnGame& game : games)
    if (replay_check(game).empty()) check_round_trip(game);
  return 0;
}
