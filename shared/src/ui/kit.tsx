import { localizeApiMessage } from '../i18n/api-messages';
import { useSharedT } from '../i18n/shared-catalog';
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/**
 * The UI kit: small accessible building blocks whose look comes from the shell's stylesheet
 * (class names prefixed `bl-`). Every input has a visible label, so screen readers and tests
 * find it by role and name.
 */

/** A button; `variant` picks the look. */
export function Button({ variant = 'primary', className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'link' }) {
  return <button type="button" className={`bl-btn bl-btn--${variant}${className ? ` ${className}` : ''}`} {...rest} />;
}

/** A labelled text input with an optional hint and its validation message. */
export function TextField({ label, error, hint, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | false; hint?: ReactNode }) {
  const id = useId();
  useSharedT(); // a validation message is the API's words: shown in the page's language, re-rendered on a switch
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="bl-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {hint ? (
        <span id={hintId} className="bl-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="bl-field__error" role="alert">
          {localizeApiMessage(error)}
        </span>
      ) : null}
    </div>
  );
}

/** A page section with a heading. */
export function Page({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="bl-page" aria-labelledby="bl-page-title">
      <header className="bl-page__head">
        <h1 id="bl-page-title">{title}</h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** A loading indicator announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const t = useSharedT();
  return (
    <div className="bl-spinner" role="status" aria-live="polite">
      <span className="bl-spinner__dot" aria-hidden="true" />
      {label ?? t('loading')}
    </div>
  );
}

/** Shown in place of a list that has no rows. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="bl-empty">{children}</p>;
}

/** A labelled select in the kit's field style. */
export function SelectField({ label, options, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const id = useId();
  return (
    <div className="bl-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The end of a form: the server's refusal of the last submission (an alert), then the actions —
 * Cancel when the form can be left, and the submit button; both wait while it submits.
 */
export function FormFooter({ error, submitting, submitLabel, onCancel }: { error?: unknown; submitting: boolean; submitLabel: ReactNode; onCancel?: () => void }) {
  const t = useSharedT();
  return (
    <>
      {typeof error === 'string' && error.length > 0 ? (
        <p className="bl-form-error" role="alert">
          {localizeApiMessage(error)}
        </p>
      ) : null}
      <div className="bl-form-actions">
        {onCancel !== undefined ? (
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            {t('cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
