import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserType } from '../../../common/constants';
import { useSession } from '../auth';
import { LoadedListing } from './detail-layout';
import { RoleNotice } from './role-notice';

interface Notice {
  title: string;
  text: string;
  href: string;
  label: string;
}

/**
 * Who may see a listing form (inside LoginOnly): a new entry only the account type that posts
 * this kind; an edit only the owner or an admin, once the entry has loaded.
 */
export function ListingFormGate<T>({
  editing,
  query,
  postedBy,
  ownerId,
  wrongType,
  notOwner,
  managePath,
  manageLabel,
  notFoundText,
  children,
}: {
  editing: boolean;
  query: UseQueryResult<T>;
  postedBy: UserType;
  ownerId: (entry: T) => number;
  wrongType: Notice;
  notOwner: (entry: T) => Omit<Notice, 'text'>;
  managePath: string;
  manageLabel: string;
  notFoundText: string;
  children: (entry?: T) => ReactNode;
}) {
  const { t } = useTranslation('listings');
  const { user } = useSession();
  if (!user) return null;
  if (!editing) return user.userType === postedBy ? children() : <RoleNotice {...wrongType} />;
  return (
    <LoadedListing query={query} listHref={managePath} listLabel={manageLabel} notFoundText={notFoundText}>
      {(entry) =>
        ownerId(entry) === user.id || user.role === 'admin' ? children(entry) : <RoleNotice {...notOwner(entry)} text={t('errors:forbidden')} />
      }
    </LoadedListing>
  );
}
