import { Breadcrumb } from '../../components/breadcrumb';
import { MESSAGES } from '../../config/messages';
import './account.css';

/** What a failed request says to the shopper: the server's own message, else the spec's generic one. */
export const serverMessage = (err: unknown) => (err instanceof Error ? err.message : MESSAGES.somethingWrongBang);

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
