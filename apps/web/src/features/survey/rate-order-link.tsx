import { MESSAGES } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconStar } from '../../ui/icons.tsx';
import { surveyPath, surveyQueries } from './survey-api.ts';

/**
 * 'Calificar mi pedido' on the follow-up page: a delivered order of a contact with a survey, not yet
 * answered. Asks the order's survey state only when shown for a delivered order; a failure hides it.
 */
export function RateOrderLink({
  alias,
  orderCode,
  className,
}: {
  alias: string;
  orderCode: string;
  className?: string;
}) {
  const state = useQuery(surveyQueries.state(alias, orderCode));
  if (!state.data?.canAnswer) return null;
  return (
    <Link className={className} to={surveyPath(alias, orderCode)}>
      <IconStar size={20} />
      {/* MESSAGES, not the survey's catalogue: this page then loads none of the survey's rules */}
      {MESSAGES.rateOrder}
    </Link>
  );
}
