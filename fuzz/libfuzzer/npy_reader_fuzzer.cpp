// Fuzz target: any bytes as a .npy file (eval/value/npy.h), then through the D4 boundary
// (npy_boundary.h) as `tf eval --input x=FILE.npy` takes it. The last byte picks the parameter
// dtype the array is read for. Laws, each a finding when broken (fuzz_target.h):
//  - an array that reads is written back (write_npy) to bytes that read as the same array;
//  - an array of a dtype's own storage type (f32, f16, i8, i32, i64, bool) read untyped becomes
//    a tensor that tensor_to_npy writes as the same array, bit for bit;
//  - every refusal is a diagnostic; nothing allocates past the 64 MiB budget.
//   corpus: fuzz/corpus/npy_reader (arrays of every accepted descr, versions 1.0 to 3.0)
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "eval/value/memory_budget.h"
#include "eval/value/npy.h"
#include "eval/value/npy_boundary.h"
#include "fuzz/libfuzzer/fuzz_target.h"

namespace {

using tf::eval::NpyArray;

bool same_array(const NpyArray& a, const NpyArray& b) {
  return a.type == b.type && a.shape == b.shape && a.data == b.data;
}

// The parameter dtypes an array may be read for: every storage and conversion rule of D4.
const char* const kDTypes[] = {"f32",     "f16",    "bf16",   "fp8e4m3", "fp8e5m2", "f8e8m0",
                               "f6e3m2",  "f6e2m3", "f4e2m1", "i8",      "i32",     "i64",
                               "bool",    "MXFP8_E4M3", "MXFP4", "NVFP4"};

void check_boundary(const NpyArray& a, std::uint8_t pick) {
  tf::Result<tf::eval::Tensor> natural = tf::eval::natural_tensor_from_npy(a, "x");
  if (natural.ok()) {
    tf::Result<std::vector<NpyArray>> back = tf::eval::tensor_to_npy(*natural);
    if (!back.ok() || back->size() != 1) tf::fuzz::finding("npy_reader", "tensor_to_npy refused a natural tensor");
    if (a.type != tf::eval::NpyType::F64 && !same_array(a, back->front()))
      tf::fuzz::finding("npy_reader", "an array of its own storage type did not write back bit for bit");
  }
  const char* name = kDTypes[pick % std::size(kDTypes)];
  tf::Result<tf::DType> dtype = tf::DType::from_name(name);
  if (!dtype.ok()) tf::fuzz::finding("npy_reader", std::string("not a dtype: ") + name);
  tf::Result<tf::eval::Tensor> typed = tf::eval::tensor_from_npy(a, *dtype, "x");
  if (typed.ok() && !tf::eval::tensor_to_npy(*typed).ok())
    tf::fuzz::finding("npy_reader", std::string("tensor_to_npy refused a ") + name + " tensor");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  tf::Result<NpyArray> a = tf::eval::read_npy(bytes, "fuzz.npy");
  if (!a.ok()) {
    for (const tf::Diagnostic& d : a.diagnostics())
      if (d.category == tf::DiagCategory::Internal) tf::fuzz::finding("npy_reader", d.render());
    return 0;
  }
  const std::vector<std::uint8_t> written = tf::eval::write_npy(*a);
  tf::Result<NpyArray> again = tf::eval::read_npy(written, "written.npy");
  if (!again.ok() || !same_array(*a, *again))
    tf::fuzz::finding("npy_reader", "write_npy did not read back as the same array");
  tf::eval::MemoryBudgetScope memory(std::int64_t{64} << 20);
  try {
    check_boundary(*a, size > 0 ? data[size - 1] : 0);
  } catch (const tf::eval::MemoryBudgetExceeded&) {
    // a large array: the budget refused it, as tf eval reports
  }
  return 0;
}
