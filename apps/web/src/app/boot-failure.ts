/**
 * The app's code could not be downloaded (a network that dropped right after the HTML, a deploy that
 * replaced the files): instead of 'Cargando…' for ever, the boot shows index.html's notice and its
 * 'Reintentar' button, which loads the page again; so does the connection coming back. Plain DOM and
 * markup already in the page: React is part of what did not arrive.
 */
export function showBootFailure(): void {
  const failure = document.querySelector<HTMLElement>('.boot-failure');
  if (!failure) return;
  document.querySelector('.boot__status')?.remove();
  failure.hidden = false;
  const reload = () => location.reload();
  failure.querySelector('button')?.addEventListener('click', reload);
  addEventListener('online', reload, { once: true });
}
