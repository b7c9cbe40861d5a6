import type { Page } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '../src/common/constants';

export interface NewAccount {
  email: string;
  username: string;
  password: string;
  userType: 'artist' | 'studio';
}

/**
 * Registers through the API from inside the page, so the page's context holds the new session;
 * with `avatarPng` (base64) the account gets that picture too. Answers the new user. The app's
 * saved session state is dropped as the app's own form would replace it: a "logged out" saved by
 * a page shown before would otherwise be trusted for two minutes, and the next page would show
 * the visitor's header although the browser holds a session.
 */
export async function registerInPage(page: Page, account: NewAccount, avatarPng?: string): Promise<{ id: number; username: string; name: string }> {
  await page.goto('/');
  return page.evaluate(
    async ({ input, png, authKey }) => {
      const res = await fetch('/api/auth/register', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(input),
      });
      if (!res.ok) throw new Error(`register ${res.status}: ${await res.text()}`);
      const { user } = (await res.json()) as { user: { id: number; username: string; name: string } };
      localStorage.removeItem(authKey);
      if (png) {
        const form = new FormData();
        form.append('type', 'avatar');
        form.append('image', new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'avatar.png');
        const upload = await fetch(`/api/users/${user.id}/upload-image`, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
        if (!upload.ok) throw new Error(`avatar ${upload.status}: ${await upload.text()}`);
      }
      return user;
    },
    { input: account, png: avatarPng ?? null, authKey: AUTH_STORAGE_KEY },
  );
}

/** Logs out from inside the page, so the next login goes through the form as a person's would; the saved session state goes with it, as the app's logout drops it. */
export async function logOutInPage(page: Page): Promise<void> {
  await page.evaluate(async (authKey) => {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    localStorage.removeItem(authKey);
  }, AUTH_STORAGE_KEY);
}
