import { describe, expect, it } from 'vitest';
import { LANGUAGES, withLanguage } from '../../common/languages';
import { ROUTES, type RouteId } from '../../common/routes';
import { ensureNamespaces, SHELL_NAMESPACES } from '../i18n/i18n';
import { buildRoutes } from './router';
import { screenNamespaces, screens } from './screens';

const ids = Object.keys(ROUTES) as RouteId[];

describe('screens', () => {
  it('maps every route of the route table to a screen', () => {
    expect(Object.keys(screens).sort()).toEqual([...ids].sort());
  });

  it.each(ids)('%s loads a component', async (id) => {
    const screen = await screens[id]();
    expect(typeof screen.default).toBe('function');
  });

  it('names only namespaces of known routes', () => {
    for (const id of Object.keys(screenNamespaces)) expect(ids).toContain(id);
  });

  // The browser loads only some of the texts shared with the server (i18n.ts): a screen naming
  // another would fail when it opens.
  it.each(LANGUAGES)('names only namespaces the browser can load, in %s', async (lang) => {
    const named = new Set([...SHELL_NAMESPACES, 'errors', 'seo', ...Object.values(screenNamespaces).flat()]);
    await expect(ensureNamespaces(lang, [...named])).resolves.toBeUndefined();
  });
});

describe('route tree', () => {
  const [root] = buildRoutes();
  const paths = (root?.children ?? []).map((route) => route.path);

  it('has every route in every language, English unprefixed', () => {
    for (const id of ids) {
      for (const lang of LANGUAGES) expect(paths).toContain(withLanguage(ROUTES[id].path, lang));
    }
    expect(paths).toContain('/aboutus');
    expect(paths).toContain('/de/aboutus');
    expect(paths).toContain('/pt/');
  });

  it('ends with a catch-all for unknown paths', () => {
    expect(paths.at(-1)).toBe('*');
  });
});
