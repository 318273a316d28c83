#include "ui/view3d/mesh_loader.hpp"

#include <assimp/config.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyDataNormals.h>

#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QUrl>
#include <assimp/Importer.hpp>

namespace vms::ui {
namespace {

QString existingFile(const QString& path) {
  QFileInfo info(path);
  return info.exists() && info.isFile() ? info.absoluteFilePath() : QString();
}

/// package://PKG/REST: a folder named PKG in model_dir or above (or model_dir's ancestors being
/// PKG themselves), then ROS_PACKAGE_PATH entries.
QString resolvePackage(const QString& rest, const QString& model_dir) {
  const int slash = rest.indexOf('/');
  if (slash <= 0) return {};
  const QString package = rest.left(slash);
  const QString inside = rest.mid(slash + 1);
  QDir dir(model_dir.isEmpty() ? QDir::currentPath() : model_dir);
  for (int depth = 0; depth < 32; ++depth) {
    if (dir.dirName() == package) {
      if (QString f = existingFile(dir.filePath(inside)); !f.isEmpty()) return f;
    }
    if (QString f = existingFile(dir.filePath(package + "/" + inside)); !f.isEmpty()) return f;
    if (!dir.cdUp()) break;
  }
  const QString ros = QProcessEnvironment::systemEnvironment().value("ROS_PACKAGE_PATH");
  for (const QString& root : ros.split(':', Qt::SkipEmptyParts)) {
    if (QString f = existingFile(QDir(root).filePath(package + "/" + inside)); !f.isEmpty())
      return f;
  }
  return {};
}

}  // namespace

QString resolveMeshPath(const QString& uri, const QString& model_dir) {
  const QString text = uri.trimmed();
  if (text.isEmpty()) return {};
  if (text.startsWith("package://", Qt::CaseInsensitive))
    return resolvePackage(text.mid(int(std::strlen("package://"))), model_dir);
  if (text.startsWith("file://", Qt::CaseInsensitive)) {
    const QString local = QUrl(text).toLocalFile();
    return existingFile(local.isEmpty() ? text.mid(7) : local);
  }
  if (QFileInfo(text).isAbsolute()) return existingFile(text);
  return existingFile(QDir(model_dir.isEmpty() ? QDir::currentPath() : model_dir).filePath(text));
}

vtkSmartPointer<vtkPolyData> loadMesh(const QString& path, QString* error,
                                      std::optional<Vec3>* color) {
  if (color) color->reset();
  auto fail = [&](const QString& why) -> vtkSmartPointer<vtkPolyData> {
    if (error) *error = why;
    return nullptr;
  };
  try {
    Assimp::Importer importer;
    // URDF meshes are in link coordinates: keep COLLADA's axes as written.
    importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, true);
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE,
                                aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    const aiScene* scene = importer.ReadFile(
        path.toStdString(), aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                aiProcess_PreTransformVertices | aiProcess_SortByPType);
    if (!scene || !scene->mRootNode) return fail(QString::fromStdString(importer.GetErrorString()));
    auto points = vtkSmartPointer<vtkPoints>::New();
    auto polys = vtkSmartPointer<vtkCellArray>::New();
    unsigned largest_faces = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
      const aiMesh* mesh = scene->mMeshes[m];
      if (!mesh || !(mesh->mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) continue;
      if (color && mesh->mNumFaces > largest_faces && mesh->mMaterialIndex < scene->mNumMaterials) {
        largest_faces = mesh->mNumFaces;
        const aiMaterial* material = scene->mMaterials[mesh->mMaterialIndex];
        aiColor4D c;
        if (material->Get(AI_MATKEY_BASE_COLOR, c) == AI_SUCCESS ||
            material->Get(AI_MATKEY_COLOR_DIFFUSE, c) == AI_SUCCESS)
          *color = Vec3(c.r, c.g, c.b).cwiseMax(0.0).cwiseMin(1.0);
        else
          color->reset();
      }
      const vtkIdType offset = points->GetNumberOfPoints();
      for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        const aiVector3D& p = mesh->mVertices[v];
        points->InsertNextPoint(p.x, p.y, p.z);
      }
      for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        const aiFace& face = mesh->mFaces[f];
        if (face.mNumIndices != 3) continue;
        vtkIdType ids[3];
        bool ok = true;
        for (int k = 0; k < 3; ++k) {
          ok = ok && face.mIndices[k] < mesh->mNumVertices;
          ids[k] = offset + vtkIdType(face.mIndices[k]);
        }
        if (ok) polys->InsertNextCell(3, ids);
      }
    }
    if (polys->GetNumberOfCells() == 0) return fail("no triangles in the file");
    auto poly = vtkSmartPointer<vtkPolyData>::New();
    poly->SetPoints(points);
    poly->SetPolys(polys);
    auto normals = vtkSmartPointer<vtkPolyDataNormals>::New();
    normals->SetInputData(poly);
    normals->SetFeatureAngle(40.0);
    normals->SplittingOn();
    normals->ConsistencyOn();
    normals->Update();
    auto out = vtkSmartPointer<vtkPolyData>::New();
    out->ShallowCopy(normals->GetOutput());
    return out;
  } catch (const std::exception& e) {
    return fail(QString::fromUtf8(e.what()));
  } catch (...) {
    return fail("unknown error while reading the mesh");
  }
}

}  // namespace vms::ui
