import { Check, Palette, Store } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { HomeSection } from './home-section';
import { LocalizedLink } from '../../../i18n/localized-link';
import { buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';

const AUDIENCES = [
  { key: 'artists', Icon: Palette },
  { key: 'studios', Icon: Store },
] as const;

/** What the platform offers artists and what it offers studios; both lead to registration. */
export function AudienceCards() {
  const { t } = useTranslation('home');
  return (
    <HomeSection id="audience" title={t('audience.title')}>
      <div className="grid gap-4 md:grid-cols-2">
        {AUDIENCES.map(({ key, Icon }) => (
          <Card key={key} className="flex flex-col p-6">
            <Icon aria-hidden="true" className="size-8" />
            <h3 className="mt-4 text-lg">{t(`audience.${key}.title`)}</h3>
            <ul className="mt-4 flex-1 space-y-3">
              {(t(`audience.${key}.points`, { returnObjects: true }) as string[]).map((point) => (
                <li key={point} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            <LocalizedLink to="/register" className={buttonClasses({ className: 'mt-6 self-start' })}>
              {t(`audience.${key}.cta`)}
            </LocalizedLink>
          </Card>
        ))}
      </div>
    </HomeSection>
  );
}
