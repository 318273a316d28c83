#include "ui/panels/log_panel.hpp"

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTime>
#include <QVBoxLayout>

namespace vms::ui {

LogPanel::LogPanel(QWidget* parent) : QWidget(parent), view_(new QPlainTextEdit(this)) {
  view_->setReadOnly(true);
  view_->setMaximumBlockCount(5000);
  view_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  auto* clear = new QPushButton(tr("Clear"), this);
  connect(clear, &QPushButton::clicked, view_, &QPlainTextEdit::clear);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(view_);
  layout->addWidget(clear, 0, Qt::AlignRight);
}

void LogPanel::append(const QString& text, Level level) {
  const char* tag = level == Level::Error ? "error" : level == Level::Warning ? "warning" : "info";
  const QString color = level == Level::Error     ? "#c0392b"
                        : level == Level::Warning ? "#b9770e"
                                                  : "#404040";
  const QString line = QStringLiteral("<span style=\"color:%1\">%2 [%3] %4</span>")
                           .arg(color, QTime::currentTime().toString("HH:mm:ss"),
                                QLatin1String(tag), text.toHtmlEscaped());
  view_->appendHtml(line);
  ++lines_;
}

QString LogPanel::text() const { return view_->toPlainText(); }

}  // namespace vms::ui
