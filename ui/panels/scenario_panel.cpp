#include "ui/panels/scenario_panel.hpp"

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <cmath>
#include <functional>
#include <map>

#include "core/scenario/scenario_edit.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/scenario_keys.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/number_text.hpp"
#include "ui/document/qt_strings.hpp"
#include "ui/document/scenario_builder.hpp"
#include "ui/panels/message_label.hpp"

namespace vms::ui {

namespace {

/// The three fields of a vector, named "<prefix>.x/y/z" (or the given suffixes).
QWidget* vectorRow(const QString& prefix, std::map<QString, QLineEdit*>* lines,
                   const QStringList& suffixes = {"x", "y", "z"}) {
  auto* row = new QWidget;
  auto* h = new QHBoxLayout(row);
  h->setContentsMargins(0, 0, 0, 0);
  for (const QString& s : suffixes) {
    auto* e = new QLineEdit;
    e->setObjectName(prefix + "." + s);
    e->setMinimumWidth(50);
    h->addWidget(e);
    (*lines)[e->objectName()] = e;
  }
  return row;
}

}  // namespace

struct ScenarioPanel::Impl {
  ScenarioPanel* self = nullptr;
  ModelDocument* document = nullptr;
  std::map<QString, QLineEdit*> lines;
  std::map<QString, QComboBox*> combos;
  QTableWidget* joints = nullptr;
  QComboBox* section = nullptr;
  QPlainTextEdit* controllers = nullptr;  // the chosen section's JSON
  QPushButton* apply = nullptr;
  MessageLabel* status = nullptr;
  QLabel* environment_kind = nullptr;
  QWidget* body = nullptr;
  QString problem;
  bool filling = false;

  /// Any open document: a bare model gets a scenario of its own with its first scenario edit.
  bool editable() const { return document->isOpen(); }

  QString baseDir() const { return QFileInfo(document->path()).absolutePath(); }

  void fail(const QString& message) {
    problem = message;
    status->setMessage(tr("Refused: %1").arg(message));
    emit self->problem(message);
    refresh();  // the fields show the values in effect again
  }

  /// Applies `change` to a copy of the scenario, checks it with the scenario file reader (its
  /// ranges and messages: what `vms run` would say), and commits it as one undo step.
  bool edit(const std::function<std::string(ScenarioDescription&)>& change, const QString& what) {
    if (!editable()) {
      fail(tr("no model open"));
      return false;
    }
    // A bare model runs in an open-ended default scenario: the first edit gives it one of its
    // own (an undo step of its own, taken back if the edit is refused).
    bool gave_scenario = false;
    if (!document->isScenarioFile()) {
      QString error;
      if (!document->giveScenario(&error)) {
        fail(error);
        return false;
      }
      gave_scenario = true;
    }
    auto refuse = [&](const QString& message) {
      if (gave_scenario) document->undoStack()->undo();
      fail(message);
      return false;
    };
    ScenarioDescription s = document->scenarioDescription();
    if (const std::string problem_text = change(s); !problem_text.empty())
      return refuse(qstr(problem_text));
    try {
      ScenarioDescription read = parseScenarioDescription(
          writeScenarioJson(s), document->path().toStdString(), baseDir().toStdString());
      read.model = s.model;
      read.source = s.source;
      if (read.initial_state && s.initial_state)
        read.initial_state->source = s.initial_state->source;
      s = std::move(read);
    } catch (const std::exception& e) {
      return refuse(qstr(e.what()));
    }
    QString error;
    if (!document->setScenario(s, what, &error)) return refuse(error);
    problem.clear();
    emit self->problem(QString());
    refresh();
    return true;
  }

  /// The scenario's initial state written out in full (inline, model joint order), for an edit.
  StateDescription& inlineState(ScenarioDescription& s) {
    const Scenario& compiled = document->scenario();
    if (!s.initial_state) s.initial_state = StateReference{};
    StateReference& r = *s.initial_state;
    r.path.clear();
    r.source = s.source + ": initial_state";
    StateDescription& d = r.description;
    const int n = compiled.model.njoints;
    auto vector = [](const VecX& v) { return std::vector<double>(v.data(), v.data() + v.size()); };
    if (!d.q || int(d.q->size()) != n) d.q = vector(compiled.initial_state.q);
    if (!d.qd || int(d.qd->size()) != n) d.qd = vector(compiled.initial_state.qd);
    if (d.joint_names) d.joint_names = compiled.model.joint_names;
    return d;
  }

  static std::string number(const QString& text, double* out) {
    const auto x = parseNumberText(text);
    if (!x) return "'" + text.toStdString() + "' is not a number";
    *out = *x;
    return {};
  }

  /// A simple key's field (a row of scenarioKeys() with a line editor): its value from the
  /// text, checked by the row (its message, as the file reader gives it).
  bool setKeyText(const ScenarioKey& k, const QString& t, const QString& what) {
    std::optional<ScenarioValue> value;
    if (k.type == ScenarioKey::Type::Text) {
      if (!t.isEmpty() || k.required) value = t.toStdString();
    } else if (!t.isEmpty() || k.required) {
      double x = 0.0;
      if (const std::string bad = number(t, &x); !bad.empty()) {
        fail(qstr(bad));
        return false;
      }
      value = x;
    }
    return edit(
        [&](ScenarioDescription& s) -> std::string {
          if (value && k.problem)
            if (const std::string problem = k.problem(*value); !problem.empty())
              return std::string(k.name) + ": " + problem;
          k.set(s, value);
          return {};
        },
        what);
  }

  bool setText(const QString& field, const QString& text) {
    const QString t = text.trimmed();
    const QString key = field.section('.', 1, 1), part = field.section('.', 2, 2);
    const int axis = part == "x" ? 0 : part == "y" ? 1 : part == "z" ? 2 : -1;
    const QString what = tr("Set scenario %1 to %2").arg(field.mid(9), t);
    if (const ScenarioKey* k = findScenarioField(key.toStdString());
        k && k->editor == ScenarioKey::Editor::Line && part.isEmpty())
      return setKeyText(*k, t, what);
    double x = 0.0;
    if (const std::string bad = number(t, &x); !bad.empty()) {
      fail(qstr(bad));
      return false;
    }
    return edit(
        [&](ScenarioDescription& s) -> std::string {
          if (key == "gravity" && axis >= 0) {
            auto& kind = s.environment.kind;
            if (std::holds_alternative<std::monostate>(kind))
              kind = EnvironmentDescription::Gravity{};
            if (auto* g = std::get_if<EnvironmentDescription::Gravity>(&kind))
              g->gravity[axis] = x;
            else if (auto* u = std::get_if<EnvironmentDescription::Underwater>(&kind))
              u->gravity[axis] = x;
            else
              return "gravity: a gravity-gradient environment has no uniform gravity";
          } else if (key == "meanMotion") {
            auto* gg = std::get_if<EnvironmentDescription::GravityGradient>(&s.environment.kind);
            if (!gg) return "mean motion: only a gravity-gradient environment has one";
            gg->mean_motion = x;
          } else if (key == "basePosition" && axis >= 0) {
            inlineState(s).position[axis] = x;
          } else if (key == "baseLinearVelocity" && axis >= 0) {
            inlineState(s).linear_velocity_world[axis] = x;
          } else if (key == "baseAngularVelocity" && axis >= 0) {
            inlineState(s).angular_velocity_world[axis] = x;
          } else if (key == "baseOrientation") {
            StateDescription& d = inlineState(s);
            Quat q = d.orientation.value_or(Quat::Identity());
            if (part == "w")
              q.w() = x;
            else if (part == "x")
              q.x() = x;
            else if (part == "y")
              q.y() = x;
            else if (part == "z")
              q.z() = x;
            else
              return "no such field";
            if (!(q.norm() > 0.0)) return "the orientation quaternion cannot be zero";
            d.orientation = q.normalized();  // a unit quaternion: the state stays on the group
          } else {
            return "no such field";
          }
          return {};
        },
        what);
  }

  bool setChoice(const QString& field, const QString& value) {
    const ScenarioKey* k = findScenarioField(field.mid(9).toStdString());
    const ScenarioValue v = value.toStdString();
    return edit(
        [&](ScenarioDescription& s) -> std::string {
          if (!field.startsWith("scenario.") || !k || k->editor != ScenarioKey::Editor::Choice)
            return "no such field";
          if (k->problem)
            if (const std::string problem = k->problem(v); !problem.empty())
              return std::string(k->name) + ": " + problem;
          k->set(s, v);
          return {};
        },
        tr("Set scenario %1 to %2").arg(field.mid(9), value));
  }

  bool setJoint(int joint, const QString& q_text, const QString& qd_text) {
    const int n = document->isOpen() ? document->scenario().model.njoints : 0;
    if (joint < 0 || joint >= n) {
      fail(tr("no joint %1").arg(joint));
      return false;
    }
    double q = 0.0, qd = 0.0;
    for (const auto& [text, out] : {std::pair{q_text, &q}, std::pair{qd_text, &qd}})
      if (const std::string bad = number(text.trimmed(), out); !bad.empty()) {
        fail(qstr(bad));
        return false;
      }
    const QString name = qstr(document->scenario().model.joint_names[size_t(joint)]);
    return edit(
        [&](ScenarioDescription& s) {
          StateDescription& d = inlineState(s);
          (*d.q)[size_t(joint)] = q;
          (*d.qd)[size_t(joint)] = qd;
          return std::string();
        },
        tr("Set the initial state of joint '%1'").arg(name));
  }

  bool applyControllers(const QString& json) {
    std::vector<ControllerDescription> parsed;
    try {
      parsed = parseControllersJson(json.toStdString(),
                                    document->path().toStdString() + ": controllers");
    } catch (const std::exception& e) {
      fail(qstr(e.what()));
      return false;
    }
    return edit(
        [&](ScenarioDescription& s) {
          s.controllers = parsed;
          return std::string();
        },
        tr("Edit the scenario's controllers"));
  }

  void showSection() {
    if (!document->isOpen()) return;
    const std::string key = section->currentData().toString().toStdString();
    controllers->setPlainText(
        key == "controllers" ? qstr(controllersJson(document->scenarioDescription()))
                             : qstr(scenarioSectionJson(document->scenarioDescription(), key)));
  }

  bool applySection(const QString& key, const QString& json) {
    if (key == "controllers") return applyControllers(json);
    const int row = section->findData(key);
    if (row < 0) {
      fail(tr("no section '%1'").arg(key));
      return false;
    }
    section->setCurrentIndex(row);
    return edit(
        [&](ScenarioDescription& s) -> std::string {
          try {
            s = withScenarioSection(s, key.toStdString(), json.toStdString(),
                                    baseDir().toStdString());
          } catch (const std::exception& e) {
            return e.what();
          }
          return {};
        },
        tr("Edit the scenario's %1").arg(key));
  }

  void build() {
    auto* outer = new QVBoxLayout(self);
    outer->setContentsMargins(0, 0, 0, 0);
    status = new MessageLabel;
    status->setObjectName("scenario.status");
    outer->addWidget(status);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    body = new QWidget;
    auto* v = new QVBoxLayout(body);
    scroll->setWidget(body);
    outer->addWidget(scroll, 1);

    auto line = [&](const QString& name, const QString& tip) {
      auto* e = new QLineEdit;
      e->setObjectName(name);
      e->setToolTip(tip);
      lines[name] = e;
      return e;
    };
    auto combo = [&](const QString& name, const QStringList& items) {
      auto* c = new QComboBox;
      c->setObjectName(name);
      c->addItems(items);
      combos[name] = c;
      return c;
    };

    // The file's simple keys, one field each (scenarioKeys(): label, tooltip, choices).
    auto* run = new QGroupBox(tr("Run"));
    auto* rf = new QFormLayout(run);
    for (const ScenarioKey& k : scenarioKeys()) {
      const QString name = QString("scenario.") + k.field;
      if (k.editor == ScenarioKey::Editor::Line) {
        rf->addRow(qstr(k.label), line(name, qstr(k.tip)));
      } else if (k.editor == ScenarioKey::Editor::Choice) {
        QStringList items;
        for (const std::string& n : k.choices()) items << qstr(n);
        QComboBox* c = combo(name, items);
        c->setToolTip(qstr(k.tip));
        rf->addRow(qstr(k.label), c);
      }
    }
    v->addWidget(run);

    auto* env = new QGroupBox(tr("Environment"));
    auto* ef = new QFormLayout(env);
    environment_kind = new QLabel;
    ef->addRow(tr("Kind"), environment_kind);
    ef->addRow(tr("Gravity (m/s²)"), vectorRow("scenario.gravity", &lines));
    ef->addRow(tr("Mean motion (rad/s)"),
               line("scenario.meanMotion", tr("Gravity gradient: the orbit's mean motion")));
    v->addWidget(env);

    auto* state = new QGroupBox(tr("Initial state (written inline when edited)"));
    auto* sf = new QFormLayout(state);
    joints = new QTableWidget(0, 3);
    joints->setObjectName("scenario.joints");
    joints->setHorizontalHeaderLabels({tr("joint"), tr("q (rad or m)"), tr("qd (per s)")});
    joints->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    joints->verticalHeader()->hide();
    joints->setMinimumHeight(120);
    sf->addRow(joints);
    sf->addRow(tr("Vehicle position (m)"), vectorRow("scenario.basePosition", &lines));
    sf->addRow(tr("Orientation w x y z"),
               vectorRow("scenario.baseOrientation", &lines, {"w", "x", "y", "z"}));
    sf->addRow(tr("Velocity, world (m/s)"), vectorRow("scenario.baseLinearVelocity", &lines));
    sf->addRow(tr("Angular velocity, world (rad/s)"),
               vectorRow("scenario.baseAngularVelocity", &lines));
    v->addWidget(state);

    // The file's structured keys that are edited as the file writes them.
    auto* ctrl = new QGroupBox(tr("As in the file (JSON)"));
    auto* cv = new QVBoxLayout(ctrl);
    section = new QComboBox;
    section->setObjectName("scenario.section");
    for (const ScenarioKey& k : scenarioKeys())
      if (k.editor == ScenarioKey::Editor::JsonSection) section->addItem(qstr(k.label), k.name);
    controllers = new QPlainTextEdit;
    controllers->setObjectName("scenario.sectionText");
    controllers->setMinimumHeight(140);
    controllers->setLineWrapMode(QPlainTextEdit::NoWrap);
    apply = new QPushButton(tr("Apply"));
    apply->setObjectName("scenario.applySection");
    apply->setToolTip(
        tr("Read by the scenario reader (docs/scenario-format.md): a message names "
           "the key of any problem; empty text removes the section"));
    cv->addWidget(section);
    cv->addWidget(controllers);
    cv->addWidget(apply);
    v->addWidget(ctrl);
    v->addStretch(1);

    for (auto& [name, e] : lines)
      connect(e, &QLineEdit::editingFinished, self, [this, e = e] {
        if (filling || !e->isModified()) return;
        e->setModified(false);
        setText(e->objectName(), e->text());
      });
    for (auto& [name, c] : combos)
      connect(c, &QComboBox::activated, self,
              [this, c = c](int) { setChoice(c->objectName(), c->currentText()); });
    connect(joints, &QTableWidget::itemChanged, self, [this](QTableWidgetItem* item) {
      if (filling || !item || item->column() == 0) return;
      const int row = item->row();
      setJoint(row, joints->item(row, 1)->text(), joints->item(row, 2)->text());
    });
    connect(apply, &QPushButton::clicked, self, [this] {
      applySection(section->currentData().toString(), controllers->toPlainText());
    });
    connect(section, &QComboBox::activated, self, [this](int) { showSection(); });
  }

  void refresh() {
    filling = true;
    const bool ok = editable();
    body->setEnabled(ok);
    if (!document->isOpen()) {
      status->setText(tr("No model open."));
    } else if (!document->isScenarioFile()) {
      status->setText(
          tr("A bare model runs in a default scenario, floating and at rest, until paused. "
             "Editing a field below gives it a scenario of its own (%1 s unless you set the "
             "duration), saved with the model as a .scenario.json.")
              .arg(kSavedDefaultDuration));
    } else if (problem.isEmpty()) {
      status->setText(tr("What %1 states around the model; each change is one undo step.")
                          .arg(QFileInfo(document->path()).fileName()));
    }
    if (!document->isOpen()) {
      filling = false;
      return;
    }
    const ScenarioDescription& s = document->scenarioDescription();
    const Scenario& compiled = document->scenario();
    auto set = [&](const QString& name, const QString& text) {
      QLineEdit* e = lines.at(name);
      e->setText(text);
      e->setModified(false);
      e->setCursorPosition(0);
    };
    auto choose = [&](const QString& name, const QString& value) {
      QComboBox* c = combos.at(name);
      const QSignalBlocker block(c);
      c->setCurrentIndex(c->findText(value));
    };
    for (const ScenarioKey& k : scenarioKeys()) {
      if (k.editor != ScenarioKey::Editor::Line && k.editor != ScenarioKey::Editor::Choice)
        continue;
      const QString name = QString("scenario.") + k.field;
      const std::optional<ScenarioValue> value = k.get(s);
      QString text;
      if (value && std::holds_alternative<std::string>(*value))
        text = qstr(std::get<std::string>(*value));
      else if (value && k.type == ScenarioKey::Type::WholeNumber)
        text = QString::number(qlonglong(std::get<double>(*value)));
      else if (value)
        text = numberText(std::get<double>(*value));
      if (k.editor == ScenarioKey::Editor::Choice)
        choose(name, text);
      else
        set(name, text);
    }
    // A bare model's run is open-ended: no duration to show until it has a scenario.
    if (!document->isScenarioFile()) set("scenario.duration", QString());
    lines.at("scenario.duration")->setPlaceholderText(tr("until paused"));

    Vec3 g = Vec3::Zero();
    QString kind = tr("none (the model's gravity)");
    bool has_gravity = true, has_mean_motion = false;
    double mean_motion = 0.0;
    if (const auto* gv = std::get_if<EnvironmentDescription::Gravity>(&s.environment.kind)) {
      kind = tr("gravity");
      g = gv->gravity;
    } else if (const auto* u =
                   std::get_if<EnvironmentDescription::Underwater>(&s.environment.kind)) {
      kind = tr("underwater (fluid and bodies: in the file)");
      g = u->gravity;
    } else if (const auto* gg =
                   std::get_if<EnvironmentDescription::GravityGradient>(&s.environment.kind)) {
      kind = tr("gravity gradient (orbit)");
      has_gravity = false;
      has_mean_motion = true;
      mean_motion = gg->mean_motion;
    } else {
      g = compiled.model.description.gravity;
    }
    environment_kind->setText(kind);
    for (int k = 0; k < 3; ++k) {
      const QString name = QString("scenario.gravity.%1").arg(QChar('x' + k));
      set(name, numberText(g[k]));
      lines.at(name)->setEnabled(has_gravity);
    }
    set("scenario.meanMotion", has_mean_motion ? numberText(mean_motion) : QString());
    lines.at("scenario.meanMotion")->setEnabled(has_mean_motion);

    // The initial state in effect (a STATE file's, or the default at rest).
    const State& x0 = compiled.initial_state;
    const StateDescription none;
    const StateDescription& d = s.initial_state ? s.initial_state->description : none;
    const Quat q = x0.base_orientation.normalized();
    const double quat[4] = {q.w(), q.x(), q.y(), q.z()};
    const char* wxyz[4] = {"w", "x", "y", "z"};
    for (int k = 0; k < 4; ++k)
      set(QString("scenario.baseOrientation.%1").arg(wxyz[k]), numberText(quat[k]));
    for (int k = 0; k < 3; ++k) {
      const QChar c('x' + k);
      set(QString("scenario.basePosition.%1").arg(c), numberText(x0.base_position[k]));
      set(QString("scenario.baseLinearVelocity.%1").arg(c), numberText(d.linear_velocity_world[k]));
      set(QString("scenario.baseAngularVelocity.%1").arg(c),
          numberText(d.angular_velocity_world[k]));
    }
    {
      const QSignalBlocker block(joints);
      const int n = compiled.model.njoints;
      joints->setRowCount(n);
      for (int j = 0; j < n; ++j) {
        const QString cells[3] = {qstr(compiled.model.joint_names[size_t(j)]), numberText(x0.q[j]),
                                  numberText(x0.qd[j])};
        for (int c = 0; c < 3; ++c) {
          QTableWidgetItem* item = joints->item(j, c);
          if (!item) {
            item = new QTableWidgetItem;
            joints->setItem(j, c, item);
          }
          item->setText(cells[c]);
          if (c == 0) item->setFlags(item->flags() & ~Qt::ItemIsEditable);
        }
      }
    }
    showSection();
    filling = false;
  }
};

ScenarioPanel::ScenarioPanel(ModelDocument* document, QWidget* parent)
    : QWidget(parent), impl_(std::make_unique<Impl>()) {
  setObjectName("scenarioPanel");
  impl_->self = this;
  impl_->document = document;
  impl_->build();
  connect(document, &ModelDocument::opened, this, [this] {
    impl_->problem.clear();
    refresh();
  });
  connect(document, &ModelDocument::modelChanged, this, &ScenarioPanel::refresh);
  refresh();
}

ScenarioPanel::~ScenarioPanel() = default;

void ScenarioPanel::refresh() { impl_->refresh(); }
bool ScenarioPanel::editable() const { return impl_->editable(); }
bool ScenarioPanel::setText(const QString& field, const QString& text) {
  return impl_->setText(field, text);
}
bool ScenarioPanel::setChoice(const QString& field, const QString& value) {
  return impl_->setChoice(field, value);
}
bool ScenarioPanel::setJoint(int joint, const QString& q, const QString& qd) {
  return impl_->setJoint(joint, q, qd);
}
bool ScenarioPanel::applyControllersJson(const QString& json) {
  return impl_->applyControllers(json);
}
bool ScenarioPanel::applySectionJson(const QString& key, const QString& json) {
  return impl_->applySection(key, json);
}
QString ScenarioPanel::problemText() const { return impl_->problem; }

}  // namespace vms::ui
