#include "cuda/driver/loaded_library.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include "cuda/driver/command.h"

namespace tf::cuda {

namespace {

void remove_dir(const std::string& dir) {
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

#if defined(__SANITIZE_ADDRESS__)
std::atomic<bool> g_loaded_a_module{false};
#endif

}  // namespace

Result<std::unique_ptr<LoadedLibrary>> LoadedLibrary::build(const std::string& source, const std::string& extension,
                                                            const std::string& compiler, const Command& command, bool keep) {
  std::unique_ptr<LoadedLibrary> l(new LoadedLibrary());
  const std::string dir = make_scratch_dir();
  if (dir.empty()) return category_error(DiagCategory::Usage, fmt::format("cannot make a temporary folder for {}: {}", compiler, kScratchDirAdvice));
  const std::string src = dir + "/module." + extension, lib = dir + "/module.so";
  {
    std::ofstream out(src);
    out << source;
    out.close();
    if (!out) {
      remove_dir(dir);
      return category_error(DiagCategory::Usage, fmt::format("cannot write the emitted source to {} for {}", src, compiler));
    }
  }
  const auto [status, output] = run_command(command(src, lib));
  if (status == -1) {  // stopped by a signal (Ctrl-C reaches the compiler too): nothing to read
    remove_dir(dir);
    return category_error(DiagCategory::Internal, fmt::format("{} did not run to its end (stopped by a signal, or no shell)", compiler));
  }
  if (status != 0) {  // the files are kept for reading
    Diagnostic d = category_error(DiagCategory::Internal, fmt::format("{} failed on the emitted source {} (kept for reading)", compiler, src));
    d.notes.push_back(first_lines(output, 12));
    return d;
  }
  l->handle_ = ::dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
#if defined(__SANITIZE_ADDRESS__)
  g_loaded_a_module.store(true);
#endif
  if (l->handle_ == nullptr)
    return category_error(DiagCategory::Internal, fmt::format("cannot load {} (its folder is kept for reading): {}", lib, ::dlerror()));
  if (keep)
    l->kept_ = dir;
  else
    remove_dir(dir);  // loaded: the mapping outlives the files
  return l;
}

LoadedLibrary::~LoadedLibrary() {
  if (handle_ != nullptr) ::dlclose(handle_);
}

void* LoadedLibrary::symbol(const std::string& name) const { return ::dlsym(handle_, name.c_str()); }

}  // namespace tf::cuda

#if defined(__SANITIZE_ADDRESS__)
// LeakSanitizer's exit scan faults on the dynamic TLS of dlopen'ed modules with this toolchain
// (GCC 12's libsanitizer on glibc 2.36: "Tracer caught signal 11" after a run whose cases all
// passed, exit 1). A process that loaded a compiled module skips the leak check at exit; ASan's
// memory checks and UBSan stay on, and every other process keeps the leak check.
extern "C" int __lsan_is_turned_off() { return tf::cuda::g_loaded_a_module.load() ? 1 : 0; }
#endif
