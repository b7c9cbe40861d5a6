import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { Language } from '../../../../common/languages';
import { ensureNamespaces } from '../../../i18n/i18n';
import { useLanguage } from '../../../i18n/language';
import { useTranslation } from '../../../i18n/react';
import { LoadingShape, SkeletonLines } from '../../../ui/skeleton';
import type { AdminSection } from '../sections';

type Screen = LazyExoticComponent<ComponentType<{ id?: string }>>;

// One lazy component per section and language, made once: React keeps a loaded one as it is.
const screens = new Map<string, Screen>();

/** A section's screen, its code and its texts fetched together so it renders its words at once. */
function screenOf(section: AdminSection, lang: Language): Screen {
  const key = `${section.id}:${lang}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = lazy(async () => {
      const [module] = await Promise.all([section.load(), ensureNamespaces(lang, section.namespaces)]);
      return module;
    });
    screens.set(key, screen);
  }
  return screen;
}

/** The section the path names, with its item (`/admin/users/12`), loading in place. */
export function SectionView({ section, id }: { section: AdminSection; id?: string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const Screen = screenOf(section, lang);
  return (
    <Suspense
      fallback={
        <LoadingShape label={t('layout.loading')} className="space-y-4">
          <SkeletonLines lines={['h-8 w-1/2 max-w-sm', 'h-4 w-full max-w-2xl', 'h-4 w-5/6 max-w-xl']} />
        </LoadingShape>
      }
    >
      <Screen id={id} />
    </Suspense>
  );
}
