import type { SurveyQuestion } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const NPS_TITLE = '¿Qué tan probable es que nos recomiendes?';
const REASONS_TITLE = '¿Qué podríamos mejorar?';
const COMMENT_TITLE = '¿Querés contarnos algo más?';

describe.each(databaseKinds)('order survey (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let nps: SurveyQuestion;
  let reasons: SurveyQuestion;
  let comment: SurveyQuestion;
  let surveyId: number;
  // each send from its own address: the route's limit of 30 a minute is not what these tests are about
  let address = 0;

  beforeAll(async () => {
    test = await createTestApp(kind);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    const survey = await getJson(test.app, `/api/survey/${takeAway.contactId}`);
    expect(survey.status).toBe(200);
    surveyId = survey.body.id;
    [nps, reasons, comment] = survey.body.questions as SurveyQuestion[] as [
      SurveyQuestion,
      SurveyQuestion,
      SurveyQuestion,
    ];
  });
  afterAll(() => test.close());

  const send = (code: string, body: unknown, query = '?alias=donmateo-palermo') =>
    test.app
      .inject({
        method: 'POST',
        url: `/api/survey/${code}${query}`,
        payload: body as object,
        remoteAddress: `127.0.${Math.floor(++address / 200)}.${(address % 200) + 1}`,
      })
      .then((res) => ({ status: res.statusCode, body: res.json() }));
  const stateOf = (code: string, query = '?alias=donmateo-palermo') =>
    getJson(test.app, `/api/survey/order/${code}${query}`);
  const rowsOf = (orderId: number) =>
    test.database.db
      .select()
      .from(t.surveyAnswers)
      .where(eq(t.surveyAnswers.dinerOrderId, orderId))
      .orderBy(t.surveyAnswers.questionId);

  /** A take-away order of Palermo, placed and (unless told) marked delivered. */
  async function placeOrder(delivered = true): Promise<{ id: number; code: string }> {
    const res = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CASH', paysWith: 20000 }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const placed = res.body.data as { id: number; code: string };
    if (delivered)
      await test.database.db.update(t.orders).set({ status: 'DELIVERED' }).where(eq(t.orders.id, placed.id));
    return placed;
  }

  it("answers the contact's survey by id or alias, questions in order", async () => {
    const byAlias = await getJson(test.app, '/api/survey/donmateo-palermo');
    expect(byAlias.status).toBe(200);
    expect(byAlias.body).toMatchObject({ id: surveyId, active: true, branchContactId: takeAway.contactId });
    expect(byAlias.body.questions).toEqual([
      {
        id: nps.id,
        title: NPS_TITLE,
        subTitle: 'Del 1 al 5, contanos qué te pareció tu pedido.',
        type: 'RATING',
        questionOrder: 1,
        mandatory: true,
        priority: true,
        questionReasons: [],
        questionType: 'NPS',
      },
      expect.objectContaining({
        title: REASONS_TITLE,
        type: 'MULTISELECT',
        mandatory: false,
        priority: false,
        questionReasons: [
          'Demora en la entrega',
          'Temperatura de la comida',
          'Atención',
          'Precio',
          'Presentación',
        ],
      }),
      expect.objectContaining({
        title: COMMENT_TITLE,
        type: 'TEXT',
        subTitle: null,
        questionType: 'COMMENT',
      }),
    ]);
  });

  it('answers 404 in Spanish for a contact without a survey', async () => {
    const res = await getJson(test.app, '/api/survey/donmateo-belgrano');
    expectApiError(res, 404, 'SURVEY_NOT_FOUND');
    expect(res.body.message).toBe('Este local no tiene una encuesta activa.');
    expectApiError(await getJson(test.app, '/api/survey/999999'), 404, 'SURVEY_NOT_FOUND');
    expectApiError(await getJson(test.app, '/api/survey/no%20alias'), 404, 'SURVEY_NOT_FOUND');
  });

  it('answers 404 for an unknown order, a malformed code, or an order of another contact', async () => {
    const placed = await placeOrder();
    for (const res of [
      await stateOf('ZZZZ9999ZZ'),
      await stateOf('no-es-un-codigo'),
      await stateOf(placed.code, '?alias=donmateo-belgrano'),
      await send('ZZZZ9999ZZ', [{ questionId: nps.id, answer: '4' }]),
      await send(placed.code, [{ questionId: nps.id, answer: '4' }], '?alias=donmateo-belgrano'),
    ]) {
      expectApiError(res, 404, 'NOT_FOUND');
      expect(res.body.message).toBe('No encontramos este pedido. Revisá el link que recibiste.');
    }
    expect(await rowsOf(placed.id)).toEqual([]);
    // the spec's path has no alias: the code alone names the order, in any case
    expect((await stateOf(placed.code.toLowerCase(), '')).body).toMatchObject({
      orderCode: placed.code,
      canAnswer: true,
    });
  });

  it('lets a diner rate only a delivered order', async () => {
    const open = await placeOrder(false);
    expect((await stateOf(open.code)).body).toEqual({
      orderCode: open.code,
      dinerOrderId: open.id,
      branchContactId: takeAway.contactId,
      surveyId,
      orderHasResponse: false,
      generalNPSAnswer: null,
      canAnswer: false,
    });
    const res = await send(open.code, [{ questionId: nps.id, answer: '4' }]);
    expectApiError(res, 409, 'SURVEY_NOT_AVAILABLE');
    expect(res.body.message).toBe('Podrás calificar tu pedido cuando lo recibas.');
    expect(await rowsOf(open.id)).toEqual([]);
  });

  it('refuses a survey without its mandatory rating, and stores nothing', async () => {
    const placed = await placeOrder();
    const res = await send(placed.code, [
      { questionId: reasons.id, answer: 'Precio' },
      { questionId: comment.id, answer: 'Tardó bastante' },
    ]);
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toBe(`La pregunta ${NPS_TITLE} es obligatoria`);
    expect(res.body.errors).toEqual([
      { questionId: nps.id, message: `La pregunta ${NPS_TITLE} es obligatoria` },
    ]);
    const blank = await send(placed.code, [
      { questionId: nps.id, answer: '  ' },
      { questionId: comment.id, answer: '' },
    ]);
    expect(blank.body.message).toBe(`La pregunta ${NPS_TITLE} es obligatoria`);
    // the priority answer sent alone is checked too
    const alone = await send(placed.code, [{ questionId: nps.id, answer: '' }]);
    expect(alone.body.message).toBe(`La pregunta ${NPS_TITLE} es obligatoria`);
    expect(await rowsOf(placed.id)).toEqual([]);
  });

  it('refuses a text answer over 180 characters with a Spanish 400, and takes one of 180', async () => {
    const placed = await placeOrder();
    const res = await send(placed.code, [
      { questionId: nps.id, answer: '3' },
      { questionId: comment.id, answer: 'a'.repeat(181) },
    ]);
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toBe(
      `La respuesta a la pregunta ${COMMENT_TITLE} no puede superar los 180 caracteres.`,
    );
    expect(await rowsOf(placed.id)).toEqual([]);

    const fits = await send(placed.code, [
      { questionId: nps.id, answer: '3' },
      { questionId: comment.id, answer: '🍕'.repeat(180) },
    ]);
    expect(fits.status).toBe(201);
    expect((await rowsOf(placed.id)).find((row) => row.questionId === comment.id)?.answer).toBe(
      '🍕'.repeat(180),
    );
  });

  it.each([
    [
      'a rating out of range',
      [{ answer: '7' }],
      `La pregunta ${NPS_TITLE} se califica con un número del 1 al 5.`,
    ],
    ['no answers', [], 'Responde la encuesta para continuar.'],
    ['no list', { answer: '4' }, 'Responde la encuesta para continuar.'],
    ['a question twice', [{ answer: '4' }, { answer: '3' }], 'Cada pregunta se responde una sola vez.'],
    ['an unknown field', [{ answer: '4', stars: 4 }], 'La solicitud no es válida.'],
  ])('refuses %s', async (_case, body, message) => {
    const placed = await placeOrder();
    const withIds = Array.isArray(body) ? body.map((a) => ({ questionId: nps.id, ...a })) : body;
    const res = await send(placed.code, withIds);
    expectApiError(res, 400);
    expect(res.body.message).toBe(message);
  });

  it('refuses reasons the question does not offer', async () => {
    const placed = await placeOrder();
    const res = await send(placed.code, [
      { questionId: nps.id, answer: '2' },
      { questionId: reasons.id, answer: 'Precio, La música' },
    ]);
    expectApiError(res, 400);
    expect(res.body.message).toBe(`En la pregunta ${REASONS_TITLE} elige opciones de la lista.`);
  });

  it("refuses answers to another contact's survey, or naming another survey or order", async () => {
    const [belgrano] = await test.database.db
      .select({ id: t.branchContacts.id })
      .from(t.branchContacts)
      .where(eq(t.branchContacts.alias, 'donmateo-belgrano'));
    const [other] = await test.database.db
      .insert(t.surveys)
      .values({ branchContactId: belgrano?.id ?? 0 })
      .returning({ id: t.surveys.id });
    const [foreign] = await test.database.db
      .insert(t.surveyQuestions)
      .values({ surveyId: other?.id ?? 0, title: '¿Cómo te atendimos?', type: 'RATING', questionOrder: 1 })
      .returning({ id: t.surveyQuestions.id });
    expect((await getJson(test.app, '/api/survey/donmateo-belgrano')).body.id).toBe(other?.id);

    const placed = await placeOrder();
    const another = await placeOrder();
    for (const body of [
      [{ questionId: foreign?.id, answer: '4' }],
      [{ questionId: nps.id, answer: '4', surveyId: other?.id }],
      [{ questionId: nps.id, answer: '4', dinerOrderId: another.id }],
    ]) {
      const res = await send(placed.code, body);
      expectApiError(res, 400, 'SURVEY_ANSWER_INVALID');
      expect(res.body.message).toBe('Las respuestas no corresponden a la encuesta de este pedido.');
    }
    expect(await rowsOf(placed.id)).toEqual([]);
  });

  it('stores the priority answer at once, replaces it, and lets the rest finish the survey', async () => {
    const placed = await placeOrder();
    const early = await send(placed.code, [{ questionId: nps.id, answer: '3' }]);
    expect(early.status).toBe(201);
    expect(early.body).toMatchObject({ orderHasResponse: false, generalNPSAnswer: '3', canAnswer: true });
    // the diner changes their mind before finishing: the rating is replaced, not duplicated
    const changed = await send(placed.code, [{ questionId: nps.id, answer: 4 }]);
    expect(changed.body).toMatchObject({ orderHasResponse: false, generalNPSAnswer: '4' });
    expect((await rowsOf(placed.id)).map((row) => [row.questionId, row.answer])).toEqual([[nps.id, '4']]);

    // the rest, without the rating: the stored one counts for the mandatory question
    const done = await send(placed.code, [
      { questionId: reasons.id, answer: 'Demora en la entrega, Precio' },
      { questionId: comment.id, answer: '  La pizza llegó fría  ' },
    ]);
    expect(done.status).toBe(201);
    expect(done.body).toEqual({
      orderCode: placed.code,
      dinerOrderId: placed.id,
      branchContactId: takeAway.contactId,
      surveyId,
      orderHasResponse: true,
      generalNPSAnswer: '4',
      canAnswer: false,
    });
    const rows = await rowsOf(placed.id);
    expect(rows.map((row) => [row.questionTitle, row.answer, row.mandatory, row.priority])).toEqual([
      [NPS_TITLE, '4', true, true],
      [REASONS_TITLE, 'Demora en la entrega, Precio', false, false],
      [COMMENT_TITLE, 'La pizza llegó fría', false, false],
    ]);
    expect(rows.every((row) => row.surveyId === surveyId && row.questionType !== undefined)).toBe(true);
    expect((await stateOf(placed.code)).body).toMatchObject({ orderHasResponse: true, canAnswer: false });

    // the console's card shows the rating
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const board = await asStaff(test.app, owner, 'GET', `/api/console/contacts/${takeAway.contactId}/orders`);
    const card = board.body.orders.find((o: { id: number }) => o.id === placed.id);
    expect(card.surveyRating).toBe(4);
  });

  it('refuses answering twice, the priority answer included', async () => {
    const placed = await placeOrder();
    const first = await send(placed.code, [
      { questionId: nps.id, answer: '2', surveyId, dinerOrderId: placed.id, questionTitle: NPS_TITLE },
      { questionId: reasons.id, answer: 'Atención' },
      { questionId: comment.id, answer: '' },
    ]);
    expect(first.status).toBe(201);
    for (const body of [
      [{ questionId: nps.id, answer: '5' }],
      [
        { questionId: nps.id, answer: '5' },
        { questionId: comment.id, answer: 'Otra vez' },
      ],
    ]) {
      const again = await send(placed.code, body);
      expectApiError(again, 409, 'SURVEY_ALREADY_ANSWERED');
      expect(again.body.message).toBe('Ya calificaste este pedido. ¡Gracias!');
    }
    expect((await rowsOf(placed.id)).map((row) => row.answer)).toEqual(['2', 'Atención', '']);
  });

  it('clears the reasons of a 5, and stores the order customer with each answer', async () => {
    const placed = await placeOrder();
    const res = await send(placed.code, [
      { questionId: nps.id, answer: '5' },
      { questionId: reasons.id, answer: 'Precio' },
    ]);
    expect(res.status).toBe(201);
    const rows = await rowsOf(placed.id);
    expect(rows.map((row) => row.answer)).toEqual(['5', '', '']);
    const [order] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, placed.id));
    expect(rows.every((row) => row.orderingCustomerId === order?.customerId)).toBe(true);
  });

  it('finishes a survey once when two sends arrive together', async () => {
    const placed = await placeOrder();
    const body = [
      { questionId: nps.id, answer: '4' },
      { questionId: reasons.id, answer: 'Precio' },
      { questionId: comment.id, answer: 'Bien' },
    ];
    const answers = await Promise.all([send(placed.code, body), send(placed.code, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await rowsOf(placed.id)).toHaveLength(3);

    // two early ratings at once leave one row
    const other = await placeOrder();
    const early = await Promise.all([
      send(other.code, [{ questionId: nps.id, answer: '2' }]),
      send(other.code, [{ questionId: nps.id, answer: '3' }]),
    ]);
    expect(early.map((a) => a.status)).toEqual([201, 201]);
    expect(await rowsOf(other.id)).toHaveLength(1);
  });

  it("rates the demo's delivered order DMP7HV2N4D through the spec's path without an alias", async () => {
    const state = await stateOf('DMP7HV2N4D', '');
    expect(state.body).toMatchObject({ orderHasResponse: false, canAnswer: true });
    const res = await send(
      'DMP7HV2N4D',
      [
        { questionId: nps.id, answer: '5' },
        { questionId: comment.id, answer: '¡Excelente!' },
      ],
      '',
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orderHasResponse: true, generalNPSAnswer: '5' });
  });
});
