/**
 * The namespaces of the texts shared with the server (src/common/locales) that the browser
 * shows; the server's own (mails, agreements, calendar feeds, its log texts) stay off its loader
 * list and out of the build. The build (vite.config.ts) writes these, and the translation layer
 * fetches them from the shared folder instead of the web app's.
 */
export const BROWSER_SHARED_NAMESPACES: readonly string[] = ['errors', 'receipts', 'seo'];
