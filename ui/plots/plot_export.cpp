#include "ui/plots/plot_export.hpp"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

#include "ui/plots/plot_style.hpp"

namespace vms::ui {

namespace {

bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}

bool saveSvg(QCustomPlot* plot, const QString& path, QSize size) {
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(size);
  svg.setViewBox(QRect(QPoint(0, 0), size));
  svg.setTitle(QStringLiteral("VMS Workbench plot"));
  svg.setDescription(QStringLiteral("Rendered by VMS Workbench (QCustomPlot)"));
  QCPPainter painter;
  if (!painter.begin(&svg)) return false;
  painter.setMode(QCPPainter::pmVectorized);
  painter.setMode(QCPPainter::pmNoCaching);
  plot->toPainter(&painter, size.width(), size.height());
  return painter.end();
}

bool savePng(QCustomPlot* plot, const QString& path, QSize pixels, QSize layout) {
  QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  const double scale = double(pixels.width()) / layout.width();
  {
    // Drawn at the image's default resolution, the one the layout's font metrics use: the
    // painter's scale alone enlarges text and lines. A resolution set before drawing would
    // enlarge the text a second time (point sizes become pixels through the device's dpi)
    // and push it out of the boxes the layout made for it.
    QCPPainter painter(&image);
    painter.scale(scale, double(pixels.height()) / layout.height());
    plot->toPainter(&painter, layout.width(), layout.height());
  }
  const int dots_per_metre = static_cast<int>(std::lround(scale * 96.0 / 0.0254));
  image.setDotsPerMeterX(dots_per_metre);
  image.setDotsPerMeterY(dots_per_metre);
  return image.save(path, "PNG");
}

}  // namespace

QStringList supportedPlotFormats() {
  return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")};
}

QString plotFormatOf(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return supportedPlotFormats().contains(suffix) ? suffix : QString();
}

bool savePlot(QCustomPlot* plot, const QString& path, QSize size, QString* error, double scale) {
  if (!plot) return fail(error, QStringLiteral("no plot"));
  const QString format = plotFormatOf(path);
  if (format.isEmpty())
    return fail(error, path + ": unsupported figure format (expected .png, .svg or .pdf)");
  if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000)
    return fail(error, QStringLiteral("figure size %1 x %2 is out of range (16 .. 20000 pixels)")
                           .arg(size.width())
                           .arg(size.height()));
  if (!(scale >= 0.25 && scale <= 8.0))
    return fail(error, QStringLiteral("figure scale %1 is out of range (0.25 .. 8)").arg(scale));
  const QSize layout(std::max(16, static_cast<int>(std::lround(size.width() / scale))),
                     std::max(16, static_cast<int>(std::lround(size.height() / scale))));
  QFile::remove(path);  // so that a failed write is not mistaken for an old file
  const AntialiasedExport antialiased(plot);
  // Lay out for the figure's size (legend wrapping listens to beforeReplot), not the widget's.
  const QRect viewport = plot->viewport();
  plot->setViewport(QRect(QPoint(0, 0), layout));
  emit plot->beforeReplot();
  bool ok = false;
  if (format == "png")
    ok = savePng(plot, path, size, layout);
  else if (format == "pdf")
    ok = plot->savePdf(path, layout.width(), layout.height(), QCP::epNoCosmetic,
                       QStringLiteral("VMS Workbench"));
  else
    ok = saveSvg(plot, path, layout);
  plot->setViewport(viewport);
  if (!ok || QFileInfo(path).size() == 0) return fail(error, path + ": cannot write the figure");
  return true;
}

}  // namespace vms::ui
