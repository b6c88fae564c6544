// `fable serve`'s HTTP side, spoken to over a real socket on this
// machine: the embedded page, nothing else, the game's WebSocket, and no
// WebSocket for a page of another site.
#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <thread>

#include "protocol/web/assets.h"
#include "protocol/web/server.h"

namespace fable::protocol::web {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// A server on a free port of 127.0.0.1, serving on its own thread.
class Running {
 public:
  Running() : server_(ServeOptions{"127.0.0.1", 0, 1}), thread_([this] { server_.run(false); }) {}
  ~Running() {
    server_.stop();
    thread_.join();
  }
  uint16_t port() const { return server_.port(); }

 private:
  Server server_;
  std::thread thread_;
};

http::response<http::string_body> get(uint16_t port, const std::string& target) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> request(http::verb::get, target, 11);
  request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  return response;
}

TEST(WebServer, ServesTheEmbeddedPageAndNothingElse) {
  Running server;
  auto page = get(server.port(), "/");
  EXPECT_EQ(page.result(), http::status::ok);
  EXPECT_NE(page.body().find("<title>Fable</title>"), std::string::npos);
  EXPECT_EQ(page[http::field::content_type], "text/html; charset=utf-8");
  auto script = get(server.port(), "/app.js?v=1");
  EXPECT_EQ(script.result(), http::status::ok);
  EXPECT_EQ(script.body(), std::string(find_asset("/app.js")->body));
  EXPECT_EQ(get(server.port(), "/../CMakeLists.txt").result(), http::status::not_found);
  EXPECT_EQ(get(server.port(), "/etc/passwd").result(), http::status::not_found);
  EXPECT_GE(embedded_assets().size(), 5u);
}

std::string first_message(uint16_t port, const std::string& origin) {
  net::io_context io;
  websocket::stream<beast::tcp_stream> ws(io);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& r) {
    if (!origin.empty()) r.set(http::field::origin, origin);
  }));
  ws.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  beast::flat_buffer buffer;
  ws.read(buffer);
  ws.close(websocket::close_code::normal);
  return beast::buffers_to_string(buffer.data());
}

TEST(WebServer, AGameGreetsOnItsWebSocket) {
  Running server;
  const std::string port = std::to_string(server.port());
  EXPECT_NE(first_message(server.port(), "").find("\"type\":\"hello\""), std::string::npos);
  EXPECT_NE(first_message(server.port(), "http://127.0.0.1:" + port).find("\"hello\""),
            std::string::npos);
}

TEST(WebServer, RefusesAWebSocketFromAnotherSite) {
  Running server;
  EXPECT_THROW(first_message(server.port(), "http://example.invalid"), beast::system_error);
}

}  // namespace
}  // namespace fable::protocol::web
