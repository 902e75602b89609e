// DType::from_name: the single string -> descriptor surface (seed 000 section 3, D1).
#include <gtest/gtest.h>

#include <string>

#include "ir/dtype/dtype.h"
#include "ir/dtype/registry.h"

namespace tf {
namespace {

// covers: TYPES.3.DTYPE.from-name-resolves
TEST(FromName, ResolvesEverySimpleName) {
  EXPECT_EQ(DType::from_name("bf16")->info(), DType::bf16().info());
  for (const char* n : {"f32", "f16", "bf16", "fp8e4m3", "f8e8m0", "f4e2m1", "i32", "i64", "bool",
                        "fp8e5m2", "f6e3m2", "f6e2m3", "i8"}) {
    Result<DType> d = DType::from_name(n);
    ASSERT_TRUE(d.ok()) << n;
    EXPECT_EQ(d->name(), n);
  }
  EXPECT_EQ(DType::from_name("bool")->info(), DType::boolean().info());
}

// D1 resolves the conflict between seed 000's closed nine and seed 003's registry: the
// accepted set is seed 000's nine, D1's four element types, and the registered compound
// names (the seven built-in formats first). Nothing else is accepted.
// covers: TYPES.3.DTYPE.complete-set
TEST(FromName, AcceptedSetIsExactlyTheBuiltins) {
  std::string names;
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d)
    names += std::string(d->name()) + " ";
  EXPECT_EQ(names, "f32 f16 bf16 fp8e4m3 fp8e5m2 f8e8m0 f6e3m2 f6e2m3 f4e2m1 i8 i32 i64 bool ");
  std::string compounds;
  std::vector<DType> registered = registered_compounds();
  for (std::size_t i = 0; i < 7; ++i) compounds += std::string(registered[i].name()) + " ";
  EXPECT_EQ(compounds, "MXFP8_E4M3 MXFP8_E5M2 MXFP6_E3M2 MXFP6_E2M3 MXFP4 MXINT8 NVFP4 ");
  for (const char* n : {"MXFP8_E4M3", "MXFP8_E5M2", "MXFP6_E3M2", "MXFP6_E2M3", "MXFP4",
                        "MXINT8", "NVFP4"})
    EXPECT_TRUE(DType::from_name(n).ok()) << n;
  EXPECT_EQ(DType::from_name("NVFP4")->info(), DType::nvfp4().info());
}

// covers: TYPES.3.DTYPE.from-name-rejects-unknown, TYPES.3.DTYPE.from-name-lists-valid-set
TEST(FromName, RejectsUnknownAndListsTheValidSet) {
  for (const char* bad : {"float32", "f8e4m3", "E4M3", "Float32", "Int8", "E2M1", "Any", "",
                          "F32", "nvfp4"}) {
    Result<DType> r = DType::from_name(bad);
    ASSERT_FALSE(r.ok()) << bad;
    ASSERT_EQ(r.diagnostics().size(), 1u);
    EXPECT_EQ(r.diagnostics()[0].rule_id, "TYPES.3.DTYPE.from-name-rejects-unknown");
  }
  const std::string message = DType::from_name("float32").diagnostics()[0].message;
  EXPECT_EQ(message.rfind("unknown dtype 'float32'; valid dtypes: f32, f16, bf16, fp8e4m3, "
                          "fp8e5m2, f8e8m0, f6e3m2, f6e2m3, f4e2m1, i8, i32, i64, bool, "
                          "MXFP8_E4M3, MXFP8_E5M2, MXFP6_E3M2, MXFP6_E2M3, MXFP4, MXINT8, NVFP4",
                          0),
            0u)
      << message;
}

}  // namespace
}  // namespace tf
