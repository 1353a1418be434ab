// FSRS in exported .apkg packages (docs/apkg.md, "FSRS"): card memory states
// in the cards' `data` column, parameters and desired retention in the
// option groups, FSRS switched on in the collection config.

#include "store/anki_fsrs.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace recall::anki {
namespace {

using nlohmann::json;

double Rounded(double v, int places) {
  const double f = std::pow(10.0, places);
  return std::round(v * f) / f;
}

bool IsFsrs(const PackageDeck& d) { return d.options && d.options->algorithm == Algorithm::kFsrs; }

}  // namespace

std::string AnkiCardData(const MemoryState& state, double desired_retention, double decay,
                         int64_t last_review_s) {
  nlohmann::ordered_json data = {{"s", Rounded(state.stability, 3)},
                                 {"d", Rounded(state.difficulty, 3)},
                                 {"dr", Rounded(desired_retention, 2)},
                                 {"decay", Rounded(decay, 3)}};
  if (last_review_s > 0) data["lrt"] = last_review_s;
  return data.dump();
}

void WriteFsrsCardData(SQLite::Database& source, SQLite::Database& package, const FsrsParams& w) {
  SQLite::Statement in(source,
                       "SELECT c.id, c.stability, c.difficulty, c.last_review_s, d.desired_retention "
                       "FROM cards c JOIN decks d ON d.id = c.deck_id "
                       "WHERE c.id IN (SELECT id FROM temp.anki_export_cards) AND d.algorithm = 'fsrs' "
                       "AND c.stability IS NOT NULL AND c.difficulty IS NOT NULL");
  SQLite::Statement out(package, "UPDATE cards SET data = ? WHERE id = ?");
  while (in.executeStep()) {
    const MemoryState state{in.getColumn(1).getDouble(), in.getColumn(2).getDouble()};
    out.bind(1, AnkiCardData(state, in.getColumn(4).getDouble(), w[20], in.getColumn(3).getInt64()));
    out.bind(2, in.getColumn(0).getInt64());
    out.exec();
    out.reset();
  }
}

std::string DconfWithFsrs(const std::string& dconf, const std::vector<PackageDeck>& decks,
                          const FsrsParams& w) {
  json conf = json::parse(dconf);
  std::vector<double> params;
  for (double v : w) params.push_back(Rounded(v, 4));
  for (const PackageDeck& d : decks) {
    const std::string key = std::to_string(d.id);
    if (!IsFsrs(d) || !conf.contains(key)) continue;
    conf[key]["fsrsParams6"] = params;
    conf[key]["desiredRetention"] = Rounded(d.options->desired_retention, 2);
  }
  return conf.dump();
}

std::string ColConfWithFsrs(const std::string& conf, const std::vector<PackageDeck>& decks) {
  bool any = false;
  for (const PackageDeck& d : decks) any = any || IsFsrs(d);
  if (!any) return conf;
  json out = json::parse(conf);
  out["fsrs"] = true;
  return out.dump();
}

}  // namespace recall::anki
