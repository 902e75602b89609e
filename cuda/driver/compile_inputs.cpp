#include "cuda/driver/compile_inputs.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <vector>

#include "cuda/driver/command.h"
#include "cuda/driver/content_hash.h"

namespace tf::cuda {

namespace fs = std::filesystem;

namespace {

// The CUDA headers the runtime includes under the emulation (cuda/runtime/dtypes.h) and the one
// that states the toolkit's version.
constexpr const char* kCudaHeaders[] = {"cuda_bf16.h", "cuda_bf16.hpp", "cuda_fp16.h", "cuda_fp16.hpp", "cuda_fp4.h",     "cuda_fp4.hpp",
                                        "cuda_fp6.h",  "cuda_fp6.hpp",  "cuda_fp8.h",  "cuda_fp8.hpp",  "cuda_runtime_api.h"};

bool read(const fs::path& p, std::string& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return !in.bad();
}

// The digest of the headers (see compile_inputs.h); "" when one of this repository's cannot be read.
std::string headers_digest() {
  const fs::path root(TF_SOURCE_ROOT);
  std::vector<fs::path> ours;
  std::error_code ec;
  for (fs::directory_iterator it(root / "cuda" / "runtime", ec), end; !ec && it != end; it.increment(ec))
    if (std::error_code e; it->is_regular_file(e)) ours.push_back(it->path());
  if (ec || ours.empty()) return "";
  std::sort(ours.begin(), ours.end());
  ours.push_back(root / "cuda" / "emu" / "emu.h");
  ours.push_back(root / "ir" / "tir" / "launch_limits.h");
  ContentHash h;
  std::string text;
  for (const fs::path& p : ours) {
    if (!read(p, text)) return "";
    h.add(p.string()).add(text);
  }
  for (const char* name : kCudaHeaders) {  // one the toolkit lacks is not included either
    const fs::path p = fs::path(TF_CUDA_INCLUDE_DIR) / name;
    if (read(p, text)) h.add(p.string()).add(text);
  }
  return h.hex();
}

// What `<tool> --version` prints (nvcc's version is on its fourth line), once per process; ""
// when it does not run.
std::string version(std::string_view tool) {
  static std::mutex mutex;
  static auto* versions = new std::map<std::string, std::string, std::less<>>();  // never destroyed
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = versions->find(tool); it != versions->end()) return it->second;
  const auto [status, output] = run_command(fmt::format("'{}' --version", tool));
  std::string text = status == 0 ? output : std::string();
  versions->emplace(std::string(tool), text);
  return text;
}

}  // namespace

std::string compile_inputs(std::string_view command, std::initializer_list<std::string_view> tools) {
  static const std::string headers = headers_digest();
  if (headers.empty()) return "";
  std::string out = fmt::format("command: {}\n", command);
  for (std::string_view tool : tools) {
    const std::string v = version(tool);
    if (v.empty()) return "";
    out += fmt::format("{} --version:\n{}\n", tool, v);
  }
  return out + fmt::format("headers: {}\n", headers);
}

}  // namespace tf::cuda
