import { useLogout } from '@refinedev/core';
import { Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined, IdcardOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/** The person icon's menu: 'Mi cuenta', 'Perfil' and 'Cerrar sesión' (in red). */
export default function AccountMenu() {
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'cuenta',
      label: 'Mi cuenta',
      children: [{ key: 'perfil', icon: <IdcardOutlined />, label: 'Perfil' }],
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Cerrar sesión', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'perfil') navigate('/perfil');
    if (key === 'logout') logout();
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" autoFocus>
      <Button shape="circle" icon={<UserOutlined />} aria-label="Mi cuenta" className="shell-account" />
    </Dropdown>
  );
}
