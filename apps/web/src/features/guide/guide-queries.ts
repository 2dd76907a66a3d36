import type { LatLng } from '@comanda/core';
import type { GuideNearAnswer, GuideNearBody } from '@comanda/core/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiPost } from '../../api/api.ts';

/** Cards a page asks for (the spec leaves the guide's page size out; the API allows up to 50). */
export const GUIDE_PAGE_SIZE = 10;

export const guideQueries = {
  /** Shops nearest `origin` first, matching the search box, a page at a time. */
  near: (origin: LatLng, search: string) =>
    infiniteQueryOptions({
      queryKey: ['guide', 'near', origin.lat, origin.lng, search],
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) => {
        const body: GuideNearBody = {
          lat: origin.lat,
          lng: origin.lng,
          filters: { branch_contact: true, ...(search ? { search } : {}) },
          pagingOption: { pageSize: GUIDE_PAGE_SIZE, offset: pageParam },
        };
        return apiPost<GuideNearAnswer>('/api/menu/near', body, { signal });
      },
      getNextPageParam: (page) => {
        const received = page.commerces.length;
        const next = page.offset + received;
        return received > 0 && next < page.total ? next : undefined;
      },
    }),
};
