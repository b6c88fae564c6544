// The event loop shared by the XBoard and UCI sessions. Input is read on a
// thread of its own, so that a command (`?`, `stop`, `ping`, `isready`) is
// seen while the engine thinks; the end of a search arrives through the
// same queue, so a session handles every event on one thread, in order,
// and never touches its game from the search thread.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "search/search_limits.h"

namespace fable::protocol {

struct Event {
  enum class Kind { kLine, kEndOfInput, kSearchDone };
  Kind kind = Kind::kLine;
  std::string line;       // kLine: without the line end
  int search_id = 0;      // kSearchDone: which search ended
  search::Result result;  // kSearchDone
};

class EventQueue {
 public:
  void push(Event event);
  Event pop();  // blocks until an event is there
  // Waits at most `timeout_ms` for an event; false if none came.
  bool pop_for(Event& event, int64_t timeout_ms);

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Event> events_;
};

// The end of a search, handed from the search thread to the session: the
// result waits here and the queue only gets a wake-up event, so that the
// session handles it before any command read after the search ended.
class FinishedSearch {
 public:
  explicit FinishedSearch(EventQueue& queue) : queue_(queue) {}
  // On the search thread.
  void post(int search_id, const search::Result& result);
  // On the session thread: the search that ended, if one did.
  std::optional<Event> take();

 private:
  EventQueue& queue_;
  std::mutex mutex_;
  std::optional<Event> finished_;
};

// Reads `in` line by line into a queue until end of input (then pushes
// kEndOfInput) or until a line for which `is_last` is true (pushed, then
// reading stops), so the thread always ends with the session and can be
// joined.
class InputReader {
 public:
  InputReader(std::istream& in, EventQueue& queue, std::function<bool(const std::string&)> is_last);
  ~InputReader();
  InputReader(const InputReader&) = delete;
  InputReader& operator=(const InputReader&) = delete;

 private:
  std::thread thread_;
};

// The first whitespace-separated word of a line and the rest after it
// (leading blanks removed).
std::string first_word(const std::string& line);
std::string after_first_word(const std::string& line);

}  // namespace fable::protocol
