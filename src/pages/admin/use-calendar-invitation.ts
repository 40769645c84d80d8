import { useState } from 'react';
import { useNotification } from '@refinedev/core';

export interface InvitationRequest {
  notarioId: number;
  notarioName: string;
  notarioEmail: string;
  calendarType: string;
  notariaName: string;
}

/** Why a call to the function failed: its JSON message (an HTTP error's context is the answer), or a connection problem. */
async function failureText(error: unknown): Promise<string> {
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const body = (await context.json().catch(() => null)) as { message?: string } | null;
    if (body?.message) return body.message;
  }
  return 'Error de conexión';
}

/**
 * Sends a staff member the calendar invitation (function send-calendar-invitation) and shows
 * its answer: 'No es necesario' for the built-in calendar, the sent e-mail, or the error.
 */
export function useCalendarInvitation() {
  const { open: notify } = useNotification();
  const [sending, setSending] = useState(false);

  const send = async (request: InvitationRequest) => {
    setSending(true);
    try {
      // the functions client loads with the first invitation
      const { supabaseFunctions } = await import('../../../providers/supabase-functions');
      const { data, error } = await supabaseFunctions.invoke<{ message?: string; sent?: boolean }>('send-calendar-invitation', {
        body: request,
      });
      if (error) {
        notify?.({ type: 'error', message: 'Error al enviar invitación', description: await failureText(error) });
      } else if (data?.sent) {
        notify?.({ type: 'success', message: 'Invitación enviada', description: data.message });
      } else {
        notify?.({ type: 'success', message: data?.message ?? 'No es necesario' });
      }
    } catch {
      notify?.({ type: 'error', message: 'Error al enviar invitación', description: 'Error de conexión' });
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}
