import EnConstruccion from '../EnConstruccion';

export default function Copias() {
  return <EnConstruccion title="En construcción" />;
}
