// Reading and writing actions. One parser serves the console, the
// protocols and the tests: an input is accepted exactly when it spells one
// of the legal actions of the position (case does not matter).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace fable {

std::string action_text(const Position& pos, const Action& a);
// A line of actions from `pos` (a principal variation), space separated,
// as far as it stays legal (a line read from a table may not); `turns`,
// when given, receives how many turns the written part completes.
std::string line_text(const Position& pos, const std::vector<Action>& line, int* turns = nullptr);

enum class ParseStatus { kOk, kIllegal, kUnreadable };

struct ParsedAction {
  ParseStatus status = ParseStatus::kUnreadable;
  Action action;
  std::string error;  // a sentence naming the fault, empty when kOk
  bool ok() const { return status == ParseStatus::kOk; }
};

ParsedAction parse_action(const Position& pos, std::string_view text);

}  // namespace fable
