// A scripted XBoard session for transcript tests: the script is read as
// the engine's input, everything it writes is returned.
#pragma once

#include <sstream>
#include <string>

#include "protocol/xboard.h"

namespace fable::protocol {

inline std::string xboard_transcript(const std::string& script,
                                     const SessionOptions& options = {}) {
  std::istringstream in(script);
  std::ostringstream out;
  run_xboard(in, out, options);
  return out.str();
}

}  // namespace fable::protocol
