// .npy reading and writing: NumPy's exact header layout, round trips of every supported type,
// and every malformed file refused with a message (never a crash, at every truncation).
#include "eval/value/npy.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace tf::eval {
namespace {

std::vector<std::uint8_t> bytes_of(const std::string& s) {
  return std::vector<std::uint8_t>(s.begin(), s.end());
}

// A file as NumPy 1.x writes np.array([1.0, 2.0], dtype='<f4'): version 1.0, header padded with
// spaces so that magic + version + length + header is a multiple of 64, ending in '\n'.
std::string numpy_file(const std::string& dict, const std::string& data) {
  std::string header = dict;
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  return out + header + data;
}

std::string f32_bytes(std::initializer_list<float> v) {
  std::string s;
  for (float f : v) s.append(reinterpret_cast<const char*>(&f), 4);
  return s;
}

TEST(Npy, WritesNumpysExactLayout) {
  NpyArray a{NpyType::F32, {2}, {}};
  const std::string data = f32_bytes({1.0f, 2.0f});
  a.data.assign(data.begin(), data.end());
  const std::vector<std::uint8_t> out = write_npy(a);
  EXPECT_EQ(std::string(out.begin(), out.end()),
            numpy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", data));
  EXPECT_EQ(out.size(), 128u + 8u);  // a 128-byte header, as NumPy writes for small arrays
}

TEST(Npy, EveryTypeRoundTrips) {
  for (NpyType t : {NpyType::F16, NpyType::F32, NpyType::F64, NpyType::I8, NpyType::I32, NpyType::I64,
                    NpyType::Bool, NpyType::U8, NpyType::U16}) {
    for (const std::vector<std::int64_t>& shape : {std::vector<std::int64_t>{}, {3}, {2, 3}, {0, 4}}) {
      NpyArray a{t, shape, {}};
      for (std::size_t i = 0; i < static_cast<std::size_t>(a.size()) * npy_item_size(t); ++i)
        a.data.push_back(static_cast<std::uint8_t>(i * 37 + 1));
      const std::vector<std::uint8_t> file = write_npy(a);
      Result<NpyArray> back = read_npy(file, "rt.npy");
      ASSERT_TRUE(back.ok()) << npy_descr(t) << ": " << back.diagnostics()[0].message;
      EXPECT_EQ(back->type, t);
      EXPECT_EQ(back->shape, shape);
      EXPECT_EQ(back->data, a.data);
    }
  }
}

TEST(Npy, ReadsWhatNumpyWritesIncludingVersion2AndNativeOrder) {
  const std::string data = f32_bytes({1.5f, -2.0f, 0.25f, 8.0f});
  Result<NpyArray> v1 = read_npy(bytes_of(numpy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }", data)), "a.npy");
  ASSERT_TRUE(v1.ok()) << v1.diagnostics()[0].message;
  EXPECT_EQ(v1->shape, (std::vector<std::int64_t>{2, 2}));
  float first;
  std::memcpy(&first, v1->data.data(), 4);
  EXPECT_EQ(first, 1.5f);
  // Version 2.0: a four-byte header length.
  std::string dict = "{'descr': '=f4', 'fortran_order': False, 'shape': (4,)}\n";
  std::string v2("\x93NUMPY\x02\x00", 8);
  v2 += std::string(1, static_cast<char>(dict.size())) + std::string(3, '\0') + dict + data;
  Result<NpyArray> r2 = read_npy(bytes_of(v2), "b.npy");
  ASSERT_TRUE(r2.ok()) << r2.diagnostics()[0].message;
  EXPECT_EQ(r2->type, NpyType::F32);
  EXPECT_EQ(r2->size(), 4);
}

std::string first_message(const std::string& file) {
  Result<NpyArray> r = read_npy(bytes_of(file), "x.npy");
  return r.ok() ? "read" : r.diagnostics()[0].message;
}

TEST(Npy, MalformedFilesAreRefusedWithTheReason) {
  const std::string data = f32_bytes({1.0f, 2.0f});
  EXPECT_EQ(first_message("PK\x03\x04 not numpy"), "x.npy: not a .npy file (it does not start with \\x93NUMPY)");
  EXPECT_EQ(first_message(numpy_file("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", data)),
            "x.npy: element type '>f4' is not supported; the evaluator reads <f2 <f4 <f8 |i1 <i4 <i8 |b1 |u1 <u2 "
            "(little-endian)");
  EXPECT_EQ(first_message(numpy_file("{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }", data)),
            "x.npy: Fortran-ordered arrays are not supported; save with C order");
  EXPECT_EQ(first_message(numpy_file("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }", data)),
            "x.npy: 'descr' is not a string (structured dtypes are not supported)");
  EXPECT_EQ(first_message(numpy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", data)),
            "x.npy: the data hold 8 bytes, but shape (3) of <f4 needs 12");
  std::string v4 = numpy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", data);
  v4[6] = 4;
  EXPECT_EQ(first_message(v4), "x.npy: .npy format version 4.0 is not supported (1.0, 2.0, 3.0 are)");
  EXPECT_EQ(first_message(numpy_file("{'descr': '<f4', 'shape': (2,), }", data)),
            "x.npy: the header lacks 'descr', 'fortran_order' or 'shape'");
}

TEST(Npy, EveryTruncationIsRefusedNotCrashed) {
  const std::vector<std::uint8_t> whole =
      bytes_of(numpy_file("{'descr': '<i4', 'fortran_order': False, 'shape': (3, 1), }", std::string(12, '\7')));
  ASSERT_TRUE(read_npy(whole, "w.npy").ok());
  for (std::size_t n = 0; n < whole.size(); ++n)
    EXPECT_FALSE(read_npy(std::span<const std::uint8_t>(whole.data(), n), "t.npy").ok()) << n;
}

TEST(Npy, AnUnreadablePathIsADiagnostic) {
  Result<NpyArray> r = read_npy_file("no/such/file.npy");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].message,
            "cannot read 'no/such/file.npy': No such file or directory");
  // Only a regular file is read: a device would never end, a directory is not data.
  EXPECT_EQ(read_npy_file("/dev/zero").diagnostics()[0].message,
            "cannot read '/dev/zero': it is a character device, not a regular file");
  EXPECT_EQ(read_npy_file("/").diagnostics()[0].message, "cannot read '/': it is a directory");
}

}  // namespace
}  // namespace tf::eval
