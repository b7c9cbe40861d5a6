import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueProduct, GrantFeaturedInput, LedgerRow, PaymentsQuery } from '../../../../common/schemas/admin-money';
import type { AdminUsersPage } from '../../../../common/schemas/admin-users';
import type { ProductType } from '../../../../common/schemas/payments';
import { api, toQuery } from '../../../lib/api';
import { adminKeys, useAdminAction, useAdminPages } from '../api/admin-api';

export type LedgerFilters = Omit<PaymentsQuery, 'cursor'>;

export const moneyKeys = {
  catalogue: () => [...adminKeys.all, 'premium', 'catalogue'] as const,
  ledger: (filters: LedgerFilters) => [...adminKeys.all, 'premium', 'payments', filters] as const,
  userSearch: (q: string) => [...adminKeys.all, 'premium', 'user-search', q] as const,
};

/** GET /api/admin/premium/catalogue. */
export function useCatalogue() {
  return useQuery({
    queryKey: moneyKeys.catalogue(),
    staleTime: 15_000,
    queryFn: ({ signal }) => api.get<{ products: CatalogueProduct[] }>('/api/admin/premium/catalogue', { signal }),
    select: (answer) => answer.products,
  });
}

/**
 * PUT /api/admin/premium/catalogue/{productType}. Every cached catalogue of this tab (the
 * premium section's, the upsell's) is refreshed too, so no page here shows the old price.
 */
export function useSetPrice() {
  const client = useQueryClient();
  const action = useAdminAction((input: { productType: ProductType; amountCents: number }) =>
    api.put<{ product: CatalogueProduct }>(`/api/admin/premium/catalogue/${input.productType}`, { amountCents: input.amountCents }),
  );
  return {
    ...action,
    mutateAsync: async (input: { productType: ProductType; amountCents: number }) => {
      const answer = await action.mutateAsync(input);
      await client.invalidateQueries({ predicate: (query) => query.queryKey.includes('products') });
      return answer;
    },
  };
}

/** GET /api/admin/premium/payments: 50 a page, newest first. */
export function useLedger(filters: LedgerFilters) {
  return useAdminPages<{ payments: LedgerRow[]; nextCursor: string | null }>(moneyKeys.ledger(filters), '/api/admin/premium/payments', filters);
}

/** The CSV download of the ledger with the same filters. */
export const ledgerCsvUrl = (filters: LedgerFilters) => `/api/admin/premium/payments.csv${toQuery(filters)}`;

/** Accounts matching a search, for choosing whom featured status is granted to. */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: moneyKeys.userSearch(q),
    enabled: q.trim().length >= 2,
    staleTime: 15_000,
    queryFn: ({ signal }) => api.get<AdminUsersPage>(`/api/admin/users${toQuery({ q: q.trim() })}`, { signal }),
    select: (answer) => answer.users.slice(0, 8),
  });
}

type FeaturedChange = { success: true; userId: number; featuredUntil: string };

export function useGrantFeatured() {
  return useAdminAction((input: { userId: number } & GrantFeaturedInput) =>
    api.post<FeaturedChange>(`/api/admin/users/${input.userId}/featured`, { days: input.days, reason: input.reason, includePromotions: input.includePromotions }),
  );
}

export function useRevokeFeatured() {
  return useAdminAction((input: { userId: number; reason: string }) => api.post<FeaturedChange>(`/api/admin/users/${input.userId}/featured/revoke`, { reason: input.reason }));
}
