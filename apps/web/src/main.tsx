import { afterFirstPaint } from './app/after-first-paint.ts';
import { showBootFailure } from './app/boot-failure.ts';
import { warmUpBrowserState, warmUpDateFormatting } from './app/warm-up.ts';

// a task of its own for what follows: none of these steps lengthens another one's task
const nextTask = () => new Promise((next) => setTimeout(next, 0));

// The entry does nothing but let the browser paint the boot markup (the server's branded header,
// banner and page title, styled inline in index.html) before the app's code is evaluated: on a phone
// that already has the code (a second visit, a fast network) its evaluation would otherwise come
// first and keep the screen blank. index.html preloads the app's files meanwhile (vite.config.ts), and
// the warm-ups use that wait.
void afterFirstPaint()
  .then(() => {
    warmUpBrowserState();
    return nextTask();
  })
  .then(() => {
    warmUpDateFormatting(location.pathname);
    return nextTask();
  })
  .then(() => import('./app/start.tsx'))
  .catch(showBootFailure);
