import { vi } from 'vitest';

/** One upload the code under test sent, for the test to drive: report progress, then answer it. */
export interface PendingUpload {
  /** The address it goes to. */
  url: string;
  form: FormData;
  /** Reports that `loaded` of 100 parts have gone up. */
  progress(loaded: number): void;
  /** Answers with a status and a JSON body. */
  answer(status: number, body: unknown): void;
}

/**
 * Uploads go through XMLHttpRequest (fetch cannot report their progress), which jsdom cannot send.
 * This stands in for it and hands each upload to `onSend`, which decides when and how it is answered.
 */
export function interceptUploads(onSend: (upload: PendingUpload) => void): void {
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    withCredentials = false;
    timeout = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    abort() {}
    send(form: FormData) {
      onSend({
        url: this.url,
        form,
        progress: (loaded) => this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 }),
        answer: (status, body) => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** Previews of picked files show object URLs, which jsdom does not make. */
export function stubObjectUrls(): void {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
}
