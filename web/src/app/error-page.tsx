import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MESSAGES } from '../config/messages';

/** The router's fallback: the status and status text, or the message, or the error itself. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

export function ErrorPage() {
  const error = useRouteError();
  return (
    <div className="container error-page" role="alert">
      <h1>{MESSAGES.unexpectedError}</h1>
      <p>{describeError(error)}</p>
      <a href="/">Back to the shop</a>
    </div>
  );
}
