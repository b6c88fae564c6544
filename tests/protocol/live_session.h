// A protocol session driven live, as a GUI drives it: lines are written
// to the engine one by one while it runs on its own thread, and the test
// waits for replies with a timeout. For what a fixed script cannot show:
// replies while the engine thinks, and how fast they come.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <iostream>
#include <mutex>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

namespace fable::protocol::testing {

// An input stream fed from another thread; reads block until text is
// there or the writer closes it (end of input).
class PipeBuffer : public std::streambuf {
 public:
  void write(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_ += text;
    ready_.notify_all();
  }
  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    ready_.notify_all();
  }

 protected:
  int_type underflow() override {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return !pending_.empty() || closed_; });
    if (pending_.empty()) return traits_type::eof();
    current_ = std::move(pending_);
    pending_.clear();
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(current_[0]);
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::string pending_, current_;
  bool closed_ = false;
};

// An output stream that keeps whole lines and lets a reader wait for one.
class LineBuffer : public std::streambuf {
 public:
  // Waits until a line satisfying `match` has arrived (searching from the
  // first line not yet returned); returns it, or "" after the timeout.
  std::string wait_for(const std::function<bool(const std::string&)>& match,
                       std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    std::string found;
    const bool ok = ready_.wait_for(lock, timeout, [&] {
      for (; next_ < lines_.size(); ++next_)
        if (match(lines_[next_])) {
          found = lines_[next_++];
          return true;
        }
      return false;
    });
    return ok ? found : std::string();
  }
  std::vector<std::string> lines() {
    std::lock_guard<std::mutex> lock(mutex_);
    return lines_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    std::lock_guard<std::mutex> lock(mutex_);
    if (c == '\n') {
      lines_.push_back(partial_);
      partial_.clear();
      ready_.notify_all();
    } else {
      partial_ += char(c);
    }
    return c;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<std::string> lines_;
  std::string partial_;
  size_t next_ = 0;
};

// Runs `session(in, out)` on a thread; the destructor closes the input
// and joins it.
class LiveSession {
 public:
  explicit LiveSession(std::function<void(std::istream&, std::ostream&)> session)
      : in_(&input_), out_(&output_), thread_([this, session] { session(in_, out_); }) {}
  ~LiveSession() {
    input_.close();
    thread_.join();
  }
  void send(const std::string& line) { input_.write(line + "\n"); }
  std::string wait_for(const std::string& prefix,
                       std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    return output_.wait_for([&](const std::string& l) { return l.rfind(prefix, 0) == 0; }, timeout);
  }
  std::vector<std::string> lines() { return output_.lines(); }

 private:
  PipeBuffer input_;
  LineBuffer output_;
  std::istream in_;
  std::ostream out_;
  std::thread thread_;
};

}  // namespace fable::protocol::testing
