// A misbehaving XBoard engine for the match runner's tests. It completes
// the handshake and follows the game, then, asked to move, does what its
// argument says:
//   illegal  answers with a move that is never legal (a1a1: no move stays put)
//   crash    exits without a word
//   hang     never answers (and ignores `quit`)
//   mute     never answers even the handshake's ping
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "illegal";
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line == "protover 2") std::cout << "feature myname=\"Fake " << mode << "\" done=1\n";
    if (line.rfind("ping ", 0) == 0 && mode != "mute")
      std::cout << "pong " << line.substr(5) << '\n';
    if (line == "go") {
      if (mode == "crash") return 3;
      if (mode == "hang")
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
      std::cout << "move a1a1\n";
    }
    if (line == "quit" && mode != "hang") return 0;
    std::cout << std::flush;
  }
  return 0;
}
