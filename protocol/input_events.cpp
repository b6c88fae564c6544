#include "protocol/input_events.h"

#include <chrono>

namespace fable::protocol {

void EventQueue::push(Event event) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    events_.push_back(std::move(event));
  }
  ready_.notify_one();
}

Event EventQueue::pop() {
  std::unique_lock<std::mutex> lock(mutex_);
  ready_.wait(lock, [this] { return !events_.empty(); });
  Event event = std::move(events_.front());
  events_.pop_front();
  return event;
}

void FinishedSearch::post(int search_id, const search::Result& result) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    finished_ = Event{Event::Kind::kSearchDone, {}, search_id, result};
  }
  queue_.push(Event{Event::Kind::kSearchDone, {}, 0, {}});  // a wake-up call
}

std::optional<Event> FinishedSearch::take() {
  std::optional<Event> done;
  std::lock_guard<std::mutex> lock(mutex_);
  done.swap(finished_);
  return done;
}

bool EventQueue::pop_for(Event& event, int64_t timeout_ms) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!ready_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                       [this] { return !events_.empty(); }))
    return false;
  event = std::move(events_.front());
  events_.pop_front();
  return true;
}

InputReader::InputReader(std::istream& in, EventQueue& queue,
                         std::function<bool(const std::string&)> is_last) {
  // A tied output stream (std::cin's std::cout) would be flushed by every
  // read on the reader thread, racing with the session's own writes (which
  // duplicated output lines); the sessions flush every line they write.
  in.tie(nullptr);
  thread_ = std::thread([&in, &queue, is_last = std::move(is_last)] {
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      const bool last = is_last(line);
      queue.push(Event{Event::Kind::kLine, line, 0, {}});
      if (last) return;
    }
    queue.push(Event{Event::Kind::kEndOfInput, {}, 0, {}});
  });
}

InputReader::~InputReader() {
  if (thread_.joinable()) thread_.join();
}

namespace {
bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
}  // namespace

std::string first_word(const std::string& line) {
  size_t start = 0;
  while (start < line.size() && blank(line[start])) ++start;
  size_t end = start;
  while (end < line.size() && !blank(line[end])) ++end;
  return line.substr(start, end - start);
}

std::string after_first_word(const std::string& line) {
  size_t at = 0;
  while (at < line.size() && blank(line[at])) ++at;
  while (at < line.size() && !blank(line[at])) ++at;
  while (at < line.size() && blank(line[at])) ++at;
  std::string rest = line.substr(at);
  while (!rest.empty() && blank(rest.back())) rest.pop_back();
  return rest;
}

}  // namespace fable::protocol
