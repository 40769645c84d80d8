import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './pestanas.css';

export interface Pestana {
  key: string;
  label: ReactNode;
}

/**
 * A tab bar and the open tab's panel, as antd's Tabs draws them, without rc-tabs and the menu,
 * dropdown and overflow packages it brings (~24 KB on the wire, and ~10 ms of layout work at each
 * load on a phone, measured on /admin/notarias). The bar scrolls sideways when it does not fit.
 * Keyboard as WAI-ARIA's tabs pattern with manual activation (a tab loads its list): the arrows,
 * Home and End move between tabs, Enter or Space opens the one focused.
 */
export default function Pestanas({ items, active, onChange, label, children }: { items: Pestana[]; active: string; onChange: (key: string) => void; label: string; children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  // the open tab in sight, on a phone too (a tab opened from its address may be far right); not
  // the first, in sight already: measuring it would lay the page out at once, ~10 ms at each load
  const first = items[0]?.key;
  useEffect(() => {
    if (active === first) return;
    const tab = bar.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (tab && bar.current) bar.current.scrollLeft = tab.offsetLeft - (bar.current.clientWidth - tab.offsetWidth) / 2;
  }, [active, first]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(bar.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined || at < 0) return;
    event.preventDefault();
    tabs[(to + tabs.length) % tabs.length].focus();
  };

  return (
    <div className="pestanas">
      <div ref={bar} role="tablist" aria-label={label} className="pestanas-barra" onKeyDown={move}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`pestana-${item.key}`}
            aria-selected={item.key === active}
            aria-controls={item.key === active ? `panel-${item.key}` : undefined}
            tabIndex={item.key === active ? 0 : -1}
            className="pestanas-pestana"
            onClick={() => item.key !== active && onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`pestana-${active}`} className="pestanas-panel">
        {children}
      </div>
    </div>
  );
}
