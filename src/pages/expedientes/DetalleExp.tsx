import EnConstruccion from '../EnConstruccion';

export default function DetalleExp() {
  return <EnConstruccion title="Solicitar copia" />;
}
