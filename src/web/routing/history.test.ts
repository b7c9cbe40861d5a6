import { describe, expect, it } from 'vitest';
import { createLocation, createMemoryHistory, createPath } from './history';

describe('createLocation', () => {
  it('takes a path as it is, encoded as the browser shows it', () => {
    expect(createLocation('/de/gastplätze?q=Jörg#top', '/x')).toMatchObject({ pathname: '/de/gastpl%C3%A4tze', search: '?q=J%C3%B6rg', hash: '#top' });
    expect(createLocation('/guestspot/sommer-in-m%C3%BCnchen', '/x').pathname).toBe('/guestspot/sommer-in-m%C3%BCnchen');
    // Two leading slashes are a path of the app, not another host.
    expect(createPath(createLocation('//foo?a=1', '/x'))).toBe('//foo?a=1');
  });

  it('resolves a query or a hash against the current path, dropping its hash for a new query', () => {
    expect(createPath(createLocation('?tab=reviews', '/Lena-Ink?tab=about#top'))).toBe('/Lena-Ink?tab=reviews');
    expect(createPath(createLocation('#reviews', '/Lena-Ink?tab=about'))).toBe('/Lena-Ink?tab=about#reviews');
    expect(createPath(createLocation('?', '/gallery?style=3'))).toBe('/gallery');
  });

  it('gives the state and a fresh key', () => {
    const [a, b] = [createLocation('/a', '/', { from: 'x' }), createLocation('/a', '/')];
    expect(a.state).toEqual({ from: 'x' });
    expect(b.state).toBeNull();
    expect(a.key).not.toBe(b.key);
  });
});

describe('the memory history', () => {
  it('starts at the last entry, keys only the first "default", and drops the forward entries on a push', () => {
    const history = createMemoryHistory(['/a', '/b']);
    expect(history.location()).toMatchObject({ pathname: '/b' });
    expect(history.location().key).not.toBe('default');
    const popped: string[] = [];
    history.listen((location) => popped.push(location.pathname));
    history.go(-1);
    expect(history.location().key).toBe('default');
    history.push(createLocation('/c', '/a'));
    history.go(1);
    expect(history.location().pathname).toBe('/c');
    history.go(-5);
    expect(popped).toEqual(['/a', '/a']);
  });
});
