import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleCheck, CircleDashed, FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useParams } from '../../routing';
import { formatDayRange } from '../../../common/format';
import { LOCALES, type Language } from '../../../common/languages';
import { buildPath } from '../../../common/routes';
import type { Agreement, AgreementAcceptance, AgreementSide, AgreementText } from '../../../common/schemas/agreements';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { isNotFound } from '../../lib/api';
import { onLiveSignal } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { loginGatedPage } from '../../ui/login-gate';
import { NotFound } from '../../ui/not-found';
import { LoadingShape, SkeletonLines } from '../../ui/skeleton';
import { useAcceptAgreement } from './api/accept-agreement';
import { useAgreement } from './api/get-agreement';
import { agreementKeys } from './api/keys';

const SIDES: AgreementSide[] = ['artist', 'studio'];

/** /stays/:id/agreement: a stay's written agreement as a document, both sides' acceptance, Accept and the PDF. */
export default loginGatedPage(AgreementScreen, 'agreements');

function AgreementScreen() {
  const { t } = useTranslation('agreements');
  const { id = '' } = useParams();
  const stayId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const agreement = useAgreement(stayId);
  useAgreementLive(stayId);
  if (stayId === 0) return <NotFound />;
  if (agreement.isPending) {
    return (
      <LoadingShape label={t('loading')} className="mx-auto max-w-3xl space-y-4 px-4 py-12">
        <SkeletonLines lines={['h-10 w-2/3', 'h-24 w-full', 'h-96 w-full']} />
      </LoadingShape>
    );
  }
  if (agreement.isError) {
    if (isNotFound(agreement.error)) return <NotFound />;
    return (
      <section className="mx-auto max-w-3xl space-y-4 px-4 py-12">
        <h1 className="text-2xl font-extrabold">{t('title')}</h1>
        <Alert tone="error">{t('loadFailed')}</Alert>
        <BackLink />
      </section>
    );
  }
  return <AgreementView agreement={agreement.data} />;
}

/** Fetches the agreement again when the other side accepts (the live `deal.changed` naming this stay) or events may have been missed. */
function useAgreementLive(stayId: number) {
  const qc = useQueryClient();
  const { user } = useSession();
  const me = user?.id;
  useEffect(() => {
    if (me === undefined || stayId === 0) return;
    return onLiveSignal((signal) => {
      if ((signal.type === 'deal.changed' && signal.stayId === stayId) || signal.type === 'live.gap') {
        void qc.invalidateQueries({ queryKey: agreementKeys.stay(me, stayId) });
      }
    });
  }, [qc, me, stayId]);
}

function BackLink() {
  const { t } = useTranslation('agreements');
  return (
    <LocalizedLink to={buildPath('dealRequests')} className={buttonClasses({ variant: 'ghost' })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('back')}
    </LocalizedLink>
  );
}

function AgreementView({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation('agreements');
  const lang = useLanguage();
  const { user } = useSession();
  const mySide: AgreementSide | null = user?.id === agreement.artist.id ? 'artist' : user?.id === agreement.studio.id ? 'studio' : null;
  const other = mySide === 'studio' ? agreement.artist : agreement.studio;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        <a href={`/api/stays/${agreement.stayId}/agreement.pdf`} download className={buttonClasses()}>
          <FileDown aria-hidden="true" className="size-4" />
          {t('pdf')}
        </a>
      </div>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight break-words hyphens-auto">{t('title')}</h1>
        <p className="mt-2 text-ink-muted">
          {formatDayRange(agreement.startDate, agreement.endDate, lang)}
          {agreement.city && ` · ${agreement.city}`}
        </p>
        {mySide && <p className="mt-1 max-w-prose text-ink-muted">{t('intro', { name: other.name || other.username })}</p>}
      </header>
      <Acceptances agreement={agreement} mySide={mySide} />
      {agreement.texts.map((text, index) => (
        <AgreementDocument key={text.language} text={text} index={index} viewerLang={lang} />
      ))}
    </div>
  );
}

/** Each side's state, and for a party who has not accepted the current version yet, the button. */
function Acceptances({ agreement, mySide }: { agreement: Agreement; mySide: AgreementSide | null }) {
  const { t } = useTranslation('agreements');
  const lang = useLanguage();
  const accept = useAcceptAgreement(agreement.stayId);
  const [failure, setFailure] = useState<string | null>(null);
  const bySide = new Map<AgreementSide, AgreementAcceptance>(agreement.acceptances.map((a) => [a.side, a]));
  const cancelled = agreement.status === 'cancelled';
  const mayAccept = mySide !== null && !bySide.has(mySide) && !cancelled;
  const when = (iso: string) => new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const other = mySide === 'studio' ? agreement.artist : agreement.studio;
  return (
    <section aria-labelledby="acceptance-title" className="space-y-4 rounded border border-line p-4 sm:p-6">
      <h2 id="acceptance-title" className="text-lg font-bold">
        {t('acceptance.title')}
      </h2>
      <ul className="space-y-3">
        {SIDES.map((side) => {
          const party = side === 'artist' ? agreement.artist : agreement.studio;
          const accepted = bySide.get(side);
          const name = party.name || party.username;
          return (
            <li key={side} className="flex items-start gap-3">
              {accepted ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              ) : (
                <CircleDashed aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
              )}
              <div className="min-w-0">
                <p className="font-semibold break-words">
                  {t(`side.${side}`)}: {mySide === side ? t('acceptance.you', { name }) : name}
                </p>
                <p className="text-sm text-ink-muted">
                  {accepted ? t('acceptance.accepted', { date: when(accepted.acceptedAt) }) : t('acceptance.pending')}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {agreement.agreed && <Alert tone="success">{t('acceptance.agreed')}</Alert>}
      {cancelled && <Alert tone="info">{t('acceptance.cancelled')}</Alert>}
      {mayAccept && (
        <div className="space-y-3">
          <p className="max-w-prose text-sm">{t('acceptance.hint', { name: other.name || other.username })}</p>
          <Button
            variant="primary"
            loading={accept.isPending}
            onClick={() => {
              setFailure(null);
              accept.mutate(agreement.termsVersion, { onError: (err) => setFailure(err.message || t('failed')) });
            }}
          >
            {t('acceptance.button')}
          </Button>
        </div>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
    </section>
  );
}

/** One language's version, set like a printed page: ink on paper, reading width, headings per part. */
function AgreementDocument({ text, index, viewerLang }: { text: AgreementText; index: number; viewerLang: Language }) {
  const { t } = useTranslation('agreements');
  const titleId = `agreement-${text.language}`;
  const languageName = new Intl.DisplayNames(LOCALES[viewerLang], { type: 'language' }).of(text.language) ?? text.language;
  return (
    <article lang={text.language} aria-labelledby={titleId} className="space-y-5 rounded border border-line bg-surface p-5 sm:p-10">
      <div>
        {index > 0 || text.language !== viewerLang ? (
          <p lang={viewerLang} className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
            {t('writtenIn', { language: languageName })}
          </p>
        ) : null}
        <h2 id={titleId} className="text-2xl font-extrabold tracking-tight break-words hyphens-auto">
          {text.title}
        </h2>
        <p className="mt-2 max-w-prose">{text.parties}</p>
      </div>
      <dl className="space-y-4">
        {text.sections.map((section) => (
          <div key={section.heading} className="border-t border-line pt-3">
            <dt className="font-bold">{section.heading}</dt>
            {section.lines.map((line) => (
              <dd key={line} className="max-w-prose break-words">
                {line}
              </dd>
            ))}
          </div>
        ))}
      </dl>
      <p className="max-w-prose border-t border-line pt-3 text-sm text-ink-muted">{text.notice}</p>
    </article>
  );
}
