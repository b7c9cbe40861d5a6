import { useTranslation } from '../../i18n/react';
import { LocalizedLink } from '../../i18n/localized-link';
import { useSession } from '../../lib/session';
import { CountTile, countTileTexts } from '../../ui/count-tile';
import { useOwnerCount } from './api/get-owner-count';
import type { ListingKind } from './kind';

/** The dashboard tile of a kind's poster: the number of own listings, with links to manage and add. */
export function ListingsTile({ kind }: { kind: ListingKind }) {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const count = useOwnerCount(kind.api, user?.id);
  return (
    <CountTile id={kind.name} texts={countTileTexts(t, kind.name)} query={count}>
      <LocalizedLink to={kind.paths.manage}>{t(`${kind.name}.manage`)}</LocalizedLink>
      <LocalizedLink to={kind.paths.add}>{t(`${kind.name}.add`)}</LocalizedLink>
    </CountTile>
  );
}
