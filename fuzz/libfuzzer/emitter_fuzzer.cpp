// Fuzz target: any bytes as a tfir program whose bound names (after `let`, `for`, `prim_func` and
// a signature's parameters) are first renamed after C++ keywords, macros, symbols of the C
// library and names the emitter writes itself (which ones: a hash of the input); when the file
// reads and verifies and holds only TIR, the module is emitted as CUDA C++ (what `tf emit` does).
// A finding (fuzz_target.h): an internal error (a refusal is fine), or emitted text that
// could run what the file says: a byte other than printable ASCII and the newline (a carriage
// return once ended a comment early), a line ending in a backslash (a comment continued onto the
// next line), or a renamed name that the C++ holds bare outside comments and string literals
// (issue 34: every IR name is written in the emitter's namespace, cuda/emit/cpp_text.h).
// tools/tf/test/hostile_names_test.cpp compiles such a program and runs it.
//   corpus: fuzz/corpus/emitter (hand-written and emitted-case kernels and host entries)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cuda/emit/emitter.h"
#include "fuzz/gen/tfir_mutation.h"
#include "fuzz/libfuzzer/fuzz_target.h"
#include "ir/core/module.h"
#include "ir/text/lexer.h"
#include "ir/tir/prim_function.h"

namespace {

// Names the emitter never writes itself: one of them bare in the output came from the file.
const char* const kForeign[] = {"NULL",    "EOF",     "errno",  "main",      "assert",  "printf",    "system",  "stdin",
                                "exit",    "abort",   "malloc", "x_ptr",     "a_shape", "TF_CONST_", "NDEBUG",  "INT_MAX",
                                "SIZE_MAX", "CHAR_BIT", "BUFSIZ", "offsetof", "errno_t", "alloca",   "setjmp", "threadIdx"};
// Names the emitter does write (keywords, its own names): renamed to them, the program must
// still emit, but their bare occurrences prove nothing.
const char* const kOwn[] = {"int",      "float",  "const",   "for",     "if",     "return", "constexpr", "nullptr", "decltype",
                            "requires", "std",    "tf_rt",   "tf_smem", "tf_gmem", "tf_pos0", "tf_u_x",  "tf_subject", "v_1",
                            "static_cast", "unsigned", "template", "co_await", "char8_t", "this", "x", "dim_N",
                            "TF_GLOBAL", "TF_DEV", "TF_RUN", "TF_SHARED_ARENA"};

std::vector<std::string> hostile_names() {
  std::vector<std::string> out(std::begin(kForeign), std::end(kForeign));
  out.insert(out.end(), std::begin(kOwn), std::end(kOwn));
  return out;
}

// `text` with its bound names renamed (the header); "" when it does not lex.
std::string renamed(std::string_view text, std::vector<std::string>& used) {
  tf::Result<std::vector<tf::text::Token>> lexed = tf::text::lex(text, "fuzz.tfir");
  if (!lexed.ok()) return "";
  const std::vector<tf::text::Token>& t = *lexed;
  using K = tf::text::TokenKind;
  std::set<std::string> bound;
  int depth = 0;
  bool in_signature = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const bool after_binder = i > 0 && t[i - 1].kind == K::Identifier && !t[i - 1].quoted_name &&
                              (t[i - 1].text == "let" || t[i - 1].text == "for" || t[i - 1].text == "prim_func");
    if (t[i].kind == K::Identifier && after_binder) {
      bound.insert(t[i].text);
      in_signature = t[i - 1].text == "prim_func";
    }
    if (t[i].kind == K::LParen) ++depth;
    if (t[i].kind == K::RParen && --depth == 0) in_signature = false;
    if (in_signature && depth == 1 && t[i].kind == K::Identifier && i + 1 < t.size() && t[i + 1].kind == K::Colon)
      bound.insert(t[i].text);
  }
  const std::vector<std::string> pool = hostile_names();
  const std::size_t start = std::hash<std::string_view>{}(text) % pool.size();
  std::map<std::string, std::string> to;
  std::size_t k = 0;
  for (const std::string& name : bound) {
    if (k == pool.size()) break;  // more names than the pool: the rest keep theirs
    to[name] = pool[(start + k++) % pool.size()];
    used.push_back(to[name]);
  }
  std::string out;
  for (tf::text::Token tok : t) {
    if (tok.kind == K::Identifier && to.count(tok.text) != 0) {
      tok.text = to.at(tok.text);
      tok.quoted_name = true;
    }
    out += tf::text::token_spelling(tok);
    out += ' ';
  }
  return out;
}

// The emitted text without its comments and with its string literals emptied.
std::string code_of(const std::string& source) {
  static const std::regex literal(R"("([^"\\]|\\.)*")");
  std::string code;
  for (std::size_t at = 0; at < source.size();) {
    const std::size_t end = source.find('\n', at);
    std::string line = source.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? source.size() : end + 1;
    line = std::regex_replace(line, literal, "\"\"");
    if (const std::size_t c = line.find("//"); c != std::string::npos) line.resize(c);
    code += line + "\n";
  }
  return code;
}

void check_emitted(const std::string& source, const std::vector<std::string>& used) {
  for (std::size_t i = 0; i < source.size(); ++i) {
    const auto c = static_cast<unsigned char>(source[i]);
    if (c != '\n' && (c < 0x20 || c >= 0x7f)) tf::fuzz::finding("emitter", "a byte that is not printable ASCII at " + std::to_string(i));
    if (c == '\\' && i + 1 < source.size() && source[i + 1] == '\n') tf::fuzz::finding("emitter", "a line ending in a backslash");
  }
  const std::string code = code_of(source);
  for (const std::string& name : used) {
    if (std::find(std::begin(kOwn), std::end(kOwn), name) != std::end(kOwn)) continue;
    const std::regex bare("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])");
    if (std::regex_search(code, bare)) tf::fuzz::finding("emitter", "the name `" + name + "` written bare:\n" + source);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> used;
  const std::string text = renamed(std::string_view(reinterpret_cast<const char*>(data), size), used);
  if (text.empty()) return 0;
  const tf::CheckedFile c = tf::fuzz::read_and_verify(text, "fuzz.tfir");
  if (!c.file || !c.read_errors.empty() || !c.verify_errors.empty()) return 0;
  for (const tf::FunctionRef& f : c.file->module->functions())
    if (!f->is<tf::tir::PrimFunction>()) return 0;  // HIR is lowered first; not here
  tf::Result<std::string> source = tf::cuda::emit_module(*c.file->module);
  if (!source.ok()) {
    for (const tf::Diagnostic& d : source.diagnostics())
      if (d.category == tf::DiagCategory::Internal) tf::fuzz::finding("emitter", "an internal error:\n" + d.render());
    return 0;
  }
  check_emitted(*source, used);
  return 0;
}
