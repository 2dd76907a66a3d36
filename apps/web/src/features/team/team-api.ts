import type {
  AccessLinkAccept,
  AccessLinkInfo,
  CreatedAccessLink,
  RiderCodeInput,
  RiderCodeResult,
  TeamInvitationInput,
  TeamMember,
  TeamRider,
  TeamView,
} from '@comanda/core/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/api.ts';

/**
 * The team page's calls (`/api/console/team...`, the shops' riders and code) and the invitee's two
 * (`/api/console/access/...`, the link's token in the body).
 */
export const teamApi = {
  view: (signal?: AbortSignal) => apiGet<TeamView>('/api/console/team', { signal }),
  invite: (input: TeamInvitationInput) => apiPost<CreatedAccessLink>('/api/console/team/invitations', input),
  cancelLink: (id: number) => apiDelete<null>(`/api/console/team/invitations/${id}`),
  reset: (memberId: number) => apiPost<CreatedAccessLink>(`/api/console/team/members/${memberId}/reset`, {}),
  revoke: (memberId: number) => apiPost<TeamMember>(`/api/console/team/members/${memberId}/revoke`, {}),
  restore: (memberId: number) => apiPost<TeamMember>(`/api/console/team/members/${memberId}/restore`, {}),
  setRole: (memberId: number, role: TeamMember['role']) =>
    apiPut<TeamMember>(`/api/console/team/members/${memberId}/role`, { role }),
  deactivateRider: (contactId: number, riderId: number) =>
    apiPost<TeamRider>(`/api/console/shop/${contactId}/riders/${riderId}/deactivate`, {}),
  activateRider: (contactId: number, riderId: number) =>
    apiPost<TeamRider>(`/api/console/shop/${contactId}/riders/${riderId}/activate`, {}),
  changeRiderCode: (contactId: number, input: RiderCodeInput) =>
    apiPut<RiderCodeResult>(`/api/console/shop/${contactId}/rider-code`, input),
  checkLink: (token: string) => apiPost<AccessLinkInfo>('/api/console/access/check', { token }),
  acceptLink: (input: AccessLinkAccept) => apiPost<{ ok: true }>('/api/console/access/accept', input),
};

export const teamQueries = {
  view: () => ({
    queryKey: ['back-office', 'team'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => teamApi.view(signal),
    staleTime: 0,
  }),
};
