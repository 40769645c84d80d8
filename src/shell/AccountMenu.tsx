import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLogout } from '@refinedev/core';
import { Button } from 'antd';
import { LogoutOutlined, UserOutlined, IdcardOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { pathOf } from '../paths';

/**
 * The person icon's menu: 'Mi cuenta', 'Perfil' and 'Cerrar sesión' (in red). A menu button of its
 * own (WAI-ARIA menu button: Enter, Space or a click open it on its first item; arrows move,
 * Escape closes and returns to the button; a click elsewhere closes it): antd's Dropdown brings
 * rc-menu, rc-dropdown and rc-overflow (~23 KB Brotli) to every signed-in page for these two items.
 */
export default function AccountMenu() {
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (action: () => void) => {
    close(false);
    action();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'Escape') close(true);
    else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Tab') close(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  return (
    <div className="shell-account-wrap" ref={root} onKeyDown={open ? onKeyDown : undefined}>
      <Button
        ref={button}
        shape="circle"
        icon={<UserOutlined />}
        aria-label="Mi cuenta"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        className="shell-account"
        onClick={() => setOpen((o) => !o)}
      />
      {open && (
        <div id={`${id}-menu`} role="menu" aria-label="Mi cuenta" className="shell-account-menu">
          <div role="group" aria-labelledby={`${id}-cuenta`}>
            <div id={`${id}-cuenta`} className="shell-account-group" role="presentation">
              Mi cuenta
            </div>
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(() => navigate(pathOf('perfil')))}>
              <IdcardOutlined aria-hidden /> Perfil
            </button>
          </div>
          <div role="separator" className="shell-account-divider" />
          <button type="button" role="menuitem" tabIndex={-1} className="shell-account-danger" onClick={() => choose(() => logout())}>
            <LogoutOutlined aria-hidden /> Cerrar sesión
          </button>
        </div>
      )}
    </div>
  );
}
