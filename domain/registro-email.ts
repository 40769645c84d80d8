import { z } from 'zod';
import { LOGIN_MENSAJES } from './login-rules';

/**
 * The registration e-mail: trimmed, required, a valid address. Apart from login-rules so that the
 * login's first step, which never asks for an e-mail, loads no zod.
 */
export const registroEmailSchema = z
  .string()
  .trim()
  .min(1, LOGIN_MENSAJES.emailObligatorio)
  .pipe(z.email(LOGIN_MENSAJES.emailInvalido));

/** The registration e-mail's message, or null when it is valid. */
export function registroEmailError(email: string): string | null {
  const result = registroEmailSchema.safeParse(email);
  return result.success ? null : (result.error.issues[0]?.message ?? LOGIN_MENSAJES.emailInvalido);
}
