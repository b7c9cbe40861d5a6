import { useTranslation } from '../../../i18n/react';
import { formatDate } from '../../../../common/format';
import { useLanguage } from '../../../i18n/language';
import { LEGAL_UPDATED } from '../legal';
import { OperatorDetails } from './operator-details';
import { ReadingPage } from './reading-page';

/** A section of a legal text as the translation files hold it. */
export interface LegalSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
  after?: string[];
}

/**
 * A long legal text (privacy, terms) from its namespace: title, intro, a table of contents and
 * numbered sections. The first section of both texts introduces the operator, whose details
 * follow its paragraphs as the settings give them (the privacy policy with contact lines).
 */
export function LegalDocument({ ns }: { ns: 'privacy' | 'terms' }) {
  const { t } = useTranslation(ns);
  const lang = useLanguage();
  const sections = t('sections', { returnObjects: true }) as LegalSection[];
  return (
    <ReadingPage title={t('title')} meta={t('common:legal.updated', { date: formatDate(LEGAL_UPDATED, lang) })} lead={t('intro')}>
      <nav aria-labelledby="toc-title" className="mb-10 rounded border border-line bg-surface p-5">
        <h2 id="toc-title" className="text-base">
          {t('common:legal.contents')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-7 text-sm">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#section-${index + 1}`} className="text-ink underline-offset-4 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-10">
        {sections.map((section, index) => (
          <section key={section.title} id={`section-${index + 1}`} aria-labelledby={`section-${index + 1}-title`} className="scroll-mt-4">
            <h2 id={`section-${index + 1}-title`} className="text-lg md:text-xl">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-7">
              {section.paragraphs?.map((p) => <p key={p}>{p}</p>)}
              {index === 0 && <OperatorDetails contact={ns === 'privacy'} />}
              {section.items && (
                <ul className="list-disc space-y-2 pl-5">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.after?.map((p) => <p key={p}>{p}</p>)}
            </div>
          </section>
        ))}
      </div>
    </ReadingPage>
  );
}
