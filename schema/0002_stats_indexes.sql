-- Indexes for `recall stats` (lib/src/store/stats_queries.cpp).
-- Per-day aggregates read the review log by study day; this index covers
-- every column they need, so they never touch the table. It starts with
-- `day`, so it also serves every query the plain revlog_day index served.
CREATE INDEX revlog_stats_day ON revlog (day, kind, rating, last_ivl, duration_ms, card_id);
DROP INDEX revlog_day;
-- Retention by tag aggregates the answers of each card over a range of days.
CREATE INDEX revlog_stats_card ON revlog (card_id, day, kind, rating, last_ivl);
