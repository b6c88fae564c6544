// A scripted XBoard session for transcript tests: the script is read as
// the engine's input, everything it writes is returned.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "protocol/cli.h"
#include "protocol/xboard.h"

namespace fable::protocol {

inline std::string xboard_transcript(const std::string& script,
                                     const SessionOptions& options = {}) {
  std::istringstream in(script);
  std::ostringstream out;
  run_xboard(in, out, options);
  return out.str();
}

// The same through the executable's entry point: `fable ARGS` reading
// "xboard\n" + script; it must exit cleanly.
inline std::string xboard_command_line(const std::string& script,
                                       std::vector<const char*> args = {}) {
  args.insert(args.begin(), "fable");
  std::istringstream in("xboard\n" + script);
  std::ostringstream out, err;
  EXPECT_EQ(run_command_line(int(args.size()), args.data(), in, out, err), 0) << err.str();
  return out.str();
}

}  // namespace fable::protocol
