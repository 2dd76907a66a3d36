/**
 * What the survey page sends: each answer with what the Answer entity carries (section 3), built from
 * the survey and the order's state. The rules themselves (visibility, limits, messages) are core's.
 */
import {
  completeSurveyAnswers,
  joinSurveyReasons,
  type SurveyAnswerMap,
  splitSurveyReasons,
} from '@comanda/core';
import type { Survey, SurveyAnswer, SurveyQuestion, SurveyState } from '@comanda/core/contract';

/** One Answer of the list `POST /api/survey/{orderCode}` takes. */
export function answerOf(
  survey: Survey,
  state: SurveyState,
  question: SurveyQuestion,
  answer: string,
): SurveyAnswer {
  return {
    questionId: question.id,
    answer,
    questionTitle: question.title,
    surveyId: survey.id,
    dinerOrderId: state.dinerOrderId,
    mandatory: question.mandatory,
    questionType: question.questionType,
    priority: question.priority,
  };
}

/** The whole survey, one answer per question ('' for one left empty or hidden). */
export function completeSurveyPayload(
  survey: Survey,
  state: SurveyState,
  answers: SurveyAnswerMap,
): SurveyAnswer[] {
  const complete = completeSurveyAnswers(survey.questions, answers);
  return survey.questions.map((question) => answerOf(survey, state, question, complete[question.id] ?? ''));
}

/** The reasons chosen in a multiselect answer (none when it holds anything else). */
export function chosenReasons(question: SurveyQuestion, answer: string | undefined): string[] {
  return splitSurveyReasons(answer ?? '', question.questionReasons) ?? [];
}

/** The multiselect answer after ticking or unticking one reason. */
export function toggleReason(question: SurveyQuestion, answer: string | undefined, reason: string): string {
  const chosen = chosenReasons(question, answer);
  const next = chosen.includes(reason) ? chosen.filter((r) => r !== reason) : [...chosen, reason];
  return joinSurveyReasons(next, question.questionReasons);
}
