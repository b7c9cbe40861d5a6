import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '../../common/languages';

type Bundle = { default: ResourceKey };

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

async function readBundle(lang: string, ns: string): Promise<ResourceKey> {
  const load = loaderFor(lang, ns);
  if (!load) throw new Error(`No translations for ${lang}/${ns}`);
  return (await load()).default;
}

const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    readBundle(language, namespace).then(
      (data) => callback(null, data),
      (err: Error) => callback(err, false),
    );
  },
};

/** The app's one i18next instance. */
export const i18n = i18next.createInstance();

let initialized: Promise<unknown> | undefined;

/** Starts i18next in a language; safe to call more than once. */
export function initI18n(lang: Language): Promise<unknown> {
  initialized ??= i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: lang,
      supportedLngs: [...LANGUAGES],
      // No fallback language: the key-parity test guarantees every text exists in all five, and a
      // fallback would make every visitor download the English files as well.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      saveMissing: false,
      returnEmptyString: false,
      react: { useSuspense: true },
    });
  return initialized;
}

/**
 * Makes sure the namespaces of one language are in the store. Unlike loadNamespaces it takes an
 * explicit language, so a route of /fr/... can load French while the interface still shows German.
 */
export async function ensureNamespaces(lang: Language, namespaces: readonly string[]): Promise<void> {
  if (!initialized) throw new Error('initI18n() must run before namespaces are loaded.');
  await initialized;
  await Promise.all(
    namespaces
      .filter((ns) => !i18n.hasResourceBundle(lang, ns))
      .map(async (ns) => i18n.addResourceBundle(lang, ns, await readBundle(lang, ns), true, true)),
  );
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
