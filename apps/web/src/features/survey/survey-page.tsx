import {
  canSubmitSurvey,
  completeSurveyAnswers,
  drivingRatingQuestion,
  initialNpsAnswer,
  isPriorityAnswer,
  SURVEY_MESSAGES,
  SURVEY_RATING_MAX,
  SURVEY_TEXT_MAX_CHARS,
  type SurveyAnswerError,
  setSurveyAnswer,
  surveyAnswerErrors,
  surveyRatingOf,
  surveyTextLength,
  visibleSurveyQuestions,
} from '@comanda/core';
import type { BranchContact, Survey, SurveyQuestion, SurveyState } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { dinerQueries } from '../../api/queries.ts';
import { useBranchTheme } from '../../theme/apply-theme.ts';
import { AppLink, type Go } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { IconCheck, IconInfo, IconStar } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { logToBackend } from '../diner-log/log-to-backend.ts';
import '../../ui/card.css';
import { postSurveyAnswers, surveyQueries } from './survey-api.ts';
import { answerOf, chosenReasons, completeSurveyPayload, toggleReason } from './survey-form.ts';
import './survey.css';

export interface SurveyPageProps {
  alias: string;
  orderCode: string;
  /** The spec's optional `surveyGeneralNPSAnswer` query: a rating given from the link itself. */
  surveyGeneralNPSAnswer: string | null;
  go: Go;
}

/**
 * The survey page, `/encuesta/{alias}/{orderCode}` ('Califica tu pedido', post-order-and-logistics.md
 * section 2). The route hands it the path's params (router.tsx), so this chunk imports nothing of
 * react-router. The order's state and the contact's survey are read in parallel; their failures are
 * only logged (section 8) and the page says calmly that there is nothing to rate.
 */
export function SurveyPage({ alias, orderCode, surveyGeneralNPSAnswer, go }: SurveyPageProps) {
  const contactQuery = useQuery({ ...dinerQueries.alias(alias), enabled: Boolean(alias) });
  const contact: BranchContact | null =
    contactQuery.data?.type === 'branchContact' ? contactQuery.data.info : null;
  useBranchTheme(contact?.branch ?? null);
  const state = useQuery(surveyQueries.state(alias, orderCode));
  const survey = useQuery(surveyQueries.definition(alias));

  useEffect(() => {
    for (const [what, error] of [
      ['state', state.error],
      ['definition', survey.error],
    ] as const) {
      if (error && !(isApiError(error) && error.status === 404))
        logToBackend(`Survey ${what} fetch failed`, {
          component: 'SurveyPage',
          payload: { alias, orderCode, message: error.message },
        });
    }
  }, [state.error, survey.error, alias, orderCode]);

  const done = state.data?.orderHasResponse === true;
  const title = done ? SURVEY_MESSAGES.thanksTitle : SURVEY_MESSAGES.title;
  useEffect(() => {
    document.title = contact ? `${contact.name} | ${title}` : title;
  }, [contact, title]);
  const titleId = useId();
  const followUp = `/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(orderCode)}`;
  const menu = `/menu/${encodeURIComponent(alias)}`;

  let body: ReactNode;
  if (state.isPending || (survey.isPending && !state.isError)) body = <SurveySkeleton />;
  else if (state.isError) {
    const notFound = isApiError(state.error) && state.error.status === 404;
    body = (
      <Notice
        text={
          notFound
            ? 'No encontramos este pedido. Revisá el enlace que recibiste.'
            : SURVEY_MESSAGES.sendFailed
        }
        action={
          notFound ? (
            <AppLink className="button button--secondary" href={menu} go={go}>
              Ir al menú
            </AppLink>
          ) : (
            <Button variant="secondary" onClick={() => void state.refetch()}>
              Reintentar
            </Button>
          )
        }
      />
    );
  } else if (done) body = <Thanks state={state.data} followUp={followUp} menu={menu} go={go} />;
  else if (!survey.data || !state.data.canAnswer) {
    const text =
      !survey.data || state.data.surveyId === null ? SURVEY_MESSAGES.noSurvey : SURVEY_MESSAGES.notDelivered;
    body = (
      <Notice
        text={text}
        action={
          <AppLink className="button button--secondary" href={followUp} go={go}>
            Ver mi pedido
          </AppLink>
        }
      />
    );
  } else
    body = (
      <SurveyForm
        alias={alias}
        orderCode={orderCode}
        survey={survey.data}
        state={state.data}
        fromLink={initialNpsAnswer(surveyGeneralNPSAnswer)}
      />
    );

  return (
    <main className="survey-page" aria-labelledby={titleId}>
      <div className="survey-card">
        <header className="survey-header">
          <div className="survey-header__brand">
            {contact ? (
              <Logo url={contact.branch.customLogoURL} name={contact.name} size={44} decorative />
            ) : (
              <Skeleton width={44} height={44} radius="50%" />
            )}
            {contact ? (
              <p className="survey-header__contact">{contact.name}</p>
            ) : (
              <Skeleton width="45%" height={18} />
            )}
          </div>
          <h1 id={titleId} className="survey-header__title">
            {title}
          </h1>
          <p className="survey-header__order">Pedido #{orderCode.toUpperCase()}</p>
        </header>
        {body}
      </div>
    </main>
  );
}

function SurveyForm({
  alias,
  orderCode,
  survey,
  state,
  fromLink,
}: {
  alias: string;
  orderCode: string;
  survey: Survey;
  state: SurveyState;
  fromLink: string | null;
}) {
  const queryClient = useQueryClient();
  const { questions } = survey;
  const rating = drivingRatingQuestion(questions);
  const [answers, setAnswers] = useState<Record<number, string>>(() => {
    const start = state.generalNPSAnswer ?? fromLink;
    return rating && start ? { [rating.id]: start } : {};
  });
  const [error, setError] = useState<SurveyAnswerError | null>(null);
  const [sending, setSending] = useState(false);
  const lastSubmitAt = useRef<number | null>(null);
  // priority answers go out one after the other, so the last rating tapped is the one stored
  const prioritySends = useRef<Promise<void>>(Promise.resolve());
  const linkRatingSent = useRef(false);
  const errorId = useId();

  function sendPriority(question: SurveyQuestion, value: string) {
    prioritySends.current = prioritySends.current.then(() =>
      postSurveyAnswers(alias, orderCode, [answerOf(survey, state, question, value)]).then(
        () => {},
        // the whole survey carries it again: a failed early send is only logged
        (failure: unknown) =>
          logToBackend('Survey priority answer failed', {
            component: 'SurveyPage',
            payload: { alias, orderCode, message: failure instanceof Error ? failure.message : null },
          }),
      ),
    );
  }

  // a rating given from the link (surveyGeneralNPSAnswer) is a priority answer: sent at once
  useEffect(() => {
    if (linkRatingSent.current || !fromLink || state.generalNPSAnswer || !rating?.priority) return;
    linkRatingSent.current = true;
    sendPriority(rating, fromLink);
  });

  function change(question: SurveyQuestion, value: string) {
    const previous = answers[question.id] ?? '';
    setAnswers(setSurveyAnswer(questions, answers, question.id, value));
    if (error) setError(null);
    if (isPriorityAnswer(question, value) && value !== previous) sendPriority(question, value);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const [first] = surveyAnswerErrors(questions, completeSurveyAnswers(questions, answers));
    if (first) {
      setError(first);
      document.getElementById(questionDomId(first.questionId))?.focus();
      return;
    }
    // the 1.5-second double-submit lock: counted from the last send, not from a refused tap
    const now = Date.now();
    if (sending || !canSubmitSurvey(lastSubmitAt.current, now)) return;
    lastSubmitAt.current = now;
    setSending(true);
    setError(null);
    try {
      await prioritySends.current;
      const answered = await postSurveyAnswers(
        alias,
        orderCode,
        completeSurveyPayload(survey, state, answers),
      );
      queryClient.setQueryData(surveyQueries.state(alias, orderCode).queryKey, answered);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'SURVEY_ALREADY_ANSWERED') {
        await queryClient.invalidateQueries({ queryKey: surveyQueries.state(alias, orderCode).queryKey });
        return;
      }
      const message = isApiError(failure) ? failure.message : SURVEY_MESSAGES.sendFailed;
      const errors = isApiError(failure) ? (failure.errors as SurveyAnswerError[] | undefined) : undefined;
      setError({ questionId: errors?.[0]?.questionId ?? 0, message });
    } finally {
      setSending(false);
    }
  }

  const visible = visibleSurveyQuestions(questions, answers);
  const generalError = error && !visible.some((q) => q.id === error.questionId) ? error : null;

  return (
    <form className="survey-form" onSubmit={submit} noValidate>
      {visible.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          answer={answers[question.id] ?? ''}
          error={error?.questionId === question.id ? error.message : null}
          onChange={(value) => change(question, value)}
        />
      ))}
      {generalError ? (
        <p id={errorId} className="survey-error" role="alert">
          {generalError.message}
        </p>
      ) : null}
      <Button
        type="submit"
        block
        className="survey-form__submit"
        aria-disabled={sending || undefined}
        aria-busy={sending || undefined}
        aria-describedby={generalError ? errorId : undefined}
      >
        {sending ? 'Enviando…' : SURVEY_MESSAGES.submit}
      </Button>
    </form>
  );
}

function questionDomId(questionId: number): string {
  return `survey-question-${questionId}`;
}

function QuestionField({
  question,
  answer,
  error,
  onChange,
}: {
  question: SurveyQuestion;
  answer: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const subTitleId = useId();
  const errorId = useId();
  const describedBy = [question.subTitle ? subTitleId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const heading = (
    <>
      {question.title}
      {question.mandatory ? (
        <span className="survey-question__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  const hint = question.subTitle ? (
    <p id={subTitleId} className="survey-question__hint">
      {question.subTitle}
    </p>
  ) : null;
  const errorText = error ? (
    <p id={errorId} className="survey-error" role="alert">
      {error}
    </p>
  ) : null;

  if (question.type === 'TEXT') {
    const length = surveyTextLength(answer);
    return (
      <div className="survey-question">
        <label className="survey-question__title" htmlFor={questionDomId(question.id)}>
          {heading}
        </label>
        {hint}
        <textarea
          id={questionDomId(question.id)}
          className="text-input survey-text"
          rows={3}
          value={answer}
          required={question.mandatory}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          placeholder="Escribí tu comentario (opcional)"
          onChange={(event) => onChange(event.target.value)}
        />
        <p className="survey-text__count" aria-hidden="true">
          {length}/{SURVEY_TEXT_MAX_CHARS}
        </p>
        {errorText}
      </div>
    );
  }

  return (
    <fieldset
      id={questionDomId(question.id)}
      tabIndex={-1}
      className="survey-question"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="survey-question__title">{heading}</legend>
      {hint}
      {question.type === 'RATING' ? (
        <RatingInput name={`q${question.id}`} value={answer} onChange={onChange} />
      ) : (
        <div className="survey-reasons">
          {question.questionReasons.map((reason) => (
            <label key={reason} className="survey-reason">
              <input
                type="checkbox"
                checked={chosenReasons(question, answer).includes(reason)}
                onChange={() => onChange(toggleReason(question, answer, reason))}
              />
              {reason}
            </label>
          ))}
        </div>
      )}
      {errorText}
    </fieldset>
  );
}

/** Five stars as radio buttons: real inputs, so keys and screen readers work as with any radio group. */
function RatingInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const rating = surveyRatingOf(value) ?? 0;
  return (
    <div className="survey-rating">
      {Array.from({ length: SURVEY_RATING_MAX }, (_, index) => index + 1).map((stars) => (
        <label key={stars} className={`survey-star${stars <= rating ? ' survey-star--on' : ''}`}>
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={stars}
            checked={rating === stars}
            onChange={() => onChange(String(stars))}
          />
          <IconStar size={34} />
          <span className="sr-only">
            {stars} de {SURVEY_RATING_MAX}
          </span>
          <span className="survey-star__number" aria-hidden="true">
            {stars}
          </span>
        </label>
      ))}
    </div>
  );
}

function Thanks({
  state,
  followUp,
  menu,
  go,
}: {
  state: SurveyState;
  followUp: string;
  menu: string;
  go: Go;
}) {
  const rating = surveyRatingOf(state.generalNPSAnswer);
  return (
    <section className="survey-done" aria-label="Calificación enviada">
      <span className="survey-done__icon" aria-hidden="true">
        <IconCheck size={36} />
      </span>
      <p className="survey-done__body" role="status">
        {SURVEY_MESSAGES.thanksBody}
      </p>
      {rating !== null ? (
        <p className="survey-done__rating">
          <span className="sr-only">
            Tu calificación: {rating} de {SURVEY_RATING_MAX}
          </span>
          <span aria-hidden="true">
            {Array.from({ length: SURVEY_RATING_MAX }, (_, index) => (
              <IconStar
                // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
                key={index}
                size={22}
                className={index < rating ? 'survey-done__star--on' : 'survey-done__star'}
              />
            ))}
          </span>
        </p>
      ) : null}
      <div className="survey-done__actions">
        <AppLink className="button button--primary" href={menu} go={go}>
          Volver al menú
        </AppLink>
        <AppLink className="button button--ghost" href={followUp} go={go}>
          Ver mi pedido
        </AppLink>
      </div>
    </section>
  );
}

function Notice({ text, action }: { text: string; action: ReactNode }) {
  return (
    <section className="survey-notice">
      <span className="survey-notice__icon" aria-hidden="true">
        <IconInfo size={28} />
      </span>
      <p className="survey-notice__text">{text}</p>
      {action}
    </section>
  );
}

function SurveySkeleton() {
  return (
    <LoadingRegion>
      <div className="survey-skeleton">
        <Skeleton width="80%" height={20} />
        <Skeleton height={56} radius={12} />
        <Skeleton width="60%" height={20} />
        <Skeleton height={96} radius={12} />
        <Skeleton height={52} radius={12} />
      </div>
    </LoadingRegion>
  );
}
