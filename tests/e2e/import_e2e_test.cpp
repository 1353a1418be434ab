// End-to-end tests of `recall import`: the bundled decks, summaries, --json,
// --quiet, --dry-run, --prune, error lines and exit codes, and that a failed
// or dry run leaves the collection exactly as it was.

#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall {
namespace {

using testing::ReadFile;
using testing::RunRecall;
using testing::RunResult;
using testing::SourcePath;
using testing::TempDir;
using testing::WriteFile;

constexpr const char* kNow = "2024-01-01T09:00:00Z";
constexpr const char* kLater = "2024-01-05T09:00:00Z";

class ImportE2eTest : public ::testing::Test {
 protected:
  RunResult Run(std::vector<std::string> args, const std::string& now = kNow) {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"TZ", "UTC"}, {"RECALL_NOW", now}});
  }
  // Every row of the tables an import touches, as text.
  std::string Dump() {
    SQLite::Database db(db_, SQLite::OPEN_READONLY);
    std::string out;
    for (const char* sql :
         {"SELECT id, guid, front, back, source, key, created_s, modified_s FROM notes ORDER BY id",
          "SELECT note_id, tag FROM note_tags ORDER BY note_id, tag",
          "SELECT id, note_id, deck_id, type, queue, due, ivl, ease, reps, lapses, modified_s FROM cards ORDER BY id",
          "SELECT id, name, created_s, modified_s FROM decks ORDER BY id", "SELECT * FROM revlog ORDER BY id",
          "SELECT next_position FROM collection"}) {
      SQLite::Statement st(db, sql);
      while (st.executeStep()) {
        for (int i = 0; i < st.getColumnCount(); ++i) out += st.getColumn(i).getString() + "|";
        out += "\n";
      }
      out += "--\n";
    }
    return out;
  }
  int64_t Count(const std::string& sql) {
    SQLite::Database db(db_, SQLite::OPEN_READONLY);
    return db.execAndGet(sql).getInt64();
  }

  TempDir dir_;
  std::string db_ = dir_.File("collection.db");
  std::string talk_ = SourcePath("decks/llm-infra-interview-talk.txt");
  std::string guide_ = SourcePath("decks/llm-interview-guide.txt");
};

TEST_F(ImportE2eTest, BundledDecksImportOnceAndReimportChangesNothing) {
  RunResult r = Run({"import", talk_, guide_});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, talk_ + ": 25 added, 0 updated, 0 unchanged, 0 missing; 25 questions: 25 layout1\n" + guide_ +
                       ": 19 added, 0 updated, 0 unchanged, 0 missing; 19 questions: 19 layout2\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(Count("SELECT count(*) FROM cards"), 44);
  EXPECT_EQ(Count("SELECT count(*) FROM cards c JOIN decks d ON d.id = c.deck_id WHERE d.name = '面试实战话术'"), 25);
  EXPECT_EQ(Count("SELECT count(*) FROM cards c JOIN decks d ON d.id = c.deck_id "
                  "WHERE d.name = 'llm-interview-guide'"),
            19);
  const std::string before = Dump();
  r = Run({"import", talk_, guide_}, kLater);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, talk_ + ": 0 added, 0 updated, 25 unchanged, 0 missing; 25 questions: 25 layout1\n" + guide_ +
                       ": 0 added, 0 updated, 19 unchanged, 0 missing; 19 questions: 19 layout2\n");
  EXPECT_EQ(Dump(), before);  // not even modified_s
  // `make run` imports quietly.
  r = Run({"import", talk_, guide_, "--quiet"}, kLater);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(Dump(), before);
}

TEST_F(ImportE2eTest, JsonSummary) {
  const RunResult r = Run({"--json", "import", guide_});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["file"], guide_);
  EXPECT_EQ(j[0]["format"], "interview");
  EXPECT_EQ(j[0]["deck"], "llm-interview-guide");
  EXPECT_EQ(j[0]["added"], 19);
  EXPECT_EQ(j[0]["updated"], 0);
  EXPECT_EQ(j[0]["unchanged"], 0);
  EXPECT_EQ(j[0]["missing"], 0);
  EXPECT_EQ(j[0]["dry_run"], false);
  ASSERT_EQ(j[0]["changes"].size(), 19u);
  EXPECT_EQ(j[0]["changes"][0]["kind"], "add");
  EXPECT_EQ(j[0]["changes"][0]["line"], 6);
  EXPECT_EQ(j[0]["changes"][0]["front"], "请对比Transformer和CNN在长序列处理上的差异");
}

TEST_F(ImportE2eTest, EditsRemovalsPruneAndDryRun) {
  const std::string doc = dir_.File("topics.txt");
  WriteFile(doc, "分类\n\nQ: 一？\n满分回答：\n答一。\n\nQ: 二？\n满分回答：\n答二。\n");
  ASSERT_EQ(Run({"import", doc}).exit_code, 0);

  WriteFile(doc, "分类\n\nQ: 一？\n满分回答：\n答一，改过。\n\nQ: 三？\n满分回答：\n答三。\n");
  const std::string before = Dump();
  RunResult r = Run({"import", doc, "--dry-run"}, kLater);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string id2 = std::to_string(Count("SELECT id FROM notes WHERE front = '二？'"));
  EXPECT_EQ(r.out, "  update   line 3               一？\n"
                   "  add      line 7               三？\n"
                   "  missing  note " + id2 + std::string(20 - 5 - id2.size(), ' ') + " 二？\n" +
                       doc + ": 1 added, 1 updated, 0 unchanged, 1 missing; 2 questions: 2 layout1 (dry run: nothing written)\n");
  EXPECT_EQ(Dump(), before);

  r = Run({"import", doc}, kLater);
  EXPECT_EQ(r.out, doc + ": 1 added, 1 updated, 0 unchanged, 1 missing; 2 questions: 2 layout1\n");
  EXPECT_EQ(Count("SELECT queue FROM cards c JOIN notes n ON n.id = c.note_id WHERE n.front = '二？'"), 0);
  EXPECT_EQ(Count("SELECT modified_s FROM notes WHERE front = '一？'"), 1704445200);

  r = Run({"import", doc, "--prune"}, kLater);
  EXPECT_EQ(r.out, doc + ": 0 added, 0 updated, 2 unchanged, 1 missing (1 suspended); 2 questions: 2 layout1\n");
  EXPECT_EQ(Count("SELECT queue FROM cards c JOIN notes n ON n.id = c.note_id WHERE n.front = '二？'"), -1);
  EXPECT_EQ(Count("SELECT count(*) FROM notes"), 3);
}

TEST_F(ImportE2eTest, ErrorsNameFileAndLineAndWriteNothing) {
  ASSERT_EQ(Run({"import", guide_}).exit_code, 0);
  const std::string before = Dump();

  const std::string bad_utf8 = dir_.File("notes.tsv");
  WriteFile(bad_utf8, "a\tb\nc\td\n\xff\te\n");
  RunResult r = Run({"import", talk_, bad_utf8});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "recall: invalid UTF-8 (" + bad_utf8 + ", line 3)\n");
  EXPECT_EQ(Dump(), before);

  const std::string malformed = dir_.File("m.tsv");
  WriteFile(malformed, "#separator:tab\n\"a\"b\tc\n");
  r = Run({"import", talk_, malformed});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.err, "recall: malformed line: text after a closing quote (" + malformed + ", line 2)\n");
  EXPECT_EQ(Dump(), before);

  const std::string md = dir_.File("deck.md");
  WriteFile(md, "<!-- recall: deck -->\n# D\n\n## Question without answer\n\n## Next\nanswer\n");
  r = Run({"import", md});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.err, "recall: card without an answer (" + md + ", line 4)\n");
  EXPECT_EQ(Dump(), before);

  r = Run({"import", dir_.File("missing.txt")});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "recall: no such file (" + dir_.File("missing.txt") + ")\n");

  r = Run({"import", talk_, "--format", "docx"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "recall: unknown format \"docx\": use auto, interview, markdown, tsv or apkg\n");
  EXPECT_EQ(Dump(), before);
}

TEST_F(ImportE2eTest, WarningsGoToStandardErrorUnlessQuiet) {
  const std::string doc = dir_.File("w.txt");
  WriteFile(doc, "Q: 有答案？\n满分回答：\n有。\n\nQ: 没答案？\n");
  RunResult r = Run({"import", doc});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, doc + ": 1 added, 0 updated, 0 unchanged, 0 missing; 1 question: 1 layout1\n");
  EXPECT_EQ(r.err, "recall: warning: " + doc + ", line 5: question without an answer, not imported\n");
  r = Run({"import", doc, "-q"});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
}

TEST_F(ImportE2eTest, DeckOptionAndMarkdownFormat) {
  const RunResult r = Run({"import", testing::FixturePath("import/sample.md"), "--deck", "练习::示例"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Count("SELECT count(*) FROM cards c JOIN decks d ON d.id = c.deck_id WHERE d.name = '练习::示例'"), 3);
  EXPECT_EQ(Count("SELECT count(*) FROM notes WHERE key = 'id:kv-cache'"), 1);
}

// Ordinary Markdown goes to the interview reader, never to the recall deck
// format: "## " sections holding many questions give one card per question.
TEST_F(ImportE2eTest, NothingFoundSaysSoAndExplainListsWhy) {
  const std::string doc = dir_.File("list.md");
  WriteFile(doc, "# Questions\n\n- What is a token?\n- Why does tokenization matter?\n\nSee you.\n");
  RunResult r = Run({"import", doc});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, doc + ": 0 added, 0 updated, 0 unchanged, 0 missing; 0 questions\n");
  EXPECT_EQ(r.err, "recall: warning: " + doc + ", line 3: question without an answer, not imported: What is a token?\n" +
                       "recall: warning: " + doc +
                       ", line 4: question without an answer, not imported: Why does tokenization matter?\n" +
                       "recall: warning: " + doc + ": no cards: 2 questions found, none with an answer; " +
                       "recall import --explain " + doc + " lists them\n");
  const std::string prose = dir_.File("prose.md");
  WriteFile(prose, "# Notes\n\nJust some text about tokens.\n");
  r = Run({"import", prose});
  EXPECT_EQ(r.err, "recall: warning: " + prose + ": no questions found; recall import --explain " + prose +
                       " shows why\n");
  r = Run({"import", "--explain", doc});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, doc + ": 0 questions (interview)\n" +
                       "  skipped  3         no answer: What is a token?\n" +
                       "  skipped  4         no answer: Why does tokenization matter?\n");
  const std::string qa = dir_.File("qa.md");
  WriteFile(qa, "# T\n\n## What is a token?\n\nA unit of text.\n\n**Q: Why BPE?**\n\nA: Open vocabulary.\n");
  r = Run({"import", "--explain", qa});
  EXPECT_EQ(r.out, qa + ": 2 questions: 1 heading, 1 prefix (interview)\n" +
                       "  card     3-6       heading    What is a token?\n" +
                       "  card     7-9       prefix     Why BPE?\n");
  EXPECT_EQ(Count("SELECT count(*) FROM notes"), 0);
}

// An edit made with `recall card edit` survives re-import; when the document
// changed too, --dry-run and the import report a conflict and --theirs takes
// the document's text.
TEST_F(ImportE2eTest, CardEditSurvivesReimportAndConflictsNeedTheirs) {
  const std::string doc = dir_.File("topics.txt");
  WriteFile(doc, "Q: 一？\n满分回答：\n答一。\n");
  ASSERT_EQ(Run({"import", doc}).exit_code, 0);
  const std::string card = std::to_string(Count("SELECT id FROM cards"));
  ASSERT_EQ(Run({"card", "edit", card, "--back", "我的答案。"}).exit_code, 0);
  RunResult r = Run({"import", doc});
  EXPECT_EQ(r.out, doc + ": 0 added, 0 updated, 1 unchanged, 0 missing; 1 question: 1 layout1\n");
  EXPECT_EQ(Count("SELECT count(*) FROM notes WHERE back = '我的答案。'"), 1);

  WriteFile(doc, "Q: 一？\n满分回答：\n文档新答案。\n");
  r = Run({"import", doc, "--dry-run"});
  EXPECT_EQ(r.out, "  conflict line 1               一？\n" + doc +
                       ": 0 added, 0 updated, 0 unchanged, 0 missing, 1 conflict; 1 question: 1 layout1 (dry run: "
                       "nothing written)\n");
  r = Run({"import", doc});
  EXPECT_EQ(r.err, "recall: warning: " + doc +
                       ", line 1: conflict: \"一？\" was edited in recall and changed in the document; kept your edit "
                       "(--theirs takes the document's text)\n");
  EXPECT_EQ(Count("SELECT count(*) FROM notes WHERE back = '我的答案。'"), 1);
  r = Run({"import", doc, "--theirs"});
  EXPECT_EQ(r.out, doc + ": 0 added, 1 updated, 0 unchanged, 0 missing; 1 question: 1 layout1\n");
  EXPECT_EQ(Count("SELECT count(*) FROM notes WHERE back = '文档新答案。'"), 1);
}

TEST_F(ImportE2eTest, OrdinaryMarkdownIsAnInterviewDocument) {
  const std::string doc = dir_.File("notes.md");
  WriteFile(doc,
            "# Notes\n\n## Basics\n\n**Q1: What is a token?**\n\nA unit of text.\n\n"
            "**Q2: Why normalise?**\n\nStable training.\n\n---\n\nThanks for reading!\n");
  const RunResult r = Run({"import", doc});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, doc + ": 2 added, 0 updated, 0 unchanged, 0 missing; 2 questions: 2 prefix\n");
  EXPECT_EQ(Count("SELECT count(*) FROM notes WHERE back = 'Stable training.'"), 1);
}

// A recall Markdown deck that declares note types (docs/formats.md, "Note
// types in a Markdown deck"): every card of each note in the listing, the
// fields kept, an edit re-imported in place, and one-line errors that write
// nothing.
TEST_F(ImportE2eTest, MarkdownDeckWithNoteTypes) {
  const std::string md = dir_.File("vocab.md");
  WriteFile(md,
            "<!-- recall: deck -->\n# 日本語\nnotetype: Basic (and reversed card)\n\n"
            "## 犬\ndog\n\n"
            "## {{c1::東京}}は日本の首都\nnotetype: Cloze\n%%% Back Extra\n*Tokyo*\n");
  RunResult r = Run({"import", md});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, md + ": 2 added, 0 updated, 0 unchanged, 0 missing\n");
  r = RunRecall({"--db", db_, "cards"}, {{"TZ", "UTC"}, {"RECALL_NOW", kNow}, {"COLUMNS", "100"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "ID            Deck   State      Due                 Ivl Front\n"
            "1704099600000 日本語 new        new #1                - 犬\n"
            "1704099600001 日本語 new        new #2                - 犬\n"
            "1704099600002 日本語 new        new #3                - {{c1::東京}}は日本の首都\n");
  EXPECT_EQ(Count("SELECT count(*) FROM notes WHERE fields = '<p>{{c1::東京}}は日本の首都</p>' || char(31) || "
                  "'<p><em>Tokyo</em></p>'"),
            1);

  // The answer edited and a second cloze: updated in place, card 2 made.
  WriteFile(md,
            "<!-- recall: deck -->\n# 日本語\nnotetype: Basic (and reversed card)\n\n"
            "## 犬\ndog\n\n"
            "## {{c1::東京}}は{{c2::日本}}の首都\nnotetype: Cloze\n%%% Back Extra\n*Tokyo*\n");
  r = Run({"import", md}, kLater);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, md + ": 0 added, 1 updated, 1 unchanged, 0 missing\n");
  EXPECT_EQ(Count("SELECT count(*) FROM cards"), 4);
  EXPECT_EQ(Count("SELECT count(*) FROM cards c JOIN notes n ON n.id = c.note_id WHERE n.front LIKE '%c2::%'"), 2);

  // Errors: one line naming file and line, exit 4, nothing written.
  const std::string before = Dump();
  const std::string bad = dir_.File("bad.md");
  WriteFile(bad, "<!-- recall: deck -->\n# B\n\n## 猫\nnotetype: Basic\ncat\n%%% Notes\nx\n");
  r = Run({"import", md, bad});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "recall: note type \"Basic\" has no field \"Notes\" (its fields: Front, Back) (" + bad +
                       ", line 7)\n");
  EXPECT_EQ(Dump(), before);
  WriteFile(bad, "<!-- recall: deck -->\n# B\nnotetype: Vocabulary\n\n## 猫\ncat\n");
  r = Run({"import", bad});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.err, "recall: unknown note type \"Vocabulary\" (known: Basic (and reversed card), Cloze, recall Basic, "
                   "Basic, Basic (optional reversed card), Basic (type in the answer)) (" +
                       bad + ", line 3)\n");
  EXPECT_EQ(Dump(), before);
  EXPECT_EQ(Count("SELECT count(*) FROM notetypes"), 3);
}

}  // namespace
}  // namespace recall
