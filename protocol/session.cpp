#include "protocol/session.h"

#include <algorithm>
#include <chrono>

namespace fable::protocol {

Session::Session(std::istream& in, std::ostream& out, const SessionOptions& options)
    : in_(in), out_(out), options_(options) {
  engine_.set_hash_megabytes(options.hash_megabytes);
  engine_.set_threads(options.threads);
  if (!options.without.empty() || !options.settings.empty() || options.searcher != "auto") {
    search::Options search_options;
    // All three checked by the command line.
    search_options.disable(options.without);
    search_options.set(options.settings);
    search_options.choose_searcher(options.searcher);
    engine_.set_search_options(search_options);
  }
  if (options.random_play) engine_.set_random_play(options.seed);
}

Session::~Session() { engine_.stop(); }

void Session::send(const std::string& line) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

void Session::write(const std::string& text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << text << std::flush;
}

void Session::start_reading(std::function<bool(const std::string&)> is_last) {
  reader_.emplace(in_, events_, std::move(is_last));
}

void Session::post_line(const std::string& line) {
  events_.push(Event{Event::Kind::kLine, line, 0, {}});
}

void Session::post_end_of_input() { events_.push(Event{Event::Kind::kEndOfInput, {}, 0, {}}); }

Event Session::next_event() {
  Event event = events_.pop();
  take_finished_search();
  return event;
}

bool Session::next_event_for(Event& event, int64_t timeout_ms) {
  const bool got = events_.pop_for(event, timeout_ms);
  take_finished_search();
  return got;
}

void Session::start_search(const Position& pos, search::Limits limits,
                           search::InfoCallback on_info) {
  if (options_.node_limit > 0 && (limits.nodes == 0 || limits.nodes > options_.node_limit))
    limits.nodes = options_.node_limit;
  engine_.set_position(pos);
  const int id = ++search_id_;
  searching_ = true;
  engine_.go(limits, std::move(on_info),
             [this, id](const search::Result& r) { finished_.post(id, r); });
}

void Session::abandon_search() {
  if (!searching_) return;
  ++search_id_;
  searching_ = false;
  engine_.stop();
}

void Session::stop_search_now() {
  if (!searching_) return;
  engine_.stop();
  take_finished_search();
}

void Session::finish_search(int64_t grace_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(grace_ms);
  while (searching_) {
    const int64_t left = std::chrono::duration_cast<std::chrono::milliseconds>(
                             deadline - std::chrono::steady_clock::now())
                             .count();
    if (left <= 0) engine_.stop();  // the result is still handed over
    Event ignored;
    events_.pop_for(ignored, std::max<int64_t>(1, left));
    take_finished_search();
  }
}

void Session::take_finished_search() {
  const std::optional<Event> done = finished_.take();
  if (!done || done->search_id != search_id_) return;  // none, or abandoned
  searching_ = false;
  search_done(done->result);
}

}  // namespace fable::protocol
