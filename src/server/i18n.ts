import { SERVER_FALLBACK_LANGUAGES, Texts, type Dict } from '../common/i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, isLanguage, type Language } from '../common/languages';
import enErrors from '../common/locales/en/errors.json';
import deErrors from '../common/locales/de/errors.json';
import esErrors from '../common/locales/es/errors.json';
import frErrors from '../common/locales/fr/errors.json';
import ptErrors from '../common/locales/pt/errors.json';
import enSeo from '../common/locales/en/seo.json';
import enMail from '../common/locales/en/mail.json';
import deSeo from '../common/locales/de/seo.json';
import deMail from '../common/locales/de/mail.json';
import esSeo from '../common/locales/es/seo.json';
import esMail from '../common/locales/es/mail.json';
import frSeo from '../common/locales/fr/seo.json';
import frMail from '../common/locales/fr/mail.json';
import ptSeo from '../common/locales/pt/seo.json';
import ptMail from '../common/locales/pt/mail.json';
import enApplications from '../common/locales/en/applications.json';
import deApplications from '../common/locales/de/applications.json';
import esApplications from '../common/locales/es/applications.json';
import frApplications from '../common/locales/fr/applications.json';
import ptApplications from '../common/locales/pt/applications.json';
import enNotices from '../common/locales/en/notices.json';
import deNotices from '../common/locales/de/notices.json';
import esNotices from '../common/locales/es/notices.json';
import frNotices from '../common/locales/fr/notices.json';
import ptNotices from '../common/locales/pt/notices.json';
import enCalendar from '../common/locales/en/calendar.json';
import deCalendar from '../common/locales/de/calendar.json';
import esCalendar from '../common/locales/es/calendar.json';
import frCalendar from '../common/locales/fr/calendar.json';
import ptCalendar from '../common/locales/pt/calendar.json';
import enAgreements from '../common/locales/en/agreements.json';
import deAgreements from '../common/locales/de/agreements.json';
import esAgreements from '../common/locales/es/agreements.json';
import frAgreements from '../common/locales/fr/agreements.json';
import ptAgreements from '../common/locales/pt/agreements.json';
import enServerErrors from '../common/locales/en/serverErrors.json';
import deServerErrors from '../common/locales/de/serverErrors.json';
import esServerErrors from '../common/locales/es/serverErrors.json';
import frServerErrors from '../common/locales/fr/serverErrors.json';
import ptServerErrors from '../common/locales/pt/serverErrors.json';

/**
 * The server answers errors from both files: `errors` holds what the browser shows itself too
 * (form checks with the shared schemas), `serverErrors` what only an answer carries, so the
 * pages' first load does not download it.
 */
const namespaces: Record<string, Record<Language, Dict>> = {
  errors: {
    en: { ...enErrors, ...enServerErrors },
    de: { ...deErrors, ...deServerErrors },
    es: { ...esErrors, ...esServerErrors },
    fr: { ...frErrors, ...frServerErrors },
    pt: { ...ptErrors, ...ptServerErrors },
  },
  seo: { en: enSeo, de: deSeo, es: esSeo, fr: frSeo, pt: ptSeo },
  mail: { en: enMail, de: deMail, es: esMail, fr: frMail, pt: ptMail },
  applications: { en: enApplications, de: deApplications, es: esApplications, fr: frApplications, pt: ptApplications },
  notices: { en: enNotices, de: deNotices, es: esNotices, fr: frNotices, pt: ptNotices },
  calendar: { en: enCalendar, de: deCalendar, es: esCalendar, fr: frCalendar, pt: ptCalendar },
  agreements: { en: enAgreements, de: deAgreements, es: esAgreements, fr: frAgreements, pt: ptAgreements },
};

/**
 * The shared translator (src/common/i18n.ts) with every file in memory: nothing is ever loaded,
 * and a text missing in a language falls back to German, then English. The language is an
 * argument of each call, never the instance's: requests in different languages are answered side
 * by side.
 */
const texts = new Texts({
  language: DEFAULT_LANGUAGE,
  defaultNS: 'errors',
  fallbackLanguages: SERVER_FALLBACK_LANGUAGES,
  load: (lang, ns) => Promise.reject(new Error(`The server has no texts ${lang}/${ns}.`)),
});
for (const [ns, dicts] of Object.entries(namespaces)) {
  for (const lang of LANGUAGES) texts.addResourceBundle(lang, ns, dicts[lang]);
}

/** Server-side texts: "errors:rateLimited" or "seo:home.title"; a number `count` picks the plural form. */
export function t(lang: Language, key: string, params?: Record<string, unknown>): string {
  return texts.t(key, { ...params, ns: 'errors', lng: lang });
}

/** Whether the key names a text of the errors namespace (without a prefix, as schema messages do). */
export function isErrorKey(key: string): boolean {
  return !key.includes(':') && texts.exists(key, { ns: 'errors', lng: DEFAULT_LANGUAGE });
}

/** The request's interface language: the app's X-Language header, else Accept-Language. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const explicit = headers['x-language'];
  if (typeof explicit === 'string' && isLanguage(explicit)) return explicit;
  const accept = headers['accept-language'];
  return pickLanguage(typeof accept === 'string' ? accept : undefined);
}

export { LANGUAGES };
