import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { PaymentResultNotice } from './payment-result-notice';

const notice = (onResult = vi.fn()) => <PaymentResultNotice success="Paid, thank you." error="That did not work." dismiss="Dismiss" onResult={onResult} />;

describe('payment result notice', () => {
  it('shows the success text once, reports it, and removes the parameter from the address', async () => {
    const onResult = vi.fn();
    const { router } = await renderWithApp(notice(onResult), { path: '/Lena-Ink/posts/upsell/12?payment=success&tab=x' });
    expect((await screen.findByRole('status')).textContent).toContain('Paid, thank you.');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    expect(screen.getByText('Paid, thank you.')).toBeTruthy();
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith('success');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Paid, thank you.')).toBeNull();
  });

  it('shows the error text as an alert', async () => {
    const onResult = vi.fn();
    await renderWithApp(notice(onResult), { path: '/dashboard?payment=error' });
    expect((await screen.findByRole('alert')).textContent).toContain('That did not work.');
    expect(onResult).toHaveBeenCalledWith('error');
  });

  it('ignores other values and shows nothing without the parameter', async () => {
    const onResult = vi.fn();
    const { router } = await renderWithApp(notice(onResult), { path: '/dashboard?payment=maybe' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onResult).not.toHaveBeenCalled();
  });
});
