// An edit in the property inspector is user input too: a value beyond the readers' input
// limit (1e15 in magnitude) is refused with the readers' words and changes nothing, so that
// what the user saves (or what autosave keeps) always opens again. Joint effort and velocity
// limits, which the readers take at any magnitude, are accepted at any magnitude, saved and
// read back.
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>

#include "test_metatypes.hpp"
#include "test_support.hpp"
#include "ui/document/model_document.hpp"

using vms::ui::JointProperty;
using vms::ui::LinkProperty;
using vms::ui::ModelDocument;

namespace {

const QString kModel = QStringLiteral(VMS_MODELS_DIR) + "/seed004_spatial.vms.json";

vms::VecX values(std::initializer_list<double> xs) {
  vms::VecX v(static_cast<Eigen::Index>(xs.size()));
  Eigen::Index i = 0;
  for (double x : xs) v[i++] = x;
  return v;
}

}  // namespace

class TestModelEditLimits : public QObject {
  Q_OBJECT
 private slots:
  void outOfRangeEditIsRefused_data() {
    QTest::addColumn<bool>("link");
    QTest::addColumn<int>("property");
    QTest::addColumn<vms::VecX>("value");
    QTest::newRow("mass 1e300") << true << int(LinkProperty::Mass) << values({1e300});
    QTest::newRow("centre of mass 2e15")
        << true << int(LinkProperty::CenterOfMass) << values({0, 2e15, 0});
    QTest::newRow("joint origin -1e20")
        << false << int(JointProperty::OriginXyz) << values({-1e20, 0, 0});
    QTest::newRow("joint lower limit -1e16")
        << false << int(JointProperty::Lower) << values({-1e16});
  }

  void outOfRangeEditIsRefused() {
    QFETCH(bool, link);
    QFETCH(int, property);
    QFETCH(vms::VecX, value);
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(kModel, &error), qPrintable(error));
    const bool accepted = link ? doc.setLinkProperty(1, LinkProperty(property), value, &error)
                               : doc.setJointProperty(1, JointProperty(property), value, &error);
    QVERIFY(!accepted);
    QVERIFY2(error.contains("is out of range") && error.contains("at most 1e15"),
             qPrintable(error));
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
  }

  void effortAndVelocityLimitsTakeAnyMagnitude() {
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(kModel, &error), qPrintable(error));
    QVERIFY2(doc.setJointProperty(1, JointProperty::Effort, values({1e300}), &error),
             qPrintable(error));
    QVERIFY2(doc.setJointProperty(1, JointProperty::Velocity, values({1e20}), &error),
             qPrintable(error));
    QTemporaryDir dir;
    const QString saved = dir.filePath("edited.vms.json");
    QVERIFY2(doc.save(saved, &error), qPrintable(error));
    ModelDocument reopened;
    QVERIFY2(reopened.open(saved, &error), qPrintable(error));
    QCOMPARE(reopened.description().joints.at(1).effort, 1e300);
    QCOMPARE(reopened.description().joints.at(1).velocity, 1e20);
  }
};

QTEST_MAIN(TestModelEditLimits)
#include "test_model_edit_limits.moc"
