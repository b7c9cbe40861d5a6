import { useTranslation } from '../../../i18n/react';

/** The three steps from sign-up to the first guest spot. */
export function HowItWorks() {
  const { t } = useTranslation('home');
  const steps = t('how.steps', { returnObjects: true }) as { title: string; text: string }[];
  return (
    <section aria-labelledby="how-title" className="border-y border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-10 md:py-12">
        <h2 id="how-title" className="mb-8 text-xl md:text-2xl">
          {t('how.title')}
        </h2>
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
      </div>
    </section>
  );
}
