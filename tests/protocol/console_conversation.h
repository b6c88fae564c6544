// The console driven as a person drives it: each line is typed only once
// the console asks for one (its output ends with a prompt), so the
// engine's reply to a move is on screen before the next line, whatever
// the machine's speed. Lines typed while the engine thinks are a
// different test (see console_test.cpp, "while it thinks").
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "protocol/console.h"
#include "tests/protocol/live_session.h"

namespace fable::protocol::testing {

// Keeps everything written and lets a reader wait for a prompt.
class ScreenBuffer : public std::streambuf {
 public:
  // Waits until the text written since `since` characters ends with one
  // of the console's prompts; false after the timeout.
  bool wait_for_prompt(size_t since, std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    return ready_.wait_for(lock, timeout, [&] { return text_.size() > since && at_prompt(); });
  }
  // Waits until `needle` appears in the text after `since` characters;
  // returns where it ends, or std::string::npos after the timeout.
  size_t wait_for_text(const std::string& needle, size_t since, std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    size_t at = std::string::npos;
    ready_.wait_for(lock, timeout, [&] {
      at = text_.find(needle, since);
      return at != std::string::npos;
    });
    return at == std::string::npos ? at : at + needle.size();
  }
  std::string text() {
    std::lock_guard<std::mutex> lock(mutex_);
    return text_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    std::lock_guard<std::mutex> lock(mutex_);
    text_ += char(c);
    ready_.notify_all();
    return c;
  }

 private:
  bool at_prompt() const {
    for (const char* p : {"Your move: ", "Your choice: ", "> "}) {
      const std::string prompt = p;
      if (text_.size() >= prompt.size() &&
          text_.compare(text_.size() - prompt.size(), prompt.size(), prompt) == 0)
        return true;
    }
    return false;
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::string text_;
};

// Types each line of `script` at the console's next prompt, then ends the
// input; returns everything the console wrote.
inline std::string converse(const std::string& script, const SessionOptions& options) {
  PipeBuffer input;
  ScreenBuffer screen;
  std::istream in(&input);
  std::ostream out(&screen);
  std::thread console([&] { run_console(in, out, options, ""); });
  std::istringstream lines(script);
  size_t seen = 0;
  for (std::string line; std::getline(lines, line);) {
    if (!screen.wait_for_prompt(seen, std::chrono::seconds(60))) {
      ADD_FAILURE() << "no prompt before '" << line << "':\n" << screen.text();
      break;
    }
    seen = screen.text().size();
    input.write(line + "\n");
  }
  input.close();
  console.join();
  return screen.text();
}

}  // namespace fable::protocol::testing
