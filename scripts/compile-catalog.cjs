// formatjs "compile" at build time (DESIGN rule 7: each team's catalogs are extracted and compiled).
// An rspack loader for the catalogs (src/i18n/<locale>.json, the shell's src/i18n/messages/, the UI
// kit's shared/src/ui/i18n/): id → ICU message becomes id → the message's AST, what
// `formatjs compile --ast` writes. The browser then formats without parsing (a message of plain text
// is returned as it is), and production builds leave the ICU parser out (rspack.base.js aliases it
// to its no-parser build): about 7 kB brotli less at start-up and no parsing on a phone's CPU.
// A message that does not parse fails the build, naming the catalog and the id.
const path = require('node:path');
const { parse } = require('@formatjs/icu-messageformat-parser');

module.exports = function compileCatalog(source) {
  const file = this.resourcePath;
  const locale = new Intl.Locale(path.basename(file, '.json'));
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message, { locale });
    } catch (error) {
      throw new Error(`${path.relative(process.cwd(), file)}: message "${id}" is not a valid ICU message: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
};
