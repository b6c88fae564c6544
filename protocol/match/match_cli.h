// `fable match ...` and `fable replay FILE`: the command lines of the
// match runner and of the PGN replay check.
#pragma once

#include <ostream>

namespace fable::match {

// argv[0] is the command word ("match" / "replay").
int run_match_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int run_replay_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace fable::match
