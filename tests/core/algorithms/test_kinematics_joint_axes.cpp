// forwardKinematics for revolute joints about each signed coordinate axis of their frame (the
// path that turns two columns of the parent's rotation, Model::joint_unit_axis) and about
// general axes, against poses composed independently: oMi = oMp X Rot(axis, q) with Eigen's
// AngleAxis, and S = [p x w; w] with w the world axis and p the joint origin.
#include <QtTest>

#include "core/algorithms/kinematics.hpp"
#include "core/model/compile_model.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

/// A free vehicle and a chain of revolute joints with the given axes (joint frames), each at a
/// rotated, offset placement.
ModelDescription chainWithAxes(const std::vector<Vec3>& axes) {
  ModelDescription d;
  d.name = "axes";
  d.base_type = BaseType::Free;
  Inertial in;
  in.mass = 1.0;
  in.inertia = Vec3(0.1, 0.2, 0.3).asDiagonal();
  d.links.push_back({"base", in, {}});
  for (size_t k = 0; k < axes.size(); ++k) {
    const std::string name = "link" + std::to_string(k + 1);
    d.links.push_back({name, in, {}});
    JointDescription j;
    j.name = "j" + std::to_string(k + 1);
    j.kind = JointKind::Revolute;
    j.parent = d.links[k].name;
    j.child = name;
    j.origin.R = Eigen::AngleAxisd(0.3 + 0.2 * double(k), Vec3(1, 2, 3).normalized()).matrix();
    j.origin.p = Vec3(0.2, -0.1 * double(k), 0.05);
    j.axis = axes[k];
    d.joints.push_back(j);
  }
  return d;
}

}  // namespace

class TestKinematicsJointAxes : public QObject {
  Q_OBJECT
 private slots:
  void unitAxesAreRecognised() {
    const Model m = compileModel(
        chainWithAxes({Vec3::UnitX(), -Vec3::UnitX(), Vec3::UnitY(), -Vec3::UnitY(), Vec3::UnitZ(),
                       -Vec3::UnitZ(), Vec3(0, 0, 2), Vec3(1, 1, 0), Vec3(0, 1e-9, 1)}));
    const std::vector<int> expected = {0, 1, -1, 2, -2, 3, -3, 3, 0, 0};
    QCOMPARE(m.joint_unit_axis, expected);
  }

  void posesAndMotionSubspacesMatchComposedPoses() {
    const std::vector<Vec3> axes = {Vec3::UnitX(),  -Vec3::UnitX(),         Vec3::UnitY(),
                                    -Vec3::UnitY(), Vec3::UnitZ(),          -Vec3::UnitZ(),
                                    Vec3(1, 1, 0),  Vec3(0.3, -0.4, 0.866), Vec3(0, 1e-9, 1)};
    const Model m = compileModel(chainWithAxes(axes));
    Data data(m);
    State s = State::neutral(m);
    s.base_orientation = Eigen::Quaterniond(Eigen::AngleAxisd(0.7, Vec3(3, -1, 2).normalized()));
    s.base_position = Vec3(0.4, -0.2, 1.1);
    for (int k = 0; k < m.njoints; ++k) s.q[k] = 0.4 + 0.9 * k - 2.0 * (k % 3);
    forwardKinematics(m, data, s);

    Pose expected{s.base_orientation.toRotationMatrix(), s.base_position};
    for (int b = 1; b < m.nbodies; ++b) {
      QCOMPARE(m.parent[b], b - 1);
      const Pose& X = m.joint_placement[b];
      const Vec3 u = m.joint_axis[b];
      const double q = s.q[m.joint_index[b]];
      const Pose joint = expected * X;  // joint frame at q = 0
      expected = joint * Pose{Eigen::AngleAxisd(q, u).toRotationMatrix(), Vec3::Zero()};
      const double rot_error = (data.oMi[b].R - expected.R).cwiseAbs().maxCoeff();
      const double pos_error = (data.oMi[b].p - expected.p).cwiseAbs().maxCoeff();
      QVERIFY2(rot_error < 1e-14 && pos_error < 1e-14,
               qPrintable(QString("body %1 (axis code %2): rotation %3, position %4")
                              .arg(b)
                              .arg(m.joint_unit_axis[b])
                              .arg(rot_error)
                              .arg(pos_error)));
      const Vec3 w = expected.R * u;  // world axis
      Vec6 S;
      S << expected.p.cross(w), w;
      QVERIFY2((data.S[b] - S).cwiseAbs().maxCoeff() < 1e-14,
               qPrintable(QString("S of body %1 (axis code %2)").arg(b).arg(m.joint_unit_axis[b])));
    }
  }
};

QTEST_APPLESS_MAIN(TestKinematicsJointAxes)
#include "test_kinematics_joint_axes.moc"
