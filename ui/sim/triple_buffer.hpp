#pragma once
// A lock-free single-producer / single-consumer triple buffer: the writer fills its back
// buffer and publishes it (swapping it with the shared middle slot); the reader takes the
// middle slot when it holds something new (swapping it with its front buffer). Neither side
// ever waits or sees a buffer the other side is writing, so a frame is never torn; frames the
// reader did not take before the next publish are dropped (counted by publish()).
// Buffers are reused: a T whose assignment keeps its storage (Eigen vectors of the same size,
// std::vector) does not allocate in steady state.
#include <array>
#include <atomic>

namespace vms::ui {

template <class T>
class TripleBuffer {
 public:
  /// Writer side: the buffer to fill before publish(). Stable until publish().
  T& writeBuffer() { return buffers_[back_]; }

  /// Writer side: makes the write buffer the latest value. Returns true if this overwrote a
  /// value the reader had not taken (a dropped frame).
  bool publish() {
    const int previous = middle_.exchange(back_ | kFresh, std::memory_order_acq_rel);
    back_ = previous & kIndex;
    return (previous & kFresh) != 0;
  }

  /// Reader side: true if a value was published since the last take; then `front()` is it.
  bool take() {
    if ((middle_.load(std::memory_order_relaxed) & kFresh) == 0) return false;
    const int previous = middle_.exchange(front_, std::memory_order_acq_rel);
    front_ = previous & kIndex;
    return true;
  }

  /// Reader side: the value taken last (default-constructed before the first take).
  const T& front() const { return buffers_[front_]; }

  /// Reader side: true if a value is waiting.
  bool hasFresh() const { return (middle_.load(std::memory_order_acquire) & kFresh) != 0; }

 private:
  static constexpr int kIndex = 3, kFresh = 4;
  std::array<T, 3> buffers_{};
  int back_ = 0;                // writer-owned
  int front_ = 1;               // reader-owned
  std::atomic<int> middle_{2};  // shared: index | kFresh
};

}  // namespace vms::ui
