#pragma once
// Getting pictures out of the render window: the rendered image as a QImage, the scene as
// glTF (vtkGLTFExporter, buffers inlined), and video recording (.ogv through VTK's Ogg
// Theora writer, .mp4 by piping raw frames to ffmpeg when it is on PATH).
#include <vtkRenderWindow.h>
#include <vtkSmartPointer.h>

#include <QImage>
#include <QString>
#include <functional>
#include <memory>
#include <vector>

class QProcess;
class vtkActor;
class vtkImageData;
class vtkOggTheoraWriter;

namespace vms::ui {

/// The window's last rendered frame (RGB, top row first); null image if the window is empty.
QImage captureRenderWindow(vtkRenderWindow* window);

/// The window's scene as glTF. Every mesh node is named: `name_of(actor)` if it returns a
/// non-empty name (the link's name; repeated names get "_2", "_3"), else "overlay_<n>"
/// (vtkGLTFExporter leaves the nodes unnamed).
bool exportSceneGltf(vtkRenderWindow* window, const QString& path, QString* error,
                     const std::function<QString(vtkActor*)>& name_of = {});

/// The actors vtkGLTFExporter writes as mesh nodes, in its order: the drawn renderers' visible
/// actors whose mapper input has polygons.
std::vector<vtkActor*> gltfNodeActors(vtkRenderWindow* window);

class VideoRecorder {
 public:
  VideoRecorder();
  ~VideoRecorder();
  /// Frame size is fixed here (rounded down to even); later frames are scaled to it.
  bool start(const QString& path, int fps, QSize frame_size, QString* error);
  bool addFrame(const QImage& image, QString* error = nullptr);
  bool stop(QString* error);
  bool isRecording() const { return ogg_ != nullptr || ffmpeg_ != nullptr; }
  int framesWritten() const { return frames_; }

 private:
  QImage fit(const QImage& image) const;
  QSize size_;
  int frames_ = 0;
  QString path_;
  vtkSmartPointer<vtkOggTheoraWriter> ogg_;
  vtkSmartPointer<vtkImageData> ogg_image_;
  std::unique_ptr<QProcess> ffmpeg_;
};

}  // namespace vms::ui
