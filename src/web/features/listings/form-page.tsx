import { useTranslation } from '../../i18n/react';
import { useParams } from '../../routing';
import { useSession } from '../../lib/session';
import { useListing } from './api/get-listing';
import { useOwnPlace } from './api/get-own-place';
import { useSaveListing } from './api/save-listing';
import { DetailSkeleton, LoadedListing } from './detail-layout';
import type { Listing, ListingKind, OwnPlace } from './kind';
import { KINDS } from './kinds';
import { KIND_FORMS } from './kinds/forms';
import { ListingFormLayout, useListingForm, type ListingForm as ListingFormState } from './listing-form';
import { NewSpotPhotosField, useCreateGuestSpot, type NewSpotValues } from './new-spot-photos';
import { loginOnlyScreen } from './page-guard';
import { RoleNotice } from './role-notice';
import { SpotPhotosManager } from './spot-photos';

/** The form of one kind: the common fields around the kind's own (`KIND_FORMS[kind.name].Body`). */
function ListingForm({ kind, entry, place }: { kind: ListingKind; entry?: Listing; place?: OwnPlace }) {
  const { t } = useTranslation(kind.entryNs);
  const kindForm = KIND_FORMS[kind.name];
  // A new guest spot takes its photos with the form and is shown only once they are up.
  const withPhotos = kind.name === 'guestSpots' && !entry;
  const update = useSaveListing(kind);
  const create = useCreateGuestSpot(kind);
  const form = useListingForm({
    ns: kind.entryNs,
    schema: kindForm.schema,
    initial: () => kindForm.initial(entry, place),
    order: kindForm.order,
    idPrefix: kind.idPrefix,
    labels: kindForm.labels(t),
    extra: kindForm.extra,
    save: withPhotos ? create.mutation : update,
    id: entry?.id,
    pathOf: kind.detailPath,
  });
  const Body = kindForm.Body;
  return (
    <ListingFormLayout form={form} cancelHref={entry ? kind.detailPath(entry) : kind.paths.manage}>
      {withPhotos && <NewSpotPhotosField form={form as unknown as ListingFormState<NewSpotValues>} progress={create.progress} />}
      <Body form={form} />
    </ListingFormLayout>
  );
}

/** A new listing; a kind that starts at the poster's own place waits for it (without one it starts empty). */
function NewListing({ kind }: { kind: ListingKind }) {
  const { startsAtOwnPlace } = KIND_FORMS[kind.name];
  const place = useOwnPlace(startsAtOwnPlace);
  if (!startsAtOwnPlace) return <ListingForm kind={kind} />;
  return place.isPending ? <DetailSkeleton /> : <ListingForm kind={kind} place={place.data} />;
}

/**
 * Who may see a listing form (inside LoginOnly): a new entry only the account type that posts
 * this kind; an edit whoever may edit the entry (`can.edit`), once it has loaded.
 */
function FormScreen({ kind }: { kind: ListingKind }) {
  const { t } = useTranslation(kind.entryNs);
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
          <>
            <ListingForm key={loaded.id} kind={kind} entry={loaded} />
            {/* A spot's workplace photos are its studio's own to add and order (an admin edits the text only). */}
            {kind.name === 'guestSpots' && kind.owner(loaded).id === user.id && <SpotPhotosManager spotId={loaded.id} />}
          </>
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
