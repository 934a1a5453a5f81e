/** Calls the API of a test server directly (setup steps a person would do elsewhere, e.g. approvals). */
export async function api<T = any>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; session?: string } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.session ? { session: init.session } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await res.json();
  if (body.code !== '201') throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data as T;
}
