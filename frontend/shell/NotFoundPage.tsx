import { useEffect } from 'react';
import { Link } from 'wouter';
import { generalMessages } from '#shared/messages/general';
import { paths } from '../app/routing';

export function NotFoundPage() {
  useEffect(() => {
    document.title = `${generalMessages.notFoundPage} — Parti`;
  }, []);
  return (
    <section className="page page--not-found">
      <h1>{generalMessages.notFoundPage}</h1>
      <p>
        <Link href={paths.landing}>Back to Parti</Link>
      </p>
    </section>
  );
}
