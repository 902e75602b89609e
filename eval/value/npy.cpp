#include "eval/value/npy.h"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <string_view>

#include "ir/support/regular_file.h"
#include "ir/support/check.h"

namespace tf::eval {

namespace {

struct TypeInfo {
  NpyType type;
  const char* descr;
  std::size_t size;
};

constexpr std::array<TypeInfo, 9> kTypes = {{{NpyType::F16, "<f2", 2},
                                             {NpyType::F32, "<f4", 4},
                                             {NpyType::F64, "<f8", 8},
                                             {NpyType::I8, "|i1", 1},
                                             {NpyType::I32, "<i4", 4},
                                             {NpyType::I64, "<i8", 8},
                                             {NpyType::Bool, "|b1", 1},
                                             {NpyType::U8, "|u1", 1},
                                             {NpyType::U16, "<u2", 2}}};

constexpr std::string_view kMagic("\x93NUMPY", 6);

Diagnostic bad(const std::string& name, std::string message) {
  Diagnostic d = category_error(DiagCategory::Usage, fmt::format("{}: {}", name, message));
  d.location.file = name;
  return d;
}

// The byte-order-free spellings of the 1-byte types, and "=" / "<" for the others, all mean the
// types above on this little-endian format.
std::optional<NpyType> type_of(std::string descr) {
  if (descr.size() == 3 && (descr[0] == '=' || descr[0] == '<' || descr[0] == '|')) {
    for (const TypeInfo& t : kTypes)
      if (descr.substr(1) == std::string(t.descr).substr(1) && (t.size == 1 || descr[0] != '|'))
        return t.type;
  }
  return std::nullopt;
}

// A cursor over the header dict literal.
class DictReader {
 public:
  explicit DictReader(std::string_view text) : s_(text) {}
  void skip_space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(char c) {
    skip_space();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  std::optional<std::string> quoted() {
    skip_space();
    if (i_ >= s_.size() || (s_[i_] != '\'' && s_[i_] != '"')) return std::nullopt;
    const char q = s_[i_++];
    const std::size_t start = i_;
    while (i_ < s_.size() && s_[i_] != q) ++i_;
    if (i_ >= s_.size()) return std::nullopt;
    return std::string(s_.substr(start, i_++ - start));
  }
  std::optional<std::string> word() {
    skip_space();
    const std::size_t start = i_;
    while (i_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i_]))) ++i_;
    if (i_ == start) return std::nullopt;
    return std::string(s_.substr(start, i_ - start));
  }
  std::optional<std::int64_t> integer() {
    skip_space();
    const std::size_t start = i_;
    std::int64_t v = 0;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
      if (v > (std::numeric_limits<std::int64_t>::max() - 9) / 10) return std::nullopt;
      v = v * 10 + (s_[i_++] - '0');
    }
    if (i_ < s_.size() && s_[i_] == 'L') ++i_;  // Python 2 long
    if (i_ == start) return std::nullopt;
    return v;
  }
  bool at_end() {
    skip_space();
    return i_ == s_.size();
  }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
};

}  // namespace

const char* npy_descr(NpyType t) {
  return kTypes[static_cast<std::size_t>(t)].descr;
}

std::size_t npy_item_size(NpyType t) {
  return kTypes[static_cast<std::size_t>(t)].size;
}

std::int64_t NpyArray::size() const {
  std::int64_t n = 1;
  for (std::int64_t e : shape) n *= e;
  return n;
}

std::int64_t NpyView::size() const {
  std::int64_t n = 1;
  for (std::int64_t e : shape) n *= e;
  return n;
}

Result<NpyArray> read_npy(std::span<const std::uint8_t> bytes, const std::string& name) {
  if (bytes.size() < 10 || std::string_view(reinterpret_cast<const char*>(bytes.data()), 6) != kMagic)
    return bad(name, "not a .npy file (it does not start with \\x93NUMPY)");
  const int major = bytes[6];
  if (major < 1 || major > 3)
    return bad(name, fmt::format(".npy format version {}.{} is not supported (1.0, 2.0, 3.0 are)", major, bytes[7]));
  const std::size_t len_bytes = major == 1 ? 2 : 4;
  if (bytes.size() < 8 + len_bytes) return bad(name, "the file ends inside its header length");
  std::uint64_t header_len = 0;
  for (std::size_t k = 0; k < len_bytes; ++k) header_len |= std::uint64_t{bytes[8 + k]} << (8 * k);
  const std::size_t data_start = 8 + len_bytes + header_len;
  if (header_len > bytes.size() || data_start > bytes.size())
    return bad(name, fmt::format("the header claims {} bytes, but the file has {}", header_len, bytes.size()));
  DictReader d(std::string_view(reinterpret_cast<const char*>(bytes.data()) + 8 + len_bytes, header_len));
  std::optional<std::string> descr;
  std::optional<bool> fortran;
  std::optional<std::vector<std::int64_t>> shape;
  if (!d.eat('{')) return bad(name, "the header is not a dict literal");
  while (!d.eat('}')) {
    std::optional<std::string> key = d.quoted();
    if (!key || !d.eat(':')) return bad(name, "malformed header dict");
    if (*key == "descr") {
      descr = d.quoted();
      if (!descr) return bad(name, "'descr' is not a string (structured dtypes are not supported)");
    } else if (*key == "fortran_order") {
      std::optional<std::string> w = d.word();
      if (!w || (*w != "True" && *w != "False")) return bad(name, "'fortran_order' is not True or False");
      fortran = *w == "True";
    } else if (*key == "shape") {
      if (!d.eat('(')) return bad(name, "'shape' is not a tuple");
      std::vector<std::int64_t> s;
      while (!d.eat(')')) {
        std::optional<std::int64_t> e = d.integer();
        if (!e) return bad(name, "'shape' holds something that is not a non-negative integer");
        s.push_back(*e);
        d.eat(',');
      }
      shape = std::move(s);
    } else {
      return bad(name, fmt::format("unknown header key '{}'", *key));
    }
    d.eat(',');
  }
  if (!descr || !fortran || !shape) return bad(name, "the header lacks 'descr', 'fortran_order' or 'shape'");
  const std::optional<NpyType> type = type_of(*descr);
  if (!type)
    return bad(name, fmt::format("element type '{}' is not supported; the evaluator reads <f2 <f4 <f8 |i1 <i4 <i8 "
                                 "|b1 |u1 <u2 (little-endian)",
                                 *descr));
  if (*fortran) return bad(name, "Fortran-ordered arrays are not supported; save with C order");
  NpyArray a{*type, std::move(*shape), {}};
  std::uint64_t n = 1;
  for (std::int64_t e : a.shape) {
    if (e != 0 && n > std::numeric_limits<std::uint64_t>::max() / static_cast<std::uint64_t>(e))
      return bad(name, "the shape's element count overflows");
    n *= static_cast<std::uint64_t>(e);
  }
  const std::size_t item = npy_item_size(*type);
  if (n > (bytes.size() - data_start) / item || (bytes.size() - data_start) != n * item)
    return bad(name, fmt::format("the data hold {} bytes, but shape {} of {} needs {}", bytes.size() - data_start,
                                 fmt::format("({})", fmt::join(a.shape, ", ")), *descr,
                                 n <= std::numeric_limits<std::uint64_t>::max() / item ? n * item : n));
  a.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(data_start), bytes.end());
  return a;
}

Result<NpyArray> read_npy_file(const std::string& path) {
  Result<std::string> file = read_regular_file(path);
  TF_TRY(file);
  const std::vector<std::uint8_t> bytes(file->begin(), file->end());
  return read_npy(bytes, path);
}

std::vector<std::uint8_t> write_npy(const NpyArray& a) {
  TF_CHECK(a.data.size() == static_cast<std::size_t>(a.size()) * npy_item_size(a.type),
           "write_npy: {} data bytes for {} elements of {}", a.data.size(), a.size(), npy_descr(a.type));
  std::string shape = "(";
  for (std::size_t i = 0; i < a.shape.size(); ++i) shape += fmt::format("{}{}", i ? ", " : "", a.shape[i]);
  shape += a.shape.size() == 1 ? ",)" : ")";
  std::string header = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}", npy_descr(a.type), shape);
  const std::size_t unpadded = 10 + header.size() + 1;  // magic, version, length, header, '\n'
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::vector<std::uint8_t> out(kMagic.begin(), kMagic.end());
  out.push_back(1);
  out.push_back(0);
  out.push_back(static_cast<std::uint8_t>(header.size() & 0xff));
  out.push_back(static_cast<std::uint8_t>(header.size() >> 8));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), a.data.begin(), a.data.end());
  return out;
}

}  // namespace tf::eval
