// imported by the follow-up page too: types only from the contract, whose zod schemas are not small
import type { Survey, SurveyAnswer, SurveyState } from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../api/api.ts';

const segment = encodeURIComponent;

/** The survey page of an order: `/encuesta/{alias}/{orderCode}`. */
export function surveyPath(alias: string, orderCode: string): string {
  return `/encuesta/${segment(alias)}/${segment(orderCode)}`;
}

export const surveyQueries = {
  /** The contact's survey (`GET /api/survey/{branchContactId}`, which also takes the alias). */
  definition: (alias: string) =>
    queryOptions({
      queryKey: ['survey', 'definition', alias],
      queryFn: ({ signal }) => apiGet<Survey>(`/api/survey/${segment(alias)}`, { signal }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  /** Whether the order was answered (`GET /api/survey/order/{orderCode}`). */
  state: (alias: string, orderCode: string) =>
    queryOptions({
      queryKey: ['survey', 'state', alias, orderCode],
      queryFn: ({ signal }) =>
        apiGet<SurveyState>(`/api/survey/order/${segment(orderCode)}`, { signal, query: { alias } }),
      retry: false,
    }),
};

/** `POST /api/survey/{orderCode}`: the priority answer alone, or the whole survey. */
export function postSurveyAnswers(
  alias: string,
  orderCode: string,
  answers: SurveyAnswer[],
): Promise<SurveyState> {
  return apiPost<SurveyState>(`/api/survey/${segment(orderCode)}?alias=${segment(alias)}`, answers);
}
