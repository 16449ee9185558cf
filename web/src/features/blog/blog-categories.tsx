import { BLOG_CATEGORIES } from '../../config/constants';

/** The blog's categories beside the list and each post (spec §2). */
export function BlogCategories() {
  return (
    <aside className="filter-card" aria-label="Find By Categories">
      <h2>Find By Categories</h2>
      <ul>
        {BLOG_CATEGORIES.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </aside>
  );
}
