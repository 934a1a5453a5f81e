import { randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id, t=2, m=19 MiB, p=1 (OWASP minimum, DESIGN §4a)
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, timeCost: 2, memoryCost: 19_456, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;
let verifications = 0;

/** How many argon2 verifications this process has run (a sign-in's cost, counted rather than timed). */
export function passwordVerifications(): number {
  return verifications;
}

/**
 * Verifies against the stored hash, or against a dummy hash when the account is unknown,
 * so both cases cost the same time and answer alike.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  verifications += 1;
  if (storedHash === null) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#$%&*+=?';

/** 12 characters from all four classes (the reset rule), without look-alikes such as l/1, O/0. */
export function temporaryPassword(): string {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[randomInt(set.length)]!);
  const chars = [...pick(UPPER, 3), ...pick(LOWER, 4), ...pick(DIGITS, 3), ...pick(SYMBOLS, 2)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
