import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, type Language } from './languages';

export type Dict = { [key: string]: string | Dict };

/** Looks up "a.b.c" in a nested dictionary. */
export function lookup(dict: Dict | undefined, key: string): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces {{name}} placeholders, the i18next syntax, so both sides read the same files. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Translates with the interface language, then German, then English as fallbacks. */
export function translate(
  dicts: Partial<Record<Language, Dict>>,
  lang: Language,
  key: string,
  params?: Record<string, unknown>,
): string {
  const text =
    lookup(dicts[lang], key) ?? lookup(dicts[FALLBACK_LANGUAGE], key) ?? lookup(dicts[DEFAULT_LANGUAGE], key) ?? key;
  return interpolate(text, params);
}

/** All leaf keys of a dictionary, dotted. */
export function leafKeys(dict: Dict, prefix = ''): string[] {
  return Object.entries(dict).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : leafKeys(v, `${prefix}${k}.`),
  );
}
