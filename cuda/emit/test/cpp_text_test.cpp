// cpp_text: the one door from the IR's strings to the generated C++ (issue 34, finding 1). Every
// byte value, every C++ keyword and a list of macros and runtime symbols are put through it;
// what comes out is an identifier of the emitter's own, a comment that ends at its line, or a
// string literal that reads back as the bytes that went in.
#include "cuda/emit/cpp_text.h"

#include <gtest/gtest.h>

#include <cctype>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace tf::cuda::detail {
namespace {

// Names that broke the emitted C++ before (issue 34, finding 5), C++ keywords, macros of the C
// library and the runtime, and names the emitter generates.
const std::vector<std::string> kHostile = {
    "constexpr", "nullptr", "errno", "NULL", "EOF", "decltype", "requires", "TF_GLOBAL", "main", "int", "std", "assert",
    "x", "x_ptr", "a", "a_shape", "tf_smem", "tf_gmem", "tf_pos0", "tf_rt", "tf_u_x", "tf_mesh_u_k_0", "INFINITY", "INT64_MIN",
    "__cplusplus", "_Bool", "__x", "x__y", "x_", "_", "__", "co_await", "char8_t", "concept", "consteval", "static_assert",
    "thread_local", "alignas", "and_eq", "bitand", "compl", "not_eq", "or_eq", "xor_eq", "reinterpret_cast", "template",
    "stdin", "printf", "system", "exit", "TF_DEV", "TF_SHARED_ARENA", "TF_RUN", "__CUDACC__", "threadIdx", "blockIdx",
    "\r", "a\rb", "a\nb", "a\\", "a\\\nb", "a*/b", "a/*b", "\x1b[31m", "na\xc3\xafve", "\xff\xfe", std::string("a\0b", 3), "",
};

TEST(CppText, AUserNameIsAnIdentifierOfTheEmittersOwn) {
  const std::regex shape("tf_u_[A-Za-z0-9]+(_[A-Za-z0-9]+)*");
  CppNames names;
  std::set<std::string> issued;
  for (const std::string& n : kHostile) {
    const std::string id = names.user(n);
    EXPECT_TRUE(std::regex_match(id, shape)) << id;
    EXPECT_TRUE(issued.insert(id).second) << id;
  }
  EXPECT_EQ(identifier_stem("a\rb"), "a_b");
  EXPECT_EQ(identifier_stem("__x__"), "x");
  EXPECT_EQ(identifier_stem("\r"), "v");
  EXPECT_EQ(identifier_stem("row_max"), "row_max");
}

// A tensor `x` is spelled x, x_ptr, x_shape, ... in the kernel: a second name `x_ptr` (in either
// order) must not meet them.
TEST(CppText, DerivedFormsOfOneNameAreNeverAnotherName) {
  for (bool derived_first : {false, true}) {
    CppNames names;
    const std::string first = names.user(derived_first ? "x_ptr" : "x");
    const std::string second = names.user(derived_first ? "x" : "x_ptr");
    const std::string x = derived_first ? second : first, x_ptr = derived_first ? first : second;
    EXPECT_NE(x + "_ptr", x_ptr);
    EXPECT_NE(x, x_ptr);
  }
  CppNames names;
  EXPECT_EQ(names.user("x"), "tf_u_x");
  EXPECT_EQ(names.user("x_ptr"), "tf_u_x_ptr_1");
  EXPECT_EQ(names.user("x"), "tf_u_x_1");
  EXPECT_EQ(names.user("x.1"), "tf_u_x_1_1");
  EXPECT_EQ(names.generated("tf_subject"), "tf_subject");
  EXPECT_EQ(names.generated("tf_subject"), "tf_subject_1");
}

TEST(CppText, ACommentEndsWhereItsLineEnds) {
  std::string every;
  for (int c = 0; c < 256; ++c) every += static_cast<char>(c);
  for (const std::string& text : std::vector<std::string>{every, "a\\", "a\\\n", "x\r#include <cstdlib>", "\\ \n"}) {
    const std::string out = comment_text(text);
    for (std::size_t i = 0; i < out.size(); ++i) {
      const auto c = static_cast<unsigned char>(out[i]);
      ASSERT_TRUE(c >= 0x20 && c < 0x7f) << "byte " << static_cast<int>(c) << " at " << i;
      if (c == '\\') EXPECT_EQ(out.substr(i + 1, 1), "x") << out;  // a backslash only opens an \xHH
    }
  }
  EXPECT_EQ(comment("let y = f(x)"), "// let y = f(x)");
  EXPECT_EQ(comment("mesh \"a\rb\" \\"), "// mesh \"a\\x0Db\" \\x5C");
}

// The bytes a C++ string literal of string_literal's form stands for.
std::string read_back(const std::string& literal) {
  EXPECT_GE(literal.size(), 2u);
  EXPECT_EQ(literal.front(), '"');
  EXPECT_EQ(literal.back(), '"');
  std::string out;
  for (std::size_t i = 1; i + 1 < literal.size(); ++i) {
    const char c = literal[i];
    EXPECT_TRUE(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f);
    EXPECT_NE(c, '"') << literal;  // an unescaped quote would end the literal
    if (c != '\\') {
      out += c;
      continue;
    }
    const char next = literal[++i];
    if (next == '"' || next == '\\') {
      out += next;
      continue;
    }
    out += static_cast<char>(std::stoi(literal.substr(i, 3), nullptr, 8));
    i += 2;
  }
  return out;
}

TEST(CppText, AStringLiteralReadsBackAsItsBytes) {
  std::string every;
  for (int c = 0; c < 256; ++c) every += static_cast<char>(c);
  for (const std::string& text : kHostile) EXPECT_EQ(read_back(string_literal(text)), text);
  EXPECT_EQ(read_back(string_literal(every)), every);
  EXPECT_EQ(string_literal("abort: the \"second\" step\\"), "\"abort: the \\\"second\\\" step\\\\\"");
  EXPECT_EQ(string_literal("a\r7"), "\"a\\0157\"");  // three octal digits: the 7 stays a character
}

TEST(CppText, FunctionSymbolsKeepTheNameInFixedPrefixes) {
  const FunctionSymbols s = function_symbols("main");
  EXPECT_EQ(s.kernel, "tf_u_main");
  EXPECT_EQ(s.device, "tf_fn_main");
  EXPECT_EQ(s.launch, "tf_launch_main");
  EXPECT_EQ(s.entry, "tf_entry_main");
  EXPECT_EQ(s.kernel_tables, "u_main");
  EXPECT_EQ(s.device_tables, "fn_main");
  EXPECT_EQ(function_symbols("a\rb").entry, "");
  EXPECT_EQ(function_symbols("").kernel, "");
}

// A batch translation unit (EmitOptions::symbol_namespace): the extern "C" symbols carry the
// batch namespace's prefix, the others are the plain ones (they live in the namespace).
TEST(CppText, ABatchPrefixGoesOnTheExternCSymbolsOnly) {
  EXPECT_EQ(batch_namespace(0), "tf_b0");
  EXPECT_EQ(batch_namespace(63), "tf_b63");
  EXPECT_EQ(symbol_prefix("tf_b7"), "tf_b7_");
  EXPECT_EQ(symbol_prefix(""), "");
  const FunctionSymbols s = function_symbols("main", "tf_b7_");
  EXPECT_EQ(s.launch, "tf_launch_tf_b7_main");
  EXPECT_EQ(s.entry, "tf_entry_tf_b7_main");
  EXPECT_EQ(s.kernel, "tf_u_main");
  EXPECT_EQ(s.device, "tf_fn_main");
  EXPECT_EQ(s.kernel_tables, "u_main");
  EXPECT_EQ(s.device_tables, "fn_main");
  for (const std::string bad : {"tf_b7", "tf_b_", "tf_rt_", "x_", "tf_b7__", "tf_b 7_", "_"})
    EXPECT_EQ(function_symbols("main", bad).entry, "") << bad;
  for (const std::string ns : {"tf_b0", "tf_b1", "tf_b64", "tf_b0123"}) EXPECT_TRUE(is_batch_namespace(ns)) << ns;
  for (const std::string ns : {"", "tf_b", "tf_rt", "tf_bx", "tf_b1_", "tf_b-1", "b1", "tf_B1"}) EXPECT_FALSE(is_batch_namespace(ns)) << ns;
}

// Two modules of one batch never export one symbol: (namespace, name) pairs that differ give
// different extern "C" names, whatever the names (a user's entry may itself look like a prefix).
TEST(CppText, TheExternCSymbolsOfABatchAreDistinct) {
  const std::vector<std::string> names = {"f", "tf_b1_f", "b1_f", "_1_f", "f_tf_b1", "tf_b12_f", "tf_b1", "x"};
  std::set<std::string> entries;
  std::size_t pairs = 0;
  for (std::size_t k = 0; k < 16; ++k)
    for (const std::string& n : names) {
      entries.insert(function_symbols(n, symbol_prefix(batch_namespace(k))).entry);
      ++pairs;
    }
  EXPECT_EQ(entries.size(), pairs);
}

}  // namespace
}  // namespace tf::cuda::detail
