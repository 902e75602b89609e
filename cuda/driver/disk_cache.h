// The disk cache of compiled shared objects, shared by every process of this user: a module
// compiled once (by `tf run`, a test, a fuzz campaign) loads in the next process without its
// compiler.
//
// Design note. Content-addressed: an entry's key is the ContentHash of the translation unit's
// text and of everything else that decides the compiler's output (the compiler command and its
// flags, the compiler's version, the headers the unit includes: compile_inputs.h), so a changed
// header or compiler is a miss, never a stale module. An entry is two files in one folder,
// `<key>.so` and `<key>.cpp` (the exact translation unit); a hit needs the stored text to equal
// the text asked for, byte for byte, so a hash collision is a miss too. Every file is written
// under a temporary name and renamed into place (atomic on one file system), so processes that
// share the folder never read a half-written entry; two that store one key store equal files.
// The folder is bounded (1 GiB by default): after a store, the least recently used entries (by
// their files' mtime, which a hit renews) go until it holds at most nine tenths of the bound.
// Only files named as entries (and stale temporaries) are ever removed. A cache that cannot be
// used (no folder, not writable, a full disk) is a miss or a store not made: compiling goes on,
// and nothing is reported.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tf::cuda {

/// One cache folder (see the design note).
class DiskCache {
 public:
  /// The bound on the folder's size when none is given: 1 GiB.
  static constexpr std::uintmax_t kDefaultMaxBytes = std::uintmax_t{1} << 30;

  /// The folder for `configured` (BackendOptions::cache_dir): `configured` unless it is "", else
  /// $TF_CACHE_DIR, else $XDG_CACHE_HOME/tilefoundry, else $HOME/.cache/tilefoundry (the first
  /// that is set and not empty). "" (no disk cache) when the one chosen is "off", or when none
  /// is set.
  static std::string folder(const std::string& configured);

  /// The cache in folder `dir` (made when the first entry is stored), bounded to `max_bytes`.
  explicit DiskCache(std::string dir, std::uintmax_t max_bytes = kDefaultMaxBytes);

  /// The key of translation unit `unit` compiled by a compile whose other inputs `inputs`
  /// describes (compile_inputs.h): 32 hexadecimal digits.
  static std::string key(std::string_view unit, std::string_view inputs);

  /// Copies the shared object stored under `key` to the file `to` when the translation unit
  /// stored beside it is exactly `unit`, and renews the entry's use (its mtime). False on a miss
  /// or any failure (`to` is then absent or to be overwritten).
  bool fetch(const std::string& key, std::string_view unit, const std::string& to) const;

  /// Stores the shared object at `lib` under `key`, with `unit` beside it (see the design note),
  /// then evicts the least recently used entries while the folder is over its bound. Failures
  /// are ignored: the entry is then not stored.
  void store(const std::string& key, std::string_view unit, const std::string& lib) const;

  /// The folder.
  const std::string& dir() const { return dir_; }

 private:
  void evict() const;
  std::string dir_;
  std::uintmax_t max_bytes_;
};

}  // namespace tf::cuda
