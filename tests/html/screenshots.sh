#!/bin/sh
# Screenshots of the HTML report (`recall stats --html`) in headless Chromium:
# 390 px (a phone) and 1280 px wide, light and dark, over a fixed Chinese
# collection. For looking at, by hand: NOT part of `make test`, and it
# installs nothing. It needs Debian 12's chromium and a CJK font:
#
#   apt-get install chromium fonts-noto-cjk
#
# Usage: tests/html/screenshots.sh [RECALL_BINARY] [OUT_DIR]
#   defaults: build/recall and build/html-screenshots
# Writes OUT_DIR/report.html and OUT_DIR/stats-{390,1280}-{light,dark}.png.
#
# The collection: decks/llm-interview-guide.txt imported on 2024-03-01, then
# three sessions a day for 24 days through the review line protocol (a fixed
# cycle of ratings, some Again), so every chart has data. TZ=UTC and
# RECALL_NOW make it the same on every run. RECALL_NOW is for tests only.
#
# Dark mode: Debian 12's chromium (checked with 156.0.8078) takes
#   --blink-settings=preferredColorScheme=0   (0 = dark, 1 = light)
# which sets what `prefers-color-scheme` matches; --force-dark-mode alone
# only darkens the browser's own UI, and the page's media query is what we
# want to see. (The "[: ...: unexpected operator" line Debian's
# /usr/bin/chromium wrapper prints is harmless.)
set -eu
recall=${1:-build/recall}
out=${2:-build/html-screenshots}
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v chromium >/dev/null 2>&1 || { echo "screenshots.sh: chromium not found (apt-get install chromium fonts-noto-cjk)" >&2; exit 77; }
mkdir -p "$out"
db="$out/collection.db"
rm -f "$db" "$db-wal" "$db-shm"
export TZ=UTC
RECALL_NOW=2024-03-01T08:00:00Z "$recall" --db "$db" import "$root/decks/llm-interview-guide.txt" --quiet
day=1
while [ "$day" -le 24 ]; do
  d=$(printf '2024-03-%02d' "$day")
  for hour in 09 13 20; do
    # 40 actions: a rating per card shown, cycling Good, Good, Again, Good,
    # Easy, Hard, Good, Again (the protocol answers the card on screen).
    seq 1 40 | awk -v s="$day$hour" '{ split("3 3 1 3 4 2 3 1", r, " "); print r[(NR + s) % 8 + 1] }' |
      RECALL_NOW="${d}T${hour}:00:00Z" "$recall" --db "$db" review >/dev/null 2>&1 || true
  done
  day=$((day + 1))
done
RECALL_NOW=2024-03-24T21:00:00Z "$recall" --db "$db" stats --html "$out/report.html" >/dev/null
for width in 390 1280; do
  for scheme in light dark; do
    if [ "$scheme" = dark ]; then pref=0; else pref=1; fi
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
      --blink-settings=preferredColorScheme=$pref \
      --window-size="$width,2000" --screenshot="$out/stats-$width-$scheme.png" \
      "file://$(cd "$out" && pwd)/report.html" >/dev/null 2>&1
    echo "$out/stats-$width-$scheme.png"
  done
done
