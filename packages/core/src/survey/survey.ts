/**
 * The survey's rules (post-order-and-logistics.md sections 2, 3, 4, 5 and 9): which questions show,
 * what an answer may be, which answers are missing, and when a priority answer goes out on its own.
 * The survey page and the server's `POST /api/survey/{orderCode}` both ask these functions, so the
 * diner is refused exactly what the server would refuse.
 */
import { MESSAGES } from '../messages.ts';

/** A text answer is limited to 180 characters (sections 5 and 9). */
export const SURVEY_TEXT_MAX_CHARS = 180;
/** Double submit is blocked for 1.5 seconds (sections 4 and 9). */
export const SURVEY_SUBMIT_LOCK_MS = 1_500;
/** Ratings go from 1 to 5; a 5 needs no reasons. */
export const SURVEY_RATING_MIN = 1;
export const SURVEY_RATING_MAX = 5;

export const SURVEY_QUESTION_TYPES = ['RATING', 'TEXT', 'MULTISELECT'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_TYPES)[number];

/** Chosen reasons of a multiselect answer are stored as one text, in the question's order. */
export const SURVEY_REASON_SEPARATOR = ', ';

/**
 * What the survey says to the diner besides the spec's quoted texts (the spec quotes only the
 * mandatory-question message, the title and the button; the rest are ours, in the catalogue's voice).
 */
export const SURVEY_MESSAGES = {
  title: MESSAGES.surveyTitle,
  submit: MESSAGES.surveySubmit,
  mandatory: MESSAGES.mandatoryQuestion,
  textTooLong: (title: string) =>
    `La respuesta a la pregunta ${title} no puede superar los ${SURVEY_TEXT_MAX_CHARS} caracteres.`,
  ratingInvalid: (title: string) =>
    `La pregunta ${title} se califica con un número del ${SURVEY_RATING_MIN} al ${SURVEY_RATING_MAX}.`,
  reasonInvalid: (title: string) => `En la pregunta ${title} elige opciones de la lista.`,
  answersRequired: 'Responde la encuesta para continuar.',
  duplicateQuestion: 'Cada pregunta se responde una sola vez.',
  wrongSurvey: 'Las respuestas no corresponden a la encuesta de este pedido.',
  orderNotFound: 'No encontramos este pedido. Revisá el link que recibiste.',
  noSurvey: 'Este local no tiene una encuesta activa.',
  notDelivered: 'Podrás calificar tu pedido cuando lo recibas.',
  alreadyAnswered: 'Ya calificaste este pedido. ¡Gracias!',
  thanksTitle: '¡Gracias por calificar tu pedido!',
  thanksBody: 'Tu opinión ayuda al local a mejorar.',
  rateOrder: MESSAGES.rateOrder,
  sendFailed: 'No pudimos enviar tu calificación. Intentá de nuevo en unos momentos.',
} as const;

/** A question as the rules need it (the Survey entity's question, section 3). */
export interface SurveyQuestionRule {
  id: number;
  title: string;
  type: SurveyQuestionKind;
  questionOrder: number;
  mandatory: boolean;
  priority: boolean;
  questionReasons: readonly string[];
  questionType?: string | null;
}

/** The diner's answers by question id; '' is no answer. */
export type SurveyAnswerMap = Readonly<Record<number, string>>;

export interface SurveyAnswerError {
  questionId: number;
  message: string;
}

/** Characters as a person counts them (an emoji is one), the same on the phone and on the server. */
export function surveyTextLength(text: string): number {
  return Array.from(text).length;
}

/** The client's side of the 180-character limit: a longer text is cut, never refused. */
export function truncateSurveyText(text: string): string {
  const chars = Array.from(text);
  return chars.length <= SURVEY_TEXT_MAX_CHARS ? text : chars.slice(0, SURVEY_TEXT_MAX_CHARS).join('');
}

/** The rating an answer holds: 1 to 5, or null when it is empty or not a rating. */
export function surveyRatingOf(answer: string | null | undefined): number | null {
  if (answer === null || answer === undefined) return null;
  const trimmed = answer.trim();
  if (!/^\d$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= SURVEY_RATING_MIN && value <= SURVEY_RATING_MAX ? value : null;
}

/** The questions in the order the survey asks them. */
export function sortSurveyQuestions<Q extends SurveyQuestionRule>(questions: readonly Q[]): Q[] {
  return [...questions].sort((a, b) => a.questionOrder - b.questionOrder || a.id - b.id);
}

/**
 * The rating whose value decides whether the reasons show: the first priority rating (the general
 * NPS question), else the first rating. Null for a survey without ratings.
 */
export function drivingRatingQuestion<Q extends SurveyQuestionRule>(questions: readonly Q[]): Q | null {
  const sorted = sortSurveyQuestions(questions);
  return (
    sorted.find((q) => q.type === 'RATING' && q.priority) ?? sorted.find((q) => q.type === 'RATING') ?? null
  );
}

/** The follow-up reason questions: the multiselects that ask why the rating was not a 5. */
export function isReasonQuestion(question: SurveyQuestionRule): boolean {
  return question.type === 'MULTISELECT';
}

/** Reasons are asked only for a rating below 5: a 5 or no rating clears them (section 4). */
export function ratingAsksForReasons(answer: string | null | undefined): boolean {
  const rating = surveyRatingOf(answer);
  return rating !== null && rating < SURVEY_RATING_MAX;
}

/** The questions shown for these answers, in order: reasons only after a rating below 5. */
export function visibleSurveyQuestions<Q extends SurveyQuestionRule>(
  questions: readonly Q[],
  answers: SurveyAnswerMap,
): Q[] {
  const rating = drivingRatingQuestion(questions);
  const asksReasons = rating === null || ratingAsksForReasons(answers[rating.id]);
  return sortSurveyQuestions(questions).filter((q) => !isReasonQuestion(q) || asksReasons);
}

/**
 * The answers after the diner sets one: a text is cut to 180 characters, and the driving rating set
 * to 5 or emptied clears the reason answers (section 4).
 */
export function setSurveyAnswer(
  questions: readonly SurveyQuestionRule[],
  answers: SurveyAnswerMap,
  questionId: number,
  value: string,
): Record<number, string> {
  const question = questions.find((q) => q.id === questionId);
  if (!question) return { ...answers };
  const next: Record<number, string> = {
    ...answers,
    [questionId]: question.type === 'TEXT' ? truncateSurveyText(value) : value,
  };
  const rating = drivingRatingQuestion(questions);
  if (rating?.id === questionId && !ratingAsksForReasons(value)) {
    for (const q of questions) if (isReasonQuestion(q)) next[q.id] = '';
  }
  return next;
}

/** The chosen reasons of a multiselect as one answer, in the question's order. */
export function joinSurveyReasons(chosen: readonly string[], questionReasons: readonly string[]): string {
  return questionReasons.filter((reason) => chosen.includes(reason)).join(SURVEY_REASON_SEPARATOR);
}

/**
 * The reasons a multiselect answer holds, or null when it is not a list of the question's reasons in
 * their order ('' is the empty list). Reasons may contain the separator, so the answer is matched
 * against the reasons rather than split.
 */
export function splitSurveyReasons(answer: string, questionReasons: readonly string[]): string[] | null {
  if (answer === '') return [];
  const match = (position: number, from: number): string[] | null => {
    for (let index = from; index < questionReasons.length; index++) {
      const reason = questionReasons[index] as string;
      if (reason === '' || !answer.startsWith(reason, position)) continue;
      const end = position + reason.length;
      if (end === answer.length) return [reason];
      if (!answer.startsWith(SURVEY_REASON_SEPARATOR, end)) continue;
      const rest = match(end + SURVEY_REASON_SEPARATOR.length, index + 1);
      if (rest) return [reason, ...rest];
    }
    return null;
  };
  return match(0, 0);
}

/** Why one non-empty answer is not a valid answer to its question; null when it is. */
export function surveyAnswerFormatError(question: SurveyQuestionRule, answer: string): string | null {
  if (answer === '') return null;
  switch (question.type) {
    case 'RATING':
      return surveyRatingOf(answer) === null ? SURVEY_MESSAGES.ratingInvalid(question.title) : null;
    case 'TEXT':
      return surveyTextLength(answer) > SURVEY_TEXT_MAX_CHARS
        ? SURVEY_MESSAGES.textTooLong(question.title)
        : null;
    case 'MULTISELECT':
      return splitSurveyReasons(answer, question.questionReasons) === null
        ? SURVEY_MESSAGES.reasonInvalid(question.title)
        : null;
  }
}

/**
 * What is wrong with a set of answers, in the survey's order: an answer that is not valid for its
 * question, or a mandatory question left empty ('La pregunta {title} es obligatoria'). Hidden questions
 * (reasons after a 5) are never mandatory. `scope` limits the mandatory check to some questions: a
 * priority answer sent on its own is checked alone.
 */
export function surveyAnswerErrors(
  questions: readonly SurveyQuestionRule[],
  answers: SurveyAnswerMap,
  scope?: readonly number[],
): SurveyAnswerError[] {
  const visible = new Set(visibleSurveyQuestions(questions, answers).map((q) => q.id));
  const errors: SurveyAnswerError[] = [];
  for (const question of sortSurveyQuestions(questions)) {
    const answer = (answers[question.id] ?? '').trim();
    const formatError = surveyAnswerFormatError(question, answer);
    if (formatError) {
      errors.push({ questionId: question.id, message: formatError });
      continue;
    }
    const inScope = scope === undefined || scope.includes(question.id);
    if (inScope && question.mandatory && visible.has(question.id) && answer === '')
      errors.push({ questionId: question.id, message: SURVEY_MESSAGES.mandatory(question.title) });
  }
  return errors;
}

/**
 * The answers to store for a finished survey: one per question, texts trimmed, '' for a question left
 * empty or hidden (reasons after a 5 or no rating are cleared).
 */
export function completeSurveyAnswers(
  questions: readonly SurveyQuestionRule[],
  answers: SurveyAnswerMap,
): Record<number, string> {
  const visible = new Set(visibleSurveyQuestions(questions, answers).map((q) => q.id));
  const complete: Record<number, string> = {};
  for (const question of questions)
    complete[question.id] = visible.has(question.id) ? (answers[question.id] ?? '').trim() : '';
  return complete;
}

/** A priority question, once answered, is submitted at once (section 4). */
export function isPriorityAnswer(question: SurveyQuestionRule, answer: string): boolean {
  return question.priority && answer.trim() !== '';
}

/** A submission made only of priority answers is the early one: it does not finish the survey. */
export function isPrioritySubmission(
  questions: readonly SurveyQuestionRule[],
  questionIds: readonly number[],
): boolean {
  return (
    questionIds.length > 0 &&
    questionIds.every((id) => questions.some((q) => q.id === id && q.priority)) &&
    questions.some((q) => !q.priority)
  );
}

/** The survey of an order is answered once every question has a stored answer (maybe an empty one). */
export function isSurveyComplete(
  questions: readonly SurveyQuestionRule[],
  answeredQuestionIds: readonly number[],
): boolean {
  return questions.length > 0 && questions.every((q) => answeredQuestionIds.includes(q.id));
}

/** The 1.5-second double-submit lock: may the diner send again, `nowMs` after the last send? */
export function canSubmitSurvey(lastSubmitAtMs: number | null, nowMs: number): boolean {
  return lastSubmitAtMs === null || nowMs - lastSubmitAtMs >= SURVEY_SUBMIT_LOCK_MS;
}

/** The optional `surveyGeneralNPSAnswer` query of the survey page: a rating to start with, or null. */
export function initialNpsAnswer(query: string | null | undefined): string | null {
  const rating = surveyRatingOf(query);
  return rating === null ? null : String(rating);
}
