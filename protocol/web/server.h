// `fable serve`: an HTTP server (Boost.Beast on Asio) for the page's
// embedded files, with a WebSocket at /ws per open page, each one a game
// (WebSession). One thread serves every connection; each game has its
// own thread and its engine's.
#pragma once

#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
// Before Asio in server.cpp: Boost 1.74's awaitable.hpp needs it and does
// not include it.
#include <utility>

namespace fable::protocol::web {

// The longest message a page may send (an imported PGN), in bytes. A
// longer one is read to its end and dropped, answered by an "error"; the
// game goes on.
constexpr size_t kMaxMessageBytes = 4 << 20;

struct ServeOptions {
  std::string host = "127.0.0.1";  // only this machine unless told otherwise
  uint16_t port = 8080;            // 0: any free port (the URL says which)
  size_t hash_megabytes = 16;      // per game
};

class Server {
 public:
  // Binds at once; throws std::runtime_error (naming the address) on failure.
  explicit Server(const ServeOptions& options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  uint16_t port() const;
  std::string url() const;
  // Serves until stop() (from any thread) or SIGINT/SIGTERM when
  // `handle_signals`; every game has ended when it returns.
  void run(bool handle_signals);
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The command line: fable serve [--port N] [--host ADDR] [--hash MB].
int run_serve_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace fable::protocol::web
