// Reads an .apkg with the npm package anki-reader and prints what it sees as
// JSON: {"decks": {"<name>": [{"fields": [...]}, ...]}}, cards by id.
// Usage: node read_apkg.mjs FILE.apkg DIR_WITH_NODE_MODULES
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [file, modulesDir] = process.argv.slice(2);
const entry = pathToFileURL(`${modulesDir}/node_modules/anki-reader/lib/src/index.js`).href;
const { readAnkiPackage } = await import(entry);

const bytes = readFileSync(file);
const { collection } = await readAnkiPackage(new Blob([bytes]));
const decks = {};
for (const deck of Object.values(collection.getDecks())) {
  const cards = Object.values(deck.getCards())
    .map((card) => card.getRawCard())
    .sort((a, b) => a.id - b.id)
    .map((raw) => ({ fields: String(raw.flds).split('\x1f') }));
  decks[deck.getName()] = cards;
}
const sorted = Object.fromEntries(Object.entries(decks).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
process.stdout.write(JSON.stringify({ decks: sorted }) + '\n');
