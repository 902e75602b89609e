// The seven built-in block-scaled formats (seed 003: Built-in block-scaled formats have fixed
// structures). MX formats: one E8M0 (f8e8m0) scale per 32 elements. NVFP4: E2M1 (f4e2m1)
// elements, one E4M3 (fp8e4m3) scale per 16 and one Float32 (f32) scale for Whole.
#include "ir/dtype/builtin_formats.h"

#include "ir/dtype/block_scaled.h"
#include "ir/support/check.h"

namespace tf {

namespace detail {

namespace {

Level level(DType scale, BlockExtent block) {
  Result<Level> l = Level::make(scale, block);
  TF_CHECK(l.ok(), "built-in level rejected");
  return *l;
}

DType builtin(std::string name, DType element, std::vector<Level> levels) {
  BlockScaledDTypeArgs args{std::move(name), element, std::move(levels)};
  TF_CHECK(BlockScaledDType::check_args(args).empty(), "built-in format rejected");
  return CompoundRegistry::create_builtin<BlockScaledDType>(std::move(args));
}

DType mx(std::string name, DType element) {
  return builtin(std::move(name), element, {level(DType::f8e8m0(), 32)});
}

}  // namespace

const BuiltinFormats& builtin_formats() {
  static const BuiltinFormats* formats = [] {
    auto* f = new BuiltinFormats;
    f->mxfp8_e4m3 = mx("MXFP8_E4M3", DType::fp8e4m3());
    f->mxfp8_e5m2 = mx("MXFP8_E5M2", DType::fp8e5m2());
    f->mxfp6_e3m2 = mx("MXFP6_E3M2", DType::f6e3m2());
    f->mxfp6_e2m3 = mx("MXFP6_E2M3", DType::f6e2m3());
    f->mxfp4 = mx("MXFP4", DType::f4e2m1());
    f->mxint8 = mx("MXINT8", DType::i8());
    f->nvfp4 = builtin("NVFP4", DType::f4e2m1(),
                       {level(DType::fp8e4m3(), 16), level(DType::f32(), Whole)});
    return f;
  }();
  return *formats;
}

}  // namespace detail

DType DType::mxfp8_e4m3() { return detail::builtin_formats().mxfp8_e4m3; }
DType DType::mxfp8_e5m2() { return detail::builtin_formats().mxfp8_e5m2; }
DType DType::mxfp6_e3m2() { return detail::builtin_formats().mxfp6_e3m2; }
DType DType::mxfp6_e2m3() { return detail::builtin_formats().mxfp6_e2m3; }
DType DType::mxfp4() { return detail::builtin_formats().mxfp4; }
DType DType::mxint8() { return detail::builtin_formats().mxint8; }
DType DType::nvfp4() { return detail::builtin_formats().nvfp4; }

}  // namespace tf
