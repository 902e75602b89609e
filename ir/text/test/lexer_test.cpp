#include "ir/text/lexer.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace tf::text {
namespace {

std::vector<TokenKind> kinds(std::string_view src) {
  Result<std::vector<Token>> r = lex(src, "t.tfir");
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.diagnostics()[0].render());
  std::vector<TokenKind> out;
  if (r.ok())
    for (const Token& t : *r) out.push_back(t.kind);
  return out;
}

std::string first_error(std::string_view src) {
  Result<std::vector<Token>> r = lex(src, "t.tfir");
  EXPECT_FALSE(r.ok()) << src;
  return r.ok() ? "" : r.diagnostics()[0].render();
}

using K = TokenKind;

TEST(Lexer, DeclarationLine) {
  Result<std::vector<Token>> r =
      lex("dim N = DimVar(\"N\", 1, 4097)   # half-open\n", "decl.tfir");
  ASSERT_TRUE(r.ok());
  const auto& t = *r;
  ASSERT_EQ(t.size(), 13u);  // ... ) Newline Eof
  EXPECT_EQ(t[0].text, "dim");
  EXPECT_EQ(t[3].text, "DimVar");
  EXPECT_EQ(t[5].kind, K::String);
  EXPECT_EQ(t[5].text, "N");
  EXPECT_EQ(t[9].text, "4097");
  EXPECT_EQ(t[9].location.str(), "decl.tfir:1:24");
  EXPECT_EQ(t[10].kind, K::RParen);
  EXPECT_EQ(t[11].kind, K::Newline);  // the comment is dropped, the newline kept
}

TEST(Lexer, NewlinesInsideBracketsAreWhiteSpace) {
  EXPECT_EQ(kinds("f(a,\n  b)\nx"),
            (std::vector<K>{K::Identifier, K::LParen, K::Identifier, K::Comma, K::Identifier,
                            K::RParen, K::Newline, K::Identifier, K::Eof}));
  EXPECT_EQ(kinds("\n\n# c\n\na\n\n\nb\n"),
            (std::vector<K>{K::Identifier, K::Newline, K::Identifier, K::Newline, K::Eof}));
}

TEST(Lexer, Numbers) {
  Result<std::vector<Token>> r = lex("3 0x7f 1.5 1e-6 2.5E+3 0x1.8p+3 1. 7e", "n");
  ASSERT_FALSE(r.ok());  // "7e" runs into a name
  EXPECT_EQ(r.diagnostics()[0].render(),
            "n:1:36: error[parse]: malformed number '7e': a number must not run into a name");
  auto ok = lex("3 0x7f 1.5 1e-6 2.5E+3 0x1.8p+3 1.", "n");
  ASSERT_TRUE(ok.ok());
  std::vector<std::pair<K, std::string>> got;
  for (const Token& t : *ok) got.emplace_back(t.kind, t.text);
  EXPECT_EQ(got, (std::vector<std::pair<K, std::string>>{
                     {K::Integer, "3"}, {K::Integer, "0x7f"}, {K::Float, "1.5"},
                     {K::Float, "1e-6"}, {K::Float, "2.5E+3"}, {K::Float, "0x1.8p+3"},
                     {K::Float, "1."}, {K::Eof, ""}}));
}

TEST(Lexer, NegativeLiteralIsMinusThenNumberAndInfIsAName) {
  EXPECT_EQ(kinds("-3 -inf nan"),
            (std::vector<K>{K::Minus, K::Integer, K::Minus, K::Identifier, K::Identifier, K::Eof}));
}

TEST(Lexer, Operators) {
  EXPECT_EQ(kinds("-> => + - * // % < <= == != >= > = : . @ [ ] { }"),
            (std::vector<K>{K::Arrow, K::FatArrow, K::Plus, K::Minus, K::Star, K::SlashSlash,
                            K::Percent, K::Less, K::LessEqual, K::EqualEqual, K::NotEqual,
                            K::GreaterEqual, K::Greater, K::Equal, K::Colon, K::Dot, K::At,
                            K::LBracket, K::RBracket, K::LBrace, K::RBrace, K::Eof}));
}

TEST(Lexer, StringsAndQuotedNames) {
  Result<std::vector<Token>> r = lex(R"("a \"b\" \\c" `for`)", "s");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)[0].text, "a \"b\" \\c");
  EXPECT_EQ((*r)[1].kind, K::Identifier);
  EXPECT_EQ((*r)[1].text, "for");
  EXPECT_TRUE((*r)[1].quoted_name);
}

TEST(Lexer, UnicodeOnlyInStringsAndComments) {
  EXPECT_TRUE(lex("x = \"größe\"  # straße\n", "u").ok());
  EXPECT_EQ(first_error("größe"),
            "t.tfir:1:3: error[parse]: non-ASCII text is allowed only in strings and comments");
}

TEST(Lexer, ErrorsCarryPositions) {
  EXPECT_EQ(first_error("a\n  \"open"),
            "t.tfir:2:3: error[parse]: unterminated string: expected a closing '\"' on the same "
            "line");
  EXPECT_EQ(first_error("a / b"),
            "t.tfir:1:3: error[parse]: '/' is not an operator in tfir (floor division is '//')");
  EXPECT_EQ(first_error("\"\\n\""),
            "t.tfir:1:2: error[parse]: unknown escape '\\n' in a string (only \\\" and \\\\)");
  EXPECT_EQ(first_error("`1x`"), "t.tfir:1:1: error[parse]: `1x` is not an identifier");
  EXPECT_EQ(first_error("0x"), "t.tfir:1:1: error[parse]: malformed number '0x': 0x needs hex digits");
  EXPECT_EQ(first_error("a $"), "t.tfir:1:3: error[parse]: unexpected character '$'");
  EXPECT_EQ(first_error(std::string("a \x01", 3)), "t.tfir:1:3: error[parse]: unexpected byte 0x01");
  // Adversarial pass 2, minor: a 100 KB name was echoed whole. Names are at most 1,024 bytes, and
  // a diagnostic quotes 64 bytes of an overlong or malformed token.
  EXPECT_TRUE(lex(std::string(1024, 'a') + " = 1", "t.tfir").ok());
  const std::string a64(64, 'a');
  EXPECT_EQ(first_error(std::string(100000, 'a')),
            "t.tfir:1:1: error[parse]: the name '" + a64 + "...' (100000 bytes) is longer than 1024 bytes");
  EXPECT_EQ(first_error("`" + std::string(1025, 'a') + "`"),
            "t.tfir:1:1: error[parse]: the name `" + a64 + "...` (1025 bytes) is longer than 1024 bytes");
  EXPECT_EQ(first_error("\"" + std::string(4097, 's') + "\""),
            "t.tfir:1:1: error[parse]: the string \"" + std::string(64, 's') + "...\" (4097 bytes) is longer than 4096 bytes");
  EXPECT_TRUE(lex("\"" + std::string(4096, 's') + "\"", "t.tfir").ok());
  EXPECT_EQ(first_error("1" + std::string(5000, 'e')),
            "t.tfir:1:1: error[parse]: malformed number '1" + std::string(63, 'e') + "...' (5001 bytes): a number must not run into a name");
}

// Issue 34, finding 1: a carriage return inside a mesh axis name passed tf check and ended a
// comment of the emitted C++ early, so the rest of the name compiled as code. A string holds
// printable text only; every control character is refused where it stands.
TEST(Lexer, ControlCharactersInStringsAreRefused) {
  EXPECT_EQ(first_error(std::string("m = \"x\ry\"")),
            "t.tfir:1:7: error[parse]: control character 0x0d in a string: strings hold printable text only");
  for (int c : {0x00, 0x01, 0x09, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f}) {
    const std::string src = std::string("\"a") + static_cast<char>(c) + "b\"";
    Result<std::vector<Token>> r = lex(src, "t.tfir");
    ASSERT_FALSE(r.ok()) << c;
    EXPECT_EQ(r.diagnostics().size(), 1u) << c;
    EXPECT_EQ(r.diagnostics()[0].message,
              fmt::format("control character 0x{:02x} in a string: strings hold printable text only", c));
  }
  EXPECT_TRUE(lex("\"printable ~ text \\\" and \u00e9\"", "t.tfir").ok());
}

TEST(Lexer, ManyErrorsStopAtTwenty) {
  Result<std::vector<Token>> r = lex(std::string(100, '$'), "m");
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.diagnostics().size(), 21u);
  EXPECT_EQ(r.diagnostics().back().message, "too many errors; stopped after 20");
}

}  // namespace
}  // namespace tf::text

namespace tf::text {
namespace {

TEST(LexerCaseLines, CoversAndExpectLinesAreText) {
  Result<std::vector<Token>> r =
      lex("case \"x\" {\n    covers TIR.2.3.NN.rmsnorm-weight-1d, A.b  # note\n"
          "    expect error TIR.1.5.SYNC.warp-aligned\n    covers = 3\n}\n",
          "c.tfir");
  ASSERT_TRUE(r.ok()) << r.diagnostics()[0].render();
  std::vector<std::string> lines;
  for (const Token& t : *r)
    if (t.kind == TokenKind::CaseLine) lines.push_back(t.text);
  EXPECT_EQ(lines, (std::vector<std::string>{"TIR.2.3.NN.rmsnorm-weight-1d, A.b  ",
                                             "error TIR.1.5.SYNC.warp-aligned"}));
  // `covers = 3` is a binding of a name, lexed as usual.
  std::size_t equals = 0;
  for (const Token& t : *r) equals += t.kind == TokenKind::Equal;
  EXPECT_EQ(equals, 1u);
}

}  // namespace
}  // namespace tf::text
