/**
 * The webpack loader of the message catalogs (`src/i18n/*.json`, issue 36, ADR 0078): each message
 * is compiled here from ICU MessageFormat into the form Lingui's core runs, so the page carries no
 * message parser. A message that does not parse fails the build, naming its catalog and key.
 */
module.exports = function i18nCatalogLoader(source) {
  const callback = this.async();
  import('@lingui/message-utils/compileMessage')
    .then(({ compileMessageOrThrow }) => {
      const messages = JSON.parse(source);
      const compiled = {};
      for (const [key, message] of Object.entries(messages)) {
        if (typeof message !== 'string') throw new Error(`${this.resourcePath}: "${key}" is not a string`);
        try {
          compiled[key] = compileMessageOrThrow(message);
        } catch (error) {
          throw new Error(`${this.resourcePath}: "${key}" is not a valid message: ${error.message}`);
        }
      }
      callback(null, `export default ${JSON.stringify(compiled)};`);
    })
    .catch((error) => callback(error));
};
