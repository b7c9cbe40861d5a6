import { useTranslation } from '../../i18n/react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../../../common/constants';
import { useTheme } from '../theme';

/** Toasts for results: 5 s by default, in the current theme. */
export default function AppToaster() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  return <Toaster duration={TOAST_DURATION_MS} theme={theme} containerAriaLabel={t('notifications')} closeButton />;
}
