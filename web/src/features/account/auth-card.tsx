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
