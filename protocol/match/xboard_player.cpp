#include "protocol/match/xboard_player.h"

#include <cmath>
#include <sstream>

#include "split.h"

namespace fable::match {

namespace {

// How long an engine may take to answer `protover 2` with its first
// feature (an engine of protocol 1 never does), and to finish them.
constexpr auto kFirstFeatureWait = std::chrono::seconds(2);
constexpr auto kFeatureWait = std::chrono::seconds(10);
// The feature offering the extended protocol (protocol/EXTENDED_PROTOCOL.md).
const char* const kExtendedFeature = "referee";
// XBoard's name for standard chess, the variant an engine plays after
// `new` without being told: a name of the protocol, not a Fable variant
// test (it is also Fable's own name for chess).
const char* const kXBoardChess = "normal";

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// `feature a=1 b="x y" c=2` as (name, value) pairs.
std::vector<std::pair<std::string, std::string>> parse_features(const std::string& line) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t i = line.find(' ');
  while (i != std::string::npos && i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const size_t eq = line.find('=', i);
    if (eq == std::string::npos) break;
    const std::string name = line.substr(i, eq - i);
    std::string value;
    if (eq + 1 < line.size() && line[eq + 1] == '"') {
      const size_t close = line.find('"', eq + 2);
      value = line.substr(eq + 2, close == std::string::npos ? std::string::npos : close - eq - 2);
      i = close == std::string::npos ? std::string::npos : close + 1;
    } else {
      const size_t end = line.find(' ', eq + 1);
      value = line.substr(eq + 1, end == std::string::npos ? std::string::npos : end - eq - 1);
      i = end;
    }
    out.emplace_back(name, value);
  }
  return out;
}

std::string centiseconds(int64_t ms) { return std::to_string(std::max<int64_t>(0, ms) / 10); }

std::string seconds_text(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

}  // namespace

bool XBoardPlayer::start(std::string& error) {
  try {
    process_ = std::make_unique<EngineProcess>(command_, log_);
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
  name_ = command_.substr(0, command_.find(' '));
  name_ = name_.substr(name_.rfind('/') == std::string::npos ? 0 : name_.rfind('/') + 1);
  if (!process_->send("xboard") || !process_->send("protover 2")) {
    error = "the engine did not start";
    return false;
  }
  read_features(Clock::now() + kFirstFeatureWait);
  return ping_sync(error);
}

void XBoardPlayer::read_features(Clock::time_point deadline) {
  std::string line;
  while (process_->read_line(line, deadline) == EngineProcess::Read::kLine) {
    if (!starts_with(line, "feature ")) continue;
    deadline = Clock::now() + kFeatureWait;
    for (const auto& [name, value] : parse_features(line)) {
      if (name == "done") {
        if (value == "1") return;
        continue;
      }
      if (name == "myname") name_ = value;
      if (name == "usermove") usermove_ = value == "1";
      if (name == "variants") {
        variants_.clear();
        for (std::string_view v : split(value, ',')) variants_.emplace_back(v);
      }
      if (name == kExtendedFeature) extended_ = value == "1";
      process_->send("accepted " + name);
    }
  }
}

bool XBoardPlayer::knows_variant(const std::string& variant) const {
  for (const std::string& v : variants_)
    if (v == variant) return true;
  return false;
}

bool XBoardPlayer::ping_sync(std::string& error) {
  const std::string expected = "pong " + std::to_string(++ping_);
  if (!process_->send("ping " + std::to_string(ping_))) {
    error = "the engine exited";
    return false;
  }
  const auto deadline = Clock::now() + std::chrono::milliseconds(startup_ms_);
  std::string line;
  for (;;) {
    const EngineProcess::Read r = process_->read_line(line, deadline);
    if (r == EngineProcess::Read::kTimeout) {
      error = "no answer to ping";
      return false;
    }
    if (r == EngineProcess::Read::kClosed) {
      error = "the engine exited";
      return false;
    }
    if (starts_with(line, "Illegal move")) complained_ = true;
    if (line == expected) return true;
  }
}

bool XBoardPlayer::new_game(const std::string& variant, const std::string& options,
                            const std::string& position, const TimeControl& tc,
                            std::string& error) {
  if (!options.empty() && !extended_) {
    error = "variant options need the extended protocol";
    return false;
  }
  complained_ = false;
  process_->send("new");
  if (variant != kXBoardChess)
    process_->send("variant " + variant + (options.empty() ? "" : " " + options));
  process_->send("force");
  if (!position.empty()) process_->send("setboard " + position);
  process_->send("post");
  process_->send("easy");
  if (tc.move_seconds > 0) {
    process_->send("st " + seconds_text(tc.move_seconds));
  } else {
    const int64_t base = std::max<int64_t>(1, std::llround(tc.base_seconds));
    process_->send("level 0 " + std::to_string(base / 60) + ":" + (base % 60 < 10 ? "0" : "") +
                   std::to_string(base % 60) + " " + seconds_text(tc.increment_seconds));
  }
  if (!ping_sync(error)) return false;
  if (complained_) {
    error = "the engine refused the start position";
    return false;
  }
  return true;
}

bool XBoardPlayer::tell(const std::vector<std::string>& actions) {
  if (actions.empty()) return true;
  const std::string prefix = usermove_ ? "usermove " : "";
  if (extended_) {
    std::string list;
    for (const std::string& a : actions) list += (list.empty() ? "" : ";") + a;
    return process_->send(prefix + list);
  }
  for (const std::string& a : actions)
    if (!process_->send(prefix + a)) return false;
  return true;
}

void XBoardPlayer::note_line(const std::string& line, Reply* reply) {
  if (starts_with(line, "Illegal move")) complained_ = true;
  // Thinking output: DEPTH SCORE TIME NODES PV...
  if (reply && !line.empty() && line[0] >= '0' && line[0] <= '9') {
    std::istringstream in(line);
    int depth = 0, score = 0;
    if (in >> depth >> score) reply->score = score;
  }
}

Reply XBoardPlayer::decide(int64_t own_ms, int64_t other_ms, const TimeControl& tc,
                           int64_t margin_ms) {
  Reply reply;
  process_->send("time " + centiseconds(own_ms));
  process_->send("otim " + centiseconds(other_ms));
  const auto start = Clock::now();
  if (!process_->send("go")) {
    reply.detail = "the engine exited";
    return reply;
  }
  const int64_t budget = tc.move_seconds > 0 ? std::llround(tc.move_seconds * 1000) : own_ms;
  const auto deadline = start + std::chrono::milliseconds(budget + margin_ms);
  std::string line;
  for (;;) {
    const EngineProcess::Read r = process_->read_line(line, deadline);
    reply.elapsed_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    if (r == EngineProcess::Read::kTimeout) {
      reply.status = Reply::Status::kTimeout;
      reply.detail = "no move within " + std::to_string(budget + margin_ms) + " ms";
      return reply;
    }
    if (r == EngineProcess::Read::kClosed) {
      reply.status = Reply::Status::kCrash;
      reply.detail = "the engine exited";
      return reply;
    }
    note_line(line, &reply);
    if (complained_) {
      reply.status = Reply::Status::kRefused;
      reply.detail = "the engine refused the referee's actions: " + line;
      return reply;
    }
    if (line == "resign") {
      reply.status = Reply::Status::kResign;
      return reply;
    }
    if (starts_with(line, "move ")) {
      const std::string text = line.substr(5);
      if (extended_) {
        for (std::string_view a : split(text, ';')) reply.actions.emplace_back(a);
      } else {
        reply.actions.push_back(text);
      }
      reply.status = Reply::Status::kMove;
      process_->send("force");
      return reply;
    }
  }
}

void XBoardPlayer::result(const std::string& result, const std::string& reason) {
  if (process_) process_->send("result " + result + " {" + reason + "}");
}

void XBoardPlayer::kill() {
  if (process_) process_->kill();
}

}  // namespace fable::match
