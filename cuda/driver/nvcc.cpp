#include "cuda/driver/nvcc.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cuda/driver/command.h"

namespace tf::cuda {

Result<std::string> compile_with_nvcc(const std::string& source, const std::string& nvcc, const std::string& arch) {
  const std::string dir = make_scratch_dir();
  if (dir.empty()) return category_error(DiagCategory::Usage, fmt::format("cannot make a temporary folder for nvcc: {}", kScratchDirAdvice));
  const std::string src = dir + "/module.cu", ptx = dir + "/module.ptx";
  std::error_code ignored;
  {
    std::ofstream out(src);
    out << source;
    out.close();
    if (!out) {
      std::filesystem::remove_all(dir, ignored);
      return category_error(DiagCategory::Usage, fmt::format("cannot write the emitted source to {} for nvcc", src));
    }
  }
  const auto [status, output] = run_command(fmt::format("'{}' -arch={} -std=c++20 -fmad=false -I'{}' -ptx '{}' -o '{}'", nvcc, arch,
                                                        TF_SOURCE_ROOT, src, ptx));
  if (status != 0) {
    Diagnostic d = category_error(DiagCategory::Internal, fmt::format("nvcc failed on the emitted source {} (kept for reading)", src));
    d.notes.push_back(first_lines(output, 12));
    return d;
  }
  std::ifstream in(ptx);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove_all(dir, ignored);
  return text.str();
}

}  // namespace tf::cuda
