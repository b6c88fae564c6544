#include "protocol/time_control.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace fable::protocol {

namespace {

// Longer controls than a year are typing errors, and would overflow.
constexpr int64_t kMaxMilliseconds = int64_t(366) * 24 * 3600 * 1000;
// The share of the clock one move may use when no session length is given;
// matches how a search spreads sudden-death time.
constexpr int kAssumedMovesLeft = 30;

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<int64_t> parse_integer(const std::string& text, int64_t low, int64_t high) {
  std::string digits = text;
  bool negative = false;
  if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) {
    negative = digits[0] == '-';
    digits.erase(0, 1);
  }
  if (!all_digits(digits) || digits.size() > 15) return std::nullopt;
  const int64_t value = (negative ? -1 : 1) * std::stoll(digits);
  if (value < low || value > high) return std::nullopt;
  return value;
}

std::optional<int64_t> parse_seconds(const std::string& text) {
  // Digits, at most one point, at least one digit.
  const size_t point = text.find('.');
  const std::string whole = text.substr(0, point);
  const std::string fraction = point == std::string::npos ? "" : text.substr(point + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  if ((!whole.empty() && !all_digits(whole)) || (!fraction.empty() && !all_digits(fraction)))
    return std::nullopt;
  if (whole.size() > 10 || fraction.size() > 9) return std::nullopt;
  const double seconds = std::stod("0" + whole + "." + fraction + "0");
  const int64_t ms = int64_t(std::llround(seconds * 1000));
  if (ms > kMaxMilliseconds) return std::nullopt;
  return ms;
}

std::optional<TimeControl> parse_level(const TimeControl& current, const std::string& args) {
  std::istringstream in(args);
  std::string mps_text, base_text, inc_text, extra;
  if (!(in >> mps_text >> base_text >> inc_text) || (in >> extra)) return std::nullopt;
  const auto mps = parse_integer(mps_text, 0, 100000);
  if (!mps) return std::nullopt;
  // BASE is minutes ("5", "0.5") or minutes:seconds ("2:30").
  std::optional<int64_t> base;
  const size_t colon = base_text.find(':');
  if (colon == std::string::npos) {
    const auto minutes = parse_seconds(base_text);  // same syntax, scaled below
    if (minutes && *minutes <= kMaxMilliseconds / 60) base = *minutes * 60;
  } else {
    const auto minutes = parse_integer(base_text.substr(0, colon), 0, 100000);
    const auto seconds = parse_integer(base_text.substr(colon + 1), 0, 59);
    if (minutes && seconds && base_text.size() > colon + 1)
      base = (*minutes * 60 + *seconds) * 1000;
  }
  const auto increment = parse_seconds(inc_text);
  if (!base || !increment) return std::nullopt;
  if (*base == 0 && *increment == 0) return std::nullopt;  // no time at all
  TimeControl tc = current;
  tc.moves_per_session = int(*mps);
  tc.base_ms = *base;
  tc.increment_ms = *increment;
  tc.fixed_ms = 0;  // `level` replaces `st`
  tc.engine_clock_ms = tc.opponent_clock_ms = *base;
  return tc;
}

search::Limits limits_for(const TimeControl& tc, int fullmove, int64_t default_move_ms) {
  search::Limits limits;
  if (tc.max_depth > 0) limits.depth = tc.max_depth;
  int64_t budget_ms = 0;  // for nps: the time this move may take
  if (tc.fixed_ms > 0) {
    limits.move_time_ms = tc.fixed_ms;
    budget_ms = tc.fixed_ms;
  } else if (tc.base_ms >= 0) {
    const int64_t clock =
        std::max<int64_t>(0, tc.engine_clock_ms >= 0 ? tc.engine_clock_ms : tc.base_ms);
    limits.time_left_ms = clock;
    limits.increment_ms = tc.increment_ms;
    if (tc.moves_per_session > 0)
      limits.moves_to_go =
          tc.moves_per_session - (std::max(1, fullmove) - 1) % tc.moves_per_session;
    const int to_go = limits.moves_to_go > 0 ? limits.moves_to_go : kAssumedMovesLeft;
    budget_ms = std::min(clock, clock / to_go + tc.increment_ms * 3 / 4);
  } else if (tc.max_depth == 0) {
    limits.move_time_ms = default_move_ms;
    budget_ms = default_move_ms;
  }
  if (tc.nps > 0 && budget_ms > 0) {
    // Nodes stand in for time: the search stops on its node count alone.
    limits.move_time_ms = 0;
    limits.time_left_ms = -1;
    limits.increment_ms = 0;
    limits.moves_to_go = 0;
    limits.nodes = uint64_t(std::max<int64_t>(1, budget_ms * tc.nps / 1000));
  }
  return limits;
}

}  // namespace fable::protocol
