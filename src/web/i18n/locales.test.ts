import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/languages';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const FOLDERS = {
  web: path.join(import.meta.dirname, 'locales'),
  common: path.join(import.meta.dirname, '../../common/locales'),
};

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a translation file as [dotted key, value]; arrays count by index. */
function leaves(node: Json, prefix = ''): [string, Json][] {
  if (node !== null && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, node]];
}

function load(folder: string, lang: string, ns: string): [string, Json][] {
  return leaves(JSON.parse(readFileSync(path.join(folder, lang, `${ns}.json`), 'utf8')) as Json);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

for (const [name, folder] of Object.entries(FOLDERS)) {
  const namespaces = [
    ...new Set(LANGUAGES.flatMap((lang) => (existsSync(path.join(folder, lang)) ? readdirSync(path.join(folder, lang)) : []))),
  ]
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

  describe(`${name} translations`, () => {
    it('has namespaces', () => {
      expect(namespaces.length).toBeGreaterThan(0);
    });

    for (const ns of namespaces) {
      describe(ns, () => {
        it('exists in every language', () => {
          const missing = LANGUAGES.filter((lang) => !existsSync(path.join(folder, lang, `${ns}.json`)));
          expect(missing, `${ns}.json is missing for`).toEqual([]);
        });

        const reference = load(folder, 'en', ns);
        const referenceKeys = new Set(reference.map(([key]) => key.replace(PLURAL, '')));
        const referenceText = new Map(reference.filter(([key]) => !PLURAL.test(key)).map(([key, value]) => [key, String(value)]));

        for (const lang of LANGUAGES) {
          it(`${lang}: same keys as English, none empty, same placeholders`, () => {
            const entries = existsSync(path.join(folder, lang, `${ns}.json`)) ? load(folder, lang, ns) : [];
            const keys = new Set(entries.map(([key]) => key.replace(PLURAL, '')));
            expect([...referenceKeys].filter((k) => !keys.has(k)), `missing in ${lang}/${ns}`).toEqual([]);
            expect([...keys].filter((k) => !referenceKeys.has(k)), `only in ${lang}/${ns}`).toEqual([]);
            const empty = entries.filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
            expect(empty, `empty or not text in ${lang}/${ns}`).toEqual([]);
            const wrong = entries
              .filter(([key, value]) => referenceText.has(key) && placeholders(String(value)).join() !== placeholders(referenceText.get(key) as string).join())
              .map(([key]) => key);
            expect(wrong, `placeholders differ from English in ${lang}/${ns}`).toEqual([]);
          });

          it(`${lang}: every plural has the forms the language needs`, () => {
            const entries = existsSync(path.join(folder, lang, `${ns}.json`)) ? load(folder, lang, ns) : [];
            const forms = new Map<string, Set<string>>();
            for (const [key] of entries) {
              const match = PLURAL.exec(key);
              if (!match) continue;
              const base = key.replace(PLURAL, '');
              forms.set(base, (forms.get(base) ?? new Set()).add(match[1] as string));
            }
            const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
            const incomplete = [...forms].filter(([, have]) => needed.some((form) => !have.has(form))).map(([base]) => base);
            expect(incomplete, `plural forms missing in ${lang}/${ns} (needs ${needed.join(', ')})`).toEqual([]);
          });
        }
      });
    }
  });
}
