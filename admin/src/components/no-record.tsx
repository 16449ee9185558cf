import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { problem } from '../lib/format';

/**
 * What a record's page says in its place: still loading, else the query's refusal, else that there is no such
 * record (`missing`, then the link to go on with, if any).
 */
export function NoRecord({
  loading,
  error,
  missing,
  link,
}: {
  loading: boolean;
  error?: unknown;
  missing: ReactNode;
  link?: { to: string; text: string };
}) {
  if (loading) return <p>Loading…</p>;
  if (error) return <p role="alert">{problem(error)}</p>;
  return (
    <p>
      {missing}
      {link && (
        <>
          {' '}
          <Link to={link.to}>{link.text}</Link>
        </>
      )}
    </p>
  );
}
