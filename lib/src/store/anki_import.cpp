// .apkg import, step 2: merges the notes and cards of an extracted Anki
// collection into the store in one transaction (the rows are read and
// checked by anki_import_rows.cpp, the review log merged by
// anki_import_revlog.cpp).

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>

#include "anki/apkg_internal.h"
#include "anki/apkg_limits.h"
#include "recall/text.h"
#include "store/anki_fsrs_import.h"
#include "store/anki_import_rows.h"
#include "store/anki_store.h"
#include "store/import_repair.h"
#include "store/package_columns.h"
#include "store/package_guard.h"
#include "store/store_impl.h"
#include "util/base91.h"

namespace recall::anki {
namespace {

using detail::Db;
using import_rows::PackageCard;
using import_rows::Reader;

struct DryRunRollback {};

// The guid of a note whose guid an earlier note of the package has,
// derived from the shared guid and the note's id in the package.
std::string SharedGuidReplacement(const std::string& guid, int64_t pkg_id) {
  return detail::GuidFromText("shared-guid:" + guid + ":" + std::to_string(pkg_id));
}

struct TargetDeck {
  int64_t id = 0;
  bool sm2 = false;
  int rollover_hour = 4;  // the collection's (Store::RolloverHour)
};

}  // namespace

ApkgImportSummary MergeAnkiCollection(Store& store, const std::string& db_path, const std::string& label,
                                      const ApkgImportOptions& options, PackageBudget& budget) {
  const Reader r(label);
  ApkgImportSummary summary;
  const Timestamp now = store.clock().Now();
  const std::string source = "apkg:" + std::filesystem::path(label).filename().string();
  try {
    SQLite::Database pkg(db_path, SQLite::OPEN_READONLY);
    detail::GuardPackage(pkg, budget);
    RegisterUnicaseCollation(pkg);
    import_rows::CheckPackage(pkg, r);
    detail::CheckPackageRows(pkg, budget);
    import_rows::PackageRows rows = import_rows::ReadPackageRows(pkg, r, now);
    const std::map<int64_t, std::string>& deck_names = rows.deck_names;
    const int64_t source_today = rows.source_today;
    const std::map<int64_t, Notetype>& package_types = rows.notetypes;
    const auto& cards_of_note = rows.cards_of_note;
    const auto& latest_review = rows.latest_review;
    const int64_t in_filtered_decks = rows.in_filtered_decks;
    const PackageFsrs fsrs = ReadPackageFsrs(pkg);

    import_rows::CardMap card_map;
    std::vector<ImportedCard> from_package;  // scheduling taken from the package
    try {
      store.Transaction([&] {
        SQLite::Database& db = Db(store);
        std::map<std::string, TargetDeck> decks;
        const int rollover = store.RolloverHour();
        std::optional<Day> today_day;
        auto today = [&] {
          if (!today_day) today_day = store.Today().today;
          return *today_day;
        };
        int64_t in_missing_decks = 0;
        auto deck_for = [&](int64_t did) -> TargetDeck {
          auto it = deck_names.find(did);
          if (it == deck_names.end()) ++in_missing_decks;  // counted per card
          const std::string name = it == deck_names.end() ? "Default" : it->second;
          if (auto d = decks.find(name); d != decks.end()) return d->second;
          std::optional<Deck> deck = store.FindDeck(name);
          if (!deck) {
            deck = store.CreateDeck(name, ImportedDeckOptions(fsrs, did));
            ++summary.decks_added;
            if (deck->options.algorithm == Algorithm::kFsrs) ++summary.fsrs_decks_added;
          }
          TargetDeck t{deck->id, deck->options.algorithm == Algorithm::kSm2, rollover};
          decks[name] = t;
          return t;
        };
        auto new_position = [&] { return detail::ReserveNewPositions(db, 1); };
        // The recall state for a package card in `deck`; `existing` is the
        // recall card's state when there is one.
        auto convert = [&](const PackageCard& c, const TargetDeck& deck, const CardState* existing, int64_t* buried_day) {
          CardState s;
          const Day t = today();
          const bool seconds = c.queue == 1 || (c.queue < 0 && c.type != 2 && c.due > 1000000000);
          const int64_t as_day = seconds ? StudyDayOf(Timestamp::FromSeconds(c.due), deck.rollover_hour).n
                                         : t.n + (c.due - source_today);
          *buried_day = (c.queue == -2 || c.queue == -3) ? t.n : 0;
          s.reps = static_cast<int32_t>(c.reps);
          s.lapses = static_cast<int32_t>(c.lapses);
          if (c.type == 0) {
            s.type = CardType::kNew;
            s.queue = c.queue < 0 ? static_cast<CardQueue>(c.queue) : CardQueue::kNew;
            s.due = existing && existing->type == CardType::kNew ? existing->due : new_position();
            return s;
          }
          if (deck.sm2) {
            // Classic SM-2 has no learning steps: any reviewed card is a review.
            s.type = CardType::kReview;
            s.queue = c.queue < 0 ? static_cast<CardQueue>(c.queue) : CardQueue::kReview;
            s.due = as_day;
            s.interval = static_cast<int32_t>(std::max<int64_t>(c.ivl, 1));
            const int64_t ef = c.factor == 0 ? 2500 : std::max<int64_t>(1300, (c.factor + 5) / 10 * 10);
            s.ease = static_cast<int32_t>(ef);
            s.left = existing ? existing->left : 0;
            return s;
          }
          s.type = static_cast<CardType>(c.type);
          s.queue = static_cast<CardQueue>(c.queue);
          s.due = seconds ? c.due : as_day;
          s.interval = static_cast<int32_t>(c.ivl);
          s.ease = static_cast<int32_t>(c.factor);
          s.left = static_cast<int32_t>(c.left);
          return s;
        };
        SQLite::Statement find_note(db, "SELECT id, modified_s FROM notes WHERE guid = ?");
        SQLite::Statement id_used_note(db, "SELECT 1 FROM notes WHERE id = ?");
        SQLite::Statement id_used_card(db, "SELECT 1 FROM cards WHERE id = ?");
        SQLite::Statement insert_note(db,
                                      "INSERT INTO notes (id, guid, front, back, source, key, created_s, modified_s, "
                                      "notetype_id, fields) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)");
        SQLite::Statement update_note(
            db, "UPDATE notes SET front = ?, back = ?, modified_s = ?, notetype_id = ?, fields = ? WHERE id = ?");
        SQLite::Statement find_card(db,
                                    std::string("SELECT ") + detail::kCardColumns +
                                        ", d.algorithm FROM cards c JOIN decks d ON d.id = c.deck_id "
                                        "WHERE c.note_id = ? AND c.ord = ?");
        // Package note type id -> the recall type its notes get (nullopt:
        // recall Basic, whose fields are Markdown).
        std::map<int64_t, std::optional<Notetype>> type_map;
        auto type_for = [&](int64_t mid) -> const std::optional<Notetype>& {
          if (auto it = type_map.find(mid); it != type_map.end()) return it->second;
          return type_map[mid] = RecallTypeOf(store, package_types, mid, label, &summary.notetypes_added);
        };
        SQLite::Statement latest_recall(db, "SELECT max(id) FROM revlog WHERE card_id = ?");
        SQLite::Statement insert_card(db,
                                      "INSERT INTO cards (id, note_id, deck_id, ord, type, queue, due, ivl, ease, reps, "
                                      "lapses, left, drill, buried_day, modified_s) "
                                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)");
        SQLite::Statement update_card(db,
                                      "UPDATE cards SET type = ?, queue = ?, due = ?, ivl = ?, ease = ?, reps = ?, "
                                      "lapses = ?, left = ?, drill = 0, buried_day = ?, modified_s = ? WHERE id = ?");
        auto free_id = [&](SQLite::Statement& used, int64_t wanted, const char* table) {
          if (wanted > 0 && wanted <= now.ms + 86400000) {
            used.bind(1, wanted);
            const bool taken = used.executeStep();
            used.reset();
            if (!taken) return wanted;
          }
          return detail::NextMsId(db, table, now);
        };
        auto bind_state = [](SQLite::Statement& st, int first, const CardState& s) {
          st.bind(first, static_cast<int>(s.type));
          st.bind(first + 1, static_cast<int>(s.queue));
          st.bind(first + 2, s.due);
          st.bind(first + 3, s.interval);
          st.bind(first + 4, s.ease);
          st.bind(first + 5, s.reps);
          st.bind(first + 6, s.lapses);
          st.bind(first + 7, s.left);
        };
        auto add_card = [&](const PackageCard& c, int64_t note_id) {
          const TargetDeck deck = deck_for(c.did);
          int64_t buried_day = 0;
          const CardState s = convert(c, deck, nullptr, &buried_day);
          const int64_t id = free_id(id_used_card, c.id, "cards");
          insert_card.bind(1, id);
          insert_card.bind(2, note_id);
          insert_card.bind(3, deck.id);
          insert_card.bind(4, c.ord);
          bind_state(insert_card, 5, s);
          insert_card.bind(13, buried_day);
          insert_card.bind(14, now.Seconds());
          insert_card.exec();
          insert_card.reset();
          card_map[c.id] = {id, deck.rollover_hour};
          from_package.push_back({c.id, c.did, id});
          ++summary.cards_added;
        };

        std::set<std::string> package_guids;  // the guids of the package's notes read so far
        int64_t shared_guids = 0;
        int64_t extra_fields = 0;
        SQLite::Statement notes(pkg, "SELECT id, guid, mod, tags, flds, mid FROM notes ORDER BY id");
        while (r.Step(notes)) {
          const int64_t pkg_id = r.Int(notes, 0, "notes.id");
          std::string guid = CleanStoredText(r.Text(notes, 1, "notes.guid"), StoredTextKind::kToken);
          int64_t mod = r.Int(notes, 2, "notes.mod");
          if (mod > 100000000000LL) mod /= 1000;  // ms instead of s
          const std::string tags_text = r.Text(notes, 3, "notes.tags");
          const std::string flds = r.Text(notes, 4, "notes.flds");
          const int64_t mid = r.Int(notes, 5, "notes.mid");
          if (guid.empty()) r.Fail("note " + std::to_string(pkg_id) + " has an empty guid");
          if (!package_guids.insert(guid).second) {
            // A second note with this guid (Anki keeps guids unique; tools
            // that derive them may not): a guid of its own, derived from
            // the shared one and its id, so the next import finds it again.
            guid = SharedGuidReplacement(guid, pkg_id);
            ++shared_guids;
          }
          const auto card_it = cards_of_note.find(pkg_id);
          if (card_it == cards_of_note.end()) {  // a note without cards: nothing to study
            ++summary.notes_without_cards;
            continue;
          }
          const std::optional<Notetype>& type = type_for(mid);
          std::vector<std::string> fields = detail::SplitFields(flds);
          budget.CheckFields(pkg_id, fields);
          std::string front;
          std::string back;
          std::optional<std::string> joined;  // notes.fields
          if (!type) {
            // recall Basic: Front = first field, Back = the other non-empty fields.
            front = budget.ToMarkdown(pkg_id, fields[0]);
            for (size_t i = 1; i < fields.size(); ++i) {
              const std::string field = budget.ToMarkdown(pkg_id, fields[i]);
              if (!field.empty()) back += (back.empty() ? "" : "\n\n") + field;
            }
          } else {
            // Anki's HTML, kept as it is. Like Anki (Note::fix_field_count),
            // extra fields are joined into the last one, missing ones empty.
            if (fields.size() > type->fields.size() && type->fields.size() > 0) {
              ++extra_fields;
              for (size_t i = type->fields.size(); i < fields.size(); ++i) {
                fields[type->fields.size() - 1] += "; " + fields[i];
              }
            }
            fields.resize(type->fields.size());
            front = detail::SortFieldText(*type, fields);
            joined = detail::JoinFields(fields);
          }
          const int64_t notetype_id = type ? type->id : kRecallBasicNotetypeId;
          const std::vector<std::string> tags = SplitAnkiTags(tags_text);

          find_note.bind(1, guid);
          const bool exists = find_note.executeStep();
          const int64_t recall_note = exists ? find_note.getColumn(0).getInt64() : 0;
          const int64_t recall_mod = exists ? find_note.getColumn(1).getInt64() : 0;
          find_note.reset();

          if (!exists) {
            const int64_t id = free_id(id_used_note, pkg_id, "notes");
            insert_note.bind(1, id);
            insert_note.bind(2, guid);
            insert_note.bind(3, CleanStoredText(front));
            insert_note.bind(4, CleanStoredText(back));
            insert_note.bind(5, source);
            insert_note.bind(6, std::clamp<int64_t>(pkg_id / 1000, 0, now.Seconds()));
            insert_note.bind(7, mod);
            insert_note.bind(8, notetype_id);
            if (joined) {
              insert_note.bind(9, *joined);
            } else {
              insert_note.bind(9);
            }
            insert_note.exec();
            insert_note.reset();
            detail::WriteTags(db, id, tags);
            ++summary.notes_added;
            for (const PackageCard& pc : card_it->second) {
              if (!type && pc.ord != 0) continue;  // recall Basic has one template
              add_card(pc, id);
            }
            continue;
          }
          if (mod > recall_mod) {
            update_note.bind(1, CleanStoredText(front));
            update_note.bind(2, CleanStoredText(back));
            update_note.bind(3, mod);
            update_note.bind(4, notetype_id);
            if (joined) {
              update_note.bind(5, *joined);
            } else {
              update_note.bind(5);
            }
            update_note.bind(6, recall_note);
            update_note.exec();
            update_note.reset();
            detail::WriteTags(db, recall_note, tags);
            ++summary.notes_updated;
          } else {
            ++summary.notes_unchanged;
          }
          for (const PackageCard& pc : card_it->second) {
            if (!type && pc.ord != 0) continue;
            find_card.bind(1, recall_note);
            find_card.bind(2, pc.ord);
            if (!find_card.executeStep()) {
              find_card.reset();
              add_card(pc, recall_note);
              continue;
            }
            const Card card = detail::ReadCard(find_card, 0);
            const TargetDeck deck{card.deck_id, find_card.getColumn(14).getString() == "sm2", rollover};
            find_card.reset();
            card_map[pc.id] = {card.id, deck.rollover_hour};
            latest_recall.bind(1, card.id);
            latest_recall.executeStep();
            const int64_t recall_latest = latest_recall.getColumn(0).isNull() ? 0 : latest_recall.getColumn(0).getInt64();
            latest_recall.reset();
            const auto pkg_latest = latest_review.find(pc.id);
            if (pkg_latest != latest_review.end() && pkg_latest->second > recall_latest) {
              int64_t buried_day = 0;
              const CardState s = convert(pc, deck, &card.state, &buried_day);
              bind_state(update_card, 1, s);
              update_card.bind(9, buried_day);
              update_card.bind(10, now.Seconds());
              update_card.bind(11, card.id);
              update_card.exec();
              update_card.reset();
              from_package.push_back({pc.id, pc.did, card.id});
              ++summary.cards_updated;
            }
          }
        }

        // Review log: merged by id, never duplicated.
        summary.revlog_added += import_rows::MergeRevlog(pkg, db, r, card_map, rows.v1);
        summary.repaired = detail::RepairImportedCards(store, card_map);
        if (in_missing_decks > 0) {
          summary.repaired.push_back("cards in a deck the package does not have: " + std::to_string(in_missing_decks) +
                                     " (put in Default)");
        }
        if (extra_fields > 0) {
          summary.repaired.push_back("notes with more fields than their note type: " + std::to_string(extra_fields) +
                                     " (the extra fields joined into the last one, as Anki's Check Database does)");
        }
        if (shared_guids > 0) {
          summary.repaired.push_back("notes whose guid an earlier note of the package has: " +
                                     std::to_string(shared_guids) +
                                     " (given a guid of their own, the same at every import)");
        }
        AdoptPackageFsrs(store, fsrs, from_package, &summary);
        if (options.dry_run) throw DryRunRollback{};
      });
    } catch (const DryRunRollback&) {
      // Everything was counted; nothing was kept.
    }
    if (in_filtered_decks > 0) {
      summary.not_kept.push_back(Plural(in_filtered_decks, "card", "cards") +
                                 " in filtered decks (recall has none: they are in their home decks)");
    }
    if (summary.notes_without_cards > 0) {
      summary.not_kept.push_back(Plural(summary.notes_without_cards, "note", "notes") + " without cards");
    }
    if (rows.cards_without_note > 0) {
      summary.not_kept.push_back(Plural(rows.cards_without_note, "card whose note is", "cards whose note is") +
                                 " not in the package");
    }
    if (rows.revlog_without_card > 0) {
      summary.not_kept.push_back(Plural(rows.revlog_without_card, "review log row", "review log rows") +
                                 " of cards that are not in the package");
    }
    if (!rows.empty_decks.empty()) {
      std::string names;
      for (size_t i = 0; i < rows.empty_decks.size() && i < 3; ++i) names += (i ? ", " : "") + rows.empty_decks[i];
      if (rows.empty_decks.size() > 3) names += " and " + std::to_string(rows.empty_decks.size() - 3) + " more";
      summary.not_kept.push_back(Plural(static_cast<int64_t>(rows.empty_decks.size()), "deck", "decks") +
                                 " without cards (" + names + "): Anki's importer leaves them out too");
    }
    for (std::string& line : import_rows::NotKeptInPackage(pkg)) summary.not_kept.push_back(std::move(line));
  } catch (const SQLite::Exception& e) {
    r.Fail(std::string("malformed collection: ") + e.what());
  }
  return summary;
}

}  // namespace recall::anki
