// The human console: a game in the terminal against the engine.
#pragma once

#include <iostream>
#include <string>

#include "protocol/session_options.h"

namespace fable::protocol {

// Plays until "quit" or end of input. `first_line` is a line already read
// from `in` (the command-line front end reads one to tell the console from
// XBoard), or empty.
int run_console(std::istream& in, std::ostream& out, const SessionOptions& options,
                const std::string& first_line);

}  // namespace fable::protocol
