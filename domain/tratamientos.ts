import type { Tratamiento } from './resource';

/**
 * Phrases the resources' declarations of processing (RGPD art. 30) share: said once here, used
 * beside each resource in resources/*.ts.
 */
export const BASE_CONTRATO = 'Ejecución de los servicios que la persona solicita (RGPD art. 6.1.b)';
export const BASE_LEGAL_NOTARIAL = 'Obligación legal del notario (RGPD art. 6.1.c): Ley del Notariado, Reglamento Notarial y Ley 10/2010 de prevención del blanqueo de capitales';
export const SIN_CESIONES = 'Personal de la notaría; Administraciones Públicas, registros y Consejo General del Notariado cuando lo exija la ley';
export const CONSERVACION_BLOQUEO =
  'Mientras dure la relación; tras una supresión aceptada, bloqueados durante los plazos legales (RETENCION_FICHAS_DIAS, por defecto 10 años) y después destruidos';
export const CONSERVACION_PROTOCOLO = 'Indefinida: forma parte del protocolo notarial; tras una supresión aceptada queda bloqueado, nunca destruido';

export const tratamiento = (t: Tratamiento): Tratamiento => t;
