import type { Labels, ResourceMessages } from './resource';

/**
 * A resource's messages (toasts, list errors): what its declaration states, else derived from its
 * labels and their gender through the i18nProvider's translate function.
 */

/** A translate function (the i18nProvider's): key, parameters, fallback text. */
export type Translate = (key: string, params?: Record<string, unknown>, fallback?: string) => string;

/** Spanish defaults by gender, used when no translate function (or key) is at hand. */
export const MESSAGE_TEMPLATES: Record<string, string> = {
  'resources.saveError.f': 'No se pudo guardar la {{singular}}',
  'resources.saveError.m': 'No se pudo guardar el {{singular}}',
  'resources.deleteError.f': 'No se pudo eliminar la {{singular}}',
  'resources.deleteError.m': 'No se pudo eliminar el {{singular}}',
  'resources.saved.f': '{{Singular}} guardada',
  'resources.saved.m': '{{Singular}} guardado',
  'resources.deleted.f': '{{Singular}} eliminada',
  'resources.deleted.m': '{{Singular}} eliminado',
  'resources.restored.f': '{{Singular}} restaurada',
  'resources.restored.m': '{{Singular}} restaurado',
  'resources.loadError.f': 'No se pudieron cargar las {{plural}}.',
  'resources.loadError.m': 'No se pudieron cargar los {{plural}}.',
};

export const fillTemplate = (text: string, params: Record<string, unknown> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(params[k] ?? ''));

const defaultTranslate: Translate = (key, params, fallback) => fillTemplate(MESSAGE_TEMPLATES[key] ?? fallback ?? key, params);

/**
 * The messages of a resource: each one its declaration states, else derived from the labels and
 * their gender ('la notaría' / 'el festivo') through `translate` (the i18nProvider's).
 */
export function resourceMessages(config: { labels: Labels; messages?: Partial<ResourceMessages> }, translate: Translate = defaultTranslate): ResourceMessages {
  const { singular, plural, gender } = config.labels;
  const params = { singular: singular.toLowerCase(), Singular: singular, plural: plural.toLowerCase(), Plural: plural };
  const t = (kind: string) => {
    const key = `resources.${kind}.${gender}`;
    return translate(key, params, fillTemplate(MESSAGE_TEMPLATES[key] ?? key, params));
  };
  const m = config.messages ?? {};
  return {
    saveError: m.saveError ?? t('saveError'),
    deleteError: m.deleteError ?? t('deleteError'),
    saved: m.saved ?? t('saved'),
    deleted: m.deleted ?? t('deleted'),
    restored: m.restored ?? t('restored'),
    loadError: m.loadError ?? t('loadError'),
    ...(m.unique ? { unique: m.unique } : {}),
    ...(m.inUse ? { inUse: m.inUse } : {}),
  };
}
