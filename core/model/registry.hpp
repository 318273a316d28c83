#pragma once
// Methods chosen by name (the forward-dynamics solvers, the integrators): each one describes
// itself in one entry, defined next to its class, and a Registry lists the entries in the
// order they are offered. Everything that shows or picks a method reads the entry: the
// command line (`--solver`, `vms solvers`), scenario files, the desktop app's selectors and
// tooltips, docs/solvers.md's table and the Python package.
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/model/base_type.hpp"

namespace vms {

/// A vehicle type a method does not handle, and why (one clause, e.g. "seed 003's
/// centre-of-mass split needs an unconstrained vehicle").
struct VehicleRefusal {
  BaseType type;
  std::string reason;
};

/// The refusals of every vehicle type not in `handled`, each for `reason`.
std::vector<VehicleRefusal> refuseAllBut(std::initializer_list<BaseType> handled,
                                         const std::string& reason);

/// The refusals of the nonholonomic vehicle (its velocities do not span a Lie subalgebra).
std::vector<VehicleRefusal> refuseNonholonomic(const std::string& reason);

/// What every registry entry says about its method.
struct MethodEntry {
  std::string name;         // the registry name: --solver/--integrator, scenario files
  std::string summary;      // one line: the app's tooltip, `vms solvers`
  std::string description;  // one paragraph: what it computes and how, its cost
  std::string paper;        // the paper and its equation numbers ("" for textbook methods)
  std::vector<VehicleRefusal> refusals;  // the vehicle types it refuses (none: every type)

  /// "" when the method handles vehicles of `type`, else why not.
  std::string refusal(BaseType type) const;
  bool supports(BaseType type) const { return refusal(type).empty(); }
  /// The vehicle types it handles, in kAllBaseTypes order.
  std::vector<BaseType> supportedTypes() const;
};

/// "" when `entry` (nullptr: unknown) handles vehicles of `type`, else one line:
/// "unknown <kind> '<name>'" or "<kind> '<name>' does not handle a <type> vehicle: <reason>
/// (it handles: <types>)". A method never falls back to another silently.
std::string methodSupportProblem(const char* kind, const std::string& name,
                                 const MethodEntry* entry, BaseType type);

/// The entries of one kind of method (Entry derives from MethodEntry), in listing order: the
/// default first. Names are unique and not empty.
template <typename Entry>
class Registry {
 public:
  /// `kind` names the methods in messages ("solver", "integrator"). Throws
  /// std::invalid_argument on an empty or repeated name.
  Registry(const char* kind, std::vector<Entry> entries)
      : kind_(kind), entries_(std::move(entries)) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].name.empty())
        throw std::invalid_argument(std::string(kind_) + " registry: an entry has no name");
      for (std::size_t j = 0; j < i; ++j)
        if (entries_[j].name == entries_[i].name)
          throw std::invalid_argument(std::string(kind_) + " registry: '" + entries_[i].name +
                                      "' is registered twice");
    }
  }

  const char* kind() const { return kind_; }
  const std::vector<Entry>& entries() const { return entries_; }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }
  std::size_t size() const { return entries_.size(); }
  /// The first entry: the default.
  const Entry& defaultEntry() const { return entries_.front(); }

  /// The entry called `name`, or nullptr.
  const Entry* find(const std::string& name) const {
    for (const Entry& e : entries_)
      if (e.name == name) return &e;
    return nullptr;
  }

  std::vector<std::string> names() const {
    std::vector<std::string> result;
    for (const Entry& e : entries_) result.push_back(e.name);
    return result;
  }

  /// methodSupportProblem for the entry called `name`.
  std::string supportProblem(const std::string& name, BaseType type) const {
    return methodSupportProblem(kind_, name, find(name), type);
  }

 private:
  const char* kind_;
  std::vector<Entry> entries_;
};

}  // namespace vms
