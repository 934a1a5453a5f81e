/** Calls the API of a test server directly (setup steps a person would do elsewhere, e.g. approvals). */
export async function api<T = any>(baseUrl: string, path: string, init: { method?: string; body?: unknown; session?: string } = {}): Promise<T> {
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

/** Submits a registration (SMS code read from the dev outbox); returns nothing, it waits for approval. */
export async function registerApplicant(
  baseUrl: string,
  applicant: { account: string; phone: string; applicantType: 'shop' | 'agent' | 'supplier'; businessName: string; contactName: string; password?: string },
): Promise<void> {
  await api(baseUrl, `/auth/sms_code/${applicant.phone}?purpose=register`);
  const outbox: { purpose: string; code: string }[] = await api(baseUrl, `/dev/sms-outbox?phone=${applicant.phone}`);
  const smsCode = outbox.filter((m) => m.purpose === 'register').at(-1)?.code;
  if (!smsCode) throw new Error(`no register code sent to ${applicant.phone}`);
  const { account, password = 'Erp-2026x', ...rest } = applicant;
  await api(baseUrl, '/user/register', { method: 'POST', body: { username: account, password, smsCode, ...rest } });
}

/** Signs in through the API and returns the session id. */
export async function apiLogin(baseUrl: string, account: string, password = 'Erp12345'): Promise<string> {
  const data = await api<{ session: string }>(baseUrl, '/auth/login', { method: 'POST', body: { account, password } });
  return data.session;
}
