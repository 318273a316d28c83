#include "ui/panels/message_label.hpp"

#include <algorithm>

namespace vms::ui {

namespace {

constexpr QChar kZeroWidthSpace(0x200B);
constexpr int kShortLineCharacters = 30;

}  // namespace

MessageLabel::MessageLabel(QWidget* parent) : QLabel(parent) {
  setWordWrap(true);
  setTextFormat(Qt::PlainText);
  QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred, QSizePolicy::Label);
  policy.setHeightForWidth(true);
  setSizePolicy(policy);
}

MessageLabel::MessageLabel(const QString& text, QWidget* parent) : MessageLabel(parent) {
  setMessage(text);
}

QString MessageLabel::displayable(const QString& text, int max_characters) {
  QString shown = text;
  if (shown.size() > max_characters) shown = shown.left(max_characters - 1) + QChar(0x2026);
  QString out;
  out.reserve(shown.size() + shown.size() / kLongWord + 1);
  int run = 0;
  for (const QChar c : shown) {
    if (c.isSpace()) {
      run = 0;
    } else if (++run > kLongWord) {
      out += kZeroWidthSpace;
      run = 1;
    }
    out += c;
  }
  return out;
}

void MessageLabel::setMessage(const QString& text) {
  message_ = text;
  setText(displayable(text));
  setToolTip(text.size() > kMaxShownCharacters ? text : QString());
}

QSize MessageLabel::sizeHint() const {
  const QSize hint = QLabel::sizeHint();
  const int line = fontMetrics().averageCharWidth() * kShortLineCharacters;
  return QSize(std::min(hint.width(), line), hint.height());
}

QSize MessageLabel::minimumSizeHint() const {
  return QSize(fontMetrics().averageCharWidth() * 4, QLabel::minimumSizeHint().height());
}

}  // namespace vms::ui
