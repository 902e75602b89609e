// json_text writes every document, whatever bytes its strings hold: a diagnostic quoting user
// input that is not UTF-8 made nlohmann's dump throw out of `tf layout --json` (found by the cli
// fuzz target; the input is fuzz/regressions/cli/json-invalid-utf8.txt).
#include "ir/support/json_text.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace tf {
namespace {

TEST(JsonText, InvalidUtf8BytesBecomeTheReplacementCharacter) {
  const nlohmann::json j = {{"message", std::string("unknown name 'gr\xe9" "d'")}};
  EXPECT_EQ(json_text(j), "{\"message\":\"unknown name 'gr\xef\xbf\xbd" "d'\"}");
  const nlohmann::ordered_json o = {{"b", std::string("\xff")}, {"a", 1}};
  EXPECT_EQ(json_text(o), "{\"b\":\"\xef\xbf\xbd\",\"a\":1}");
}

TEST(JsonText, ValidTextIsWrittenAsDumpWritesIt) {
  const nlohmann::json j = {{"name", "gr\xc3\xa9" "d"}, {"n", 3}, {"list", {1, 2}}};
  EXPECT_EQ(json_text(j), j.dump());
  EXPECT_EQ(json_text(j, 2), j.dump(2));
}

}  // namespace
}  // namespace tf
