/** The server is the one clock; NOW (outside production) fixes it for demos and tests. */
export type Clock = () => Date;

export function createClock(fixedNow?: string): Clock {
  if (!fixedNow) return () => new Date();
  const fixed = new Date(fixedNow).getTime();
  return () => new Date(fixed);
}
