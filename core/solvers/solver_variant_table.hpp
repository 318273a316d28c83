#pragma once
// The forms a solver with printed errata runs, one table row each (in the solver's .cpp): the
// spelling, the equation it evaluates and, for a printed form, the erratum. The variant's
// toString/fromString/describe and the entry's printed variants are read from the rows.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/solvers/solver_entry.hpp"

namespace vms {

template <typename Variant>
struct VariantRow {
  Variant variant;
  const char* name;     // toString's spelling: "corrected", "printed-nhat", ...
  const char* formula;  // describe(): one line, the equation it runs, with equation numbers
  // A printed form only (PrintedVariant):
  const char* equation = "";
  const char* explanation = "";
  double documented_error = 0.0;
  RandomTreeOptions demo = {};
};

template <typename Variant>
using VariantTable = std::vector<VariantRow<Variant>>;

/// The row of `variant` (the first row, the corrected form, if it has none).
template <typename Variant>
const VariantRow<Variant>& variantRow(const VariantTable<Variant>& table, Variant variant) {
  for (const VariantRow<Variant>& row : table)
    if (row.variant == variant) return row;
  return table.front();
}

/// The variant spelt `name`, or nullopt.
template <typename Variant>
std::optional<Variant> variantNamed(const VariantTable<Variant>& table, const std::string& name) {
  for (const VariantRow<Variant>& row : table)
    if (name == row.name) return row.variant;
  return std::nullopt;
}

/// The entry's printed variants: every row but the first (the corrected form), each made by
/// make(model, variant).
template <typename Variant, typename Make>
std::vector<PrintedVariant> printedVariants(const VariantTable<Variant>& table, Make make) {
  std::vector<PrintedVariant> printed;
  for (std::size_t i = 1; i < table.size(); ++i) {
    const VariantRow<Variant>& row = table[i];
    const Variant v = row.variant;
    printed.push_back({row.name, row.equation, row.explanation, row.documented_error, row.demo,
                       [make, v](const Model& model) { return make(model, v); }});
  }
  return printed;
}

/// A random tree for a printed variant's demo.
inline RandomTreeOptions demoTree(BaseType base, int bodies, bool chain, double prismatic,
                                  std::uint64_t seed) {
  RandomTreeOptions o;
  o.base = base;
  o.bodies = bodies;
  o.chain = chain;
  o.prismatic_fraction = prismatic;
  o.seed = seed;
  return o;
}

}  // namespace vms
