import type { ReactNode } from 'react';

/**
 * A labelled field of the login card, laid out like antd's vertical form items. The login page
 * does without antd's Form, Input and Select: they would double the JS of the first page a visitor opens.
 */
export default function Field(props: { id: string; label: string; error?: string | null; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className={props.error ? 'login-field login-field-error' : 'login-field'}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error && (
        <div id={`${props.id}-error`} className="login-help">
          {props.error}
        </div>
      )}
      {props.extra && <div className="login-extra">{props.extra}</div>}
    </div>
  );
}

/** The look of an antd large input, and the aria attributes tying it to its Field's error. */
export const inputProps = (id: string, error: string | null | undefined, extraClass = '') => ({
  className: ['login-input', error ? 'login-input-error' : '', extraClass].filter(Boolean).join(' '),
  ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { 'aria-invalid': false }),
});
