// NormalizeQuestion, the fold behind every re-import key (docs/formats.md,
// "Identity and re-import"): its quick path for ASCII, CJK and fullwidth
// text gives exactly what utf8proc's NFKC and case folding give.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "import/import_internal.h"
#include "recall/import.h"
#include "text/text_internal.h"

namespace recall {
namespace {

std::string Utf8(char32_t cp) {
  std::string out;
  text_internal::AppendUtf8(cp, &out);
  return out;
}

// What NormalizeQuestion gave before it had a quick path: utf8proc's fold,
// then trailing punctuation dropped.
std::string Reference(const std::string& q) {
  std::string out = import_internal::FoldQuestionWithUtf8proc(q);
  for (;;) {
    if (!out.empty() && std::string("?!.:;,").find(out.back()) != std::string::npos) {
      out.pop_back();
    } else if (out.size() >= 3 && out.compare(out.size() - 3, 3, "\xE3\x80\x82") == 0) {
      out.resize(out.size() - 3);
    } else {
      break;
    }
  }
  return out;
}

TEST(QuestionKeyTest, EveryCharacterOfTheQuickRangesFoldsAsUtf8procFoldsIt) {
  std::vector<std::pair<char32_t, char32_t>> ranges = {
      {0x01, 0x7F}, {0x3000, 0x303F}, {0x4E00, 0x9FFF}, {0xFF00, 0xFF65}};
  int checked = 0;
  for (const auto& [from, to] : ranges) {
    for (char32_t cp = from; cp <= to; ++cp) {
      // Alone, between letters of both cases, and before a combining mark
      // (which makes it compose, or not, with what comes before).
      for (const std::string& q :
           {Utf8(cp), "aB" + Utf8(cp) + "Cd", Utf8(cp) + "e\xCC\x81", "KV " + Utf8(cp) + "？"}) {
        ASSERT_EQ(NormalizeQuestion(q), Reference(q)) << "U+" << std::hex << static_cast<uint32_t>(cp);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 4 * (0x7F + 0x40 + (0x9FFF - 0x4E00 + 1) + 0x66));
}

TEST(QuestionKeyTest, QuestionsAsDocumentsWriteThem) {
  for (const std::string q :
       {"为什么 KV Cache 能加速解码（第 12 题）？", "Explain how LoRA changes decoding, case 7.",
        "ＧＰＵ　显存不够怎么办？", "Ｑ：什么是 ZeRO？", "Ｃａｆé 和 naïve 的区别",
        "ﬁne-tuning 与 ﬀ 的区别。", "한국어 질문?", "𠀀 生僻字？", "Straße?", "tab\there\nnewline\r\v\f",
        "全角空格　在中间。。", "", "   ", "\xFF\xFE invalid"}) {
    EXPECT_EQ(NormalizeQuestion(q), Reference(q)) << q;
  }
  EXPECT_EQ(NormalizeQuestion("为什么 KV Cache 能加速解码（第 12 题）？"), "为什么kvcache能加速解码(第12题)");
  EXPECT_EQ(NormalizeQuestion("ＧＰＵ　显存不够怎么办？"), "gpu显存不够怎么办");
}

}  // namespace
}  // namespace recall
