import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';

/** The platform is basically free, and more is planned. */
export function FreeNotice() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="free-title" className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <div className="rounded border border-line bg-surface p-6 md:p-8">
        <h2 id="free-title" className="text-xl md:text-2xl">
          {t('free.title')}
        </h2>
        <p className="mt-3 max-w-[65ch]">{t('free.text')}</p>
        <p className="mt-3 flex max-w-[65ch] items-start gap-2 text-ink-muted">
          <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>{t('free.more')}</span>
        </p>
      </div>
    </section>
  );
}
