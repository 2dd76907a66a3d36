import type { DraftProblem, MenuDraft } from '@comanda/core/back-office';
import type { MenuDraftState } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { backOfficeApi, backOfficeQueries } from '../back-office/back-office-api.ts';
import { editorProblems, indexProblems, type ProblemIndex, problemsOfError } from './editor-problems.ts';

/** What the editor is doing with the server right now. */
export type EditorBusy = 'saving' | 'publishing' | 'discarding' | 'reloading' | null;

/** The last answer worth telling the owner about, above the editor. */
export type EditorNotice =
  | { kind: 'published' }
  | { kind: 'discarded' }
  | { kind: 'error'; message: string }
  /** someone else saved meanwhile (409 DRAFT_CHANGED): only reloading gets the editor going again */
  | { kind: 'conflict'; message: string };

interface Local {
  state: MenuDraftState;
  draft: MenuDraft;
  /** the draft as the server has it, to tell whether anything changed since */
  baseJson: string;
}

const fromState = (state: MenuDraftState): Local => ({
  state,
  draft: state.draft,
  baseJson: JSON.stringify(state.draft),
});

const GENERIC_ERROR = 'No pudimos guardar el menú. Revisá tu conexión e intentá de nuevo.';

/**
 * The owner's menu while it is edited: a local copy of the saved draft (every edit stays in the
 * browser until 'Guardar borrador'), its problems on every edit, and the server calls over the version
 * the copy started from. A save that answers 409 means someone else saved meanwhile; the editor then
 * offers to reload instead of overwriting their work.
 */
export function useMenuEditor(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...backOfficeQueries.menuDraft(), enabled });
  const [local, setLocal] = useState<Local | null>(null);
  const [busy, setBusy] = useState<EditorBusy>(null);
  const [notice, setNotice] = useState<EditorNotice | null>(null);
  const [serverProblems, setServerProblems] = useState<DraftProblem[]>([]);

  // the first answer becomes the copy being edited; later fetches only replace it on purpose (adopt)
  if (query.data && local === null) setLocal(fromState(query.data));

  const localRef = useRef(local);
  localRef.current = local;

  const dirty = useMemo(() => (local ? JSON.stringify(local.draft) !== local.baseJson : false), [local]);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const problems: ProblemIndex = useMemo(() => {
    if (!local) return indexProblems([]);
    const own = editorProblems(local.draft);
    const seen = new Set(own.map((problem) => `${problem.path}\n${problem.message}`));
    return indexProblems([...own, ...serverProblems.filter((p) => !seen.has(`${p.path}\n${p.message}`))]);
  }, [local, serverProblems]);

  // a tab closed or reloaded with unsaved edits asks first
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const adopt = useCallback(
    (state: MenuDraftState) => {
      queryClient.setQueryData(backOfficeQueries.menuDraft().queryKey, state);
      setLocal(fromState(state));
      setServerProblems([]);
    },
    [queryClient],
  );

  const edit = useCallback((change: (draft: MenuDraft) => MenuDraft) => {
    setLocal((current) => {
      if (!current) return current;
      const draft = change(current.draft);
      return draft === current.draft ? current : { ...current, draft };
    });
    setServerProblems((current) => (current.length ? [] : current));
  }, []);

  const fail = useCallback((error: unknown) => {
    if (isApiError(error) && error.code === 'DRAFT_CHANGED' && error.status === 409) {
      setNotice({ kind: 'conflict', message: error.message });
      return;
    }
    if (isApiError(error)) {
      const fromServer = problemsOfError(error.errors);
      if (fromServer.length) setServerProblems(fromServer);
      setNotice({ kind: 'error', message: error.message });
      return;
    }
    setNotice({ kind: 'error', message: GENERIC_ERROR });
  }, []);

  /** Saves the copy over the version it started from; edits made while it saves stay unsaved. */
  const saveNow = useCallback(async (): Promise<MenuDraftState | null> => {
    const current = localRef.current;
    if (!current) return null;
    const sent = current.draft;
    try {
      const answer = await backOfficeApi.saveMenuDraft(current.state.version, sent);
      queryClient.setQueryData(backOfficeQueries.menuDraft().queryKey, answer);
      setLocal((now) => {
        if (!now || now.draft === sent) return fromState(answer);
        return { state: answer, draft: now.draft, baseJson: JSON.stringify(answer.draft) };
      });
      setServerProblems([]);
      return answer;
    } catch (error) {
      fail(error);
      return null;
    }
  }, [queryClient, fail]);

  const save = useCallback(async () => {
    setNotice(null);
    setBusy('saving');
    try {
      return await saveNow();
    } finally {
      setBusy(null);
    }
  }, [saveNow]);

  /** Saves first when there are unsaved edits, then publishes that version. */
  const publish = useCallback(async (): Promise<boolean> => {
    const current = localRef.current;
    if (!current) return false;
    setNotice(null);
    let version = current.state.version;
    if (dirtyRef.current) {
      setBusy('saving');
      const saved = await saveNow();
      if (!saved) {
        setBusy(null);
        return false;
      }
      version = saved.version;
    }
    setBusy('publishing');
    try {
      await backOfficeApi.publishMenu(version);
      // the published menu comes back with the ids and keys of the rows just written
      adopt(await backOfficeApi.menuDraft());
      void queryClient.invalidateQueries({ queryKey: ['back-office', 'shops'] });
      setNotice({ kind: 'published' });
      return true;
    } catch (error) {
      fail(error);
      return false;
    } finally {
      setBusy(null);
    }
  }, [saveNow, adopt, fail, queryClient]);

  /** Back to what diners see: the saved draft is dropped on the server, unsaved edits here. */
  const discard = useCallback(async () => {
    const current = localRef.current;
    if (!current) return;
    setNotice(null);
    if (!current.state.hasChanges) {
      setLocal(fromState(current.state));
      setServerProblems([]);
      setNotice({ kind: 'discarded' });
      return;
    }
    setBusy('discarding');
    try {
      adopt(await backOfficeApi.discardMenuDraft());
      setNotice({ kind: 'discarded' });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }, [adopt, fail]);

  /** After a 409: the server's draft replaces this copy. */
  const reload = useCallback(async () => {
    setBusy('reloading');
    try {
      adopt(await backOfficeApi.menuDraft());
      setNotice(null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }, [adopt, fail]);

  return {
    query,
    state: local?.state ?? null,
    draft: local?.draft ?? null,
    dirty,
    problems,
    busy,
    notice,
    dismissNotice: useCallback(() => setNotice(null), []),
    edit,
    save,
    publish,
    discard,
    reload,
  };
}

export type MenuEditorModel = ReturnType<typeof useMenuEditor>;
