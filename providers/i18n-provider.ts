import type { I18nProvider } from '@refinedev/core';
import { fillTemplate, MESSAGE_TEMPLATES } from '../domain/resource-messages';

/** Spanish texts of Refine's own buttons, notifications and pages (no HTTP or error codes: users cannot act on them). */
const es: Record<string, string> = {
  'buttons.create': 'Crear',
  'buttons.save': 'Guardar',
  'buttons.logout': 'Cerrar sesión',
  'buttons.delete': 'Eliminar',
  'buttons.edit': 'Editar',
  'buttons.cancel': 'Cancelar',
  'buttons.confirm': '¿Está seguro?',
  'buttons.filter': 'Filtrar',
  'buttons.clear': 'Limpiar',
  'buttons.refresh': 'Actualizar',
  'buttons.show': 'Ver',
  'buttons.undo': 'Deshacer',
  'buttons.import': 'Importar',
  'buttons.clone': 'Clonar',
  'buttons.notAccessTitle': 'No tiene permiso de acceso',
  'warnWhenUnsavedChanges': '¿Seguro que quiere salir? Hay cambios sin guardar.',
  'notifications.success': 'Correcto',
  'notifications.error': 'Se produjo un error',
  'notifications.undoable': 'Tiene {{seconds}} segundos para deshacer',
  'notifications.createSuccess': 'Creado correctamente',
  'notifications.createError': 'No se pudo crear',
  'notifications.deleteSuccess': 'Eliminado correctamente',
  'notifications.deleteError': 'No se pudo eliminar',
  'notifications.editSuccess': 'Guardado correctamente',
  'notifications.editError': 'No se pudo guardar',
  'notifications.importProgress': 'Importando: {{processed}}/{{total}}',
  'loading': 'Cargando...',
  'tags.clone': 'Clonar',
  'table.actions': 'Acciones',
  'pages.error.404': 'Página no encontrada',
  'pages.error.backHome': 'Volver al inicio',
  // A resource's messages by the gender of its labels (resourceMessages in domain/resource.ts):
  // 'resources.saved.f' → 'Notaría guardada'; a declaration's own `messages` win over these.
  ...MESSAGE_TEMPLATES,
};

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const text = es[key] ?? defaultMessage ?? key;
    if (!options || typeof options !== 'object') return text;
    return fillTemplate(text, options as Record<string, unknown>);
  },
  changeLocale: async () => undefined,
  getLocale: () => 'es',
};
