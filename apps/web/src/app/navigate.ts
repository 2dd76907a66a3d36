import { useCallback, useLayoutEffect, useRef } from 'react';
import { type NavigateFunction, type NavigateOptions, type To, useNavigate } from 'react-router';

/**
 * React Router's `navigate`, one function for the component's whole life, as its data router gave it.
 * The declarative router's `navigate` changes with every path, so effects that list it among their
 * dependencies would run again on each navigation (an entry link handled twice, say).
 */
export function useStableNavigate(): NavigateFunction {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  return useCallback(
    ((to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? latest.current(to) : latest.current(to, options)) as NavigateFunction,
    [],
  );
}
