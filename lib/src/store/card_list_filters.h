#ifndef RECALL_STORE_CARD_LIST_FILTERS_H_
#define RECALL_STORE_CARD_LIST_FILTERS_H_

// The search, state and sort of Store::ListCards (`recall cards`), as SQL
// over `cards c JOIN notes n` (lib/src/store/card_list_filters.cpp).

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <string_view>

#include "recall/card_list.h"
#include "recall/store.h"

namespace recall::detail {

// `s` NFKC case-folded (utf8proc): what --search compares. Not UTF-8: as is.
std::string SearchFold(std::string_view s);

// " AND ..." clauses for f.search (parameter :search) and f.state.
std::string CardFilterSql(const CardListFilter& f);
// Binds :search when f.search is set.
void BindCardFilters(SQLite::Statement& st, const CardListFilter& f);
// " ORDER BY ..." for q.sort.
std::string CardOrderSql(CardSort sort);

}  // namespace recall::detail

#endif  // RECALL_STORE_CARD_LIST_FILTERS_H_
