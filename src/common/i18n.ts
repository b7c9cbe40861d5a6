import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, type Language } from './languages';

/**
 * The one translator of the server and the web app: namespaces of JSON texts per language,
 * `ns:key` and nested `a.b` keys, `{{name}}` placeholders, plurals by `Intl.PluralRules`
 * (`key_one`, `key_other`, `key_many`, and `key_zero` for a count of 0 when a text has it), whole
 * objects with `returnObjects`, and fallback languages tried in order when a text is missing.
 * It reads the files and keys i18next did, in a fraction of its size: every public page loads it
 * first, so what only the server needs stays in functions the web's build leaves out.
 */

export type Dict = { [key: string]: string | Dict };
export type TextTree = { [key: string]: unknown };
export type Loader = (lang: string, ns: string) => Promise<TextTree>;

export interface TOptions {
  /** The namespace when the key has no `ns:` prefix. */
  ns?: string;
  /** Another language than the instance's. */
  lng?: string;
  /** A number picks the plural form; a string (a count already formatted) is only a value. */
  count?: number | string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

export interface TFunction {
  (key: string, options?: TOptions & { returnObjects?: false }): string;
  (key: string, options: TOptions & { returnObjects: true }): unknown;
}

type Listener = (lang: string) => void;

/** What clones of one instance share: the loaded texts, the loads under way, the loader and the fallbacks. */
interface Store {
  bundles: Map<string, TextTree>;
  loading: Map<string, Promise<void>>;
  load: Loader;
  fallbacks: readonly string[];
}

const bundleKey = (lang: string, ns: string) => `${lang}\u0000${ns}`;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function find(tree: TextTree | undefined, key: string): unknown {
  if (!tree) return undefined;
  if (key in tree) return tree[key];
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as TextTree)[part];
  }
  return node;
}

/**
 * The text of `path` in the first of `languages` that has one, in that language's plural form
 * when `count` is a number. An empty text counts as missing, as a key without one does; a
 * language named twice is only asked again.
 */
function resolveText(languages: readonly string[], treeOf: (lang: string) => TextTree | undefined, path: string, count: unknown): unknown {
  for (const lang of languages) {
    const tree = treeOf(lang);
    const candidates: string[] = [];
    if (typeof count === 'number') {
      if (count === 0) candidates.push(`${path}_zero`);
      candidates.push(`${path}_${pluralOf(lang, count)}`);
    }
    candidates.push(path);
    for (const candidate of candidates) {
      const found = find(tree, candidate);
      if (found !== undefined && found !== null && found !== '') return found;
    }
  }
  return undefined;
}

/** Replaces {{name}} placeholders, the i18next syntax; a placeholder without a value stays as written. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export interface TextsInit {
  language: string;
  defaultNS: string;
  /**
   * Languages tried in order when the instance's language has no text, among the namespaces
   * already in the store (a fallback never loads anything). The server has every file at hand
   * and falls back; the browser sets none, so no visitor downloads a second language.
   */
  fallbackLanguages?: readonly string[];
}

export class Texts {
  language: string;
  readonly defaultNS: string;
  /** Tests set `parseMissingKeyHandler` to fail on a key that has no text. */
  readonly options: { parseMissingKeyHandler?: (key: string) => string } = {};
  private readonly store: Store;
  private readonly listeners = new Set<Listener>();

  constructor(init: TextsInit & ({ load: Loader } | { store: Store })) {
    this.language = init.language;
    this.defaultNS = init.defaultNS;
    this.store = 'store' in init ? init.store : { bundles: new Map(), loading: new Map(), load: init.load, fallbacks: init.fallbackLanguages ?? [] };
  }

  /**
   * An instance in another language over the same texts: one per server render, so renders in
   * different languages side by side never share a language setting.
   */
  cloneInstance({ lng }: { lng: string }): Texts {
    const clone = new Texts({ language: lng, defaultNS: this.defaultNS, store: this.store });
    Object.assign(clone.options, this.options);
    return clone;
  }

  hasResourceBundle(lang: string, ns: string): boolean {
    return this.store.bundles.has(bundleKey(lang, ns));
  }

  addResourceBundle(lang: string, ns: string, texts: TextTree): void {
    this.store.bundles.set(bundleKey(lang, ns), texts);
  }

  /** Loads the namespaces of a language that are not in the store yet; one load per namespace at a time. */
  loadNamespaces(lang: string, namespaces: readonly string[]): Promise<void> {
    const { bundles, loading, load } = this.store;
    return Promise.all(
      namespaces
        .filter((ns) => !bundles.has(bundleKey(lang, ns)))
        .map((ns) => {
          const key = bundleKey(lang, ns);
          let pending = loading.get(key);
          if (!pending) {
            pending = load(lang, ns).then(
              (texts) => {
                bundles.set(key, texts);
                loading.delete(key);
              },
              (err: unknown) => {
                loading.delete(key);
                throw err;
              },
            );
            loading.set(key, pending);
          }
          return pending;
        }),
    ).then(() => undefined);
  }

  /** The load under way (or to start) for the namespaces missing in the instance's language; null when all are there. */
  missing(namespaces: readonly string[]): Promise<void> | null {
    return namespaces.every((ns) => this.hasResourceBundle(this.language, ns)) ? null : this.loadNamespaces(this.language, namespaces);
  }

  async changeLanguage(lang: string): Promise<void> {
    if (lang === this.language) return;
    this.language = lang;
    for (const listener of this.listeners) listener(lang);
  }

  // The one event there is; the parameter keeps i18next's shape for the callers.
  on(_event: 'languageChanged', listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private resolve(key: string, options: TOptions): unknown {
    // "ns:key" names its namespace; a key starting with the separator has none.
    const separator = key.indexOf(':');
    const ns = separator > 0 ? key.slice(0, separator) : (options.ns ?? this.defaultNS);
    const path = separator > 0 ? key.slice(separator + 1) : key;
    const { bundles, fallbacks } = this.store;
    return resolveText([options.lng ?? this.language, ...fallbacks], (lang) => bundles.get(bundleKey(lang, ns)), path, options.count);
  }

  exists(key: string, options: TOptions = {}): boolean {
    return this.resolve(key, options) !== undefined;
  }

  readonly t: TFunction = ((key: string, options: TOptions = {}): unknown => {
    const found = this.resolve(key, options);
    if (found === undefined || (typeof found !== 'string' && !options.returnObjects)) {
      return this.options.parseMissingKeyHandler ? this.options.parseMissingKeyHandler(key) : key;
    }
    return typeof found === 'string' ? interpolate(found, options) : found;
  }) as TFunction;

  /** A `t` bound to a language and a default namespace, as a component's hook hands out. */
  fixedT(lang: string, ns: string): TFunction {
    return ((key: string, options: TOptions = {}) => this.t(key, { lng: lang, ns, ...options } as TOptions & { returnObjects: true })) as TFunction;
  }
}

/** The server's order of languages for a text: the interface language, then German, then English. */
export const SERVER_FALLBACK_LANGUAGES: readonly Language[] = [FALLBACK_LANGUAGE, DEFAULT_LANGUAGE];

/**
 * Texts of one namespace held in memory (the server's), with the server's fallbacks and the
 * same resolution as `Texts`: plural forms, nested keys, placeholders. Answers the key when no
 * language has a text.
 */
export function translate(
  dicts: Partial<Record<Language, Dict>>,
  lang: Language,
  key: string,
  params: Record<string, unknown> = {},
): string {
  const found = resolveText([lang, ...SERVER_FALLBACK_LANGUAGES], (l) => dicts[l as Language], key, params.count);
  return typeof found === 'string' ? interpolate(found, params) : key;
}

/** Looks up "a.b.c" in a nested dictionary. */
export function lookup(dict: Dict | undefined, key: string): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** All leaf keys of a dictionary, dotted. */
export function leafKeys(dict: Dict, prefix = ''): string[] {
  return Object.entries(dict).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : leafKeys(v, `${prefix}${k}.`),
  );
}
