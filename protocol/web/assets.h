// The page's files, compiled into the executable (CMake generates the
// table from protocol/web/page at build time): nothing is read from disk
// when serving, so no request can reach a file outside them.
#pragma once

#include <span>
#include <string_view>

namespace fable::protocol::web {

struct Asset {
  std::string_view path;  // "/index.html"
  std::string_view content_type;
  std::string_view body;
};

// Every embedded file.
std::span<const Asset> embedded_assets();
// The file served for a request path ("/" is "/index.html"); nullptr if none.
const Asset* find_asset(std::string_view path);

}  // namespace fable::protocol::web
