import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('avatar', () => {
  it('shows the initials of the display name, not of the username, named for screen readers', () => {
    render(<Avatar name="Julia Lange" username="Jule Blume" />);
    const avatar = screen.getByRole('img', { name: 'Julia Lange' });
    expect(avatar.textContent).toBe('JL');
  });

  it.each([
    ['Émile Zola', 'ÉZ'],
    ['Anna-Lena Maier', 'AM'],
    ['Mia', 'M'],
  ])('takes at most two letters of %s', (name, expected) => {
    render(<Avatar name={name} />);
    expect(screen.getByRole('img', { name }).textContent).toBe(expected);
  });

  it('falls back to the username when the name has no letter', () => {
    render(<Avatar name="✦" username="jule_blume" />);
    expect(screen.getByRole('img', { name: '✦' }).textContent).toBe('JB');
  });

  it('shows the picture while it loads and the initials once it fails', () => {
    const { container } = render(<Avatar src="/uploads/avatars/1/a.webp" name="Julia Lange" decorative />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('alt')).toBe('');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('JL');
  });
});
