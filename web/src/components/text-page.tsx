import { Breadcrumb } from './breadcrumb';

/** A page of text under the shop's breadcrumb: the about, support and policy pages. */
export function TextPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <>
      <Breadcrumb title={title} />
      <section className="container page-section">
        <h1>{title}</h1>
        {children}
      </section>
    </>
  );
}
