#include "fuzz/gen/tfir_mutation.h"

#include <algorithm>
#include <cctype>

#include "ir/support/testing/pick.h"
#include "ir/text/lexer.h"
#include "ir/text/standard_context.h"

namespace tf::fuzz {

namespace {

// A byte that is likely to damage tfir's structure, or any byte.
char structural_byte() {
  static const char kRaw[] = "\0\n\"`{}()[],:=@#\\-.0129xe_ \t\r\x7f\xff\xc3";
  static const std::string kBytes(kRaw, sizeof(kRaw) - 1);
  if (pick<int>(0, 4) == 3) return static_cast<char>(pick<int>(0, 256));
  return kBytes[pick<std::size_t>(0, kBytes.size())];
}

std::string byte_edits(std::string text, int max_edits) {
  const int edits = pick<int>(1, max_edits + 1);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = pick<std::size_t>(0, text.size() + 1);
    switch (pick<int>(0, 3)) {
      case 0: text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), structural_byte()); break;
      case 1:
        if (at < text.size()) text.erase(at, 1);
        break;
      default:
        if (at < text.size()) text[at] = structural_byte();
        break;
    }
  }
  return text;
}

const std::vector<std::string> kExtremeNumbers = {
    "99999999999999999999", "-0x8000000000000000", "0x7fffffffffffffff", "-9223372036854775808",
    "9223372036854775807",  "18446744073709551616", "1e999",             "-1e-999",
    "0",                    "-1",                   "0x",                "4294967296",
    "nan",                  "-inf",                 "0.0",               "1e308"};

const std::vector<std::string> kInserted = {
    "{", "}", "(", ")", "[", "]", ",", "=", ":", "\n", "->", "=>", "@", "-", "//", "%", "<",
    "for", "let", "with", "carry", "yield", "return", "func", "prim_func", "case", "dispatch",
    "in", "range", "as", "if", "else", "while", "abort", "sync", "None", "true", "`for`",
    "Tensor", "Tuple", "Unit", "Layout", "Mesh", "umat", "rmem", "gmem", "\"s\"", "tfir"};

}  // namespace

rc::Gen<std::string> gen_byte_mutation(std::string text, int max_edits) {
  return rc::gen::exec([text, max_edits] { return byte_edits(text, max_edits); });
}

rc::Gen<std::string> gen_token_mutation(std::string source, int max_edits) {
  return rc::gen::exec([source, max_edits] {
    const Result<std::vector<text::Token>> lexed = text::lex(source, "m.tfir");
    if (!lexed.ok()) return byte_edits(source, max_edits);
    std::vector<std::string> words;
    std::vector<std::string> names;
    std::vector<std::size_t> defining;  // where a name is defined: after a keyword, before '='
    std::vector<std::string> defined;
    static const std::vector<std::string> kDefiners = {"dim", "mesh", "layout", "atom", "entry", "func",
                                                       "prim_func", "let", "for", "as", "carry", "("};
    for (std::size_t k = 0; k < lexed->size(); ++k) {
      const text::Token& t = (*lexed)[k];
      words.push_back(text::token_spelling(t));
      if (t.kind != text::TokenKind::Identifier) continue;
      names.push_back(words.back());
      const bool after_definer =
          k > 0 && std::find(kDefiners.begin(), kDefiners.end(),
                             text::token_spelling((*lexed)[k - 1])) != kDefiners.end();
      const bool before_equal = k + 1 < lexed->size() && (*lexed)[k + 1].kind == text::TokenKind::Equal;
      if (after_definer || before_equal) {
        defining.push_back(k);
        defined.push_back(words.back());
      }
    }
    if (names.empty()) names.push_back("x");
    if (defined.empty()) defined = names;
    const int edits = pick<int>(1, max_edits + 1);
    for (int e = 0; e < edits && !words.empty(); ++e) {
      const std::size_t i = pick<std::size_t>(0, words.size());
      const auto at = words.begin() + static_cast<std::ptrdiff_t>(i);
      switch (pick<int>(0, 8)) {
        case 0: words.erase(at); break;
        case 1: words.insert(at, words[i]); break;
        case 2: std::swap(words[i], words[pick<std::size_t>(0, words.size())]); break;
        case 3: words.insert(at, element(kInserted)); break;
        case 4: {  // an identifier becomes another name of the file
          std::vector<std::size_t> ids;
          for (std::size_t k = 0; k < words.size(); ++k)
            if (!words[k].empty() && (std::isalpha(static_cast<unsigned char>(words[k][0])) || words[k][0] == '_'))
              ids.push_back(k);
          if (!ids.empty()) words[element(ids)] = element(names);
          break;
        }
        case 5: {  // a defined name becomes another defined name: clashes and shadowing
          // (indices into `words` drift after an insertion or deletion; they stay in range)
          const std::size_t k = element(defining.empty() ? std::vector<std::size_t>{i} : defining);
          if (k < words.size()) words[k] = element(defined);
          break;
        }
        default: {  // a number becomes an extreme one
          std::vector<std::size_t> numbers;
          for (std::size_t k = 0; k < words.size(); ++k)
            if (!words[k].empty() && std::isdigit(static_cast<unsigned char>(words[k][0]))) numbers.push_back(k);
          if (!numbers.empty()) words[element(numbers)] = element(kExtremeNumbers);
          else words.insert(at, element(kExtremeNumbers));
          break;
        }
      }
    }
    std::string out;
    for (const std::string& w : words) out += w + (w == "\n" ? "" : " ");
    return out;
  });
}

CheckedFile read_and_verify(std::string_view text, const std::string& file_name) {
  return tf::read_and_verify(text, file_name, text::standard_context());
}

}  // namespace tf::fuzz
