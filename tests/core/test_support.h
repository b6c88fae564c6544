// Small helpers shared by the core tests.
#pragma once

#include <algorithm>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "notation.h"
#include "position.h"

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

// The legal actions of `pos` as text, sorted.
inline std::vector<std::string> legal_texts(const Position& pos) {
  ActionList list;
  pos.legal_actions(list);
  std::vector<std::string> out;
  for (const Action& a : list) out.push_back(action_text(pos, a));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace fable
