#include "protocol/xboard_options.h"

#include "search/search_options.h"
#include "variant_options.h"

namespace fable::protocol {

namespace {

// "Family Matters queen": the variant's title, then the option's name.
std::string gui_name(const VariantInfo& info, const VariantOption& option) {
  return info.title + ' ' + option.name;
}

// XBoard combo syntax: choices separated by " /// ", the chosen one starred.
std::string combo(const VariantOption& option, size_t chosen) {
  std::string text;
  for (size_t v = 0; v < option.values.size(); ++v)
    text += (text.empty() ? "" : " /// ") + std::string(v == chosen ? "*" : "") +
            option.values[v].value;
  return text;
}

}  // namespace

std::string searcher_list(const std::string& separator) {
  std::string text;
  for (const std::string& name : search::Options::searcher_names())
    text += (text.empty() ? "" : separator) + name;
  return text;
}

EngineOptions::EngineOptions() {
  for (const VariantInfo& info : variant_catalog()) {
    std::vector<size_t> defaults;
    for (const VariantOption& o : info.options) defaults.push_back(o.default_value);
    chosen_.push_back(defaults);
  }
}

std::vector<std::string> EngineOptions::feature_lines(size_t hash_megabytes) const {
  std::vector<std::string> lines = {std::string(kHashOption) + " -spin " +
                                    std::to_string(hash_megabytes) + " 1 65536"};
  const auto& catalog = variant_catalog();
  for (size_t v = 0; v < catalog.size(); ++v)
    for (size_t o = 0; o < catalog[v].options.size(); ++o) {
      const VariantOption& option = catalog[v].options[o];
      const size_t chosen = chosen_[v][o];
      lines.push_back(gui_name(catalog[v], option) + (option.check
                                                          ? " -check " + option.values[chosen].value
                                                          : " -combo " + combo(option, chosen)));
    }
  return lines;
}

std::vector<std::string> EngineOptions::uci_lines() const {
  std::vector<std::string> lines;
  const auto& catalog = variant_catalog();
  for (size_t v = 0; v < catalog.size(); ++v)
    for (size_t o = 0; o < catalog[v].options.size(); ++o) {
      const VariantOption& option = catalog[v].options[o];
      const std::string& chosen = option.values[chosen_[v][o]].value;
      std::string line = "option name " + gui_name(catalog[v], option);
      if (option.check) {
        line += std::string(" type check default ") + (chosen == "1" ? "true" : "false");
      } else {
        line += " type combo default " + chosen;
        for (const OptionValue& value : option.values) line += " var " + value.value;
      }
      lines.push_back(line);
    }
  return lines;
}

std::string EngineOptions::set(const std::string& name, const std::string& value) {
  const auto& catalog = variant_catalog();
  for (size_t v = 0; v < catalog.size(); ++v)
    for (size_t o = 0; o < catalog[v].options.size(); ++o) {
      const VariantOption& option = catalog[v].options[o];
      if (gui_name(catalog[v], option) != name) continue;
      const std::string given = option.check && value == "true"    ? "1"
                                : option.check && value == "false" ? "0"
                                                                   : value;
      for (size_t i = 0; i < option.values.size(); ++i)
        if (option.values[i].value == given) {
          chosen_[v][o] = i;
          return "";
        }
      if (option.check) return "bad value, expected 0 or 1";
      std::string expected;
      for (const OptionValue& ov : option.values)
        expected += (expected.empty() ? "" : " /// ") + ov.value;
      return "bad value, expected " + expected;
    }
  return "unknown option";
}

std::string EngineOptions::variant_options(const std::string& variant) const {
  const auto& catalog = variant_catalog();
  for (size_t v = 0; v < catalog.size(); ++v)
    if (catalog[v].name == variant) return option_list(catalog[v], chosen_[v]);
  return "";
}

}  // namespace fable::protocol
