/** Identity levels as the portal shows them (server/auth/identidad.ts decides them). */
export interface IdentidadDto {
  nivel: 'correo' | 'probada';
  metodo?: 'invitacion' | 'certificado' | 'oficina';
  detalle?: string;
  probadoAt?: string;
  probadoPor?: string;
}

const METODO: Record<NonNullable<IdentidadDto['metodo']>, string> = {
  invitacion: 'por invitación a su email',
  certificado: 'con certificado digital',
  oficina: 'en la notaría',
};

/** 'Identidad verificada en la notaría (videoconferencia) por Lucía Fernández Ruiz el 26/11/2026'. */
export function describirIdentidad(i: IdentidadDto): string {
  if (i.nivel !== 'probada' || !i.metodo) return 'Su identidad no está verificada todavía: su cuenta solo ha comprobado su email. Puede verificarla en su notaría.';
  const como = i.metodo === 'oficina' && i.detalle ? ` (${i.detalle})` : '';
  const quien = i.probadoPor ? ` por ${i.probadoPor}` : '';
  const cuando = i.probadoAt ? ` el ${new Date(i.probadoAt).toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' })}` : '';
  return `Identidad verificada ${METODO[i.metodo]}${como}${quien}${cuando}.`;
}

export interface ConflictoIdentidadDto {
  tipoDocumento: string;
  numeroDocumento: string;
  personaAnterior: string;
  personaActual: string | null;
  desplazadoAt: string;
}
