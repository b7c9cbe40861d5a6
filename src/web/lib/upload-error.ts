import { ApiError } from './api';

type T = (key: string) => string;

/**
 * The text of a failed image upload: 401 asks to log in again, 413 and 415 show
 * the server's text, 5xx is a server error, no answer a network error, anything else a generic
 * failure. `t` reads the gallery namespace's `uploadErrors.*` keys.
 */
export function uploadErrorMessage(err: unknown, t: T): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return t('gallery:uploadErrors.network');
    if (err.status === 401) return t('gallery:uploadErrors.unauthorized');
    if (err.status === 413 || err.status === 415 || err.status === 400) return err.message || t('gallery:uploadErrors.failed');
    if (err.status >= 500) return t('gallery:uploadErrors.server');
  }
  return t('gallery:uploadErrors.failed');
}
