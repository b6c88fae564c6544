// Splitting position-string fields at a separator.
#pragma once

#include <string_view>
#include <vector>

namespace fable {

// The parts of `text` between `sep` characters (empty parts kept).
inline std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (;;) {
    const size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return parts;
}

}  // namespace fable
