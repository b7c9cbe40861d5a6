import { describe, expect, it } from 'vitest';
import { lookup, type Dict } from './i18n';
import { LANGUAGES } from './languages';
import { displayName, hasBidiControls, hasControlCharacters, isInvisible, text } from './text';

describe('text primitives', () => {
  it('finds control characters but tab and line breaks', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001B[31m', '\u007F', '\u0085', '\u009F', '\u000B', '\u000C']) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['plain', 'tab\there', 'lines\nand\r\nbreaks', 'München ✓ 😀', '\u200B']) {
      expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
    }
  });

  it('refuses control characters before any other check of the schema', () => {
    const title = text('titleRequired').trim().min(1, 'titleRequired').max(5, 'tooLong');
    expect(title.safeParse('\u0000'.repeat(20)).error?.issues.map((i) => i.message)).toEqual(['controlCharacters']);
    expect(title.safeParse(' ok\t').data).toBe('ok');
    expect(title.safeParse(42).error?.issues[0]?.message).toBe('titleRequired');
  });

  it('tells invisible names and bidirectional controls', () => {
    for (const invisible of ['\u200B', '\u200B\u200C\u200D\u2060', '\u00AD', '\u3164', '\u2800\u2800', ' \u00A0\u2003', '\uFE0F']) {
      expect(isInvisible(invisible), JSON.stringify(invisible)).toBe(true);
    }
    expect(isInvisible('a\u200B')).toBe(false);
    expect(isInvisible('李')).toBe(false);
    for (const bidi of ['\u202A', '\u202B', '\u202C', '\u202D', 'gpj\u202Eexe', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(hasBidiControls(bidi), JSON.stringify(bidi)).toBe(true);
    }
    expect(hasBidiControls('עברית and English')).toBe(false);
  });

  it('takes display names with something visible and no direction overrides', () => {
    const name = displayName('nameRequired', 100);
    const first = (value: unknown) => name.safeParse(value).error?.issues[0]?.message;
    expect(name.safeParse('  Ink & Needle Studio ').data).toBe('Ink & Needle Studio');
    expect(name.safeParse('محمد').success).toBe(true);
    expect(first('   ')).toBe('nameRequired');
    expect(first('\u200B\u200D')).toBe('nameInvisible');
    expect(first('\u3164')).toBe('nameInvisible');
    expect(first('Admin\u202Enimda')).toBe('nameBidiControls');
    expect(first('\u2067Anna\u2069')).toBe('nameBidiControls');
    expect(first('A\u0000')).toBe('controlCharacters');
    expect(first('x'.repeat(101))).toBe('tooLong');
  });

  it('has the answers in all five languages', async () => {
    for (const lang of LANGUAGES) {
      const dict = (await import(`./locales/${lang}/errors.json`)).default as Dict;
      for (const key of ['controlCharacters', 'nameInvisible', 'nameBidiControls']) expect(lookup(dict, key), `${lang}:${key}`).toBeTruthy();
    }
  });
});
