import { useState } from 'react';

/**
 * The last value that was not undefined: a modal keeps showing its content while it animates closed
 * after the thing it showed went away.
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
