import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { THEME_CHOICES, setThemeChoice, useTheme } from '../theme';

const ICONS = { light: Sun, dark: Moon, system: Monitor };

/** Light, dark or the system's setting; stored in localStorage `theme`. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { choice } = useTheme();
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-bold">{t('footer.theme')}</legend>
      <div className="inline-flex flex-wrap rounded border border-line-strong p-0.5">
        {THEME_CHOICES.map((value) => {
          const Icon = ICONS[value];
          return (
            <label
              key={value}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded px-3 py-1.5 text-sm has-checked:bg-ink has-checked:text-paper has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink"
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={choice === value}
                onChange={() => setThemeChoice(value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-4" />
              {t(`theme.${value}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
