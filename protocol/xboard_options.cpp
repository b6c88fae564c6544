#include "protocol/xboard_options.h"

namespace fable::protocol {

namespace {

const char* const kBigFamily = "Family Matters big family";
const char* const kStrongChildren = "Family Matters strong children";
const char* const kQueen = "Family Matters queen";
const char* const kScenario = "Fairy Tale scenario";
const char* const kCards = "Fairy Tale cards";

const std::vector<std::string> kQueens = {"none", "oldqueen", "crazyqueen"};
const std::vector<std::string> kScenarios = {"any", "kingsmen", "damsel", "huffpuff", "magicmight"};

// XBoard combo syntax: choices separated by " /// ", the default starred.
std::string combo(const std::vector<std::string>& choices, const std::string& chosen) {
  std::string text;
  for (const std::string& c : choices)
    text += (text.empty() ? "" : " /// ") + std::string(c == chosen ? "*" : "") + c;
  return text;
}

bool one_of(const std::vector<std::string>& choices, const std::string& value) {
  for (const std::string& c : choices)
    if (c == value) return true;
  return false;
}

// XBoard sends check boxes as 1 or 0.
bool parse_check(const std::string& value, bool& out) {
  if (value != "0" && value != "1") return false;
  out = value == "1";
  return true;
}

}  // namespace

std::vector<std::string> EngineOptions::feature_lines(size_t hash_megabytes) const {
  return {
      std::string(kHashOption) + " -spin " + std::to_string(hash_megabytes) + " 1 65536",
      std::string(kBigFamily) + " -check " + (big_family_ ? "1" : "0"),
      std::string(kStrongChildren) + " -check " + (strong_children_ ? "1" : "0"),
      std::string(kQueen) + " -combo " + combo(kQueens, queen_),
      std::string(kScenario) + " -combo " + combo(kScenarios, scenario_),
      std::string(kCards) + " -check " + (cards_ ? "1" : "0"),
  };
}

std::string EngineOptions::set(const std::string& name, const std::string& value) {
  if (name == kBigFamily)
    return parse_check(value, big_family_) ? "" : "bad value, expected 0 or 1";
  if (name == kStrongChildren)
    return parse_check(value, strong_children_) ? "" : "bad value, expected 0 or 1";
  if (name == kCards) return parse_check(value, cards_) ? "" : "bad value, expected 0 or 1";
  if (name == kQueen) {
    if (!one_of(kQueens, value)) return "bad value, expected " + combo(kQueens, "");
    queen_ = value;
    return "";
  }
  if (name == kScenario) {
    if (!one_of(kScenarios, value)) return "bad value, expected " + combo(kScenarios, "");
    scenario_ = value;
    return "";
  }
  return "unknown option";
}

std::string EngineOptions::variant_options(const std::string& variant) const {
  std::string list;
  const auto add = [&list](const std::string& o) { list += (list.empty() ? "" : ",") + o; };
  if (variant == "familymatters") {
    if (big_family_) add("bigfamily");
    if (strong_children_) add("strongchildren");
    if (queen_ != "none") add(queen_);
  } else if (variant == "fairytale") {
    if (scenario_ != "any") add(scenario_);
    if (!cards_) add("nocards");
  }
  return list;
}

}  // namespace fable::protocol
