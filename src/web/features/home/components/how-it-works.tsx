import { useTranslation } from '../../../i18n/react';
import { HomeSection } from './home-section';

/** The three steps from sign-up to the first guest spot. */
export function HowItWorks() {
  const { t } = useTranslation('home');
  const steps = t('how.steps', { returnObjects: true }) as { title: string; text: string }[];
  return (
    <HomeSection id="how" title={t('how.title')} frame="band">
      <ol className="grid gap-8 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4 md:flex-col md:gap-3">
            <span aria-hidden="true" className="text-3xl leading-none font-extrabold text-ink-muted">
              {index + 1}
            </span>
            <div>
              <h3 className="text-lg">{step.title}</h3>
              <p className="mt-2 text-ink-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
