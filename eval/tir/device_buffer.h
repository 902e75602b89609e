// Buffer: one allocation of the TIR machine model (a parameter's gmem, an AllocTensor's smem or
// registers, a host tensor) with its shadow state.
//
// Design note. The data is an eval::Tensor of shape (count,) in the buffer's dtype, so every
// element keeps its exact code (packed f4 included) and the memory budget is charged through
// Tensor::make. Views never change a buffer's dtype (TensorView and MemorySpan keep it), so the
// shadow state is per element, which is byte-exact for every access a TIR program can make; a
// report names the byte address element * element_bytes. The shadow holds
//  - an init bit per element (memory starts uninitialized except parameters given as inputs);
//  - for gmem and smem, the race state of race_detector.h (last write, last read or read set),
//    kept per page of 64 elements while they agree (shadow_store.h); registers and host memory
//    are private to one thread and need none;
//  - the cp.async tags of the elements a pending copy will write (async_copy.cpp).
// The race state is reset lazily when a new launch first touches the buffer: a kernel boundary
// orders everything.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "eval/tir/shadow_store.h"
#include "eval/value/memory_budget.h"
#include "eval/value/tensor.h"

namespace tf::eval::tir {

/// Where a buffer lives (the TIR storage levels that hold memory).
enum class Space : std::uint8_t { Global, Shared, Register, Host };

/// "gmem", "smem", "rmem", "host".
const char* space_name(Space s);

/// A pending cp.async write of an element (async_copy.cpp).
struct AsyncTag {
  std::uint32_t thread = 0;  ///< the issuing thread
  std::uint64_t group = 0;   ///< its group sequence number (uncommitted: the next one)
  std::uint32_t site = 0;    ///< the CopyAsync statement
  bool source = false;       ///< the element is read by the copy (else written)
};

/// One allocation (design note).
class Buffer {
 public:
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  /// A buffer of `count` elements of the simple dtype `dtype`, uninitialized. `name` is what
  /// reports call it (the parameter or the let-bound name). Charges the memory budget.
  Buffer(std::uint64_t id, Space space, DType dtype, std::int64_t count, std::string name);

  std::uint64_t id() const { return id_; }
  Space space() const { return space_; }
  DType dtype() const { return data_.dtype(); }
  std::int64_t count() const { return data_.size(); }
  const std::string& name() const { return name_; }
  /// Bytes per element for byte addresses in reports (1 for the packed f4e2m1).
  std::int64_t element_bytes() const;

  eval::Tensor& data() { return data_; }
  const eval::Tensor& data() const { return data_; }

  bool initialized(std::int64_t i) const { return init_[static_cast<std::size_t>(i)] != 0; }
  void set_initialized(std::int64_t i, bool on) { init_[static_cast<std::size_t>(i)] = on ? 1 : 0; }
  /// Marks every element initialized (a parameter given as an input).
  void initialize_all();

  /// True for gmem and smem: accesses are checked for races.
  bool shared() const { return space_ == Space::Global || space_ == Space::Shared; }
  /// The race state of the elements, reset first when `launch` is newer than the state.
  ShadowStore& shadow(std::uint64_t launch) {
    if (shadow_launch_ != launch || shadow_.empty()) reset_shadow(launch);
    return shadow_;
  }
  /// True when elements [start, start + n) are all initialized.
  bool all_initialized(std::int64_t start, std::int64_t n) const;
  /// The init bits of the elements (1 initialized, 0 not).
  std::uint8_t* init_bits() { return init_.data(); }
  const std::uint8_t* init_bits() const { return init_.data(); }

  /// Pending cp.async writes by element (empty unless cp.async targets the buffer).
  std::unordered_map<std::int64_t, AsyncTag>& async_tags() { return async_tags_; }

 private:
  void reset_shadow(std::uint64_t launch);

  std::uint64_t id_;
  Space space_;
  std::string name_;
  eval::Tensor data_;
  std::vector<std::uint8_t> init_;
  ScratchCharge init_charge_;
  ShadowStore shadow_;
  ScratchCharge shadow_charge_;
  std::uint64_t shadow_launch_ = 0;
  std::unordered_map<std::int64_t, AsyncTag> async_tags_;
};

using BufferRef = std::shared_ptr<Buffer>;

}  // namespace tf::eval::tir
