// recall Markdown decks that declare a note type (docs/formats.md, "Note
// types in a Markdown deck"): the rows import writes (notes.fields, one card
// per ordinal), re-import of edited typed notes, edits made in recall, type
// changes, and the errors that leave the collection untouched.

#include <gtest/gtest.h>

#include <map>

#include "recall/error.h"
#include "recall/import.h"
#include "recall/notetype.h"
#include "recall/review.h"
#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using ::recall::testing::FixturePath;
using ::recall::testing::ReadFile;
using ::recall::testing::TempDir;
using ::recall::testing::WriteFile;

constexpr int64_t kT0 = 1767258000;  // 2026-01-01T09:00:00Z

class ImportNotetypeTest : public ::testing::Test {
 protected:
  ImportNotetypeTest() : clock_(Timestamp::FromSeconds(kT0)), store_(Store::OpenInMemory(clock_)) {}

  // The collection's own type "词汇": three fields, two templates (the second
  // asks for the word from its meaning).
  int64_t SaveVocabularyType() {
    Notetype t;
    t.name = "词汇";
    t.fields = {"Word", "Reading", "Meaning"};
    t.templates = {{"Recognise", "{{Word}}", "{{FrontSide}}<hr id=answer>{{Reading}}<br>{{Meaning}}"},
                   {"Recall", "{{Meaning}}", "{{FrontSide}}<hr id=answer>{{Word}}"}};
    return store_.SaveNotetype(t);
  }
  FileImportSummary Import(const std::string& path, ImportOptions o = {}) {
    return ImportFiles(store_, {path}, o).at(0);
  }
  // Every row that describes notes and cards, as text.
  std::string Rows(const std::string& sql) {
    std::string out;
    SQLite::Statement st(detail::Db(store_), sql);
    while (st.executeStep()) {
      for (int i = 0; i < st.getColumnCount(); ++i) {
        out += (i ? "|" : "") + (st.getColumn(i).isNull() ? std::string("NULL") : st.getColumn(i).getString());
      }
      out += "\n";
    }
    return out;
  }
  std::string NotesAndCards() {
    return Rows("SELECT n.key, t.name, n.front, n.back, replace(coalesce(n.fields, 'NULL'), char(31), ' | '), "
                "(SELECT group_concat(ord, ',') FROM (SELECT ord FROM cards c WHERE c.note_id = n.id ORDER BY ord)) "
                "FROM notes n JOIN notetypes t ON t.id = n.notetype_id ORDER BY n.id") +
           Rows("SELECT count(*) FROM notetypes");
  }
  std::string Everything() {
    return NotesAndCards() + Rows("SELECT * FROM cards ORDER BY id") + Rows("SELECT * FROM notes ORDER BY id") +
           Rows("SELECT * FROM import_baselines ORDER BY note_id") + Rows("SELECT * FROM note_tags ORDER BY 1, 2") +
           Rows("SELECT id, name FROM notetypes ORDER BY id") + Rows("SELECT * FROM decks ORDER BY id");
  }
  int64_t CardOf(const std::string& key, int ord) {
    return detail::Db(store_)
        .execAndGet("SELECT c.id FROM cards c JOIN notes n ON n.id = c.note_id WHERE n.key = '" + key +
                    "' AND c.ord = " + std::to_string(ord))
        .getInt64();
  }
  std::string ImportError(const std::string& path) {
    try {
      Import(path);
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kInvalidInput);
      return e.what();
    }
    return "";
  }

  FixedClock clock_;
  Store store_;
  TempDir dir_;
};

TEST_F(ImportNotetypeTest, EveryCardOfEveryDeclaredTypeWithItsFieldsAsHtml) {
  SaveVocabularyType();
  const auto s = Import(FixturePath("import/typed.md"));
  EXPECT_EQ(s.added, 4);
  EXPECT_EQ(s.deck, "日语词汇");
  EXPECT_EQ(NotesAndCards(),
            "typed.md#犬|Basic (and reversed card)|犬||<p>犬</p> | <p>dog</p>|0,1\n"
            "id:neko|Basic (and reversed card)|猫||<p>猫</p> | <p>cat, <em>not</em> dog</p>|0,1\n"
            "typed.md#日本的首都是{{c1::东京}},最大的港口是{{c2::横滨::港口}}|Cloze|"
            "日本的首都是{{c1::东京}}，最大的港口是{{c2::横滨::港口}}。||"
            "<p>日本的首都是{{c1::东京}}，最大的港口是{{c2::横滨::港口}}。</p> | |0,1\n"
            "typed.md#漢字|词汇|漢字||<p>漢字</p> | <p>かんじ</p> | <p>Chinese characters</p>\n"
            "<pre><code class=\"language-text\">%%% not a field: inside code\n</code></pre>\n"
            "<p>%%% a line of the field</p>|0,1\n"
            // recall Basic, 词汇, and the two stock types, saved as Anki makes them.
            "4\n");
  const auto stock = store_.FindNotetype("Basic (and reversed card)");
  ASSERT_TRUE(stock);
  Notetype expected = StockBasicAndReversed();
  expected.id = stock->id;
  EXPECT_EQ(stock->templates.size(), 2u);
  EXPECT_EQ(stock->templates[1].question_format, expected.templates[1].question_format);
  EXPECT_EQ(stock->css, expected.css);
  // The baseline keeps the fields; new cards keep document order.
  EXPECT_EQ(Rows("SELECT b.front, b.back, replace(b.fields, char(31), ' | ') FROM import_baselines b "
                 "JOIN notes n ON n.id = b.note_id WHERE n.key = 'id:neko'"),
            "||<p>猫</p> | <p>cat, <em>not</em> dog</p>\n");
  EXPECT_EQ(Rows("SELECT c.due, c.deck_id = (SELECT id FROM decks WHERE name = '日语词汇') FROM cards c "
                 "ORDER BY c.id"),
            "1|1\n2|1\n3|1\n4|1\n5|1\n6|1\n7|1\n8|1\n");
  EXPECT_EQ(Rows("SELECT tag FROM note_tags t JOIN notes n ON n.id = t.note_id WHERE n.key = 'id:neko' ORDER BY tag"),
            "动物\n日语\n");
}

TEST_F(ImportNotetypeTest, ReimportingAnUnchangedDocumentWritesNothing) {
  SaveVocabularyType();
  Import(FixturePath("import/typed.md"));
  const std::string before = Everything();
  clock_.AdvanceSeconds(86400);
  const auto s = Import(FixturePath("import/typed.md"));
  EXPECT_EQ(s.added + s.updated + s.missing + s.conflicts, 0);
  EXPECT_EQ(s.unchanged, 4);
  EXPECT_EQ(Everything(), before);
}

TEST_F(ImportNotetypeTest, EditedTypedNotesUpdateInPlaceWithAnkisCardRule) {
  const std::string path = dir_.File("de.md");
  WriteFile(path,
            "<!-- recall: deck -->\n# 德语\nnotetype: Basic (optional reversed card)\n\n"
            "## der Hund\nid: hund\n狗\n\n"
            "## Berlin ist die {{c1::Hauptstadt}}.\nid: berlin\nnotetype: Cloze\n\n"
            "## die Katze\nid: katze\nnotetype: Basic (and reversed card)\n猫\n");
  Import(path);
  EXPECT_EQ(NotesAndCards(),
            "id:hund|Basic (optional reversed card)|der Hund||<p>der Hund</p> | <p>狗</p> | |0\n"
            "id:berlin|Cloze|Berlin ist die {{c1::Hauptstadt}}.||<p>Berlin ist die {{c1::Hauptstadt}}.</p> | |0\n"
            "id:katze|Basic (and reversed card)|die Katze||<p>die Katze</p> | <p>猫</p>|0,1\n"
            "4\n");
  const int64_t hund = CardOf("id:hund", 0);
  AnswerCard(store_, hund, 3, clock_.Now(), 4000);
  const CardState answered = store_.GetCard(hund)->state;

  // Add Reverse filled: card 2 is made; a second cloze: card 2 is made; the
  // reversed card's question (Back) emptied: card 2 is kept, as Anki keeps it.
  clock_.AdvanceSeconds(3600);
  WriteFile(path,
            "<!-- recall: deck -->\n# 德语\nnotetype: Basic (optional reversed card)\n\n"
            "## der Hund\nid: hund\n狗\n%%% Add Reverse\ny\n\n"
            "## Berlin ist die {{c1::Hauptstadt}} von {{c2::Deutschland}}.\nid: berlin\nnotetype: Cloze\n"
            "%%% Back Extra\n柏林\n\n"
            "## die Katze\nid: katze\nnotetype: Basic (and reversed card)\n");
  const auto s = Import(path);
  EXPECT_EQ(s.updated, 3);
  EXPECT_EQ(s.added, 0);
  EXPECT_EQ(NotesAndCards(),
            "id:hund|Basic (optional reversed card)|der Hund||<p>der Hund</p> | <p>狗</p> | <p>y</p>|0,1\n"
            "id:berlin|Cloze|Berlin ist die {{c1::Hauptstadt}} von {{c2::Deutschland}}.||"
            "<p>Berlin ist die {{c1::Hauptstadt}} von {{c2::Deutschland}}.</p> | <p>柏林</p>|0,1\n"
            "id:katze|Basic (and reversed card)|die Katze||<p>die Katze</p> | |0,1\n"
            "4\n");
  // The answered card keeps its state and history; the new cards are new,
  // at the end of the new-card order.
  EXPECT_EQ(store_.GetCard(hund)->state, answered);
  EXPECT_EQ(store_.RevlogOfCard(hund).size(), 1u);
  EXPECT_EQ(Rows("SELECT c.queue, c.due FROM cards c WHERE c.ord = 1 AND c.note_id IN "
                 "(SELECT id FROM notes WHERE key IN ('id:hund', 'id:berlin')) ORDER BY c.id"),
            "0|5\n0|6\n");
  EXPECT_EQ(store_.GetNote(store_.GetCard(hund)->note_id)->modified_s, kT0 + 3600);
}

TEST_F(ImportNotetypeTest, EditsMadeInRecallFollowTheBaselineRules) {
  const std::string path = dir_.File("edits.md");
  const std::string v1 = "<!-- recall: deck -->\n# E\nnotetype: Cloze\n\n## {{c1::水}}是 H2O\nid: w\n";
  WriteFile(path, v1);
  Import(path);
  const int64_t card = CardOf("id:w", 0);
  Note n = *store_.GetNote(store_.GetCard(card)->note_id);
  n.fields = {"<p>{{c1::水}}是 H<sub>2</sub>O</p>", "edited"};
  store_.UpdateNote(n);
  const std::string edited = NotesAndCards();

  // Document unchanged: the edit stays, silently.
  auto s = Import(path);
  EXPECT_EQ(s.unchanged, 1);
  EXPECT_EQ(s.conflicts, 0);
  EXPECT_EQ(NotesAndCards(), edited);
  // Document changed too: a conflict; the edit stays until --theirs.
  WriteFile(path, "<!-- recall: deck -->\n# E\nnotetype: Cloze\n\n## {{c1::水}}的化学式是 H2O\nid: w\n");
  s = Import(path);
  EXPECT_EQ(s.conflicts, 1);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_EQ(s.warnings[0].message,
            "conflict: \"{{c1::水}}是 H2O\" was edited in recall and changed in the document; kept your edit "
            "(--theirs takes the document's text)");
  EXPECT_EQ(NotesAndCards(), edited);
  ImportOptions theirs;
  theirs.theirs = true;
  s = Import(path, theirs);
  EXPECT_EQ(s.updated, 1);
  EXPECT_EQ(NotesAndCards(), "id:w|Cloze|{{c1::水}}的化学式是 H2O||<p>{{c1::水}}的化学式是 H2O</p> | |0\n2\n");
}

TEST_F(ImportNotetypeTest, AnEditedQuestionWithTheSameOtherFieldsIsTheSameNote) {
  const std::string path = dir_.File("q.md");
  WriteFile(path, "<!-- recall: deck -->\n# Q\nnotetype: Basic (and reversed card)\n\n## 犬\ndog\n\n## 猫\ncat\n");
  Import(path);
  const int64_t dog = CardOf("q.md#犬", 1);
  AnswerCard(store_, dog, 3, clock_.Now(), 4000);
  WriteFile(path, "<!-- recall: deck -->\n# Q\nnotetype: Basic (and reversed card)\n\n## いぬ\ndog\n\n## 猫\ncat\n");
  const auto s = Import(path);
  EXPECT_EQ(s.updated, 1);
  EXPECT_EQ(s.added, 0);
  EXPECT_EQ(s.missing, 0);
  EXPECT_EQ(CardOf("q.md#いぬ", 1), dog);
  EXPECT_EQ(store_.RevlogOfCard(dog).size(), 1u);
}

TEST_F(ImportNotetypeTest, ATypeChangeKeepsTheCardsThatHaveATemplate) {
  const std::string path = dir_.File("change.md");
  WriteFile(path, "<!-- recall: deck -->\n# C\n\n## 犬\ndog\n");
  Import(path);
  const int64_t first = CardOf("change.md#犬", 0);
  AnswerCard(store_, first, 3, clock_.Now(), 4000);
  const CardState answered = store_.GetCard(first)->state;
  // recall Basic -> Basic (and reversed card): card 1 stays, card 2 is made.
  WriteFile(path, "<!-- recall: deck -->\n# C\nnotetype: Basic (and reversed card)\n\n## 犬\ndog\n");
  auto s = Import(path);
  EXPECT_EQ(s.updated, 1);
  EXPECT_EQ(NotesAndCards(), "change.md#犬|Basic (and reversed card)|犬||<p>犬</p> | <p>dog</p>|0,1\n2\n");
  EXPECT_EQ(CardOf("change.md#犬", 0), first);
  EXPECT_EQ(store_.GetCard(first)->state, answered);
  // Back to recall Basic: card 2 has no template there.
  WriteFile(path, "<!-- recall: deck -->\n# C\n\n## 犬\ndog\n");
  const std::string before = Everything();
  EXPECT_EQ(ImportError(path),
            "this note cannot become a \"recall Basic\" note: its card 2 has no template there (give it a new id: "
            "to keep both, or delete the note first) (" +
                path + ", line 4)");
  EXPECT_EQ(Everything(), before);
}

TEST_F(ImportNotetypeTest, NamingRecallBasicIsNotDeclaringAType) {
  const std::string plain = dir_.File("plain.md");
  WriteFile(plain, "<!-- recall: deck -->\n# P\nnotetype: recall basic\n\n## 犬\n%%% Back\ndog\n");
  Import(plain);
  EXPECT_EQ(NotesAndCards(), "plain.md#犬|recall Basic|犬|dog|NULL|0\n1\n");
  EXPECT_EQ(Rows("SELECT front, back, fields FROM import_baselines"), "犬|dog|NULL\n");
}

TEST_F(ImportNotetypeTest, ErrorsNameFileLineAndProblemAndWriteNothing) {
  SaveVocabularyType();
  const std::string good = dir_.File("good.md");
  WriteFile(good, "<!-- recall: deck -->\n# G\n\n## 已有\n答案\n");
  Import(good);
  const std::string before = Everything();
  struct Case {
    std::string text;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"<!-- recall: deck -->\n# T\nnotetype: Basci\n\n## 犬\ndog\n",
       "unknown note type \"Basci\" (known: recall Basic, 词汇, Basic, Basic (and reversed card), Basic (optional "
       "reversed card), Basic (type in the answer), Cloze) (bad.md, line 3)"},
      {"<!-- recall: deck -->\n# T\n\n## 犬\nnotetype: Basic\ndog\n%%% Extra\nx\n",
       "note type \"Basic\" has no field \"Extra\" (its fields: Front, Back) (bad.md, line 7)"},
      {"<!-- recall: deck -->\n# T\nnotetype: 词汇\n\n## 犬\n%%% Word\nx\n",
       "field \"Word\" is the question (the \"##\" line) (bad.md, line 6)"},
      {"<!-- recall: deck -->\n# T\nnotetype: 词汇\n\n## 犬\nいぬ\n%%% reading\nx\n",
       "field \"Reading\" is already this note's answer (bad.md, line 7)"},
      {"<!-- recall: deck -->\n# T\nnotetype: Cloze\n\n## 没有填空\n",
       "no cloze deletion ({{c1::...}}) in this \"Cloze\" note (bad.md, line 5)"},
  };
  for (const auto& c : cases) {
    const std::string bad = dir_.File("bad.md");
    WriteFile(bad, c.text);
    std::string error;
    try {
      ImportFiles(store_, {good, bad}, {});
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kInvalidInput);
      error = e.what();
    }
    EXPECT_EQ(error, std::string(c.error).replace(std::string(c.error).rfind("bad.md"), 6, bad)) << c.text;
    EXPECT_EQ(Everything(), before) << c.text;
  }
}

TEST_F(ImportNotetypeTest, ADryRunCreatesNoType) {
  const std::string path = dir_.File("dry.md");
  WriteFile(path, "<!-- recall: deck -->\n# D\nnotetype: Cloze\n\n## {{c1::a}} {{c2::b}}\n");
  ImportOptions dry;
  dry.dry_run = true;
  const std::string before = Everything();
  const auto s = Import(path, dry);
  EXPECT_EQ(s.added, 1);
  EXPECT_EQ(Everything(), before);
}

}  // namespace
}  // namespace recall
