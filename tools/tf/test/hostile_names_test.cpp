// Issue 34, findings 1 and 5: every name a program can give, spelled as every C++ keyword, every
// macro the emitted code can see (the compiler's and those of the runtime's headers: the C
// library's NULL, EOF, errno, assert, CUDA's, the runtime's TF_GLOBAL), the C library's and the
// runtime's symbols, the emitter's own generated names and names beside their own derived forms
// (x beside x_ptr). One generated program names kernels, a host entry, parameters, bindings and
// loop indices after them; it must compile under the host emulation and give the machine model's
// bits (`tf conform` at level cuda-emu). Control characters, the other half of the finding, are
// refused by the reader (ir/text/test/lexer_test.cpp) and escaped in comments and literals
// (cuda/emit/test/cpp_text_test.cpp).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Proc {
  int exit_code;
  std::string out;
};

Proc run(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// The C++20 keywords and alternative tokens.
const char* const kKeywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char", "char8_t",
    "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr", "constinit", "const_cast",
    "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast", "else",
    "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long",
    "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected",
    "public", "register", "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static", "static_assert",
    "static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
    "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq", "import",
    "module", "final", "override"};

// Symbols of the C library and the runtime, and names the emitter writes itself.
const char* const kSymbols[] = {
    "main", "errno", "assert", "printf", "system", "exit", "abort", "malloc", "free", "memcpy", "stdin", "stdout", "std",
    "tf_rt", "tf", "boost", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "tf_smem", "tf_gmem", "tf_pos0",
    "tf_subject", "tf_smem_bytes", "tf_gmem_bytes", "tf_mesh_u_k_0", "tf_u_x", "tf_fn_k", "tf_launch_k", "tf_entry_k",
    "buffers", "shapes", "subject", "grid", "block", "config", "smem", "a0", "d0", "e", "b", "s", "x", "x_ptr", "x_shape",
    "x_regs", "x_leaves", "x_leaf_extents", "x_local_strides", "x_strides", "x_reduced", "dim_N", "tf_dim_N", "v", "v_1"};

// The macros the emitted code sees: those of the emulation's compiler (TF_EMU_CXX) and of g++
// (nvcc's host compiler), and those their includes define; each name once.
std::vector<std::string> macros() {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const std::string compiler : {std::string(TF_EMU_CXX), std::string("g++")}) {
    const Proc p = run("'" + compiler + "' -dM -E -x c++ -std=c++20 -I'" + TF_SOURCE_ROOT + "' -isystem '" TF_CUDA_INCLUDE_DIR "' '" +
                       TF_SOURCE_ROOT + "/cuda/runtime/tf_runtime.h'");
    EXPECT_EQ(p.exit_code, 0) << p.out;
    std::istringstream in(p.out);
    const std::regex define(R"(#define ([A-Za-z_][A-Za-z0-9_]*).*)");
    for (std::string line; std::getline(in, line);)
      if (std::smatch m; std::regex_match(line, m, define) && seen.insert(m[1]).second) out.push_back(m[1]);
  }
  return out;
}

// A kernel over `names` (its own name, its two parameters, then one binding each, every fourth
// the index of a loop around the next step): each binding adds x to the one before it.
std::string kernel(const std::vector<std::string>& names) {
  auto q = [](const std::string& n) { return "`" + n + "`"; };
  std::ostringstream k;
  k << "prim_func " << q(names[0]) << "(" << q(names[1]) << ": Tensor[(2,), f32], " << q(names[2])
    << ": Tensor[(2,), f32]) outputs=1 target=cuda {\n";
  std::string prev = names[1];
  for (std::size_t i = 3; i < names.size(); ++i) {
    if (i % 4 == 0) {
      k << "    for " << q(names[i]) << " in range(0, 1, 1) {\n        binary(" << q(prev) << ", " << q(names[1]) << ", " << q(prev)
        << ", kind=add)\n    }\n";
      continue;
    }
    k << "    let " << q(names[i]) << " = alloc_tensor(tensor_type=Tensor[(2,), f32, storage=rmem])\n";
    k << "    binary(" << q(prev) << ", " << q(names[1]) << ", " << q(names[i]) << ", kind=add)\n";
    prev = names[i];
  }
  k << "    copy(" << q(prev) << ", " << q(names[2]) << ")\n}\n\n";
  return k.str();
}

TEST(HostileNames, EveryKeywordMacroAndSymbolAsANameCompilesAndGivesTheMachineModelsBits) {
  std::vector<std::string> names;
  std::set<std::string> seen;
  auto add = [&](const std::string& n) {
    if (seen.insert(n).second) names.push_back(n);
  };
  add("x_in");  // the entry's input
  for (const char* n : kKeywords) add(n);
  for (const char* n : kSymbols) add(n);
  const std::vector<std::string> m = macros();
  ASSERT_GT(m.size(), 500u);  // the CUDA headers alone define hundreds
  for (const std::string& n : m) add(n);

  // Kernels of at most 200 names (a let nests the statements after it), the entry launching each
  // on the input and one output of its own.
  std::ostringstream program;
  program << "tfir 1\n";
  std::vector<std::string> kernels, outputs;
  const std::size_t per = 200;
  std::size_t at = 1;
  std::vector<std::string> entry_and_outputs;
  for (; at + per <= names.size(); at += per) {
    const std::vector<std::string> part(names.begin() + static_cast<std::ptrdiff_t>(at),
                                        names.begin() + static_cast<std::ptrdiff_t>(at + per));
    program << kernel(part);
    kernels.push_back(part[0]);
  }
  // The rest names the entry and the outputs.
  ASSERT_GE(names.size() - at, kernels.size() + 1);
  const std::string entry = names[at++];
  for (std::size_t i = 0; i < kernels.size(); ++i) outputs.push_back(names[at++]);
  program << "prim_func `" << entry << "`(`x_in`: Tensor[(2,), f32]";
  for (const std::string& o : outputs) program << ", `" << o << "`: Tensor[(2,), f32]";
  program << ") outputs=" << outputs.size() << " target=host {\n";
  for (std::size_t i = 0; i < kernels.size(); ++i)
    program << "    launch(@`" << kernels[i] << "`, 1, 1, 1, 1, 1, 1, `x_in`, `" << outputs[i] << "`)\n";
  program << "}\n\ncase \"emu/hostile-names\" {\n    run `" << entry << "`\n    at cuda-emu\n    input `x_in` = Tensor[(2,), f32]{0.5, -3}\n";
  for (std::size_t i = 0; i < outputs.size(); ++i) program << "    expect output[" << i << "] = reference\n";
  program << "}\n";

  const std::string path = testing::TempDir() + "hostile_names.tfir";
  std::ofstream(path) << program.str();
  const Proc p = run(std::string(TF_BINARY) + " conform '" + path + "' --rules '" + TF_SOURCE_ROOT + "/conformance/rules.tsv'");
  EXPECT_EQ(p.exit_code, 0) << p.out.substr(0, 20000);
  EXPECT_NE(p.out.find("PASS emu/hostile-names\n1 passed, 0 failed, 0 skipped"), std::string::npos) << p.out.substr(0, 20000);
  EXPECT_GT(kernels.size(), 10u) << names.size() << " names";
}

}  // namespace
