// The emission of a module for a batch translation unit (EmitOptions::symbol_namespace): the
// plain text, with the runtime's #include left out, in the batch namespace, every extern "C"
// symbol prefixed; and the plain emission unchanged. (That such bodies compile together into one
// shared object and run is cuda/driver/test/module_batch_test.cpp's check.)
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emitter.h"
#include "cuda/emit/test/emit_test_support.h"

namespace tf::cuda {
namespace {

// A kernel, a host entry launching it, and a host entry whose dispatch calls that entry: every
// kind of extern "C" symbol and every reference to one (a launch, a dispatch case, the forward
// declarations of the entries).
constexpr const char* kModule = R"(tfir 1
dim N = DimVar("N", 1, 129)

prim_func k(a: Tensor[(N,), f32], out: Tensor[(N,), f32]) outputs=1 target=cuda {
    relu(a, out)
}

prim_func small(a: Tensor[(N,), f32], out: Tensor[(N,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, a, out)
}

prim_func h(a: Tensor[(N,), f32], out: Tensor[(N,), f32]) outputs=1 target=host {
    dispatch "h" on (ShapeOf(a, 0)) {
        case (DimVarRangePat("N", 1, 65)) => @small(a, out)
        fallback { abort }
    }
}
)";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  return text;
}

// `text` without its first `n` lines.
std::string after_lines(const std::string& text, int n) {
  std::size_t at = 0;
  for (int i = 0; i < n && at != std::string::npos; ++i) at = text.find('\n', at) + 1;
  return text.substr(at);
}

Result<std::string> namespaced(const ModuleRef& m, const std::string& ns) { return emit_module(*m, EmitOptions{ns}); }

TEST(EmitBatch, TheDefaultOptionsEmitTheTranslationUnitOfItsOwn) {
  const ModuleRef m = module_of(kModule);
  ASSERT_TRUE(m);
  const Result<std::string> plain = emit_module(*m), with_default = emit_module(*m, EmitOptions{});
  ASSERT_TRUE(plain.ok());
  ASSERT_TRUE(with_default.ok());
  EXPECT_EQ(*plain, *with_default);
  EXPECT_EQ(plain->find("// Emitted by tf emit (TileFoundry-C++): one CUDA C++ translation unit for nvcc, or for g++\n"), 0u);
  EXPECT_NE(plain->find("\n#include \"cuda/runtime/tf_runtime.h\"\n\n"), std::string::npos);
  EXPECT_EQ(plain->find("namespace"), std::string::npos);
  EXPECT_NE(plain->find("extern \"C\" const char* tf_entry_h(void* const* buffers, const std::int64_t* const* shapes) {"),
            std::string::npos);
}

TEST(EmitBatch, ANamespacedBodyIsThePlainTextInItsNamespaceWithPrefixedCSymbols) {
  const ModuleRef m = module_of(kModule);
  ASSERT_TRUE(m);
  const Result<std::string> plain = emit_module(*m);
  const Result<std::string> body = namespaced(m, "tf_b3");
  ASSERT_TRUE(plain.ok());
  ASSERT_TRUE(body.ok()) << body.diagnostics().front().render();
  EXPECT_EQ(body->find("#include"), std::string::npos);
  EXPECT_EQ(body->find("// Emitted by tf emit (TileFoundry-C++): one module of a batch translation unit, in namespace tf_b3\n"), 0u);
  const std::string inner = after_lines(*body, 2);
  ASSERT_EQ(inner.rfind("namespace tf_b3 {\n\n", 0), 0u) << *body;
  const std::string close = "}  // namespace tf_b3\n\n";
  ASSERT_GE(inner.size(), close.size());
  EXPECT_EQ(inner.substr(inner.size() - close.size()), close);
  // Between them, the plain text after its #include with each extern "C" symbol prefixed (and
  // nothing else changed: the kernels, device functions and tables live in the namespace).
  const std::string expected =
      replaced(replaced(after_lines(*plain, 4), "tf_launch_", "tf_launch_tf_b3_"), "tf_entry_", "tf_entry_tf_b3_");
  EXPECT_EQ(inner.substr(std::string("namespace tf_b3 {\n\n").size(),
                         inner.size() - close.size() - std::string("namespace tf_b3 {\n\n").size()),
            expected);
  // Every extern "C" name, declared or referred to, carries the prefix.
  const std::regex symbol(R"(tf_(launch|entry)_\w+)");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(body->begin(), body->end(), symbol); it != std::sregex_iterator(); ++it) names.insert(it->str());
  EXPECT_EQ(names, (std::set<std::string>{"tf_launch_tf_b3_k", "tf_entry_tf_b3_small", "tf_entry_tf_b3_h"}));
  EXPECT_NE(body->find("    return tf_entry_tf_b3_small(b, s);\n"), std::string::npos) << *body;
  EXPECT_NE(body->find("  if (const char* e = tf_launch_tf_b3_k("), std::string::npos) << *body;
}

TEST(EmitBatch, TwoNamespacesGiveTwoBodiesThatDifferOnlyInTheirNames) {
  const ModuleRef m = module_of(kModule);
  ASSERT_TRUE(m);
  const Result<std::string> a = namespaced(m, "tf_b0"), b = namespaced(m, "tf_b12");
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(replaced(*a, "tf_b0", "tf_b12"), *b);
}

// The namespace is the driver's (cpp_text.h's batch_namespace), never a user's: any other name is
// an internal error, and nothing is emitted with it.
TEST(EmitBatch, ANamespaceOtherThanABatchNamespaceIsRefused) {
  const ModuleRef m = module_of(kModule);
  ASSERT_TRUE(m);
  for (const std::string ns : {"tf_rt", "tf_b", "tf_bx", "tf_b1_", "std", "tf_b1 {}", "TF_B1", "x\n#define k"}) {
    const Result<std::string> r = namespaced(m, ns);
    ASSERT_FALSE(r.ok()) << ns;
    EXPECT_EQ(r.diagnostics().front().category, DiagCategory::Internal) << ns;
    EXPECT_NE(r.diagnostics().front().message.find("is not tf_b<digits>"), std::string::npos) << r.diagnostics().front().message;
    EXPECT_EQ(r.diagnostics().front().message.find('\n'), std::string::npos);
  }
}

}  // namespace
}  // namespace tf::cuda
