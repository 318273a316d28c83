// vms solvers [NAME] [--markdown]
// The solvers and integrators as their registry entries describe them: a listing, one entry
// in full, or the tables of docs/solvers.md (--markdown; tests/app/vms/test_cli_solvers checks
// that the document holds the current ones).
#include <cstdio>
#include <iterator>
#include <string>

#include "commands.hpp"
#include "core/integrators/integrator_entry.hpp"
#include "core/solvers/solver_entry.hpp"

namespace vms::cli {

namespace {

// "all", "all but nonholonomic" or "free": the vehicle types an entry handles.
std::string vehicleTypes(const MethodEntry& e) {
  const std::vector<BaseType> handled = e.supportedTypes();
  std::string list;
  if (handled.size() == std::size(kAllBaseTypes)) return "all";
  if (e.refusals.size() < handled.size()) {
    for (const VehicleRefusal& r : e.refusals)
      list += (list.empty() ? "" : ", ") + toString(r.type);
    return "all but " + list;
  }
  for (BaseType t : handled) list += (list.empty() ? "" : ", ") + toString(t);
  return list.empty() ? "none" : list;
}

// The distinct refusal reasons, each once.
std::string refusalReasons(const MethodEntry& e) {
  std::string text;
  for (std::size_t i = 0; i < e.refusals.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i; ++j) seen |= e.refusals[j].reason == e.refusals[i].reason;
    if (!seen) text += (text.empty() ? "" : "; ") + e.refusals[i].reason;
  }
  return text;
}

// Text in a Markdown table cell: '|' would end the cell, '*' and '<' start emphasis or HTML.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|' || c == '*' || c == '<') out += '\\';
    out += c;
  }
  return out;
}

std::string markdownTables() {
  std::string md =
      "| Solver | What it computes | Paper, equations | Vehicle types | Printed errata |\n"
      "|---|---|---|---|---|\n";
  for (const SolverEntry& e : solverRegistry()) {
    std::string vehicles = vehicleTypes(e);
    if (!e.refusals.empty()) vehicles += ": " + refusalReasons(e);
    std::string errata;
    for (const PrintedVariant& v : e.printed_variants)
      errata += (errata.empty() ? "" : ", ") + ("`" + v.name + "`");
    md += "| `" + e.name + "` | " + cell(e.description) + " | " +
          cell(e.paper.empty() ? "textbook" : e.paper) + " | " + cell(vehicles) + " | " +
          (errata.empty() ? "none" : errata) + " |\n";
  }
  md +=
      "\n| Integrator | What it does | Paper, equations | Vehicle types |\n"
      "|---|---|---|---|\n";
  for (const IntegratorEntry& e : integratorRegistry()) {
    std::string vehicles = vehicleTypes(e);
    if (!e.refusals.empty()) vehicles += ": " + refusalReasons(e);
    md += "| `" + e.name + "` | " + cell(e.description) + " | " +
          cell(e.paper.empty() ? "textbook" : e.paper) + " | " + cell(vehicles) + " |\n";
  }
  md +=
      "\n| Erratum (solver/variant) | Printed in | What is wrong, and what the checks see | "
      "Error vs aba |\n"
      "|---|---|---|---|\n";
  for (const SolverEntry& e : solverRegistry())
    for (const PrintedVariant& v : e.printed_variants) {
      char error[32];
      std::snprintf(error, sizeof error, "%g", v.documented_error);
      md += "| `" + e.name + "/" + v.name + "` | " + cell(v.equation) + " | " +
            cell(v.explanation) + " | " +
            (v.documented_error > 0 ? std::string(error) : "matrices only") + " |\n";
    }
  return md;
}

void printListing() {
  std::printf("Solvers (--solver NAME, \"solver\" in scenario files; %s is the default):\n",
              solverRegistry().defaultEntry().name.c_str());
  for (const SolverEntry& e : solverRegistry()) {
    std::printf("  %-22s %s\n", e.name.c_str(), e.summary.c_str());
    if (!e.refusals.empty()) std::printf("  %-22s vehicles: %s\n", "", vehicleTypes(e).c_str());
    if (!e.printed_variants.empty())
      std::printf("  %-22s printed errata: %zu (vms solvers %s)\n", "", e.printed_variants.size(),
                  e.name.c_str());
  }
  std::printf(
      "\nIntegrators (--integrator NAME, \"integrator\" in scenario files; %s is the "
      "default):\n",
      integratorRegistry().defaultEntry().name.c_str());
  for (const IntegratorEntry& e : integratorRegistry()) {
    std::printf("  %-22s %s\n", e.name.c_str(), e.summary.c_str());
    if (!e.refusals.empty()) std::printf("  %-22s vehicles: %s\n", "", vehicleTypes(e).c_str());
  }
}

void printEntry(const char* kind, const MethodEntry& e) {
  std::printf("%s %s: %s\n\n%s\n", kind, e.name.c_str(), e.summary.c_str(), e.description.c_str());
  if (!e.paper.empty()) std::printf("\nPaper: %s\n", e.paper.c_str());
  std::printf("Vehicle types: %s\n", vehicleTypes(e).c_str());
  for (const VehicleRefusal& r : e.refusals)
    std::printf("  refuses %s: %s\n", toString(r.type).c_str(), r.reason.c_str());
}

}  // namespace

int runSolvers(int argc, char** argv) {
  const Arguments args(argc, argv, 2, {}, {"markdown"});
  if (args.positional().size() > 1) throw UsageError("usage: vms solvers [NAME] [--markdown]");
  if (args.has("markdown")) {
    std::fputs(markdownTables().c_str(), stdout);
    return kExitOk;
  }
  if (args.positional().empty()) {
    printListing();
    return kExitOk;
  }
  const std::string name = args.positional().front();
  if (const SolverEntry* e = solverRegistry().find(name)) {
    printEntry("Solver", *e);
    for (const PrintedVariant& v : e->printed_variants)
      std::printf("\nPrinted erratum %s/%s, %s:\n  %s\n", e->name.c_str(), v.name.c_str(),
                  v.equation.c_str(), v.explanation.c_str());
    return kExitOk;
  }
  if (const IntegratorEntry* e = integratorRegistry().find(name)) {
    printEntry("Integrator", *e);
    return kExitOk;
  }
  std::string names;
  for (const std::string& n : solverNames()) names += (names.empty() ? "" : ", ") + n;
  for (const std::string& n : integratorNames()) names += ", " + n;
  throw UsageError("unknown solver or integrator '" + name + "' (available: " + names + ")");
}

}  // namespace vms::cli
