/**
 * The survey's calls (post-order-and-logistics.md sections 3 and 7). An anonymous diner reaches them
 * by the order's code (and the contact's alias, like the follow-up):
 * - `GET /api/survey/{branchContactId}`: the contact's active survey (the id or the alias);
 * - `GET /api/survey/order/{orderCode}?alias`: the order's survey state (answered, its NPS answer);
 * - `POST /api/survey/{orderCode}?alias`: a list of answers. A list of priority answers only is the
 *   early send of section 4 and does not finish the survey; any other list finishes it.
 */
import { z } from 'zod';
import { SURVEY_MESSAGES, type SurveyQuestionKind } from '../survey/survey.ts';

/** A question of the Survey entity (section 3); `type` is RATING, TEXT or MULTISELECT. */
export interface SurveyQuestion {
  id: number;
  title: string;
  subTitle: string | null;
  type: SurveyQuestionKind;
  questionOrder: number;
  mandatory: boolean;
  priority: boolean;
  questionReasons: string[];
  /** What the question is about: NPS, REASON, COMMENT (free text of the business). */
  questionType: string | null;
}

/** `GET /api/survey/{branchContactId}`: the Survey entity, questions in order. */
export interface Survey {
  id: number;
  active: boolean;
  branchContactId: number;
  questions: SurveyQuestion[];
}

/** The survey state of an order (section 3: orderHasResponse, generalNPSAnswer), and what the page needs. */
export interface SurveyState {
  orderCode: string;
  dinerOrderId: number;
  branchContactId: number;
  /** The contact's active survey; null when it has none. */
  surveyId: number | null;
  /** The survey was finished (every question has an answer, maybe an empty one). */
  orderHasResponse: boolean;
  /** The stored answer of the general rating question ('1' to '5'), or null. */
  generalNPSAnswer: string | null;
  /** Only a delivered order of a contact with an active survey can be rated. */
  canAnswer: boolean;
}

const invalidRequest = 'La solicitud no es válida.';
const id = z.number({ error: SURVEY_MESSAGES.wrongSurvey }).int().positive().max(2_147_483_647);

/**
 * One Answer (section 3). The server keeps only `questionId` and `answer` and takes the rest from the
 * question and the order; the other fields, when sent, must agree with them.
 */
export const SurveyAnswerSchema = z.strictObject(
  {
    questionId: id,
    // a rating may come as a number; every answer is stored as text
    answer: z
      .union([z.string(), z.number()], { error: invalidRequest })
      .transform((value) => String(value))
      .pipe(z.string().max(2_000, { error: invalidRequest })),
    questionTitle: z.string().max(500).optional(),
    orderingCustomerId: z.number().int().nullable().optional(),
    surveyId: id.optional(),
    mandatory: z.boolean().optional(),
    dinerOrderId: id.optional(),
    questionType: z.string().max(60).nullable().optional(),
    priority: z.boolean().optional(),
  },
  { error: invalidRequest },
);
export type SurveyAnswer = z.infer<typeof SurveyAnswerSchema>;

/** `POST /api/survey/{orderCode}`: the list of answers. */
export const SurveyAnswersSchema = z
  .array(SurveyAnswerSchema, { error: SURVEY_MESSAGES.answersRequired })
  .min(1, { error: SURVEY_MESSAGES.answersRequired })
  .max(50, { error: invalidRequest })
  .refine((answers) => new Set(answers.map((a) => a.questionId)).size === answers.length, {
    error: SURVEY_MESSAGES.duplicateQuestion,
  });

/** `?alias=` on the order's calls: the contact (alias or id) the order must belong to. */
export const SurveyOrderQuerySchema = z.object({
  alias: z
    .string()
    .regex(/^[a-zA-Z0-9-]{1,120}$/, { error: SURVEY_MESSAGES.orderNotFound })
    .optional(),
});
