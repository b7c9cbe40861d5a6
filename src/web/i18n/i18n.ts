import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/languages';
import { Texts, type TextTree } from './texts';

type Bundle = { default: TextTree };

// Lazy globs: every file becomes its own chunk, so a visitor downloads only the namespaces of
// the current language and the screens they open.
const webBundles = import.meta.glob<Bundle>('./locales/*/*.json');
const sharedBundles = import.meta.glob<Bundle>('../../common/locales/*/*.json');

/**
 * Namespaces the shell needs on every page; screens add theirs in screens.ts. The errors
 * namespace is not among them: the start page shows none, and the API client loads it when a
 * call fails.
 */
export const SHELL_NAMESPACES = ['common'] as const;

function loaderFor(lang: string, ns: string): (() => Promise<Bundle>) | undefined {
  return webBundles[`./locales/${lang}/${ns}.json`] ?? sharedBundles[`../../common/locales/${lang}/${ns}.json`];
}

async function readBundle(lang: string, ns: string): Promise<TextTree> {
  const load = loaderFor(lang, ns);
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
