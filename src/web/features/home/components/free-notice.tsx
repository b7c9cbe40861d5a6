import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { HomeSection } from './home-section';

/** The platform is basically free, and more is planned. */
export function FreeNotice() {
  const { t } = useTranslation('home');
  return (
    <HomeSection id="free" title={t('free.title')} frame="box">
      <p className="mt-3 max-w-[65ch]">{t('free.text')}</p>
      <p className="mt-3 flex max-w-[65ch] items-start gap-2 text-ink-muted">
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{t('free.more')}</span>
      </p>
    </HomeSection>
  );
}
