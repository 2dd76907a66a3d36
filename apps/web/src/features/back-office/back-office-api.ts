import type { WorkingDay } from '@comanda/core';
import type { MenuDraft } from '@comanda/core/back-office';
import type {
  AliasAvailability,
  BackOfficeChange,
  ConsoleSession,
  MenuDraftState,
  MenuPublishResult,
  OwnerShop,
  SignUp,
  SignUpInfo,
  SignUpResult,
} from '@comanda/core/contract';
import { apiGet, apiPost, apiPut } from '../../api/api.ts';

/**
 * The owner's back office calls (`/api/console/...`): sign-up, the shop's opening checklist and first
 * settings, the menu editor's draft. The staff session travels in its httpOnly cookie.
 */
export const backOfficeApi = {
  session: (signal?: AbortSignal) => apiGet<ConsoleSession>('/api/console/me', { signal }),
  signUpInfo: (signal?: AbortSignal) => apiGet<SignUpInfo>('/api/console/signup', { signal }),
  aliasAvailability: (alias: string, signal?: AbortSignal) =>
    apiGet<AliasAvailability>('/api/console/signup/alias', { query: { alias }, signal }),
  /** the location may still be missing: the server then says where to mark it */
  signUp: (input: Omit<SignUp, 'location'> & { location?: SignUp['location'] }) =>
    apiPost<SignUpResult>('/api/console/signup', input),
  shops: (signal?: AbortSignal) => apiGet<OwnerShop[]>('/api/console/shop', { signal }),
  openShop: (contactId: number) => apiPost<OwnerShop>(`/api/console/shop/${contactId}/open`, {}),
  closeShop: (contactId: number) => apiPost<OwnerShop>(`/api/console/shop/${contactId}/close`, {}),
  saveHours: (contactId: number, workingDays: WorkingDay[]) =>
    apiPut<OwnerShop>(`/api/console/shop/${contactId}/hours`, { workingDays }),
  saveModes: (contactId: number, types: string[]) =>
    apiPut<OwnerShop>(`/api/console/shop/${contactId}/modes`, { types }),
  saveCash: (contactId: number, cash: boolean) =>
    apiPut<OwnerShop>(`/api/console/shop/${contactId}/payments`, { cash }),
  menuDraft: (signal?: AbortSignal) => apiGet<MenuDraftState>('/api/console/menu/draft', { signal }),
  saveMenuDraft: (baseVersion: number, draft: MenuDraft) =>
    apiPut<MenuDraftState>('/api/console/menu/draft', { baseVersion, draft }),
  discardMenuDraft: () => apiPost<MenuDraftState>('/api/console/menu/draft/discard', {}),
  publishMenu: (version: number) => apiPost<MenuPublishResult>('/api/console/menu/publish', { version }),
  changes: (signal?: AbortSignal) => apiGet<BackOfficeChange[]>('/api/console/changes', { signal }),
  signOut: () => apiPost<null>('/api/console/logout', {}),
};

export const backOfficeQueries = {
  session: () => ({
    // the console's own session query: one cache entry for both faces
    queryKey: ['console', 'session'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => backOfficeApi.session(signal),
    staleTime: 5 * 60_000,
    retry: false,
  }),
  shops: () => ({
    queryKey: ['back-office', 'shops'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => backOfficeApi.shops(signal),
    staleTime: 0,
  }),
  menuDraft: () => ({
    queryKey: ['back-office', 'menu-draft'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => backOfficeApi.menuDraft(signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  }),
};
