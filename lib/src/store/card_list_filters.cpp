// Search, state and sort of `recall cards` in SQL. The search folds both
// sides with recall_fold() (store/sql_functions.h, over utf8proc), so it
// ignores case (Latin, Greek, Cyrillic ...) and width (full-width ＫＶ is KV)
// and finds Chinese as written.

#include "store/card_list_filters.h"

#include <utf8proc.h>

#include <cstdlib>

namespace recall::detail {

std::string SearchFold(std::string_view s) {
  utf8proc_uint8_t* result = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()), &result,
      static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT |
                                     UTF8PROC_CASEFOLD));
  if (n < 0) return std::string(s);
  std::string out(reinterpret_cast<const char*>(result), static_cast<size_t>(n));
  std::free(result);
  return out;
}

std::string CardFilterSql(const CardListFilter& f) {
  std::string sql;
  if (f.search) {
    sql += " AND (instr(recall_fold(n.front), :search) > 0 OR instr(recall_fold(n.back), :search) > 0)";
  }
  if (f.state) {
    switch (*f.state) {
      case CardListState::kNew:
        sql += " AND c.queue = 0";
        break;
      case CardListState::kLearning:
        sql += " AND c.queue IN (1, 3)";
        break;
      case CardListState::kReview:
        sql += " AND c.queue = 2";
        break;
      case CardListState::kSuspended:
        sql += " AND c.queue = -1";
        break;
      case CardListState::kBuried:
        sql += " AND c.queue IN (-2, -3)";
        break;
      case CardListState::kLeech:
        sql += " AND EXISTS (SELECT 1 FROM note_tags lt WHERE lt.note_id = n.id AND lower(lt.tag) = 'leech')";
        break;
    }
  }
  return sql;
}

void BindCardFilters(SQLite::Statement& st, const CardListFilter& f) {
  if (f.search) st.bind(":search", SearchFold(*f.search));
}

std::string CardOrderSql(CardSort sort) {
  switch (sort) {
    case CardSort::kDeck:
      break;
    case CardSort::kDue:
      // Learning due in Unix seconds, reviews on a study day (as its first
      // second, UTC), new, suspended and buried cards after them.
      return " ORDER BY CASE WHEN c.queue = 1 THEN c.due WHEN c.queue IN (2, 3) THEN c.due * 86400 "
             "ELSE 9223372036854775807 END, c.queue, c.due, c.id";
    case CardSort::kAdded:
      return " ORDER BY c.id";
    case CardSort::kLapses:
      return " ORDER BY c.lapses DESC, c.id";
    case CardSort::kEase:
      return " ORDER BY c.ease = 0, c.ease, c.id";
  }
  return " ORDER BY d.name, c.queue, c.due, c.id";
}

}  // namespace recall::detail
