import type { Language } from '../../../common/languages';
import { savePreferences } from './api/save-preferences';

/**
 * Tells the server the language a logged-in user picked, so mails speak it too. Best effort:
 * the interface switches either way, and a failure only leaves the mails in the old language.
 */
export function rememberLanguage(language: Language): void {
  savePreferences({ language }).catch((err: unknown) => console.warn('Saving the language preference failed', err));
}
