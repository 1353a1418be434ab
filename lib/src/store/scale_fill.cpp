// The scale benchmark's bulk fill (store/scale_fill.h).

#include "store/scale_fill.h"

#include <algorithm>
#include <string>
#include <vector>

#include "recall/time.h"
#include "store/import_writer.h"
#include "store/migrations.h"
#include "store/store_impl.h"

namespace recall::detail {
namespace {

constexpr int64_t kChunk = 50000;  // notes per import plan (bounds the plan's memory)
constexpr int kRollover = 4;
// The tables the review log's triggers keep (0014_stats_totals.sql).
constexpr const char* kRevlogTotals[] = {"revlog_day_totals", "revlog_quarter_totals", "tagset_day_totals"};

bool Studied(int64_t index) { return index % 5 < 3; }

// Whether round r of studied card k is answered Again: about one answer in
// seven, independently per card and round (splitmix64 of both), so lapses
// spread as they do in a real log: most cards lapse a few times, a few often.
bool Again(int64_t k, int64_t r) {
  uint64_t x = static_cast<uint64_t>(k) * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(r) + 1;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return x % 7 == 0;
}

}  // namespace

void FillScaleCollection(Store& store, const ScaleFill& spec) {
  const int64_t now_s = store.clock().Now().Seconds();
  const Day today = StudyDayOf(store.clock().Now(), kRollover);
  std::vector<int64_t> deck_ids;
  for (int d = 0; d < spec.decks; ++d) {
    deck_ids.push_back(store.CreateDeck("规模::主题" + std::to_string(d), {}).id);
  }
  store.Transaction([&] {
    Guard(store, [&] { Db(store).exec("PRAGMA cache_size = -262144"); });  // 256 MiB for the fill
    std::vector<int64_t> studied;                                          // card ids
    for (int64_t first = 0; first < spec.cards; first += kChunk) {
      ImportPlan plan;
      const int64_t end = std::min(spec.cards, first + kChunk);
      for (int64_t i = first; i < end; ++i) {
        NoteToAdd a;
        a.key = "scale-" + std::to_string(i);
        a.guid = NewGuid();
        a.front = "问题 " + std::to_string(i) + "：DDP 和 FSDP 的主要区别是什么？";
        a.back = "DDP 核心是全量参数复制，FSDP 是参数切片。\n\n- 通信：all-reduce\n- 显存：分片";
        a.source = "scale.md";
        a.tags = {"topic" + std::to_string(i % 20) + "::sub" + std::to_string(i % 3)};
        a.deck_id = deck_ids[static_cast<size_t>(i % spec.decks)];
        plan.adds.push_back(std::move(a));
      }
      // Ids come back in plan order; one card per note, so the card of a
      // note is found by note id.
      const std::vector<int64_t> note_ids = ApplyImportPlan(store, plan);
      Guard(store, [&] {
        SQLite::Statement card_of(Db(store), "SELECT id FROM cards WHERE note_id = ?");
        for (size_t k = 0; k < note_ids.size(); ++k) {
          if (!Studied(first + static_cast<int64_t>(k))) continue;
          card_of.bind(1, note_ids[k]);
          if (card_of.executeStep()) studied.push_back(card_of.getColumn(0).getInt64());
          card_of.reset();
        }
      });
    }
    const int64_t n = static_cast<int64_t>(studied.size());
    if (n == 0) return;
    const int64_t per_card = std::max<int64_t>(spec.revlog_rows / n, 1);
    Guard(store, [&] {
      auto& db = Db(store);
      SQLite::Statement state(db,
                              "UPDATE cards SET type = 2, queue = 2, ivl = ?2, ease = 2500, reps = ?3, "
                              "due = ?4, stability = ?5, difficulty = 5, last_review_s = ?6, lapses = ?7 "
                              "WHERE id = ?1");
      for (int64_t k = 0; k < n; ++k) {
        const int64_t ago = k % 60;
        int64_t lapses = 0;  // reviews (rounds after the first) answered Again
        for (int64_t r = 1; r < per_card; ++r) lapses += Again(k, r);
        state.bind(1, studied[static_cast<size_t>(k)]);
        state.bind(2, 1 + k % 60);
        state.bind(3, per_card);
        state.bind(4, static_cast<int64_t>(today.n) + k % 30 - 3);
        state.bind(5, 1.0 + static_cast<double>(k % 50));
        state.bind(6, now_s - ago * 86400 - 3600);
        state.bind(7, lapses);
        state.exec();
        state.reset();
      }
      if (spec.revlog_rows <= 0) return;
      // The log's indexes and triggers are dropped for the insert and made
      // again after it: one sort per index instead of millions of inserts at
      // random places, and the totals the triggers keep refilled once from
      // the rows by their migration's own statements.
      std::vector<std::string> schema;
      {
        SQLite::Statement list(db, "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') "
                                   "AND tbl_name = 'revlog' AND sql IS NOT NULL");
        std::vector<std::string> drops;
        while (list.executeStep()) {
          drops.push_back("DROP " + list.getColumn(0).getString() + " \"" + list.getColumn(1).getString() + "\"");
          schema.push_back(list.getColumn(2).getString());
        }
        for (const std::string& drop : drops) db.exec(drop);
      }
      // Round r of every studied card, in id order, over the past year: rows
      // append to the table and each card's answers spread over the year.
      SQLite::Statement rev(db,
                            "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, "
                            "ease, ease_before, duration_ms, day) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      const int64_t span_ms = 365LL * 86400 * 1000;
      const int64_t total = per_card * n;
      const int64_t step_ms = std::max<int64_t>(span_ms / total, 1);
      const int64_t start_ms = now_s * 1000 - 86400LL * 1000 - step_ms * total;
      int64_t row = 0;
      for (int64_t r = 0; r < per_card; ++r) {
        for (int64_t k = 0; k < n; ++k, ++row) {
          const int64_t id = start_ms + row * step_ms;
          const bool again = Again(k, r);
          const int64_t ivl = r == 0 ? 1 : std::min<int64_t>(1 + r * 3, 60);
          rev.bind(1, id);
          rev.bind(2, studied[static_cast<size_t>(k)]);
          rev.bind(3, again ? 1 : 3);
          rev.bind(4, r == 0 ? 0 : 1);
          rev.bind(5, r == 0 ? 0 : 2);
          rev.bind(6, ivl);
          rev.bind(7, r == 0 ? 0 : std::min<int64_t>(1 + (r - 1) * 3, 60));
          rev.bind(8, 2500);
          rev.bind(9, r == 0 ? 0 : 2500);
          rev.bind(10, 4000 + (k % 11) * 1000);
          rev.bind(11, static_cast<int64_t>(StudyDayOf(Timestamp{id}, kRollover).n));
          rev.exec();
          rev.reset();
        }
      }
      for (const std::string& sql : schema) db.exec(sql);
      for (const char* table : kRevlogTotals) {
        const std::string fill = MigrationFill("stats_totals", table);
        if (fill.empty()) throw Error(ErrorCode::kInternal, std::string("no migration fills ") + table);
        db.exec(std::string("DELETE FROM ") + table);
        db.exec(fill);
      }
      // What the dropped triggers did.
      db.exec("UPDATE collection SET generation = generation + 1, memory_generation = memory_generation + 1");
    });
  });
}

}  // namespace recall::detail
