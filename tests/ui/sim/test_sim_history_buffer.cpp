// HistoryBuffer (ui/sim/history_buffer.hpp): ring behaviour at capacity, framesAfter(),
// nearest() (ties, before/after the ends, across the ring's wrap), truncateAfter() and
// appending after a truncation, against the expected sequences written out by hand.
#include <QtTest/QtTest>
#include <thread>

#include "ui/sim/history_buffer.hpp"

using namespace vms::ui;

namespace {
SimFrame frameAt(long sequence, double t) {
  SimFrame f;
  f.sequence = sequence;
  f.snapshot.time = t;
  return f;
}
std::vector<long> sequencesAfter(const HistoryBuffer& h, long after) {
  std::vector<SimFrame> frames;
  h.framesAfter(after, frames);
  std::vector<long> out;
  for (const SimFrame& f : frames) out.push_back(f.sequence);
  return out;
}
long nearestSequence(const HistoryBuffer& h, double t) {
  SimFrame f;
  return h.nearest(t, f) ? f.sequence : -1;
}
}  // namespace

class TestSimHistoryBuffer : public QObject {
  Q_OBJECT
 private slots:
  void ringKeepsTheNewest() {
    HistoryBuffer h(5);
    SimFrame f;
    QVERIFY(!h.nearest(0.0, f));
    QCOMPARE(h.size(), size_t{0});
    for (long s = 1; s <= 12; ++s) h.append(frameAt(s, 0.1 * s));  // t = 0.1 .. 1.2
    QCOMPARE(h.size(), size_t{5});
    QCOMPARE(h.firstTime(), 0.1 * 8);
    QCOMPARE(h.lastTime(), 0.1 * 12);
    QCOMPARE(sequencesAfter(h, 0), (std::vector<long>{8, 9, 10, 11, 12}));
    QCOMPARE(sequencesAfter(h, 10), (std::vector<long>{11, 12}));
    QCOMPARE(sequencesAfter(h, 12), std::vector<long>{});
    std::vector<SimFrame> out;
    QCOMPARE(h.framesAfter(12, out), 12L);
    QCOMPARE(h.framesAfter(9, out), 12L);
    QCOMPARE(out.size(), size_t{3});
  }

  void nearestAcrossTheWrap() {
    HistoryBuffer h(5);
    for (long s = 1; s <= 7; ++s) h.append(frameAt(s, 1.0 * s));  // kept: t = 3..7, wrapped
    QCOMPARE(nearestSequence(h, -10.0), 3L);
    QCOMPARE(nearestSequence(h, 3.4), 3L);
    QCOMPARE(nearestSequence(h, 3.6), 4L);
    QCOMPARE(nearestSequence(h, 3.5), 3L);  // a tie goes to the earlier frame
    QCOMPARE(nearestSequence(h, 5.9), 6L);
    QCOMPARE(nearestSequence(h, 6.0), 6L);
    QCOMPARE(nearestSequence(h, 100.0), 7L);
  }

  void truncateThenAppend() {
    HistoryBuffer h(5);
    for (long s = 1; s <= 7; ++s) h.append(frameAt(s, 1.0 * s));  // wrapped ring: 3..7
    h.truncateAfter(5.0);
    QCOMPARE(h.size(), size_t{3});
    QCOMPARE(sequencesAfter(h, 0), (std::vector<long>{3, 4, 5}));
    QCOMPARE(h.lastTime(), 5.0);
    // Resume from t = 5: new frames follow, the ring fills and wraps again in order.
    for (long s = 8; s <= 11; ++s) h.append(frameAt(s, 5.0 + 0.5 * (s - 7)));
    QCOMPARE(h.size(), size_t{5});
    QCOMPARE(sequencesAfter(h, 0), (std::vector<long>{5, 8, 9, 10, 11}));
    QCOMPARE(nearestSequence(h, 5.6), 8L);
    QCOMPARE(h.firstTime(), 5.0);
    QCOMPARE(h.lastTime(), 7.0);
    h.truncateAfter(-1.0);
    QCOMPARE(h.size(), size_t{0});
    h.append(frameAt(12, 0.0));
    QCOMPARE(sequencesAfter(h, 0), std::vector<long>{12});
    h.clear();
    QCOMPARE(h.size(), size_t{0});
  }

  void concurrentAppendAndRead() {
    HistoryBuffer h(1000);
    std::thread writer([&] {
      for (long s = 1; s <= 50000; ++s) h.append(frameAt(s, 0.001 * s));
    });
    long after = 0, gaps = 0;
    std::vector<SimFrame> frames;
    while (after < 50000) {
      frames.clear();
      const long last = h.framesAfter(after, frames);
      for (size_t k = 1; k < frames.size(); ++k)
        if (frames[k].sequence != frames[k - 1].sequence + 1) ++gaps;
      after = last;
    }
    writer.join();
    QCOMPARE(gaps, 0L);  // each batch is a contiguous, ordered run of sequences
  }
};

QTEST_GUILESS_MAIN(TestSimHistoryBuffer)
#include "test_sim_history_buffer.moc"
