// Applying a whole import plan through the ImportWriter, and suspending the
// notes --prune names (import_writer.h).

#include <cstdint>
#include <vector>

#include "store/import_writer.h"
#include "store/store_impl.h"

namespace recall::detail {
namespace {

constexpr const char* kSuspendSql =
    "UPDATE cards SET queue = -1, modified_s = ? WHERE note_id = ? AND queue <> -1";

}  // namespace

std::vector<int64_t> ApplyImportPlan(Store& store, const ImportPlan& plan) {
  int64_t cards = 0;
  int64_t bytes = 0;
  for (const auto& a : plan.adds) {
    cards += a.fields.empty() ? 1 : static_cast<int64_t>(a.ords.size());
    bytes += a.fields.empty() ? ImportTextBytes(a.front, a.back, a.key) : ImportTextBytes(a.fields, a.key);
  }
  for (const auto& u : plan.updates) {
    bytes += u.typed ? ImportTextBytes(u.fields, u.key) : ImportTextBytes(u.front, u.back, u.key);
  }
  std::vector<int64_t> ids;
  ids.reserve(plan.adds.size());
  {
    ImportWriter writer(store, cards, bytes, &plan.notetypes);
    for (const auto& a : plan.adds) ids.push_back(writer.Add(a));
    for (const auto& u : plan.updates) writer.Update(u);
    for (const auto& b : plan.baselines) writer.Baseline(b);
    writer.Finish();
  }
  SuspendNotes(store, plan.suspend_note_ids);
  return ids;
}

void SuspendNotes(Store& store, const std::vector<int64_t>& note_ids) {
  if (note_ids.empty()) return;
  Guard(store, [&] {
    const int64_t now_s = store.clock().Now().Seconds();
    SQLite::Statement sus(Db(store), kSuspendSql);
    for (int64_t id : note_ids) {
      sus.bind(1, now_s);
      sus.bind(2, id);
      sus.exec();
      sus.reset();
    }
  });
}

}  // namespace recall::detail
