import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

// JSON, HTML, JS, CSS, SVG, CSV, XML and plain text shrink; images, videos, xlsx and zip do not
const COMPRESSIBLE = /^(application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|text\/[\w.+-]+|image\/svg\+xml)\b/i;

export type ContentEncoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts (br before gzip), honouring q-values and `*`; null for
 * identity. `Accept-Encoding: br;q=0, *` means gzip; no header means identity.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  for (const name of ['br', 'gzip'] as const) if (weightOf(name) > 0) return name;
  return null;
}

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current ? String(current) : '';
  if (value.split(',').some((token) => ['accept-encoding', '*'].includes(token.trim().toLowerCase()))) return;
  reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding');
}

/**
 * Compresses JSON and other text answers of at least 1 kB (brotli at a fast level, else gzip).
 * Streams (static files: the web app's are precompressed at build time, uploads are images and
 * videos) and answers that already carry a Content-Encoding pass through untouched.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    addVary(reply);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_THRESHOLD) return payload;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
