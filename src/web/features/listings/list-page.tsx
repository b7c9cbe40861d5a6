import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserType } from '../../../common/constants';
import { Button } from '../../ui/button';
import { useSession } from '../auth';
import { FilterBar } from './filter-bar';
import type { ListingNamespace } from './kind';
import type { useListAddress } from './list-address';
import { ListResults, type ListQuery } from './list-layout';
import { AddLink } from './owner-actions';

/**
 * A public list of one kind: heading with the add button, the filters, and the cards with paging.
 * The account type that posts the other kind is offered that instead of the add button.
 */
export function ListingListPage<T>({
  ns,
  address,
  list,
  idPrefix,
  addHref,
  other,
  renderItem,
}: {
  ns: ListingNamespace;
  address: ReturnType<typeof useListAddress>;
  list: ListQuery<T>;
  idPrefix: string;
  addHref: string;
  /** Who posts the other kind, and where and how to post it. */
  other: { userType: UserType; href: string; label: string };
  renderItem: (item: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation([ns, 'listings']);
  const { user } = useSession();
  const { filters, page, setFilters, hrefFor, active } = address;
  const isOther = user?.userType === other.userType;

  const emptyAction = active ? (
    <Button onClick={() => setFilters({ style: '', country: '', city: '', from: '', to: '', q: '' })}>{t('listings:filters.reset')}</Button>
  ) : isOther ? (
    <AddLink to={other.href} label={other.label} />
  ) : (
    <AddLink to={addHref} label={t('list.emptyAction')} />
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('list.title')}</h1>
          <p className="mt-2 max-w-prose text-ink-muted">{t('list.intro')}</p>
        </div>
        {!isOther && <AddLink to={addHref} label={t('list.add')} variant="secondary" />}
      </header>
      <FilterBar idPrefix={idPrefix} fields={['q', 'style', 'country', 'city', 'from', 'to']} filters={filters} onChange={setFilters} active={active} />
      <ListResults
        query={list}
        page={page}
        hrefFor={hrefFor}
        renderItem={renderItem}
        emptyTitle={active ? t('list.emptyFiltered') : t('list.empty')}
        emptyText={active ? t('list.emptyFilteredText') : t('list.emptyText')}
        emptyAction={emptyAction}
        countText={(count) => t('list.count', { count })}
      />
    </div>
  );
}
