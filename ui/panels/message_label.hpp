#pragma once
// A label for status and refusal messages ("Refused: 'xxxx…' is not a number", a long file
// path): it wraps, also inside a word longer than the label is wide, and never asks for more
// width than a short line, so that no message can widen its dock or push the main window off
// the screen. A message too long to show whole is cut with "…" and kept whole in the tooltip.
#include <QLabel>

namespace vms::ui {

class MessageLabel : public QLabel {
  Q_OBJECT
 public:
  /// Longest message shown (characters); the rest is in the tooltip.
  static constexpr int kMaxShownCharacters = 400;
  /// A word longer than this may be broken anywhere.
  static constexpr int kLongWord = 24;

  explicit MessageLabel(QWidget* parent = nullptr);
  explicit MessageLabel(const QString& text, QWidget* parent = nullptr);

  /// Shows `text` (plain text) as described above; the tooltip holds it whole when cut.
  void setMessage(const QString& text);
  /// The message as given to setMessage (without the inserted break opportunities).
  QString message() const { return message_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

  /// `text` shortened to `max_characters` (with "…") and with a break opportunity (a zero-width
  /// space) every kLongWord characters of a longer word.
  static QString displayable(const QString& text, int max_characters = kMaxShownCharacters);

 private:
  QString message_;
};

}  // namespace vms::ui
