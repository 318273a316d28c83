#include "ui/view3d/scene_exporters.hpp"

#include <vtkActor.h>
#include <vtkActorCollection.h>
#include <vtkCompositeDataIterator.h>
#include <vtkCompositeDataSet.h>
#include <vtkGLTFExporter.h>
#include <vtkImageData.h>
#include <vtkMapper.h>
#include <vtkOggTheoraWriter.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPropCollection.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>
#include <vtkUnsignedCharArray.h>
#include <vtkWindowToImageFilter.h>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <cstring>

namespace vms::ui {

QImage captureRenderWindow(vtkRenderWindow* window) {
  if (!window) return {};
  auto filter = vtkSmartPointer<vtkWindowToImageFilter>::New();
  filter->SetInput(window);
  filter->SetInputBufferTypeToRGB();
  filter->ReadFrontBufferOff();
  filter->ShouldRerenderOff();
  filter->Update();
  vtkImageData* data = filter->GetOutput();
  int dims[3];
  data->GetDimensions(dims);
  auto* scalars = vtkUnsignedCharArray::SafeDownCast(data->GetPointData()->GetScalars());
  if (!scalars || dims[0] <= 0 || dims[1] <= 0 || scalars->GetNumberOfComponents() < 3) return {};
  const int w = dims[0], h = dims[1], nc = scalars->GetNumberOfComponents();
  QImage image(w, h, QImage::Format_RGB888);
  const unsigned char* src = scalars->GetPointer(0);
  for (int y = 0; y < h; ++y) {  // VTK's first row is the bottom one
    uchar* dst = image.scanLine(h - 1 - y);
    const unsigned char* row = src + size_t(y) * size_t(w) * size_t(nc);
    if (nc == 3) {
      std::memcpy(dst, row, size_t(w) * 3);
    } else {
      for (int x = 0; x < w; ++x)
        for (int c = 0; c < 3; ++c) dst[3 * x + c] = row[nc * x + c];
    }
  }
  return image;
}

namespace {

bool hasPolygons(vtkDataObject* data) {
  if (auto* pd = vtkPolyData::SafeDownCast(data)) return pd->GetNumberOfCells() > 0;
  if (auto* composite = vtkCompositeDataSet::SafeDownCast(data)) {
    auto it = vtkSmartPointer<vtkCompositeDataIterator>::Take(composite->NewIterator());
    for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem())
      if (hasPolygons(it->GetCurrentDataObject())) return true;
  }
  return false;
}

/// Names the mesh nodes (and their meshes) of the glTF file at `path`, in order.
bool nameNodes(const QString& path, const QStringList& names) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return false;
  QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
  file.close();
  QJsonArray nodes = root.value("nodes").toArray();
  QJsonArray meshes = root.value("meshes").toArray();
  int k = 0;
  for (int i = 0; i < nodes.size(); ++i) {
    QJsonObject node = nodes[i].toObject();
    if (!node.contains("mesh")) continue;
    if (k >= names.size()) return false;  // not the order expected: leave the file as is
    node["name"] = names[k];
    const int m = node.value("mesh").toInt(-1);
    if (m >= 0 && m < meshes.size()) {
      QJsonObject mesh = meshes[m].toObject();
      mesh["name"] = names[k];
      meshes[m] = mesh;
    }
    nodes[i] = node;
    ++k;
  }
  if (k != names.size()) return false;
  root["nodes"] = nodes;
  root["meshes"] = meshes;
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
  return file.write(QJsonDocument(root).toJson(QJsonDocument::Compact)) > 0;
}

}  // namespace

std::vector<vtkActor*> gltfNodeActors(vtkRenderWindow* window) {
  // The traversal of vtkGLTFExporter::WriteToStream (VTK 9.1).
  std::vector<vtkActor*> actors;
  vtkRendererCollection* renderers = window->GetRenderers();
  renderers->InitTraversal();
  while (vtkRenderer* ren = renderers->GetNextItem()) {
    if (!ren->GetDraw()) continue;
    vtkPropCollection* props = ren->GetViewProps();
    vtkCollectionSimpleIterator pit;
    props->InitTraversal(pit);
    while (vtkProp* prop = props->GetNextProp(pit)) {
      if (!prop->GetVisibility()) continue;
      auto collection = vtkSmartPointer<vtkActorCollection>::New();
      prop->GetActors(collection);
      vtkCollectionSimpleIterator ait;
      collection->InitTraversal(ait);
      while (vtkActor* actor = collection->GetNextActor(ait)) {
        vtkMapper* mapper = actor->GetMapper();
        if (!mapper || !actor->GetVisibility()) continue;
        if (hasPolygons(mapper->GetInputDataObject(0, 0))) actors.push_back(actor);
      }
    }
  }
  return actors;
}

bool exportSceneGltf(vtkRenderWindow* window, const QString& path, QString* error,
                     const std::function<QString(vtkActor*)>& name_of) {
  auto fail = [&](const QString& why) {
    if (error) *error = why;
    return false;
  };
  if (!window) return fail("no 3D view");
  if (!path.endsWith(".gltf", Qt::CaseInsensitive)) return fail("the file name must end in .gltf");
  auto exporter = vtkSmartPointer<vtkGLTFExporter>::New();
  exporter->SetRenderWindow(window);
  exporter->SetFileName(path.toLocal8Bit().constData());
  exporter->InlineDataOn();
  exporter->SaveNormalOn();
  exporter->Write();
  QFileInfo info(path);
  if (!info.exists() || info.size() == 0) return fail("could not write " + path);
  QStringList names;
  QSet<QString> used;
  int overlay = 0;
  for (vtkActor* actor : gltfNodeActors(window)) {
    QString name = name_of ? name_of(actor) : QString();
    if (name.isEmpty()) name = QStringLiteral("overlay_%1").arg(overlay++);
    QString unique = name;
    for (int n = 2; used.contains(unique); ++n) unique = QStringLiteral("%1_%2").arg(name).arg(n);
    used.insert(unique);
    names << unique;
  }
  if (!nameNodes(path, names)) return fail("could not name the nodes of " + path);
  return true;
}

VideoRecorder::VideoRecorder() = default;

VideoRecorder::~VideoRecorder() {
  QString ignored;
  if (isRecording()) stop(&ignored);
}

bool VideoRecorder::start(const QString& path, int fps, QSize frame_size, QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = why;
    ogg_ = nullptr;
    ffmpeg_.reset();
    return false;
  };
  if (isRecording()) return fail("already recording");
  size_ = QSize(frame_size.width() & ~1, frame_size.height() & ~1);
  if (size_.width() < 16 || size_.height() < 16) return fail("the 3D view is too small to record");
  fps = std::clamp(fps, 1, 120);
  frames_ = 0;
  path_ = path;
  if (path.endsWith(".ogv", Qt::CaseInsensitive) || path.endsWith(".ogg", Qt::CaseInsensitive)) {
    ogg_image_ = vtkSmartPointer<vtkImageData>::New();
    ogg_image_->SetDimensions(size_.width(), size_.height(), 1);
    ogg_image_->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
    ogg_ = vtkSmartPointer<vtkOggTheoraWriter>::New();
    ogg_->SetInputData(ogg_image_);
    ogg_->SetFileName(path.toLocal8Bit().constData());
    ogg_->SetRate(fps);
    ogg_->SetQuality(2);
    ogg_->SetSubsampling(1);
    ogg_->Start();
    if (ogg_->GetError()) return fail("cannot start the Ogg Theora writer for " + path);
    return true;
  }
  if (path.endsWith(".mp4", Qt::CaseInsensitive)) {
    const QString ffmpeg = QStandardPaths::findExecutable("ffmpeg");
    if (ffmpeg.isEmpty())
      return fail("MP4 needs ffmpeg, which is not installed (not on PATH); record .ogv instead");
    ffmpeg_ = std::make_unique<QProcess>();
    ffmpeg_->setProgram(ffmpeg);
    ffmpeg_->setArguments({"-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s",
                           QString("%1x%2").arg(size_.width()).arg(size_.height()), "-r",
                           QString::number(fps), "-i", "-", "-an", "-c:v", "libx264", "-pix_fmt",
                           "yuv420p", path});
    ffmpeg_->start();
    if (!ffmpeg_->waitForStarted(5000)) return fail("cannot start ffmpeg");
    return true;
  }
  return fail("unknown video format (use .ogv or .mp4): " + path);
}

QImage VideoRecorder::fit(const QImage& image) const {
  QImage rgb = image.convertToFormat(QImage::Format_RGB888);
  if (rgb.size() != size_) rgb = rgb.scaled(size_, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
  return rgb;
}

bool VideoRecorder::addFrame(const QImage& image, QString* error) {
  if (!isRecording() || image.isNull()) return false;
  const QImage rgb = fit(image);
  const int w = size_.width(), h = size_.height();
  if (ogg_) {
    auto* dst = static_cast<unsigned char*>(ogg_image_->GetScalarPointer());
    for (int y = 0; y < h; ++y)  // bottom row first for VTK
      std::memcpy(dst + size_t(y) * size_t(w) * 3, rgb.constScanLine(h - 1 - y), size_t(w) * 3);
    ogg_image_->Modified();
    ogg_->Write();
    if (ogg_->GetError()) {
      if (error) *error = "the Ogg Theora writer failed";
      return false;
    }
  } else {
    for (int y = 0; y < h; ++y)
      ffmpeg_->write(reinterpret_cast<const char*>(rgb.constScanLine(y)), qint64(w) * 3);
  }
  ++frames_;
  return true;
}

bool VideoRecorder::stop(QString* error) {
  if (!isRecording()) {
    if (error) *error = "not recording";
    return false;
  }
  bool ok = true;
  if (ogg_) {
    ogg_->End();
    ok = !ogg_->GetError();
    ogg_ = nullptr;
    ogg_image_ = nullptr;
    if (!ok && error) *error = "the Ogg Theora writer failed to finish " + path_;
  } else {
    ffmpeg_->closeWriteChannel();
    ok = ffmpeg_->waitForFinished(60000) && ffmpeg_->exitStatus() == QProcess::NormalExit &&
         ffmpeg_->exitCode() == 0;
    if (!ok && error)
      *error = "ffmpeg failed: " + QString::fromLocal8Bit(ffmpeg_->readAllStandardError());
    ffmpeg_.reset();
  }
  if (ok && frames_ == 0) {
    ok = false;
    if (error) *error = "no frames were recorded";
  }
  return ok;
}

}  // namespace vms::ui
