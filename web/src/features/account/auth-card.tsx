import { Breadcrumb } from '../../components/breadcrumb';
import { shopperMessage } from '../../lib/shopper-message';
import './account.css';

/** A refusal in the shop's words, never the client library's (lib/shopper-message.ts). */
export const serverMessage = (err: unknown) => shopperMessage(err);

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <Breadcrumb title={title} />
      <section className="container auth-wrapper">
        <div className="auth-card">
          <h1>{title}</h1>
          {children}
        </div>
      </section>
    </>
  );
}

/** A form's buttons: its submit, held while the request is out, then whatever goes beside it. */
export function AuthActions({ submit, loading, children }: { submit: string; loading: boolean; children?: React.ReactNode }) {
  return (
    <div className="auth-actions">
      <button type="submit" className="button" disabled={loading}>
        {submit}
      </button>
      {children}
    </div>
  );
}
