import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../config/routes';

/** 'Home / {title}' on inner pages; also names the browser tab. */
export function Breadcrumb({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | Digitic`;
  }, [title]);
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <p className="container">
        <Link to={ROUTES.home}>Home</Link> / <span aria-current="page">{title}</span>
      </p>
    </nav>
  );
}
