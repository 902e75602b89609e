#include "tools/tf/npy_files.h"

#include <fmt/format.h>

#include <filesystem>

#include "driver/report.h"
#include "eval/value/npy.h"
#include "eval/value/npy_boundary.h"

namespace tf::cli {

Result<std::vector<std::string>> write_tensor_npy(const eval::Tensor& t, const std::string& dir, const std::string& stem,
                                                  std::string_view what, std::ostream* said) {
  Result<std::vector<eval::NpyArray>> arrays = eval::tensor_to_npy(t);
  TF_TRY(arrays);
  std::vector<std::string> files;
  for (std::size_t p = 0; p < arrays->size(); ++p) {
    const std::string file = p == 0 ? stem + ".npy" : fmt::format("{}.plane{}.npy", stem, p);
    const std::string path = (std::filesystem::path(dir) / file).string();
    const std::vector<std::uint8_t> bytes = eval::write_npy((*arrays)[p]);
    if (std::optional<Diagnostic> d =
            write_file(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size())))
      return *d;
    if (said != nullptr) say_wrote(*said, path, what);
    files.push_back(file);
  }
  return files;
}

}  // namespace tf::cli
