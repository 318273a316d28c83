#include "ui/view3d/merged_mesh.hpp"

#include <vtkAppendPolyData.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkPointData.h>
#include <vtkPolyDataMapper.h>

#include <cmath>

namespace vms::ui {

MergedMesh::MergedMesh()
    : actor_(vtkSmartPointer<vtkActor>::New()), data_(vtkSmartPointer<vtkPolyData>::New()) {
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(data_);
  mapper->ScalarVisibilityOff();
  actor_->SetMapper(mapper);
}

int MergedMesh::add(vtkPolyData* source) {
  Piece piece;
  piece.source = source;
  pieces_.push_back(piece);
  return int(pieces_.size()) - 1;
}

void MergedMesh::clear() {
  pieces_.clear();
  local_points_.clear();
  local_normals_.clear();
  points_ = nullptr;
  normals_ = nullptr;
  has_colors_ = false;
  data_->Initialize();
  data_->Modified();
}

void MergedMesh::build() {
  local_points_.clear();
  local_normals_.clear();
  points_ = vtkSmartPointer<vtkPoints>::New();
  points_->SetDataTypeToFloat();
  normals_ = nullptr;
  has_colors_ = false;
  data_->Initialize();
  auto* mapper = vtkPolyDataMapper::SafeDownCast(actor_->GetMapper());
  if (pieces_.empty()) {
    data_->SetPoints(points_);
    data_->Modified();
    return;
  }
  // vtkAppendPolyData keeps the point arrays every input has, and appends the points input
  // after input: piece k's points follow piece k-1's.
  auto append = vtkSmartPointer<vtkAppendPolyData>::New();
  vtkIdType first = 0;
  for (Piece& piece : pieces_) {
    append->AddInputData(piece.source);
    piece.first = first;
    piece.count = piece.source->GetNumberOfPoints();
    first += piece.count;
  }
  append->Update();
  vtkPolyData* merged = append->GetOutput();
  const vtkIdType n = merged->GetNumberOfPoints();
  local_points_.resize(size_t(3 * n));
  points_->SetNumberOfPoints(n);
  for (vtkIdType i = 0; i < n; ++i) {
    double p[3];
    merged->GetPoint(i, p);
    for (int k = 0; k < 3; ++k) local_points_[size_t(3 * i + k)] = float(p[k]);
    points_->SetPoint(i, p);
  }
  data_->SetPoints(points_);
  if (vtkDataArray* normals = merged->GetPointData()->GetNormals()) {
    normals_ = vtkSmartPointer<vtkFloatArray>::New();
    normals_->SetName("Normals");
    normals_->SetNumberOfComponents(3);
    normals_->SetNumberOfTuples(n);
    local_normals_.resize(size_t(3 * n));
    for (vtkIdType i = 0; i < n; ++i) {
      double v[3];
      normals->GetTuple(i, v);
      for (int k = 0; k < 3; ++k) local_normals_[size_t(3 * i + k)] = float(v[k]);
      normals_->SetTuple(i, v);
    }
    data_->GetPointData()->SetNormals(normals_);
  }
  if (vtkDataArray* colors = merged->GetPointData()->GetScalars()) {
    data_->GetPointData()->SetScalars(colors);
    has_colors_ = true;
  }
  data_->SetVerts(merged->GetVerts());
  data_->SetLines(merged->GetLines());
  data_->SetPolys(merged->GetPolys());
  data_->SetStrips(merged->GetStrips());
  if (mapper) {
    mapper->SetScalarVisibility(has_colors_);
    if (has_colors_) {
      mapper->SetScalarModeToUsePointData();
      mapper->SetColorModeToDirectScalars();
    }
  }
  data_->Modified();
}

void MergedMesh::place(int index, const Mat3& linear, const Vec3& offset) {
  if (index < 0 || size_t(index) >= pieces_.size() || !points_) return;
  const Piece& piece = pieces_[size_t(index)];
  const Eigen::Matrix3f L = linear.cast<float>();
  const Eigen::Vector3f o = offset.cast<float>();
  float* out = static_cast<float*>(points_->GetVoidPointer(0));
  for (vtkIdType i = piece.first; i < piece.first + piece.count; ++i) {
    const Eigen::Map<const Eigen::Vector3f> p(&local_points_[size_t(3 * i)]);
    Eigen::Map<Eigen::Vector3f>(out + 3 * i) = L * p + o;
  }
  if (!normals_) return;
  const double det = linear.determinant();
  if (!(std::abs(det) > 1e-300) || !std::isfinite(det)) return;
  const Eigen::Matrix3f N = linear.inverse().transpose().cast<float>();
  float* nout = normals_->GetPointer(0);
  for (vtkIdType i = piece.first; i < piece.first + piece.count; ++i) {
    const Eigen::Map<const Eigen::Vector3f> v(&local_normals_[size_t(3 * i)]);
    Eigen::Vector3f w = N * v;
    const float norm = w.norm();
    if (norm > 0.0f) w /= norm;
    Eigen::Map<Eigen::Vector3f>(nout + 3 * i) = w;
  }
}

void MergedMesh::commit() {
  if (!points_) return;
  // The mapper re-uploads an array whose own time stamp changed (vtkPoints::Modified does not
  // touch its data array).
  points_->GetData()->Modified();
  points_->Modified();
  if (normals_) normals_->Modified();
  data_->Modified();
}

}  // namespace vms::ui
