// Every runtime functor a kind record names (ir/core/*_kinds.def) is defined by the CUDA runtime
// (cuda/runtime/ops.h), so a kind declared without its functor fails here, at test time, not in
// the first kernel that uses it.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "ir/core/math_kinds.h"
#include "ir/core/reduce_kind.h"

namespace tf {
namespace {

std::string runtime_ops() {
  std::ifstream in(std::string(TF_SOURCE_ROOT) + "/cuda/runtime/ops.h");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The dtypes whose functors the emitter asks for: a float, an integer, bool.
const DType kProbes[] = {DType::f32(), DType::i32(), DType::boolean()};

// Every kind of `kinds` names, for some probe dtype, a functor `ops` defines as a struct.
template <typename Kinds, typename Functor, typename Name>
void expect_runtime_structs(const Kinds& kinds, Functor functor, Name name) {
  const std::string ops = runtime_ops();
  ASSERT_FALSE(ops.empty());
  for (auto k : kinds) {
    int named = 0;
    for (DType d : kProbes) {
      const std::string_view f = functor(k, d);
      if (f.empty()) continue;
      ++named;
      EXPECT_NE(ops.find("struct " + std::string(f) + " {"), std::string::npos)
          << name(k) << " on " << d.name() << " names " << f;
    }
    EXPECT_GT(named, 0) << name(k) << " has no functor for any dtype";
  }
}

TEST(KindFunctors, EveryUnaryKindsFunctorIsARuntimeStruct) {
  expect_runtime_structs(kAllUnaryKinds, &unary_runtime_functor, &unary_kind_name);
}

TEST(KindFunctors, EveryBinaryKindsFunctorIsARuntimeStruct) {
  expect_runtime_structs(kAllBinaryKinds, &binary_runtime_functor, &binary_kind_name);
}

TEST(KindFunctors, EveryReduceKindIsARuntimeEnumerator) {
  const std::string ops = runtime_ops();
  const std::size_t at = ops.find("enum class ReduceKind {");
  ASSERT_NE(at, std::string::npos);
  const std::string list = ops.substr(at, ops.find('}', at) - at);
  for (ReduceKind k : kAllReduceKinds)
    EXPECT_NE(list.find(std::string(reduce_runtime_enumerator(k))), std::string::npos)
        << reduce_kind_name(k);
}

// The functor follows the operand dtype: integer arithmetic has its own wrapping forms, and a
// dtype outside the kind's domain has none (the emitter then refuses the kernel).
TEST(KindFunctors, TheFunctorFollowsTheDomainAndTheDtype) {
  EXPECT_EQ(binary_runtime_functor(BinaryKind::Add, DType::f32()), "Add");
  EXPECT_EQ(binary_runtime_functor(BinaryKind::Add, DType::i64()), "IAdd");
  EXPECT_EQ(binary_runtime_functor(BinaryKind::Add, DType::boolean()), "");
  EXPECT_EQ(binary_runtime_functor(BinaryKind::FloorDiv, DType::f32()), "");
  EXPECT_EQ(binary_runtime_functor(BinaryKind::And, DType::boolean()), "And");
  EXPECT_EQ(binary_runtime_functor(BinaryKind::Max, DType::boolean()), "Max");
  EXPECT_EQ(unary_runtime_functor(UnaryKind::Exp, DType::i32()), "");
  EXPECT_EQ(unary_runtime_functor(UnaryKind::Not, DType::f32()), "");
  EXPECT_EQ(unary_runtime_functor(UnaryKind::Cast, DType::i32()), "Cast");
}

}  // namespace
}  // namespace tf
