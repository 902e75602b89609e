// Compiling many modules at once (cuda/driver/module_batch.h, prefetch.h) and the disk cache under
// g++ (disk_cache.h): modules that name their functions alike share one shared object and run
// apart; a batch that does not compile falls back by halves; collected runs run nothing, and after
// the prefetch every run is a hit of the module cache; a module compiled once loads from the disk
// cache without its compiler. Every test runs modules no other test runs (the module cache is the
// process's), and uses a disk cache of its own (or none), never the user's.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cuda/driver/backend_run.h"
#include "cuda/driver/command.h"
#include "cuda/driver/disk_cache.h"
#include "cuda/driver/module_batch.h"
#include "cuda/driver/emu_module.h"
#include "cuda/driver/gpu_module.h"
#include "cuda/driver/module_cache.h"
#include "cuda/driver/prefetch.h"
#include "cuda/driver/test/temp_dir.h"
#include "cuda/emit/test/emit_test_support.h"
#include "eval/value/tensor.h"

namespace tf::cuda {
namespace {

namespace fs = std::filesystem;


// A kernel `f` that writes a + k: each k its own emitted source (and module), all of them naming
// their functions alike.
ModuleRef adder(int k) {
  return module_of(fmt::format(R"(tfir 1
prim_func f(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {{
    let c = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem])
    fill(c, {})
    binary(a, c, out, kind=add)
}}
)",
                               k));
}

const float kA[4] = {1, 2, 3, 4};

// The host entry lower/'s HostEntryPass gives the kernel `f`, which a run of `f` calls.
constexpr const char* kEntry = "f_host";

// One run's buffers: a = {1, 2, 3, 4} and a zeroed out.
struct Case {
  Case() : inputs{eval::Tensor::make(DType::f32(), {4})}, outputs{eval::Tensor::make(DType::f32(), {4})} {
    for (int i = 0; i < 4; ++i) inputs[0].mutable_data<float>()[i] = kA[i];
  }
  std::vector<float> out() const { return {outputs[0].data<float>(), outputs[0].data<float>() + 4}; }
  std::vector<eval::Tensor> inputs, outputs;
};

std::vector<float> plus(int k) { return {kA[0] + k, kA[1] + k, kA[2] + k, kA[3] + k}; }

// Runs `f` of the adder of `k` through run_emulated.
Result<bool> run(int k, Case& c, const BackendOptions& options) {
  const ModuleRef m = adder(k);
  return run_emulated(*m, "f", ctx(), c.inputs, c.outputs, options);
}

// Runs host entry `entry` of `m` on `c`'s buffers.
Result<bool> run_module(const EmuModule& m, const std::string& entry, Case& c) {
  std::vector<void*> buffers;
  std::vector<std::vector<std::int64_t>> shapes;
  for (std::vector<eval::Tensor>* group : {&c.inputs, &c.outputs})
    for (eval::Tensor& t : *group) {
      buffers.push_back(t.mutable_bytes().data());
      shapes.emplace_back(t.shape().begin(), t.shape().end());
    }
  return m.run(entry, buffers, shapes);
}

// Options that count the compiles and use `cache_dir` ("off": no disk cache).
BackendOptions counting(int& compiles, const std::string& cache_dir) {
  BackendOptions o;
  o.cache_dir = cache_dir;
  o.on_compile = [&compiles](std::string_view compiler) {
    EXPECT_EQ(compiler, EmuModule::toolchain(EmuOptimization::Batch).name);
    ++compiles;
  };
  return o;
}

// The collected compile of the adder of each of `ks`.
std::vector<CollectedCompile> collect(const std::vector<int>& ks) {
  CompileCollector collector;
  for (int k : ks) {
    Case c;
    EXPECT_TRUE(is_collected(run(k, c, {})));
  }
  return {collector.collected().begin(), collector.collected().end()};
}

TEST(EmuBatch, ModulesThatNameTheirFunctionsAlikeShareOneSharedObjectAndRunApart) {
  const std::vector<CollectedCompile> collected = collect({101, 102});
  ASSERT_EQ(collected.size(), 2u);
  std::vector<BatchBody> bodies;
  for (std::size_t k = 0; k < collected.size(); ++k) {
    Result<BatchBody> b = batch_body(*collected[k].module, collected[k].entry, k);
    ASSERT_TRUE(b.ok()) << b.diagnostics().front().render();
    EXPECT_EQ(b->prefix, fmt::format("tf_b{}_", k));
    EXPECT_EQ(b->entry, kEntry);
    bodies.push_back(*b);
  }
  EXPECT_EQ(count(batch_unit({&bodies[0], &bodies[1]}), "#include"), 1u);
  int compiles = 0;
  BuildOptions options;
  options.on_compile = [&](std::string_view) { ++compiles; };
  const ModuleBatch<EmuModule> batch = compile_emu_batch(bodies, options);
  EXPECT_EQ(compiles, 1);
  EXPECT_EQ(batch.libraries, 1u);
  EXPECT_EQ(batch.failures, 0u);
  ASSERT_EQ(batch.modules.size(), 2u);
  ASSERT_NE(batch.modules[0], nullptr);
  ASSERT_NE(batch.modules[1], nullptr);
  for (std::size_t k = 0; k < 2; ++k) {
    Case c;
    const Result<bool> ran = run_module(*batch.modules[k], collected[k].entry, c);
    ASSERT_TRUE(ran.ok()) << ran.diagnostics().front().render();
    EXPECT_EQ(c.out(), plus(101 + static_cast<int>(k)));
    EXPECT_EQ(batch.modules[k]->kept_dir(), "");
  }
}

// A batch g++ refuses (here a member that is not C++): the batch, then the half holding it, fail;
// the other half loads; the members alone are left for their runs. No folder is left behind.
TEST(EmuBatch, ABatchThatDoesNotCompileFallsBackByHalvesAndLeavesNoFolder) {
  const std::vector<CollectedCompile> collected = collect({201, 202, 203});
  std::vector<BatchBody> bodies;
  for (std::size_t k = 0; k < collected.size(); ++k) bodies.push_back(*batch_body(*collected[k].module, collected[k].entry, k));
  bodies.push_back(BatchBody{"namespace tf_b3 {\nthis is not C++;\n}  // namespace tf_b3\n", "tf_b3_", "f"});
  // The process's precompiled header (its folder lives as long as the process), made before
  // TMPDIR names the folder watched.
  (void)EmuModule::compile("#include \"cuda/runtime/tf_runtime.h\"\n");
  TempDir tmp;
  const char* old_tmpdir = std::getenv("TMPDIR");
  const std::string saved = old_tmpdir != nullptr ? old_tmpdir : "";
  ::setenv("TMPDIR", tmp.path.c_str(), 1);
  int compiles = 0;
  BuildOptions options;
  options.on_compile = [&](std::string_view) { ++compiles; };
  const ModuleBatch<EmuModule> batch = compile_emu_batch(bodies, options);
  if (old_tmpdir != nullptr)
    ::setenv("TMPDIR", saved.c_str(), 1);
  else
    ::unsetenv("TMPDIR");
  EXPECT_EQ(compiles, 3);  // all four, the first half, the second half
  EXPECT_EQ(batch.failures, 2u);
  EXPECT_EQ(batch.libraries, 1u);
  ASSERT_EQ(batch.modules.size(), 4u);
  EXPECT_NE(batch.modules[0], nullptr);
  EXPECT_NE(batch.modules[1], nullptr);
  EXPECT_EQ(batch.modules[2], nullptr);  // alone after its half failed: its run compiles it
  EXPECT_EQ(batch.modules[3], nullptr);
  EXPECT_TRUE(fs::is_empty(tmp.path)) << "a batch left a folder in " << tmp.path;
  for (std::size_t k = 0; k < 2; ++k) {
    Case c;
    ASSERT_TRUE(run_module(*batch.modules[k], kEntry, c).ok());
    EXPECT_EQ(c.out(), plus(201 + static_cast<int>(k)));
  }
}

TEST(EmuBatch, FewerThanTwoBodiesCompileNothing) {
  int compiles = 0;
  BuildOptions options;
  options.on_compile = [&](std::string_view) { ++compiles; };
  EXPECT_TRUE(compile_emu_batch({}, options).modules.empty());
  const ModuleBatch<EmuModule> one = compile_emu_batch({BatchBody{"namespace tf_b0 {\n}\n", "tf_b0_", "f"}}, options);
  ASSERT_EQ(one.modules.size(), 1u);
  EXPECT_EQ(one.modules[0], nullptr);
  EXPECT_EQ(compiles, 0);
}

TEST(Prefetch, TheCollectedOutcomeIsRecognizedAndNothingElseIs) {
  EXPECT_TRUE(is_collected(collected_outcome()));
  EXPECT_TRUE(is_collected(Result<bool>(collected_outcome())));
  EXPECT_FALSE(is_collected(Result<bool>(true)));
  EXPECT_FALSE(is_collected(category_error(DiagCategory::Usage, "not run")));
  EXPECT_FALSE(is_collected(category_error(DiagCategory::Internal, kCollectedMessage)));
  Diagnostic with_rule = collected_outcome();
  with_rule.rule_id = "TIR.1.1.X.y";
  EXPECT_FALSE(is_collected(with_rule));
  EXPECT_EQ(collected_outcome().category, DiagCategory::Usage);
  EXPECT_FALSE(collected_outcome().location.known());
}

// The campaign's shape: collect, prefetch, run. The collected runs run nothing; one batch
// compiles the three distinct modules (one of them collected twice); each run after is a hit.
TEST(Prefetch, CollectedRunsCompileInOneBatchAndThenRunFromTheModuleCache) {
  TempDir cache;
  PrefetchReport report;
  int compiles = 0;
  {
    CompileCollector collector;
    EXPECT_EQ(CompileCollector::current(), &collector);
    for (int k : {301, 302, 303, 301}) {
      Case c;
      const Result<bool> r = run(k, c, {});
      EXPECT_TRUE(is_collected(r)) << (r.ok() ? "ran" : r.diagnostics().front().render());
      EXPECT_EQ(c.out(), std::vector<float>(4, 0.0f));  // nothing ran
    }
    EXPECT_EQ(collector.runs(), 4u);
    EXPECT_EQ(collector.collected().size(), 3u);
    report = prefetch_collected(collector, counting(compiles, cache.path));
  }
  EXPECT_EQ(CompileCollector::current(), nullptr);
  EXPECT_EQ(compiles, 1);
  EXPECT_EQ(report.collected, 3u);
  EXPECT_EQ(report.cached, 0u);
  EXPECT_EQ(report.compiled, 3u);
  EXPECT_EQ(report.left, 0u);
  EXPECT_EQ(report.libraries, 1u);
  EXPECT_EQ(report.failures, 0u);
  int run_compiles = 0;
  for (int k : {301, 302, 303}) {
    Case c;
    const Result<bool> r = run(k, c, counting(run_compiles, "off"));
    ASSERT_TRUE(r.ok()) << r.diagnostics().front().render();
    EXPECT_EQ(c.out(), plus(k));
  }
  EXPECT_EQ(run_compiles, 0);
  // Collected again: all in the module cache, nothing compiled.
  {
    CompileCollector again;
    for (int k : {302, 303}) {
      Case c;
      EXPECT_TRUE(is_collected(run(k, c, {})));
    }
    const PrefetchReport second = prefetch_collected(again, counting(compiles, cache.path));
    EXPECT_EQ(second.cached, 2u);
    EXPECT_EQ(second.compiled, 0u);
    EXPECT_EQ(second.libraries, 0u);
  }
  EXPECT_EQ(compiles, 1);
}

// Balanced batches of at most the size asked for: five members in batches of at most 3 are two
// batches of 2 and 3 (not 3 and 2 after a full one, nor a lone member left over).
TEST(Prefetch, BatchesAreBalancedAndBounded) {
  TempDir cache;
  CompileCollector collector;
  for (int k : {401, 402, 403, 404, 405}) {
    Case c;
    EXPECT_TRUE(is_collected(run(k, c, {})));
  }
  int compiles = 0;
  const PrefetchReport report = prefetch_collected(collector, counting(compiles, cache.path), 3);
  EXPECT_EQ(compiles, 2);
  EXPECT_EQ(report.libraries, 2u);
  EXPECT_EQ(report.compiled, 5u);
  EXPECT_EQ(report.left, 0u);
}

// A lone compile gains nothing from a batch: it is left for its run, which compiles it as
// without a prefetch.
TEST(Prefetch, ALoneCompileIsLeftForItsRun) {
  PrefetchReport report;
  {
    CompileCollector collector;
    Case c;
    EXPECT_TRUE(is_collected(run(501, c, {})));
    int compiles = 0;
    report = prefetch_collected(collector, counting(compiles, "off"));
    EXPECT_EQ(compiles, 0);
  }
  EXPECT_EQ(report.left, 1u);
  EXPECT_EQ(report.libraries, 0u);
  int compiles = 0;
  Case c;
  ASSERT_TRUE(run(501, c, counting(compiles, "off")).ok());
  EXPECT_EQ(c.out(), plus(501));
  EXPECT_EQ(compiles, 1);
}

// What a run refuses before its compile it refuses under a collector too, and collects nothing.
TEST(Prefetch, ARefusedRunIsItsDiagnosticNotCollected) {
  CompileCollector collector;
  const ModuleRef m = adder(601);
  Case c;
  const Result<bool> r = run_emulated(*m, "no_such_function", ctx(), c.inputs, c.outputs);
  ASSERT_FALSE(r.ok());
  EXPECT_FALSE(is_collected(r));
  EXPECT_EQ(collector.runs(), 0u);
}

// The collector is this thread's, and the innermost one collects.
TEST(Prefetch, CollectorsAreTheThreadsOwnAndNest) {
  CompileCollector outer;
  {
    CompileCollector inner;
    EXPECT_EQ(CompileCollector::current(), &inner);
    Case c;
    EXPECT_TRUE(is_collected(run(701, c, {})));
    EXPECT_EQ(inner.runs(), 1u);
    EXPECT_EQ(outer.runs(), 0u);
  }
  EXPECT_EQ(CompileCollector::current(), &outer);
  Case c;
  EXPECT_TRUE(is_collected(run(702, c, {})));
  EXPECT_EQ(outer.runs(), 1u);
  Result<bool> other = true;
  Case d;
  std::thread worker([&] {
    EXPECT_EQ(CompileCollector::current(), nullptr);
    int compiles = 0;
    other = run(703, d, counting(compiles, "off"));  // no collector on this thread: it runs
  });
  worker.join();
  ASSERT_TRUE(other.ok()) << other.diagnostics().front().render();
  EXPECT_EQ(d.out(), plus(703));
  EXPECT_EQ(outer.runs(), 1u);
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::set<std::string> names_in(const std::string& dir) {
  std::set<std::string> names;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

// The emitted source of the adder of `k` (what run_emulated compiles).
std::string source_of(int k) {
  Result<std::string> s = emitted_source(*adder(k), "f", ctx());
  EXPECT_TRUE(s.ok());
  return s.ok() ? *s : "";
}

// A module compiled once loads from the disk cache in the next compile, without g++; a cached
// object that does not load, or a stored text that is not the unit's, is a compile.
TEST(EmuDiskCache, ACompiledModuleLoadsFromTheDiskCacheWithoutItsCompiler) {
  TempDir tmp;
  const std::string source = source_of(801);
  ASSERT_FALSE(source.empty());
  const std::string dir = tmp.path + "/cache";
  int compiles = 0;
  BuildOptions options;
  options.cache_dir = dir;
  options.on_compile = [&](std::string_view) { ++compiles; };
  auto check_runs = [&](const EmuModule& m) {
    Case c;
    const Result<bool> r = run_module(m, kEntry, c);
    ASSERT_TRUE(r.ok()) << r.diagnostics().front().render();
    EXPECT_EQ(c.out(), plus(801));
  };
  Result<std::unique_ptr<EmuModule>> first = EmuModule::compile(source, options);
  ASSERT_TRUE(first.ok()) << first.diagnostics().front().render();
  EXPECT_EQ(compiles, 1);
  check_runs(**first);
  const std::set<std::string> names = names_in(dir);
  ASSERT_EQ(names.size(), 2u);
  const std::string key = names.begin()->substr(0, 32);
  EXPECT_EQ(names, (std::set<std::string>{key + ".cpp", key + ".so"}));
  EXPECT_EQ(read(dir + "/" + key + ".cpp"), source);
  Result<std::unique_ptr<EmuModule>> second = EmuModule::compile(source, options);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(compiles, 1);  // from the cache
  check_runs(**second);
  // Kept: the folder holds the source and the object, from the cache too.
  BuildOptions keep = options;
  keep.keep = true;
  Result<std::unique_ptr<EmuModule>> kept = EmuModule::compile(source, keep);
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(compiles, 1);
  ASSERT_NE((*kept)->kept_dir(), "");
  EXPECT_EQ(read((*kept)->kept_dir() + "/module.cpp"), source);
  EXPECT_TRUE(fs::exists((*kept)->kept_dir() + "/module.so"));
  fs::remove_all((*kept)->kept_dir());
  // A cached object that does not load: compiled again, and the entry made good.
  std::ofstream(dir + "/" + key + ".so", std::ios::binary) << "not a shared object";
  Result<std::unique_ptr<EmuModule>> repaired = EmuModule::compile(source, options);
  ASSERT_TRUE(repaired.ok()) << repaired.diagnostics().front().render();
  EXPECT_EQ(compiles, 2);
  check_runs(**repaired);
  ASSERT_TRUE(EmuModule::compile(source, options).ok());
  EXPECT_EQ(compiles, 2);
  // A stored text that is not the unit's: a miss.
  std::ofstream(dir + "/" + key + ".cpp", std::ios::binary | std::ios::app) << "// changed\n";
  ASSERT_TRUE(EmuModule::compile(source, options).ok());
  EXPECT_EQ(compiles, 3);
  // The compile-only API takes no cache: it times the compiler.
  ASSERT_TRUE(EmuModule::compile(source).ok());
  EXPECT_EQ(names_in(dir).size(), 2u);
}

// A cache folder that cannot be made is no error: the module compiles each time.
TEST(EmuDiskCache, AnUnusableFolderIsACompileNotAnError) {
  TempDir tmp;
  std::ofstream(tmp.path + "/file") << "a file";
  const std::string source = source_of(802);
  int compiles = 0;
  BuildOptions options;
  options.cache_dir = tmp.path + "/file/cache";
  options.on_compile = [&](std::string_view) { ++compiles; };
  for (int i = 0; i < 2; ++i) {
    Result<std::unique_ptr<EmuModule>> m = EmuModule::compile(source, options);
    ASSERT_TRUE(m.ok()) << m.diagnostics().front().render();
  }
  EXPECT_EQ(compiles, 2);
  options.cache_dir = "off";
  ASSERT_TRUE(EmuModule::compile(source, options).ok());
  EXPECT_EQ(compiles, 3);
}

// A compile that ends once a stop was requested (Ctrl-C reached tf but not g++) loads but is not
// stored: an interrupted run leaves nothing behind.
TEST(EmuDiskCache, ACompileEndingAfterAStopIsNotStored) {
  TempDir tmp;
  const std::string dir = tmp.path + "/cache";
  BuildOptions options;
  options.cache_dir = dir;
  options.stop_requested = [] { return true; };
  Result<std::unique_ptr<EmuModule>> m = EmuModule::compile(source_of(804), options);
  ASSERT_TRUE(m.ok()) << m.diagnostics().front().render();
  EXPECT_FALSE(fs::exists(dir) && !fs::is_empty(dir));
}

// run_emulated takes the disk cache from its options: a module compiled by a process (here: an
// entry stored by EmuModule::compile under the same folder) is a hit for a run that has not
// compiled it, and on_compile is not called.
TEST(EmuDiskCache, ARunTakesItsModuleFromTheDiskCache) {
  TempDir tmp;
  const std::string dir = tmp.path + "/cache";
  const std::string source = source_of(803);
  BuildOptions store;
  store.cache_dir = dir;
  ASSERT_TRUE(EmuModule::compile(source, store).ok());
  int compiles = 0;
  Case c;
  const Result<bool> r = run(803, c, counting(compiles, dir));
  ASSERT_TRUE(r.ok()) << r.diagnostics().front().render();
  EXPECT_EQ(c.out(), plus(803));
  EXPECT_EQ(compiles, 0);
}

// TF_CUDA_ARCH names the one architecture nvcc compiles for; unset or empty, the default pair;
// a spelling that names none is refused with its name, never passed to a shell.
TEST(GpuArch, TfCudaArchChoosesTheArchitectures) {
  const char* saved = std::getenv("TF_CUDA_ARCH");
  const std::string restore = saved == nullptr ? "" : saved;
  ::unsetenv("TF_CUDA_ARCH");
  EXPECT_EQ(*GpuModule::arch_flags(), "-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]");
  ::setenv("TF_CUDA_ARCH", "", 1);
  EXPECT_EQ(*GpuModule::arch_flags(), "-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]");
  ::setenv("TF_CUDA_ARCH", "sm_90", 1);
  EXPECT_EQ(*GpuModule::arch_flags(), "-gencode arch=compute_90,code=[sm_90,compute_90]");
  ::setenv("TF_CUDA_ARCH", "120a", 1);
  EXPECT_EQ(*GpuModule::arch_flags(), "-gencode arch=compute_120a,code=[sm_120a,compute_120a]");
  for (const char* bad : {"sm_", "9", "sm_90b", "90;rm -rf x", "'"}) {
    ::setenv("TF_CUDA_ARCH", bad, 1);
    const Result<std::string> r = GpuModule::arch_flags();
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.diagnostics().front().category, DiagCategory::Usage);
    EXPECT_EQ(r.diagnostics().front().message,
              fmt::format("TF_CUDA_ARCH={} names no GPU architecture (write it as nvcc does: sm_90, 90, sm_120a)", bad));
  }
  ::setenv("TF_CUDA_ARCH", "90;rm -rf x", 1);
  EXPECT_EQ(GpuModule::toolchain("nvcc").command("a.cu", "a.so").find("rm -rf"), std::string::npos);
  if (saved == nullptr)
    ::unsetenv("TF_CUDA_ARCH");
  else
    ::setenv("TF_CUDA_ARCH", restore.c_str(), 1);
}

// A GPU's collected compiles batch like the emulation's, with nvcc: two modules (collected as
// the emulation's runs collect them, marked for the GPU) compile as one shared object, loaded
// without a device, each member finding its own host entry. (Running them needs a device:
// tools/gpu-check.)
TEST(Prefetch, AGpuBatchCompilesWithNvccIntoOneSharedObject) {
#ifndef TF_NVCC
  GTEST_SKIP() << "this build found no nvcc";
#else
  const char* saved = std::getenv("TF_CUDA_ARCH");
  const std::string restore = saved == nullptr ? "" : saved;
  ::setenv("TF_CUDA_ARCH", "sm_90", 1);  // one architecture: half the compile
  std::vector<CollectedCompile> collected = collect({901, 902});
  CompileCollector collector;
  for (CollectedCompile& c : collected) {
    c.gpu = true;
    collector.add(c);
  }
  int compiles = 0;
  BackendOptions options;
  options.cache_dir = "off";
  options.on_compile = [&compiles](std::string_view compiler) {
    EXPECT_EQ(compiler, "nvcc");
    ++compiles;
  };
  const PrefetchReport report = prefetch_collected(collector, options);
  EXPECT_EQ(compiles, 1);
  EXPECT_EQ(report.collected, 2u);
  EXPECT_EQ(report.compiled, 2u);
  EXPECT_EQ(report.libraries, 1u);
  EXPECT_EQ(report.left, 0u);
  ModuleCache<GpuModule>& cache = ModuleCache<GpuModule>::instance();
  std::unique_lock<std::mutex> held = cache.lock();
  for (const CollectedCompile& c : collected) {
    const GpuModule* m = cache.find(c.source, false);
    ASSERT_NE(m, nullptr);
    EXPECT_TRUE(m->has_entry(kEntry));
  }
  if (saved == nullptr)
    ::unsetenv("TF_CUDA_ARCH");
  else
    ::setenv("TF_CUDA_ARCH", restore.c_str(), 1);
#endif
}

}  // namespace
}  // namespace tf::cuda
