// The UCI protocol, for standard chess (and, through the UCI_Variant
// option, Fable's other variants in Fable's own notation).
#pragma once

#include <iostream>

#include "protocol/session_options.h"

namespace fable::protocol {

// Serves UCI on `in`/`out` until "quit" or end of input. The "uci" line
// has already been read; it is answered first.
int run_uci(std::istream& in, std::ostream& out, const SessionOptions& options);

}  // namespace fable::protocol
