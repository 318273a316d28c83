// "Export URDF with meshes" and the mesh-file rules it shares
// with the 3D view (core/io/mesh_files, core/io/urdf_export):
//  - mesh references resolve as written (relative, package://, file:// with %20), then in the
//    user's mesh folders (SPART's kuka_iiwa.urdf names a folder it does not ship);
//  - the package holds every mesh byte for byte under unique flat names, OBJ materials too,
//    and the exported URDF names only files inside it;
//  - the project's reader loads the package back to the same model (accelerations equal), and
//    MuJoCo loads the very same file, meshes included, to the same dynamics to 1e-10;
//  - a missing mesh is an error naming it, and nothing is written.
// VMS_NEEDS_MUJOCO
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/algorithms/aba.hpp"
#include "core/io/mesh_files.hpp"
#include "core/io/model_io.hpp"
#include "core/io/urdf.hpp"
#include "core/io/urdf_export.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/compose_models.hpp"
#include "core/model/sample_models.hpp"
#include "mujoco_bridge.hpp"
#include "mujoco_difference.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;
namespace fs = std::filesystem;

namespace {

const std::string kSource = VMS_SOURCE_DIR;
const std::string kKukaLwr = kSource + "/tests/data/urdf-spart/kuka_lwr.urdf";
const std::string kKukaIiwa = kSource + "/tests/data/urdf-spart/kuka_iiwa.urdf";

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeAll(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

/// A closed binary STL box of half-sizes h (12 outward triangles): a mesh MuJoCo 2.2.2 reads
/// (it reads binary STL only). `name` goes into the 80-byte header.
std::string boxStl(const Vec3& h, const std::string& name) {
  std::string s(80, ' ');
  s.replace(0, std::min<size_t>(name.size(), 80), name.substr(0, 80));
  auto put = [&s](const void* data, size_t n) { s.append(static_cast<const char*>(data), n); };
  const std::uint32_t count = 12;
  put(&count, 4);
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  auto corner = [&](int k) {
    return Vec3((k & 1) ? h.x() : -h.x(), (k & 2) ? h.y() : -h.y(), (k & 4) ? h.z() : -h.z());
  };
  for (const auto& f : faces)
    for (int t = 0; t < 2; ++t) {
      const Vec3 a = corner(f[0]), b = corner(f[1 + t]), c = corner(f[2 + t]);
      const Vec3 n = (b - a).cross(c - a).normalized();
      for (const Vec3& v : {n, a, b, c})
        for (int k = 0; k < 3; ++k) {
          const float x = static_cast<float>(v[k]);
          put(&x, 4);
        }
      const std::uint16_t attribute = 0;
      put(&attribute, 2);
    }
  return s;
}

/// Stand-ins for the mesh files a URDF names, in `root` under the names it writes (each a
/// different box, so a wrong copy shows): what a user has where the file expects meshes.
void makeMeshesFor(const std::string& urdf, const fs::path& root,
                   const std::string& rename_from = {}, const std::string& rename_to = {}) {
  const ModelDescription d = loadModelDescription(urdf, nullptr);
  int k = 0;
  for (const LinkDescription& l : d.links)
    for (const Visual& v : l.visuals) {
      if (v.shape != Visual::Shape::Mesh) continue;
      std::string path = v.mesh;
      if (!rename_from.empty() && path.rfind(rename_from, 0) == 0)
        path = rename_to + path.substr(rename_from.size());
      if (!fs::exists(root / path))
        writeAll(root / path, boxStl(Vec3(0.05 + 0.01 * k, 0.04, 0.03), path));
      ++k;
    }
}

double accelerationDifference(const ModelDescription& a, const ModelDescription& b) {
  const Model ma = compileModel(a), mb = compileModel(b);
  double worst = 0.0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const State s = randomState(ma, seed);
    const VecX tau = VecX::Random(ma.njoints);
    Data da(ma), db(mb);
    aba(ma, da, s, tau);
    aba(mb, db, s, tau);
    worst = std::max(worst, test::relativeError(da.qdd, db.qdd));
    if (ma.base_dof > 0)
      worst = std::max(worst, test::relativeError(da.base_twist_dot, db.base_twist_dot));
  }
  return worst;
}

/// The exported URDF as MuJoCo should load it: the file itself plus a <mujoco> element (mesh
/// folder, visuals kept so the meshes are really read, no contact, no gravity, no passive
/// forces) and, for a free vehicle, a world link with a floating joint (a free joint). A fixed
/// base keeps links on fixed joints as bodies of their own (fused, MuJoCo would diagonalise
/// their summed inertias itself, ~1e-8); a free joint needs the world link fused away, so free
/// bases are checked on models without fixed joints.
std::string forMujoco(const std::string& urdf_text, const std::string& meshdir, bool free_base,
                      const std::string& root_link) {
  std::string text = urdf_text;
  const auto robot = text.find("<robot");
  const auto end = text.find('>', robot) + 1;
  std::string extra =
      "\n  <mujoco>\n    <compiler meshdir=\"" + meshdir +
      "\" discardvisual=\"false\" fusestatic=\"" + std::string(free_base ? "true" : "false") +
      "\" inertiafromgeom=\"false\" "
      "boundmass=\"0\" boundinertia=\"0\" balanceinertia=\"false\" angle=\"radian\"/>\n"
      "    <option gravity=\"0 0 0\"><flag contact=\"disable\" constraint=\"disable\" "
      "passive=\"disable\"/></option>\n  </mujoco>\n";
  if (free_base)
    extra +=
        "  <link name=\"vms_world\"/>\n  <joint name=\"vms_base\" type=\"floating\">\n"
        "    <parent link=\"vms_world\"/>\n    <child link=\"" +
        root_link + "\"/>\n  </joint>\n";
  text.insert(end, extra);
  return text;
}

/// Largest relative difference of our accelerations from MuJoCo's, MuJoCo loading `file`.
double mujocoDifference(const ModelDescription& d, const std::string& file, int* meshes) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(file.c_str(), nullptr, error, sizeof error);
  if (!m) {
    QTest::qFail(("MuJoCo cannot load " + file + ": " + error).c_str(), __FILE__, __LINE__);
    return 1.0;
  }
  test::MujocoInstance mj(m);
  *meshes = m->nmesh;
  return test::mujocoAccelerationDifference(compileModel(d), mj);
}

std::vector<std::string> meshReferences(const ModelDescription& d) {
  std::vector<std::string> out;
  for (const LinkDescription& l : d.links)
    for (const Visual& v : l.visuals)
      if (v.shape == Visual::Shape::Mesh) out.push_back(v.mesh);
  return out;
}

/// MuJoCo loads the exported file (see forMujoco) as a fixed base (and, if `free_base_too`, a
/// free one), reading its meshes, and agrees with our dynamics of the original description.
void checkWithMujoco(const ModelDescription& original, const std::string& exported,
                     const std::string& meshdir, int expected_meshes, bool free_base_too) {
  const fs::path folder = fs::path(exported).parent_path();
  const std::string stem = fs::path(exported).stem().string();
  for (const bool free_base : {false, true}) {
    if (free_base && !free_base_too) continue;
    const std::string mj_file =
        (folder / (stem + (free_base ? "_mujoco_free.urdf" : "_mujoco_fixed.urdf"))).string();
    writeAll(mj_file, forMujoco(readAll(exported), meshdir, free_base, rootLinkName(original)));
    ModelDescription d = original;
    d.base_type = free_base ? BaseType::Free : BaseType::Fixed;
    d.gravity = Vec3::Zero();
    int meshes = 0;
    const double err = mujocoDifference(d, mj_file, &meshes);
    qInfo("MuJoCo on %s (%s base, %d meshes): %.2e", fs::path(exported).filename().c_str(),
          free_base ? "free" : "fixed", meshes, err);
    QCOMPARE(meshes, expected_meshes);
    QVERIFY(err < 1e-10);
  }
}

}  // namespace

class TestUrdfExport : public QObject {
  Q_OBJECT

 private slots:
  void resolvesReferencesAsWrittenAndInSearchFolders() {
    QTemporaryDir tmp;
    const fs::path t = tmp.path().toStdString();
    writeAll(t / "model/parts/a/link.stl", boxStl(Vec3(1, 1, 1), "a"));
    writeAll(t / "pkgs/my_pkg/meshes/p.stl", boxStl(Vec3(1, 2, 1), "p"));
    writeAll(t / "with space/s.stl", boxStl(Vec3(1, 1, 2), "s"));
    const std::string model_dir = (t / "model").string();

    QCOMPARE(resolveMeshFile("parts/a/link.stl", model_dir),
             (t / "model/parts/a/link.stl").lexically_normal().string());
    QCOMPARE(resolveMeshFile("  parts/a/link.stl \n", model_dir),
             (t / "model/parts/a/link.stl").lexically_normal().string());
    QCOMPARE(resolveMeshFile("package://my_pkg/meshes/p.stl", (t / "pkgs/my_pkg/urdf").string()),
             (t / "pkgs/my_pkg/meshes/p.stl").string());
    QCOMPARE(resolveMeshFile("file://" + (t / "with%20space/s.stl").string(), model_dir),
             (t / "with space/s.stl").string());
    QCOMPARE(resolveMeshFile((t / "with space/s.stl").string(), ""),
             (t / "with space/s.stl").string());
    QVERIFY(resolveMeshFile("parts/a/nothing.stl", model_dir).empty());
    QVERIFY(resolveMeshFile("", model_dir).empty());
    QVERIFY(resolveMeshFile("parts/a", model_dir).empty());  // a folder is not a mesh

    // SPART's kuka_iiwa.urdf names meshes_kuka_iiwa/ and ships meshes_iiwa/: the folder itself
    // (rule 1, trailing parts) or its parent (rule 2, by name below it) finds the file.
    writeAll(t / "spart/meshes_iiwa/link_0.stl", boxStl(Vec3(1, 1, 1), "l0"));
    const std::string wanted = (t / "spart/meshes_iiwa/link_0.stl").string();
    QVERIFY(resolveMeshFile("meshes_kuka_iiwa/link_0.stl", model_dir).empty());
    QCOMPARE(resolveMeshFile("meshes_kuka_iiwa/link_0.stl", model_dir,
                             {(t / "spart/meshes_iiwa").string()}),
             wanted);
    QCOMPARE(resolveMeshFile("meshes_kuka_iiwa/link_0.stl", model_dir, {(t / "spart").string()}),
             wanted);
    QCOMPARE(resolveMeshFile("package://iiwa_description/meshes_kuka_iiwa/link_0.stl", model_dir,
                             {(t / "spart").string()}),
             wanted);
    // Several files of that name below the folder: the longest matching tail wins.
    writeAll(t / "amb/x/collision/link_0.stl", boxStl(Vec3(1, 1, 1), "c"));
    writeAll(t / "amb/x/visual/link_0.stl", boxStl(Vec3(1, 1, 1), "v"));
    QCOMPARE(resolveMeshFile("meshes/visual/link_0.stl", model_dir, {(t / "amb").string()}),
             (t / "amb/x/visual/link_0.stl").string());
    QCOMPARE(resolveMeshFile("meshes/collision/link_0.stl", model_dir, {(t / "amb").string()}),
             (t / "amb/x/collision/link_0.stl").string());

    // Equal tails: the folder whose name is closest to the one written wins (SPART's iiwa
    // also has a meshes/ folder with files of the same names).
    writeAll(t / "sim/meshes/link_1.stl", boxStl(Vec3(1, 1, 1), "m"));
    writeAll(t / "sim/meshes_iiwa/link_1.stl", boxStl(Vec3(1, 1, 1), "i"));
    QCOMPARE(resolveMeshFile("meshes_kuka_iiwa/link_1.stl", model_dir, {(t / "sim").string()}),
             (t / "sim/meshes_iiwa/link_1.stl").string());
    QCOMPARE(resolveMeshFile("meshes/link_1.stl", model_dir, {(t / "sim").string()}),
             (t / "sim/meshes/link_1.stl").string());

    const ModelDescription iiwa = loadModelDescription(kKukaIiwa, nullptr);
    const auto missing = missingMeshes(iiwa, fs::path(kKukaIiwa).parent_path().string());
    QCOMPARE(int(missing.size()), 8);  // every distinct visual mesh once (not the collision's)
    QCOMPARE(missing.front().uri, std::string("meshes_kuka_iiwa/link_0.stl"));
    QVERIFY(!missing.front().link.empty());
  }

  void packageHoldsEveryMeshUnderUniqueNames() {
    QTemporaryDir tmp;
    const fs::path t = tmp.path().toStdString();
    const fs::path model_dir = t / "model";
    writeAll(model_dir / "parts/a/link.stl", boxStl(Vec3(0.1, 0.1, 0.1), "a"));
    writeAll(model_dir / "parts/b/link.stl", boxStl(Vec3(0.2, 0.1, 0.1), "b"));
    writeAll(model_dir / "obj/wheel.obj",
             "mtllib wheel.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n"
             "f 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
    writeAll(model_dir / "obj/wheel.mtl", "newmtl red\nKd 1 0 0\n");
    RandomTreeOptions tree;
    tree.bodies = 3;
    tree.chain = true;
    ModelDescription d = randomTree(tree);
    QCOMPARE(int(d.links.size()), 3);
    auto mesh = [](const std::string& uri) {
      Visual v;
      v.shape = Visual::Shape::Mesh;
      v.mesh = uri;
      return v;
    };
    d.links[0].visuals = {mesh("parts/a/link.stl"), mesh("obj/wheel.obj")};
    d.links[1].visuals = {mesh("parts/b/link.stl"), mesh("parts/a/link.stl")};
    d.links[2].visuals = {mesh("./parts/a/../b/link.stl")};

    const std::string out = (t / "out/robot.urdf").string();
    fs::create_directories(t / "out");
    UrdfExportResult r = exportUrdfWithMeshes(d, model_dir.string(), out);
    QCOMPARE(r.mesh_folder, (t / "out/robot_meshes").string());
    QCOMPARE(int(r.copies.size()), 4);  // link.stl twice (a, b), wheel.obj and its wheel.mtl
    const ModelDescription back = loadModelDescription(out, nullptr);
    QCOMPARE(meshReferences(back),
             (std::vector<std::string>{"robot_meshes/link.stl", "robot_meshes/wheel.obj",
                                       "robot_meshes/link_2.stl", "robot_meshes/link.stl",
                                       "robot_meshes/link_2.stl"}));
    QCOMPARE(readAll(t / "out/robot_meshes/link.stl"), readAll(model_dir / "parts/a/link.stl"));
    QCOMPARE(readAll(t / "out/robot_meshes/link_2.stl"), readAll(model_dir / "parts/b/link.stl"));
    QCOMPARE(readAll(t / "out/robot_meshes/wheel.obj"), readAll(model_dir / "obj/wheel.obj"));
    QCOMPARE(readAll(t / "out/robot_meshes/wheel.mtl"), readAll(model_dir / "obj/wheel.mtl"));
    QVERIFY(missingMeshes(back, (t / "out").string()).empty());
    QVERIFY(!fs::exists(out + ".vms-export-tmp"));
    // The package is self-contained: moved elsewhere, it still finds every mesh.
    fs::rename(t / "out", t / "moved");
    QVERIFY(missingMeshes(loadModelDescription((t / "moved/robot.urdf").string(), nullptr),
                          (t / "moved").string())
                .empty());
    // Exporting the package again, onto itself, changes nothing.
    const std::string again = (t / "moved/robot.urdf").string();
    const ModelDescription before = loadModelDescription(again, nullptr);
    r = exportUrdfWithMeshes(before, (t / "moved").string(), again);
    QCOMPARE(int(r.copies.size()), 4);
    const ModelDescription after = loadModelDescription(again, nullptr);
    QCOMPARE(meshReferences(after), meshReferences(before));
    QVERIFY(accelerationDifference(before, after) < 1e-13);
    QCOMPARE(readAll(t / "moved/robot_meshes/link_2.stl"), readAll(model_dir / "parts/b/link.stl"));
    QVERIFY(!fs::exists(t / "moved/robot_meshes/link_3.stl"));
  }

  void kukaPackageLoadsBackInOurReaderAndInMujoco() {
    QTemporaryDir tmp;
    const fs::path t = tmp.path().toStdString();
    // The repository keeps SPART's URDF without its meshes: stand-ins in a search folder.
    makeMeshesFor(kKukaLwr, t / "found");
    ModelDescription kuka = loadModelDescription(kKukaLwr, nullptr);
    const std::string model_dir = fs::path(kKukaLwr).parent_path().string();
    QCOMPARE(int(missingMeshes(kuka, model_dir).size()), 6);  // visual meshes
    UrdfExportOptions options;
    options.mesh_search_dirs = {(t / "found").string()};
    const std::string out = (t / "pkg/kuka.urdf").string();
    fs::create_directories(t / "pkg");
    const UrdfExportResult r = exportUrdfWithMeshes(kuka, model_dir, out, options);
    QCOMPARE(int(r.copies.size()), 6);
    for (const auto& c : r.copies)
      QCOMPARE(readAll(t / "pkg/kuka_meshes" / c.target), readAll(c.source));

    // Our reader: the same model (inertias now written in principal axes).
    ModelDescription back = loadModelDescription(out, nullptr);
    QCOMPARE(back.links.size(), kuka.links.size());
    QCOMPARE(back.joints.size(), kuka.joints.size());
    double inertia = 0.0;
    for (size_t k = 0; k < kuka.links.size(); ++k)
      inertia = std::max(
          inertia,
          (back.links[k].inertial.inertia - kuka.links[k].inertial.inertia).cwiseAbs().maxCoeff() /
              std::max(1e-300, kuka.links[k].inertial.inertia.norm()));
    qInfo("largest inertia difference after the round trip (relative): %.2e", inertia);
    QVERIFY(inertia < 1e-14);
    back.base_type = kuka.base_type = BaseType::Free;
    const double ours = accelerationDifference(kuka, back);
    qInfo("accelerations, original vs exported (free vehicle): %.2e", ours);
    QVERIFY(ours < 1e-12);

    // MuJoCo reads the same file with its meshes, as a fixed base (links on fixed joints kept).
    checkWithMujoco(kuka, out, "kuka_meshes/", 6, false);  // its root is massless
  }

  void randomTreePackageMatchesMujoco() {
    // Full, rotated inertias (the kuka's are diagonal): written in principal axes, MuJoCo's own
    // diagonalisation has nothing left to lose.
    QTemporaryDir tmp;
    const fs::path t = tmp.path().toStdString();
    RandomTreeOptions tree;
    tree.bodies = 9;  // no fixed joints: checked as a free base too (see forMujoco)
    ModelDescription d = randomTree(tree);
    int k = 0;
    for (LinkDescription& l : d.links) {
      Visual v;
      v.shape = Visual::Shape::Mesh;
      v.mesh = "m/part" + std::to_string(k % 4) + ".stl";  // shared by several links
      writeAll(t / "model" / v.mesh, boxStl(Vec3(0.1, 0.05 + 0.01 * k, 0.05), v.mesh));
      l.visuals = {v};
      ++k;
    }
    const std::string out = (t / "tree.urdf").string();
    exportUrdfWithMeshes(d, (t / "model").string(), out);
    // Our reader: the rotated principal-axes inertias give back the same dynamics.
    const double ours = accelerationDifference(d, loadModelDescription(out, nullptr));
    qInfo("accelerations, original vs exported with principal axes: %.2e", ours);
    QVERIFY(ours < 1e-13);
    checkWithMujoco(d, out, "tree_meshes/", 4, true);
    // The same package with the inertias as given: MuJoCo then diagonalises them itself.
    UrdfExportOptions as_given;
    as_given.inertia_in_principal_axes = false;
    exportUrdfWithMeshes(d, (t / "model").string(), out, as_given);
    const std::string mj_file = (t / "tree_as_given.urdf").string();
    writeAll(mj_file, forMujoco(readAll(out), "tree_meshes/", true, rootLinkName(d)));
    int meshes = 0;
    const double as_given_difference = mujocoDifference(d, mj_file, &meshes);
    qInfo("for comparison, inertias as given (MuJoCo diagonalises them): %.2e",
          as_given_difference);
    // The README's point: written as given, MuJoCo's own eigen-solver costs ~1e-9 (4.6e-9 here).
    QVERIFY(as_given_difference > 1e-10);
  }

  void missingMeshIsAnErrorAndWritesNothing() {
    QTemporaryDir tmp;
    const fs::path t = tmp.path().toStdString();
    const ModelDescription iiwa = loadModelDescription(kKukaIiwa, nullptr);
    const std::string model_dir = fs::path(kKukaIiwa).parent_path().string();
    const std::string out = (t / "iiwa.urdf").string();
    try {
      exportUrdfWithMeshes(iiwa, model_dir, out);
      QFAIL("an export with missing meshes must fail");
    } catch (const ModelError& e) {
      const std::string m = e.what();
      QVERIFY2(m.rfind(out + ": 8 mesh files not found: 'meshes_kuka_iiwa/link_0.stl'", 0) == 0,
               m.c_str());
      QVERIFY2(m.find("and 5 more; locate the mesh folder first") != std::string::npos, m.c_str());
      QVERIFY(m.find('\n') == std::string::npos);
    }
    QVERIFY(!fs::exists(out));
    QVERIFY(!fs::exists(t / "iiwa_meshes"));
    // The user locates the folder SPART ships (meshes_iiwa/, named differently): it works.
    makeMeshesFor(kKukaIiwa, t / "spart", "meshes_kuka_iiwa/", "meshes_iiwa/");
    UrdfExportOptions options;
    options.mesh_search_dirs = {(t / "spart").string()};
    const UrdfExportResult r = exportUrdfWithMeshes(iiwa, model_dir, out, options);
    QCOMPARE(int(r.copies.size()), 8);
    QVERIFY(fs::exists(t / "iiwa_meshes/link_7.stl"));
    QVERIFY(missingMeshes(loadModelDescription(out, nullptr), t.string()).empty());
  }

  void cliConvertCopiesMeshes() {
    QTemporaryDir tmp;
    const fs::path t = tmp.path().toStdString();
    const QString out = QString::fromStdString((t / "iiwa.urdf").string());
    test::Run run =
        test::runVms({"convert", QString::fromStdString(kKukaIiwa), out, "--copy-meshes"});
    QCOMPARE(run.status, 1);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY(run.err.contains("mesh files not found: 'meshes_kuka_iiwa/link_0.stl'"));
    QVERIFY(!fs::exists(out.toStdString()));

    makeMeshesFor(kKukaIiwa, t / "spart", "meshes_kuka_iiwa/", "meshes_iiwa/");
    run = test::runVms({"convert", QString::fromStdString(kKukaIiwa), out, "--copy-meshes",
                        "--mesh-dir", QString::fromStdString((t / "spart").string())});
    QCOMPARE(run.status, 0);
    QVERIFY(run.out.contains("8 mesh files copied to"));
    QVERIFY(fs::exists(t / "iiwa_meshes/link_7.stl"));

    run = test::runVms({"convert", QString::fromStdString(kKukaIiwa),
                        QString::fromStdString((t / "iiwa.vms.json").string()), "--copy-meshes"});
    QCOMPARE(run.status, 2);
    run = test::runVms({"convert", QString::fromStdString(kKukaIiwa), out, "--mesh-dir", "x"});
    QCOMPARE(run.status, 2);
  }
};

QTEST_APPLESS_MAIN(TestUrdfExport)
#include "test_urdf_export.moc"
