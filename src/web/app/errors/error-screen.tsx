import { RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isRouteErrorResponse, useRouteError } from '../../routing';
import { LocalizedLink } from '../../i18n/localized-link';
import { Button, buttonClasses } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { isChunkLoadError, reloadOnce } from '../preload-error';
import NotFoundPage from './not-found-page';

function Message({ title, text, home = true }: { title: string; text: string; home?: boolean }) {
  const { t } = useTranslation();
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl">{title}</h1>
      <p className="mt-4 text-ink-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="primary" icon={<RotateCw aria-hidden="true" className="size-4" />} onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
        {home && (
          <LocalizedLink to="/" className={buttonClasses()}>
            {t('notFound.home')}
          </LocalizedLink>
        )}
      </div>
    </section>
  );
}

/** A part of the app could not be downloaded: reload once, and explain if that did not help. */
function ChunkError() {
  const { t } = useTranslation();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!reloadOnce()) setGaveUp(true);
  }, []);
  if (!gaveUp) return <Spinner label={t('loading')} className="mx-auto my-16 flex justify-center text-2xl" />;
  return <Message title={t('update.title')} text={t('update.text')} home={false} />;
}

/** The error boundary of every route: not found, a failed download, or anything else. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isChunkLoadError(error)) return <ChunkError />;
  return <Message title={t('error.title')} text={t('error.text')} />;
}
