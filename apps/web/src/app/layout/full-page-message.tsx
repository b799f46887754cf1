import type { ReactNode } from 'react';

/** A message that is the whole page (an error, a missing page, a reload under way): its text, then its actions. */
export function FullPageMessage({
  role,
  icon,
  title,
  text,
  children,
}: {
  role?: 'status' | 'alert';
  icon?: string;
  title?: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <section className="full-page-message" role={role}>
      {icon ? (
        <div className="full-page-message__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      {title ? <h1 className="full-page-message__title">{title}</h1> : null}
      <p className="full-page-message__text">{text}</p>
      {children}
    </section>
  );
}
