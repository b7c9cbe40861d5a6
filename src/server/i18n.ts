import { translate, type Dict } from '../common/i18n';
import { LANGUAGES, pickLanguage, isLanguage, type Language } from '../common/languages';
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
};

/** Server-side texts: "errors:rateLimited" or "seo:home.title". */
export function t(lang: Language, key: string, params?: Record<string, unknown>): string {
  const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['errors', key];
  const dicts = namespaces[ns];
  if (!dicts) return key;
  return translate(dicts, lang, rest, params);
}

/** The request's interface language: the app's X-Language header, else Accept-Language. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const explicit = headers['x-language'];
  if (typeof explicit === 'string' && isLanguage(explicit)) return explicit;
  const accept = headers['accept-language'];
  return pickLanguage(typeof accept === 'string' ? accept : undefined);
}

export { LANGUAGES };
