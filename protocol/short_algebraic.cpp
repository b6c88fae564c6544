#include "protocol/short_algebraic.h"

#include <cctype>
#include <string>

namespace fable::protocol {

namespace {

bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool is_lower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

ParsedAction parse_short_algebraic(const Position& pos, std::string_view input) {
  ParsedAction result;
  std::string text(input);
  while (!text.empty() &&
         (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?'))
    text.pop_back();
  if (text.empty() || pos.decision().kind != DecisionKind::kMove) return result;
  const Variant& v = pos.variant();
  const Geometry& g = pos.geometry();

  // Piece letter (upper case), then the rest: [origin][x]target[=X].
  size_t at = 0;
  int type = 0;
  if (is_upper(text[0])) {
    type = v.type_by_letter(text[0]);
    if (!type) return result;
    at = 1;
  }
  int promotion = 0;
  const size_t eq = text.find('=');
  if (eq != std::string::npos) {
    if (eq + 2 != text.size() || !(promotion = v.type_by_letter(text[eq + 1]))) return result;
    text.resize(eq);
  }
  // The target is the last square name: letters then digits at the end.
  size_t digits = text.size();
  while (digits > at && is_digit(text[digits - 1])) --digits;
  if (digits == text.size() || digits == at || !is_lower(text[digits - 1])) return result;
  const Square to = g.parse(std::string_view(text).substr(digits - 1));
  if (to == kNoSquare) return result;
  std::string origin = text.substr(at, digits - 1 - at);
  if (!origin.empty() && origin.back() == 'x') origin.pop_back();
  for (char c : origin)
    if (!is_lower(c) && !is_digit(c)) return result;

  ActionList list;
  pos.legal_actions(list);
  int found = 0;
  std::string candidates;
  for (const Action& a : list) {
    if (a.to != to || a.from == kNoSquare || a.type == ActionType::kDrop ||
        a.type == ActionType::kSwap || a.type == ActionType::kPass)
      continue;
    const Piece p = pos.at(a.from);
    if (!p) continue;
    const int piece_type = type_of(p);
    if (type ? piece_type != type : !v.classes.pawn_like[size_t(piece_type)]) continue;
    if (promotion && a.promotion != promotion) continue;
    const std::string from = g.name(a.from);
    // The origin given may be a file, a rank or the whole square.
    if (!origin.empty() && from.find(origin) == std::string::npos) continue;
    if (found++ == 0) result.action = a;
    candidates += (candidates.empty() ? "" : " or ") + action_text(pos, a);
  }
  if (found == 1) {
    result.status = ParseStatus::kOk;
    return result;
  }
  result.status = ParseStatus::kIllegal;
  result.error = found == 0 ? "no legal move is '" + std::string(input) + "'"
                            : "'" + std::string(input) + "' could be " + candidates;
  return result;
}

}  // namespace fable::protocol
