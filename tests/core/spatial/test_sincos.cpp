// sinCosBatch (core/spatial/sincos.hpp, forwardKinematics' joint rotations) against the C
// library: within 1 ulp of std::sin and std::cos on random angles of every scale up to 1e7
// (beyond 1e5 it calls the C library), on angles within a few ulps of multiples of pi/2 (where
// the reduction cancels and the rare path takes over), on +-0, NaN and infinity, and in every
// batch length (the vectorised loop's remainder). The one-angle path gives the batch's bits.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "core/spatial/sincos.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

/// Distance in units in the last place between two finite doubles.
std::int64_t ulpDistance(double a, double b) {
  std::int64_t x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  if (x < 0) x = std::numeric_limits<std::int64_t>::min() - x;
  if (y < 0) y = std::numeric_limits<std::int64_t>::min() - y;
  return x > y ? x - y : y - x;
}

std::vector<double> testAngles() {
  std::vector<double> xs;
  std::mt19937_64 gen(14);
  for (double scale : {1e-300, 1e-8, 1e-3, 0.7, 1.0, 4.0, 10.0, 100.0, 1e4, 1e5, 1e7}) {
    std::uniform_real_distribution<double> d(-scale, scale);
    for (int i = 0; i < 20000; ++i) xs.push_back(d(gen));
  }
  const double pi = 3.14159265358979323846;
  for (int k = -2000; k <= 2000; ++k) {
    const double x = k * (pi / 2);
    for (int j = -8; j <= 8; ++j)
      xs.push_back(x + j * std::numeric_limits<double>::epsilon() * std::abs(x));
  }
  xs.push_back(0.0);
  xs.push_back(-0.0);
  return xs;
}

}  // namespace

class TestSinCos : public QObject {
  Q_OBJECT
 private slots:
  void withinOneUlpOfTheCLibrary();
  void specialValues();
  void everyBatchLength();
};

void TestSinCos::withinOneUlpOfTheCLibrary() {
  const std::vector<double> xs = testAngles();
  std::vector<double> s(xs.size()), c(xs.size());
  sinCosBatch(xs.data(), s.data(), c.data(), static_cast<int>(xs.size()));
  std::int64_t worst = 0;
  std::size_t differing = 0;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const std::int64_t d =
        std::max(ulpDistance(s[k], std::sin(xs[k])), ulpDistance(c[k], std::cos(xs[k])));
    worst = std::max(worst, d);
    differing += d != 0;
    double s1, c1;
    sincos_detail::sinCosOne(xs[k], s1, c1);
    if (s1 != s[k] || c1 != c[k])
      QFAIL(qPrintable(QString("one-angle path differs at %1").arg(xs[k], 0, 'g', 17)));
  }
  qInfo("%zu angles: at most %lld ulp from the C library, %zu differ", xs.size(),
        static_cast<long long>(worst), differing);
  QVERIFY(worst <= 1);
  QVERIFY(differing < xs.size() / 10);  // mostly the same bits
  // Exact values: sin(0) = 0 with its sign, cos(0) = 1.
  QCOMPARE(s[s.size() - 2], 0.0);
  QVERIFY(std::signbit(s.back()));
  QCOMPARE(c.back(), 1.0);
}

void TestSinCos::specialValues() {
  const double in[4] = {std::numeric_limits<double>::quiet_NaN(),
                        std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity(), 1e300};
  double s[4], c[4];
  sinCosBatch(in, s, c, 4);
  for (int k = 0; k < 3; ++k) QVERIFY(std::isnan(s[k]) && std::isnan(c[k]));
  QCOMPARE(s[3], std::sin(1e300));
  QCOMPARE(c[3], std::cos(1e300));
}

void TestSinCos::everyBatchLength() {
  std::mt19937_64 gen(3);
  std::uniform_real_distribution<double> d(-20.0, 20.0);
  for (int n = 0; n <= 19; ++n) {
    std::vector<double> x(n), s(n + 1, 7.0), c(n + 1, 7.0);
    for (double& v : x) v = d(gen);
    sinCosBatch(x.data(), s.data(), c.data(), n);
    for (int k = 0; k < n; ++k) {
      QVERIFY(ulpDistance(s[k], std::sin(x[k])) <= 1);
      QVERIFY(ulpDistance(c[k], std::cos(x[k])) <= 1);
    }
    QCOMPARE(s[n], 7.0);  // nothing written past the end
    QCOMPARE(c[n], 7.0);
  }
}

QTEST_APPLESS_MAIN(TestSinCos)
#include "test_sincos.moc"
