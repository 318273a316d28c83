#pragma once
// The log/messages panel: timestamped lines (info, warning, error), newest last.
#include <QWidget>

class QPlainTextEdit;

namespace vms::ui {

class LogPanel : public QWidget {
  Q_OBJECT
 public:
  enum class Level { Info, Warning, Error };
  explicit LogPanel(QWidget* parent = nullptr);
  void append(const QString& text, Level level = Level::Info);
  QString text() const;  // everything logged (tests)
  int lineCount() const { return lines_; }

 public slots:
  void info(const QString& text) { append(text, Level::Info); }
  void warning(const QString& text) { append(text, Level::Warning); }
  void error(const QString& text) { append(text, Level::Error); }

 private:
  QPlainTextEdit* view_;
  int lines_ = 0;
};

}  // namespace vms::ui
