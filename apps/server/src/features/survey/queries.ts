/**
 * The survey's reads: a contact's active survey, the order a survey call names, the order's survey
 * state, and the ratings the console shows on its cards.
 */
import {
  drivingRatingQuestion,
  SURVEY_QUESTION_TYPES,
  type SurveyQuestionKind,
  surveyRatingOf,
} from '@comanda/core';
import type { Survey, SurveyQuestion, SurveyState } from '@comanda/core/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';

export type OrderRow = typeof t.orders.$inferSelect;
/** A contact given by alias, or by id when the path holds digits only. */
export type ContactRef = { alias: string } | { id: number };

export function contactRefOf(value: string): ContactRef | null {
  if (/^\d+$/.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { id } : null;
  }
  return /^[a-zA-Z0-9-]{1,120}$/.test(value) ? { alias: value.toLowerCase() } : null;
}

function kindOf(type: string): SurveyQuestionKind {
  return (SURVEY_QUESTION_TYPES as readonly string[]).includes(type) ? (type as SurveyQuestionKind) : 'TEXT';
}

/** The contact's active survey with its questions in order; null when it has none. */
export async function findActiveSurvey(db: Db | Tx, contact: ContactRef): Promise<Survey | null> {
  const [survey] = await db
    .select({ id: t.surveys.id, active: t.surveys.active, branchContactId: t.surveys.branchContactId })
    .from(t.surveys)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.surveys.branchContactId))
    .where(
      and(
        eq(t.surveys.active, true),
        'alias' in contact ? eq(t.branchContacts.alias, contact.alias) : eq(t.branchContacts.id, contact.id),
      ),
    )
    // a contact given a new survey answers with the newest
    .orderBy(desc(t.surveys.id))
    .limit(1);
  if (!survey) return null;
  const rows = await db
    .select()
    .from(t.surveyQuestions)
    .where(eq(t.surveyQuestions.surveyId, survey.id))
    .orderBy(asc(t.surveyQuestions.questionOrder), asc(t.surveyQuestions.id));
  const questions = rows.map(
    (row): SurveyQuestion => ({
      id: row.id,
      title: row.title,
      subTitle: row.subTitle,
      type: kindOf(row.type),
      questionOrder: row.questionOrder,
      mandatory: row.mandatory,
      priority: row.priority,
      questionReasons: row.questionReasons,
      questionType: row.questionType,
    }),
  );
  return { ...survey, questions };
}

/**
 * The order of a code, of the given contact when one is named; null when there is none (the same
 * answer for a code of another contact, so codes cannot be probed across contacts).
 */
export async function findSurveyOrder(
  db: Db,
  code: string,
  contact: ContactRef | null,
): Promise<OrderRow | null> {
  const [row] = await db
    .select({ order: t.orders })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(
      and(
        eq(t.orders.code, code),
        contact === null
          ? undefined
          : 'alias' in contact
            ? eq(t.branchContacts.alias, contact.alias)
            : eq(t.branchContacts.id, contact.id),
      ),
    );
  return row?.order ?? null;
}

/** The answers stored for an order, by question id. */
export async function storedAnswersOf(db: Db | Tx, orderId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ questionId: t.surveyAnswers.questionId, answer: t.surveyAnswers.answer })
    .from(t.surveyAnswers)
    .where(eq(t.surveyAnswers.dinerOrderId, orderId));
  return new Map(rows.map((row) => [row.questionId, row.answer]));
}

/**
 * The order's survey state. The survey counts as answered once every question has a stored answer;
 * the early priority answer alone leaves it open. Only delivered orders can be rated: the spec's
 * "completed" status, the one a problem can be reported of.
 */
export function surveyStateOf(
  order: OrderRow,
  survey: Survey | null,
  stored: ReadonlyMap<number, string>,
): SurveyState {
  const questions = survey?.questions ?? [];
  const rating = drivingRatingQuestion(questions);
  const nps = rating ? stored.get(rating.id) : undefined;
  const orderHasResponse = questions.length > 0 && questions.every((q) => stored.has(q.id));
  return {
    orderCode: order.code,
    dinerOrderId: order.id,
    branchContactId: order.branchContactId,
    surveyId: survey?.id ?? null,
    orderHasResponse,
    generalNPSAnswer: nps ? nps : null,
    canAnswer: survey !== null && questions.length > 0 && order.status === 'DELIVERED' && !orderHasResponse,
  };
}

/** A RATING question's answer of an order, with what picks the survey's general rating. */
export interface RatingAnswer {
  answer: string;
  id: number;
  title: string;
  questionOrder: number;
  mandatory: boolean;
  priority: boolean;
}

/** The rating of an order from its RATING answers: the general rating question's; null without one. */
export function ratingOfAnswers(answers: readonly RatingAnswer[]): number | null {
  if (answers.length === 0) return null;
  const driving = drivingRatingQuestion(
    answers.map((row) => ({ ...row, type: 'RATING' as const, questionReasons: [] })),
  );
  return surveyRatingOf(answers.find((row) => row.id === driving?.id)?.answer);
}
