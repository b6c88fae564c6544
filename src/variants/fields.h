// Small parsers for the numeric and keyword fields of position strings.
#pragma once

#include <charconv>
#include <string>
#include <string_view>

#include "position.h"

namespace fable {

// A non-negative decimal counter of at most 5 digits, at least `min`.
inline int parse_counter(std::string_view text, const char* what, int min) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.size() > 5 || value < min)
    throw PositionError(std::string(what) + " must be a number of at least " + std::to_string(min) +
                        ", not '" + std::string(text) + "'");
  return value;
}

}  // namespace fable
