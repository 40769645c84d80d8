import type { Endpoint } from './endpoint';
import { actos, expedientes } from './expedientes';
import { meta } from './meta';
import { acceso, certificados, eventos, llaves, sesiones } from './acceso';
import { despacho } from './despacho';
import { borradores, copias, copiasElectronicas, documentos, mensajes } from './documentos';
import { personas } from './personas';
import { privilegios } from './privilegios';
import { clientes } from './clientes';
import { legado } from './legado';
import { identidad } from './identidad';
import { notificaciones } from './notificaciones';
import { auditoria } from './auditoria';
import { privacidad, privacidadDespacho } from './privacidad';

/**
 * Every endpoint of the services API, by group: the one list the server mounts, the OpenAPI
 * document describes and the tests sweep. A new endpoint is declared in its group's file.
 */
export const API = {
  meta, acceso, llaves, sesiones, certificados, eventos, expedientes, actos, despacho, documentos, copias, mensajes, borradores, copiasElectronicas,
  personas, privilegios, clientes, legado, identidad, notificaciones, auditoria, privacidad, privacidadDespacho,
} satisfies Record<string, Record<string, Endpoint>>;

export const ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((group) => Object.values(group) as Endpoint[]);
