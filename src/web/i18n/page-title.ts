import { useEffect } from 'react';
import { TITLE_SUFFIX } from '../../common/constants';
import type { Language } from '../../common/languages';
import { i18n } from './i18n';
import { useLanguage } from './language';

// The server writes the first page's title; only pages reached inside the app set their own.
let firstPage = true;

/** Marks that the app has moved on from the page the server wrote the title for (the router, before the next page renders). */
export function leaveFirstPage(): void {
  firstPage = false;
}

/**
 * Sets the tab title from the seo texts (loaded by the caller) when every placeholder is filled;
 * a title that needs the page's data (a profile's name) is left to the page (usePageTitle).
 */
export function setPageTitle(lang: Language, key: string, values: Record<string, string> = {}): boolean {
  if (typeof document === 'undefined' || !i18n.exists(key, { lng: lang, ns: 'seo' })) return false;
  const text = i18n.t(key, { lng: lang, ns: 'seo', ...values });
  if (text.includes('{{')) return false;
  document.title = text + TITLE_SUFFIX;
  return true;
}

/**
 * The title of a page whose title names its data (a profile, a listing), with the server's
 * texts and values; `values` is null until the data is there, and `textValues` names values that
 * are seo texts themselves (a profile's type). Does nothing on the first page, whose title the
 * server wrote.
 */
export function usePageTitle(key: string, values: Record<string, string> | null, textValues: Record<string, string> = {}): void {
  const lang = useLanguage();
  const signature = values ? JSON.stringify([values, textValues]) : null;
  useEffect(() => {
    if (firstPage || signature === null) return;
    let current = true;
    void i18n.loadNamespaces(lang, ['seo']).then(() => {
      if (!current) return;
      const [plain, texts] = JSON.parse(signature) as [Record<string, string>, Record<string, string>];
      const translated = Object.fromEntries(Object.entries(texts).map(([name, textKey]) => [name, i18n.t(textKey, { lng: lang, ns: 'seo' })]));
      setPageTitle(lang, key, { ...plain, ...translated });
    });
    return () => {
      current = false;
    };
  }, [lang, key, signature]);
}
