#include "ui/app/window/start_page.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGridLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTextStream>
#include <QVBoxLayout>

#include "ui/app/window/example_catalog.hpp"
#include "ui/app/window/recent_files.hpp"

namespace vms::ui {

namespace {

QListWidget* pathList(const QString& object_name, QWidget* parent) {
  auto* list = new QListWidget(parent);
  list->setObjectName(object_name);
  list->setAlternatingRowColors(true);
  return list;
}

QLabel* heading(const QString& text, QWidget* parent) {
  auto* label = new QLabel(text, parent);
  QFont font = label->font();
  font.setBold(true);
  font.setPointSizeF(font.pointSizeF() * 1.2);
  label->setFont(font);
  return label;
}

}  // namespace

QString StartPage::exampleTitle(const QString& scenario_path) {
  const QFileInfo info(scenario_path);
  QFile note(info.absoluteDir().absoluteFilePath(ExampleCatalog::stem(scenario_path) + ".md"));
  if (note.open(QIODevice::ReadOnly | QIODevice::Text)) {
    QTextStream in(&note);
    while (!in.atEnd()) {
      const QString line = in.readLine().trimmed();
      if (line.startsWith('#')) return line.mid(line.indexOf(' ') + 1).trimmed();
    }
  }
  return ExampleCatalog::stem(scenario_path);
}

StartPage::StartPage(QWidget* parent)
    : QWidget(parent),
      recent_(pathList("recentFiles", this)),
      examples_(pathList("examples", this)),
      open_(new QPushButton(tr("Open a model or scenario…"), this)) {
  setObjectName("startPage");
  auto* title = new QLabel(tr("<h1>VMS Workbench</h1>"
                              "<p>Robot arms on spacecraft, rovers and underwater vehicles: "
                              "design, simulate, and show why the vehicle moves when the arm "
                              "does.</p>"
                              "<p>Open a scenario or a model (.scenario.json, .vms.json, "
                              ".urdf), drop one on this window, or start from an example. Help "
                              "&gt; Documentation has the guides.</p>"),
                           this);
  title->setWordWrap(true);
  open_->setObjectName("openButton");
  open_->setToolTip(tr("Ctrl+O"));
  auto* layout = new QGridLayout(this);
  layout->setContentsMargins(32, 24, 32, 24);
  layout->setHorizontalSpacing(32);
  layout->addWidget(title, 0, 0, 1, 2);
  auto* left = new QVBoxLayout;
  left->addWidget(open_);
  // A new model from a template (File > New).
  auto* new_model = new QPushButton(tr("New model from a template…"), this);
  new_model->setObjectName("newButton");
  new_model->setToolTip(tr("Ctrl+N"));
  connect(new_model, &QPushButton::clicked, this, &StartPage::newRequested);
  left->addWidget(new_model);
  left->addSpacing(12);
  left->addWidget(heading(tr("Recent files"), this));
  left->addWidget(recent_, 1);
  layout->addLayout(left, 1, 0);
  auto* right = new QVBoxLayout;
  right->addWidget(heading(tr("Examples"), this));
  right->addWidget(examples_, 1);
  layout->addLayout(right, 1, 1);
  layout->setColumnStretch(0, 2);
  layout->setColumnStretch(1, 3);
  layout->setRowStretch(1, 1);

  connect(open_, &QPushButton::clicked, this, &StartPage::openDialogRequested);
  // Entries open with one click, like links (and with Return); titles wrap instead of being cut.
  for (QListWidget* list : {recent_, examples_}) {
    list->setWordWrap(true);
    list->setTextElideMode(Qt::ElideNone);
    auto open = [this](QListWidgetItem* item) {
      const QString path = item ? item->data(Qt::UserRole).toString() : QString();
      if (!path.isEmpty()) emit openRequested(path);
    };
    connect(list, &QListWidget::itemClicked, this, open);
    connect(list, &QListWidget::itemActivated, this, [open](QListWidgetItem* item) {
      if (QGuiApplication::mouseButtons() == Qt::NoButton) open(item);  // the keyboard's
    });
  }
  refresh();
}

void StartPage::refresh() {
  recent_->clear();
  for (const QString& file : RecentFiles::load()) {
    auto* item = new QListWidgetItem(QFileInfo(file).fileName(), recent_);
    item->setData(Qt::UserRole, file);
    item->setToolTip(file);
  }
  if (recent_->count() == 0) {
    auto* none = new QListWidgetItem(tr("(none yet)"), recent_);
    none->setFlags(Qt::NoItemFlags);
  }
  examples_->clear();
  for (const Example& example : ExampleCatalog::examples()) {
    auto* item = new QListWidgetItem(tr("%1\n    %2").arg(exampleTitle(example.path), example.name),
                                     examples_);
    item->setData(Qt::UserRole, example.path);
    item->setToolTip(example.path);
  }
  if (examples_->count() == 0) {
    auto* none =
        new QListWidgetItem(tr("(no models/ folder found: set VMS_MODELS_DIR)"), examples_);
    none->setFlags(Qt::NoItemFlags);
  }
}

}  // namespace vms::ui
