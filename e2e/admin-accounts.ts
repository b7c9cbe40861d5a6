import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';
import type { NewAccount } from './register';

/**
 * Registration allows 10 accounts an hour per address, and every journey's browser registers
 * from 127.0.0.1: the admin journeys' accounts come from another loopback address (all of
 * 127.0.0.0/8 reaches the server on Linux), so they leave the others' allowance alone.
 */
const ASIDE_ADDRESS = '127.0.0.2';

/** Registers an account through the API from another loopback address (the second unless named); answers the new user. */
export function registerAside(account: NewAccount, from = ASIDE_ADDRESS): Promise<{ id: number; username: string; name: string }> {
  const body = JSON.stringify(account);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL('/api/auth/register', baseUrl),
      {
        method: 'POST',
        localAddress: from,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: baseUrl, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200 && res.statusCode !== 201) reject(new Error(`register ${res.statusCode}: ${text}`));
          else resolve((JSON.parse(text) as { user: { id: number; username: string; name: string } }).user);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Gives the account logged in on the page a picture (base64 PNG) as its avatar. */
export async function uploadAvatarInPage(page: Page, userId: number, png: string): Promise<void> {
  await page.evaluate(
    async ({ id, data }) => {
      const form = new FormData();
      form.append('type', 'avatar');
      form.append('image', new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'avatar.png');
      const res = await fetch(`/api/users/${id}/upload-image`, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
      if (!res.ok) throw new Error(`avatar ${res.status}: ${await res.text()}`);
    },
    { id: userId, data: png },
  );
}
