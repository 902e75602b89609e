// Issue 34, findings 2 and 5: sizes the emitter checks before it writes them, numbers it writes
// so that C++ reads them as the same numbers, and names that once broke the generated C++.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "cuda/emit/test/emit_test_support.h"

namespace tf::cuda {
namespace {

// The first diagnostic of emitting `source`'s module (which must be refused).
std::string refusal(const std::string& source) {
  const ModuleRef m = module_of(source);
  if (!m) return "";
  Result<std::string> out = emit_module(*m);
  EXPECT_FALSE(out.ok());
  return out.ok() ? "" : out.diagnostics().front().render();
}

// A kernel with one allocation of type `type`, written to out.
std::string one_alloc(const std::string& type) {
  return R"(tfir 1
prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    let y = alloc_tensor(tensor_type=)" +
         type + R"()
    copy(a, out)
}
)";
}

// A register tensor of 2^32 x 2^32 elements counted 0 after a wrap and was emitted as a one-element
// array the kernel wrote past (SIGSEGV in tf's own process); one whose byte size overflowed
// negative was emitted too. Both are refused, placed at the allocation.
TEST(EmitLimits, ARegisterTensorWhoseSizeWrapsIsRefused) {
  EXPECT_EQ(refusal(one_alloc("Tensor[(4294967296, 4294967296), f32, storage=rmem]")),
            "t.tfir:3:5: error[usage]: not emitted yet: the tensor `y`, whose size in bytes does not fit in 64 bits");
  EXPECT_EQ(refusal(one_alloc("Tensor[(2147483648, 2147483648, 2), f32, storage=rmem]")),
            "t.tfir:3:5: error[usage]: not emitted yet: the tensor `y`, whose size in bytes does not fit in 64 bits");
  EXPECT_EQ(refusal(one_alloc("Tensor[(65536, 65536), f32, storage=rmem]")),
            "t.tfir:3:5: error[usage]: not emitted yet: a register tensor of 17179869184 bytes (`y`) beside 0 bytes of "
            "others, more than the 512 KiB of local memory a CUDA thread has");
}

// 512 KiB is a thread's whole local memory: two tensors of 300 KiB are refused together.
TEST(EmitLimits, AThreadsRegisterTensorsShareItsLocalMemory) {
  EXPECT_EQ(refusal(R"(tfir 1
prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    let y = alloc_tensor(tensor_type=Tensor[(76800,), f32, storage=rmem])
    let z = alloc_tensor(tensor_type=Tensor[(76800,), f32, storage=rmem])
    copy(a, out)
}
)"),
            "t.tfir:4:5: error[usage]: not emitted yet: a register tensor of 307200 bytes (`z`) beside 307200 bytes of "
            "others, more than the 512 KiB of local memory a CUDA thread has");
}

TEST(EmitLimits, SharedMemoryBeyondWhatABlockHasIsRefused) {
  EXPECT_EQ(refusal(one_alloc("Tensor[(58113,), f32, storage=smem]")),
            "t.tfir:3:5: error[usage]: not emitted yet: `y` of 232452 bytes in shared memory beside 0 bytes placed before "
            "it: more than the 227 KiB of shared memory a CUDA block can have (sm_90)");
  EXPECT_EQ(refusal(one_alloc("Tensor[(1099511627776,), f32, storage=gmem]")),
            "t.tfir:3:5: error[usage]: not emitted yet: `y` of 4398046511104 bytes in the global workspace beside 0 bytes "
            "placed before it: more than the 1 TiB of global memory a GPU has");
}

// The largest allocation that fits (227 KiB exactly) is emitted: the limits are not off by one.
TEST(EmitLimits, TheLargestSharedAllocationIsEmitted) {
  const ModuleRef m = module_of(one_alloc("Tensor[(58112,), f32, storage=smem]"));
  ASSERT_TRUE(m);
  EXPECT_TRUE(emit_module(*m).ok());
}

// cp.async.wait_group takes a 32-bit immediate: n = 2^31 ended in "g++ failed" (an internal
// error); it is refused before anything is compiled.
TEST(EmitLimits, AWaitCountBeyondThirtyTwoBitsIsRefused) {
  const std::string kernel = R"(tfir 1
prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    cp_async_commit()
    cp_async_wait(n=N)
    copy(a, out)
}
)";
  std::string big = kernel;
  big.replace(big.find("n=N"), 3, "n=2147483648");
  EXPECT_EQ(refusal(big), "t.tfir:4:5: error[usage]: not emitted yet: cp_async_wait(n=2147483648): cp.async.wait_group counts at "
                          "most 2^31 - 1 groups");
  std::string largest = kernel;
  largest.replace(largest.find("n=N"), 3, "n=2147483647");
  EXPECT_NE(emitted(module_of(largest)).find("tf_rt::prim::cp_async_wait<2147483647>();"), std::string::npos);
}

// INT64_MIN has no C++ literal: `std::int64_t{-9223372036854775808}` negates an unsigned
// constant. It is written as an expression of the same value.
TEST(EmitLimits, TheLeastInt64IsWrittenAsAnExpression) {
  const std::string k = function_text(emitted(module_of(R"(tfir 1
prim_func k(out: Tensor[(4,), i64]) outputs=1 target=cuda {
    fill(out, -9223372036854775808)
}
)")),
                                      "k");
  EXPECT_NE(k.find("tf_rt::fill(tf_u_out, tf_rt::Narrow<std::int64_t>::from(std::int64_t{(-9223372036854775807 - 1)}));"),
            std::string::npos)
      << k;
  EXPECT_EQ(k.find("{-9223372036854775808}"), std::string::npos) << k;
}

// A host entry's dispatch calls host entries; a case naming a kernel called an entry that does not
// exist (`tf_entry_<kernel>`: g++ failed). A kernel runs through a launch, so this is refused.
TEST(EmitLimits, AHostDispatchCaseCallingAKernelIsRefused) {
  EXPECT_EQ(refusal(R"(tfir 1
dim N = DimVar("N", 1, 65)

prim_func k(a: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 target=cuda {
    copy(a, out)
}

prim_func h(a: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 target=host {
    dispatch "rows" on (ShapeOf(a, 0)) {
        case (DimVarRangePat("N", 1, 9)) => @k(a, out)
        fallback { abort }
    }
}
)"),
            "t.tfir:9:5: error[usage]: not emitted yet: a host dispatch case calling the kernel @k (a host entry launches kernels; "
            "its dispatch calls host entries)");
}

// The machine model runs device calls at most 256 deep (an eval error past that); a chain of
// 257 kernels ran to completion under the emulation where tf eval refused it. The emitter refuses
// the same call with the model's text; 256 are emitted.
TEST(EmitLimits, CallsNestAtMost256DeepAsInTheMachineModel) {
  auto chain = [](int n) {
    std::string text = "tfir 1\n";
    for (int i = 0; i < n; ++i)
      text += "prim_func k" + std::to_string(i) + "(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {\n    " +
              (i + 1 < n ? "@k" + std::to_string(i + 1) + "(x, out)" : std::string("copy(x, out)")) + "\n}\n";
    return text;
  };
  EXPECT_EQ(refusal(chain(257)), "t.tfir:768:5: error[eval]: @k256: calls nest deeper than 256");  // in k255
  const ModuleRef m = module_of(chain(256));
  ASSERT_TRUE(m);
  EXPECT_TRUE(emit_module(*m).ok());
}

// The device functions a kernel reaches are emitted bottom-up before it, each once: a callee two
// functions share is written before both, and the kernel last.
TEST(EmitLimits, ASharedCalleeIsEmittedOnceBeforeItsCallers) {
  const std::string source = emitted(module_of(R"(tfir 1
prim_func leaf(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    copy(x, out)
}
prim_func left(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    @leaf(x, out)
}
prim_func right(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    @leaf(x, out)
}
prim_func k(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    @left(x, out)
    @right(x, out)
}
)"));
  // Each function is emitted as a kernel too; the first kernel (leaf) has no callees, and left's
  // kernel text comes after the device functions it needs.
  const auto at = [&](const std::string& s) { return source.find(s); };
  EXPECT_EQ(count(source, "TF_DEV void tf_fn_leaf("), 1u);
  EXPECT_EQ(count(source, "TF_DEV void tf_fn_left("), 1u);
  EXPECT_EQ(count(source, "TF_DEV void tf_fn_right("), 1u);
  EXPECT_LT(at("TF_DEV void tf_fn_leaf("), at("TF_DEV void tf_fn_left("));
  EXPECT_LT(at("TF_DEV void tf_fn_left("), at("TF_DEV void tf_fn_right("));
}

// A call cycle is refused, not followed (a GPU has no unbounded stack, and the emitter would not
// end): kernel a calls device b, which calls device a, whose call of b (on the path) is refused.
TEST(EmitLimits, ARecursiveCallIsRefusedAtTheCall) {
  EXPECT_EQ(refusal(R"(tfir 1
prim_func a(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    @b(x, out)
}
prim_func b(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    @a(x, out)
}
)"),
            "t.tfir:3:5: error[usage]: not emitted yet: the recursive call of b");
}

// Named-barrier ids are the kernel's, its device functions' sites included (seed 002 section
// 1.5): a helper's barrier takes the kernel's next id, so the helper is emitted once per kernel
// that reaches it (tf_fnk<K>_<name>) with that kernel's ids; as a kernel of its own it starts at 1.
TEST(EmitLimits, AHelpersNamedBarrierTakesItsKernelsNextId) {
  const std::string source = emitted(module_of(R"(tfir 1
mesh m = Mesh((Topology("thread", 128),), Layout((4, 32), (32, 1)), names=("warp", "lane"))
prim_func helper(a: Tensor[(4,), f32]) outputs=0 target=cuda {
    with m as h {
        sync(m[2:4, :])
    }
}
prim_func k(a: Tensor[(4,), f32]) outputs=0 target=cuda {
    with m as t {
        sync(m[0:2, :])
        @helper(a)
        @helper(a)
    }
}
)"));
  const std::string helper_kernel = function_text(source, "helper");
  EXPECT_NE(helper_kernel.find("tf_rt::prim::bar_sync<1, 64>();"), std::string::npos) << helper_kernel;
  EXPECT_EQ(count(source, "TF_DEV void tf_fnk2_helper("), 1u) << source;
  const std::size_t copy = source.find("TF_DEV void tf_fnk2_helper(");
  ASSERT_NE(copy, std::string::npos);
  EXPECT_NE(source.find("tf_rt::prim::bar_sync<2, 64>();", copy), std::string::npos) << source;
  const std::string k = function_text(source, "k");
  EXPECT_NE(k.find("tf_rt::prim::bar_sync<1, 64>();"), std::string::npos) << k;
  EXPECT_EQ(count(k, "tf_fnk2_helper(tf_u_a, "), 2u) << k;
}

// A kernel as deep as TIR allows (tir::kMaxLetNesting lets, each taking the rest of its block)
// emits without a frame per let (it took about 1.8 KB of stack each: 3.6 MB here at -O2, more
// under the sanitizers).
TEST(EmitLimits, AKernelOfTheMostLetsEmits) {
  std::string text = "tfir 1\nprim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {\n";
  for (int i = 0; i < 2000; ++i) text += "    let r" + std::to_string(i) + " = alloc_tensor(tensor_type=Tensor[(1,), f32, storage=rmem])\n";
  text += "    copy(a, out)\n}\n";
  const std::string k = function_text(emitted(module_of(text)), "k");
  EXPECT_EQ(count(k, "float tf_u_r"), 2000u);
  EXPECT_NE(k.find("  float tf_u_r1999_regs[1];\n"), std::string::npos);
  EXPECT_NE(k.find("  tf_rt::copy(tf_u_a, tf_u_out);\n}\n"), std::string::npos);
}

// Names that are keywords, macros and symbols, a parameter beside its own derived forms (x beside
// x_ptr, a beside a_shape), and a dispatch and an abort message that try to close a comment or a
// string: every identifier of the output is one of the emitter's own, and no IR string appears
// outside a comment or a string literal. (conformance/cases/emu/hostile_names.tfir compiles and
// runs such a program against the machine model.)
TEST(EmitNames, NoIrNameIsWrittenAsItIs) {
  const std::string source = emitted(module_of(R"(tfir 1
dim N = DimVar("N", 1, 65)

prim_func main(NULL: Tensor[(N, 4), f32], NULL_ptr: Tensor[(N, 4), f32], EOF: Tensor[(N, 4), f32], EOF_shape: Tensor[(N, 4), f32]) outputs=2 target=cuda {
    for errno in range(0, 2, 1) {
        copy(NULL, EOF)
        copy(NULL_ptr, EOF_shape)
    }
}

prim_func assert(NULL: Tensor[(N, 4), f32], NULL_ptr: Tensor[(N, 4), f32], EOF: Tensor[(N, 4), f32], EOF_shape: Tensor[(N, 4), f32]) outputs=2 target=cuda {
    dispatch "*/ \"x\" \\" on (ShapeOf(NULL, 0)) {
        case (DimVarRangePat("N", 1, 9)) => @main(NULL, NULL_ptr, EOF, EOF_shape)
        fallback { abort "\" ); system(\"id\"); //" }
    }
}
)"));
  ASSERT_FALSE(source.empty());
  EXPECT_NE(source.find("TF_GLOBAL void tf_u_main(float* tf_u_NULL_ptr, float* tf_u_NULL_ptr_1_ptr, float* tf_u_EOF_ptr, "
                        "float* tf_u_EOF_shape_1_ptr, std::int64_t tf_u_dim_N, unsigned char* tf_gmem) {"),
            std::string::npos)
      << source;
  EXPECT_NE(source.find("  {  // dispatch \"*/ \"x\" \\x5C\"\n"), std::string::npos) << source;
  EXPECT_NE(source.find("tf_rt::prim::trap(\"abort: \\\" ); system(\\\"id\\\"); //\");\n"), std::string::npos) << source;
  // Outside comments and string literals, each word the IR named appears only inside an
  // identifier of the emitter's (tf_u_NULL, tf_entry_assert, ...).
  std::string code;
  for (std::size_t at = 0; at < source.size();) {
    const std::size_t end = source.find('\n', at);
    std::string line = source.substr(at, end - at);
    at = end == std::string::npos ? source.size() : end + 1;
    if (const std::size_t c = line.find("//"); c != std::string::npos && line.find('"') > c) line.resize(c);
    code += std::regex_replace(line, std::regex(R"("([^"\\]|\\.)*")"), "\"\"") + "\n";
  }
  for (const char* word : {"NULL", "EOF", "errno", "main", "assert", "system"}) {
    const std::regex bare(std::string(R"((^|[^A-Za-z0-9_]))") + word + R"(($|[^A-Za-z0-9_]))");
    EXPECT_FALSE(std::regex_search(code, bare)) << word << " in\n" << code;
  }
}

}  // namespace
}  // namespace tf::cuda
