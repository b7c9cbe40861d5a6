import { z } from 'zod';

// Tab, line feed and carriage return are how pasted text and textareas arrive; every other
// control character (NUL above all, which PostgreSQL's text refuses) has no place in a text.
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

// Embeddings, overrides and isolates turn the text after them around ("gpj.exe" shown as
// "exe.jpg"): in a name they only serve to impersonate.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

// What renders as nothing: white space, controls, format characters (zero-width space and
// joiners, soft hyphen, BOM ...), the other default-ignorable ones (variation selectors, the
// Hangul fillers ...) and the braille blank.
const INVISIBLE = /[\s\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Whether a text holds a control character other than tab, line feed and carriage return. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Whether a text holds a bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069). */
export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

/** Whether a text has nothing visible: only white space, zero-width and other invisible characters. */
export function isInvisible(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/**
 * A string schema that refuses control characters (but tab and line breaks) before any other
 * check, so a NUL is answered with `controlCharacters` rather than reaching the database.
 * `message` is the key for a value that is not a string.
 */
export function text(message?: string) {
  return z.string(message).refine((value) => !hasControlCharacters(value), { message: 'controlCharacters', abort: true });
}

/**
 * A display name: text without control characters, with something visible and without
 * bidirectional controls (`nameInvisible`, `nameBidiControls`).
 */
export function displayName(message: string, max: number) {
  return text(message)
    .trim()
    .min(1, message)
    .max(max, 'tooLong')
    .refine((value) => !isInvisible(value), { message: 'nameInvisible', abort: true })
    .refine((value) => !hasBidiControls(value), 'nameBidiControls');
}
