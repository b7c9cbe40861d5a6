import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useListing } from './api/get-listing';
import { useOwnPlace } from './api/get-own-place';
import { useSaveListing } from './api/save-listing';
import { DetailSkeleton, LoadedListing } from './detail-layout';
import type { Listing, ListingKind, OwnPlace } from './kind';
import { KINDS } from './kinds';
import { ListingFormLayout, useListingForm } from './listing-form';
import { loginOnlyScreen } from './page-guard';
import { RoleNotice } from './role-notice';

/** The form of one kind: the common fields around the kind's own (`kind.form.Body`). */
function ListingForm({ kind, entry, place }: { kind: ListingKind; entry?: Listing; place?: OwnPlace }) {
  const { t } = useTranslation([kind.name, 'listings']);
  const form = useListingForm({
    ns: kind.name,
    schema: kind.form.schema,
    initial: () => kind.form.initial(entry, place),
    order: kind.form.order,
    idPrefix: kind.idPrefix,
    labels: kind.form.labels(t),
    extra: kind.form.extra,
    save: useSaveListing(kind),
    id: entry?.id,
    pathOf: kind.detailPath,
  });
  const Body = kind.form.Body;
  return (
    <ListingFormLayout form={form} cancelHref={entry ? kind.detailPath(entry) : kind.paths.manage}>
      <Body form={form} />
    </ListingFormLayout>
  );
}

/** A new listing; a kind that starts at the poster's own place waits for it (without one it starts empty). */
function NewListing({ kind }: { kind: ListingKind }) {
  const place = useOwnPlace(kind.form.startsAtOwnPlace);
  if (!kind.form.startsAtOwnPlace) return <ListingForm kind={kind} />;
  return place.isPending ? <DetailSkeleton /> : <ListingForm kind={kind} place={place.data} />;
}

/**
 * Who may see a listing form (inside LoginOnly): a new entry only the account type that posts
 * this kind; an edit whoever may edit the entry (`can.edit`), once it has loaded.
 */
function FormScreen({ kind }: { kind: ListingKind }) {
  const { t } = useTranslation([kind.name, 'listings']);
  const { user } = useSession();
  const { id, slug } = useParams();
  const editing = Boolean(id || slug);
  const entry = useListing(kind, { id, slug });
  if (!user) return null;
  if (!editing) {
    const other = KINDS[kind.other];
    const key = kind.texts.wrongType;
    return user.userType === kind.postedBy ? (
      <NewListing kind={kind} />
    ) : (
      <RoleNotice title={t(`${key}Title`)} text={t(`${key}Text`)} href={other.paths.add} label={t(`${key}Action`)} />
    );
  }
  return (
    <LoadedListing query={entry} listHref={kind.paths.manage} listLabel={t('manage.title')} notFoundText={t(kind.texts.notFound)}>
      {(loaded) =>
        loaded.can.edit ? (
          <ListingForm key={loaded.id} kind={kind} entry={loaded} />
        ) : (
          <RoleNotice title={t('form.notOwnerTitle')} text={t('errors:forbidden')} href={kind.detailPath(loaded)} label={t(kind.texts.backToEntry)} />
        )
      }
    </LoadedListing>
  );
}

export const GuestSpotFormPage = loginOnlyScreen(FormScreen, KINDS.guestSpots);
/** /guestartist/new, /artist-availability/new and /guestartist/{id}/edit. */
export const AvailabilityFormPage = loginOnlyScreen(FormScreen, KINDS.availability);
