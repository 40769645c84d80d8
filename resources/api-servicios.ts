import type { ServiciosConfig } from '../domain/resource';
import expedientes from './expedientes';
import actos from './actos';
import personas from './personas';
import privilegios from './privilegios';
import documentos from './documentos';
import copias from './copias';
import mensajes from './mensajes';
import borradores from './borradores';
import copiasElectronicas from './copias-electronicas';
import privacidad from './privacidad';
import { despachoCitas, despachoExpedientes } from './despacho';

/**
 * The resources of the services API: the part of the registry (resources/index.ts) the server
 * reads too, to serve each declaration with `crud` through the generic handler
 * (server/routes/recursos.ts). A new services resource is one line here. No icons or other UI
 * here: the server imports this file.
 */
export const serviciosResources: ServiciosConfig[] = [
  expedientes,
  actos,
  personas,
  privilegios,
  documentos,
  copias,
  mensajes,
  borradores,
  copiasElectronicas,
  privacidad,
  despachoExpedientes,
  despachoCitas,
];
