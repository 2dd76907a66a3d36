/** The spec shows the back arrow only in an installed app (standalone) or Instagram's in-app browser. */
export function shouldShowBackArrow(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || /Instagram/i.test(navigator.userAgent);
}
