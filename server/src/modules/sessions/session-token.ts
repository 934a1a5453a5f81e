import { createHash, randomBytes } from 'node:crypto';

/** 128-bit random session id from the secure generator; only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(16).toString('hex');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedToken(token: string): boolean {
  return /^[0-9a-f]{32}$/.test(token);
}
