import EnConstruccion from '../EnConstruccion';

export default function ConfigurarCalendario() {
  return <EnConstruccion title="Configurar calendario" />;
}
