#include "ui/view3d/mesh_loader.hpp"

#include <assimp/config.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyDataNormals.h>

#include <QDir>
#include <assimp/Importer.hpp>

#include "core/io/mesh_files.hpp"
#include "ui/view3d/mesh_search_folders.hpp"

namespace vms::ui {
QString resolveMeshPath(const QString& uri, const QString& model_dir) {
  std::vector<std::string> search;
  for (const QString& f : meshSearchFolders(model_dir)) search.push_back(f.toStdString());
  return QString::fromStdString(
      resolveMeshFile(uri.toStdString(), model_dir.toStdString(), search));
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
