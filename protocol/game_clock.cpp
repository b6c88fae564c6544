#include "protocol/game_clock.h"

#include <cstdio>

#include "protocol/time_control.h"

namespace fable::protocol {

namespace {

// "4:58.2": minutes, seconds and tenths (never below zero).
std::string clock_face(int64_t ms) {
  if (ms < 0) ms = 0;
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld.%lld", static_cast<long long>(ms / 60000),
                static_cast<long long>(ms / 1000 % 60), static_cast<long long>(ms / 100 % 10));
  return text;
}

// A number of milliseconds as a short decimal ("0.1", "5", "2.5").
std::string decimal(int64_t ms, int64_t unit_ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", double(ms) / double(unit_ms));
  return text;
}

}  // namespace

std::optional<GameClock> GameClock::parse(const std::string& text) {
  const size_t plus = text.find('+');
  if (plus == std::string::npos) return std::nullopt;
  // Minutes have the syntax of seconds (digits, one point), scaled here.
  const auto minutes = parse_seconds(text.substr(0, plus));
  const auto increment = parse_seconds(text.substr(plus + 1));
  // parse_seconds gives a thousandth of the number: at most a week of minutes.
  constexpr int64_t kMostMinutesTimes1000 = int64_t(7) * 24 * 60 * 1000;
  if (!minutes || !increment || *minutes > kMostMinutesTimes1000) return std::nullopt;
  if (*minutes == 0) return std::nullopt;  // no time to think at all
  GameClock clock;
  clock.base_ms_ = *minutes * 60;
  clock.increment_ms_ = *increment;
  clock.reset();
  return clock;
}

void GameClock::reset() {
  left_ms_ = {base_ms_, base_ms_};
  running_.reset();
}

void GameClock::run(Colour side, Time now) {
  running_ = side;
  since_ = now;
}

bool GameClock::stop(Time now) {
  if (!running_) return true;
  const Colour side = *running_;
  running_.reset();
  left_ms_[side] -= std::chrono::duration_cast<std::chrono::milliseconds>(now - since_).count();
  return left_ms_[side] > 0;
}

std::string GameClock::text() const {
  return "White " + clock_face(left_ms_[kWhite]) + ", Black " + clock_face(left_ms_[kBlack]);
}

std::string GameClock::control_text() const {
  const std::string minutes = decimal(base_ms_, 60000), seconds = decimal(increment_ms_, 1000);
  return minutes + (minutes == "1" ? " minute + " : " minutes + ") + seconds +
         (seconds == "1" ? " second a turn" : " seconds a turn");
}

}  // namespace fable::protocol
