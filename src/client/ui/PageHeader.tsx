import type { ReactNode } from 'react';

/** The band at the top of a content page: its one h1 and a short introduction. */
export function PageHeader({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        <p>{intro}</p>
      </div>
    </header>
  );
}
