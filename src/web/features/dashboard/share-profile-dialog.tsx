import { Copy, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { toast } from '../../ui/toast';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { usePublicUrl } from './api/get-public-url';

/** Share links for the profile on the platform's public address: WhatsApp, Telegram, Facebook, and copying the link. */
export function ShareProfileDialog({ path }: { path: string }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const publicUrl = usePublicUrl();
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('share.title')}
      description={t('share.intro')}
      closeLabel={t('share.close')}
      trigger={
        <Button icon={<Share2 aria-hidden="true" className="size-4" />}>{t('share.button')}</Button>
      }
    >
      {publicUrl.data ? (
        <ShareLinks url={`${publicUrl.data}${path}`} />
      ) : publicUrl.isError ? (
        <Alert tone="error">{t('share.addressFailed')}</Alert>
      ) : (
        <p role="status" className="flex items-center gap-2">
          <Spinner />
          {t('share.loading')}
        </p>
      )}
    </Dialog>
  );
}

function ShareLinks({ url }: { url: string }) {
  const { t } = useTranslation('dashboard');
  const text = t('share.text', { url });
  const links = [
    { key: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(text)}` },
    { key: 'telegram', href: `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(t('share.text', { url: '' }).trim())}` },
    { key: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
  ] as const;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };
  return (
    <div className="space-y-4">
      <label className="block text-sm font-semibold" htmlFor="share-url">
        {t('share.link')}
      </label>
      <div className="flex gap-2">
        <input id="share-url" readOnly value={url} className="min-h-11 w-full min-w-0 rounded border border-line-strong bg-surface px-3" onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={copy} icon={<Copy aria-hidden="true" className="size-4" />}>
          {t('share.copy')}
        </Button>
      </div>
      <ul className="grid gap-2 sm:grid-cols-3">
        {links.map((l) => (
          <li key={l.key}>
            <a href={l.href} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary', className: 'w-full' })}>
              {t(`share.${l.key}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
