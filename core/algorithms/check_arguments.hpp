#pragma once
// Argument checks at the entry of the algorithms, in the manner of Pinocchio's
// PINOCCHIO_CHECK_ARGUMENT_SIZE. Release builds compile Eigen's own asserts out, so without
// these a wrong-sized vector would be read or written out of bounds (undefined behaviour)
// instead of being reported.
//
// A check is one integer comparison. The message is built only when the check fails (in an
// out-of-line function), so the good path costs O(1) and never touches the heap; the
// no-allocation tests run through these checks.
//
//   VMS_CHECK_ARGUMENT_SIZE(tau.size(), model.njoints, "tau");
//   -> std::invalid_argument("aba: tau has size 3, expected 7 (model.njoints)")
//
// The _IN variants take the function's name explicitly, for shared check helpers and for
// member functions (where __func__ would say only "compute").

#if defined(__GNUC__) || defined(__clang__)
#define VMS_CHECK_UNLIKELY(condition) __builtin_expect(static_cast<bool>(condition), 0)
#define VMS_CHECK_COLD __attribute__((cold))
#else
#define VMS_CHECK_UNLIKELY(condition) (condition)
#define VMS_CHECK_COLD
#endif

namespace vms::detail {

/// Throws std::invalid_argument("<function>: <argument> has size <actual>, expected
/// <expected> (<expected_expression>)").
[[noreturn]] VMS_CHECK_COLD void throwArgumentSizeError(const char* function, const char* argument,
                                                        long long actual, long long expected,
                                                        const char* expected_expression);

/// Throws std::invalid_argument("<function>: <argument> is <index>, expected 0 <= <argument> <
/// <count> (<count_expression>)").
[[noreturn]] VMS_CHECK_COLD void throwArgumentIndexError(const char* function, const char* argument,
                                                         long long index, long long count,
                                                         const char* count_expression);

}  // namespace vms::detail

/// Throws std::invalid_argument naming `function`, `argument` (a string literal) and both sizes
/// unless actual == expected.
#define VMS_CHECK_ARGUMENT_SIZE_IN(function, actual, expected, argument)               \
  do {                                                                                 \
    const long long vms_check_actual_ = static_cast<long long>(actual);                \
    const long long vms_check_expected_ = static_cast<long long>(expected);            \
    if (VMS_CHECK_UNLIKELY(vms_check_actual_ != vms_check_expected_))                  \
      ::vms::detail::throwArgumentSizeError((function), (argument), vms_check_actual_, \
                                            vms_check_expected_, #expected);           \
  } while (false)

/// The same, naming the enclosing function.
#define VMS_CHECK_ARGUMENT_SIZE(actual, expected, argument) \
  VMS_CHECK_ARGUMENT_SIZE_IN(__func__, actual, expected, argument)

/// Throws std::invalid_argument naming `function`, `argument`, the index and the count unless
/// 0 <= index < count.
#define VMS_CHECK_ARGUMENT_INDEX_IN(function, index, count, argument)                     \
  do {                                                                                    \
    const long long vms_check_index_ = static_cast<long long>(index);                     \
    const long long vms_check_count_ = static_cast<long long>(count);                     \
    if (VMS_CHECK_UNLIKELY(vms_check_index_ < 0 || vms_check_index_ >= vms_check_count_)) \
      ::vms::detail::throwArgumentIndexError((function), (argument), vms_check_index_,    \
                                             vms_check_count_, #count);                   \
  } while (false)

/// The same, naming the enclosing function.
#define VMS_CHECK_ARGUMENT_INDEX(index, count, argument) \
  VMS_CHECK_ARGUMENT_INDEX_IN(__func__, index, count, argument)
