import {
  AuditOutlined,
  BankOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  HomeOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';

const ICONOS: Record<string, typeof HomeOutlined> = {
  poderes: AuditOutlined,
  inmobiliario: HomeOutlined,
  familia: TeamOutlined,
  mercantil: ShopOutlined,
  'pólizas': BankOutlined,
  'sucesiones y donaciones': FileProtectOutlined,
};

/** The category's image when it has one, otherwise an icon by its name. */
export default function IconoCategoria({ nombre, imagen }: { nombre: string; imagen?: string | null }) {
  if (imagen) return <img src={imagen} alt="" className="srv-imagen" />;
  const Icono = ICONOS[nombre.toLowerCase()] ?? FileTextOutlined;
  return <Icono className="srv-icono" aria-hidden />;
}
