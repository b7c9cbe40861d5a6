import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';

const link = (html: string, rel: string, hreflang?: string) =>
  new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(html)?.[1];

describeEachEngine('gallery pages', (engine) => {
  const t = useTestApp(engine);

  it("names each language's own gallery address as canonical, and links the five with hreflang", async () => {
    const base = 'http://localhost:3000';
    for (const [url, canonical] of [
      ['/tattoo-gallery', '/tattoo-gallery'],
      ['/de/tattoo-galerie', '/de/tattoo-galerie'],
      // Another language's spelling is the same page: its canonical is the language's own.
      ['/de/tattoo-gallery', '/de/tattoo-galerie'],
      ['/tattoo-galerie', '/tattoo-gallery'],
      ['/pt/galeria-de-tatuajes', '/pt/galeria-de-tatuagens'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(link(res.body, 'canonical'), url).toBe(base + canonical);
      expect(link(res.body, 'alternate', 'es'), url).toBe(`${base}/es/galeria-de-tatuajes`);
      expect(link(res.body, 'alternate', 'fr'), url).toBe(`${base}/fr/galerie-de-tatouages`);
      expect(link(res.body, 'alternate', 'x-default'), url).toBe(`${base}/tattoo-gallery`);
    }
  });
});
