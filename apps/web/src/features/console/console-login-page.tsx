import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { unlockAudio } from './beep.ts';
import { consoleApi } from './console-api.ts';
import type { ConsolePageProps } from './console-board-page.tsx';
import { consoleQueries } from './console-queries.ts';
import { useAction } from './use-action.ts';
import './console.css';

const TITLE = 'Iniciar sesión';

/** `/console/login`: staff sign in with e-mail and password; a signed-in device goes straight to the board. */
export function ConsoleLoginPage({ go }: ConsolePageProps) {
  const queryClient = useQueryClient();
  const session = useQuery(consoleQueries.session());
  const signedIn = Boolean(session.data);
  useEffect(() => {
    if (signedIn) go('/console');
  }, [signedIn, go]);
  useEffect(() => {
    document.title = `${TITLE} · Comanda`;
  }, []);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useAction(consoleApi.signIn, {
    onSuccess: (answer) => {
      queryClient.setQueryData(consoleQueries.session().queryKey, answer);
    },
  });
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // the first tap of the shift also lets the board's new-order sound play
    unlockAudio();
    signIn.run({ email: email.trim(), password });
  }

  const checking = session.isPending;
  return (
    <main className="console console-login">
      <div className="console-login__card">
        <p className="console-login__brand">
          Comanda <span>· Pedidos del local</span>
        </p>
        <h1 className="console-login__title">{TITLE}</h1>
        {checking || signedIn ? (
          <LoadingRegion label="Comprobando la sesión…">
            <div className="console-login__skeleton">
              <Skeleton height={48} />
              <Skeleton height={48} />
              <Skeleton height={48} />
            </div>
          </LoadingRegion>
        ) : (
          <form
            className="console-login__form"
            onSubmit={submit}
            noValidate
            aria-describedby={signIn.error ? errorId : undefined}
          >
            <div className="console-field">
              <label className="field-label" htmlFor={emailId}>
                E-mail
              </label>
              <input
                id={emailId}
                className="text-input"
                type="email"
                name="email"
                autoComplete="username"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={Boolean(signIn.error) || undefined}
              />
            </div>
            <div className="console-field">
              <label className="field-label" htmlFor={passwordId}>
                Contraseña
              </label>
              <input
                id={passwordId}
                className="text-input"
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={Boolean(signIn.error) || undefined}
              />
            </div>
            {signIn.error ? (
              <p id={errorId} className="console-login__error" role="alert">
                {signIn.error.message}
              </p>
            ) : null}
            <Button
              type="submit"
              block
              className="console-login__submit"
              disabled={signIn.isPending}
              aria-busy={signIn.isPending || undefined}
            >
              {signIn.isPending ? 'Ingresando…' : 'Ingresar'}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
