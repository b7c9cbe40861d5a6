import { beforeAll, describe, expect, it } from 'vitest';
import { TITLE_SUFFIX } from '../../common/constants';
import { ensureNamespaces, initI18n } from './i18n';
import { setPageTitle } from './page-title';

describe('page titles set inside the app', () => {
  beforeAll(async () => {
    await initI18n('en');
    await ensureNamespaces('en', ['seo']);
    await ensureNamespaces('de', ['seo']);
  });

  it('fills a title from the address\'s values', () => {
    expect(setPageTitle('de', 'guestSpotsPage.title', { page: '3' })).toBe(true);
    expect(document.title).toBe(`Gastplätze für Künstler – Seite 3${TITLE_SUFFIX}`);
  });

  it('leaves a title that needs the page\'s data to the page, never showing a placeholder', () => {
    document.title = 'before';
    expect(setPageTitle('en', 'profile.title', { username: 'Lena-Ink' })).toBe(false);
    expect(document.title).toBe('before');
    expect(setPageTitle('en', 'profile.title', { name: 'Lena Ink', type: 'Tattoo artist' })).toBe(true);
    expect(document.title).toBe(`Lena Ink – Tattoo artist${TITLE_SUFFIX}`);
  });
});
