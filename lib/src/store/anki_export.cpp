// .apkg export, the SQL half: reads the recall collection and writes the
// package's collection.anki2 (schema 11, spec/apkg.md section 3), every row
// streamed from the collection into the package. The decks it covers and the
// package's decks are in anki_export_decks.cpp; the check of the written
// collection in anki_export_check.cpp; the schema and the SQL texts in
// anki_export_sql.h.

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"
#include "anki/apkg_media.h"
#include "recall/text.h"
#include "store/anki_fsrs.h"
#include "store/anki_export_decks.h"
#include "store/anki_export_sql.h"
#include "store/export_ids.h"
#include "store/store_impl.h"

namespace recall::anki {
namespace {

using detail::Db;
using export_sql::kSchema11Tables;
using export_sql::kSchema11Indexes;
using export_sql::kSelectCards;
using export_sql::kNoteRows;
using export_sql::kNewCardRows;
using export_sql::kOtherCardRows;
using export_sql::kRevlogRows;
using export_sql::RowStatement;

// The tags of a note as group_concat(tag, ' ') gives them, split into `out`
// as detail::SplitTags does (at ASCII whitespace, sorted, unique) but
// without a string stream per note.
void SplitNoteTags(std::string_view joined, std::vector<std::string>* out) {
  out->clear();
  auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  size_t i = 0;
  while (true) {
    while (i < joined.size() && space(joined[i])) ++i;
    if (i == joined.size()) break;
    size_t end = i;
    while (end < joined.size() && !space(joined[end])) ++end;
    out->emplace_back(joined.substr(i, end - i));
    i = end;
  }
  std::sort(out->begin(), out->end());
  out->erase(std::unique(out->begin(), out->end()), out->end());
}

void TrimTrailingNewlines(std::string& s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
}

// sm2 grades 0-5 on Anki's four buttons: 0-2 failed (Again), 3 Hard, 4 Good, 5 Easy.
int Sm2GradeToButton(int grade) {
  if (grade <= 2) return 1;
  return grade - 1;
}

// A failure while the package's collection is written. The collection is
// only read (one read transaction), so a failure to write is the package's
// temporary collection, or SQLite's temporary files next to it (a full
// $TMPDIR): named as such, exit 8, rather than as the user's collection.
[[noreturn]] void ThrowExportError(const SQLite::Exception& e, const Store& store, const std::string& package_db) {
  const int code = e.getErrorCode();
  const int extended = e.getExtendedErrorCode();
  const bool write_side = code == SQLITE_FULL || code == SQLITE_CANTOPEN ||
                          (code == SQLITE_IOERR && extended != SQLITE_IOERR_READ && extended != SQLITE_IOERR_SHORT_READ);
  if (write_side) {
    throw Error(ErrorCode::kIo, "cannot write the package's temporary collection: " + std::string(e.what()) + " (" +
                                    package_db + ")");
  }
  detail::ThrowStoreError(e, store);
}

}  // namespace

ExportSummary WriteAnkiCollection(Store& store, const CollectionWriteParams& params) {
  const ExportOptions& options = params.options;
  ExportSummary summary;
  const int64_t now_s = params.now.Seconds();
  const int64_t mod_ms = params.now.ms;

  // Decks: the selection, sub-decks included.
  const ExportSelection selection = SelectExportDecks(store, options);
  const std::map<int64_t, ExportDeckInfo>& deck_info = selection.deck_info;

  try {
    // One snapshot of the collection, which a read-only collection allows
    // (the temporary table is not in the collection's file).
    store.ReadTransaction([&] {
      SQLite::Database& db = Db(store);
      db.exec("DROP TABLE IF EXISTS temp.anki_export_cards");
      db.exec(
          "CREATE TEMP TABLE anki_export_cards (id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL, "
          "deck_id INTEGER NOT NULL)");
      {
        SQLite::Statement sel(db, kSelectCards);
        std::vector<int64_t> ids(selection.selected.begin(), selection.selected.end());
        if (options.decks.empty()) {
          sel.bind(1);
        } else {
          sel.bind(1, detail::IdsJson(ids));
        }
        if (options.tags.empty()) {
          sel.bind(2);
        } else {
          sel.bind(2, nlohmann::json(options.tags).dump());
        }
        sel.exec();
      }

      // Decks of the package: those holding exported cards (every selected
      // deck when no tag filter), plus their parents.
      const PackageDecks package =
          MapPackageDecks(selection.all_decks, UsedDecks(db, options, selection), now_s);
      const std::vector<PackageDeck>& decks = package.decks;
      const std::map<int64_t, int64_t>& package_did = package.package_did;
      summary.decks = static_cast<int64_t>(decks.size());

      const int64_t card_count =
          db.execAndGet("SELECT count(*) FROM temp.anki_export_cards").getInt64();

      // col.crt at or before the oldest due day of the exported review and
      // interday learning cards, so that no due is negative in the package.
      int64_t crt_s = params.crt_s;
      int64_t source_today = params.source_today;
      if (options.with_scheduling) {
        SQLite::Statement oldest(db,
                                 "SELECT deck_id, min(due) FROM cards WHERE id IN (SELECT id FROM "
                                 "temp.anki_export_cards) AND type != 0 AND queue != 1 AND due < 1000000000 "
                                 "GROUP BY deck_id");
        int64_t earliest = 0;  // days before the export's study day
        while (oldest.executeStep()) {
          const ExportDeckInfo& info = deck_info.at(oldest.getColumn(0).getInt64());
          earliest = std::min(earliest, oldest.getColumn(1).getInt64() - info.today.n);
        }
        if (source_today + earliest < 0) {
          const Day crt_day{StudyDayOf(params.now, 4).n - (-earliest - source_today)};
          crt_s = StartOfStudyDay(crt_day, 4).Seconds();
          source_today =
              static_cast<int64_t>(std::floor(static_cast<double>(now_s - crt_s) / 86400.0));
        }
      }

      std::map<int64_t, Notetype> export_types;
      SQLite::Database pkg(params.db_path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
      pkg.exec("PRAGMA journal_mode = OFF");
      pkg.exec("PRAGMA synchronous = OFF");
      pkg.exec("BEGIN");
      pkg.exec(kSchema11Tables);
      {
        SQLite::Statement col(pkg,
                              "INSERT INTO col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, "
                              "dconf, tags) VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')");
        col.bind(1, crt_s);
        col.bind(2, mod_ms);
        col.bind(3, mod_ms);
        col.bind(4, ColConfWithFsrs(ColConfJson(std::min<int64_t>(card_count + 1, kNewDueLimit)), decks));
        std::vector<Notetype> types;
        SQLite::Statement st(db,
                             "SELECT DISTINCT notetype_id FROM notes WHERE id IN "
                             "(SELECT note_id FROM temp.anki_export_cards) AND notetype_id != ?");
        st.bind(1, kRecallBasicNotetypeId);
        while (st.executeStep()) {
          if (auto t = store.GetNotetype(st.getColumn(0).getInt64())) types.push_back(std::move(*t));
        }
        col.bind(5, ModelsJson(now_s, types));
        for (auto& t : types) {
          if (params.media_references) AddTemplateMediaReferences(t, params.media_references);
          export_types[t.id] = std::move(t);
        }
        col.bind(6, DecksJson(decks, now_s));
        col.bind(7, DconfWithFsrs(DconfJson(decks, now_s), decks, store.FsrsParameters()));
        col.exec();
      }

      // Notes.
      {
        RowStatement in(db, kNoteRows);
        RowStatement out(pkg,
                         "INSERT INTO notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data) "
                         "VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
        std::string flds;
        std::vector<std::string> note_tags;
        while (in.Next()) {
          const int64_t mid = in.Int(6);
          std::string sfld;
          std::string first;  // field 0, stripped: the checksum's input
          if (mid == kRecallBasicNotetypeId) {
            // Cleaned again: a collection written before the store cleaned its
            // text may hold a \x1f or another control character.
            flds = MarkdownToHtml(CleanStoredText(in.Text(2)));
            TrimTrailingNewlines(flds);
            const size_t front_size = flds.size();
            flds += '\x1f';
            flds += MarkdownToHtml(CleanStoredText(in.Text(3)));
            TrimTrailingNewlines(flds);
            sfld = StripHtmlPreservingMedia(std::string_view(flds).substr(0, front_size));
          } else {
            // Anki's HTML, as imported or added.
            flds = std::string(in.Text(7));
            const Notetype& type = export_types.at(mid);
            std::vector<std::string> fields = detail::SplitFields(flds);
            for (auto& f : fields) f = CleanStoredText(f);
            flds = detail::JoinFields(fields);
            const size_t sort = static_cast<size_t>(type.sort_field);
            sfld = StripHtmlPreservingMedia(sort < fields.size() ? fields[sort] : "");
            first = StripHtmlPreservingMedia(fields[0]);
          }
          if (params.media_references) AddMediaReferences(flds, params.media_references);
          SplitNoteTags(in.Text(5), &note_tags);
          const std::string tags = AnkiTags(note_tags);
          out.Bind(1, in.Value(0));
          const std::string guid = CleanStoredText(in.Text(1), StoredTextKind::kToken);
          out.Bind(2, guid.empty() ? in.Text(0) : guid);
          out.Bind(3, mid);
          out.Bind(4, in.Value(4));
          out.Bind(5, tags);
          out.Bind(6, flds);
          out.Bind(7, sfld);
          out.Bind(8, static_cast<int64_t>(Sha1Prefix32(mid == kRecallBasicNotetypeId ? sfld : first)));
          out.Run();
          ++summary.notes;
        }
      }

      // Cards.
      {
        RowStatement out(pkg,
                         "INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, "
                         "reps, lapses, left, odue, odid, flags, data) "
                         "VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, '')");
        int64_t position = 0;
        auto copy_cards = [&](const char* sql) {
          RowStatement in(db, sql);
          while (in.Next()) {
            const int64_t deck_id = in.Int(2);
            const ExportDeckInfo& info = deck_info.at(deck_id);
            int64_t type = in.Int(4);
            int64_t queue = in.Int(5);
            int64_t due = in.Int(6);
            int64_t ivl = in.Int(7);
            int64_t factor = in.Int(8);
            int64_t reps = in.Int(9);
            int64_t lapses = in.Int(10);
            int64_t left = in.Int(11);
            position = std::min<int64_t>(position + 1, kNewDueLimit);
            auto to_anki_day = [&](int64_t recall_day) {
              return source_today + (recall_day - info.today.n);
            };
            if (!options.with_scheduling || type == 0) {
              if (!options.with_scheduling) queue = 0;
              type = 0;
              due = position;
              ivl = factor = left = 0;
              if (!options.with_scheduling) reps = lapses = 0;
            } else if (info.sm2) {
              // Classic SM-2 has no learning steps: a reviewed card is a review
              // card with its interval and EF as the Anki ease (docs/apkg.md).
              type = 2;
              if (queue >= 0) queue = 2;
              due = to_anki_day(due);
              ivl = std::max<int64_t>(ivl, 1);
              reps = std::max<int64_t>(reps, 1);
              left = 0;
            } else {
              // Review cards and interday learning are due on a study day;
              // intraday learning (Unix seconds) is copied unchanged.
              const bool seconds = queue == 1 || (queue < 0 && type != 2 && due > 1000000000);
              if (!seconds) due = to_anki_day(due);
              if (type == 2) reps = std::max<int64_t>(reps, 1);  // a review card was answered
            }
            // Anki keeps due in 32 bits (its Check Database clamps it the
            // same way): a learning step timed by a clock past 2038.
            due = std::clamp<int64_t>(due, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
            out.Bind(1, in.Value(0));
            out.Bind(2, in.Value(1));
            const auto did = package_did.find(deck_id);
            out.Bind(3, did != package_did.end() ? did->second : deck_id);
            out.Bind(4, in.Value(3));
            out.Bind(5, in.Value(12));
            out.Bind(6, type);
            out.Bind(7, queue);
            out.Bind(8, due);
            out.Bind(9, ivl);
            out.Bind(10, factor);
            out.Bind(11, reps);
            out.Bind(12, lapses);
            out.Bind(13, left);
            out.Run();
            ++summary.cards;
          }
        };
        copy_cards(kNewCardRows);
        copy_cards(kOtherCardRows);
        if (options.with_scheduling) WriteFsrsCardData(db, pkg, store.FsrsParameters());
      }

      // Review log.
      if (options.with_scheduling) {
        RowStatement in(db, kRevlogRows);
        RowStatement out(pkg,
                         "INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) "
                         "VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)");
        std::optional<int64_t> last_deck;  // rows of one card's deck come in runs
        bool sm2 = false;
        while (in.Next()) {
          const int64_t deck_id = in.Int(8);
          if (deck_id != last_deck) {
            sm2 = deck_info.at(deck_id).sm2;
            last_deck = deck_id;
          }
          out.Bind(1, in.Value(0));
          out.Bind(2, in.Value(1));
          if (sm2) {
            out.Bind(3, int64_t{Sm2GradeToButton(static_cast<int>(in.Int(2)))});
          } else {
            out.Bind(3, in.Value(2));
          }
          for (int i = 3; i <= 7; ++i) out.Bind(i + 1, in.Value(i));
          out.Run();
          ++summary.revlog_rows;
        }
      }
      detail::RenumberFutureIds(pkg, params.now);  // ids the store keeps but Anki's format forbids
      pkg.exec(kSchema11Indexes);
      pkg.exec("COMMIT");
      pkg.exec("PRAGMA journal_mode = DELETE");
      db.exec("DROP TABLE temp.anki_export_cards");
    });
  } catch (const SQLite::Exception& e) {
    ThrowExportError(e, store, params.db_path);
  }
  return summary;
}

}  // namespace recall::anki
