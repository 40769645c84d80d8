import { Suspense, use, type ReactNode } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { isCatalogue, type CatalogueConfig, type ResourceConfig } from '../../domain/resource';
import ResourceList from './ResourceList';
import Loading from '../shell/Loading';

/**
 * Each declaration file, loaded on demand (resources/<file>.ts exports its declaration as default);
 * not the registry and what the build derives from it, which the portal imports as they are (a
 * module loaded on demand too would be a chunk of its own).
 */
const files = import.meta.glob<ResourceConfig | undefined>(
  ['../../resources/*.ts', '!../../resources/{index,refine,page-routes,admin,servicios-url,pages,fixtures}.ts'],
  { import: 'default' },
);

const loading = new Map<string, Promise<CatalogueConfig | undefined>>();

/**
 * The catalogue declared as `name`, with its schemas: the file named after it when it declares it
 * (tipos_asunto → resources/tipos-asunto.ts), otherwise the whole registry (a declaration in a
 * file of another name). One promise per name, so use() waits on the same one; one that failed
 * (the network) is tried again the next time.
 */
function declaracion(name: string): Promise<CatalogueConfig | undefined> {
  let promise = loading.get(name);
  if (!promise) {
    const file = files[`../../resources/${name.replaceAll('_', '-')}.ts`];
    promise = (file ? file() : Promise.resolve(undefined))
      .then(async (config) => (config?.name === name && isCatalogue(config) ? config : (await import('../../resources')).catalogueConfig(name)))
      .catch((error: unknown) => {
        loading.delete(name);
        throw error;
      });
    loading.set(name, promise);
  }
  return promise;
}

type Props = { name: string; rowActions?: (record: BaseRecord) => ReactNode };

/**
 * The generated list of the catalogue `name`, once its declaration has arrived ('Cargando...'
 * meanwhile): a page that names its catalogues as data (resources/admin.ts) loads the one it
 * shows, not the registry with every schema.
 */
export default function ListaDeclarada(props: Props) {
  return (
    <Suspense fallback={<Loading />}>
      <Lista {...props} />
    </Suspense>
  );
}

function Lista({ name, rowActions }: Props) {
  const config = use(declaracion(name));
  return config ? <ResourceList config={config} rowActions={rowActions} /> : null;
}
