import EnConstruccion from '../EnConstruccion';

export default function Expedientes() {
  return <EnConstruccion title="Expedientes" />;
}
