import { MENU } from '@rec/core';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';

export interface MenuItem {
  id: string;
  label: string;
  /** Items that open a dialog say so (`…` in the label is the visual cue). */
  onSelect: () => void;
  tone?: 'danger';
}

export interface MenuButtonProps {
  /** Accessible name of the button (e.g. "Actions for Robotics engineer"). */
  label: string;
  /** What the button shows (defaults to the label). */
  children?: ReactNode;
  items: readonly MenuItem[];
  /** Receives the button, so a dialog opened from an item can give focus back to it. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  className?: string;
}

/**
 * A menu button after the WAI-ARIA pattern: aria-haspopup/aria-expanded on the button;
 * Enter, Space or ArrowDown open on the first item, ArrowUp on the last; ArrowUp/Down, Home/End
 * and first letters move; Escape closes and gives focus back to the button; Tab closes; a click
 * outside closes. The popup sits above everything at the overlay z-index of spec §9 (2000).
 * No hover opening: the 300/250 ms delays of spec §9 would only matter for hover menus.
 */
type Place = { top?: number; bottom?: number; right: number };

/** Below the button, right-aligned with it; above it when the items (about 2.75rem each) would not fit below. */
function placeFor(button: HTMLElement | null, count: number): Place | null {
  const rect = button?.getBoundingClientRect();
  if (!rect) return null;
  const right = Math.max(8, document.documentElement.clientWidth - rect.right);
  // Clamped to the viewport: a button at its very edge still gets a menu that is entirely on screen.
  return innerHeight - rect.bottom > count * 44 + 16 ? { top: Math.max(8, rect.bottom + 4), right } : { bottom: Math.max(8, innerHeight - rect.top + 4), right };
}

export function MenuButton({ label, children, items, buttonRef, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** Where the popup sits: fixed to the viewport, so a scrolling table around the button cannot clip it. */
  const [place, setPlace] = useState<Place | null>(null);
  const ownButton = useRef<HTMLButtonElement | null>(null);
  const button = buttonRef ?? ownButton;
  const list = useRef<HTMLDivElement | null>(null);
  const root = useRef<HTMLDivElement | null>(null);
  const id = useId();
  const menuId = `${id}-menu`;

  useEffect(() => {
    if (!open) return;
    const item = list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active];
    item?.focus({ preventScroll: true });
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    // The popup is fixed to the viewport: it follows its button when anything scrolls or resizes.
    const onMove = () => setPlace(placeFor(button.current, items.length));
    document.addEventListener('pointerdown', onPointer);
    addEventListener('scroll', onMove, true);
    addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      removeEventListener('scroll', onMove, true);
      removeEventListener('resize', onMove);
    };
  }, [open]);

  if (!items.length) return null;

  function openAt(index: number) {
    // A shortcut (the candidate page's `m`) may open the menu while its button is scrolled out of
    // sight; the popup is fixed to the button, so it would open off screen where nobody can see or
    // click it. Bring the button into view first.
    button.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    setPlace(placeFor(button.current, items.length));
    setActive((index + items.length) % items.length);
    setOpen(true);
  }

  function close({ focusButton }: { focusButton: boolean }) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => (index >= last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => (index <= 0 ? last : index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close({ focusButton: true });
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const letter = event.key.toLowerCase();
          const start = active + 1;
          const order = [...items.slice(start), ...items.slice(0, start)];
          const match = order.find((item) => item.label.toLowerCase().startsWith(letter));
          if (match) setActive(items.indexOf(match));
        }
    }
  }

  function select(item: MenuItem) {
    // Focus goes back to the button first; a dialog the item opens takes it from there.
    close({ focusButton: true });
    item.onSelect();
  }

  return (
    <div className={`rec-menu${className ? ` ${className}` : ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="rec-button rec-button-secondary rec-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={children ? label : undefined}
        onClick={() => (open ? close({ focusButton: false }) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {children ?? label}
        <span aria-hidden="true" className="rec-menu-caret">
          ▾
        </span>
      </button>
      {open ? (
        <div id={menuId} ref={list} role="menu" aria-label={label} className="rec-menu-list" style={place ? { zIndex: MENU.overlayZIndex, position: 'fixed', top: place.top ?? 'auto', bottom: place.bottom ?? 'auto', right: place.right } : { zIndex: MENU.overlayZIndex }} onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              className={`rec-menu-item${item.tone ? ` rec-menu-item-${item.tone}` : ''}`}
              data-action={item.id}
              onClick={() => select(item)}
              onMouseMove={() => index !== active && setActive(index)}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
