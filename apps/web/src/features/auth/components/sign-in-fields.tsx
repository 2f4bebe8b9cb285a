import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../sign-in.module.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A labelled input of the sign-in page, marked required, its error below it and announced with it. */
function Field({
  label,
  error,
  required,
  control,
  id,
}: {
  label: string;
  error?: string;
  required?: boolean;
  control: ReactNode;
  id: string;
}) {
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden>
            *
          </span>
        )}
      </label>
      {control}
      {error && (
        <p className={classes.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function inputProps(id: string, error: string | undefined) {
  return { id, className: classes.input, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

export function TextField({ label, error, required, ...input }: FieldProps) {
  const id = useId();
  return (
    <Field
      label={label}
      error={error}
      required={required}
      id={id}
      control={<input type="text" required={required} {...input} {...inputProps(id, error)} />}
    />
  );
}

/**
 * The password with its show/hide toggle. The toggle gets its own label so that only the field itself answers to
 * "password" for assistive technology.
 */
export function PasswordField({ label, error, required, ...input }: FieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? IconEyeOff : IconEye;
  return (
    <Field
      label={label}
      error={error}
      required={required}
      id={id}
      control={
        <div className={classes.control}>
          <input type={visible ? 'text' : 'password'} required={required} {...input} {...inputProps(id, error)} />
          <button
            type="button"
            className={classes.toggle}
            aria-label={t('login.showCharacters')}
            aria-pressed={visible}
            onClick={() => setVisible(!visible)}
          >
            <Icon size={18} aria-hidden />
          </button>
        </div>
      }
    />
  );
}

/** The submit (or another action) of the sign-in page, with its busy state. */
export function SubmitButton({ busy, disabled, children }: { busy?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={classes.button} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? <span className={classes.spinner} aria-hidden /> : children}
      {busy && <span className={classes.visuallyHidden}>{children}</span>}
    </button>
  );
}
