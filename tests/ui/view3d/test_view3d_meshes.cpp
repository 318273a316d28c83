// Meshes of every supported format (tests/data/meshes, written by make_meshes.py) load through
// Assimp and are drawn in their link's colour; relative, package:// and file:// references
// resolve; a missing or corrupt mesh gives one message and a placeholder, never a crash.
#include "core/model/compile_model.hpp"
#include "test_view3d_support.hpp"

using namespace vms;
using namespace vms::test;

namespace {

const QString kMeshDir = sourcePath("tests/data/meshes");

/// Cosine between two colours as RGB vectors (1 = same hue and saturation, any brightness).
double colorCosine(QRgb pixel, const Eigen::Vector4d& rgba) {
  const Vec3 p(qRed(pixel), qGreen(pixel), qBlue(pixel));
  const Vec3 e = rgba.head<3>();
  return p.norm() > 0 ? p.dot(e) / (p.norm() * e.norm()) : 0.0;
}

struct Drawn {
  std::unique_ptr<ui::SceneView> view;
  QStringList messages;
  QImage image;
};

Drawn draw(const Model& model, const QString& dir) {
  Drawn d;
  d.view = shownView(800, 400);
  QObject::connect(d.view.get(), &ui::SceneView::message,
                   [&d](const QString& m) { d.messages << m; });
  d.view->setModel(model, dir);
  d.view->showFrame(frameFor(model, State::neutral(model)));
  d.image = d.view->grabImage();
  return d;
}

/// The colour cosine at the centre of link `name` (median-free: the centre pixel).
double cosineAtLink(Drawn& d, const Model& model, const std::string& name) {
  const auto poses = bodyPoses(model, State::neutral(model));
  const Frame& f = model.frames[size_t(model.frameIndex(name))];
  const QPoint pixel = d.view->projectToWidget(poses[size_t(f.body)].act(f.placement.p)).toPoint();
  const LinkDescription* link = nullptr;
  for (const auto& l : model.description.links)
    if (l.name == name) link = &l;
  const double c = colorCosine(d.image.pixel(pixel), link->visuals[0].rgba);
  qInfo("%-10s at (%3d, %3d): colour cosine %.3f", name.c_str(), pixel.x(), pixel.y(), c);
  return c;
}

}  // namespace

class TestView3dMeshes : public QObject {
  Q_OBJECT
 private slots:
  void everyFormatLoadsAndMissingOnesArePlaceholders() {
    const Model model = loadModel((kMeshDir + "/mesh_robot.urdf").toStdString());
    Drawn d = draw(model, kMeshDir);
    for (const QString& m : d.messages) qInfo("message: %s", qPrintable(m));
    QCOMPARE(d.messages.size(), 2);  // exactly one per bad mesh
    QVERIFY(d.messages.filter("no_such_mesh.stl").size() == 1);
    QVERIFY(d.messages.filter("corrupt.stl").size() == 1);
    QVERIFY(luminanceVariance(d.image) > 50.0);
    for (const char* name : {"base", "l_obj", "l_dae", "l_gltf", "l_glb", "l_package"})
      QVERIFY2(cosineAtLink(d, model, name) > 0.97, name);
    // The bad ones are drawn as placeholders (not in their own colour, but drawn).
    for (const char* name : {"l_missing", "l_corrupt"}) {
      QVERIFY(cosineAtLink(d, model, name) < 0.9);
      const auto poses = bodyPoses(model, State::neutral(model));
      const QPoint pixel =
          d.view->projectToWidget(poses[size_t(model.bodyIndex(name))].p).toPoint();
      QVERIFY(colorCosine(d.image.pixel(pixel), Eigen::Vector4d(0.95, 0.2, 0.6, 1)) > 0.97);
    }
    d.view->saveScreenshot(QDir::temp().filePath("view3d_meshes.png"));
  }

  void fileUrisResolve() {
    ModelDescription description =
        loadModelDescription((kMeshDir + "/mesh_robot.urdf").toStdString());
    description.links[6].visuals[0].mesh = "file://" + (kMeshDir + "/box.obj").toStdString();
    description.links[7].visuals[0].mesh = (kMeshDir + "/box.gltf").toStdString();  // absolute
    const Model model = compileModel(description);
    Drawn d = draw(model, kMeshDir);
    QVERIFY2(d.messages.isEmpty(), qPrintable(d.messages.join("; ")));
    for (const char* name : {"l_missing", "l_corrupt"})
      QVERIFY2(cosineAtLink(d, model, name) > 0.97, name);
    // From another folder, the relative references and package://mesh_pkg are not found.
    Drawn elsewhere = draw(model, QDir::rootPath());
    QCOMPARE(elsewhere.messages.size(), 6);
    QCOMPARE(elsewhere.messages.filter("package://").size(), 1);
  }

  void realRobotFiles() {
    // SPART's KUKA URDFs with their meshes: STL/DAE files next to them, some under folder
    // names that do not exist. The repository keeps the URDFs without meshes
    // (tests/data/urdf-spart); the copy with meshes is optional peer data next to the checkout.
    const QDir dir(QDir::cleanPath(QStringLiteral(VMS_SOURCE_DIR "/../shared/data/urdf-spart")));
    if (!dir.exists())
      QSKIP(qPrintable("SPART's URDFs with meshes are not present at " + dir.path() +
                       " (optional peer data next to the checkout)"));
    for (const QString name : {"kuka_iiwa.urdf", "kuka_lwr.urdf"}) {
      const Model model = loadModel(dir.filePath(name).toStdString());
      QSet<QString> missing;
      for (const LinkDescription& link : model.description.links)
        for (const Visual& v : link.visuals)
          if (v.shape == Visual::Shape::Mesh &&
              !QFileInfo::exists(dir.filePath(QString::fromStdString(v.mesh))))
            missing << QString::fromStdString(v.mesh);
      Drawn d = draw(model, dir.path());
      qInfo("%s: %d bodies, %lld missing mesh files, %lld messages", qPrintable(name),
            model.nbodies, qint64(missing.size()), qint64(d.messages.size()));
      QCOMPARE(d.messages.size(), missing.size());
      QVERIFY(luminanceVariance(d.image) > 20.0);
      d.image.save(QDir::temp().filePath("view3d_" + QFileInfo(name).baseName() + ".png"));
    }
  }

  void emptyAndInconsistentInputDoesNotCrash() {
    auto view = shownView(320, 240);
    QSignalSpy messages(view.get(), &ui::SceneView::message);
    view->setModel(Model{}, QString());  // no bodies
    QCOMPARE(messages.count(), 1);
    view->showFrame(ui::SimFrame{});
    QVERIFY(!view->grabImage().isNull());
    const Model model = loadExample("models/seed004_planar.urdf", BaseType::Planar);
    view->setModel(model, QString());
    ui::SimFrame wrong;  // poses and q of the wrong size: ignored
    wrong.body_poses.resize(2);
    view->showFrame(wrong);
    State nan_state = State::neutral(model);
    nan_state.q(0) = std::numeric_limits<double>::quiet_NaN();
    view->showFrame(frameFor(model, nan_state));  // a diverged state keeps the last frame
    QCOMPARE(view->pickBody(QPoint(-5, -5)), -1);
    QVERIFY(luminanceVariance(view->grabImage()) > 50.0);
  }
};

QTEST_MAIN(TestView3dMeshes)
#include "test_view3d_meshes.moc"
