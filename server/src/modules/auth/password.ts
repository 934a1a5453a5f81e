import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id, t=2, m=19 MiB, p=1 (OWASP minimum, DESIGN §4a)
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, timeCost: 2, memoryCost: 19_456, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against the stored hash, or against a dummy hash when the account is unknown,
 * so both cases cost the same time and answer alike.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
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
