import EnConstruccion from '../EnConstruccion';

export default function Servicios() {
  return <EnConstruccion title="Servicios Notariales" />;
}
