#include "cuda/driver/disk_cache.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <vector>

#include "cuda/driver/content_hash.h"

namespace tf::cuda {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kKeyDigits = 32;

// An environment variable's value, or "" when it is not set.
std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

bool hex_key(std::string_view s) {
  return s.size() == kKeyDigits && std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// A fresh name beside `final` to write under before the rename: `<final>.tmp<pid>_<n>`.
std::string temporary(const fs::path& final) {
  static std::atomic<unsigned long> next{0};
  return fmt::format("{}.tmp{}_{}", final.string(), static_cast<long>(::getpid()), next.fetch_add(1));
}

// Renames `tmp` to `final` (replacing it), or removes `tmp`.
bool put_in_place(const std::string& tmp, const fs::path& final) {
  std::error_code ec;
  fs::rename(tmp, final, ec);
  if (!ec) return true;
  fs::remove(tmp, ec);
  return false;
}

void touch(const fs::path& p) {
  std::error_code ignored;
  fs::last_write_time(p, fs::file_time_type::clock::now(), ignored);
}

// The whole of file `p`, when it has exactly `size` bytes.
bool read_exactly(const fs::path& p, std::size_t size, std::string& out) {
  std::error_code ec;
  const std::uintmax_t n = fs::file_size(p, ec);
  if (ec || n != size) return false;
  std::ifstream in(p, std::ios::binary);
  out.assign(size, '\0');
  in.read(out.data(), static_cast<std::streamsize>(size));
  return static_cast<std::size_t>(in.gcount()) == size;
}

}  // namespace

std::string DiskCache::folder(const std::string& configured) {
  std::string dir = configured;
  if (dir.empty()) dir = env("TF_CACHE_DIR");
  if (dir.empty() && !env("XDG_CACHE_HOME").empty()) dir = (fs::path(env("XDG_CACHE_HOME")) / "tilefoundry").string();
  if (dir.empty() && !env("HOME").empty()) dir = (fs::path(env("HOME")) / ".cache" / "tilefoundry").string();
  return dir == "off" ? std::string() : dir;
}

DiskCache::DiskCache(std::string dir, std::uintmax_t max_bytes) : dir_(std::move(dir)), max_bytes_(max_bytes) {}

std::string DiskCache::key(std::string_view unit, std::string_view inputs) {
  return ContentHash().add("tilefoundry compiled module 1").add(inputs).add(unit).hex();
}

bool DiskCache::fetch(const std::string& key, std::string_view unit, const std::string& to) const {
  if (dir_.empty() || !hex_key(key)) return false;
  const fs::path base = fs::path(dir_) / key;
  const fs::path so = base.string() + ".so", text = base.string() + ".cpp";
  std::string stored;
  if (!read_exactly(text, unit.size(), stored) || stored != unit) return false;
  std::error_code ec;
  fs::copy_file(so, to, fs::copy_options::overwrite_existing, ec);
  if (ec) return false;
  touch(so);
  touch(text);
  return true;
}

void DiskCache::store(const std::string& key, std::string_view unit, const std::string& lib) const {
  if (dir_.empty() || !hex_key(key)) return;
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec) return;
  const fs::path base = fs::path(dir_) / key;
  const fs::path so = base.string() + ".so", text = base.string() + ".cpp";
  // The shared object first: a reader that finds the text finds its object (or a miss, if an
  // eviction took it since).
  const std::string so_tmp = temporary(so);
  fs::copy_file(lib, so_tmp, fs::copy_options::overwrite_existing, ec);
  if (ec) {
    fs::remove(so_tmp, ec);
    return;
  }
  if (!put_in_place(so_tmp, so)) return;
  const std::string text_tmp = temporary(text);
  {
    std::ofstream out(text_tmp, std::ios::binary);
    out.write(unit.data(), static_cast<std::streamsize>(unit.size()));
    out.close();
    if (!out) {
      fs::remove(text_tmp, ec);
      return;
    }
  }
  if (!put_in_place(text_tmp, text)) return;
  evict();
}

void DiskCache::evict() const {
  struct Entry {
    fs::file_time_type used = fs::file_time_type::min();  // not {}: the file clock's epoch is in 2174
    std::uintmax_t bytes = 0;
    std::vector<fs::path> files;
  };
  std::map<std::string, Entry> entries;
  std::uintmax_t total = 0;
  const auto now = fs::file_time_type::clock::now();
  std::error_code ec;
  for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code e;
    if (!it->is_regular_file(e) || e) continue;
    const std::string name = it->path().filename().string();
    if (name.size() <= kKeyDigits || !hex_key(std::string_view(name).substr(0, kKeyDigits)) || name[kKeyDigits] != '.') continue;
    const std::string rest = name.substr(kKeyDigits);
    const std::uintmax_t bytes = it->file_size(e);
    const fs::file_time_type mtime = it->last_write_time(e);
    if (rest != ".so" && rest != ".cpp") {
      if (rest.find(".tmp") == std::string::npos) continue;  // not a file of the cache's
      if (now - mtime > std::chrono::hours(1)) {  // a temporary of a process that did not finish
        fs::remove(it->path(), e);
        continue;
      }
      total += bytes;
      continue;
    }
    Entry& entry = entries[name.substr(0, kKeyDigits)];
    entry.used = std::max(entry.used, mtime);
    entry.bytes += bytes;
    entry.files.push_back(it->path());
    total += bytes;
  }
  if (total <= max_bytes_) return;
  std::vector<std::pair<fs::file_time_type, const Entry*>> by_use;
  for (const auto& [key, entry] : entries) by_use.emplace_back(entry.used, &entry);
  std::sort(by_use.begin(), by_use.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  const std::uintmax_t target = max_bytes_ / 10 * 9;
  for (const auto& [used, entry] : by_use) {
    if (total <= target) break;
    for (const fs::path& f : entry->files) fs::remove(f, ec);
    total -= std::min(total, entry->bytes);
  }
}

}  // namespace tf::cuda
