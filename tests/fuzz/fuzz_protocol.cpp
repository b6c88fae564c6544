// Sequences of lines through the XBoard, UCI and console sessions (byte 0
// picks the protocol, the rest is the input). A session must end when its
// input ends, without a crash, a sanitizer report or a leak; libFuzzer's
// -timeout turns a hang into a failure. Searches are kept tiny: depth 1,
// a few milliseconds, a node cap.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "protocol/console.h"
#include "protocol/session_options.h"
#include "protocol/uci.h"
#include "protocol/xboard.h"

using namespace fable::protocol;

namespace {

// The input without the lines that size the hash table: a table of many
// gigabytes is what such a line asks for, not a defect, and it would only
// stop the fuzzer on its memory limit.
std::string without_table_sizes(const char* data, size_t size) {
  std::string out;
  std::istringstream in(std::string(data, size));
  std::string line;
  while (std::getline(in, line)) {
    std::string lower = line;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (lower.find("hash") != std::string::npos || lower.find("memory") != std::string::npos)
      continue;
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  SessionOptions options;
  options.hash_megabytes = 1;
  options.depth = 1;
  options.move_time_ms = 5;
  options.node_limit = 2000;
  options.seed = data[0] / 3;
  std::istringstream in(without_table_sizes(reinterpret_cast<const char*>(data) + 1, size - 1));
  std::ostringstream out;
  switch (data[0] % 3) {
    case 0:
      run_xboard(in, out, options);
      break;
    case 1:
      run_uci(in, out, options);
      break;
    default:
      run_console(in, out, options, "");
      break;
  }
  return 0;
}
