#include "variant_options.h"

#include <stdexcept>

namespace fable {

namespace {

std::string known_words(const VariantInfo& info) {
  std::string known;
  for (const VariantOption& o : info.options)
    for (const OptionValue& v : o.values)
      if (!v.word.empty()) known += (known.empty() ? "" : ", ") + v.word;
  return known;
}

}  // namespace

std::vector<size_t> parse_option_list(const VariantInfo& info, std::string_view list) {
  std::vector<size_t> chosen;
  std::vector<std::string> chosen_by(info.options.size());  // the word that chose, if any
  for (const VariantOption& o : info.options) chosen.push_back(o.default_value);
  if (list.empty()) return chosen;
  if (info.options.empty())
    throw std::invalid_argument("variant '" + info.name + "' takes no options (got '" +
                                std::string(list) + "')");
  size_t start = 0;
  for (;;) {
    const size_t comma = list.find(',', start);
    const std::string word(
        list.substr(start, comma == std::string_view::npos ? comma : comma - start));
    bool found = false;
    for (size_t i = 0; i < info.options.size() && !found; ++i) {
      const VariantOption& o = info.options[i];
      for (size_t v = 0; v < o.values.size() && !found; ++v) {
        if (word.empty() || o.values[v].word != word) continue;
        found = true;
        if (chosen_by[i] == word)
          throw std::invalid_argument(info.name + " option '" + word + "' given twice");
        if (!chosen_by[i].empty())
          throw std::invalid_argument(info.name + " options '" + chosen_by[i] + "' and '" + word +
                                      "' exclude each other (both choose the " + o.name + ")");
        chosen_by[i] = word;
        chosen[i] = v;
      }
    }
    if (!found)
      throw std::invalid_argument("unknown " + info.name + " option '" + word +
                                  "' (known: " + known_words(info) + ")");
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return chosen;
}

std::string option_list(const VariantInfo& info, const std::vector<size_t>& chosen) {
  std::string text;
  for (size_t i = 0; i < info.options.size() && i < chosen.size(); ++i) {
    const std::string& word = info.options[i].values.at(chosen[i]).word;
    if (!word.empty()) text += (text.empty() ? "" : ",") + word;
  }
  return text;
}

std::string describe_options(const VariantInfo& info) {
  std::string text;
  for (const VariantOption& o : info.options) {
    std::string words;
    for (const OptionValue& v : o.values)
      if (!v.word.empty()) words += (words.empty() ? "" : " | ") + v.word;
    text += "  " + info.name + ": " + words + "\n      " + o.description + '\n';
  }
  return text;
}

}  // namespace fable
