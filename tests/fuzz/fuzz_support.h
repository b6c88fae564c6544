// What the fuzz targets share: every variant with every option set,
// picked by one input byte, and a failure that stops the fuzzer with a
// message.
#pragma once

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "variant.h"
#include "variant_options.h"

namespace fable::fuzz {

struct Config {
  std::string name, options;
  std::shared_ptr<const Variant> variant;
};

// Every variant with every combination of its options' values (the first
// option changing fastest), in the catalog's order.
inline const std::vector<Config>& configs() {
  static const std::vector<Config> all = [] {
    std::vector<Config> out;
    for (const VariantInfo& info : variant_catalog()) {
      std::vector<size_t> chosen(info.options.size(), 0);
      for (;;) {
        const std::string options = option_list(info, chosen);
        try {
          out.push_back({info.name, options, make_variant(info.name, options)});
        } catch (const std::invalid_argument&) {
          // A combination the variant refuses.
        }
        size_t i = 0;
        while (i < chosen.size() && ++chosen[i] == info.options[i].values.size()) chosen[i++] = 0;
        if (i == chosen.size()) break;
      }
    }
    return out;
  }();
  return all;
}

inline const Config& config_for(unsigned char byte) { return configs()[byte % configs().size()]; }

// Stops the fuzzer on a broken property, so the input is saved as a crash.
[[noreturn]] inline void fail(const Config& config, const std::string& what) {
  std::fprintf(stderr, "\n%s [%s]: %s\n", config.name.c_str(), config.options.c_str(),
               what.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

}  // namespace fable::fuzz
