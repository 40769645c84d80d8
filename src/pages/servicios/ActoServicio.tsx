import EnConstruccion from '../EnConstruccion';

export default function ActoServicio() {
  return <EnConstruccion title="Acto" />;
}
