// .apkg export speed against a "floor": the same rows copied with plain
// sqlite3 prepared statements and zipped with libzip (deflate 6), without
// Markdown rendering, checksums or the package check. Peak RSS is reported
// (getrusage) to show memory does not grow with the deck. BM_ExportPhase and
// BM_ExportFloorPhase time the phases apart (write, zip, check).
//
//   cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DRECALL_BUILD_BENCHMARKS=ON
//   cmake --build build-bench --target recall_bench
//   build-bench/recall_bench --benchmark_filter='BM_Export(Floor|Apkg)/' --benchmark_min_time=1 \
//     --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//   build-bench/recall_bench --benchmark_filter='Phase' --benchmark_min_time=1

#include <benchmark/benchmark.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <zip.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>

#include "anki/apkg_internal.h"
#include "recall/anki.h"
#include "recall/text.h"
#include "recall/store.h"
#include "store/store_impl.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1710061200;

double PeakRssMiB() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_maxrss) / 1024.0;
}

std::string BenchDir() {
  const std::string dir = std::filesystem::temp_directory_path().string() + "/recall_export_bench";
  std::filesystem::create_directories(dir);
  return dir;
}

// A collection of `notes` notes, each with one review card and 10 review rows.
std::string BuildCollection(int notes) {
  const std::string path = BenchDir() + "/c" + std::to_string(notes) + "_v2.db";
  if (std::filesystem::exists(path)) return path;
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::Open(path, clock);
  const Deck deck = store.CreateDeck("面试::LLM", DeckOptions{});
  const Day today = store.Today().today;
  store.Transaction([&] {
    auto& db = detail::Db(store);
    SQLite::Statement n(db, "INSERT INTO notes (id, guid, front, back, source, created_s, modified_s) VALUES (?, ?, ?, ?, 'bench', ?, ?)");
    SQLite::Statement t(db, "INSERT INTO note_tags (note_id, tag) VALUES (?, 'llm::infra')");
    SQLite::Statement c(db, "INSERT INTO cards (id, note_id, deck_id, type, queue, due, ivl, ease, reps, modified_s) VALUES (?, ?, ?, 2, 2, ?, 30, 2500, 10, ?)");
    SQLite::Statement r(db, "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, duration_ms, day) VALUES (?, ?, 3, 1, 2, 30, 12, 2500, 2500, 6000, ?)");
    const int64_t base = (kNow - 400 * 86400) * 1000;
    for (int i = 0; i < notes; ++i) {
      const int64_t id = base + i;
      n.bind(1, id);
      n.bind(2, "g" + std::to_string(i));
      n.bind(3, "第 " + std::to_string(i) + " 题：什么是 **KV cache**？为什么 `prefill` 和 decode 不同？");
      n.bind(4, "- 缓存注意力的 K/V，避免重复计算\n- prefill 是计算密集，decode 是访存密集\n\n```python\nkv = cache[layer]\n```\n");
      n.bind(5, id / 1000);
      n.bind(6, id / 1000);
      n.exec();
      n.reset();
      t.bind(1, id);
      t.exec();
      t.reset();
      c.bind(1, id);
      c.bind(2, id);
      c.bind(3, deck.id);
      c.bind(4, today.n + i % 30);
      c.bind(5, id / 1000);
      c.exec();
      c.reset();
      for (int k = 0; k < 10; ++k) {
        const int64_t rid = base + 1000000000LL + static_cast<int64_t>(i) * 10 + k;
        r.bind(1, rid);
        r.bind(2, id);
        r.bind(3, StudyDayOf(Timestamp{rid}, 4).n);
        r.exec();
        r.reset();
      }
    }
    // The floor copies the very rows the exporter writes: fields rendered
    // to HTML, sort field and checksum, precomputed here (untimed).
    db.exec("CREATE TABLE bench_rendered (note_id INTEGER PRIMARY KEY, flds TEXT, sfld TEXT, csum INTEGER)");
    SQLite::Statement in(db, "SELECT id, front, back FROM notes");
    SQLite::Statement out(db, "INSERT INTO bench_rendered VALUES (?, ?, ?, ?)");
    while (in.executeStep()) {
      std::string front = MarkdownToHtml(in.getColumn(1).getString());
      std::string back = MarkdownToHtml(in.getColumn(2).getString());
      while (!front.empty() && front.back() == '\n') front.pop_back();
      while (!back.empty() && back.back() == '\n') back.pop_back();
      const std::string sfld = anki::StripHtmlPreservingMedia(front);
      out.bind(1, in.getColumn(0).getInt64());
      out.bind(2, front + '\x1f' + back);
      out.bind(3, sfld);
      out.bind(4, static_cast<int64_t>(anki::Sha1Prefix32(sfld)));
      out.exec();
      out.reset();
    }
  });
  return path;
}

void BM_ExportApkg(benchmark::State& state) {
  const int notes = static_cast<int>(state.range(0));
  const std::string path = BuildCollection(notes);
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::Open(path, clock);
  const std::string out = BenchDir() + "/out.apkg";
  ExportOptions o;
  o.with_scheduling = true;
  for (auto _ : state) {
    const ExportSummary s = ExportApkg(store, out, o);
    benchmark::DoNotOptimize(s);
  }
  state.counters["notes_per_s"] = benchmark::Counter(static_cast<double>(notes), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["peak_rss_MiB"] = PeakRssMiB();
  state.counters["apkg_MiB"] = static_cast<double>(std::filesystem::file_size(out)) / (1024.0 * 1024.0);
}

// The export's phases, for the "where the time goes" table of
// docs/performance.md: writing collection.anki2, zipping it, and the check
// of the written collection (rows and JSON; the zip-side check is the CRC
// of the database file).
void BM_ExportPhase(benchmark::State& state) {
  const int notes = static_cast<int>(state.range(0));
  const int phase = static_cast<int>(state.range(1));  // 0 write, 1 zip, 2 check
  const std::string path = BuildCollection(notes);
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::Open(path, clock);
  const std::string dir = BenchDir();
  anki::CollectionWriteParams params;
  params.db_path = dir + "/phase.anki2";
  params.options.with_scheduling = true;
  params.now = clock.Now();
  params.crt_s = kNow - 3600;
  auto write = [&] {
    std::filesystem::remove(params.db_path);
    return anki::WriteAnkiCollection(store, params);
  };
  ExportSummary summary;
  if (phase != 0) summary = write();
  for (auto _ : state) {
    if (phase == 0) {
      summary = write();
    } else if (phase == 1) {
      std::filesystem::remove(dir + "/phase.apkg");
      anki::WriteZip(dir + "/phase.apkg", {{"collection.anki2", params.db_path, ""}, {"media", "", "{}"}});
    } else {
      benchmark::DoNotOptimize(anki::Crc32OfFile(params.db_path));
      anki::ValidateAnkiCollection(params.db_path, params.now, summary, "bench");
    }
  }
  state.SetLabel(phase == 0 ? "write" : phase == 1 ? "zip" : "check");
  std::filesystem::remove(params.db_path);
  std::filesystem::remove(dir + "/phase.apkg");
}

void Exec(sqlite3* db, const char* sql) {
  if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) throw std::runtime_error(sqlite3_errmsg(db));
}

// Copies the same rows with plain prepared statements into `col`.
void FloorWrite(const std::string& src_path, const std::string& col) {
  std::filesystem::remove(col);
  sqlite3* src = nullptr;
  sqlite3* dst = nullptr;
  sqlite3_open_v2(src_path.c_str(), &src, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_open(col.c_str(), &dst);
  Exec(dst, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN");
  Exec(dst,
       "CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL, "
       "ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL, "
       "models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);"
       "CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL, "
       "usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL, "
       "flags integer NOT NULL, data text NOT NULL);"
       "CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL, "
       "mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL, "
       "ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT "
       "NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);"
       "CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL, "
       "ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT "
       "NULL);"
       "CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);"
       "INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', '{}', '{}', '{}', '{}');");
  auto copy = [&](const char* select, const char* insert, int columns) {
    sqlite3_stmt* in = nullptr;
    sqlite3_stmt* out = nullptr;
    sqlite3_prepare_v2(src, select, -1, &in, nullptr);
    sqlite3_prepare_v2(dst, insert, -1, &out, nullptr);
    while (sqlite3_step(in) == SQLITE_ROW) {
      for (int i = 0; i < columns; ++i) sqlite3_bind_value(out, i + 1, sqlite3_column_value(in, i));
      sqlite3_step(out);
      sqlite3_reset(out);
    }
    sqlite3_finalize(in);
    sqlite3_finalize(out);
  };
  copy("SELECT n.id, n.guid, n.modified_s, ' ' || (SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = n.id) "
       "|| ' ', r.flds, r.sfld, r.csum FROM notes n JOIN bench_rendered r ON r.note_id = n.id ORDER BY n.id",
       "INSERT INTO notes VALUES (?1, ?2, 1836492177, ?3, -1, ?4, ?5, ?6, ?7, 0, '')", 7);
  copy("SELECT id, note_id, deck_id, ord, modified_s, type, queue, due, ivl, ease, reps, lapses, left FROM cards ORDER BY id",
       "INSERT INTO cards VALUES (?1, ?2, ?3, ?4, ?5, -1, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 0, 0, 0, '')", 13);
  copy("SELECT id, card_id, rating, ivl, last_ivl, ease, duration_ms, kind FROM revlog ORDER BY id",
       "INSERT INTO revlog VALUES (?1, ?2, -1, ?3, ?4, ?5, ?6, ?7, ?8)", 8);
  Exec(dst,
       "CREATE INDEX ix_notes_usn ON notes (usn); CREATE INDEX ix_cards_usn ON cards (usn);"
       "CREATE INDEX ix_revlog_usn ON revlog (usn); CREATE INDEX ix_cards_nid ON cards (nid);"
       "CREATE INDEX ix_cards_sched ON cards (did, queue, due); CREATE INDEX ix_revlog_cid ON revlog (cid);"
       "CREATE INDEX ix_notes_csum ON notes (csum); COMMIT");
  sqlite3_close(dst);
  sqlite3_close(src);
}

void FloorZip(const std::string& col, const std::string& zip_path) {
  int err = 0;
  zip_t* za = zip_open(zip_path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  zip_int64_t idx = zip_file_add(za, "collection.anki2", zip_source_file(za, col.c_str(), 0, -1), ZIP_FL_OVERWRITE);
  zip_set_file_compression(za, static_cast<zip_uint64_t>(idx), ZIP_CM_DEFLATE, 6);
  static const char kMedia[] = "{}";
  idx = zip_file_add(za, "media", zip_source_buffer(za, kMedia, 2, 0), ZIP_FL_OVERWRITE);
  zip_set_file_compression(za, static_cast<zip_uint64_t>(idx), ZIP_CM_DEFLATE, 6);
  zip_close(za);
}

void FloorExport(const std::string& src_path, const std::string& dir) {
  FloorWrite(src_path, dir + "/floor.anki2");
  FloorZip(dir + "/floor.anki2", dir + "/floor.apkg");
}

void BM_ExportFloor(benchmark::State& state) {
  const int notes = static_cast<int>(state.range(0));
  const std::string path = BuildCollection(notes);
  for (auto _ : state) FloorExport(path, BenchDir());
  state.counters["notes_per_s"] = benchmark::Counter(static_cast<double>(notes), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["peak_rss_MiB"] = PeakRssMiB();
}

void BM_ExportFloorPhase(benchmark::State& state) {
  const int notes = static_cast<int>(state.range(0));
  const bool zip = state.range(1) != 0;
  const std::string path = BuildCollection(notes);
  const std::string col = BenchDir() + "/floor_phase.anki2";
  if (zip) FloorWrite(path, col);
  for (auto _ : state) {
    if (zip) {
      FloorZip(col, BenchDir() + "/floor_phase.apkg");
    } else {
      FloorWrite(path, col);
    }
  }
  state.SetLabel(zip ? "zip" : "write");
  std::filesystem::remove(col);
  std::filesystem::remove(BenchDir() + "/floor_phase.apkg");
}

BENCHMARK(BM_ExportFloorPhase)
    ->ArgsProduct({{10000, 100000}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_ExportFloor)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ExportApkg)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ExportPhase)
    ->ArgsProduct({{10000, 100000}, {0, 1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace recall
