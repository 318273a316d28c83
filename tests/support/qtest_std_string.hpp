#pragma once
// QCOMPARE prints std::string values on failure.
#include <QtTest/QtTest>
#include <string>

namespace QTest {
template <>
inline char* toString(const std::string& s) {
  return qstrdup(s.c_str());
}
}  // namespace QTest
