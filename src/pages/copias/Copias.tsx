import EnConstruccion from '../EnConstruccion';

/** /copias: the spec's placeholder. */
export default function Copias() {
  return <EnConstruccion title="Copias" />;
}
