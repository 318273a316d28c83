// TripleBuffer (ui/sim/triple_buffer.hpp): a writer thread publishes frames whose every field
// equals the frame's sequence number while a reader takes them as fast as it can; a torn
// frame (fields from two publishes) or a frame out of order fails. Published = taken +
// dropped is checked from both sides' own counts.
#include <QtTest/QtTest>
#include <array>
#include <atomic>
#include <thread>

#include "ui/sim/triple_buffer.hpp"

using vms::ui::TripleBuffer;

namespace {
struct Frame {
  long sequence = 0;
  std::array<long, 61> fields{};  // ~0.5 kB: wide enough for a non-atomic copy to tear
};
}  // namespace

class TestSimTripleBuffer : public QObject {
  Q_OBJECT
 private slots:
  void emptyBufferHasNothing() {
    TripleBuffer<Frame> b;
    QVERIFY(!b.take());
    QVERIFY(!b.hasFresh());
    b.writeBuffer().sequence = 7;
    QVERIFY(!b.publish());
    QVERIFY(b.hasFresh());
    QVERIFY(b.take());
    QCOMPARE(b.front().sequence, 7L);
    QVERIFY(!b.take());
    // Two publishes without a take: the first is dropped, the newest is read.
    b.writeBuffer().sequence = 8;
    QVERIFY(!b.publish());
    b.writeBuffer().sequence = 9;
    QVERIFY(b.publish());
    QVERIFY(b.take());
    QCOMPARE(b.front().sequence, 9L);
  }

  void twoThreadStressNeverTears() {
    TripleBuffer<Frame> buffer;
    // The writer runs until the reader has taken kTaken frames (at least kMinFrames
    // published; at most ~10 s on a loaded machine).
    constexpr long kTaken = 5000, kMinFrames = 200000;
    std::atomic<bool> done{false};
    std::atomic<long> taken_so_far{0};
    long dropped = 0, published = 0;
    std::thread writer([&] {
      QElapsedTimer wall;
      wall.start();
      for (long s = 1;; ++s) {
        Frame& f = buffer.writeBuffer();
        f.sequence = s;
        for (long& x : f.fields) x = s;
        if (buffer.publish()) ++dropped;
        published = s;
        if (s >= kMinFrames && (taken_so_far.load() >= kTaken || wall.elapsed() > 10000)) break;
      }
      done = true;
    });
    long taken = 0, last = 0, torn = 0, out_of_order = 0;
    for (;;) {
      const bool finished = done.load();
      while (buffer.take()) {
        const Frame& f = buffer.front();
        ++taken;
        taken_so_far.store(taken, std::memory_order_relaxed);
        for (long x : f.fields)
          if (x != f.sequence) {
            ++torn;
            break;
          }
        if (f.sequence <= last) ++out_of_order;
        last = f.sequence;
      }
      if (finished) break;
    }
    writer.join();
    qInfo("%ld frames published, %ld taken, %ld dropped, %ld torn", published, taken, dropped,
          torn);
    QCOMPARE(torn, 0L);
    QCOMPARE(out_of_order, 0L);
    QCOMPARE(last, published);  // the newest frame is always delivered
    QCOMPARE(taken + dropped, published);
    QVERIFY(taken >= kTaken);  // the reader really ran concurrently
  }
};

QTEST_GUILESS_MAIN(TestSimTripleBuffer)
#include "test_sim_triple_buffer.moc"
