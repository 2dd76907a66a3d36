import type { Survey, SurveyQuestion, SurveyState } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { chosenReasons, completeSurveyPayload, toggleReason } from './survey-form.ts';

const question = (overrides: Partial<SurveyQuestion>): SurveyQuestion => ({
  id: 1,
  title: 'Pregunta',
  subTitle: null,
  type: 'TEXT',
  questionOrder: 1,
  mandatory: false,
  priority: false,
  questionReasons: [],
  questionType: null,
  ...overrides,
});

const NPS = question({
  id: 1,
  title: 'NPS',
  type: 'RATING',
  mandatory: true,
  priority: true,
  questionType: 'NPS',
});
const REASONS = question({
  id: 2,
  title: 'Motivos',
  type: 'MULTISELECT',
  questionOrder: 2,
  questionReasons: ['Demora en la entrega', 'Atención', 'Precio'],
});
const COMMENT = question({ id: 3, title: 'Comentario', questionOrder: 3 });
const SURVEY: Survey = { id: 7, active: true, branchContactId: 4, questions: [NPS, REASONS, COMMENT] };
const STATE: SurveyState = {
  orderCode: 'DMP4KQ7X2W',
  dinerOrderId: 40,
  branchContactId: 4,
  surveyId: 7,
  orderHasResponse: false,
  generalNPSAnswer: null,
  canAnswer: true,
};

describe('survey payload', () => {
  it('sends one answer per question with what the Answer entity carries, reasons of a 5 cleared', () => {
    const payload = completeSurveyPayload(SURVEY, STATE, { 1: '5', 2: 'Precio', 3: ' Rica ' });
    expect(payload.map((a) => [a.questionId, a.answer])).toEqual([
      [1, '5'],
      [2, ''],
      [3, 'Rica'],
    ]);
    expect(payload[0]).toEqual({
      questionId: 1,
      answer: '5',
      questionTitle: 'NPS',
      surveyId: 7,
      dinerOrderId: 40,
      mandatory: true,
      questionType: 'NPS',
      priority: true,
    });
  });

  it('ticks and unticks reasons, keeping the question order', () => {
    let answer = toggleReason(REASONS, undefined, 'Precio');
    answer = toggleReason(REASONS, answer, 'Demora en la entrega');
    expect(answer).toBe('Demora en la entrega, Precio');
    expect(chosenReasons(REASONS, answer)).toEqual(['Demora en la entrega', 'Precio']);
    expect(toggleReason(REASONS, answer, 'Precio')).toBe('Demora en la entrega');
    expect(chosenReasons(REASONS, 'Otra cosa')).toEqual([]);
  });
});
