import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error';

// Sonner's toaster is mounted lazily by the layout; the function that shows a toast is fetched
// with the first one, so pages whose visitors never see one do not load it. A dynamic import
// resolves to the same module the toaster uses.
function show(kind: Kind, message: string, options?: ExternalToast): void {
  void import('sonner').then(({ toast }) => (options ? toast[kind](message, options) : toast[kind](message)));
}

/** Shows a short notice in the toaster: `toast.success(text)`, `toast.error(text)`. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
};
