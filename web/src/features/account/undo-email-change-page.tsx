import type { ApolloError } from '@apollo/client';
import { useLayoutEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useUndoEmailChangeMutation } from './__generated__/undo-email-change';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { endSession } from '../../lib/session';
import { storedToken } from '../../lib/storage';
import { AuthCard } from './auth-card';
import type { ErrorCode } from '../../__generated__/schema-enums';
import './account.css';

// Not in the spec: the page of the link mailed to the address an e-mail change left.
const EXPLAINED =
  "Your account's e-mail address was changed. If you did not do it, put your old address back: everyone signed in to the account is signed out and its password stops working, so you then choose a new one with Forgot Password.";

const ACTIONABLE: readonly string[] = ['BAD_USER_INPUT', 'CONFLICT', 'RATE_LIMITED'] satisfies ErrorCode[];

/** The server's words when it refused for a reason the reader can act on (a used or expired link, too many tries). */
function refusal(err: ApolloError | undefined): string | null {
  const first = err?.graphQLErrors?.[0];
  if (!first) return err ? MESSAGES.somethingWrongBang : null;
  return ACTIONABLE.includes(String(first.extensions?.code)) ? first.message : MESSAGES.somethingWrongBang;
}

/** Nothing changes until the button is pressed: mail scanners open links. */
export function UndoEmailChangePage() {
  const { token = '' } = useParams();
  const [undo, { loading, data, error }] = useUndoEmailChangeMutation();
  // The change this link undoes ended this browser's session, if it had one: forgotten before the header's
  // query with that token comes back refused and sends the reader to the login page, away from this link.
  useLayoutEffect(() => {
    if (storedToken()) endSession();
  }, []);
  const done = data?.undoEmailChange.message;
  const problem = refusal(error);
  return (
    <AuthCard title="Undo E-mail Change">
      {done ? (
        <p role="status">{done}</p>
      ) : (
        <>
          <p className="muted">{EXPLAINED}</p>
          {problem && (
            <p role="alert" className="field-error">
              {problem}
            </p>
          )}
          <div className="auth-actions">
            <button
              type="button"
              className="button"
              disabled={loading}
              onClick={() => void undo({ variables: { token } }).catch(() => undefined)}
            >
              Put my old e-mail back
            </button>
          </div>
        </>
      )}
      <div className="auth-actions">
        <Link to={ROUTES.forgotPassword}>Forgot Password?</Link>
        <Link to={ROUTES.login}>Login</Link>
      </div>
    </AuthCard>
  );
}
