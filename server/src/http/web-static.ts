import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    sendSpa(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and any other non-API GET answered with index.html so deep links work. The build writes a .br and a
 * .gz beside every asset (web/compress-dist.mjs): the one the client accepts is sent as it is, with
 * Content-Encoding and Vary: Accept-Encoding, never compressed again per request.
 */
export async function registerWebStatic(app: FastifyInstance, webDir: string): Promise<void> {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir }, 'web app not built: serving the API only');
    return;
  }
  const indexHtml = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // the compressed siblings are chosen by Accept-Encoding, never asked for by name
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('sendSpa', (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml),
  );
}
