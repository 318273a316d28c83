#pragma once
// Helpers shared by the 3D view tests (tests/ui/view3d/test_view3d_*.cpp): models from models/,
// SimFrames from core forward kinematics, a shown SceneView, and image comparisons.
#include <QApplication>
#include <QImage>
#include <QtTest/QtTest>
#include <memory>
#include <string>

#include "core/algorithms/kinematics.hpp"
#include "core/analysis/momentum_partition.hpp"
#include "core/io/model_io.hpp"
#include "core/model/data.hpp"
#include "ui/view3d/scene_view.hpp"

namespace vms::test {

inline QString sourcePath(const QString& relative) {
  return QString(VMS_SOURCE_DIR) + "/" + relative;
}

inline Model loadExample(const QString& relative, std::optional<BaseType> base = std::nullopt) {
  return loadModel(sourcePath(relative).toStdString(), base);
}

/// A frame as the simulation worker would publish it: body poses and momenta of `state`.
inline ui::SimFrame frameFor(const Model& model, const State& state, long sequence = 0) {
  Data data(model);
  computeKinematics(model, data, state);
  ui::SimFrame frame;
  frame.sequence = sequence;
  frame.snapshot.state = state;
  frame.snapshot.momenta = momentumPartition(model, data);
  frame.body_poses = data.oMi;
  return frame;
}

inline std::vector<Pose> bodyPoses(const Model& model, const State& state) {
  Data data(model);
  forwardKinematics(model, data, state);
  return data.oMi;
}

/// A top-level SceneView of the given size, shown and exposed.
inline std::unique_ptr<ui::SceneView> shownView(int width = 640, int height = 480) {
  auto view = std::make_unique<ui::SceneView>();
  view->resize(width, height);
  view->show();
  if (!QTest::qWaitForWindowExposed(view.get())) qWarning("SceneView not exposed");
  return view;
}

inline double luminanceVariance(const QImage& image) {
  double sum = 0.0, sum2 = 0.0;
  const long n = long(image.width()) * image.height();
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const double l = qGray(image.pixel(x, y));
      sum += l;
      sum2 += l * l;
    }
  return n > 0 ? sum2 / double(n) - (sum / double(n)) * (sum / double(n)) : 0.0;
}

inline int colorDistance(QRgb a, QRgb b) {
  return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
         std::abs(qBlue(a) - qBlue(b));
}

/// Pixels whose colour differs by more than `threshold` (sum of |dR|+|dG|+|dB|), in `rect`
/// (the whole image if null).
inline int differingPixels(const QImage& a, const QImage& b, int threshold = 30,
                           QRect rect = QRect()) {
  if (a.size() != b.size()) return -1;
  if (rect.isNull()) rect = a.rect();
  rect = rect.intersected(a.rect());
  int count = 0;
  for (int y = rect.top(); y <= rect.bottom(); ++y)
    for (int x = rect.left(); x <= rect.right(); ++x)
      if (colorDistance(a.pixel(x, y), b.pixel(x, y)) > threshold) ++count;
  return count;
}

inline QRect around(QPointF p, int half) {
  return QRect(int(p.x()) - half, int(p.y()) - half, 2 * half + 1, 2 * half + 1);
}

}  // namespace vms::test
