// What the console, XBoard and UCI sessions share: the engine, the event
// queue that brings input lines and the ends of searches to the session's
// one thread, and the bookkeeping that tells the current search from an
// abandoned one. Each face derives from it and only translates its own
// messages.
#pragma once

#include <cstdint>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>

#include "protocol/input_events.h"
#include "protocol/session_options.h"
#include "search/engine.h"

namespace fable::protocol {

class Session {
 public:
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

 protected:
  Session(std::istream& in, std::ostream& out, const SessionOptions& options);
  // Derived sessions call abandon_search() in their own destructor (or
  // before run() returns), while the callbacks they gave can still run.
  virtual ~Session();

  // Output, whole and flushed, from the session's thread or the search's.
  void send(const std::string& line);   // a line
  void write(const std::string& text);  // text as it is (a prompt)

  // Starts the reader thread; reading stops after a line for which
  // `is_last` is true, or at the end of input.
  void start_reading(std::function<bool(const std::string&)> is_last);
  // Puts a line (or the end of input) into the event queue from any
  // thread, for a face whose input is not a stream (the web board's
  // socket); the session's thread sees it as if the reader had read it.
  void post_line(const std::string& line);
  void post_end_of_input();
  // The next event (blocking). A search that ended before it is handed to
  // search_done() first, so a command read after a search's end sees its
  // result.
  Event next_event();
  // As next_event(), waiting at most `timeout_ms`; false if none came.
  bool next_event_for(Event& event, int64_t timeout_ms);

  // Starts searching `pos` on the engine's thread. The session's node
  // limit, if any, caps the search.
  void start_search(const Position& pos, search::Limits limits, search::InfoCallback on_info);
  // Stops the running search; its result never reaches search_done().
  void abandon_search();
  // Makes the running search end now; its result reaches search_done()
  // before this returns.
  void stop_search_now();
  // Lets the running search end by itself for at most `grace_ms`, then
  // makes it end; its result reaches search_done() before this returns.
  void finish_search(int64_t grace_ms);
  bool searching() const { return searching_; }

  // The current search's result, on the session's thread.
  virtual void search_done(const search::Result& result) = 0;

  std::istream& in_;
  std::ostream& out_;
  SessionOptions options_;

 private:
  void take_finished_search();

  std::mutex out_mutex_;
  int search_id_ = 0;
  bool searching_ = false;
  // In this order: the engine stops (its thread ends) before the queue it
  // reports to goes, and the reader ends before both.
  EventQueue events_;
  FinishedSearch finished_{events_};

 protected:
  search::Engine engine_;

 private:
  std::optional<InputReader> reader_;
};

}  // namespace fable::protocol
