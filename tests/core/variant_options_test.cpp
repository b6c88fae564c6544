// The variants' option descriptions against their makers: every choice a
// GUI or the help can offer makes a variant, whose canonical option list is
// the one the description writes; bad lists are refused with their fault.
#include "variant_options.h"

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>

#include "variant.h"

namespace fable {
namespace {

// Calls `visit` with every combination of option values of `info`.
void each_choice(const VariantInfo& info, const std::function<void(std::vector<size_t>)>& visit) {
  std::vector<size_t> chosen(info.options.size(), 0);
  for (;;) {
    visit(chosen);
    size_t i = 0;
    while (i < chosen.size() && ++chosen[i] == info.options[i].values.size()) chosen[i++] = 0;
    if (i == chosen.size()) return;
  }
}

TEST(VariantOptions, EveryChoiceMakesItsVariant) {
  int made = 0;
  for (const VariantInfo& info : variant_catalog())
    each_choice(info, [&](const std::vector<size_t>& chosen) {
      const std::string list = option_list(info, chosen);
      const auto v = make_variant(info.name, list);
      EXPECT_EQ(v->name, info.name);
      EXPECT_EQ(v->options, list) << info.name;
      EXPECT_EQ(parse_option_list(info, list), chosen) << list;
      ++made;
    });
  // 1 (normal) + 1 (wizard) + 2 x 2 x 3 (familymatters) + 5 x 2 (fairytale).
  EXPECT_EQ(made, 1 + 1 + 12 + 10);
}

TEST(VariantOptions, DefaultsAreTheEmptyList) {
  for (const VariantInfo& info : variant_catalog()) {
    std::vector<size_t> defaults;
    for (const VariantOption& o : info.options) defaults.push_back(o.default_value);
    EXPECT_EQ(option_list(info, defaults), "") << info.name;
  }
}

std::string fault(const std::string& variant, const std::string& list) {
  try {
    parse_option_list(variant_info(variant), list);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(VariantOptions, BadListsNameTheirFault) {
  EXPECT_EQ(fault("normal", "bigfamily"), "variant 'normal' takes no options (got 'bigfamily')");
  EXPECT_EQ(fault("familymatters", "oldqueen,crazyqueen"),
            "familymatters options 'oldqueen' and 'crazyqueen' exclude each other (both choose "
            "the queen)");
  EXPECT_EQ(fault("familymatters", "bigfamily,bigfamily"),
            "familymatters option 'bigfamily' given twice");
  EXPECT_EQ(fault("familymatters", "bigfamily,"),
            "unknown familymatters option '' (known: bigfamily, strongchildren, oldqueen, "
            "crazyqueen)");
  EXPECT_EQ(fault("fairytale", "none"),
            "unknown fairytale option 'none' (known: kingsmen, damsel, huffpuff, magicmight, "
            "nocards)");
  EXPECT_THROW(variant_info("chess960"), std::invalid_argument);
}

}  // namespace
}  // namespace fable
