import { useMemo } from 'react';
import { useTranslate } from '@refinedev/core';
import { resourceMessages, type CatalogueConfig, type ResourceMessages } from '../../domain/resource';

/** The messages of a resource: its declared ones, else derived from its labels through the i18nProvider. */
export function useResourceMessages(config: Pick<CatalogueConfig, 'labels' | 'messages'>): ResourceMessages {
  const translate = useTranslate();
  return useMemo(
    () => resourceMessages(config, (key, params, fallback) => translate(key, params, fallback)),
    [config, translate],
  );
}
