#pragma once
// Saving a QCustomPlot as PNG (raster), PDF or SVG (vector), chosen by the file extension.
// Used by the panel's exports and by `vms plot`.
#include <QSize>
#include <QString>
#include <QStringList>

class QCustomPlot;

namespace vms::ui {

/// "png", "svg", "pdf".
QStringList supportedPlotFormats();
/// Lower-case suffix of `path` if supported, else empty.
QString plotFormatOf(const QString& path);

/// Renders `plot` at `size` (pixels; PDF/SVG use it as their page/view box) into `path`.
/// False with *error set if the extension is unsupported or the file cannot be written.
bool savePlot(QCustomPlot* plot, const QString& path, QSize size, QString* error = nullptr);

}  // namespace vms::ui
