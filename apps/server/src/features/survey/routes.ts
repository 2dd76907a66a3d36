import { SURVEY_MESSAGES } from '@comanda/core';
import {
  type Survey,
  SurveyAnswersSchema,
  SurveyOrderQuerySchema,
  type SurveyState,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { publishOrderChange } from '../lifecycle/publish.ts';
import { answerSurvey } from './answer-survey.ts';
import {
  contactRefOf,
  findActiveSurvey,
  findSurveyOrder,
  storedAnswersOf,
  surveyStateOf,
} from './queries.ts';

/** Order codes are letters and digits (stored upper case); anything else names no order of ours. */
function orderCodeOf(value: string): string {
  if (!/^[A-Za-z0-9]{4,40}$/.test(value)) throw notFound(SURVEY_MESSAGES.orderNotFound);
  return value.toUpperCase();
}

/**
 * The survey of an order (post-order-and-logistics.md sections 2 to 9): the contact's survey, the
 * order's state and the diner's answers. An anonymous diner reaches them by the order's code and,
 * as the survey page sends it, the contact's alias; lookups are rate-limited like the follow-up's.
 */
export async function surveyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  /** The order a call names (with `?alias`, only that contact's), or the follow-up's 404. */
  async function orderOf(params: { orderCode: string }, query: unknown) {
    const code = orderCodeOf(params.orderCode);
    const { alias } = parseInput(SurveyOrderQuerySchema, query);
    const contact = alias === undefined ? null : contactRefOf(alias);
    if (alias !== undefined && contact === null) throw notFound(SURVEY_MESSAGES.orderNotFound);
    const order = await findSurveyOrder(db, code, contact);
    if (!order) throw notFound(SURVEY_MESSAGES.orderNotFound);
    return order;
  }

  /** The survey definition of a contact, by id (the spec's path) or alias. */
  app.get<{ Params: { branchContactId: string } }>(
    '/api/survey/:branchContactId',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request): Promise<Survey> => {
      const contact = contactRefOf(request.params.branchContactId);
      const survey = contact ? await findActiveSurvey(db, contact) : null;
      if (!survey) throw new AppError('SURVEY_NOT_FOUND', 404, SURVEY_MESSAGES.noSurvey);
      return survey;
    },
  );

  /** Whether the order was answered, and its general rating. */
  app.get<{ Params: { orderCode: string } }>(
    '/api/survey/order/:orderCode',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply): Promise<SurveyState> => {
      const order = await orderOf(request.params, request.query);
      const survey = await findActiveSurvey(db, { id: order.branchContactId });
      reply.header('Cache-Control', 'no-store');
      return surveyStateOf(order, survey, await storedAnswersOf(db, order.id));
    },
  );

  /** The diner's answers: the priority answer on its own, or the whole survey. */
  app.post<{ Params: { orderCode: string } }>(
    '/api/survey/:orderCode',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply): Promise<SurveyState> => {
      const order = await orderOf(request.params, request.query);
      const answers = parseInput(SurveyAnswersSchema, request.body);
      const survey = await findActiveSurvey(db, { id: order.branchContactId });
      if (!survey || survey.questions.length === 0)
        throw new AppError('SURVEY_NOT_FOUND', 404, SURVEY_MESSAGES.noSurvey);
      if (order.status !== 'DELIVERED')
        throw new AppError('SURVEY_NOT_AVAILABLE', 409, SURVEY_MESSAGES.notDelivered);
      const state = await answerSurvey(db, order, survey, answers);
      // the console's card shows the rating; a failed publish is logged, never an error
      await publishOrderChange({ db, bus: app.deps.bus, log: app.appLog, now: app.deps.clock() }, order.id, {
        followUp: false,
      });
      reply.status(201);
      return state;
    },
  );
}
