/**
 * `POST /api/survey/{orderCode}`: stores a diner's answers to the survey of a delivered order, in one
 * transaction under the order's row lock, so of two sends at once one finishes the survey and the other
 * is told it is answered (the unique index on order and question keeps rows single either way).
 *
 * Two kinds of send (section 4): the priority answer alone, sent as soon as the diner rates, which is
 * stored (or replaced) and leaves the survey open; and the whole survey, checked with what was stored
 * before, which writes one row per question ('' for a question left empty or hidden) and finishes it.
 */
import {
  completeSurveyAnswers,
  isPrioritySubmission,
  isSurveyComplete,
  SURVEY_MESSAGES,
  surveyAnswerErrors,
} from '@comanda/core';
import type { Survey, SurveyAnswer, SurveyState } from '@comanda/core/contract';
import { eq, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type OrderRow, storedAnswersOf, surveyStateOf } from './queries.ts';

const wrongSurvey = () => new AppError('SURVEY_ANSWER_INVALID', 400, SURVEY_MESSAGES.wrongSurvey);

/** The answers must name questions of the order's survey, and agree with it on what else they carry. */
function checkAnswersBelong(order: OrderRow, survey: Survey, answers: readonly SurveyAnswer[]): void {
  for (const answer of answers) {
    const question = survey.questions.find((q) => q.id === answer.questionId);
    if (!question) throw wrongSurvey();
    if (answer.surveyId !== undefined && answer.surveyId !== survey.id) throw wrongSurvey();
    if (answer.dinerOrderId !== undefined && answer.dinerOrderId !== order.id) throw wrongSurvey();
  }
}

export async function answerSurvey(
  db: Db,
  order: OrderRow,
  survey: Survey,
  answers: readonly SurveyAnswer[],
): Promise<SurveyState> {
  checkAnswersBelong(order, survey, answers);
  const { questions } = survey;
  const submitted: Record<number, string> = {};
  for (const answer of answers) submitted[answer.questionId] = answer.answer.trim();
  const submittedIds = answers.map((answer) => answer.questionId);
  const early = isPrioritySubmission(questions, submittedIds);

  return db.transaction(async (tx) => {
    // one send at a time per order: the second reads what the first stored
    await tx.select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.id, order.id)).for('update');
    const stored = await storedAnswersOf(tx, order.id);
    if (isSurveyComplete(questions, [...stored.keys()]))
      throw new AppError('SURVEY_ALREADY_ANSWERED', 409, SURVEY_MESSAGES.alreadyAnswered);

    let rows: Record<number, string>;
    if (early) {
      const errors = surveyAnswerErrors(questions, submitted, submittedIds);
      if (errors.length > 0) throw new AppError('BAD_REQUEST', 400, errors[0]?.message ?? '', errors);
      rows = submitted;
    } else {
      const merged = completeSurveyAnswers(questions, { ...Object.fromEntries(stored), ...submitted });
      const errors = surveyAnswerErrors(questions, merged);
      if (errors.length > 0) throw new AppError('BAD_REQUEST', 400, errors[0]?.message ?? '', errors);
      rows = merged;
    }

    const values = questions
      .filter((question) => question.id in rows)
      .map((question) => ({
        surveyId: survey.id,
        questionId: question.id,
        dinerOrderId: order.id,
        orderingCustomerId: order.customerId,
        questionTitle: question.title,
        answer: rows[question.id] ?? '',
        mandatory: question.mandatory,
        questionType: question.questionType,
        priority: question.priority,
      }));
    await tx
      .insert(t.surveyAnswers)
      .values(values)
      .onConflictDoUpdate({
        target: [t.surveyAnswers.dinerOrderId, t.surveyAnswers.questionId],
        set: { answer: sql`excluded.answer` },
      });
    return surveyStateOf(order, survey, await storedAnswersOf(tx, order.id));
  });
}
