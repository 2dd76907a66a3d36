/**
 * `/console/invitacion/:token`: the page of a one-time link an owner made on /console/equipo. The
 * invitee (or a member who lost their password) chooses a password, typed twice; the server creates the
 * account or sets the password, signs them in, and they land on the console. The token travels to the
 * server in the body of the two calls.
 */
import { staffPasswordProblem, TEAM_ROLE_LABELS } from '@comanda/core/back-office';
import type { AccessLinkInfo } from '@comanda/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import type { BackOfficePageProps } from '../back-office/owner-shell.tsx';
import { useAction } from '../console/use-action.ts';
import { teamApi } from './team-api.ts';
import { tokenOfPath } from './team-text.ts';
import '../console/console.css';
import './team.css';

const TITLE = 'Elegí tu contraseña';

export function TeamInvitePage({ go }: BackOfficePageProps) {
  const queryClient = useQueryClient();
  const [token] = useState(() => tokenOfPath(window.location.pathname));
  const [info, setInfo] = useState<AccessLinkInfo | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [show, setShow] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    document.title = `${TITLE} · Comanda`;
  }, []);
  useEffect(() => {
    let current = true;
    teamApi.checkLink(token).then(
      (answer) => {
        if (current) setInfo(answer);
      },
      (error: unknown) => {
        if (current) setLinkProblem(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const accept = useAction(teamApi.acceptLink, {
    onSuccess: () => {
      // whoever was signed in on this device before is not who is signed in now
      queryClient.clear();
      go('/console');
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = staffPasswordProblem(password, repeat);
    setProblem(found);
    if (found) {
      document.getElementById(`${id}-password`)?.focus();
      return;
    }
    accept.run({ token, password });
  }

  return (
    <main className="console console-login team-invite">
      <div className="console-login__card">
        <p className="console-login__brand">
          Comanda <span>· Pedidos del local</span>
        </p>
        <h1 className="console-login__title">{TITLE}</h1>
        {linkProblem ? (
          <div className="team-invite__problem">
            <p className="console-login__error" role="alert">
              {linkProblem}
            </p>
            <a className="button button--secondary" href="/console/login">
              Ir a iniciar sesión
            </a>
          </div>
        ) : !info ? (
          <LoadingRegion label="Comprobando el link…">
            <div className="console-login__skeleton">
              <Skeleton height={48} />
              <Skeleton height={48} />
              <Skeleton height={48} />
            </div>
          </LoadingRegion>
        ) : (
          <form className="console-login__form" onSubmit={submit} noValidate>
            <p className="team-invite__intro">
              {info.kind === 'INVITE'
                ? `Hola ${info.name}: ${info.branchName} te invitó a su consola como ${TEAM_ROLE_LABELS[info.role]}.`
                : `Hola ${info.name}: elegí una contraseña nueva para entrar a la consola de ${info.branchName}.`}
            </p>
            <div className="console-field">
              <label className="field-label" htmlFor={`${id}-email`}>
                E-mail
              </label>
              <input
                id={`${id}-email`}
                className="text-input"
                type="email"
                autoComplete="username"
                value={info.email}
                readOnly
              />
            </div>
            <div className="console-field">
              <label className="field-label" htmlFor={`${id}-password`}>
                Contraseña
              </label>
              <input
                id={`${id}-password`}
                className="text-input"
                type={show ? 'text' : 'password'}
                autoComplete="new-password"
                value={password}
                maxLength={200}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
                onChange={(event) => setPassword(event.target.value)}
              />
              <span id={`${id}-hint`} className="team-invite__hint">
                Al menos 10 caracteres.
              </span>
            </div>
            <div className="console-field">
              <label className="field-label" htmlFor={`${id}-repeat`}>
                Repetí la contraseña
              </label>
              <input
                id={`${id}-repeat`}
                className="text-input"
                type={show ? 'text' : 'password'}
                autoComplete="new-password"
                value={repeat}
                maxLength={200}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => setRepeat(event.target.value)}
              />
            </div>
            <label className="team-invite__show">
              <input type="checkbox" checked={show} onChange={(event) => setShow(event.target.checked)} />
              Mostrar contraseña
            </label>
            {problem ? (
              <p id={`${id}-problem`} className="console-login__error" role="alert">
                {problem}
              </p>
            ) : null}
            <Button
              type="submit"
              className="console-login__submit"
              block
              disabled={accept.isPending}
              aria-busy={accept.isPending || undefined}
            >
              {accept.isPending ? 'Entrando…' : 'Guardar y entrar'}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
