import type { StockDocKind, StockDocLineInput } from '@erp/shared';
import type { TestApp } from '../../../test/test-app.ts';
import type { DocHeaderInput } from './kind-spec.ts';

// Helpers of the stock document tests (not a test file itself).

export const DOCS_API = '/api/admin/api/v1/stock-docs';

export type Call = Awaited<ReturnType<TestApp['call']>>;

export function docsClient(t: TestApp) {
  const create = (kind: StockDocKind, session: string, header: DocHeaderInput, lines: StockDocLineInput[]) =>
    t.call({ method: 'POST', url: `${DOCS_API}/${kind}`, session, payload: { header, lines } });
  const update = (kind: StockDocKind, session: string, id: number, header: DocHeaderInput, lines: StockDocLineInput[]) =>
    t.call({ method: 'PUT', url: `${DOCS_API}/${kind}/${id}`, session, payload: { header, lines } });
  const act = (kind: StockDocKind, session: string, id: number, action: string, body: object = {}, key?: string) =>
    t.call({ method: 'POST', url: `${DOCS_API}/${kind}/${id}/${action}`, session, payload: body, headers: key ? { 'idempotency-key': key } : {} });
  const get = (kind: StockDocKind, session: string, id: number) => t.call({ method: 'GET', url: `${DOCS_API}/${kind}/${id}`, session });
  const page = (kind: StockDocKind, session: string, query = '') => t.call({ method: 'GET', url: `${DOCS_API}/${kind}/page?limit=100${query}`, session });
  const scan = (kind: StockDocKind, session: string, id: number, body: { barcode: string; boxNo?: string; shelfId?: number | null; undo?: boolean }) =>
    t.call({ method: 'POST', url: `${DOCS_API}/${kind}/${id}/scan`, session, payload: body });
  const scans = (kind: StockDocKind, session: string, id: number) => t.call({ method: 'GET', url: `${DOCS_API}/${kind}/${id}/scans`, session });

  /** Creates a draft and answers its id; throws with the answer when refused. */
  const draft = async (kind: StockDocKind, session: string, header: DocHeaderInput, lines: StockDocLineInput[]): Promise<number> => {
    const res = await create(kind, session, header, lines);
    if (res.status !== 200) throw new Error(`create ${kind}: ${res.status} ${res.raw}`);
    return res.body.data.id as number;
  };
  /** Creates, submits and posts; answers the id. */
  const posted = async (kind: StockDocKind, session: string, header: DocHeaderInput, lines: StockDocLineInput[]): Promise<number> => {
    const id = await draft(kind, session, header, lines);
    for (const action of ['submit', 'post']) {
      const res = await act(kind, session, id, action);
      if (res.status !== 200) throw new Error(`${action} ${kind} ${id}: ${res.status} ${res.raw}`);
    }
    return id;
  };
  return { create, update, act, get, page, scan, scans, draft, posted };
}

/** Status and message of an answer, for one-line expectations. */
export const answer = (res: Call) => [res.status, res.body?.msg];
