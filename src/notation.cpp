#include "notation.h"

#include <cctype>

#include "rules.h"

namespace fable {

namespace {

std::string lower(std::string_view text) {
  std::string out;
  for (char c : text) out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  return std::string(text.substr(b, e - b));
}

// Does `text` at least have the shape of a move: a drop "X@sq", or two
// square names optionally followed by suffix letters/symbols?
bool looks_like_move(const Geometry& g, const std::string& text) {
  auto square_at = [&](size_t& i) {
    if (i >= text.size() || !std::isalpha(static_cast<unsigned char>(text[i]))) return false;
    size_t j = i + 1;
    while (j < text.size() && j < i + 3 && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    if (j == i + 1) return false;
    // Greedy digits may swallow too much ("a10" vs "a1" + "0"): accept the
    // longest prefix that names a square.
    for (size_t k = j; k > i + 1; --k)
      if (g.parse(text.substr(i, k - i)) != kNoSquare) {
        i = k;
        return true;
      }
    return false;
  };
  size_t i = 0;
  if (text.size() > 2 && text[1] == '@') {
    i = 2;
    return square_at(i) && i == text.size();
  }
  if (!square_at(i) || !square_at(i)) return false;
  for (; i < text.size(); ++i)
    if (!std::isalpha(static_cast<unsigned char>(text[i])) && text[i] != '=') return false;
  return true;
}

}  // namespace

std::string action_text(const Position& pos, const Action& a) {
  return pos.variant().rules->action_text(pos, a);
}

std::string line_text(const Position& pos, const std::vector<Action>& line, int* turns) {
  std::string text;
  int completed = 0;
  Position walk = pos;
  for (const Action& a : line) {
    if (!walk.is_legal(a)) break;
    if (!text.empty()) text += ' ';
    text += action_text(walk, a);
    walk.apply(a);
    if (walk.at_turn_start()) ++completed;
  }
  if (turns) *turns = completed;
  return text;
}

ParsedAction parse_action(const Position& pos, std::string_view input) {
  ParsedAction result;
  std::string text = lower(trim(input));
  if (text.empty()) {
    result.error = "empty move";
    return result;
  }
  // Castling written the chess way.
  if (text == "o-o" || text == "0-0" || text == "o-o-o" || text == "0-0-0") {
    const bool queen_side = text.size() == 5;
    ActionList list;
    pos.legal_actions(list);
    for (const Action& a : list)
      if (a.type == ActionType::kCastle &&
          (pos.geometry().file(a.to) < pos.geometry().file(a.from)) == queen_side) {
        result.status = ParseStatus::kOk;
        result.action = a;
        return result;
      }
    result.status = ParseStatus::kIllegal;
    result.error = "castling is not legal here";
    return result;
  }
  ActionList list;
  pos.legal_actions(list);
  for (const Action& a : list)
    if (lower(action_text(pos, a)) == text) {
      result.status = ParseStatus::kOk;
      result.action = a;
      return result;
    }
  if (looks_like_move(pos.geometry(), text) || text == "pass") {
    result.status = ParseStatus::kIllegal;
    result.error = "illegal move '" + std::string(trim(input)) + "'";
  } else {
    result.error = "cannot read '" + std::string(trim(input)) + "' as a move";
  }
  return result;
}

}  // namespace fable
