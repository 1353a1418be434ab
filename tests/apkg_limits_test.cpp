// The work bounds of one package import (lib/src/anki/apkg_limits.h,
// docs/apkg.md "Limits of a package"): each bound stops the import with one
// line naming the package and what was too large, and writes nothing.

#include "anki/apkg_limits.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "anki/apkg_internal.h"
#include "package_support.h"
#include "recall/anki.h"
#include "recall/error.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::EditPackage;
using testing::NestedLists;
using testing::TempDir;

constexpr int64_t kNow = 1710061200;  // 2024-03-10 09:00 UTC

class ApkgLimitsTest : public ::testing::Test {
 protected:
  ApkgLimitsTest() : clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)) {
    setenv("TZ", "UTC", 1);
    tzset();
    Store source = Store::OpenInMemory(clock_);
    const Deck deck = source.CreateDeck("D", DeckOptions{});
    for (const char* front : {"q1", "q2"}) {
      Note n;
      n.front = front;
      n.back = "a";
      note_ids_.push_back(source.AddNote(&n, deck.id).note_id);
    }
    ExportApkg(source, good_, ExportOptions{});
  }
  // A copy of the two-note package whose every note has the fields `front`
  // and `back` (HTML).
  std::string WithFields(const std::string& front, const std::string& back) {
    const std::string apkg = dir_.File("edited.apkg");
    EditPackage(good_, apkg, {"UPDATE notes SET flds = ?1 || char(31) || ?2"}, dir_.File("scratch.anki2"),
                {front, back});
    return apkg;
  }
  // Imports `apkg`; expects the error `message` (then " (<apkg>)"), exit
  // code 4 and nothing written.
  void ExpectRefused(const std::string& apkg, const ApkgImportOptions& options, const std::string& message) {
    try {
      ImportApkg(store_, apkg, options);
      ADD_FAILURE() << "expected " << message;
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()), message + " (" + apkg + ")");
      EXPECT_EQ(e.code(), ErrorCode::kInvalidInput);
    }
    EXPECT_TRUE(store_.ListDecks().empty());
    EXPECT_TRUE(store_.ListCards(CardQuery{}).empty());
  }

  int64_t FirstNoteId() const { return note_ids_.front(); }

  TempDir dir_;
  std::vector<int64_t> note_ids_;
  const std::string good_ = dir_.File("good.apkg");
  FixedClock clock_;
  Store store_;
};

TEST(ListDepthTest, CountsNestedListsInAnyCase) {
  EXPECT_EQ(anki::ListDepth("plain"), 0);
  EXPECT_EQ(anki::ListDepth("<ul><li>a</li></ul><ol><li>b</li></ol>"), 1);
  EXPECT_EQ(anki::ListDepth("<UL><li><Ol type=a><li>x</li></oL></li></Ul>"), 2);
  EXPECT_EQ(anki::ListDepth(NestedLists(65)), 65);
  EXPECT_EQ(anki::ListDepth("<ul><ul><ul>"), 3) << "unclosed lists count";
  EXPECT_EQ(anki::ListDepth("</ul></ul><ul>"), 1) << "stray closing tags are ignored";
  EXPECT_EQ(anki::ListDepth("<ulx><olive><u><o>"), 0) << "other tags";
}

TEST_F(ApkgLimitsTest, ListsNestedDeeperThanTheLimitAreRefused) {
  ExpectRefused(WithFields("q", NestedLists(65)), {},
                "package too large: lists nested 65 levels deep in note " + std::to_string(FirstNoteId()) +
                    " (at most 64)");
}

TEST_F(ApkgLimitsTest, ListsAtTheLimitImport) {
  const auto s = ImportApkg(store_, WithFields("q", NestedLists(64)), {});
  EXPECT_EQ(s.notes_added, 2);
  const auto cards = store_.ListCards(CardQuery{});
  ASSERT_EQ(cards.size(), 2u);
  // 64 levels: the innermost item is indented by 2 x 63 spaces.
  EXPECT_NE(cards[0].note.back.find(std::string(126, ' ') + "- x"), std::string::npos);
}

TEST_F(ApkgLimitsTest, AFieldThatGrowsTooMuchAsMarkdownIsRefused) {
  // 60 levels, then 20000 empty items: each <li> (4 bytes) becomes a line
  // of 2 x 59 spaces and "- " (about 30 times its size).
  std::string html;
  for (int i = 0; i < 60; ++i) html += "<ul>";
  for (int i = 0; i < 20000; ++i) html += "<li>";
  const int64_t cap = 8 * static_cast<int64_t>(html.size()) + 65536;
  ExpectRefused(WithFields(html, "a"), {},
                "package too large: a field of note " + std::to_string(FirstNoteId()) + " grows from " +
                    std::to_string(html.size()) + " bytes of HTML to more than " + std::to_string(cap) +
                    " bytes of Markdown (at most 8 times its size + 64 KiB)");
}

TEST_F(ApkgLimitsTest, TooManyRowsAreRefusedBeforeAnyIsRead) {
  ApkgImportOptions o;
  o.limits.notes = 1;
  ExpectRefused(good_, o, "package too large: 2 notes (at most 1)");
  o = {};
  o.limits.cards = 1;
  ExpectRefused(good_, o, "package too large: 2 cards (at most 1)");
  o = {};
  o.limits.revlog = -1;
  ExpectRefused(good_, o, "package too large: 0 review log rows (at most -1)");
}

TEST_F(ApkgLimitsTest, AValueLargerThanTheLimitIsRefused) {
  ApkgImportOptions o;
  o.limits.value_bytes = 4096;
  ExpectRefused(WithFields("q", std::string(5000, 'x')), o, "package too large: a value larger than 4 KiB");
}

// A generated column over zeroblob: 300 MB computed for every row when the
// value is read. The value limit (64 MiB) stops it at the first row.
TEST_F(ApkgLimitsTest, AGeneratedColumnOverZeroblobIsStoppedByTheValueLimit) {
  const std::string apkg = dir_.File("zeroblob.apkg");
  EditPackage(
      good_, apkg,
      {"ALTER TABLE notes DROP COLUMN flds",
       "ALTER TABLE notes ADD COLUMN flds TEXT GENERATED ALWAYS AS (CAST(zeroblob(300000000) AS TEXT))"},
      dir_.File("scratch.anki2"));
  ExpectRefused(apkg, {}, "package too large: a value larger than 64 MiB");
}

TEST_F(ApkgLimitsTest, TheTimeBudgetStopsTheImport) {
  ApkgImportOptions o;
  o.limits.milliseconds = 0;
  ExpectRefused(good_, o, "package too large: the import took longer than 0 s (its time budget)");
}

}  // namespace
}  // namespace recall
