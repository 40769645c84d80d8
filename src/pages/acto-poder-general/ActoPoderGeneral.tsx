import EnConstruccion from '../EnConstruccion';

export default function ActoPoderGeneral() {
  return <EnConstruccion title="Poder General" />;
}
