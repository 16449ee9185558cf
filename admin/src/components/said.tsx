import { problem } from '../lib/format';

/** How an action went, in words: done (a status the screen reader announces) or refused (an alert). */
export type Message = { ok: boolean; text: string } | null;

/** An action's outcome, said where it happened; nothing before it has one. */
export function Said({ message }: { message: Message }) {
  return message ? (
    <p className={message.ok ? undefined : 'admin-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  ) : null;
}

/**
 * Says how actions go, through `setMessage`: an action (its promise) said `done` once it has, or refused in the
 * api's words (`failed` when there are none).
 */
export function saying(setMessage: (m: Message) => void, failed: string) {
  return (run: Promise<unknown>, done: string) =>
    run.then(
      () => setMessage({ ok: true, text: done }),
      (err: unknown) => setMessage({ ok: false, text: problem(err) ?? failed }),
    );
}
