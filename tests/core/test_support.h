// Small helpers shared by the core tests.
#pragma once

#include <exception>
#include <functional>
#include <string>

namespace fable {

// The message of the exception `f` throws, or "(nothing thrown)".
inline std::string thrown_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

}  // namespace fable
