// .apkg import, step 3: the package's review log, merged by id into the
// review log of the cards the notes step kept or added.

#include <algorithm>
#include <cstdint>

#include "recall/card.h"
#include "store/anki_import_rows.h"

namespace recall::anki::import_rows {

int64_t MergeRevlog(SQLite::Database& pkg, SQLite::Database& db, const Reader& r, const CardMap& card_map,
                    bool v1) {
  int64_t added = 0;
  // Review log: merged by id, never duplicated.
  SQLite::Statement revlog(pkg, "SELECT id, cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY cid, id");
  SQLite::Statement insert_rev(db,
                               "INSERT OR IGNORE INTO revlog (id, card_id, rating, kind, type_before, ivl, "
                               "last_ivl, ease, ease_before, duration_ms, day) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  int64_t prev_cid = 0;
  int64_t prev_factor = 0;
  while (r.Step(revlog)) {
    const int64_t id = r.Int(revlog, 0, "revlog.id");
    const int64_t cid = r.Int(revlog, 1, "revlog.cid");
    const int64_t ease = r.Int(revlog, 2, "revlog.ease");
    const int64_t ivl = r.Int(revlog, 3, "revlog.ivl");
    const int64_t last_ivl = r.Int(revlog, 4, "revlog.lastIvl");
    const int64_t factor = r.Int(revlog, 5, "revlog.factor");
    const int64_t time = r.Int(revlog, 6, "revlog.time");
    const int64_t type = r.Int(revlog, 7, "revlog.type");
    const std::string where = " (review " + std::to_string(id) + ")";
    if (id <= 0) r.Fail("invalid review log id" + where);
    if (ease < 0 || ease > 4) r.Fail("invalid review log ease " + std::to_string(ease) + where);
    if (type < 0 || type > 5) r.Fail("invalid review log type " + std::to_string(type) + where);
    if (ivl < INT32_MIN || ivl > INT32_MAX || last_ivl < INT32_MIN || last_ivl > INT32_MAX ||
        factor < 0 || factor > 65535) {
      r.Fail("invalid review log interval or factor" + where);
    }
    if (cid != prev_cid) prev_factor = 0;
    const int64_t ease_before = prev_factor;
    prev_cid = cid;
    prev_factor = factor;
    const auto target = card_map.find(cid);
    if (target == card_map.end()) continue;
    // Scheduler v1 had three buttons while learning (Again, Good, Easy).
    const int64_t rating = v1 && (type == 0 || type == 2) && (ease == 2 || ease == 3) ? ease + 1 : ease;
    CardType before = CardType::kReview;
    if (type == 0) before = last_ivl == 0 ? CardType::kNew : CardType::kLearning;
    if (type == 2) before = CardType::kRelearning;
    insert_rev.bind(1, id);
    insert_rev.bind(2, target->second.first);
    insert_rev.bind(3, rating);
    insert_rev.bind(4, type);
    insert_rev.bind(5, static_cast<int>(before));
    insert_rev.bind(6, ivl);
    insert_rev.bind(7, last_ivl);
    insert_rev.bind(8, factor);
    insert_rev.bind(9, ease_before);
    insert_rev.bind(10, std::clamp<int64_t>(time, 0, 86400000));
    insert_rev.bind(11, StudyDayOf(Timestamp{id}, target->second.second).n);
    added += insert_rev.exec();
    insert_rev.reset();
  }
  return added;
}

}  // namespace recall::anki::import_rows
