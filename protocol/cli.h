// The command line: `fable`, `fable perft ...`, `fable bench ...`.
#pragma once

#include <iostream>

namespace fable::protocol {

int run_command_line(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                     std::ostream& err);

}  // namespace fable::protocol
