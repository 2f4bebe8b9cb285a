import type { FormEvent, ReactNode } from 'react';
import classes from '../sign-in.module.css';

/** The frame of the sign-in pages' forms: the page title, an optional intro, then the fields. */
export function AuthForm({
  title,
  intro,
  onSubmit,
  children,
}: {
  title: string;
  intro?: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={classes.form}>
      <h1 className={classes.title}>{title}</h1>
      {intro && <p className={classes.intro}>{intro}</p>}
      {children}
    </form>
  );
}
