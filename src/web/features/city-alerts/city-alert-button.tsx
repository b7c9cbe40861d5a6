import { BellRing } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button, type ButtonVariant } from '../../ui/button';

// The dialog (its form, the city search, its texts) loads when the pointer or focus reaches the
// button: the page that shows the button carries only the button.
const loadDialog = () => import('./city-alert-dialog');
const CityAlertDialog = lazy(() => loadDialog().then((m) => ({ default: m.CityAlertDialog })));

export interface CityAlertArtist {
  id: number;
  name: string;
}

interface CityAlertButtonProps {
  artist: CityAlertArtist;
  /** The button's text, from the page's own texts; the city alert texts' when left out (they load first then). */
  label?: string;
  variant?: ButtonVariant;
}

/** "Tell me when {name} comes near me": opens the city alert form, for anyone, with or without an account. */
export function CityAlertButton({ label, ...rest }: CityAlertButtonProps) {
  if (label !== undefined) return <CityAlertAction {...rest} label={label} />;
  return (
    <Suspense fallback={null}>
      <WithOwnTexts {...rest} />
    </Suspense>
  );
}

function WithOwnTexts({ artist, variant }: CityAlertButtonProps) {
  const { t } = useTranslation('cityAlerts');
  return <CityAlertAction artist={artist} variant={variant} label={t('button', { name: artist.name })} />;
}

function CityAlertAction({ artist, label, variant = 'secondary' }: CityAlertButtonProps & { label: string }) {
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing still animates and returns focus.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  // A failed early load is no failure: the dialog loads again when it opens.
  const preload = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <Button
        variant={variant}
        icon={<BellRing aria-hidden="true" className="size-4" />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <CityAlertDialog artist={artist} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
