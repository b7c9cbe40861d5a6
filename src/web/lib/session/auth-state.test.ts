import { describe, expect, it } from 'vitest';
import { afterLoginPath, isFresh, isSameSitePath, isValidAuthState, loadAuthState } from './auth-state';

const user = { id: 1, username: 'lena', name: 'Lena', email: 'l@x.test', role: 'user' as const, userType: 'artist' as const, featuredUntil: null, avatar: null };

describe('saved auth state', () => {
  it('accepts only the valid shape', () => {
    expect(isValidAuthState({ isAuthenticated: true, user, lastChecked: 1 })).toBe(true);
    expect(isValidAuthState({ isAuthenticated: false, user: null, lastChecked: 0 })).toBe(true);
    expect(isValidAuthState({ isAuthenticated: 'yes', user: null, lastChecked: 0 })).toBe(false);
    expect(isValidAuthState({ isAuthenticated: true, user: 'lena', lastChecked: 0 })).toBe(false);
    expect(isValidAuthState({ isAuthenticated: true, user: [], lastChecked: 0 })).toBe(false);
    expect(isValidAuthState({ isAuthenticated: true, user: null, lastChecked: '1' })).toBe(false);
    expect(isValidAuthState({ isAuthenticated: true, user: null })).toBe(false);
    expect(isValidAuthState(null)).toBe(false);
  });

  it('restores from storage only when valid JSON of the valid shape', () => {
    const store = (value: string | null) => ({ getItem: () => value });
    expect(loadAuthState(store(JSON.stringify({ isAuthenticated: true, user, lastChecked: 5 })))).toMatchObject({ user: { id: 1 } });
    expect(loadAuthState(store('{not json'))).toBeNull();
    expect(loadAuthState(store(JSON.stringify({ isAuthenticated: 1 })))).toBeNull();
    expect(loadAuthState(store(null))).toBeNull();
  });

  it('trusts a cached state for two minutes', () => {
    const now = 1_000_000;
    expect(isFresh({ isAuthenticated: true, user, lastChecked: now - 119_000 }, now)).toBe(true);
    expect(isFresh({ isAuthenticated: true, user, lastChecked: now - 121_000 }, now)).toBe(false);
    expect(isFresh({ isAuthenticated: true, user, lastChecked: now + 5_000 }, now)).toBe(false);
  });
});

describe('after login', () => {
  it('sends admins to /admin and others to /dashboard', () => {
    expect(afterLoginPath({ role: 'admin' }, null)).toBe('/admin');
    expect(afterLoginPath({ role: 'user' }, undefined)).toBe('/dashboard');
  });

  it('follows a redirect only to a path on this site', () => {
    expect(afterLoginPath({ role: 'user' }, '/messages/12?x=1')).toBe('/messages/12?x=1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'messages']) {
      expect(isSameSitePath(bad), bad).toBe(false);
      expect(afterLoginPath({ role: 'user' }, bad)).toBe('/dashboard');
    }
  });
});
