import type { ComponentType } from 'react';
import { AppstoreOutlined, BankOutlined, CalendarOutlined, ClockCircleOutlined, FileTextOutlined, SnippetsOutlined, TagsOutlined, TeamOutlined } from '@ant-design/icons';

/**
 * The icon of each resource, by its name (the admin tabs of /admin/notarias show it before the
 * label). Here, in the portal, and not in the declarations (resources/*.ts), which import no UI:
 * the server reads the whole registry. A resource without an entry shows no icon.
 */
export const ICONOS_RECURSOS: Readonly<Record<string, ComponentType>> = {
  notarias: BankOutlined,
  personal: TeamOutlined,
  disponibilidad: ClockCircleOutlined,
  tipos_asunto: TagsOutlined,
  categorias_servicios: AppstoreOutlined,
  actos_servicios: FileTextOutlined,
  plantillas_escrituras: SnippetsOutlined,
  festivos: CalendarOutlined,
};
