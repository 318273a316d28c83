// Meshes that are not found: SPART's kuka_iiwa.urdf names
// meshes_kuka_iiwa/ but ships meshes_iiwa/. Opening it shows the missing-mesh bar naming the
// files; locating a folder that holds none of them is refused and remembers nothing; locating
// the right one (or its parent) draws every mesh, hides the bar and is remembered for that
// model file (reopened in a new window: no bar). Export > URDF with meshes then writes a
// package that opens with every mesh found, and refuses (naming the files) while meshes are
// missing.
#include <QFile>
#include <filesystem>
#include <fstream>

#include "core/io/model_io.hpp"
#include "test_app_support.hpp"
#include "ui/app/bars/missing_mesh_bar.hpp"
#include "ui/app/window/settings_keys.hpp"
#include "ui/document/model_document.hpp"
#include "ui/view3d/mesh_search_folders.hpp"

using namespace vms;
using namespace vms::test;

namespace {

/// A small closed ASCII STL (a tetrahedron) Assimp reads.
QByteArray tetrahedronStl(double size) {
  const QByteArray s = QByteArray::number(size);
  return "solid t\n"
         " facet normal 0 0 -1\n  outer loop\n   vertex 0 0 0\n   vertex 0 " +
         s + " 0\n   vertex " + s +
         " 0 0\n  endloop\n endfacet\n"
         " facet normal 0 -1 0\n  outer loop\n   vertex 0 0 0\n   vertex " +
         s + " 0 0\n   vertex 0 0 " + s +
         "\n  endloop\n endfacet\n"
         " facet normal -1 0 0\n  outer loop\n   vertex 0 0 0\n   vertex 0 0 " +
         s + "\n   vertex 0 " + s +
         " 0\n  endloop\n endfacet\n"
         " facet normal 1 1 1\n  outer loop\n   vertex " +
         s + " 0 0\n   vertex 0 " + s + " 0\n   vertex 0 0 " + s +
         "\n  endloop\n endfacet\nendsolid t\n";
}

QByteArray readFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestAppMissingMeshes : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, dir_;
  std::unique_ptr<ui::MainWindow> window_;
  QString model_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_missing_meshes", autosave_.path());
    // SPART's file next to a mesh folder with the name SPART ships (not the one it names).
    model_ = dir_.filePath("robots/kuka_iiwa.urdf");
    QDir().mkpath(dir_.filePath("robots/meshes_iiwa"));
    QDir().mkpath(dir_.filePath("robots/meshes"));
    QDir().mkpath(dir_.filePath("empty"));
    QVERIFY(QFile::copy(sourcePath("tests/data/urdf-spart/kuka_iiwa.urdf"), model_));
    const ModelDescription d = loadModelDescription(model_.toStdString(), nullptr);
    int k = 0;
    for (const LinkDescription& l : d.links)
      for (const Visual& v : l.visuals) {
        if (v.shape != Visual::Shape::Mesh) continue;
        QString path = QString::fromStdString(v.mesh);
        path.replace("meshes_kuka_iiwa/", "meshes_iiwa/");
        writeFileIn(dir_, "robots/" + path, tetrahedronStl(0.05 + 0.01 * k++));
      }
    // A decoy of the same name in another folder (SPART's collision meshes are there).
    writeFileIn(dir_, "robots/meshes/link_1.stl", tetrahedronStl(0.5));
    window_ = shownWindow();
  }

  void openingShowsTheBar() {
    QString error;
    QVERIFY2(window_->openFile(model_, &error), qPrintable(error));
    ui::MissingMeshBar* bar = window_->missingMeshBar();
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->text(), QString("8 mesh files not found, their links drawn as magenta "
                                  "stand-ins: meshes_kuka_iiwa/link_0.stl and 7 more."));
    QVERIFY2(bar->toolTip().contains("meshes_kuka_iiwa/link_7.stl (link lbr_iiwa_link_7)"),
             qPrintable(bar->toolTip()));
    QVERIFY(window_->sceneView()->placeholderCount() >= 8);
    QVERIFY(bar->locateButton()->isVisible());
  }

  void aFolderWithoutThemIsRefused() {
    QString error;
    QVERIFY(!window_->useMeshFolder(dir_.filePath("empty"), &error));
    QVERIFY2(error.contains("none of the 8 missing mesh files"), qPrintable(error));
    QVERIFY(!window_->useMeshFolder(dir_.filePath("no-such-folder"), &error));
    QVERIFY2(error.contains("not a folder"), qPrintable(error));
    QVERIFY(window_->meshFolders().isEmpty());
    QVERIFY(window_->missingMeshBar()->isVisible());
  }

  void locatingTheFolderDrawsTheMeshes() {
    QString error;
    const double t_before = shownTime(*window_);
    // The parent folder: found by file name below it.
    QVERIFY2(window_->useMeshFolder(dir_.filePath("robots"), &error), qPrintable(error));
    QVERIFY(!window_->missingMeshBar()->isVisible());
    QCOMPARE(window_->sceneView()->placeholderCount(), 0);
    QCOMPARE(window_->meshFolders(), QStringList{QDir::cleanPath(dir_.filePath("robots"))});
    QCOMPARE(shownTime(*window_), t_before);  // the run was not reset
  }

  void theFolderIsRememberedForTheModel() {
    ui::setMeshSearchFolders(QFileInfo(model_).absolutePath(), {});  // a new process
    window_.reset();
    window_ = shownWindow();
    QString error;
    QVERIFY2(window_->openFile(model_, &error), qPrintable(error));
    QVERIFY(!window_->missingMeshBar()->isVisible());
    QCOMPARE(window_->sceneView()->placeholderCount(), 0);
  }

  void exportWritesAPackageThatOpensWhole() {
    const QString out = dir_.filePath("export/iiwa.urdf");
    QDir().mkpath(dir_.filePath("export"));
    QString error;
    QVERIFY(window_->findChild<QAction*>("exportUrdfAction")->isEnabled());
    QVERIFY2(window_->exportUrdfWithMeshes(out, &error), qPrintable(error));
    QVERIFY(QFileInfo::exists(dir_.filePath("export/iiwa_meshes/link_0.stl")));
    // The located folder's link_1.stl, not the decoy of the same name in meshes/.
    QCOMPARE(readFile(dir_.filePath("export/iiwa_meshes/link_1.stl")),
             readFile(dir_.filePath("robots/meshes_iiwa/link_1.stl")));
    QCOMPARE(QDir(dir_.filePath("export/iiwa_meshes")).entryList(QDir::Files).size(), 8);
    ui::setMeshSearchFolders(QFileInfo(model_).absolutePath(), {});
    QVERIFY2(window_->openFile(out, &error), qPrintable(error));
    QVERIFY(!window_->missingMeshBar()->isVisible());
    QCOMPARE(window_->sceneView()->placeholderCount(), 0);
    QCOMPARE(window_->document()->scenario().model.njoints, 7);
  }

  void exportWithMissingMeshesIsRefused() {
    // The original again, in a fresh settings state: its meshes are missing.
    QSettings().remove(ui::settings_keys::kMeshFolders);
    QString error;
    QVERIFY2(window_->openFile(model_, &error), qPrintable(error));
    QVERIFY2(
        window_->missingMeshBar()->isVisible(),
        qPrintable(window_->meshFolders().join(", ") + " | " + window_->missingMeshBar()->text()));
    const QString out = dir_.filePath("export2/iiwa.urdf");
    QDir().mkpath(dir_.filePath("export2"));
    DialogCloser closer;
    QVERIFY(!window_->exportUrdfWithMeshes(out, &error));
    QVERIFY2(error.contains("8 mesh files not found: 'meshes_kuka_iiwa/link_0.stl'"),
             qPrintable(error));
    QVERIFY(!QFileInfo::exists(out));
    QVERIFY(!QFileInfo::exists(dir_.filePath("export2/iiwa_meshes")));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppMissingMeshes)
#include "test_app_missing_meshes.moc"
