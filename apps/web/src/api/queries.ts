import type {
  BranchCard,
  BranchContact,
  BranchContactListItem,
  Company,
  Country,
  DinerAlias,
  Menu,
  MenuCustomization,
  MenuDiscount,
  OrderMode,
  OrderModeType,
} from '@comanda/core/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet } from './api.ts';

/** The spec's branch page size, also used for branch contact pages (the API's maximum). */
export const PAGE_SIZE = 99;

const MENU_STALE_MS = 5 * 60_000;

interface Page {
  offset: number;
  pageSize: number;
  total: number;
}
export interface BranchPage extends Page {
  branches: BranchCard[];
}
export interface BranchContactPage extends Page {
  branchContacts: BranchContactListItem[];
}

export interface BranchContactFilters {
  lat?: number | undefined;
  lng?: number | undefined;
  search?: string | undefined;
  orderModeType?: OrderModeType | undefined;
}

const segment = encodeURIComponent;

function nextOffset(page: Page, received: number): number | undefined {
  const next = page.offset + received;
  return received > 0 && next < page.total ? next : undefined;
}

export const dinerQueries = {
  alias: (alias: string) =>
    queryOptions({
      queryKey: ['diner', 'alias', alias],
      queryFn: ({ signal }) => apiGet<DinerAlias>(`/api/diner/${segment(alias)}`, { signal }),
      // the route loader's prefetch already tried: an unknown alias is not asked for twice
      retryOnMount: false,
    }),

  company: (companyId: number) =>
    queryOptions({
      queryKey: ['diner', 'company', companyId],
      queryFn: ({ signal }) => apiGet<Company>(`/api/diner/companies/${companyId}`, { signal }),
    }),

  companyBranches: (companyId: number) =>
    infiniteQueryOptions({
      queryKey: ['diner', 'company', companyId, 'branches'],
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        apiGet<BranchPage>(`/api/diner/companies/${companyId}/branches`, {
          query: { offset: pageParam, pageSize: PAGE_SIZE },
          signal,
        }),
      getNextPageParam: (page) => nextOffset(page, page.branches.length),
    }),

  branchContacts: (branchId: number, filters: BranchContactFilters = {}) =>
    infiniteQueryOptions({
      queryKey: ['diner', 'branch', branchId, 'contacts', filters],
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        apiGet<BranchContactPage>(`/api/diner/branches/${branchId}/branchcontacts`, {
          query: { ...filters, offset: pageParam, pageSize: PAGE_SIZE },
          signal,
        }),
      getNextPageParam: (page) => nextOffset(page, page.branchContacts.length),
    }),

  branchContact: (branchContactId: number) =>
    queryOptions({
      queryKey: ['diner', 'branchContact', branchContactId],
      queryFn: ({ signal }) =>
        apiGet<BranchContact>(`/api/diner/branchcontacts/${branchContactId}`, { signal }),
    }),

  orderModes: (branchContactId: number) =>
    queryOptions({
      queryKey: ['diner', 'orderModes', branchContactId],
      queryFn: ({ signal }) =>
        apiGet<OrderMode[]>(`/api/diner/branchordermodes/${branchContactId}`, { signal }),
    }),

  menu: (branchContactAlias: string, orderModeId: number) =>
    queryOptions({
      queryKey: ['diner', 'menu', branchContactAlias, orderModeId],
      queryFn: ({ signal }) =>
        apiGet<Menu>(`/api/diner/${segment(branchContactAlias)}/menu/${orderModeId}`, { signal }),
      staleTime: MENU_STALE_MS,
    }),

  discounts: (branchId: number) =>
    queryOptions({
      queryKey: ['diner', 'discounts', branchId],
      queryFn: ({ signal }) => apiGet<MenuDiscount[]>(`/api/diner/${branchId}/discounts`, { signal }),
      staleTime: MENU_STALE_MS,
    }),

  country: (code: string) =>
    queryOptions({
      queryKey: ['country', code],
      queryFn: ({ signal }) => apiGet<Country>(`/api/country/${segment(code)}`, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),

  menuCustomizations: (branchId: number) =>
    queryOptions({
      queryKey: ['menuCustomizations', branchId],
      queryFn: ({ signal }) => apiGet<MenuCustomization[]>(`/api/menucustomization/${branchId}`, { signal }),
      staleTime: MENU_STALE_MS,
    }),
};
