#include "ir/support/xml_escape.h"

#include <gtest/gtest.h>

namespace tf {
namespace {

TEST(XmlEscape, EntitiesAndControlCharacters) {
  EXPECT_EQ(xml_escape("a<b & \"c\">d"), "a&lt;b &amp; &quot;c&quot;&gt;d");
  EXPECT_EQ(xml_escape(std::string("x\x01y\nz\tw\0", 8)), "x y\nz\tw ");  // NUL too
  EXPECT_EQ(xml_escape(""), "");
}

}  // namespace
}  // namespace tf
