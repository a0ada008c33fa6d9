import { useEffect } from 'react';

/** A page not built yet: it names itself so the route table can be walked and tested. */
export function PlaceholderPage({ title, children }: { title: string; children?: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} — Parti`;
  }, [title]);
  return (
    <section className="page page--placeholder">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
