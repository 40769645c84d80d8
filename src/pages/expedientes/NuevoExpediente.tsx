import EnConstruccion from '../EnConstruccion';

export default function NuevoExpediente() {
  return <EnConstruccion title="Nuevo Expediente" />;
}
