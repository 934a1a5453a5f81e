import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { StockDocDetail, StockDocKind, StockDocRecord } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { useDocDetail } from './doc-hooks.ts';
import { type DocInput, type DocRouteAction, keepDocAnswer, newIdempotencyKey, stockDocsApi } from '../../../api/stock-docs.ts';

export interface DocDraftOptions<V> {
  kind: StockDocKind;
  /** a draft to edit; null: a new document */
  docId: number | null;
  form: FormInstance<V>;
  /** fills the form and the page's own state from the loaded draft */
  fill: (doc: StockDocDetail) => void;
  /** why the input cannot be sent (shown, nothing sent), or null */
  check?: (values: V) => string | null;
  /** the header and lines to send */
  body: (values: V) => DocInput;
  /** clears the page's own state (lines…) when a kept-alive 新增 page starts over */
  reset?: () => void;
  /** the second button's action (default submit) */
  action?: DocRouteAction;
  /** the message when the draft was created but the action failed */
  actionFailed?: (msg: string) => string;
  /** after a save: the document as stored, and whether the action ran too */
  onSaved: (record: StockDocRecord, acted: boolean) => void;
}

/** Which button is saving: 保存草稿 or the one that also runs the action. */
export type DocDraftSaving = 'draft' | 'action' | null;

export interface DocDraft<V> {
  kind: StockDocKind;
  docId: number | null;
  form: FormInstance<V>;
  existing: ReturnType<typeof useDocDetail>;
  /** the loaded draft (null while loading, or for a new document) */
  current: StockDocDetail | null;
  error: string | null;
  setError: (error: string | null) => void;
  saving: DocDraftSaving;
  /** validate, save (create with an Idempotency-Key, or update) and, with `act`, run the action */
  save: (act: boolean) => Promise<void>;
}

const submitFailed = (msg: string) => `草稿已保存，但提交失败：${msg}`;

/**
 * The save flow every document form shares. A failed save keeps every input and shows the server's
 * message; a save that created the draft but failed the action edits that draft on the next click.
 */
export function useDocDraft<V>({ kind, docId, form, fill, check, body, reset, action = 'submit', actionFailed = submitFailed, onSaved }: DocDraftOptions<V>): DocDraft<V> {
  const client = useQueryClient();
  const api = useMemo(() => stockDocsApi(kind), [kind]);
  const [savedId, setSavedId] = useState<number | null>(docId);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<DocDraftSaving>(null);
  const loaded = useRef<number | null>(null);
  const existing = useDocDetail(kind, docId);
  const current = existing.data && existing.data.id === docId ? existing.data : null;

  // an edited draft fills the form once (a later refetch must not overwrite what is typed)
  useEffect(() => {
    if (!current || loaded.current === current.id) return;
    loaded.current = current.id;
    fill(current);
  }, [current, fill]);

  const save = async (act: boolean) => {
    setError(null);
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const problem = check?.(values) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(act ? 'action' : 'draft');
    const input = body(values);
    let id = savedId;
    const creating = savedId === null;
    try {
      let detail = id ? await api.update(id, input, INLINE_ERROR) : await api.create(input, newIdempotencyKey(), INLINE_ERROR);
      id = detail.id;
      setSavedId(id);
      if (act) detail = await api.action(id, action, {}, newIdempotencyKey(), INLINE_ERROR);
      keepDocAnswer(client, detail);
      if (docId === null) {
        // a kept-alive 新增 page starts over for the next document
        form.resetFields();
        reset?.();
        setSavedId(null);
      }
      onSaved(detail, act);
    } catch (e) {
      const msg = e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e);
      setError(creating && id ? actionFailed(msg) : msg);
    } finally {
      setSaving(null);
    }
  };

  return { kind, docId, form, existing, current, error, setError, saving, save };
}
