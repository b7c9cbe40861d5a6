import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';

// A text whose key is missing must fail the test, not quietly render the key.
const missing: string[] = [];

beforeAll(async () => {
  await initI18n('en');
  i18n.options.parseMissingKeyHandler = (key: string) => {
    missing.push(`${i18n.language}:${key}`);
    return key;
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const found = missing.splice(0);
  expect(found, 'translation keys used but missing').toEqual([]);
});
