// The totals the triggers keep (deck_card_counts, schema/0009; the stats
// totals and tag sets, schema/0014) after imports through the ImportWriter,
// which writes with the triggers off and applies their effect once
// (lib/src/store/import_trigger_effects.cpp): they equal the same imports
// made row by row through the triggers, and the figures `recall stats`
// reads from them equal those counted from the cards and the log. The
// imports: a fresh one of Markdown in every shape and a deck of typed notes,
// then, after answers, one where sections are renamed (their notes change
// tag set with their cards and answers), questions go (--prune), a question
// is added, the typed notes change tags and a cloze gains a card.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "bench/import_docs.h"
#include "recall/card_list.h"
#include "recall/import.h"
#include "recall/review.h"
#include "recall/stats.h"
#include "recall/store.h"
#include "stats/stats_queries.h"
#include "stats_text.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::Text;

constexpr int64_t kFirstImport = 1735722000;  // 2025-01-01 09:00 UTC

std::string Rows(const Store& store, const std::string& sql) {
  SQLite::Statement st(detail::Db(store), sql);
  std::string out;
  while (st.executeStep()) {
    for (int c = 0; c < st.getColumnCount(); ++c) out += (c ? "|" : "") + st.getColumn(c).getString();
    out += "\n";
  }
  return out;
}

// Every total the triggers keep, by what it counts (tag sets by their tags,
// not their ids; rows that count nothing left out: the triggers leave them
// behind when a count goes back to zero).
std::string Totals(const Store& store) {
  std::string out;
  out += "deck_card_counts\n" +
         Rows(store, "SELECT deck_id, queue, n FROM deck_card_counts WHERE n != 0 ORDER BY 1, 2");
  out +=
      "card_state_totals\n" +
      Rows(store, "SELECT queue, type, ivl, ease, n FROM card_state_totals WHERE n != 0 ORDER BY 1, 2, 3, 4");
  out += "card_due_totals\n" + Rows(store, "SELECT due, n FROM card_due_totals WHERE n != 0 ORDER BY 1");
  out += "deck_due_totals\n" +
         Rows(store, "SELECT deck_id, queue, due, n FROM deck_due_totals WHERE n != 0 ORDER BY 1, 2, 3");
  out +=
      "card_added_totals\n" + Rows(store, "SELECT quarter, n FROM card_added_totals WHERE n != 0 ORDER BY 1");
  out += "note_tagsets\n" +
         Rows(store,
              "SELECT n.note_id, s.tags FROM note_tagsets n JOIN tagsets s ON s.id = n.tagset_id ORDER BY 1");
  out +=
      "tagset_card_totals\n" +
      Rows(store,
           "SELECT s.tags, t.cards, t.new_cards, t.lapses, t.review_cards, t.ivl_sum FROM tagset_card_totals "
           "t "
           "JOIN tagsets s ON s.id = t.tagset_id "
           "WHERE t.cards != 0 OR t.new_cards != 0 OR t.lapses != 0 OR t.review_cards != 0 OR t.ivl_sum != 0 "
           "ORDER BY 1");
  out += "tagset_day_totals\n" +
         Rows(store,
              "SELECT s.tags, t.day, t.reviews, t.again, t.low, t.other FROM tagset_day_totals t "
              "JOIN tagsets s ON s.id = t.tagset_id "
              "WHERE t.reviews != 0 OR t.again != 0 OR t.low != 0 OR t.other != 0 ORDER BY 1, 2");
  return out;
}

// The figures of `recall stats` from the totals against those from the
// cards and the log.
void ExpectStatsEqualTheRecount(Store& store, Timestamp now) {
  const detail::StatsScope totals;
  detail::StatsScope log;
  log.from_log = true;
  const Day today = store.Today().today;
  EXPECT_EQ(Text(detail::QueryCardCounts(store, totals)), Text(detail::QueryCardCounts(store, log)));
  EXPECT_EQ(detail::QueryAddedQuarterHours(store, totals, Timestamp{0}),
            detail::QueryAddedQuarterHours(store, log, Timestamp{0}));
  const auto a = detail::QueryForecast(store, totals, today, 30, now);
  const auto b = detail::QueryForecast(store, log, today, 30, now);
  EXPECT_EQ(a.backlog, b.backlog);
  EXPECT_EQ(a.learning_due, b.learning_due);
  EXPECT_EQ(Text(detail::QueryIntervals(store, totals)), Text(detail::QueryIntervals(store, log)));
  EXPECT_EQ(Text(detail::QueryEases(store, totals)), Text(detail::QueryEases(store, log)));
  const std::vector<std::string> tags = detail::QueryTagNames(store, log);
  EXPECT_EQ(detail::QueryTagNames(store, totals), tags);
  std::vector<std::pair<std::string, std::string>> node_tags;
  for (const std::string& tag : tags) {
    node_tags.emplace_back(tag, tag);
    if (const size_t sep = tag.find("::"); sep != std::string::npos)
      node_tags.emplace_back(tag.substr(0, sep), tag);
  }
  EXPECT_EQ(Text(detail::QueryTagStats(store, totals, node_tags, today - 10, today)),
            Text(detail::QueryTagStats(store, log, node_tags, today - 10, today)));
}

std::string Replace(std::string s, const std::string& from, const std::string& to) {
  const size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos) s.replace(p, from.size(), to);
  return s;
}

struct ImportRun {
  std::string after_first;
  std::string after_second;
  int64_t tagged_notes = 0;  // notes in a tag set after the second import
  int64_t answers = 0;
};

// The two imports into a new collection in `dir`; `row_by_row`: with a
// trigger on notes the writer does not know, which keeps every row on the
// trigger path; `answered_id`: with an answer logged for the id the first
// new card gets (history kept from a deleted card), which the writer's
// sums for added notes cannot hold.
ImportRun ImportTwice(const testing::TempDir& dir, bool row_by_row, bool answered_id = false) {
  ImportRun run;
  testing::ScopedTimeZone zone("UTC");
  FixedClock clock(Timestamp::FromSeconds(kFirstImport));
  Store store = Store::Open(dir.File("c.db"), clock);
  if (row_by_row)
    detail::Db(store).exec("CREATE TRIGGER test_unknown AFTER INSERT ON notes BEGIN SELECT 1; END");
  if (answered_id) {
    SQLite::Statement answer(detail::Db(store),
                             "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                             "ease_before, duration_ms, day) VALUES (?1 - 86400000, ?1, 3, 1, 2, 9, 4, 2500, 2500, "
                             "6000, ?2)");
    answer.bind(1, kFirstImport * 1000);
    answer.bind(2, static_cast<int64_t>(store.Today().today.n) - 1);
    answer.exec();
  }
  const std::string md = dir.File("mixed.md");
  const std::string typed = dir.File("typed.md");
  const std::string doc = bench::GenerateMixedMarkdownDocument(120);
  // The fixture's notes of stock types (its last note's type is not in a
  // new collection).
  std::string typed_doc = testing::ReadFile(testing::FixturePath("import/typed.md"));
  typed_doc.erase(typed_doc.find("## 漢字"));
  typed_doc = Replace(typed_doc, "。\nnotetype: Cloze\n", "。\nid: port\nnotetype: Cloze\n");  // kept when edited
  testing::WriteFile(md, doc);
  testing::WriteFile(typed, typed_doc);
  auto s = ImportFiles(store, {md, typed}, ImportOptions{});
  EXPECT_EQ(s[0].added, 120);
  EXPECT_EQ(s[1].added, 3);
  run.after_first = Totals(store);
  ExpectStatsEqualTheRecount(store, clock.Now());

  // Answers on a third of the cards, over two days, all ratings.
  const auto cards = store.ListCards(CardQuery{});
  for (int day = 0; day < 2; ++day) {
    for (size_t k = 0; k < cards.size(); k += 3) {
      AnswerCard(store, cards[k].card.id, 1 + static_cast<int>((k / 3 + day) % 4), clock.Now(),
                 2000 + 10 * k);
      ++run.answers;
    }
    clock.AdvanceSeconds(86400);
  }

  // The first and third sections renamed: their notes change tag set.
  std::string v2 = Replace(doc, "## 🏗️ 第0部分：", "## 🏗️ 改名的第0部分：");
  v2 = Replace(v2, "## 🏗️ 第2部分：", "## 第二部分（改名）：");
  v2 = Replace(v2, "### 3. ", "### 3. 改写后：");  // the same answer: the same note, edited
  const size_t cut = v2.find("### 7. ");
  EXPECT_NE(cut, std::string::npos);
  v2.erase(cut, v2.find("### 8. ") - cut);  // gone: suspended by --prune
  v2 = Replace(v2, "---\n\n## 参考资料",
               "## 新增\n\n### 新问题为什么要加？\n\n新答案。\n\n---\n\n## 参考资料");
  testing::WriteFile(md, v2);
  std::string t2 = Replace(typed_doc, "tags: 日语\n", "tags: 日语 复习\n");
  t2 =
      Replace(t2, "最大的港口是{{c2::横滨::港口}}。", "最大的港口是{{c2::横滨::港口}}，古都是{{c3::京都}}。");
  testing::WriteFile(typed, t2);
  ImportOptions prune;
  prune.prune = true;
  s = ImportFiles(store, {md, typed}, prune);
  EXPECT_EQ(s[0].added, 1);
  EXPECT_EQ(s[0].suspended, 1);
  EXPECT_GE(s[0].updated, 41);  // two sections of 40 (new tags) and the edited question
  EXPECT_EQ(s[1].updated, 3);
  EXPECT_EQ(s[1].added, 0);
  // The cloze's third card is there, after every other card in the new-card order.
  EXPECT_EQ(Rows(store, "SELECT ord FROM cards WHERE due = (SELECT max(due) FROM cards WHERE queue = 0)"),
            "2\n");
  run.after_second = Totals(store);
  run.tagged_notes = detail::Db(store).execAndGet("SELECT count(*) FROM note_tagsets").getInt64();
  ExpectStatsEqualTheRecount(store, clock.Now());
  return run;
}

TEST(ImportTotalsTest, TheWriterLeavesTheTotalsTheTriggersWouldAndTheyEqualARecount) {
  testing::TempDir bulk_dir;
  testing::TempDir rows_dir;
  const ImportRun bulk = ImportTwice(bulk_dir, false);
  const ImportRun rows = ImportTwice(rows_dir, true);
  EXPECT_EQ(bulk.after_first, rows.after_first);
  EXPECT_EQ(bulk.after_second, rows.after_second);
  // Not trivially equal: every note is in a tag set, answers are counted by
  // tag set, and the renamed sections' tag sets are there.
  EXPECT_EQ(bulk.tagged_notes, 124);
  EXPECT_GT(bulk.answers, 80);
  EXPECT_NE(bulk.after_second.find("改名的第0部分"), std::string::npos);
  EXPECT_NE(bulk.after_second.find("复习"), std::string::npos);
  EXPECT_NE(bulk.after_second.find("tagset_day_totals\n"), std::string::npos);
  const std::string day_rows = bulk.after_second.substr(bulk.after_second.find("tagset_day_totals\n"));
  EXPECT_GT(std::count(day_rows.begin(), day_rows.end(), '\n'), 4);
}

TEST(ImportTotalsTest, AnswersLoggedForANewCardsIdCountInItsTagSet) {
  testing::TempDir bulk_dir;
  testing::TempDir rows_dir;
  const ImportRun bulk = ImportTwice(bulk_dir, false, true);
  const ImportRun rows = ImportTwice(rows_dir, true, true);
  EXPECT_EQ(bulk.after_first, rows.after_first);
  EXPECT_EQ(bulk.after_second, rows.after_second);
  // The answer is in the first card's tag set from the first import on.
  const std::string day_rows = bulk.after_first.substr(bulk.after_first.find("tagset_day_totals\n"));
  EXPECT_EQ(std::count(day_rows.begin(), day_rows.end(), '\n'), 2) << day_rows;
}

}  // namespace
}  // namespace recall
