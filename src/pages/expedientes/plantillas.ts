import { useEffect, useState } from 'react';
import { supabaseClient } from '../../../providers/supabase-client';
import { session } from '../../../providers/session';

export interface Plantilla {
  id: number;
  nombre: string;
  plantilla: string;
  acto_id: number | null;
  definicionactoid: number | null;
}

/**
 * The templates of an act at a notaría (idint), through the template-operations function
 * (loadTemplates). Loaded only while `activo`; a failure leaves the list empty and is reported.
 */
export function usePlantillas(actoId: number | undefined, notariaId: number, activo: boolean) {
  const [estado, setEstado] = useState<{ plantillas: Plantilla[]; cargando: boolean; error: boolean }>({ plantillas: [], cargando: false, error: false });
  useEffect(() => {
    if (!activo || !actoId) return;
    let vigente = true;
    setEstado({ plantillas: [], cargando: true, error: false });
    const { token, idPersona } = session.get();
    supabaseClient.functions
      .invoke<{ data: Plantilla[] }>('template-operations', {
        body: { action: 'loadTemplates', authToken: token, idPersona, actoId, notariaId },
      })
      .then(({ data, error }) => {
        if (!vigente) return;
        if (error || !Array.isArray(data?.data)) setEstado({ plantillas: [], cargando: false, error: true });
        else setEstado({ plantillas: data.data, cargando: false, error: false });
      })
      .catch(() => vigente && setEstado({ plantillas: [], cargando: false, error: true }));
    return () => {
      vigente = false;
    };
  }, [actoId, notariaId, activo]);
  return estado;
}
