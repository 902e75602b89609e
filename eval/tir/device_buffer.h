// Buffer: one allocation of the TIR machine model (a parameter's gmem, an AllocTensor's smem or
// registers, a host tensor) with its shadow state.
//
// Design note. The data is an eval::Tensor of shape (count,) in the buffer's dtype, so every
// element keeps its exact code (packed f4 included) and the memory budget is charged through
// Tensor::make. Views never change a buffer's dtype (TensorView and MemorySpan keep it), so the
// shadow state is per element, which is byte-exact for every access a TIR program can make; a
// report names the byte address element * element_bytes. The shadow holds
//  - an init bit per element (memory starts uninitialized except parameters given as inputs);
//  - for gmem and smem, the race state of race_detector.h (last write, last read or read set);
//    registers and host memory are private to one thread and need none;
//  - the cp.async tags of the elements a pending copy will write (async_copy.h).
// The race state is reset lazily when a new launch first touches the buffer: a kernel boundary
// orders everything.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "eval/value/memory_budget.h"
#include "eval/value/tensor.h"

namespace tf::eval::tir {

/// Where a buffer lives (the TIR storage levels that hold memory).
enum class Space : std::uint8_t { Global, Shared, Register, Host };

/// "gmem", "smem", "rmem", "host".
const char* space_name(Space s);

/// The epoch of one access (race_detector.h): thread, its clock, the grid phase, the site.
struct Epoch {
  static constexpr std::uint32_t kNone = 0xffffffffu;     ///< no access recorded
  static constexpr std::uint32_t kReadSet = 0xfffffffeu;  ///< `clock` indexes Buffer::read_sets
  std::uint32_t thread = kNone;  ///< global thread id (cta * block + tid)
  std::uint32_t clock = 0;       ///< the thread's own clock at the access
  std::uint32_t phase = 0;       ///< the grid-barrier phase at the access
  std::uint32_t site = 0;        ///< index of the statement in the machine's site table
};

/// The race state of one element.
struct ElementShadow {
  Epoch write;  ///< the last write
  Epoch read;   ///< the last read, or a read-set index (thread == kReadSet)
};

/// A pending cp.async write of an element (async_copy.h).
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
  ~Buffer();
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
  /// The race state of element i, reset first when `launch` is newer than the state.
  ElementShadow& shadow(std::int64_t i, std::uint64_t launch) {
    if (shadow_launch_ != launch || shadow_.empty()) reset_shadow(launch);
    return shadow_[static_cast<std::size_t>(i)];
  }
  /// The read sets that ElementShadow::read indexes when promoted.
  std::vector<std::vector<Epoch>>& read_sets() { return read_sets_; }

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
  std::vector<ElementShadow> shadow_;
  ScratchCharge shadow_charge_;
  std::uint64_t shadow_launch_ = 0;
  std::vector<std::vector<Epoch>> read_sets_;
  std::unordered_map<std::int64_t, AsyncTag> async_tags_;
};

using BufferRef = std::shared_ptr<Buffer>;

}  // namespace tf::eval::tir
