#include "ui/view3d/mesh_mass.hpp"

#include <vtkCellArray.h>
#include <vtkIdList.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <array>
#include <vector>

#include "core/model/mass_from_shape.hpp"
#include "ui/view3d/mesh_loader.hpp"

namespace vms::ui {

std::optional<Inertial> meshInertial(const Visual& v, const QString& model_dir, double density,
                                     QString* error) {
  const QString uri = QString::fromStdString(v.mesh);
  const QString path = resolveMeshPath(uri, model_dir);
  if (path.isEmpty()) {
    if (error) *error = QString("mesh '%1': not found").arg(uri);
    return std::nullopt;
  }
  QString problem;
  vtkSmartPointer<vtkPolyData> data = loadMesh(path, &problem);
  if (!data) {
    if (error) *error = QString("mesh '%1': %2").arg(uri, problem);
    return std::nullopt;
  }
  const Mat3 linear = v.origin.R * v.mesh_scale.asDiagonal();
  std::vector<Vec3> points(size_t(data->GetNumberOfPoints()));
  for (vtkIdType i = 0; i < data->GetNumberOfPoints(); ++i) {
    double x[3];
    data->GetPoint(i, x);
    points[size_t(i)] = linear * Vec3(x[0], x[1], x[2]) + v.origin.p;
  }
  std::vector<std::array<int, 3>> triangles;
  auto ids = vtkSmartPointer<vtkIdList>::New();
  vtkCellArray* polys = data->GetPolys();
  polys->InitTraversal();
  while (polys->GetNextCell(ids))
    for (vtkIdType k = 1; k + 1 < ids->GetNumberOfIds(); ++k)  // fan: triangles stay as they are
      triangles.push_back({int(ids->GetId(0)), int(ids->GetId(k)), int(ids->GetId(k + 1))});
  // A mirrored scale turns the winding inside out: inertialFromTriangles takes either.
  return inertialFromTriangles(points, triangles, density);
}

}  // namespace vms::ui
