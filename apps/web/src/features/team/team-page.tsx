/**
 * `/console/equipo` (issue 27, "Team"): who uses the console and the shops' riders. The owner invites
 * kitchen staff or other owners with a one-time link (shown once, to copy or share: the product sends no
 * e-mail), makes a new link for someone who lost their password, takes access away and gives it back;
 * each shop lists its riders with their shift, activated or deactivated here, and its riders' security
 * code is changed here (shown once).
 */
import {
  riderCodeChangeProblem,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  type TeamRole,
} from '@comanda/core/back-office';
import type {
  CreatedAccessLink,
  TeamAccessLink,
  TeamMember,
  TeamRider,
  TeamShop,
  TeamView,
} from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type BackOfficePageProps, LoadFailed, OwnerShell } from '../back-office/owner-shell.tsx';
import { useAction } from '../console/use-action.ts';
import { teamApi, teamQueries } from './team-api.ts';
import { dayText, linkUrl, whatsAppShareUrl, whenText } from './team-text.ts';
import './team.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function TeamPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/equipo" title="Equipo">
      {() => <TeamLoader />}
    </OwnerShell>
  );
}

function TeamLoader() {
  const view = useQuery(teamQueries.view());
  if (view.isPending)
    return (
      <LoadingRegion label="Cargando tu equipo…">
        <div className="back-office__skeleton">
          <Skeleton height={260} radius={12} />
          <Skeleton height={220} radius={12} />
          <Skeleton height={200} radius={12} />
        </div>
      </LoadingRegion>
    );
  if (view.isError) return <LoadFailed error={view.error} onRetry={() => void view.refetch()} />;
  return <Team view={view.data} />;
}

/** A question before a change, answered in the shared confirmation dialog. */
interface Question {
  title: string;
  body: string;
  run: () => void;
}

function Team({ view }: { view: TeamView }) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedAccessLink | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: teamQueries.view().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['back-office', 'changes'] });
  };
  const ask = (next: Question) => setQuestion(next);

  return (
    <div className="team">
      <div className="team__columns">
        <div className="team__column">
          <Members view={view} ask={ask} onChanged={refresh} onLink={setCreated} />
        </div>
        <div className="team__column">
          {created ? <LinkPanel created={created} onClose={() => setCreated(null)} /> : null}
          <InviteForm
            onInvited={(link) => {
              setCreated(link);
              refresh();
            }}
          />
          <OpenLinks links={view.links} ask={ask} onChanged={refresh} />
        </div>
      </div>
      {view.shops.map((shop) => (
        <ShopRiders key={shop.id} shop={shop} ask={ask} onChanged={refresh} />
      ))}
      <ConfirmModal
        open={question !== null}
        title={question?.title ?? ''}
        body={question?.body ?? ''}
        onCancel={() => setQuestion(null)}
        onConfirm={() => {
          question?.run();
          setQuestion(null);
        }}
      />
    </div>
  );
}

/** You first, then those with access (owners first), then those without; by name within each. */
function sortMembers(members: TeamMember[]): TeamMember[] {
  const rank = (m: TeamMember) => (m.isYou ? 0 : !m.hasAccess ? 3 : m.role === 'OWNER' ? 1 : 2);
  return [...members].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'es'));
}

function Members({
  view,
  ask,
  onChanged,
  onLink,
}: {
  view: TeamView;
  ask: (question: Question) => void;
  onChanged: () => void;
  onLink: (created: CreatedAccessLink) => void;
}) {
  const toast = useToast();
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const handlers = (done: string) => ({
    onSuccess: () => {
      setProblem(null);
      toast(done);
      onChanged();
    },
    onError: (error: unknown) => setProblem(messageOf(error)),
  });
  const revoke = useAction(
    (member: TeamMember) => teamApi.revoke(member.id),
    handlers('Le quitamos el acceso.'),
  );
  const restore = useAction(
    (member: TeamMember) => teamApi.restore(member.id),
    handlers('Le devolvimos el acceso.'),
  );
  const setRole = useAction(
    (change: { member: TeamMember; role: TeamRole }) => teamApi.setRole(change.member.id, change.role),
    handlers('Cambiamos el rol.'),
  );
  const reset = useAction((member: TeamMember) => teamApi.reset(member.id), {
    onSuccess: (created: CreatedAccessLink) => {
      setProblem(null);
      onLink(created);
      onChanged();
    },
    onError: (error: unknown) => setProblem(messageOf(error)),
  });
  const busy = revoke.isPending || restore.isPending || setRole.isPending || reset.isPending;

  return (
    <section className="back-office__card" aria-labelledby={titleId}>
      <h2 className="back-office__card-title" id={titleId}>
        Personas con acceso a la consola
      </h2>
      <p className="back-office__hint">
        Cocina ve y maneja los pedidos. Dueño además cambia la tienda, el menú, los cobros y el equipo.
      </p>
      <ul className="team__list">
        {sortMembers(view.members).map((member) => {
          const otherRole: TeamRole = member.role === 'OWNER' ? 'STAFF' : 'OWNER';
          return (
            <li key={member.id} className={`team__member${member.hasAccess ? '' : ' team__member--off'}`}>
              <div className="team__who">
                <p className="team__name">
                  {member.name}
                  {member.isYou ? <span className="team__badge">Vos</span> : null}
                </p>
                <p className="team__email">{member.email}</p>
                <p className="team__tags">
                  <span className="team__tag">{TEAM_ROLE_LABELS[member.role]}</span>
                  <span className={`team__tag ${member.hasAccess ? 'team__tag--ok' : 'team__tag--off'}`}>
                    {member.hasAccess ? 'Con acceso' : 'Sin acceso'}
                  </span>
                </p>
              </div>
              {member.isYou ? null : (
                <div className={`team__actions${member.hasAccess ? ' team__actions--row' : ''}`}>
                  {member.hasAccess ? (
                    <>
                      <Button
                        variant="secondary"
                        disabled={busy}
                        onClick={() =>
                          ask({
                            title: `¿Nuevo link para ${member.name}?`,
                            body: 'Con el link va a poder elegir una contraseña nueva; cuando la guarde, se cierran sus sesiones abiertas. Un link anterior deja de funcionar.',
                            run: () => reset.run(member),
                          })
                        }
                      >
                        Nueva contraseña<span className="sr-only"> para {member.name}</span>
                      </Button>
                      <Button
                        variant="secondary"
                        disabled={busy}
                        onClick={() =>
                          ask({
                            title: `¿Pasar a ${member.name} a ${TEAM_ROLE_LABELS[otherRole]}?`,
                            body:
                              otherRole === 'OWNER'
                                ? 'Va a poder cambiar la tienda, el menú, los cobros y el equipo.'
                                : 'Va a ver y manejar solo los pedidos.',
                            run: () => setRole.run({ member, role: otherRole }),
                          })
                        }
                      >
                        Pasar a {TEAM_ROLE_LABELS[otherRole]}
                        <span className="sr-only"> a {member.name}</span>
                      </Button>
                      <Button
                        variant="secondary"
                        className="team__danger"
                        disabled={busy}
                        onClick={() =>
                          ask({
                            title: `¿Quitarle el acceso a ${member.name}?`,
                            body: 'Se cierra su sesión en todos sus dispositivos y ya no puede entrar. Podés devolvérselo cuando quieras.',
                            run: () => revoke.run(member),
                          })
                        }
                      >
                        Quitar acceso<span className="sr-only"> a {member.name}</span>
                      </Button>
                    </>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() =>
                        ask({
                          title: `¿Devolverle el acceso a ${member.name}?`,
                          body: 'Va a poder entrar de nuevo con su contraseña de antes.',
                          run: () => restore.run(member),
                        })
                      }
                    >
                      Devolver acceso<span className="sr-only"> a {member.name}</span>
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {problem ? (
        <p className="back-office__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/** 'Invitar': name, e-mail and role; the answer's link is shown in the panel above. */
function InviteForm({ onInvited }: { onInvited: (created: CreatedAccessLink) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('STAFF');
  const [fields, setFields] = useState<Partial<Record<'name' | 'email', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useAction(teamApi.invite, {
    onSuccess: (created) => {
      setName('');
      setEmail('');
      setRole('STAFF');
      setFields({});
      setProblem(null);
      onInvited(created);
    },
    onError: (error) => {
      const field = isApiError(error)
        ? (error.errors ?? [])
            .map((item) => (item as { path?: unknown }).path)
            .find((path) => path === 'name' || path === 'email')
        : undefined;
      if (field === 'name' || field === 'email') {
        setFields({ [field]: messageOf(error) });
        document.getElementById(`${id}-${field}`)?.focus();
      } else setProblem(messageOf(error));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<'name' | 'email', string>> = {};
    if (!name.trim()) found.name = TEAM_MESSAGES.nameRequired;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = TEAM_MESSAGES.emailInvalid;
    setFields(found);
    setProblem(null);
    const first = (['name', 'email'] as const).find((key) => found[key]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    invite.run({ name: name.trim(), email: email.trim(), role });
  }

  return (
    <form
      className="back-office__card team__form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <h2 className="back-office__card-title" id={`${id}-title`}>
        Invitar a alguien
      </h2>
      <div className="back-office__field">
        <label className="back-office__label" htmlFor={`${id}-name`}>
          Nombre
        </label>
        <input
          id={`${id}-name`}
          className="back-office__input"
          autoComplete="off"
          value={name}
          maxLength={120}
          aria-invalid={fields.name ? true : undefined}
          aria-describedby={fields.name ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {fields.name ? (
          <span id={`${id}-name-error`} className="back-office__error">
            {fields.name}
          </span>
        ) : null}
      </div>
      <div className="back-office__field">
        <label className="back-office__label" htmlFor={`${id}-email`}>
          E-mail
        </label>
        <input
          id={`${id}-email`}
          className="back-office__input"
          type="email"
          inputMode="email"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          value={email}
          maxLength={200}
          aria-invalid={fields.email ? true : undefined}
          aria-describedby={fields.email ? `${id}-email-error` : `${id}-email-hint`}
          onChange={(event) => setEmail(event.target.value)}
        />
        {fields.email ? (
          <span id={`${id}-email-error`} className="back-office__error">
            {fields.email}
          </span>
        ) : (
          <span id={`${id}-email-hint`} className="back-office__hint">
            Con este e-mail va a iniciar sesión.
          </span>
        )}
      </div>
      <fieldset className="team__roles">
        <legend className="back-office__label">Rol</legend>
        {(['STAFF', 'OWNER'] as const).map((value) => (
          <label key={value} className="team__role">
            <input
              type="radio"
              name={`${id}-role`}
              value={value}
              checked={role === value}
              onChange={() => setRole(value)}
            />
            <span>
              <strong>{TEAM_ROLE_LABELS[value]}</strong>
              <span className="back-office__hint">
                {value === 'STAFF' ? 'Ve y maneja los pedidos.' : 'Todo, también la tienda y el equipo.'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p className="back-office__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
          {invite.isPending ? 'Creando link…' : 'Crear link de invitación'}
        </Button>
      </div>
    </form>
  );
}

/** The link just made: shown this once, to copy or share. */
function LinkPanel({ created, onClose }: { created: CreatedAccessLink; onClose: () => void }) {
  const id = useId();
  const url = linkUrl(created.path, window.location.origin);
  const [copied, setCopied] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setCopied(false);
    titleRef.current?.focus();
  }, []);
  const { link } = created;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // no clipboard (an http page, a refused permission): the link is selected to copy by hand
      input.current?.select();
    }
  }

  return (
    <section className="back-office__card team__link" aria-labelledby={`${id}-title`}>
      <h2 className="back-office__card-title" id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {link.kind === 'INVITE'
          ? `Link de invitación para ${link.name}`
          : `Link de nueva contraseña para ${link.name}`}
      </h2>
      <p className="back-office__hint" id={`${id}-hint`}>
        Mandáselo a {link.name} ({link.email}). Sirve una sola vez y vence el {dayText(link.expiresAt)}.
        Guardalo ahora: no lo vamos a volver a mostrar.
      </p>
      <div className="back-office__field">
        <label className="back-office__label" htmlFor={`${id}-url`}>
          Link
        </label>
        <input
          id={`${id}-url`}
          ref={input}
          className="back-office__input team__url"
          readOnly
          value={url}
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <div className="team__link-actions">
        <Button onClick={() => void copy()}>{copied ? '¡Copiado!' : 'Copiar link'}</Button>
        <a
          className="button button--secondary team__share"
          href={whatsAppShareUrl(link.name, url)}
          target="_blank"
          rel="noreferrer"
        >
          Enviar por WhatsApp
        </a>
        <Button variant="ghost" onClick={onClose}>
          Listo
        </Button>
      </div>
      <p className="sr-only" role="status">
        {copied ? 'Link copiado.' : ''}
      </p>
    </section>
  );
}

function OpenLinks({
  links,
  ask,
  onChanged,
}: {
  links: TeamAccessLink[];
  ask: (question: Question) => void;
  onChanged: () => void;
}) {
  const toast = useToast();
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useAction((link: TeamAccessLink) => teamApi.cancelLink(link.id), {
    onSuccess: () => {
      setProblem(null);
      toast('Cancelamos el link.');
      onChanged();
    },
    onError: (error) => setProblem(messageOf(error)),
  });
  if (links.length === 0) return null;
  return (
    <section className="back-office__card" aria-labelledby={titleId}>
      <h2 className="back-office__card-title" id={titleId}>
        Links sin usar
      </h2>
      <ul className="team__list">
        {links.map((link) => (
          <li key={link.id} className="team__member">
            <div className="team__who">
              <p className="team__name">{link.name}</p>
              <p className="team__email">{link.email}</p>
              <p className="team__tags">
                <span className="team__tag">
                  {link.kind === 'INVITE' ? 'Invitación' : 'Nueva contraseña'}
                </span>
                <span className="team__tag">{TEAM_ROLE_LABELS[link.role]}</span>
                <span className={`team__tag ${link.expired ? 'team__tag--off' : ''}`}>
                  {link.expired ? 'Vencido' : `Vence el ${dayText(link.expiresAt)}`}
                </span>
              </p>
            </div>
            <div className="team__actions">
              <Button
                variant="secondary"
                disabled={cancel.isPending}
                onClick={() =>
                  ask({
                    title: `¿Cancelar el link de ${link.name}?`,
                    body: 'El link deja de funcionar. Podés hacer uno nuevo cuando quieras.',
                    run: () => cancel.run(link),
                  })
                }
              >
                Cancelar link<span className="sr-only"> de {link.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {problem ? (
        <p className="back-office__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function ShopRiders({
  shop,
  ask,
  onChanged,
}: {
  shop: TeamShop;
  ask: (question: Question) => void;
  onChanged: () => void;
}) {
  const toast = useToast();
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const handlers = (done: string) => ({
    onSuccess: () => {
      setProblem(null);
      toast(done);
      onChanged();
    },
    onError: (error: unknown) => setProblem(messageOf(error)),
  });
  const deactivate = useAction(
    (rider: TeamRider) => teamApi.deactivateRider(shop.id, rider.id),
    handlers('Desactivamos al repartidor.'),
  );
  const activate = useAction(
    (rider: TeamRider) => teamApi.activateRider(shop.id, rider.id),
    handlers('Activamos al repartidor.'),
  );
  const busy = deactivate.isPending || activate.isPending;

  if (!shop.ownFleet && shop.riders.length === 0)
    return (
      <section className="back-office__card" aria-labelledby={titleId}>
        <h2 className="back-office__card-title" id={titleId}>
          Repartidores de {shop.name}
        </h2>
        <p className="back-office__hint">Este local no usa repartidores propios.</p>
      </section>
    );
  return (
    <section className="back-office__card" aria-labelledby={titleId}>
      <h2 className="back-office__card-title" id={titleId}>
        Repartidores de {shop.name}
      </h2>
      <div className="team__columns">
        <div className="team__column">
          {shop.riders.length === 0 ? (
            <p className="back-office__hint">
              Todavía no se registró ningún repartidor. Pasales el código de seguridad para que se registren.
            </p>
          ) : (
            <ul className="team__list">
              {shop.riders.map((rider) => (
                <li key={rider.id} className={`team__member${rider.enabled ? '' : ' team__member--off'}`}>
                  <div className="team__who">
                    <p className="team__name">{rider.name}</p>
                    <p className="team__email">{rider.phone}</p>
                    <p className="team__tags">
                      {rider.enabled ? (
                        <span className={`team__tag ${rider.onShift ? 'team__tag--ok' : ''}`}>
                          {rider.onShift ? 'En turno' : 'Fuera de turno'}
                        </span>
                      ) : (
                        <span className="team__tag team__tag--off">Desactivado</span>
                      )}
                      {rider.lastLocationAt ? (
                        <span className="team__seen">Ubicación: {whenText(rider.lastLocationAt)}</span>
                      ) : null}
                    </p>
                  </div>
                  <div className="team__actions">
                    {rider.enabled ? (
                      <Button
                        variant="secondary"
                        className="team__danger"
                        disabled={busy}
                        onClick={() =>
                          ask({
                            title: `¿Desactivar a ${rider.name}?`,
                            body: rider.onShift
                              ? 'Termina su turno ahora y no puede volver a iniciarlo ni registrarse con el código hasta que lo actives.'
                              : 'No puede iniciar un turno ni registrarse con el código hasta que lo actives.',
                            run: () => deactivate.run(rider),
                          })
                        }
                      >
                        Desactivar<span className="sr-only"> a {rider.name}</span>
                      </Button>
                    ) : (
                      <Button variant="secondary" disabled={busy} onClick={() => activate.run(rider)}>
                        Activar<span className="sr-only"> a {rider.name}</span>
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {problem ? (
            <p className="back-office__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="team__column">
          <RiderCode shop={shop} ask={ask} onChanged={onChanged} />
        </div>
      </div>
    </section>
  );
}

/** The shop's rider security code: typed twice or picked at random; the new one is shown once. */
function RiderCode({
  shop,
  ask,
  onChanged,
}: {
  shop: TeamShop;
  ask: (question: Question) => void;
  onChanged: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const shownRef = useRef<HTMLParagraphElement>(null);
  const change = useAction(
    (chosen: string | undefined) => teamApi.changeRiderCode(shop.id, { code: chosen }),
    {
      onSuccess: (answer) => {
        setCode('');
        setRepeat('');
        setProblem(null);
        setShown(answer.code);
        onChanged();
        requestAnimationFrame(() => shownRef.current?.focus());
      },
      onError: (error) => setProblem(messageOf(error)),
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = riderCodeChangeProblem(code.trim(), repeat.trim());
    setProblem(found);
    if (found) {
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    ask({
      title: '¿Cambiar el código de seguridad?',
      body: 'El código anterior deja de funcionar para registrarse e iniciar o terminar turnos.',
      run: () => change.run(code.trim()),
    });
  }

  return (
    <form className="team__code" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h3 className="team__subtitle" id={`${id}-title`}>
        Código de seguridad de los repartidores
      </h3>
      <p className="back-office__hint">
        {shop.hasRiderCode
          ? 'Tus repartidores lo usan para registrarse e iniciar o terminar su turno. Por seguridad no lo mostramos: si no lo recordás, cambialo.'
          : 'Todavía no hay código: creá uno para que tus repartidores puedan registrarse.'}
      </p>
      {shown ? (
        <div className="team__shown">
          <p ref={shownRef} tabIndex={-1} className="team__shown-code">
            Nuevo código: <strong>{shown}</strong>
          </p>
          <p className="back-office__hint">
            Anotalo y pasáselo a tus repartidores: no lo vamos a volver a mostrar. Los que están en turno
            siguen trabajando; lo van a necesitar para terminar el turno.
          </p>
        </div>
      ) : null}
      {editing ? (
        <>
          <div className="team__code-fields">
            <div className="back-office__field">
              <label className="back-office__label" htmlFor={`${id}-code`}>
                Nuevo código
              </label>
              <input
                id={`${id}-code`}
                className="back-office__input"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                value={code}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
            <div className="back-office__field">
              <label className="back-office__label" htmlFor={`${id}-repeat`}>
                Repetilo
              </label>
              <input
                id={`${id}-repeat`}
                className="back-office__input"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                value={repeat}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => setRepeat(event.target.value)}
              />
            </div>
          </div>
          {problem ? (
            <p id={`${id}-problem`} className="back-office__error" role="alert">
              {problem}
            </p>
          ) : (
            <p id={`${id}-hint`} className="back-office__hint">
              De 6 a 12 números.
            </p>
          )}
          <div className="team__link-actions">
            <Button type="submit" disabled={change.isPending}>
              Guardar código
            </Button>
            <Button
              variant="secondary"
              disabled={change.isPending}
              onClick={() =>
                ask({
                  title: '¿Crear un código nuevo al azar?',
                  body: 'El código anterior deja de funcionar para registrarse e iniciar o terminar turnos.',
                  run: () => change.run(undefined),
                })
              }
            >
              Crear uno al azar
            </Button>
            <Button
              variant="ghost"
              disabled={change.isPending}
              onClick={() => {
                setEditing(false);
                setProblem(null);
                setCode('');
                setRepeat('');
              }}
            >
              Cancelar
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setEditing(true);
              setShown(null);
              requestAnimationFrame(() => document.getElementById(`${id}-code`)?.focus());
            }}
          >
            {shop.hasRiderCode ? 'Cambiar código' : 'Crear código'}
          </Button>
        </div>
      )}
    </form>
  );
}
