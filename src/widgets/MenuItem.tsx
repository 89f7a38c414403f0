import type { ButtonHTMLAttributes } from 'react';
import type { WidgetSize } from './sizes';

/** SPEC section 9: menu items are small, large or xlarge; their heights in pixels. */
export const MENU_ITEM_HEIGHTS: Record<WidgetSize, number> = { small: 32, large: 40, xlarge: 56 };

export interface MenuItemProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  size?: WidgetSize;
}

export function MenuItem({ size = 'large', className, style, ...props }: MenuItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      {...props}
      className={`menu-item menu-item-${size}${className ? ` ${className}` : ''}`}
      style={{ minHeight: MENU_ITEM_HEIGHTS[size], ...style }}
    />
  );
}
