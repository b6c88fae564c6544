// The fable executable: everything is in the protocol layer's front end.
#include <iostream>

#include "protocol/cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return fable::protocol::run_command_line(argc, argv, std::cin, std::cout, std::cerr);
}
