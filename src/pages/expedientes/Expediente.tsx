import EnConstruccion from '../EnConstruccion';

export default function Expediente() {
  return <EnConstruccion title="Expediente" />;
}
