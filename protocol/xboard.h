// The XBoard / CECP protocol.
#pragma once

#include <iostream>

#include "protocol/session_options.h"

namespace fable::protocol {

// Serves CECP on `in`/`out` until "quit" or end of input. The "xboard"
// line has already been read.
int run_xboard(std::istream& in, std::ostream& out, const SessionOptions& options);

}  // namespace fable::protocol
