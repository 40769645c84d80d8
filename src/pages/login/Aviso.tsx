import type { ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';

const ICONOS = { error: CloseCircleFilled, warning: ExclamationCircleFilled, info: InfoCircleFilled, success: CheckCircleFilled };

interface Props {
  type: keyof typeof ICONOS;
  message: ReactNode;
  description?: ReactNode;
  /** At its end (a button). */
  action?: ReactNode;
}

/**
 * A notice of the login page, drawn as antd's Alert draws one (role="alert", the theme's colours,
 * the type's icon) with the page's CSS (login.css): antd's Alert brings ~4 KB on the wire to the
 * first page of every visitor.
 */
export default function Aviso({ type, message, description, action }: Props) {
  const Icono = ICONOS[type];
  return (
    <div role="alert" className={`login-aviso login-aviso-${type}${description ? ' login-aviso-detallado' : ''}`}>
      <Icono className="login-aviso-icono" />
      <div className="login-aviso-texto">
        <div className="login-aviso-mensaje">{message}</div>
        {description && <div>{description}</div>}
      </div>
      {action && <div className="login-aviso-accion">{action}</div>}
    </div>
  );
}
