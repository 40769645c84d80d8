import { CopiasCaso } from '../../../expediente/EscriturasTab';

/** The copies the client requested of this case: in preparation, delivered with its PDF, or refused with a reason. */
export default function CopiasDespacho({ expedienteId }: { expedienteId: string }) {
  return <CopiasCaso expedienteId={expedienteId} lado="NOTARIA" />;
}
