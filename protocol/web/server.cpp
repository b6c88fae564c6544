#include "protocol/web/server.h"

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/program_options.hpp>
#include <chrono>
#include <deque>
#include <stdexcept>
#include <vector>

#include "protocol/web/assets.h"
#include "protocol/web/web_session.h"

namespace fable::protocol::web {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// A message is read in pieces of this size: one longer than
// kMaxMessageBytes is dropped piece by piece, never held whole.
constexpr size_t kReadPiece = 64 << 10;

// One open page: its socket and its game. Writes go out one at a time in
// the order the game sent them.
class GameConnection : public std::enable_shared_from_this<GameConnection> {
 public:
  GameConnection(tcp::socket&& socket, size_t hash_megabytes)
      : ws_(std::move(socket)), hash_megabytes_(hash_megabytes) {}

  void start(http::request<http::string_body> request) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(0);  // no limit of the socket's: read() drops what is too long
    ws_.async_accept(request,
                     beast::bind_front_handler(&GameConnection::on_accept, shared_from_this()));
  }

  // Ends the game (joins its threads); on the serving thread.
  void end() {
    session_.reset();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return;
    // The game's messages come from its own threads: they are handed to
    // the serving thread, and dropped if the page has gone meanwhile.
    std::weak_ptr<GameConnection> weak = shared_from_this();
    auto executor = ws_.get_executor();
    session_ = std::make_unique<WebSession>(
        [weak, executor](const std::string& message) {
          net::post(executor, [weak, message] {
            if (auto self = weak.lock()) self->queue(message);
          });
        },
        hash_megabytes_);
    read();
  }

  void read() {
    ws_.async_read_some(buffer_, kReadPiece,
                        beast::bind_front_handler(&GameConnection::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, size_t) {
    if (ec) {
      if (session_) session_->close();
      return;
    }
    if (too_long_ || buffer_.size() > kMaxMessageBytes) {
      too_long_ = true;
      buffer_.consume(buffer_.size());
    }
    if (!ws_.is_message_done()) return read();
    if (too_long_)
      queue(R"({"type":"error","message":"message too long: at most )" +
            std::to_string(kMaxMessageBytes) + R"( bytes"})");
    else if (session_)
      session_->receive(beast::buffers_to_string(buffer_.data()));
    too_long_ = false;
    buffer_.consume(buffer_.size());
    read();
  }

  void queue(const std::string& message) {
    outbox_.push_back(message);
    if (outbox_.size() == 1) write();
  }

  void write() {
    ws_.text(true);
    ws_.async_write(net::buffer(outbox_.front()),
                    beast::bind_front_handler(&GameConnection::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, size_t) {
    if (ec) return;
    outbox_.pop_front();
    if (!outbox_.empty()) write();
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  bool too_long_ = false;  // the message being read is dropped
  std::deque<std::string> outbox_;
  size_t hash_megabytes_;
  std::unique_ptr<WebSession> session_;
};

// One HTTP connection: files, or the upgrade to a game's WebSocket.
class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
 public:
  HttpConnection(tcp::socket&& socket, size_t hash_megabytes,
                 std::function<void(std::weak_ptr<GameConnection>)> on_game)
      : stream_(std::move(socket)), hash_megabytes_(hash_megabytes), on_game_(std::move(on_game)) {}

  void read() {
    request_ = {};
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(stream_, buffer_, request_,
                     beast::bind_front_handler(&HttpConnection::on_read, shared_from_this()));
  }

 private:
  void on_read(beast::error_code ec, size_t) {
    if (ec == http::error::end_of_stream) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    if (ec) return;
    const std::string target(request_.target());
    const std::string path = target.substr(0, target.find('?'));
    if (websocket::is_upgrade(request_)) {
      if (path != "/ws" || !same_origin()) return respond(http::status::forbidden, "forbidden\n");
      stream_.expires_never();
      auto game = std::make_shared<GameConnection>(stream_.release_socket(), hash_megabytes_);
      on_game_(game);
      game->start(std::move(request_));
      return;
    }
    if (request_.method() != http::verb::get && request_.method() != http::verb::head)
      return respond(http::status::method_not_allowed, "only GET\n");
    const Asset* asset = find_asset(path);
    if (!asset) return respond(http::status::not_found, "not found\n");
    auto response =
        std::make_shared<http::response<http::string_body>>(http::status::ok, request_.version());
    response->set(http::field::server, "Fable");
    response->set(http::field::content_type, std::string(asset->content_type));
    response->set(http::field::cache_control, "no-cache");
    response->set("X-Content-Type-Options", "nosniff");
    if (request_.method() == http::verb::head)
      response->content_length(asset->body.size());
    else
      response->body() = std::string(asset->body);
    response->keep_alive(request_.keep_alive());
    response->prepare_payload();
    send(response);
  }

  // A page of another site must not open games here (a browser sends the
  // page's origin with the upgrade; other clients send none).
  bool same_origin() const {
    const auto origin = request_.find(http::field::origin);
    if (origin == request_.end()) return true;
    return origin->value() == "http://" + std::string(request_[http::field::host]);
  }

  void respond(http::status status, const std::string& text) {
    auto response = std::make_shared<http::response<http::string_body>>(status, request_.version());
    response->set(http::field::server, "Fable");
    response->set(http::field::content_type, "text/plain; charset=utf-8");
    response->keep_alive(request_.keep_alive());
    response->body() = text;
    response->prepare_payload();
    send(response);
  }

  void send(std::shared_ptr<http::response<http::string_body>> response) {
    http::async_write(stream_, *response,
                      [self = shared_from_this(), response](beast::error_code ec, size_t) {
                        if (ec) return;
                        if (response->need_eof()) {
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                          return;
                        }
                        self->read();
                      });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
  size_t hash_megabytes_;
  std::function<void(std::weak_ptr<GameConnection>)> on_game_;
};

}  // namespace

struct Server::Impl {
  explicit Impl(const ServeOptions& o) : options(o), acceptor(io) {
    beast::error_code ec;
    // Addresses only (no name lookup), but for the one name everyone types.
    const auto address = net::ip::make_address(o.host == "localhost" ? "127.0.0.1" : o.host, ec);
    if (ec) throw std::runtime_error("not an IP address: " + o.host);
    const tcp::endpoint endpoint(address, o.port);
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec)
      throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port) + ": " +
                               ec.message());
  }

  void accept() {
    acceptor.async_accept(net::make_strand(io), [this](beast::error_code ec, tcp::socket socket) {
      if (ec) return;  // closed: the server stops
      std::make_shared<HttpConnection>(
          std::move(socket), options.hash_megabytes,
          [this](std::weak_ptr<GameConnection> game) {
            games.erase(std::remove_if(games.begin(), games.end(),
                                       [](const auto& g) { return g.expired(); }),
                        games.end());
            games.push_back(std::move(game));
          })
          ->read();
      accept();
    });
  }

  ServeOptions options;
  net::io_context io{1};
  tcp::acceptor acceptor;
  // The open games, to end them before the server goes (on its thread).
  std::vector<std::weak_ptr<GameConnection>> games;
};

Server::Server(const ServeOptions& options) : impl_(std::make_unique<Impl>(options)) {}

Server::~Server() = default;

uint16_t Server::port() const { return impl_->acceptor.local_endpoint().port(); }

std::string Server::url() const {
  const auto address = impl_->acceptor.local_endpoint().address();
  const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  return "http://" + host + ":" + std::to_string(port()) + "/";
}

void Server::run(bool handle_signals) {
  net::signal_set signals(impl_->io);
  if (handle_signals) {
    signals.add(SIGINT);
    signals.add(SIGTERM);
    signals.async_wait([this](beast::error_code, int) { stop(); });
  }
  impl_->accept();
  impl_->io.run();
  // Stopped: every game ends here, while the context its messages are
  // posted to still exists.
  for (auto& weak : impl_->games)
    if (auto game = weak.lock()) game->end();
  impl_->games.clear();
}

void Server::stop() {
  net::post(impl_->io, [this] {
    beast::error_code ignored;
    impl_->acceptor.close(ignored);
    impl_->io.stop();
  });
}

int run_serve_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  namespace po = boost::program_options;
  ServeOptions options;
  po::options_description described("fable serve: the board in a browser");
  described.add_options()("help,h", "this text")(
      "port", po::value<uint16_t>(&options.port)->default_value(options.port),
      "TCP port (0: any free port)")(
      "host", po::value<std::string>(&options.host)->default_value(options.host),
      "address to listen on (0.0.0.0 lets other machines in)")(
      "hash", po::value<size_t>(&options.hash_megabytes)->default_value(options.hash_megabytes),
      "transposition table of each game, in MB");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, described), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    err << "fable serve: " << e.what() << '\n';
    return 2;
  }
  if (vm.count("help")) {
    out << "Usage: fable serve [--port N] [--host ADDR] [--hash MB]\n" << described;
    return 0;
  }
  try {
    Server server(options);
    out << "Fable serves the board at " << server.url() << " (Ctrl-C stops)" << std::endl;
    server.run(true);
    out << "Stopped." << std::endl;
    return 0;
  } catch (const std::exception& e) {
    err << "fable serve: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace fable::protocol::web
