#include "cuda/driver/loaded_library.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <optional>

#include "cuda/driver/command.h"
#include "cuda/driver/disk_cache.h"
#include "cuda/emit/cpp_text.h"

namespace tf::cuda {

namespace {

void remove_dir(const std::string& dir) {
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

#if defined(__SANITIZE_ADDRESS__)
std::atomic<bool> g_loaded_a_module{false};
#endif

// The disk cache and the key `source` has in it under `toolchain`, when `options` asks for one
// and the toolchain's inputs are known.
struct CacheSlot {
  std::optional<DiskCache> cache;
  std::string key;
};

CacheSlot cache_slot(const std::string& source, const Toolchain& toolchain, const BuildOptions& options) {
  CacheSlot slot;
  if (!options.cache_dir || !toolchain.inputs) return slot;
  const std::string folder = DiskCache::folder(*options.cache_dir);
  if (folder.empty()) return slot;
  const std::string inputs = toolchain.inputs();
  if (inputs.empty()) return slot;
  slot.cache.emplace(folder);
  slot.key = DiskCache::key(source, inputs);
  return slot;
}

void* load(const std::string& lib) {
  void* handle = ::dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
#if defined(__SANITIZE_ADDRESS__)
  g_loaded_a_module.store(true);
#endif
  return handle;
}

}  // namespace

Result<std::shared_ptr<LoadedLibrary>> LoadedLibrary::build(const std::string& source, const Toolchain& toolchain,
                                                            const BuildOptions& options) {
  const std::string& compiler = toolchain.name;
  std::shared_ptr<LoadedLibrary> l(new LoadedLibrary());
  const std::string dir = make_scratch_dir();
  if (dir.empty()) return category_error(DiagCategory::Usage, fmt::format("cannot make a temporary folder for {}: {}", compiler, kScratchDirAdvice));
  const std::string src = dir + "/module." + toolchain.extension, lib = dir + "/module.so";
  {
    std::ofstream out(src);
    out << source;
    out.close();
    if (!out) {
      remove_dir(dir);
      return category_error(DiagCategory::Usage, fmt::format("cannot write the emitted source to {} for {}", src, compiler));
    }
  }
  const CacheSlot slot = cache_slot(source, toolchain, options);
  if (slot.cache && slot.cache->fetch(slot.key, source, lib)) {
    l->handle_ = load(lib);
    if (l->handle_ == nullptr) (void)::dlerror();  // a cached object that does not load: compiled below
  }
  if (l->handle_ == nullptr) {
    if (options.on_compile) options.on_compile(compiler);
    const auto [status, output] = run_command(toolchain.command(src, lib));
    if (status == -1) {  // stopped by a signal (Ctrl-C reaches the compiler too): nothing to read
      remove_dir(dir);
      return category_error(DiagCategory::Internal, fmt::format("{} did not run to its end (stopped by a signal, or no shell)", compiler));
    }
    if (status != 0) {  // the files are kept for reading (unless a batch falls back)
      Diagnostic d = category_error(DiagCategory::Internal,
                                    options.keep_failed ? fmt::format("{} failed on the emitted source {} (kept for reading)", compiler, src)
                                                        : fmt::format("{} failed on the emitted source", compiler));
      d.notes.push_back(first_lines(output, 12));
      if (!options.keep_failed) remove_dir(dir);
      return d;
    }
    l->handle_ = load(lib);
    if (l->handle_ == nullptr) {
      const std::string why = ::dlerror();
      Diagnostic d = category_error(DiagCategory::Internal,
                                    options.keep_failed ? fmt::format("cannot load {} (its folder is kept for reading): {}", lib, why)
                                                        : fmt::format("cannot load what {} built: {}", compiler, why));
      if (!options.keep_failed) remove_dir(dir);
      return d;
    }
    const bool stopped = options.stop_requested != nullptr && options.stop_requested();
    if (slot.cache && !stopped) slot.cache->store(slot.key, source, lib);  // it loads: worth keeping
  }
  if (options.keep)
    l->kept_ = dir;
  else
    remove_dir(dir);  // loaded: the mapping outlives the files
  return l;
}

LoadedLibrary::~LoadedLibrary() {
  if (handle_ != nullptr) ::dlclose(handle_);
}

void* LoadedLibrary::symbol(const std::string& name) const { return ::dlsym(handle_, name.c_str()); }

void* LoadedLibrary::entry(std::string_view prefix, const std::string& entry) const {
  const std::string name = detail::function_symbols(entry, prefix).entry;
  return name.empty() ? nullptr : symbol(name);
}

}  // namespace tf::cuda

#if defined(__SANITIZE_ADDRESS__)
// LeakSanitizer's exit scan faults on the dynamic TLS of dlopen'ed modules with this toolchain
// (GCC 12's libsanitizer on glibc 2.36: "Tracer caught signal 11" after a run whose cases all
// passed, exit 1). A process that loaded a compiled module skips the leak check at exit; ASan's
// memory checks and UBSan stay on, and every other process keeps the leak check.
extern "C" int __lsan_is_turned_off() { return tf::cuda::g_loaded_a_module.load() ? 1 : 0; }
#endif
