import { DocumentosCaso } from '../../../expediente/EscriturasTab';

/** The case's documents as the office sees them: upload, list, download. */
export default function DocumentosDespacho({ expedienteId }: { expedienteId: string }) {
  return <DocumentosCaso expedienteId={expedienteId} lado="NOTARIA" />;
}
