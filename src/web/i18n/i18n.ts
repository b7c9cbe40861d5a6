import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/languages';
import { Texts, type TextTree } from './texts';
import { BROWSER_SHARED_NAMESPACES } from './browser-namespaces';

type Bundle = { default: TextTree };

declare const __TGS_LOCALES__: string;

/**
 * In the browser's production build each translation file is a JSON file in one folder
 * (`__TGS_LOCALES__`, named by a hash of all texts, written by vite.config.ts) whose address
 * follows from the language and namespace: no page ships a loader per file (some 250 of them,
 * 2 KB of every first load). Elsewhere (the server's render, tests, the dev server) lazy globs
 * import them; the production build drops those branches.
 */
const FETCHED = import.meta.env.PROD && !import.meta.env.SSR;
const webBundles = FETCHED ? {} : import.meta.glob<Bundle>('./locales/*/*.json');
// Of the texts shared with the server only those the browser shows (BROWSER_SHARED_NAMESPACES).
const sharedBundles = FETCHED ? {} : import.meta.glob<Bundle>(['../../common/locales/*/errors.json', '../../common/locales/*/receipts.json', '../../common/locales/*/seo.json']);

/**
 * Namespaces the shell needs on every page; screens add theirs in screens.ts. The errors
 * namespace is not among them: the start page shows none, and the API client loads it when a
 * call fails.
 */
export const SHELL_NAMESPACES = ['common'] as const;

async function readBundle(lang: string, ns: string): Promise<TextTree> {
  if (FETCHED) {
    const kind = BROWSER_SHARED_NAMESPACES.includes(ns) ? 'common' : 'web';
    const res = await fetch(`${__TGS_LOCALES__}/${kind}/${lang}/${ns}.json`);
    if (!res.ok) throw new Error(`No translations for ${lang}/${ns} (${res.status})`);
    return (await res.json()) as TextTree;
  }
  const load = webBundles[`./locales/${lang}/${ns}.json`] ?? sharedBundles[`../../common/locales/${lang}/${ns}.json`];
  if (!load) throw new Error(`No translations for ${lang}/${ns}`);
  return (await load()).default;
}

/**
 * The browser's one translation instance, the translator the server uses too. It has no fallback
 * language: the key-parity test guarantees every text exists in all five, and a fallback would
 * make every visitor download the English files as well. Its language is the interface's; a
 * server render never sets it, but renders with a clone in its own language (entry-server).
 */
export const i18n = new Texts({ language: '', defaultNS: 'common', load: readBundle });

let initialized: Promise<unknown> | undefined;

/** Starts the translations in a language with the shell's texts; safe to call more than once. */
export function initI18n(lang: Language): Promise<unknown> {
  initialized ??= i18n.changeLanguage(lang).then(() => i18n.loadNamespaces(lang, SHELL_NAMESPACES));
  return initialized;
}

/**
 * Makes sure the namespaces of one language are in the store: a route of /fr/... loads French
 * while the interface still shows German. It never changes the language, so a server render
 * loads its texts through it too.
 */
export async function ensureNamespaces(lang: Language, namespaces: readonly string[]): Promise<void> {
  await initialized;
  await i18n.loadNamespaces(lang, namespaces);
}

/** Switches the interface language once its shell texts are loaded. */
export async function activateLanguage(lang: Language): Promise<void> {
  await initI18n(lang);
  await ensureNamespaces(lang, SHELL_NAMESPACES);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** Makes sure the errors namespace of the current language is loaded, e.g. before showing an API error. */
export function ensureErrorTexts(): Promise<void> {
  return ensureNamespaces(currentLanguage(), ['errors']);
}

/** The language the interface currently speaks (for API headers and code outside React). */
export function currentLanguage(): Language {
  const lang = i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', (lang) => {
  if (typeof document !== 'undefined' && isLanguage(lang)) document.documentElement.lang = lang;
});
