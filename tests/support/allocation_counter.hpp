#pragma once
// Counts heap allocations made through malloc/calloc/realloc/aligned allocation (Eigen
// allocates with malloc, not operator new) and operator new. Include in exactly ONE
// translation unit of a test executable. Interposing malloc is incompatible with
// AddressSanitizer's own interceptors, so under ASan countingAvailable() is false and tests
// should QSKIP.
#include <malloc.h>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

// GCC defines __SANITIZE_ADDRESS__ under -fsanitize=address; clang 14 only answers
// __has_feature(address_sanitizer).
#if defined(__SANITIZE_ADDRESS__)
#define VMS_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VMS_TEST_ASAN 1
#endif
#endif

namespace vms::test {
inline std::atomic<long> g_heap_allocations{0};
inline long heapAllocations() { return g_heap_allocations.load(); }
/// Lets p escape, so that the compiler cannot remove the allocation behind it: clang removes a
/// new/delete pair whose memory nothing outside sees, which the counter's self-checks would
/// then miss.
inline const void* volatile g_escaped = nullptr;
inline void escape(const void* p) { g_escaped = p; }
#if defined(VMS_TEST_ASAN)
inline constexpr bool countingAvailable() { return false; }
#else
inline constexpr bool countingAvailable() { return true; }
#endif
}  // namespace vms::test

#if !defined(VMS_TEST_ASAN)
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

void* malloc(std::size_t n) noexcept {
  ++vms::test::g_heap_allocations;
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t s) noexcept {
  ++vms::test::g_heap_allocations;
  return __libc_calloc(n, s);
}
void* realloc(void* p, std::size_t n) noexcept {
  ++vms::test::g_heap_allocations;
  return __libc_realloc(p, n);
}
void* aligned_alloc(std::size_t a, std::size_t n) noexcept {
  ++vms::test::g_heap_allocations;
  return __libc_memalign(a, n);
}
void* memalign(std::size_t a, std::size_t n) noexcept {
  ++vms::test::g_heap_allocations;
  return __libc_memalign(a, n);
}
int posix_memalign(void** out, std::size_t a, std::size_t n) noexcept {
  ++vms::test::g_heap_allocations;
  *out = __libc_memalign(a, n);
  return *out ? 0 : 12;  // ENOMEM
}
void free(void* p) noexcept { __libc_free(p); }
}
#endif
