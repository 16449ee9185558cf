import { Link } from 'react-router-dom';
import { Breadcrumb } from './breadcrumb';
import { useNotFoundStatus } from '../lib/head';
import { MESSAGES } from '../config/messages';
import { ROUTES } from '../config/routes';

export function NotFoundPage() {
  useNotFoundStatus();
  return (
    <>
      <Breadcrumb title="Not Found" />
      <section className="container page-section empty-state">
        <h1>{MESSAGES.notFound}</h1>
        <Link to={ROUTES.store} className="button">
          Browse the store
        </Link>
      </section>
    </>
  );
}
