import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Texts, TFunction } from './texts';

const TextsContext = createContext<Texts | null>(null);

/** Hands the tree its translations: the app's instance in the browser, one per request on the server. */
export function TextsProvider({ texts, children }: { texts: Texts; children: ReactNode }) {
  return <TextsContext value={texts}>{children}</TextsContext>;
}

/**
 * `t` for the first of the namespaces (the others are read as `ns:key`), in the interface
 * language. A namespace not loaded yet suspends the component: the load is thrown to the nearest
 * Suspense boundary (the store loads each namespace once however often it is asked). A language
 * change renders it again.
 */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: Texts } {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('useTranslation needs a <TextsProvider> above it.');
  const subscribe = useCallback((changed: () => void) => texts.on('languageChanged', changed), [texts]);
  const language = () => texts.language;
  const lang = useSyncExternalStore(subscribe, language, language);
  const namespaces = ns === undefined ? [texts.defaultNS] : typeof ns === 'string' ? [ns] : ns;
  const first = namespaces[0] ?? texts.defaultNS;
  const t = useMemo(() => texts.fixedT(lang, first), [texts, lang, first]);
  // Thrown rather than passed to `use`: a component that suspends here skips the call once the
  // texts are in, and `use` must be called on every render once it has been.
  const pending = texts.missing(namespaces);
  if (pending) throw pending;
  return { t, i18n: texts };
}
