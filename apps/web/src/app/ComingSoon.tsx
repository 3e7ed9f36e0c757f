import type { ReactNode } from 'react';

/** An honest empty frame for a screen a later issue builds: a title and nothing that pretends. */
export function ComingSoonPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <title>{title}</title>
      <h1 id="coming-soon-title">{title}</h1>
      <p>{children ?? 'Coming soon. This part of the platform is not open yet.'}</p>
    </section>
  );
}
