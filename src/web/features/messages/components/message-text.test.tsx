import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText, splitLinks } from './message-text';

describe('message text', () => {
  it('shows markup as text, never as HTML', () => {
    const { container } = render(<MessageText content={'<script>alert(1)</script> <b>bold</b> <img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('script, b, img')).toBeNull();
    expect(container.textContent).toBe('<script>alert(1)</script> <b>bold</b> <img src=x onerror=alert(1)>');
  });

  it('keeps line breaks and makes http(s) links clickable with nofollow noopener ugc in a new tab', () => {
    const { container } = render(<MessageText content={'Hi!\nSee https://example.com/spot?a=1&b=2. Or http://x.test'} />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/spot?a=1&b=2', 'http://x.test/']);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('nofollow noopener ugc');
      expect(a.getAttribute('target')).toBe('_blank');
    }
    expect(container.querySelector('p')?.className).toContain('whitespace-pre-wrap');
    expect(container.textContent).toBe('Hi!\nSee https://example.com/spot?a=1&b=2. Or http://x.test');
  });

  it('links only http and https', () => {
    expect(splitLinks('javascript:alert(1) ftp://x.test data:text/html,<b>').every((p) => p.kind === 'text')).toBe(true);
    const { container } = render(<MessageText content={'"https://a.test/"><script>x</script>'} />);
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://a.test/');
    expect(container.querySelector('script')).toBeNull();
  });
});
