// What a variant is called and which options it offers, as data. Each
// option is one choice among named values; each value stands for a word
// of the option list ("bigfamily", "nocards") or for no word at all (the
// default). The option parser, the command line's help and the options
// XBoard and UCI show are all made from this one description.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fable {

struct OptionValue {
  std::string value;  // as a GUI shows it: "oldqueen", "none"; "0"/"1" for a check box
  std::string word;   // its word in the option list; "" for none
};

struct VariantOption {
  std::string name;         // "queen", "cards"
  std::string description;  // one line for people
  bool check = false;       // a check box: values "0" and "1"
  std::vector<OptionValue> values;
  size_t default_value = 0;  // index into values
};

struct VariantInfo {
  std::string name;   // as the protocols and the command line say it: "familymatters"
  std::string title;  // for people: "Family Matters"
  std::vector<VariantOption> options;
};

// Every variant Fable plays, in the order the help lists them.
const std::vector<VariantInfo>& variant_catalog();
// Throws std::invalid_argument naming the known variants.
const VariantInfo& variant_info(std::string_view name);

// The value index each option takes in a comma-separated option list
// (defaults for the options it does not name). Throws
// std::invalid_argument for an unknown word, a word given twice, or two
// words of one option.
std::vector<size_t> parse_option_list(const VariantInfo& info, std::string_view list);
// The canonical option list of a choice of values: the words in the
// order of the options.
std::string option_list(const VariantInfo& info, const std::vector<size_t>& chosen);
// Two lines per option for --help: "familymatters: oldqueen | crazyqueen",
// then its description.
std::string describe_options(const VariantInfo& info);

}  // namespace fable
