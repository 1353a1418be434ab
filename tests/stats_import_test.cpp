// Reviews that arrive through an .apkg import count in the statistics exactly
// like reviews done in recall: same study days, same kinds, same buttons.

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>

#include "recall/anki.h"
#include "recall/review.h"
#include "recall/stats.h"
#include "test_support.h"

namespace recall {
namespace {

class StatsImportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("TZ", "UTC", 1);
    tzset();
  }
};

TEST_F(StatsImportTest, ImportedReviewsCountLikeLocalOnes) {
  testing::TempDir dir;
  FixedClock clock(*ParseTimestamp("2024-03-01T09:00:00Z"));
  Store source = Store::Open(dir.File("source.db"), clock);
  DeckOptions options;
  options.fuzz = false;
  const int64_t deck = source.CreateDeck("面试", options).id;
  Note a;
  a.front = "DDP 和 FSDP 的区别？";
  a.back = "参数复制 vs 参数切片";
  a.tags = {"分布式训练"};
  Note b;
  b.front = "为什么会有 bubble？";
  b.back = "流水线依赖";
  b.tags = {"流水线并行"};
  const int64_t ca = source.AddNote(&a, deck).id;
  const int64_t cb = source.AddNote(&b, deck).id;
  AnswerCard(source, ca, 4, clock.Now(), 8000);  // Easy: graduates, 4 days
  clock.AdvanceSeconds(60);
  AnswerCard(source, cb, 1, clock.Now(), 12000);  // Again: learning
  clock.Set(*ParseTimestamp("2024-03-05T10:00:00Z"));
  AnswerCard(source, ca, 1, clock.Now(), 5000);  // a lapse on the review
  clock.Set(*ParseTimestamp("2024-03-05T12:00:00Z"));

  const std::string package = dir.File("phone.apkg");
  ExportOptions export_options;
  export_options.with_scheduling = true;
  ExportApkg(source, package, export_options);

  Store target = Store::Open(dir.File("target.db"), clock);
  const ApkgImportSummary summary = ImportApkg(target, package, ApkgImportOptions{});
  EXPECT_EQ(summary.revlog_added, 3);

  const StatsReport want = ComputeStats(source, StatsFilter{});
  const StatsReport got = ComputeStats(target, StatsFilter{});
  EXPECT_EQ(got.today, want.today);
  EXPECT_EQ(got.calendar, want.calendar);
  EXPECT_EQ(got.calendar.back(), 1);                        // 2024-03-05: the lapse
  EXPECT_EQ(got.calendar[got.calendar.size() - 5], 2);      // 2024-03-01: Easy and Again
  EXPECT_EQ(got.today_stats.answers, 1);
  EXPECT_EQ(got.today_stats.again, 1);
  EXPECT_EQ(got.today_stats.review, 1);
  EXPECT_EQ(got.today_stats.time_ms, 5000);
  ASSERT_EQ(got.true_retention.size(), want.true_retention.size());
  for (size_t i = 0; i < got.true_retention.size(); ++i) {
    EXPECT_EQ(got.true_retention[i].young_failed, want.true_retention[i].young_failed) << i;
    EXPECT_EQ(got.true_retention[i].young_passed, want.true_retention[i].young_passed) << i;
  }
  EXPECT_EQ(got.true_retention[2].young_failed, 1);  // the week: one failed young review
  EXPECT_EQ(got.buttons.learning, want.buttons.learning);
  EXPECT_EQ(got.buttons.young, want.buttons.young);
  ASSERT_EQ(got.tags.size(), want.tags.size());
  for (size_t i = 0; i < got.tags.size(); ++i) {
    EXPECT_EQ(got.tags[i].tag, want.tags[i].tag);
    EXPECT_EQ(got.tags[i].reviews, want.tags[i].reviews);
    EXPECT_EQ(got.tags[i].failed, want.tags[i].failed);
    EXPECT_EQ(got.tags[i].lapses, want.tags[i].lapses);
  }
}

}  // namespace
}  // namespace recall
