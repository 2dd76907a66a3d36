import { describe, expect, it } from 'vitest';
import {
  canSubmitSurvey,
  completeSurveyAnswers,
  drivingRatingQuestion,
  initialNpsAnswer,
  isPriorityAnswer,
  isPrioritySubmission,
  isSurveyComplete,
  joinSurveyReasons,
  SURVEY_MESSAGES,
  SURVEY_SUBMIT_LOCK_MS,
  SURVEY_TEXT_MAX_CHARS,
  type SurveyAnswerMap,
  type SurveyQuestionRule,
  setSurveyAnswer,
  splitSurveyReasons,
  surveyAnswerErrors,
  surveyRatingOf,
  surveyTextLength,
  truncateSurveyText,
  visibleSurveyQuestions,
} from './survey.ts';

// Don Mateo Palermo's survey (DEMO-DATA.md): a priority NPS rating, reasons for ratings below 5, a comment
const NPS: SurveyQuestionRule = {
  id: 1,
  title: '¿Qué tan probable es que nos recomiendes?',
  type: 'RATING',
  questionType: 'NPS',
  questionOrder: 1,
  mandatory: true,
  priority: true,
  questionReasons: [],
};
const REASONS: SurveyQuestionRule = {
  id: 2,
  title: '¿Qué podríamos mejorar?',
  type: 'MULTISELECT',
  questionType: 'REASON',
  questionOrder: 2,
  mandatory: false,
  priority: false,
  questionReasons: ['Demora en la entrega', 'Temperatura de la comida', 'Atención', 'Precio', 'Presentación'],
};
const COMMENT: SurveyQuestionRule = {
  id: 3,
  title: '¿Querés contarnos algo más?',
  type: 'TEXT',
  questionType: 'COMMENT',
  questionOrder: 3,
  mandatory: false,
  priority: false,
  questionReasons: [],
};
const SURVEY = [COMMENT, NPS, REASONS];

describe('survey rules', () => {
  it.each([
    ['4', true],
    ['1', true],
    ['5', false],
    ['', false],
    [undefined, false],
  ])('with the NPS rating %j the reasons question shows: %s', (rating, shown) => {
    const answers: SurveyAnswerMap = rating === undefined ? {} : { 1: rating };
    const ids = visibleSurveyQuestions(SURVEY, answers).map((q) => q.id);
    expect(ids).toEqual(shown ? [1, 2, 3] : [1, 3]);
  });

  it('drives the reasons by the first priority rating, else the first rating', () => {
    const plain = { ...NPS, id: 9, priority: false, questionOrder: 0 };
    expect(drivingRatingQuestion([plain, NPS, REASONS])?.id).toBe(1);
    expect(drivingRatingQuestion([plain, REASONS])?.id).toBe(9);
    // without any rating the reasons are always asked
    expect(drivingRatingQuestion([REASONS, COMMENT])).toBeNull();
    expect(visibleSurveyQuestions([REASONS, COMMENT], {}).map((q) => q.id)).toEqual([2, 3]);
  });

  it.each([
    ['5', ''],
    ['', ''],
    ['3', 'Precio'],
  ])('setting the rating to %j leaves the reasons as %j', (rating, reasons) => {
    const before = { 1: '2', 2: 'Precio', 3: 'Todo bien' };
    const after = setSurveyAnswer(SURVEY, before, 1, rating);
    expect(after).toEqual({ 1: rating, 2: reasons, 3: 'Todo bien' });
  });

  it('cuts a text answer to 180 characters as it is typed, counting an emoji as one', () => {
    const long = 'a'.repeat(200);
    expect(setSurveyAnswer(SURVEY, {}, 3, long)[3]).toBe('a'.repeat(SURVEY_TEXT_MAX_CHARS));
    const emojis = '🍕'.repeat(181);
    expect(surveyTextLength(truncateSurveyText(emojis))).toBe(180);
    expect(truncateSurveyText('corto')).toBe('corto');
    // a rating or reasons are never cut
    expect(setSurveyAnswer(SURVEY, {}, 2, 'Precio, Atención')[2]).toBe('Precio, Atención');
  });

  it.each<[string, SurveyAnswerMap, number[] | undefined, { questionId: number; message: string }[]]>([
    ['a complete answer', { 1: '4', 2: 'Precio', 3: 'Rica' }, undefined, []],
    ['only the mandatory rating', { 1: '5' }, undefined, []],
    [
      'no rating',
      { 3: 'Rica' },
      undefined,
      [{ questionId: 1, message: 'La pregunta ¿Qué tan probable es que nos recomiendes? es obligatoria' }],
    ],
    [
      'a blank rating',
      { 1: '  ' },
      undefined,
      [{ questionId: 1, message: 'La pregunta ¿Qué tan probable es que nos recomiendes? es obligatoria' }],
    ],
    [
      'a rating out of range',
      { 1: '6' },
      undefined,
      [
        {
          questionId: 1,
          message:
            'La pregunta ¿Qué tan probable es que nos recomiendes? se califica con un número del 1 al 5.',
        },
      ],
    ],
    [
      'a text over 180 characters',
      { 1: '4', 3: 'x'.repeat(181) },
      undefined,
      [
        {
          questionId: 3,
          message:
            'La respuesta a la pregunta ¿Querés contarnos algo más? no puede superar los 180 caracteres.',
        },
      ],
    ],
    ['a text of exactly 180 characters', { 1: '4', 3: 'x'.repeat(180) }, undefined, []],
    [
      'a reason the question does not offer',
      { 1: '2', 2: 'Precio, Música' },
      undefined,
      [{ questionId: 2, message: 'En la pregunta ¿Qué podríamos mejorar? elige opciones de la lista.' }],
    ],
    // the priority answer sent on its own is checked alone
    ['the priority answer alone', { 1: '3' }, [1], []],
  ])('%s', (_case, answers, scope, errors) => {
    expect(surveyAnswerErrors(SURVEY, answers, scope)).toEqual(errors);
  });

  it('never asks for a mandatory reason hidden by a 5', () => {
    const mandatoryReasons = { ...REASONS, mandatory: true };
    expect(surveyAnswerErrors([NPS, mandatoryReasons], { 1: '5' })).toEqual([]);
    expect(surveyAnswerErrors([NPS, mandatoryReasons], { 1: '4' })).toEqual([
      { questionId: 2, message: SURVEY_MESSAGES.mandatory('¿Qué podríamos mejorar?') },
    ]);
    expect(SURVEY_MESSAGES.mandatory('X')).toBe('La pregunta X es obligatoria');
  });

  it('stores one answer per question when the survey is finished, hidden reasons cleared', () => {
    expect(completeSurveyAnswers(SURVEY, { 1: '5', 2: 'Precio', 3: '  Muy rica  ' })).toEqual({
      1: '5',
      2: '',
      3: 'Muy rica',
    });
    expect(completeSurveyAnswers(SURVEY, { 1: '2', 2: 'Precio' })).toEqual({ 1: '2', 2: 'Precio', 3: '' });
  });

  it('joins reasons in the question order and reads them back, refusing what it does not offer', () => {
    const reasons = ['Precio', 'Precio, calidad', 'Atención'];
    expect(joinSurveyReasons(['Atención', 'Precio'], reasons)).toBe('Precio, Atención');
    expect(splitSurveyReasons('Precio, Atención', reasons)).toEqual(['Precio', 'Atención']);
    // a reason holding the separator is matched whole
    expect(splitSurveyReasons('Precio, calidad', reasons)).toEqual(['Precio, calidad']);
    expect(splitSurveyReasons('Precio, Precio, calidad', reasons)).toEqual(['Precio', 'Precio, calidad']);
    expect(splitSurveyReasons('', reasons)).toEqual([]);
    expect(splitSurveyReasons('Atención, Precio', reasons)).toBeNull();
    expect(splitSurveyReasons('Precio, ', reasons)).toBeNull();
    expect(splitSurveyReasons('Otra', reasons)).toBeNull();
  });

  it.each([
    ['1', 1],
    ['5', 5],
    [' 4 ', 4],
    ['0', null],
    ['6', null],
    ['4.5', null],
    ['', null],
    [null, null],
  ])('reads the rating %j as %j', (answer, rating) => {
    expect(surveyRatingOf(answer)).toBe(rating);
  });

  it('sends a priority answer at once, on its own, unless the survey has nothing else', () => {
    expect(isPriorityAnswer(NPS, '4')).toBe(true);
    expect(isPriorityAnswer(NPS, '')).toBe(false);
    expect(isPriorityAnswer(COMMENT, 'hola')).toBe(false);
    expect(isPrioritySubmission(SURVEY, [1])).toBe(true);
    expect(isPrioritySubmission(SURVEY, [1, 3])).toBe(false);
    expect(isPrioritySubmission(SURVEY, [])).toBe(false);
    expect(isPrioritySubmission([NPS], [1])).toBe(false);
  });

  it('counts a survey answered once every question has a stored answer', () => {
    expect(isSurveyComplete(SURVEY, [1])).toBe(false);
    expect(isSurveyComplete(SURVEY, [1, 2, 3])).toBe(true);
    expect(isSurveyComplete([], [])).toBe(false);
  });

  it.each([
    [null, 0, true],
    [1_000, 1_000 + SURVEY_SUBMIT_LOCK_MS - 1, false],
    [1_000, 1_000 + 1_500, true],
    [1_000, 1_200, false],
  ])('after a send at %j, sending at %j is allowed: %s', (last, now, allowed) => {
    expect(canSubmitSurvey(last, now)).toBe(allowed);
  });

  it.each([
    ['4', '4'],
    ['5', '5'],
    ['9', null],
    ['abc', null],
    [null, null],
  ])('takes surveyGeneralNPSAnswer=%j as the first rating %j', (query, rating) => {
    expect(initialNpsAnswer(query)).toBe(rating);
  });

  it('says the spec texts to the letter', () => {
    expect(SURVEY_MESSAGES.title).toBe('Califica tu pedido');
    expect(SURVEY_MESSAGES.submit).toBe('Calificar mi pedido');
  });
});
