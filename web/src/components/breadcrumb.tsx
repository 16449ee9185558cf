import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { useHead } from '../lib/head';
import { breadcrumbLd } from '../lib/seo';

/** 'Home / {title}' on inner pages; also names the page (title, canonical URL, BreadcrumbList data). */
export function Breadcrumb({ title }: { title: string }) {
  const { pathname, search } = useLocation();
  useHead({ title, path: pathname + search, jsonLd: [breadcrumbLd(title, pathname)] });
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <p className="container">
        <Link to={ROUTES.home}>Home</Link> / <span aria-current="page">{title}</span>
      </p>
    </nav>
  );
}
