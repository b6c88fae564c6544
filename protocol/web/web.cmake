# The browser board (`fable serve`): Boost.Beast's HTTP and WebSocket on
# Asio, JSON by nlohmann/json (both header-only Debian packages), and the
# page's files embedded in the executable by a source generated at build
# time from page/. Included by protocol/CMakeLists.txt: a generated source
# must belong to a target of the same directory.
find_package(nlohmann_json 3 REQUIRED)

file(GLOB web_page_files CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/page/*)
set(web_assets_source ${CMAKE_CURRENT_BINARY_DIR}/web/web_assets.cpp)
add_custom_command(
  OUTPUT ${web_assets_source}
  COMMAND ${CMAKE_COMMAND} -DPAGE_DIR=${CMAKE_CURRENT_LIST_DIR}/page
          -DOUTPUT=${web_assets_source} -P ${CMAKE_CURRENT_LIST_DIR}/embed_assets.cmake
  DEPENDS ${web_page_files} ${CMAKE_CURRENT_LIST_DIR}/embed_assets.cmake
  COMMENT "Embedding the web board's page")

# Part of the protocol library: the command line starts the server, and
# the game session derives from the protocols' shared session.
target_sources(fable_protocol PRIVATE web/server.cpp web/web_session.cpp web/game_json.cpp
                                      ${web_assets_source})
target_link_libraries(fable_protocol PUBLIC nlohmann_json::nlohmann_json Boost::headers)
