import EnConstruccion from '../EnConstruccion';

export default function Citas() {
  return <EnConstruccion title="Citas" />;
}
