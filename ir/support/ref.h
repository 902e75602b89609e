// Ref<T>: an intrusive reference-counted handle to an immutable IR object.
//
// Design note: IR nodes are created once through a checking `make` and never change, so they
// are shared freely. An intrusive count (as in Halide's IntrusivePtr) lets a raw `const T*`
// be turned back into a handle and keeps one count per object. Counts are atomic so that
// read-only IR can be shared across threads (fuzz shards, the GPU driver).
#pragma once

#include <atomic>
#include <cstddef>
#include <type_traits>
#include <functional>
#include <utility>

namespace tf {

/// Base class of every refcounted object; copying an object does not copy its count.
class RefCounted {
 public:
  RefCounted() = default;
  RefCounted(const RefCounted&) : count_(0) {}
  RefCounted& operator=(const RefCounted&) { return *this; }

  void ref_inc() const { count_.fetch_add(1, std::memory_order_relaxed); }
  /// Returns true when this was the last reference.
  bool ref_dec() const { return count_.fetch_sub(1, std::memory_order_acq_rel) == 1; }
  int ref_count() const { return count_.load(std::memory_order_relaxed); }

 protected:
  ~RefCounted() = default;

 private:
  mutable std::atomic<int> count_{0};
};

template <typename T>
class Ref {
 public:
  Ref() = default;
  Ref(std::nullptr_t) {}  // NOLINT
  explicit Ref(T* p) : p_(p) { if (p_) p_->ref_inc(); }
  Ref(const Ref& o) : p_(o.p_) { if (p_) p_->ref_inc(); }
  Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  template <typename U>
    requires std::is_convertible_v<U*, T*>
  Ref(const Ref<U>& o) : Ref(o.get()) {}  // NOLINT: upcast
  ~Ref() { reset(); }

  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  void reset() {
    if (p_ && p_->ref_dec()) delete p_;
    p_ = nullptr;
  }

  T* get() const { return p_; }
  T& operator*() const { return *p_; }
  T* operator->() const { return p_; }
  explicit operator bool() const { return p_ != nullptr; }

  /// Identity, not structural equality.
  bool same_as(const Ref& o) const { return p_ == o.p_; }
  friend bool operator==(const Ref& a, const Ref& b) { return a.p_ == b.p_; }

 private:
  T* p_ = nullptr;
};

/// make_ref<T>(args...): allocate a T and hold it.
template <typename T, typename... Args>
Ref<T> make_ref(Args&&... args) {
  return Ref<T>(new T(std::forward<Args>(args)...));
}

}  // namespace tf

template <typename T>
struct std::hash<tf::Ref<T>> {
  size_t operator()(const tf::Ref<T>& r) const { return std::hash<const void*>()(r.get()); }
};
