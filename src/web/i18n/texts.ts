import { interpolate } from '../../common/i18n';

/**
 * The app's translation store: namespaces of JSON texts per language, `{{name}}` placeholders,
 * plurals by `Intl.PluralRules` (`key_one`, `key_other`, `key_many`, and `key_zero` for a count of
 * 0 when a language has it) and whole objects with `returnObjects`. It reads the same files and
 * keys i18next did, in about a tenth of its size: every public page loads it first.
 */
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

/** What clones of one instance share: the loaded texts, the loads under way and the loader. */
interface Store {
  bundles: Map<string, TextTree>;
  loading: Map<string, Promise<void>>;
  load: Loader;
}

const bundleKey = (lang: string, ns: string) => `${lang}\u0000${ns}`;
const NS_SEPARATOR = ':';

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

export class Texts {
  language: string;
  readonly defaultNS: string;
  /** Tests set `parseMissingKeyHandler` to fail on a key that has no text. */
  readonly options: { parseMissingKeyHandler?: (key: string) => string } = {};
  private readonly store: Store;
  private readonly listeners = new Set<Listener>();

  constructor(init: { language: string; defaultNS: string; load: Loader } | { language: string; defaultNS: string; store: Store }) {
    this.language = init.language;
    this.defaultNS = init.defaultNS;
    this.store = 'store' in init ? init.store : { bundles: new Map(), loading: new Map(), load: init.load };
  }

  /** An instance in another language over the same texts, e.g. one per server render. */
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

  on(event: 'languageChanged', listener: Listener): () => void {
    if (event !== 'languageChanged') throw new Error(`Unknown event ${String(event)}`);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private resolve(key: string, options: TOptions): unknown {
    let ns = options.ns ?? this.defaultNS;
    let path = key;
    const separator = key.indexOf(NS_SEPARATOR);
    if (separator > 0) {
      ns = key.slice(0, separator);
      path = key.slice(separator + 1);
    }
    const lang = options.lng ?? this.language;
    const tree = this.store.bundles.get(bundleKey(lang, ns));
    const candidates: string[] = [];
    if (typeof options.count === 'number') {
      if (options.count === 0) candidates.push(`${path}_zero`);
      candidates.push(`${path}_${pluralOf(lang, options.count)}`);
    }
    candidates.push(path);
    for (const candidate of candidates) {
      const found = find(tree, candidate);
      // An empty text counts as missing, as a key without one does.
      if (found !== undefined && found !== null && found !== '') return found;
    }
    return undefined;
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
