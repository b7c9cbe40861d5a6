import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button, type ButtonSize } from './button';

/** A load that failed: the reason (`children`) with a button that tries again. */
export function RetryAlert({ retryLabel, onRetry, size, children }: { retryLabel: string; onRetry: () => void; size?: ButtonSize; children: ReactNode }) {
  return (
    <Alert
      tone="error"
      action={
        <Button size={size} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/** A query that failed: the server's message (else `fallback`), with a button that runs it again. */
export function QueryErrorAlert({
  query,
  retryLabel,
  fallback,
}: {
  query: { error: Error | null; refetch: () => Promise<unknown> };
  retryLabel: string;
  fallback: string;
}) {
  return (
    <RetryAlert retryLabel={retryLabel} onRetry={() => void query.refetch()}>
      {query.error?.message || fallback}
    </RetryAlert>
  );
}
