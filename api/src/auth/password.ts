import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum memory cost (19 MiB, 2 passes): memory-hard, ~20 ms here.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Checked against when the e-mail is unknown, so a miss costs the same time as a wrong password.
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-just-for-timing');
  return dummy;
}
