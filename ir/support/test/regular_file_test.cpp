// read_regular_file: regular files only, a size cap, every failure a diagnostic (issue: robust
// against every input, class 3).
#include "ir/support/regular_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace tf {
namespace {

namespace fs = std::filesystem;

class RegularFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tf_regular_file_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string at(const std::string& name) const { return (dir_ / name).string(); }
  std::string failure(const std::string& path, std::uintmax_t cap = kMaxInputFileBytes) const {
    Result<std::string> r = read_regular_file(path, cap);
    EXPECT_FALSE(r.ok());
    if (r.ok()) return {};
    EXPECT_EQ(r.diagnostics().size(), 1u);
    EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Usage);
    EXPECT_EQ(r.diagnostics()[0].location.file, path);
    return r.diagnostics()[0].message;
  }
  fs::path dir_;
};

TEST_F(RegularFile, ReadsARegularFileWhole) {
  std::ofstream(at("a.tfir"), std::ios::binary) << std::string("tfir 1\n\0x", 9);
  Result<std::string> r = read_regular_file(at("a.tfir"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, std::string("tfir 1\n\0x", 9));
  std::ofstream(at("empty"));
  EXPECT_EQ(read_regular_file(at("empty")).value(), "");
}

TEST_F(RegularFile, EverythingButARegularFileIsADiagnostic) {
  const std::string d = at("dir");
  fs::create_directories(d);
  EXPECT_EQ(failure(d), "cannot read '" + d + "': it is a directory");
  const std::string fifo = at("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(failure(fifo), "cannot read '" + fifo + "': it is a FIFO, not a regular file");
  EXPECT_EQ(failure("/dev/zero"),
            "cannot read '/dev/zero': it is a character device, not a regular file");
  EXPECT_EQ(failure(at("missing")),
            "cannot read '" + at("missing") + "': No such file or directory");
  fs::create_symlink(at("loop_b"), at("loop_a"));
  fs::create_symlink(at("loop_a"), at("loop_b"));
  EXPECT_NE(failure(at("loop_a")).find("cannot read '" + at("loop_a") + "': "), std::string::npos);
}

TEST_F(RegularFile, AFileOverTheCapIsRefusedWithBothSizes) {
  std::ofstream(at("big")) << std::string(100, 'x');
  EXPECT_EQ(failure(at("big"), 99),
            "cannot read '" + at("big") + "': it holds 100 bytes, more than the limit of 99 bytes");
  EXPECT_TRUE(read_regular_file(at("big"), 100).ok());
}

}  // namespace
}  // namespace tf
