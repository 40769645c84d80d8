import EnConstruccion from '../EnConstruccion';

export default function Admin() {
  return <EnConstruccion title="Administración de Notarías" />;
}
