// Anki packages in the shapes real ones take (tests/anki_shapes.h), through
// the CLI as a new user would: `recall import`, `recall cards`, `recall
// review` on the line protocol, `recall export --with-scheduling`, the
// package imported again (nothing changes), and the export imported into a
// fresh collection (the same notes and cards, the history plus the answers).

#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "anki_shapes.h"
#include "test_support.h"

namespace recall {
namespace {

namespace fs = std::filesystem;
using testing::AnkiShape;
using testing::AnkiShapes;
using testing::RunRecall;
using testing::RunResult;
using testing::TempDir;

constexpr const char* kNow = "2025-12-06T05:46:40Z";  // 1765000000, the shapes' "now"

class AnkiShapesE2eTest : public ::testing::TestWithParam<std::string> {
 protected:
  RunResult Run(const std::string& db, std::vector<std::string> args, const std::string& input = "") {
    args.insert(args.begin(), {"--db", db});
    return RunRecall(args, {{"TZ", "UTC"}, {"RECALL_NOW", kNow}, {"COLUMNS", "100"}}, input);
  }
  static int64_t Count(const std::string& db, const std::string& sql) {
    SQLite::Database d(db, SQLite::OPEN_READONLY);
    return d.execAndGet(sql).getInt64();
  }
  // Every row an import writes, and the media folder's files.
  static std::string Dump(const std::string& db) {
    std::string out;
    {
      SQLite::Database d(db, SQLite::OPEN_READONLY);
      for (const char* sql : {"SELECT * FROM notes ORDER BY id", "SELECT * FROM note_tags ORDER BY 1, 2",
                              "SELECT * FROM cards ORDER BY id", "SELECT * FROM revlog ORDER BY id",
                              "SELECT id, name FROM decks ORDER BY id", "SELECT id, name FROM notetypes ORDER BY id",
                              "SELECT * FROM notetype_templates ORDER BY 1, 2"}) {
        SQLite::Statement st(d, sql);
        while (st.executeStep()) {
          for (int i = 0; i < st.getColumnCount(); ++i) out += st.getColumn(i).getString() + "|";
          out += "\n";
        }
        out += "--\n";
      }
    }
    const std::string media = db.substr(0, db.size() - 3) + ".media";
    if (fs::is_directory(media)) {
      std::vector<std::string> names;
      for (const auto& e : fs::directory_iterator(media)) names.push_back(e.path().filename().string());
      std::sort(names.begin(), names.end());
      for (const auto& n : names) out += n + " " + std::to_string(fs::file_size(media + "/" + n)) + "\n";
    }
    return out;
  }
  // Each card with its note's guid, type and fields, its deck and state (a
  // new card's position aside: an export renumbers them).
  static std::string Cards(const std::string& db) {
    SQLite::Database d(db, SQLite::OPEN_READONLY);
    SQLite::Statement st(d,
                         "SELECT n.guid, t.name, coalesce(n.fields, n.front || ' / ' || n.back), "
                         "(SELECT group_concat(tag, ' ') FROM note_tags g WHERE g.note_id = n.id), c.ord, dk.name, "
                         "c.type, c.queue, CASE WHEN c.type = 0 THEN 0 ELSE c.due END, c.ivl, c.ease, c.reps, "
                         "c.lapses, c.left FROM cards c JOIN notes n ON n.id = c.note_id JOIN notetypes t ON "
                         "t.id = n.notetype_id JOIN decks dk ON dk.id = c.deck_id ORDER BY n.guid, c.ord");
    std::string out;
    while (st.executeStep()) {
      for (int i = 0; i < st.getColumnCount(); ++i) out += st.getColumn(i).getString() + "|";
      out += "\n";
    }
    return out;
  }
  // The error lines (not warnings) of a run's standard error.
  static std::string Errors(const std::string& err) {
    std::string out;
    size_t start = 0;
    while (start < err.size()) {
      size_t end = err.find('\n', start);
      if (end == std::string::npos) end = err.size();
      const std::string line = err.substr(start, end - start);
      if (line.rfind("recall: ", 0) == 0 && line.rfind("recall: warning", 0) != 0) out += line + "\n";
      start = end + 1;
    }
    return out;
  }

  TempDir dir_;
};

const AnkiShape& ShapeNamed(const std::string& name) {
  for (const auto& s : AnkiShapes()) {
    if (s.name == name) return s;
  }
  throw std::runtime_error("no shape " + name);
}

TEST_P(AnkiShapesE2eTest, ImportCardsReviewExportReimport) {
  const AnkiShape& shape = ShapeNamed(GetParam());
  SCOPED_TRACE(shape.name + ": " + shape.what);
  const std::string apkg = shape.write(dir_.path());
  // RECALL_SHAPES_OUT=DIR keeps a copy of each package, to try it by hand.
  if (const char* keep = std::getenv("RECALL_SHAPES_OUT"); keep && *keep) {
    fs::copy_file(apkg, std::string(keep) + "/" + fs::path(apkg).filename().string(),
                  fs::copy_options::overwrite_existing);
  }
  const auto counts = testing::CountPackage(apkg, dir_.File("count.db"));
  const std::string db = dir_.File("collection.db");

  // Import: every note, card and review of the package.
  RunResult r = Run(db, {"import", apkg});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(Errors(r.err), "");
  EXPECT_EQ(Count(db, "SELECT count(*) FROM notes"), counts.notes) << r.out;
  EXPECT_EQ(Count(db, "SELECT count(*) FROM cards"), counts.cards) << r.out;
  EXPECT_EQ(Count(db, "SELECT count(*) FROM revlog"), counts.revlog) << r.out;

  // The listing: a header and one line per card.
  r = Run(db, {"cards"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Errors(r.err), "");
  EXPECT_EQ(static_cast<int64_t>(std::count(r.out.begin(), r.out.end(), '\n')), counts.cards + 1) << r.out;

  // A review session on the line protocol: Good to everything shown.
  std::string answers;
  for (int i = 0; i < 3 * counts.cards + 3; ++i) answers += "3\n";
  r = Run(db, {"review"}, answers);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(Errors(r.err), "") << r.out;
  const int64_t reviewed = Count(db, "SELECT count(*) FROM revlog") - counts.revlog;
  EXPECT_EQ(r.out.find("Reviewed "), r.out.rfind("Reviewed ")) << r.out;  // the summary, once

  // Export with scheduling, then the package again: nothing changes.
  const std::string out = dir_.File("out.apkg");
  r = Run(db, {"export", out, "--with-scheduling"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(Errors(r.err), "");
  const std::string before = Dump(db);
  r = Run(db, {"import", apkg});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(Dump(db), before) << r.out;

  // The export into a fresh collection: the same notes and cards, the
  // history and the answers of the session.
  const std::string fresh = dir_.File("fresh.db");
  r = Run(fresh, {"import", out});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(Errors(r.err), "");
  EXPECT_EQ(Count(fresh, "SELECT count(*) FROM notes"), counts.notes);
  EXPECT_EQ(Count(fresh, "SELECT count(*) FROM cards"), counts.cards);
  EXPECT_EQ(Count(fresh, "SELECT count(*) FROM revlog"), counts.revlog + reviewed);
  EXPECT_EQ(Cards(fresh), Cards(db));
}

std::vector<std::string> ShapeNames() {
  std::vector<std::string> out;
  for (const auto& s : AnkiShapes()) out.push_back(s.name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Shapes, AnkiShapesE2eTest, ::testing::ValuesIn(ShapeNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param;
                           for (char& c : n) {
                             if (c == '-') c = '_';
                           }
                           return n;
                         });

}  // namespace
}  // namespace recall
